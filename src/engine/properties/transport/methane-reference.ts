/**
 * Methane as the reference fluid of the Pedersen corresponding-states (PFCT) transport methods.
 *
 * The original evaluates the reference density with its own SRK equation for pure methane
 * (spec/neqsim-physics.md A3: "computed with NeqSim's own SRK EOS for methane, not the BWR
 * equation of Pedersen's paper"), untranslated (no Peneloux shift), choosing the root of lower
 * Gibbs energy. We do the same so that reference states, and therefore results, line up.
 *
 * Reference viscosity and conductivity of methane: Hanley, McCarty & Haynes type correlations
 * (dilute-gas series in T^(k/3), a first-density term and a dense-fluid exponential term), with
 * the coefficient sets used in Pedersen & Fredenslund's CSP method:
 *   Hanley, McCarty, Haynes, J. Phys. Chem. Ref. Data 4 (1975) 979 (viscosity);
 *   Hanley, McCarty, Haynes, Cryogenics 15 (1975) 413 and Friend, Ely, Ingham,
 *   J. Phys. Chem. Ref. Data 18 (1989) 583 (conductivity);
 *   Pedersen, Fredenslund, Christensen, Thomassen, Chem. Eng. Sci. 39 (1984) 1011;
 *   Pedersen & Fredenslund, Chem. Eng. Sci. 42 (1987) 182;
 *   Christensen & Fredenslund, Chem. Eng. Sci. 35 (1980) 871 (conductivity CSP).
 * Numerical values as tabulated in NeqSim (equinor/neqsim, PFCTViscosityMethodHeavyOil and
 * PFCTConductivityMethodMod86), which the parity target uses.
 */
import { R } from '../../eos/constants.js';

/** Methane constants as in NeqSim's COMP.csv (TC −82.59 °C, PC 45.99 bar, ω 0.0115, M 16.043 g/mol). */
export const METHANE = {
  tc: 190.56,
  pcBar: 45.99,
  omega: 0.0115,
  /** g/mol */
  molarMassG: 16.043,
  /** Ideal-gas Cp = a + bT + cT² + dT³ + eT⁴ in J/(mol·K) (COMP.csv CPA…CPE of methane). */
  cp: [37.978352, -0.07461815, 0.000301881, -0.000000283, 9.070574e-11] as const,
} as const;

const M_CH4 = METHANE.molarMassG / 1000; // kg/mol
const OMEGA_A = 1 / (9 * (Math.cbrt(2) - 1));
const OMEGA_B = (Math.cbrt(2) - 1) / 3;
const PC_PA = METHANE.pcBar * 1e5;
const A_C = (OMEGA_A * R * R * METHANE.tc * METHANE.tc) / PC_PA; // Pa·m6/mol2
const B_SRK = (OMEGA_B * R * METHANE.tc) / PC_PA; // m3/mol
const M_SOAVE = 0.48 + 1.574 * METHANE.omega - 0.176 * METHANE.omega * METHANE.omega;

/** ln φ of pure SRK methane at compressibility Z (reduced A, B). */
function lnPhiSrk(Z: number, A: number, B: number): number {
  return Z - 1 - Math.log(Z - B) - (A / B) * Math.log(1 + B / Z);
}

/**
 * Molar volume (m3/mol) of pure SRK methane at T (K), P (bar): the stable root of
 * Z³ − Z² + (A − B − B²)Z − AB = 0. Returns NaN for non-physical input.
 */
