/**
 * Second-source data for COMP.csv records whose ideal-gas Cp is zero or whose constants are wrong
 * (NeqSim COMP.csv, equinor/neqsim fc01e56). scripts/generate-component-tables.ts reads this file:
 * a record listed here is added instead of left out, with the cited Cp (naming-added.ts) and, for
 * CONSTANTS_REPLACED, the cited critical constants in place of COMP.csv's.
 *
 * Sources:
 * - [Poling] Poling, Prausnitz & O'Connell, The Properties of Gases and Liquids, 5th ed. (2001),
 *   Appendix A, Section C: Cp0/R = a0 + a1·T + a2·T² + a3·T³ + a4·T⁴ (T in K, valid 50/200–1000 K),
 *   as transcribed in CalebBell/chemicals, "Heat Capacity/PolingDatabank.tsv".
 * - [ChemSep] Kooijman & Taylor, ChemSep pure-component data bank (as distributed with
 *   FOSSEE/OMChemSim, Simulator/Files/ChemsepDatabase/*.mo): Tc, Pc, ω, M, Tb, Vc, the vapour
 *   pressure and the ideal-gas Cp equation 16, Cp = A + exp(B/T + C + D·T + E·T²) J/(kmol·K).
 *   The Cp here is a least-squares quartic of that equation over 273–1000 K (within 0.4 %).
 * - [JANAF] NIST Chemistry WebBook, gas-phase Shomate equations from Chase, NIST-JANAF
 *   Thermochemical Tables, 4th ed. (1998), 298–1200 K (sulfuric acid, nitric acid, NO2), as a
 *   least-squares quartic over that range (within 0.4 %); COMP.csv gives sulfuric and nitric acid
 *   methane's polynomial (42.8 J/(mol·K) at 300 K against JANAF's 83.7 and 53.3).
 * - [Mathews] Mathews, The critical constants of inorganic substances, Chem. Rev. 72 (1972) 71,
 *   as transcribed in CalebBell/chemicals, "Critical Properties/Mathews1972InorganicCriticalProps.tsv":
 *   the Tc of NO, SO3, hydrazine, HCN and CS2, whose COMP.csv Tc is a placeholder (their Pc there is Mathews').
 * - [RRHO] SF6 (HCN and CS2 likewise, linear: 7/2·R): rigid-rotor harmonic-oscillator Cp0 = 4R + Σ Einstein terms with the fundamentals
 *   775, 643 (×2), 948 (×3), 615 (×3), 524 (×3), 348 (×3) cm⁻¹ (Shimanouchi, Tables of Molecular
 *   Vibrational Frequencies, NSRDS-NBS 39, 1972), least-squares quartic over 200–1500 K (within
 *   1.7 %); 96.9 J/(mol·K) at 298.15 K against JANAF's 97.0 (Chase 1998).
 */
import type { IdealGasCp } from '../types.js';

/** NeqSim's gas constant (the Poling coefficients are Cp0/R). */
const R = 8.3144621;
const poling = (a0: number, a1: number, a2: number, a3: number, a4: number): IdealGasCp => ({
  a: Number((a0 * R).toPrecision(12)),
  b: Number((a1 * R).toPrecision(12)),
  c: Number((a2 * R).toPrecision(12)),
  d: Number((a3 * R).toPrecision(12)),
  e: Number((a4 * R).toPrecision(12)),
});

export interface CpSecondSource {
  value: IdealGasCp;
  source: string;
  /** The source's own Cp0 at 298.15 K, J/(mol·K), to check the coefficients against. */
  cp298: number;
}

