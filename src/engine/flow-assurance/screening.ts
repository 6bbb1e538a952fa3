/**
 * Flow-assurance screening formulas, each from its published source:
 * - erosional velocity of API RP 14E: V_e = C / √ρ_m (ft/s, lbm/ft³), here in SI;
 * - CO₂ corrosion rate of de Waard, Lotz & Milliams (1991): log V = 5.8 − 1710/T + 0.67 log f_CO₂
 *   (mm/y, K, bar), the fugacity from log(f/p) = (0.0031 − 1.4/T)·P and the protective-scale factor
 *   log F = 2400/T − 0.6 log f_CO₂ − 6.7 (F ≤ 1);
 * - lumped-capacitance cool-down of a shut-in line: fluid and steel cool together through U.
 */

const FT = 0.3048;
const LB_FT3 = 16.01846337396;

/** API RP 14E erosional velocity, m/s, for mixture density ρ (kg/m³) and the empirical constant C. */
export function erosionalVelocity(rhoMix: number, C: number): number {
  return (C / Math.sqrt(rhoMix / LB_FT3)) * FT;
}

export interface Co2Corrosion {
  partialPressure: number;
  fugacity: number;
  /** Worst-case rate without protective scale, mm/y. */
  baseline: number;
  /** Protective-scale factor (1 = no protection). */
  scaleFactor: number;
  /** Baseline × scale factor, mm/y. */
  rate: number;
}

/** de Waard–Lotz–Milliams (1991): T in K, total pressure and CO₂ partial pressure in bar. */
export function co2CorrosionRate(T: number, P: number, pCO2: number): Co2Corrosion {
  const fugacity = pCO2 * 10 ** ((0.0031 - 1.4 / T) * P);
  const baseline = 10 ** (5.8 - 1710 / T + 0.67 * Math.log10(fugacity));
  const scaleFactor = Math.min(1, 10 ** (2400 / T - 0.6 * Math.log10(fugacity) - 6.7));
  return { partialPressure: pCO2, fugacity, baseline, scaleFactor, rate: baseline * scaleFactor };
}

export interface CooldownLine {
  /** Inside diameter, m. */
  D: number;
  /** Steel wall thickness, m (0: fluid only). */
  wall: number;
  /** Overall heat-transfer coefficient referred to the inside area, W/(m²·K). */
  U: number;
  rhoFluid: number;
  cpFluid: number;
  rhoSteel: number;
  cpSteel: number;
}

/** Time constant, s: heat capacity per metre of fluid and steel over U·π·D. */
export function cooldownTimeConstant(l: CooldownLine): number {
  const fluid = (l.rhoFluid * l.cpFluid * Math.PI * l.D * l.D) / 4;
  const steel = (l.rhoSteel * l.cpSteel * Math.PI * ((l.D + 2 * l.wall) ** 2 - l.D * l.D)) / 4;
  return (fluid + steel) / (l.U * Math.PI * l.D);
}

/** Fluid temperature after t seconds (exponential approach to the ambient). */
export function cooldownTemperature(T0: number, Tamb: number, tau: number, t: number): number {
  return Tamb + (T0 - Tamb) * Math.exp(-t / tau);
}

/** Seconds to reach Ttarget (between T0 and the ambient); Infinity when it is never reached. */
export function timeToTemperature(T0: number, Tamb: number, tau: number, Ttarget: number): number {
  const ratio = (Ttarget - Tamb) / (T0 - Tamb);
  return ratio > 0 && ratio <= 1 ? -tau * Math.log(ratio) : Infinity;
}
