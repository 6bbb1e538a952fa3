/**
 * Pedersen corresponding-states (PFCT) viscosity and thermal conductivity with methane as the
 * reference fluid — the original's defaults for GAS and OIL phases (spec/neqsim-physics.md A3):
 *   viscosity:    PFCTViscosityMethodHeavyOil (Pedersen et al. 1984/1987 with the heavy-oil
 *                 blend of Pedersen & Fredenslund 1987 below reduced reference T 75 K);
 *   conductivity: PFCTConductivityMethodMod86 (Pedersen & Fredenslund 1987, Christensen &
 *                 Fredenslund 1980 internal-energy split).
 *
 * Mixture pseudo-critical rules (Pedersen et al. 1984):
 *   Tc,mix = ΣΣ xi xj [(Tci/Pci)^⅓ + (Tcj/Pcj)^⅓]³ √(Tci Tcj) / ΣΣ xi xj [(Tci/Pci)^⅓ + (Tcj/Pcj)^⅓]³
 *   Pc,mix = 8 ΣΣ xi xj […]³ √(Tci Tcj) / (ΣΣ xi xj […]³)²
 * Molar-mass rule M = Mn + 1.304e-4 (Mw^2.303 − Mn^2.303) is applied the way the original
 * applies it — with molar masses in kg/mol, which makes the correction vanishingly small — so
 * that results agree with the original (parity), although Pedersen's paper uses g/mol.
 */
import { R } from '../../eos/constants.js';
import {
  METHANE,
  METHANE_MOLAR_MASS,
  methaneConductivity,
  methaneCp0,
  methaneDiluteViscosity,
  methaneState,
  methaneViscosity,
  type MethaneState,
} from './methane-reference.js';
import type { ComponentData } from '../../components/types.js';
import type { TransportPhaseInput } from './types.js';

const TC0 = METHANE.tc;
const PC0 = METHANE.pcBar;
const M0 = METHANE.molarMassG;
/** Critical molar density of methane used to reduce the corresponding-state density, mol/dm3. */
const RHO_C_VISC = 10.15;
const RHO_C_COND = 10.1521197;

/** Per-call corresponding-states quantities of one phase (bar, K, g/mol). */
interface CspMixture {
  tcMix: number;
  pcMix: number;
  /** Σ xi Mi, kg/mol */
  mn: number;
  /** Σ xi Mi², kg²/mol² */
  mw2: number;
  /** Pedersen mixture molar mass as the original evaluates it, g/mol. */
  mMix: number;
  /** SRK methane at the un-corrected corresponding state (T·Tc0/Tc,mix, P·Pc0/Pc,mix). */
  ref: MethaneState;
  /** (Tc,mix/Tc0)^(−1/6) (Pc,mix/Pc0)^(2/3) */
  tpScale: number;
  /** (M_mix/M0)^(1/2) */
  sqrtMassRatio: number;
}

/** Per-component constants of the CSP rules, computed once per (immutable, shared) component record. */
interface CspConstants {
  /** (Tc/Pc)^(1/3) with Pc in bar */
  cbrtTcPc: number;
  sqrtTc: number;
  /** M^1.086, M in g/mol (conductivity α) */
  mPow: number;
}
const constantsCache = new WeakMap<ComponentData, CspConstants>();

function constantsOf(c: ComponentData): CspConstants {
  let k = constantsCache.get(c);
  if (k === undefined) {
    k = { cbrtTcPc: Math.cbrt(c.tc / (c.pc / 1e5)), sqrtTc: Math.sqrt(c.tc), mPow: Math.pow(c.molarMass * 1e3, 1.086) };
    constantsCache.set(c, k);
  }
  return k;
}

// Per-call component constants, gathered once so the O(n²) rule runs on flat arrays. Module-level
// scratch is safe: evaluation is synchronous and each CspMixture is consumed before the next call.
let cbrtScratch = new Float64Array(32);
let sqrtTcScratch = new Float64Array(32);
let mPowScratch = new Float64Array(32);

function cspMixture(p: TransportPhaseInput): CspMixture {
  const n = p.components.length;
  if (cbrtScratch.length < n) {
    cbrtScratch = new Float64Array(2 * n);
    sqrtTcScratch = new Float64Array(2 * n);
    mPowScratch = new Float64Array(2 * n);
  }
  const cr = cbrtScratch;
  const st = sqrtTcScratch;
  let mn = 0;
  let mw2 = 0;
  for (let i = 0; i < n; i++) {
    const c = p.components[i];
    const k = constantsOf(c);
    cr[i] = k.cbrtTcPc;
    st[i] = k.sqrtTc;
    mPowScratch[i] = k.mPow;
    const xm = p.x[i] * c.molarMass;
    mn += xm;
    mw2 += xm * c.molarMass;
  }
  let s1 = 0; // ΣΣ w_ij √(Tci Tcj)
  let s2 = 0; // ΣΣ w_ij
  for (let i = 0; i < n; i++) {
    const xi = p.x[i];
    if (xi === 0) continue;
    const ci = cr[i];
    let r1 = 0;
    let r2 = 0;
    for (let j = i + 1; j < n; j++) {
      const xj = p.x[j];
      if (xj === 0) continue;
      const sum = ci + cr[j];
      const w = xj * sum * sum * sum;
      r1 += w * st[j];
      r2 += w;
    }
    const self = 8 * ci * ci * ci * xi * xi;
    s1 += self * st[i] * st[i] + 2 * xi * st[i] * r1;
    s2 += self + 2 * xi * r2;
  }
  const tcMix = s1 / s2;
  const pcMix = (8 * s1) / (s2 * s2);
  const mMix = (mn + 1.304e-4 * (Math.pow(mw2 / mn, 2.303) - Math.pow(mn, 2.303))) * 1e3;
  const Pbar = p.pressure / 1e5;
  const ref = methaneState((p.temperature * TC0) / tcMix, (Pbar * PC0) / pcMix);
  const tpScale = Math.pow(tcMix / TC0, -1 / 6) * Math.pow(pcMix / PC0, 2 / 3);
  return { tcMix, pcMix, mn, mw2, mMix, ref, tpScale, sqrtMassRatio: Math.sqrt(mMix / M0) };
}