/** Ideal-gas Cp (J/(mol·K), a + bT + cT² + dT³ + eT⁴) for COMP.csv records whose coefficients are zero or corrupt. */
export const CP_SECOND_SOURCE: Readonly<Record<string, CpSecondSource>> = {
  R12: { value: poling(2.185, 0.031251, -3.724e-5, 1.93e-8, -3.23e-12), source: 'Poling et al. 2001, Appendix A (CAS 75-71-8)', cp298: 72.28 },
  R134a: { value: poling(3.064, 0.02542, 5.86e-6, -3.339e-8, 1.716e-11), source: 'Poling et al. 2001, Appendix A (CAS 811-97-2)', cp298: 86.64 },
  'acetic acid': { value: poling(4.375, -0.002397, 6.757e-5, -8.764e-8, 3.478e-11), source: 'Poling et al. 2001, Appendix A (CAS 64-19-7; monomer, the EOS ignores the vapour dimer)', cp298: 63.44 },
  naphthalene: { value: poling(2.889, 0.014306, 1.5978e-4, -2.393e-7, 1.0173e-10), source: 'Poling et al. 2001, Appendix A (CAS 91-20-3); COMP.csv Cp is corrupt', cp298: 132.55 },
  'c-C4': { value: poling(4.739, -0.016423, 1.4488e-4, -1.8041e-7, 7.089e-11), source: 'Poling et al. 2001, Appendix A (cyclobutane, CAS 287-23-0); COMP.csv Cp is corrupt', cp298: 70.56 },
  '3-E-C6': { value: poling(7.178, 0.03372, 1.0365e-4, -1.5312e-7, 6.088e-11), source: 'Poling et al. 2001, Appendix A (3-ethylhexane, CAS 619-99-8)', cp298: 189.62 },
  SF6: {
    value: { a: -17.37330854, b: 0.5737685363, c: -0.000777315087, d: 4.81803438e-7, e: -1.121125032e-10 },
    source: 'rigid-rotor harmonic-oscillator Cp0 from the fundamentals of Shimanouchi (NSRDS-NBS 39, 1972), quartic fit 200–1500 K',
    cp298: 97.0,
  },
  'sulfuric acid': {
    value: { a: 14.91666293, b: 0.3257091468, c: -0.0003745862653, d: 2.149799301e-7, e: -4.83801848e-11 },
    source: 'NIST-JANAF (Chase 1998) Shomate equation of H2SO4 gas, quartic fit 298–1200 K',
    cp298: 83.71,
  },
  'nitric acid': {
    value: { a: 8.734603782, b: 0.1995325525, c: -0.0001920705449, d: 9.04820861e-8, e: -1.628637942e-11 },
    source: 'NIST-JANAF (Chase 1998) Shomate equation of HNO3 gas, quartic fit 298–1200 K',
    cp298: 53.31,
  },
  NO2: {
    value: { a: 26.58231586, b: 0.03209545881, c: 1.887974874e-5, d: -4.105391983e-8, e: 1.565280884e-11 },
    source: 'NIST-JANAF (Chase 1998) Shomate equation of NO2 gas, quartic fit 298–1200 K (COMP.csv: 5 % low)',
    cp298: 36.97,
  },
  HCN: {
    value: { a: 20.33557259, b: 0.07124592832, c: -7.798255948e-5, d: 4.81784003e-8, e: -1.17728964e-11 },
    source: 'rigid-rotor harmonic-oscillator Cp0 of the linear molecule (7/2·R) with the fundamentals 3311, 2097, 712 (×2) cm⁻¹ (Shimanouchi 1972), quartic fit 200–1500 K; 35.9 J/(mol·K) at 298.15 K as JANAF',
    cp298: 35.86,
  },
  CS2: {
    value: { a: 23.74365049, b: 0.1043432983, c: -0.0001277703944, d: 7.538180429e-8, e: -1.715403143e-11 },
    source: 'rigid-rotor harmonic-oscillator Cp0 of the linear molecule (7/2·R) with the fundamentals 1535, 658, 397 (×2) cm⁻¹ (Shimanouchi 1972), quartic fit 200–1500 K (within 1.3 %); 45.6 J/(mol·K) at 298.15 K, JANAF 45.4',
    cp298: 45.4,
  },
  MEA: {
    value: { a: 7.964942023, b: 0.3135823022, c: -0.0001900994323, d: 3.286122774e-8, e: 1.152526356e-11 },
    source: 'ChemSep data bank (Kooijman & Taylor), ideal-gas Cp equation 16 of monoethanolamine, quartic fit 273–1000 K',
    cp298: 85.53,
  },
  DEA: {
    value: { a: 23.0842322, b: 0.4267426938, c: -3.959207402e-5, d: -2.359132132e-7, e: 1.234721192e-10 },
    source: 'ChemSep data bank (Kooijman & Taylor), ideal-gas Cp equation 16 of diethanolamine, quartic fit 273–1000 K',
    cp298: 141.56,
  },
  MDEA: {
    value: { a: -2.313590934, b: 0.6388335317, c: -0.0002912266359, d: -6.638730802e-8, e: 7.222902955e-11 },
    source: 'ChemSep data bank (Kooijman & Taylor), ideal-gas Cp equation 16 of N-methyldiethanolamine, quartic fit 273–1000 K',
    cp298: 161.11,
  },
};

