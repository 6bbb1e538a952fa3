/**
 * Pressure-relief sizing formulas of API 520 Part I (gas/vapour critical and subcritical flow,
 * liquid with the viscosity correction, two-phase flashing flow by Leung's omega method of its
 * Annex C) and the API 521 pool-fire heat input, with the API 526 standard orifices.
 * Pure functions in the units the standard's SI equations use (stated per function), so a test
 * can hold them to the standard's worked examples digit for digit.
 */

/** API 526 effective orifice areas, in² (published), by letter. */
export const API526_ORIFICES: readonly { letter: string; area_in2: number }[] = [
  { letter: 'D', area_in2: 0.11 },
  { letter: 'E', area_in2: 0.196 },
  { letter: 'F', area_in2: 0.307 },
  { letter: 'G', area_in2: 0.503 },
  { letter: 'H', area_in2: 0.785 },
  { letter: 'J', area_in2: 1.287 },
  { letter: 'K', area_in2: 1.838 },
  { letter: 'L', area_in2: 2.853 },
  { letter: 'M', area_in2: 3.6 },
  { letter: 'N', area_in2: 4.34 },
  { letter: 'P', area_in2: 6.38 },
  { letter: 'Q', area_in2: 11.05 },
  { letter: 'R', area_in2: 16 },
  { letter: 'T', area_in2: 26 },
];
export const MM2_PER_IN2 = 645.16;

/** The smallest API 526 orifice that covers `area_mm2`, or the number of T orifices needed. */
export function selectOrifice(area_mm2: number): { letter: string; area_mm2: number; count: number } {
  for (const o of API526_ORIFICES) if (o.area_in2 * MM2_PER_IN2 >= area_mm2) return { letter: o.letter, area_mm2: o.area_in2 * MM2_PER_IN2, count: 1 };
  const t = API526_ORIFICES[API526_ORIFICES.length - 1]!;
  const tArea = t.area_in2 * MM2_PER_IN2;
  return { letter: t.letter, area_mm2: tArea, count: Math.ceil(area_mm2 / tArea) };
}

/** (2/(k+1))^((k+1)/(k−1)), continuous through k = 1 (where it tends to e^−1). */
function chokedTerm(k: number): number {
  return Math.abs(k - 1) < 1e-9 ? Math.exp(-1) : (2 / (k + 1)) ** ((k + 1) / (k - 1));
}

/** API 520 gas coefficient C of the SI equation (kg/h, kPa, K, mm²). */
export function gasCoefficientC(k: number): number {
  return 0.03948 * Math.sqrt(k * chokedTerm(k));
}

/** Critical (choked) pressure ratio P_crit / P1 = (2/(k+1))^(k/(k−1)). */
export function criticalPressureRatio(k: number): number {
  return Math.abs(k - 1) < 1e-9 ? Math.exp(-0.5) : (2 / (k + 1)) ** (k / (k - 1));
}

/** Required area, mm², for critical gas flow: W kg/h, P1 kPa(a), T K, M g/mol. */
export function gasAreaCritical(W: number, P1: number, T: number, Z: number, M: number, k: number, Kd: number, Kb: number, Kc: number): number {
  return (W / (gasCoefficientC(k) * Kd * P1 * Kb * Kc)) * Math.sqrt((T * Z) / M);
}

/** API 520 coefficient F2 of subcritical flow at r = P2/P1. */
export function subcriticalF2(k: number, r: number): number {
  return Math.sqrt((k / (k - 1)) * r ** (2 / k) * ((1 - r ** ((k - 1) / k)) / (1 - r)));
}

/** Required area, mm², for subcritical gas flow (conventional and pilot valves): P1, P2 kPa(a). */
export function gasAreaSubcritical(W: number, P1: number, P2: number, T: number, Z: number, M: number, k: number, Kd: number, Kc: number): number {
  return ((17.9 * W) / (subcriticalF2(k, P2 / P1) * Kd * Kc)) * Math.sqrt((Z * T) / (M * P1 * (P1 - P2)));
}