/** μ_mix = μ_ref(T0, P0) (Tc,mix/Tc0)^(−1/6) (Pc,mix/Pc0)^(2/3) (M_mix/M0)^(±1/2) (α_mix/α0). */
function cspScale(m: CspMixture, alphaRatio: number, massExponent: 0.5 | -0.5): number {
  return m.tpScale * (massExponent > 0 ? m.sqrtMassRatio : 1 / m.sqrtMassRatio) * alphaRatio;
}

/** Temperature at which the original's heavy-oil correlation flips the sign of its M term, K. */
const HEAVY_OIL_SIGN_T = 564.49;

/** Mixture viscosity (Pa·s), PFCT heavy-oil variant. */
function pfctViscosity(p: TransportPhaseInput, m: CspMixture): number {
  const T = p.temperature;
  const Pbar = p.pressure / 1e5;
  const redDens = m.ref.molDens / RHO_C_VISC;
  const rdPow = Math.pow(redDens, 1.847);
  const alfaMix = 1 + 7.378e-3 * rdPow * Math.pow(m.mMix, 0.5173);
  const alfa0 = 1 + 7.378e-3 * rdPow * Math.pow(M0, 0.5173);
  const T0 = ((T * TC0) / m.tcMix) * (alfa0 / alfaMix);
  const P0 = ((Pbar * PC0) / m.pcMix) * (alfa0 / alfaMix);
  if (T0 >= 75) {
    return methaneViscosity(T0, methaneState(T0, P0)) * cspScale(m, alfaMix / alfa0, 0.5);
  }
  // Heavy-oil region (Pedersen & Fredenslund 1987): log10 μ[cP] = −0.07955 ∓ 0.01101 M
  // − 371.8/T + 6.215 M/T, M corrected for polydispersity when Mw/Mn > 1.5; linear pressure term.
  const ratio = m.mw2 / m.mn / m.mn;
  const molM = ratio <= 1.5 ? m.mn * 1e3 : m.mn * Math.sqrt(m.mw2 / m.mn / (1.5 * m.mn)) * 1e3;
  const sign = T > HEAVY_OIL_SIGN_T ? -1 : 1;
  const term = -0.07955 - sign * 0.01101 * molM - 371.8 / T + (6.215 * molM) / T;
  let heavy = Math.pow(10, term) * 1e-3;
  heavy += heavy * 0.008 * (Pbar - 1);
  if (T0 < 65) return heavy;
  const light = methaneViscosity(T0, methaneState(T0, P0)) * cspScale(m, alfaMix / alfa0, 0.5);
  return light * (1 - (75 - T0) / 10) + (heavy * (75 - T0)) / 10;
}

/** Low-pressure (dilute) mixture viscosity inside the conductivity method, Pa·s. */
function dilutePfctViscosity(p: TransportPhaseInput, m: CspMixture): number {
  const T = p.temperature;
  const redDens = 101325 / R / T / 1e3 / RHO_C_VISC;
  const { alfaMix, alfa0 } = conductivityAlphas(p, redDens);
  const T0 = ((T * TC0) / m.tcMix) * (alfaMix / alfa0);
  return methaneDiluteViscosity(T0) * cspScale(m, alfaMix / alfa0, 0.5);
}

/**
 * α_i = 1 + 6.004e-4 ρr^2.043 M_i^1.086; α_mix = ΣΣ xi xj √(αi αj) = (Σ xi √αi)².
 * Reads the M^1.086 values cspMixture() gathered for this phase.
 */
const M0_POW = Math.pow(M0, 1.086);

function conductivityAlphas(p: TransportPhaseInput, redDens: number): { alfaMix: number; alfa0: number } {
  const k = 6.004e-4 * Math.pow(redDens, 2.043);
  let s = 0;
  for (let i = 0; i < p.components.length; i++) {
    const xi = p.x[i];
    if (xi === 0) continue;
    s += xi * Math.sqrt(1 + k * mPowScratch[i]);
  }
  return { alfaMix: s * s, alfa0: 1 + k * M0_POW };
}