/**
 * COMP.csv constants replaced by the second source (CSV units: g/mol, °C, bar, cm³/mol). DEA's
 * record carries ethanol's Tc, Pc and ω and MDEA's molar mass (its Tc, 514 K, is below DEA's normal
 * boiling point, 542 K): ChemSep's diethanolamine (CAS 111-42-2) is used instead. MEA and MDEA keep
 * their critical constants (they reproduce the measured vapour pressure, see below) but not the
 * placeholder critical volume (99 cm³/mol for all three) nor MDEA's placeholder boiling point (140 °C).
 */
export type ReplacedColumns = Partial<Record<'MOLARMASS' | 'TC' | 'PC' | 'ACSFACT' | 'NORMBOIL' | 'CRITVOL', number>> & { source: string };
export const CONSTANTS_REPLACED: Readonly<Record<string, ReplacedColumns>> = {
  DEA: { MOLARMASS: 105.136, TC: 736.6 - 273.15, PC: 47.2, ACSFACT: 0.991515, NORMBOIL: 542 - 273.15, CRITVOL: 349, source: 'ChemSep data bank (Kooijman & Taylor), diethanolamine: Tc 736.6 K, Pc 47.2 bar, ω 0.9915, M 105.136, Tb 542 K, Vc 349 cm³/mol' },
  MEA: { CRITVOL: 225, source: 'ChemSep data bank (Kooijman & Taylor), monoethanolamine: Vc 225 cm³/mol (COMP.csv 99, a placeholder)' },
  NO: { TC: 180 - 273.15, source: 'Mathews 1972: nitric oxide Tc 180 K (COMP.csv 358 °C)' },
  SO3: { TC: 491 - 273.15, source: 'Mathews 1972: sulfur trioxide Tc 491 K (COMP.csv the placeholder 318.8 °C)' },
  N2H4: { TC: 653 - 273.15, source: 'Mathews 1972: hydrazine Tc 653 K (COMP.csv the placeholder 318.8 °C)' },
  HCN: { TC: 456.8 - 273.15, source: 'Mathews 1972: hydrogen cyanide Tc 456.8 K (COMP.csv the placeholder 318.8 °C)' },
  CS2: { TC: 552 - 273.15, source: 'Mathews 1972: carbon disulfide Tc 552 K (COMP.csv the placeholder 318.8 °C)' },
  MDEA: { NORMBOIL: 520.15 - 273.15, CRITVOL: 365, source: 'ChemSep data bank (Kooijman & Taylor), N-methyldiethanolamine: Tb 520.15 K, Vc 365 cm³/mol (COMP.csv 140 °C and 99, placeholders)' },
};

/**
 * Vapour-pressure correlations of the amines (ChemSep, Pa, T in K) used to check that the
 * constants kept reproduce ω by its definition, −log10(Psat(0.7·Tc)/Pc) − 1. Alkanolamines
 * decompose below their critical point, so Tc and Pc are estimates that differ between data banks
 * (MEA 638–678 K, MDEA 677–742 K); what a cubic EOS needs is a set that gives back the measured
 * vapour pressure, which COMP.csv's MEA and MDEA sets do (and ChemSep's MDEA set, ω 1.16 with
 * Tc 741.9 K, does not: its own vapour pressure implies ω ≈ 0.6 at that Tc).
 */
export const AMINE_VAPOUR_PRESSURE: Readonly<Record<string, (T: number) => number>> = {
  MEA: (T) => Math.exp(23.09274 - 4319.625 / (T - 69.95024)), // ChemSep eq. 10 (Antoine)
  DEA: (T) => Math.exp(23.735 - 5441.7 / (T - 95.519)), // ChemSep eq. 10 (Antoine)
  MDEA: (T) => Math.exp(-0.352098 - 4812.65 / T + 3.121045 * Math.log(T) + 6.605463e-6 * T * T), // ChemSep eq. 101
};

/**
 * CAS numbers of records whose COMP.csv CAS is methane's (74-82-8, a placeholder there), from the
 * same sources; the generator writes an empty CAS for any other added record that carries it.
 */
export const CAS_FIXED: Readonly<Record<string, string>> = {
  DEA: '111-42-2', MDEA: '105-59-9', SF6: '2551-62-4', R12: '75-71-8', R134a: '811-97-2', 'acetic acid': '64-19-7', '3-E-C6': '619-99-8',
};
