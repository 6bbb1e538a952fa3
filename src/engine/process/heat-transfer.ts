/**
 * Heaters/coolers (outlet temperature or duty) and the two-stream counter-current heat
 * exchanger rated by UA with the ε-NTU method, as the original computes it: each side's
 * capacity rate is its enthalpy change over the full inlet temperature difference (so phase
 * change is included in an average way), Q = ε·C_min·ΔT_in, both outlets by PH flash.
 */
import { streamAtPH, streamAtTP, type ProcessFailure, type StreamState } from './stream.js';

export interface HeaterSpec {
  /** K. Exactly one of outletTemperature and duty. */
  outletTemperature?: number;
  /** W, positive = heat added. */
  duty?: number;
  /** Pa; defaults to inlet pressure − pressureDrop. */
  outletPressure?: number;
  pressureDrop?: number;
}

export interface HeaterResult {
  ok: true;
  outlet: StreamState;
  /** W, positive = heat added. */
  duty: number;
}

export function heat(inlet: StreamState, spec: HeaterSpec): HeaterResult | ProcessFailure {
  const P = spec.outletPressure ?? inlet.flash.P - (spec.pressureDrop ?? 0);
  if (!(P > 0)) return { ok: false, code: 'PROCESS_ERROR', message: `Outlet pressure ${P / 1e5} bara is not positive` };
  if ((spec.outletTemperature === undefined) === (spec.duty === undefined)) {
    return { ok: false, code: 'PROCESS_ERROR', message: 'Give exactly one of outlet temperature and duty' };
  }
  const r =
    spec.outletTemperature !== undefined
      ? streamAtTP(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletTemperature, P)
      : streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, P, inlet.enthalpy + (spec.duty as number) / inlet.molarFlow, inlet.flash.T);
  if (!r.ok) return r;
  return { ok: true, outlet: r.stream, duty: inlet.molarFlow * (r.stream.enthalpy - inlet.enthalpy) };
}

export interface HeatExchangerResult {
  ok: true;
  /** Outlets in inlet order (index 0 = first inlet). */
  outlets: [StreamState, StreamState];
  /** W transferred from the hot to the cold side (≥ 0). */
  duty: number;
  effectiveness: number;
  NTU: number;
  /** Index of the hotter inlet. */
  hotSide: 0 | 1;
}

/** Counter-current ε-NTU effectiveness; the Cr → 1 limit is NTU/(1+NTU). */
export function counterflowEffectiveness(NTU: number, Cr: number): number {
  if (Math.abs(1 - Cr) < 1e-9) return NTU / (1 + NTU);
  const e = Math.exp(-NTU * (1 - Cr));
  return (1 - e) / (1 - Cr * e);
}

export function exchangeHeat(a: StreamState, b: StreamState, UA: number): HeatExchangerResult | ProcessFailure {
  if (!(UA >= 0) || !Number.isFinite(UA)) return { ok: false, code: 'PROCESS_ERROR', message: `UA must be a non-negative finite number of W/K, got ${UA}` };
  const hotSide: 0 | 1 = a.flash.T >= b.flash.T ? 0 : 1;
  const hot = hotSide === 0 ? a : b;
  const cold = hotSide === 0 ? b : a;
  const dT = hot.flash.T - cold.flash.T;
  if (dT <= 0 || UA === 0) return { ok: true, outlets: [a, b], duty: 0, effectiveness: 0, NTU: 0, hotSide };
  const hotLimit = streamAtTP(hot.fluid, hot.z, hot.molarFlow, cold.flash.T, hot.flash.P);
  if (!hotLimit.ok) return hotLimit;
  const coldLimit = streamAtTP(cold.fluid, cold.z, cold.molarFlow, hot.flash.T, cold.flash.P);
  if (!coldLimit.ok) return coldLimit;
  const qHot = hot.molarFlow * (hot.enthalpy - hotLimit.stream.enthalpy);
  const qCold = cold.molarFlow * (coldLimit.stream.enthalpy - cold.enthalpy);
  const cMin = Math.min(qHot, qCold) / dT;
  const cMax = Math.max(qHot, qCold) / dT;
  if (!(cMin > 0)) return { ok: false, code: 'PROCESS_ERROR', message: 'A heat-exchanger side has no heat capacity over the temperature range' };
  const NTU = UA / cMin;
  const effectiveness = counterflowEffectiveness(NTU, cMin / cMax);
  const duty = effectiveness * cMin * dT;
  const hotOut = streamAtPH(hot.fluid, hot.z, hot.molarFlow, hot.flash.P, hot.enthalpy - duty / hot.molarFlow, hot.flash.T);
  if (!hotOut.ok) return hotOut;
  const coldOut = streamAtPH(cold.fluid, cold.z, cold.molarFlow, cold.flash.P, cold.enthalpy + duty / cold.molarFlow, cold.flash.T);
  if (!coldOut.ok) return coldOut;
  const outlets: [StreamState, StreamState] = hotSide === 0 ? [hotOut.stream, coldOut.stream] : [coldOut.stream, hotOut.stream];
  return { ok: true, outlets, duty, effectiveness, NTU, hotSide };
}
