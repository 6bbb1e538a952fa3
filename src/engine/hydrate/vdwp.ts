/**
 * Water in a gas hydrate by the van der Waals–Platteeuw (1959) solid-solution theory, with the
 * empty-lattice and Langmuir parameters of ./parameters.ts:
 *
 *   ln f_w^H = ln f_w^L(T, P) + Δμ_βL/(RT) + Σ_cavities ν_k · ln(1 − Σ_j θ_kj)
 *   Δμ_βL/(RT) = Δμ0/(R·T0) + (Δh0/R)(1/T − 1/T0) − (ΔCp/R)(ln(T/T0) + T0/T − 1) + Δv·P/(R·T)
 *   θ_kj = C_kj f_j / (1 + Σ_m C_km f_m),   C_kj = (A_kj/T)·exp(B_kj/T)  [1/bar, f in bar]
 *
 * f_w^L is pure liquid water from the fluid's own equation of state at (T, P), as the original
 * does for cubic fluids (below 0 °C that is supercooled water: no ice phase is modelled). The
 * guest fugacities are those of the coexisting fluid (equal in all its phases at equilibrium).
 * Of sI and sII the structure with the lower water fugacity is the stable one.
 */
import type { ComponentData } from '../components/types.js';
import { R } from '../eos/constants.js';
import type { ModelAtT } from '../eos/types.js';
import { GF_LATTICE, HYDRATE_GUESTS, HYDRATE_GUESTS_GF, HYDRATE_STRUCTURES, HYDRATE_T0, LATTICE, type CavityConstants, type HydrateStructure, type HydrateVariant } from './parameters.js';

/** Which components of a fluid are water and which are hydrate guests. */
export interface HydrateSystem {
  nc: number;
  water: number;
  /** PVTsim (cubic fluids: EOS liquid-water reference) or GF (CPA fluids: empty-lattice vapour pressure). */
  variant: HydrateVariant;
  guests: { index: number; name: string; constants: Readonly<Record<HydrateStructure, CavityConstants>> }[];
}

/** The hydrate-forming part of a component list, or why no hydrate can form. */
export function hydrateSystem(components: readonly ComponentData[], variant: HydrateVariant = 'PVTsim'): { ok: true; system: HydrateSystem } | { ok: false; reason: 'no-water' | 'no-guest' } {
  const water = components.findIndex((c) => c.name === 'water');
  if (water < 0) return { ok: false, reason: 'no-water' };
  const guests: HydrateSystem['guests'] = [];
  const table = variant === 'GF' ? HYDRATE_GUESTS_GF : HYDRATE_GUESTS;
  components.forEach((c, index) => {
    const p = table[c.name];
    if (p !== undefined) guests.push({ index, name: c.name, constants: p });
  });
  if (guests.length === 0) return { ok: false, reason: 'no-guest' };
  return { ok: true, system: { nc: components.length, water, variant, guests } };
}

/** The hydrate-side state of water for one structure. */
export interface HydrateWater {
  structure: HydrateStructure;
  /** ln of the water fugacity in the hydrate, fugacity in Pa. */
  lnFugacity: number;
  /** Fractional occupancy of the small and large cavities by each component (0 for non-guests). */
  thetaSmall: Float64Array;
  thetaLarge: Float64Array;
  /** Guest molecules per water molecule, by component (0 for water and non-guests). */
  guestsPerWater: Float64Array;
}

/** Δμ(empty lattice − liquid water)/(RT) at T (K) and P (Pa). */
export function emptyLatticeTerm(structure: HydrateStructure, T: number, P: number): number {
  const l = LATTICE[structure];
  const T0 = HYDRATE_T0;
  return l.dMu0 / (R * T0) + (l.dH0 / R) * (1 / T - 1 / T0) - (l.dCp / R) * (Math.log(T / T0) + T0 / T - 1) + (l.dV * P) / (R * T);
}

const langmuir = (A: number, B: number, T: number): number => (A === 0 ? 0 : (A / T) * Math.exp(B / T));

/**
 * Water in the hydrate of one structure, for guest fugacities lnF (ln Pa, by component; only the
 * guests' entries are read) and pure-liquid-water ln f_w^L (ln Pa).
 */
