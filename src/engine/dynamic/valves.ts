/**
 * Control-valve flow equations of IEC 60534-2-1:2011 ("Industrial-process control valves –
 * Part 2-1: Flow capacity – Sizing equations for fluid flow under installed conditions"), in the
 * Cv form (US gallons per minute of water at 1 psi), with a linear inherent characteristic: the
 * effective coefficient is opening · Cv (opening 0..1). No piping geometry factor (Fp = 1).
 *
 * Liquid, turbulent, non-choked (eq. (1)): Q = N1 · C · √(Δp / (ρ1/ρ0)), Q in m3/h, Δp in kPa,
 *   N1 = 8.65e-2 for Cv (Table 1), ρ0 = 999.1 kg/m3 (water at 15 °C, the reference of ρ1/ρ0).
 *   Choked (flashing/cavitating) liquid flow, Δp ≥ FL²(p1 − FF·pv), is NOT modelled.
 * Gas, turbulent (eq. (8)): W = N6 · C · Y · √(x · p1 · ρ1), W in kg/h, p1 in kPa, ρ1 in kg/m3,
 *   N6 = 2.73 for Cv (Table 1); x = Δp/p1; Fγ = γ/1.40; Y = 1 − x/(3·Fγ·xT); the flow is choked
 *   at x = Fγ·xT (x is capped there, Y = 2/3).
 * xT default 0.72: the typical value IEC 60534-2-1:2011 Table D.2 lists for a single-port globe
 * valve with a contoured plug, flow-to-open.
 * Reverse flow (p1 ≤ p2) is not allowed: the valves behave as if fitted with a check valve.
 * All functions here take and return SI (Pa, kg/m3, m3/s, kg/s).
 */

/** IEC 60534-2-1:2011 Table 1, Cv units with Δp in kPa. */
const N1_CV = 8.65e-2;
const N6_CV = 2.73;
/** kg/m3, water at 15 °C (IEC 60534-2-1 relative density reference ρ0). */
const RHO_WATER_15C = 999.1;
/** IEC 60534-2-1 Table D.2, globe valve, single port, contoured plug, flow-to-open. */
export const DEFAULT_XT = 0.72;

export interface GasValve {
  /** Flow coefficient at full opening, US Cv. */
  cv: number;
  /** Pressure differential ratio factor of the valve at choked flow. */
  xT: number;
  /** Pa. */
  downstreamPressure: number;
}

export interface LiquidValve {
  cv: number;
  /** Pa. */
  downstreamPressure: number;
}

/** Liquid volume flow, m3/s, through a valve of effective coefficient c (= opening·Cv). */
export function liquidValveFlow(c: number, upstreamPressure: number, downstreamPressure: number, density: number): number {
  const dp = upstreamPressure - downstreamPressure;
  if (!(c > 0) || !(dp > 0) || !(density > 0)) return 0;
  return (N1_CV * c * Math.sqrt(dp / 1000 / (density / RHO_WATER_15C))) / 3600;
}

/** Gas mass flow, kg/s, through a valve of effective coefficient c (= opening·Cv). */
export function gasValveFlow(c: number, xT: number, upstreamPressure: number, downstreamPressure: number, density: number, gamma: number): number {
  const p1 = upstreamPressure;
  if (!(c > 0) || !(p1 > downstreamPressure) || !(density > 0)) return 0;
  const fGamma = (gamma > 0 && Number.isFinite(gamma) ? gamma : 1.4) / 1.4;
  const xChoked = fGamma * xT;
  const x = Math.min((p1 - downstreamPressure) / p1, xChoked);
  const Y = 1 - x / (3 * xChoked);
  return (N6_CV * c * Y * Math.sqrt(x * (p1 / 1000) * density)) / 3600;
}

/** Cv that passes the volume flow q (m3/s) at this opening and state (sizing from a steady state). */
export function sizeLiquidValve(q: number, opening: number, upstreamPressure: number, downstreamPressure: number, density: number): number {
  const unit = liquidValveFlow(1, upstreamPressure, downstreamPressure, density);
  return unit > 0 ? q / (opening * unit) : NaN;
}

/** Cv that passes the mass flow w (kg/s) at this opening and state. */
export function sizeGasValve(w: number, opening: number, xT: number, upstreamPressure: number, downstreamPressure: number, density: number, gamma: number): number {
  const unit = gasValveFlow(1, xT, upstreamPressure, downstreamPressure, density, gamma);
  return unit > 0 ? w / (opening * unit) : NaN;
}

/** IEC 60534-2-1 Table D.2, globe valve, single port, contoured plug, flow-to-open. */
export const DEFAULT_FL = 0.9;
/** Kv (m3/h of water at 1 bar) per US Cv: Kv = Cv / 1.156 (IEC 60534-1, N1 of Table 1: 0.1 vs 0.0865). */
export const KV_PER_CV = N1_CV / 0.1;

/**
 * IEC 60534-2-1 eq. (3) and (4): the liquid critical pressure ratio factor FF = 0.96 − 0.28·√(pv/pc)
 * and the pressure differential at which liquid flow chokes, Δp_choked = FL²·(p1 − FF·pv).
 */
export function liquidChokedDifferential(FL: number, upstreamPressure: number, vapourPressure: number, criticalPressure: number): number {
  const FF = 0.96 - 0.28 * Math.sqrt(Math.max(0, vapourPressure) / criticalPressure);
  return FL * FL * (upstreamPressure - FF * Math.max(0, vapourPressure));
}

/**
 * Cv a liquid needs to pass the volume flow q (m3/s) between p1 and p2 (IEC 60534-2-1 eq. (1),
 * or eq. (2) with Δp_choked in place of Δp when the flow is choked).
 */
export function liquidRequiredCv(q: number, FL: number, upstreamPressure: number, downstreamPressure: number, density: number, vapourPressure: number, criticalPressure: number): { cv: number; choked: boolean; chokedDifferential: number } {
  const chokedDifferential = liquidChokedDifferential(FL, upstreamPressure, vapourPressure, criticalPressure);
  const dp = upstreamPressure - downstreamPressure;
  const choked = dp >= chokedDifferential;
  const used = choked ? chokedDifferential : dp;
  const unit = liquidValveFlow(1, upstreamPressure, upstreamPressure - used, density);
  return { cv: unit > 0 ? q / unit : NaN, choked, chokedDifferential };
}

/** Cv a gas needs to pass the mass flow w (kg/s) (IEC 60534-2-1 eq. (8); choked at x ≥ Fγ·xT). */
export function gasRequiredCv(w: number, xT: number, upstreamPressure: number, downstreamPressure: number, density: number, gamma: number): { cv: number; choked: boolean; x: number; xChoked: number } {
  const fGamma = (gamma > 0 && Number.isFinite(gamma) ? gamma : 1.4) / 1.4;
  const x = (upstreamPressure - downstreamPressure) / upstreamPressure;
  const unit = gasValveFlow(1, xT, upstreamPressure, downstreamPressure, density, gamma);
  return { cv: unit > 0 ? w / unit : NaN, choked: x >= fGamma * xT, x, xChoked: fGamma * xT };
}
