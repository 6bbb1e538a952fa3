/**
 * AGA8 GROSS characterization method (AGA Report No. 8 Part 1, 1992/2017, Sect. 3; the modified
 * SGERG virial equation): the gas is an equivalent hydrocarbon + N2 + CO2, Z = 1 + B·D + C·D², with
 * B and C from the hydrocarbon's molar ideal gross heating value HCH. Method 1 characterises the gas
 * from (volumetric heating value, relative density, x_CO2), Method 2 from (relative density,
 * x_N2, x_CO2). Coefficients: AGA Report No. 8 Part 1 Table 7 (as in the NIST reference code, GROSS
 * routines version 2.0); heating values: AGA Report No. 5 (2009) at 25 °C.
 *
 * Units here: K, kPa, mol/L, kJ/mol, MJ/m³ (those of the report). ./index.ts converts to SI.
 */
import { DETAIL_MOLAR_MASS, R_DETAIL } from './aga8-detail-data.js';
import { NC } from './components.js';

export const R_GROSS = R_DETAIL;

/** Molar ideal gross heating values at 25 °C, kJ/mol (AGA Report No. 5, 2009), reference order. */
const HN_I = [
  890.63, 0, 0, 1560.69, 2219.17, 2868.2, 2877.4, 3528.83, 3535.77, 4194.95, 4853.43, 5511.8, 6171.15, 6829.77,
  285.83, 0, 282.98, 44.016, 562.01, 0, 0,
];

const M_N2 = DETAIL_MOLAR_MASS[1];
const M_CO2 = DETAIL_MOLAR_MASS[2];
/** Molar mass of air used for the relative density, g/mol. */
const M_AIR = 28.9625;
/** Correlation of the equivalent hydrocarbon's molar mass with HCH: M_CH = G1 + G2·HCH. */
const G1 = -2.709328;
const G2 = 0.021062199;

/** B(T) = b0 + b1 T + b2 T² for N2–N2, N2–CO2, CO2–CO2 (L/mol). */
const B_N2N2 = [-0.1446, 0.00074091, -0.00000091195];
const B_N2CO2 = [-0.339693, 0.00161176, -0.00000204429];
const B_CO2CO2 = [-0.86834, 0.0040376, -0.0000051657];
/** C(T) for N2N2N2, N2N2CO2, N2CO2CO2, CO2CO2CO2 (L²/mol²). */
const C_222 = [0.0078498, -0.000039895, 0.000000061187];
const C_223 = [0.00552066, -0.0000168609, 0.0000000157169];
const C_233 = [0.00358783, 0.00000806674, -0.0000000325798];
const C_333 = [0.0020513, 0.000034888, -0.000000083703];
/** B_CH = Σ_k (bCH[0][k] + bCH[1][k] T + bCH[2][k] T²)·HCH^k, likewise C_CH. */
const BCH = [
  [-0.425468, 0.000877118, -0.000000824747],
  [0.002865, -0.00000556281, 0.00000000431436],
  [-0.00000462073, 0.0000000088151, -6.08319e-12],
];
const CCH = [
  [-0.302488, 0.000646422, -0.000000332805],
  [0.00195861, -0.00000422876, 0.0000000022316],
  [-0.00000316302, 0.00000000688157, -3.67713e-12],
];

const quad = (c: number[], T: number): number => c[0] + c[1] * T + c[2] * T * T;

/** The three-component characterization a GROSS calculation works on. */
export interface GrossCharacterization {
  xCH: number;
  xN2: number;
  xCO2: number;
  /** kJ/mol at 25 °C */
  HCH: number;
}

export type GrossResult<T> = ({ ok: true } & T) | { ok: false; code: 'GROSS_INVALID_INPUT' | 'GROSS_NOT_CONVERGED'; message: string };