export function hydrateWaterOf(sys: HydrateSystem, structure: HydrateStructure, T: number, P: number, lnF: ArrayLike<number>, lnFwPure: number): HydrateWater {
  // The empty lattice: relative to the EOS liquid water (PVTsim) or from its own vapour pressure (GF).
  const lnEmpty = sys.variant === 'GF' ? gfEmptyLatticeLnFugacity(structure, T, P) : lnFwPure + emptyLatticeTerm(structure, T, P);
  const l = LATTICE[structure];
  const thetaSmall = new Float64Array(sys.nc);
  const thetaLarge = new Float64Array(sys.nc);
  const guestsPerWater = new Float64Array(sys.nc);
  let sumSmall = 0;
  let sumLarge = 0;
  for (const g of sys.guests) {
    const fBar = Math.exp(lnF[g.index]) / 1e5;
    const c = g.constants[structure];
    thetaSmall[g.index] = langmuir(c.smallA, c.smallB, T) * fBar;
    thetaLarge[g.index] = langmuir(c.largeA, c.largeB, T) * fBar;
    sumSmall += thetaSmall[g.index];
    sumLarge += thetaLarge[g.index];
  }
  // θ = Cf/(1 + ΣCf); 1 − Σθ = 1/(1 + ΣCf), so the occupancy term is −ν·ln(1 + ΣCf) exactly.
  for (const g of sys.guests) {
    thetaSmall[g.index] /= 1 + sumSmall;
    thetaLarge[g.index] /= 1 + sumLarge;
    guestsPerWater[g.index] = l.nuSmall * thetaSmall[g.index] + l.nuLarge * thetaLarge[g.index];
  }
  const lnFugacity = lnEmpty - l.nuSmall * Math.log1p(sumSmall) - l.nuLarge * Math.log1p(sumLarge);
  return { structure, lnFugacity, thetaSmall, thetaLarge, guestsPerWater };
}

/**
 * ln f (Pa) of the empty lattice in the GF variant: its vapour pressure with a Poynting
 * correction, P_sat·exp(v_β(P − P_sat)/(RT)).
 */
export function gfEmptyLatticeLnFugacity(structure: HydrateStructure, T: number, P: number): number {
  const g = GF_LATTICE[structure];
  const pSat = 1.01325e5 * Math.exp(g.a + g.b / T);
  const dT = T - 273.15;
  const v = g.v0 * (1 + g.k1 * dT + g.k2 * dT * dT + g.k3 * dT * dT * dT) * 1e-6;
  return Math.log(pSat) + (v * (P - pSat)) / (R * T);
}

/** ln f (Pa) of pure liquid water from the model at T, P. */
export function pureLiquidWaterLnFugacity(at: ModelAtT, sys: HydrateSystem, P: number): number {
  const x = new Float64Array(sys.nc);
  x[sys.water] = 1;
  const lnPhi = new Float64Array(sys.nc);
  const V = at.lnPhi(P, x, 'liquid', lnPhi);
  return Number.isFinite(V) ? lnPhi[sys.water] + Math.log(P) : NaN;
}

/** The stable hydrate structure (lower water fugacity) for the given guest fugacities, or the one asked for. */
export function stableHydrateWater(sys: HydrateSystem, at: ModelAtT, P: number, lnF: ArrayLike<number>, only?: HydrateStructure): HydrateWater {
  const lnFwPure = sys.variant === 'GF' ? NaN : pureLiquidWaterLnFugacity(at, sys, P);
  let best: HydrateWater | undefined;
  for (const s of only === undefined ? HYDRATE_STRUCTURES : [only]) {
    const h = hydrateWaterOf(sys, s, at.T, P, lnF, lnFwPure);
    if (best === undefined || h.lnFugacity < best.lnFugacity) best = h;
  }
  return best!;
}

/** Mole fractions of a hydrate phase (water first in meaning, by component index) from its guests per water. */
export function hydrateComposition(h: HydrateWater, water: number): Float64Array {
  const x = new Float64Array(h.guestsPerWater.length);
  let total = 1;
  for (let i = 0; i < x.length; i++) total += h.guestsPerWater[i];
  for (let i = 0; i < x.length; i++) x[i] = h.guestsPerWater[i] / total;
  x[water] = 1 / total;
  return x;
}

const AVOGADRO = 6.02214076e23;

/**
 * Density (kg/m3) of a hydrate from its unit cell: the mass of the cell's water and guests over
 * the cubic cell volume (lattice expansion with T and P neglected). molarMass in kg/mol by component.
 */
export function hydrateDensity(h: HydrateWater, water: number, molarMass: ArrayLike<number>): number {
  const l = LATTICE[h.structure];
  let perWater = molarMass[water];
  for (let i = 0; i < h.guestsPerWater.length; i++) perWater += h.guestsPerWater[i] * molarMass[i];
  return (l.watersPerCell * perWater) / (AVOGADRO * l.cellEdge ** 3);
}