export function srkMethaneMolarVolume(T: number, Pbar: number): number {
  if (!(T > 0) || !(Pbar > 0) || !Number.isFinite(T) || !Number.isFinite(Pbar)) return NaN;
  const P = Pbar * 1e5;
  const sq = 1 + M_SOAVE * (1 - Math.sqrt(T / METHANE.tc));
  const a = A_C * sq * sq;
  const RT = R * T;
  const A = (a * P) / (RT * RT);
  const B = (B_SRK * P) / RT;
  // Depressed cubic t³ + pt + q = 0 with Z = t + 1/3.
  const c1 = A - B - B * B;
  const c0 = -A * B;
  const p = c1 - 1 / 3;
  const q = -2 / 27 + c1 / 3 + c0;
  const disc = (q * q) / 4 + (p * p * p) / 27;
  let Z: number;
  if (disc > 0) {
    const s = Math.sqrt(disc);
    Z = Math.cbrt(-q / 2 + s) + Math.cbrt(-q / 2 - s) + 1 / 3;
  } else {
    // Three real roots: the largest (vapour-like) and smallest (liquid-like) are the candidates.
    const r = Math.sqrt(-p / 3);
    const cosArg = Math.max(-1, Math.min(1, (3 * q) / (2 * p * r)));
    const phi = Math.acos(cosArg) / 3;
    const z0 = 2 * r * Math.cos(phi) + 1 / 3;
    const z2 = 2 * r * Math.cos(phi - (4 * Math.PI) / 3) + 1 / 3;
    const zV = Math.max(z0, z2);
    let zL = Math.min(z0, z2);
    const z1 = 2 * r * Math.cos(phi - (2 * Math.PI) / 3) + 1 / 3;
    if (z1 < zL) zL = z1;
    if (!(zL > B)) Z = zV;
    else Z = lnPhiSrk(zL, A, B) < lnPhiSrk(zV, A, B) ? zL : zV;
  }
  // One Newton step polishes the closed-form root (cancellation near the critical point).
  const f = ((Z - 1) * Z + c1) * Z + c0;
  const df = (3 * Z - 2) * Z + c1;
  if (df !== 0) {
    const zn = Z - f / df;
    if (zn > B) Z = zn;
  }
  return (Z * RT) / P;
}

/** Ideal-gas Cp of methane, J/(mol·K). */
export function methaneCp0(T: number): number {
  const c = METHANE.cp;
  return c[0] + T * (c[1] + T * (c[2] + T * (c[3] + T * c[4])));
}

/** Methane molar mass used by the reference system, kg/mol. */
export const METHANE_MOLAR_MASS = M_CH4;

/** Σ g_k T^((k−3)/3), k = 0…8: the dilute-gas series of the Hanley-type correlations. */
function dilutePolynomial(g: readonly number[], T: number): number {
  const t3 = Math.cbrt(T);
  // T^(-1), T^(-2/3), …, T^(5/3) from one cube root.
  let pow = 1 / T;
  let sum = 0;
  for (let k = 0; k < 9; k++) {
    sum += g[k] * pow;
    pow *= t3;
  }
  return sum;
}

/**
 * Weight of the "above freezing" dense-fluid coefficients: ½(1 + tanh(T − 90.69 K)).
 * The original evaluates tanh as (eˣ − e⁻ˣ)/(eˣ + e⁻ˣ), which overflows to NaN for
 * T − 90.69 > ~709.78; its NaN guards then drop both dense-fluid terms. We keep that behaviour
 * (it matters for hydrogen/helium-rich mixtures whose reduced temperature maps far above
 * methane's range) and signal it with NaN.
 */
function freezeSwitch(T: number): number {
  const dT = T - 90.69;
  if (!Number.isFinite(Math.exp(dT))) return NaN;
  return Math.tanh(dT);
}

/**
 * Dense-fluid term  w · exp(c0 + c3/T) · (exp(ρ^0.1 (c1 + c2/T^1.5) + δρ ρ^0.5 (c4 + c5/T + c6/T²)) − 1)
 * with ρ in the correlation's density unit and δρ = (ρ_molar − ρc)/ρc. NaN results count as 0
 * exactly as in the original (e.g. 0 · ∞ far from the switch).
 */
function denseTerm(c: readonly number[], w: number, T: number, rho: number, redDelta: number): number {
  const e1 = Math.pow(rho, 0.1) * (c[1] + c[2] / (T * Math.sqrt(T)));
  const e2 = redDelta * Math.sqrt(rho) * (c[4] + c[5] / T + c[6] / (T * T));
  const v = w * Math.exp(c[0] + c[3] / T) * (Math.exp(e1 + e2) - 1);
  return Number.isNaN(v) ? 0 : v;
}

/**
 * One methane reference correlation (viscosity or conductivity): dilute-gas series g, first-density
 * term (a + b·(c − ln(T/f))²)·ρ, and the dense-fluid coefficient sets above (j) and below (k)
 * freezing. Both properties share this form and differ only in the coefficients.
 */
interface MethaneCorrelation {
  g: readonly number[];
  a: number;
  b: number;
  c: number;
  f: number;
  j: readonly number[];
  k: readonly number[];
}