/** Second (L/mol) and third (L²/mol²) virial coefficients of the characterised mixture at T. */
export function grossVirial(T: number, c: GrossCharacterization): GrossResult<{ B: number; C: number }> {
  const bch = [0, 1, 2].map((k) => BCH[0][k] + BCH[1][k] * T + BCH[2][k] * T * T);
  const cch = [0, 1, 2].map((k) => CCH[0][k] + CCH[1][k] * T + CCH[2][k] * T * T);
  const { HCH } = c;
  const b11 = bch[0] + bch[1] * HCH + bch[2] * HCH * HCH;
  const b22 = quad(B_N2N2, T);
  const b23 = quad(B_N2CO2, T);
  const b33 = quad(B_CO2CO2, T);
  const b12 = (0.72 + 0.00001875 * (320 - T) ** 2) * ((b11 + b22) / 2);
  if (b11 * b33 < 0) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'B(CH–CH)·B(CO2–CO2) < 0: heating value or temperature out of range' };
  const b13 = -0.865 * Math.sqrt(b11 * b33);
  const c111 = cch[0] + cch[1] * HCH + cch[2] * HCH * HCH;
  if (c111 < 0) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'C(CH–CH–CH) < 0: heating value or temperature out of range' };
  const c222 = quad(C_222, T);
  const c223 = quad(C_223, T);
  const c233 = quad(C_233, T);
  const c333 = quad(C_333, T);
  const o3 = 1 / 3;
  const fT = 0.92 + 0.0013 * (T - 270);
  const c112 = fT * (c111 * c111 * c222) ** o3;
  const c122 = fT * (c222 * c222 * c111) ** o3;
  const c113 = 0.92 * (c111 * c111 * c333) ** o3;
  const c133 = 0.92 * (c333 * c333 * c111) ** o3;
  const c123 = 1.1 * (c111 * c222 * c333) ** o3;
  const x1 = c.xCH, x2 = c.xN2, x3 = c.xCO2;
  const B = b11 * x1 * x1 + b22 * x2 * x2 + b33 * x3 * x3 + 2 * (b12 * x1 * x2 + b13 * x1 * x3 + b23 * x2 * x3);
  const C =
    c111 * x1 ** 3 + c222 * x2 ** 3 + c333 * x3 ** 3 +
    3 * (c112 * x1 * x1 * x2 + c113 * x1 * x1 * x3 + c122 * x1 * x2 * x2 + c133 * x1 * x3 * x3 + c223 * x2 * x2 * x3 + c233 * x2 * x3 * x3) +
    6 * c123 * x1 * x2 * x3;
  return { ok: true, B, C };
}

/** Density (mol/L) and Z at (T, P): Newton on ln v as in AGA8 Part 1 (tolerance 1e-7 on the step, as the report). */
export function grossDensity(T: number, P: number, c: GrossCharacterization): GrossResult<{ D: number; Z: number; iterations: number }> {
  const v = grossVirial(T, c);
  if (!v.ok) return v;
  const { B, C } = v;
  const RT = R_GROSS * T;
  let D = P / RT;
  const plog = Math.log(P);
  let vlog = -Math.log(D);
  for (let it = 1; it <= 20; it++) {
    if (vlog < -7 || vlog > 100) break;
    D = Math.exp(-vlog);
    const Z = 1 + B * D + C * D * D;
    const P2 = D * RT * Z;
    const dPdD = RT * (1 + 2 * B * D + 3 * C * D * D);
    if (dPdD < 0 || P2 <= 0) {
      vlog += 0.1;
      continue;
    }
    const vdiff = ((Math.log(P2) - plog) * P2) / (-D * dPdD);
    vlog -= vdiff;
    if (Math.abs(vdiff) < 1e-7) {
      D = Math.exp(-vlog);
      return { ok: true, D, Z: 1 + B * D + C * D * D, iterations: it };
    }
  }
  return { ok: false, code: 'GROSS_NOT_CONVERGED', message: 'GROSS density iteration did not converge' };
}

/** Molar heating value HN (kJ/mol) of the full composition and the characterization it implies. */
export function grossFromComposition(x: Float64Array): GrossCharacterization & { HN: number; molarMass: number } {
  let HN = 0;
  let molarMass = 0;
  for (let i = 0; i < NC; i++) {
    HN += x[i] * HN_I[i];
    molarMass += x[i] * DETAIL_MOLAR_MASS[i];
  }
  const xCH = 1 - x[1] - x[2];
  return { xCH, xN2: x[1], xCO2: x[2], HCH: xCH > 0 ? HN / xCH : 0, HN, molarMass };
}

/** Z of the reference fluid (air) at (Td, Pd): 1 + B_air·Pd/(R·Td). */
function zAir(Td: number, Pd: number): number {
  const Bref = -0.12527 + 0.000591 * Td - 0.000000662 * Td * Td;
  return 1 + (Pd / R_GROSS / Td) * Bref;
}