/** API 520 viscosity correction Kv of a liquid valve at Reynolds number Re. */
export function viscosityCorrection(Re: number): number {
  return 1 / (0.9935 + 2.878 / Re ** 0.5 + 342.75 / Re ** 1.5);
}

export interface LiquidSizing {
  area_mm2: number;
  Kv: number;
  reynolds: number;
  iterations: number;
}

/**
 * Required area, mm², for liquid: Q L/min, G specific gravity (water at 15.6 °C = 1), P1 − P2 kPa,
 * μ mPa·s. Kv and the Reynolds number Re = 18800 Q G / (μ √A) depend on the area: iterated to a
 * fixed point (1e-10 relative).
 */
export function liquidArea(Q: number, G: number, dP: number, mu: number, Kd: number, Kw: number, Kc: number): LiquidSizing {
  let Kv = 1;
  let area = 0;
  let Re = Infinity;
  for (let i = 1; i <= 200; i++) {
    const next = ((11.78 * Q) / (Kd * Kw * Kc * Kv)) * Math.sqrt(G / dP);
    Re = (18800 * Q * G) / (mu * Math.sqrt(next));
    const KvNext = viscosityCorrection(Re);
    const done = Math.abs(next - area) <= 1e-10 * next && Math.abs(KvNext - Kv) <= 1e-12;
    area = next;
    Kv = KvNext;
    if (done) return { area_mm2: area, Kv, reynolds: Re, iterations: i };
  }
  return { area_mm2: area, Kv, reynolds: Re, iterations: 200 };
}

/**
 * Leung's omega for a flashing two-phase inlet (API 520 Annex C): x0 gas mass fraction, specific
 * volumes m³/kg, h_vl J/kg, Cp J/(kg·K) of the liquid, T0 K, P0 Pa.
 */
export function omegaParameter(x0: number, vG: number, vL: number, hVL: number, cpL: number, T0: number, P0: number): number {
  const v0 = x0 * vG + (1 - x0) * vL;
  const vGL = vG - vL;
  return ((x0 * vG) / v0) * (1 - (2 * P0 * vGL) / hVL) + ((cpL * T0 * P0) / v0) * (vGL / hVL) ** 2;
}

/** Critical pressure ratio η_c of the omega method (root of its implicit equation in (0, 1)). */
export function omegaCriticalRatio(omega: number): number {
  const f = (eta: number) => eta * eta + (omega * omega - 2 * omega) * (1 - eta) ** 2 + 2 * omega * omega * Math.log(eta) + 2 * omega * omega * (1 - eta);
  // f(0+) = −∞ and f(1) = 1 > 0: bisection on (0, 1) brackets the single root.
  let lo = 1e-12;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Two-phase mass flux, kg/(s·m²), by the omega method from P0 Pa, v0 m³/kg, back pressure Pa. */
export function omegaMassFlux(omega: number, P0: number, v0: number, Pback: number): { flux: number; critical: boolean; etaCritical: number } {
  const etaC = omegaCriticalRatio(omega);
  const etaA = Pback / P0;
  if (etaA <= etaC) return { flux: etaC * Math.sqrt(P0 / (v0 * omega)), critical: true, etaCritical: etaC };
  const num = Math.sqrt(-2 * (omega * Math.log(etaA) + (omega - 1) * (1 - etaA)));
  return { flux: (num * Math.sqrt(P0 / v0)) / (omega * (1 / etaA - 1) + 1), critical: false, etaCritical: etaC };
}

/** API 521 pool-fire heat input, W, to a vessel with wetted area A m²; C1 = 43 200 with adequate drainage and fire fighting, else 70 900. */
export function fireHeatInput(wettedArea: number, F: number, drainageAndFireFighting: boolean): number {
  return (drainageAndFireFighting ? 43200 : 70900) * F * wettedArea ** 0.82;
}