/** Viscosity (result in µP = 1e-7 Pa·s; ρ in g/cm3). */
const VISCOSITY: MethaneCorrelation = {
  g: [-2.090975e5, 2.647269e5, -1.472818e5, 4.71674e4, -9.491872e3, 1.219979e3, -9.627993e1, 4.274152, -8.141531e-2],
  a: 1.696985927,
  b: -0.133372346,
  c: 1.4,
  f: 168.0,
  j: [-1.035060586e1, 1.7571599671e1, -3.0193918656e3, 1.8873011594e2, 4.2903609488e-2, 1.4529023444e2, 6.1276818706e3],
  k: [-9.74602, 18.0834, -4126.66, 44.6055, 0.976544, 81.8134, 15649.9],
};

/** Conductivity (result in mW/(m·K); ρ in g/cm3). */
const CONDUCTIVITY: MethaneCorrelation = {
  g: [-2.147621e5, 2.190461e5, -8.618097e4, 1.496099e4, -4.73066e2, -2.331178e2, 3.778439e1, -2.320481, 5.311764e-2],
  a: -0.25276292,
  b: 0.33432859,
  c: 1.12,
  f: 168.0,
  j: [-7.04036339907, 12.319512908, -8.8525979933e2, 72.835897919, 0.74421462902, -2.970691454, 2.2209758501e3],
  k: [-8.55109, 12.5539, -1020.85, 238.394, 1.31563, -72.5759, 1411.6],
};

/** Critical molar density of methane used by the correlations, mol/dm3. */
export const METHANE_RHO_C = 10.15;

/** Reference state of SRK methane: molar density (mol/dm3) and mass density (g/cm3). */
export interface MethaneState {
  molDens: number;
  massDens: number;
}

/** SRK methane state at T (K), P (bar). NaN fields when no root exists. */
export function methaneState(T: number, Pbar: number): MethaneState {
  const V = srkMethaneMolarVolume(T, Pbar);
  return { molDens: 1e-3 / V, massDens: (M_CH4 / V) * 1e-3 };
}

/** A correlation at T (K) and SRK density, in its own unit (µP or mW/(m·K)). */
function evaluateCorrelation(m: MethaneCorrelation, T: number, s: MethaneState): number {
  const red = (s.molDens - METHANE_RHO_C) / METHANE_RHO_C;
  const rho = s.massDens;
  const v0 = dilutePolynomial(m.g, T);
  const l = m.c - Math.log(T / m.f);
  const v1 = (m.a + m.b * l * l) * rho;
  const th = freezeSwitch(T);
  const v2 = denseTerm(m.j, (th + 1) / 2, T, rho, red);
  const v3 = denseTerm(m.k, (1 - th) / 2, T, rho, red);
  return v0 + v1 + v2 + v3;
}

/** Methane viscosity (Pa·s) at T (K) and SRK density (heavy-oil variant coefficient set). */
export function methaneViscosity(T: number, s: MethaneState): number {
  return evaluateCorrelation(VISCOSITY, T, s) / 1e7;
}

/**
 * Dilute ("low-pressure") methane viscosity (Pa·s) used inside the conductivity method's
 * internal-energy term: the ideal-gas density at 1 atm and the given temperature.
 */
export function methaneDiluteViscosity(T: number): number {
  const molDens = 101325 / R / T / 1e3;
  const red = (molDens - METHANE_RHO_C) / METHANE_RHO_C;
  const v0 = dilutePolynomial(VISCOSITY.g, T);
  const th = freezeSwitch(T);
  // The original feeds the molar density (mol/dm3) to the dense term here, not g/cm3.
  const v2 = denseTerm(VISCOSITY.j, (th + 1) / 2, T, molDens, red);
  return (v0 + v2) / 1e7;
}

/** Above this reference temperature the original damps the dilute-gas overprediction. */
const HIGH_T_THRESHOLD = 400;
const HIGH_T_SLOPE = -9.0e-4;

/** Methane thermal conductivity (W/(m·K)) at T (K) and SRK density. */
export function methaneConductivity(T: number, s: MethaneState): number {
  let k = evaluateCorrelation(CONDUCTIVITY, T, s) * 1e-3;
  if (T > HIGH_T_THRESHOLD) k *= Math.max(0.7, 1 + HIGH_T_SLOPE * (T - HIGH_T_THRESHOLD));
  return k;
}