/** Mixture ideal-gas Cp, J/(mol·K). */
function mixtureCp0(p: TransportPhaseInput): number {
  const T = p.temperature;
  let cp = 0;
  for (let i = 0; i < p.components.length; i++) {
    const xi = p.x[i];
    if (xi === 0) continue;
    const c = p.components[i].cpIdeal;
    cp += xi * (c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e))));
  }
  return cp;
}

/**
 * Mixture thermal conductivity (W/(m·K)), PFCT Mod86:
 *   λ = (Tc,mix/Tc0)^(−1/6) (Pc,mix/Pc0)^(2/3) (M_mix/M0)^(−1/2) (α_mix/α0) [λ_ref(T0,P0) − λ_int,ref] + λ_int,mix
 * with the internal-energy (Eucken-type) part λ_int = 1.18653 η* (Cp0 − 5R/2) F(ρr) / M.
 */
function pfctConductivity(p: TransportPhaseInput, m: CspMixture): number {
  const T = p.temperature;
  const Pbar = p.pressure / 1e5;
  const redDens = m.ref.molDens / RHO_C_COND;
  const { alfaMix, alfa0 } = conductivityAlphas(p, redDens);
  let T0 = ((T * TC0) / m.tcMix) * (alfa0 / alfaMix);
  let P0 = ((Pbar * PC0) / m.pcMix) * (alfa0 / alfaMix);
  if (Number.isNaN(T0) || Number.isNaN(P0)) {
    T0 = 273.15;
    P0 = 1;
  }
  const F = 1 + 0.053432 * redDens - 0.030182 * redDens * redDens - 0.029725 * redDens * redDens * redDens;
  const etaRef = methaneDiluteViscosity(T0);
  const intRef = (1.18653 * etaRef * (methaneCp0(T0) - 2.5 * R) * F) / METHANE_MOLAR_MASS;
  const etaMix = dilutePfctViscosity(p, m);
  const intMix = (1.18653 * etaMix * (mixtureCp0(p) - 2.5 * R) * F) / (m.mMix / 1e3);
  const lambdaRef = methaneConductivity(T0, methaneState(T0, P0));
  return cspScale(m, alfaMix / alfa0, -0.5) * (lambdaRef - intRef) + intMix;
}

/**
 * PFCT viscosity (Pa·s) and, unless `viscosityOnly`, thermal conductivity (W/(m·K)) of a gas or
 * oil phase. Both share one corresponding-states evaluation of the mixture.
 */
export function pfctProperties(p: TransportPhaseInput, viscosityOnly = false): { viscosity: number; thermalConductivity?: number } {
  const m = cspMixture(p);
  const viscosity = pfctViscosity(p, m);
  return viscosityOnly ? { viscosity } : { viscosity, thermalConductivity: pfctConductivity(p, m) };
}

/**
 * The heavy-oil branch (methane reference temperature below 75 K after the α correction) takes the
 * original's form of Pedersen & Fredenslund's correlation, whose M-term changes sign at
 * 564.49 K: above it the exponent grows with M by 0.011 per g/mol and a C30+ liquid comes out at
 * 1e7–1e8 Pa·s (found by the property sanity sweep, nC39 at 625 K). The branch is therefore only
 * valid at or below that temperature; the reason is returned when a phase needs it above.
 */
export function pfctHeavyOilOutOfRange(p: TransportPhaseInput): string | undefined {
  if (p.temperature <= HEAVY_OIL_SIGN_T) return undefined;
  const m = cspMixture(p);
  const rdPow = Math.pow(m.ref.molDens / RHO_C_VISC, 1.847);
  const alfaMix = 1 + 7.378e-3 * rdPow * Math.pow(m.mMix, 0.5173);
  const alfa0 = 1 + 7.378e-3 * rdPow * Math.pow(M0, 0.5173);
  const t0 = ((p.temperature * TC0) / m.tcMix) * (alfa0 / alfaMix);
  return t0 < 75
    ? `the phase falls in PFCT's heavy-oil region (reference temperature ${t0.toFixed(1)} K < 75 K) above ${HEAVY_OIL_SIGN_T} K, where that correlation diverges`
    : undefined;
}

/**
 * Corresponding-states temperature of methane for the phase, T·Tc0/Tc,mix (K), before the α
 * correction: the validity check compares it with the range of the methane reference correlations.
 */
export function pfctReferenceTemperature(p: TransportPhaseInput): number {
  let s1 = 0;
  let s2 = 0;
  const n = p.components.length;
  for (let i = 0; i < n; i++) {
    if (!(p.x[i] > 0)) continue;
    const ki = constantsOf(p.components[i]);
    for (let j = 0; j < n; j++) {
      if (!(p.x[j] > 0)) continue;
      const kj = constantsOf(p.components[j]);
      const w = p.x[i] * p.x[j] * Math.pow(ki.cbrtTcPc + kj.cbrtTcPc, 3);
      s1 += w * ki.sqrtTc * kj.sqrtTc;
      s2 += w;
    }
  }
  return (p.temperature * TC0) / (s1 / s2);
}