/** Relative density Gr = (M/M_air)·(Z_air/Z) at (Td, Pd), with Z of the gas from the GROSS equation. */
export function grossRelativeDensity(Td: number, Pd: number, c: GrossCharacterization, molarMass: number): GrossResult<{ Gr: number; D: number }> {
  const d = grossDensity(Td, Pd, c);
  if (!d.ok) return d;
  const Z = Pd / Td / d.D / R_GROSS;
  return { ok: true, Gr: (molarMass * zAir(Td, Pd)) / M_AIR / Z, D: d.D };
}

export interface GrossMethodOutput extends GrossCharacterization {
  HN: number;
  molarMass: number;
  /** MJ/m³ at Th (method 2 output; method 1 echoes its input) */
  Hv: number;
}

/**
 * Method 1: volumetric gross heating value Hv (MJ/m³, combustion at Th, metering at Td, Pd),
 * relative density Gr and x_CO2 → characterization (x_N2 follows).
 */
export function grossMethod1(Th: number, Td: number, Pd: number, Gr: number, Hv: number, xCO2: number): GrossResult<GrossMethodOutput> {
  if (!(Gr > 0)) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'relative density must be > 0' };
  if (!(Hv > 0)) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'heating value must be > 0' };
  const Zref = zAir(Td, Pd);
  let Zd = 1;
  let out: GrossMethodOutput | undefined;
  for (let i = 0; i < 20; i++) {
    const Zold = Zd;
    const HN = ((Zd * R_GROSS * Td) / Pd) * Hv * (1 + 0.0001027 * (Th - 298.15));
    const Mm = (Gr * Zd * M_AIR) / Zref;
    const xCH = (Mm + (xCO2 - 1) * M_N2 - xCO2 * M_CO2 - G2 * HN) / (G1 - M_N2);
    const xN2 = 1 - xCH - xCO2;
    if (xN2 < 0) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'negative nitrogen fraction in GROSS method 1: inputs are inconsistent' };
    const c: GrossCharacterization = { xCH, xN2, xCO2, HCH: HN / xCH };
    const v = grossVirial(Td, c);
    if (!v.ok) return v;
    Zd = 1 + (v.B * Pd) / R_GROSS / Td;
    out = { ...c, HN, molarMass: Mm, Hv };
    if (Math.abs(Zold - Zd) < 1e-7) return { ok: true, ...out };
  }
  return { ok: false, code: 'GROSS_NOT_CONVERGED', message: 'GROSS method 1 characterization did not converge in 20 iterations' };
}

/** Method 2: relative density Gr, x_N2 and x_CO2 → characterization and Hv (MJ/m³). */
export function grossMethod2(Th: number, Td: number, Pd: number, Gr: number, xN2: number, xCO2: number): GrossResult<GrossMethodOutput> {
  if (!(Gr > 0)) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'relative density must be > 0' };
  const xCH = 1 - xN2 - xCO2;
  if (!(xCH > 0)) return { ok: false, code: 'GROSS_INVALID_INPUT', message: 'x_N2 + x_CO2 must be < 1' };
  const Zref = zAir(Td, Pd);
  let Z = 1;
  for (let i = 0; i < 20; i++) {
    const Zold = Z;
    const Mm = (Gr * Z * M_AIR) / Zref;
    const MrCH = (Mm - xN2 * M_N2 - xCO2 * M_CO2) / xCH;
    const HCH = (MrCH - G1) / G2;
    const c: GrossCharacterization = { xCH, xN2, xCO2, HCH };
    const v = grossVirial(Td, c);
    if (!v.ok) return v;
    Z = 1 + (v.B * Pd) / R_GROSS / Td;
    if (Math.abs(Zold - Z) < 1e-7) {
      const HN = HCH * xCH;
      const Hv = ((HN / Z / R_GROSS / Td) * Pd) / (1 + 0.0001027 * (Th - 298.15));
      return { ok: true, ...c, HN, molarMass: Mm, Hv };
    }
  }
  return { ok: false, code: 'GROSS_NOT_CONVERGED', message: 'GROSS method 2 characterization did not converge in 20 iterations' };
}
