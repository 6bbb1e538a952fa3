/**
 * Units that change pressure: throttling valve (isenthalpic), compressor, expander and pump
 * (isentropic efficiency, or a stepwise polytropic path for compressors). Powers are in W,
 * positive when the unit consumes shaft work; heads are J/kg.
 */
import { streamAtPH, streamAtPS, type ProcessFailure, type StreamOutcome, type StreamState } from './stream.js';

/** Pressure steps of the polytropic path (the original's "detailed" method uses 40 as well). */
export const POLYTROPIC_STEPS = 40;

export function throttle(inlet: StreamState, outletPressure: number): StreamOutcome {
  if (outletPressure > inlet.flash.P) {
    return { ok: false, code: 'PROCESS_ERROR', message: `A valve cannot raise the pressure: outlet ${outletPressure / 1e5} bara > inlet ${inlet.flash.P / 1e5} bara` };
  }
  return streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, outletPressure, inlet.enthalpy, inlet.flash.T);
}

export interface MachineSpec {
  outletPressure: number;
  /** Used unless `polytropicEfficiency` is given. Default 1 (as the original). */
  isentropicEfficiency: number;
  /** When set, a compressor follows a polytropic path of POLYTROPIC_STEPS steps at this efficiency. */
  polytropicEfficiency?: number;
}

export interface MachineResult {
  ok: true;
  outlet: StreamState;
  /** W; positive for compressors and pumps, negative (work produced) for expanders. */
  power: number;
  /** J/kg, actual enthalpy change. */
  specificWork: number;
  /** J/kg, isentropic enthalpy change from inlet to outlet pressure. */
  isentropicHead: number;
  isentropicEfficiency: number;
  /** Set in polytropic mode: J/kg and the efficiency used. */
  polytropicHead?: number;
  polytropicEfficiency?: number;
  /** Isentropic outlet temperature, K. */
  isentropicOutletTemperature: number;
}

function efficiencyError(name: string, v: number): ProcessFailure | undefined {
  return v > 0 && v <= 1 ? undefined : { ok: false, code: 'PROCESS_ERROR', message: `${name} must be in (0, 1], got ${v}` };
}

function polytropicPath(inlet: StreamState, P2: number, eta: number): { ok: true; outlet: StreamState; head: number } | ProcessFailure {
  const ratio = Math.pow(P2 / inlet.flash.P, 1 / POLYTROPIC_STEPS);
  let s = inlet;
  let head = 0;
  for (let k = 1; k <= POLYTROPIC_STEPS; k++) {
    const P = k === POLYTROPIC_STEPS ? P2 : inlet.flash.P * Math.pow(ratio, k);
    const ideal = streamAtPS(s.fluid, s.z, s.molarFlow, P, s.entropy, s.flash.T);
    if (!ideal.ok) return ideal;
    const dHs = ideal.stream.enthalpy - s.enthalpy;
    head += dHs;
    const next = streamAtPH(s.fluid, s.z, s.molarFlow, P, s.enthalpy + dHs / eta, ideal.stream.flash.T);
    if (!next.ok) return next;
    s = next.stream;
  }
  return { ok: true, outlet: s, head: head / inlet.molarMass };
}

/** Compressor or pump (work input): outlet pressure above inlet pressure. */
export function compress(inlet: StreamState, spec: MachineSpec, kind = 'compressor'): MachineResult | ProcessFailure {
  const P1 = inlet.flash.P;
  if (!(spec.outletPressure > P1)) {
    return { ok: false, code: 'PROCESS_ERROR', message: `A ${kind} needs an outlet pressure above its inlet pressure (${P1 / 1e5} bara), got ${spec.outletPressure / 1e5} bara` };
  }
  const bad = efficiencyError('isentropicEfficiency', spec.isentropicEfficiency) ?? (spec.polytropicEfficiency !== undefined ? efficiencyError('polytropicEfficiency', spec.polytropicEfficiency) : undefined);
  if (bad) return bad;
  const ideal = streamAtPS(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletPressure, inlet.entropy, inlet.flash.T);
  if (!ideal.ok) return ideal;
  const dHs = ideal.stream.enthalpy - inlet.enthalpy;
  const M = inlet.molarMass;
  if (spec.polytropicEfficiency !== undefined) {
    const path = polytropicPath(inlet, spec.outletPressure, spec.polytropicEfficiency);
    if (!path.ok) return path;
    const dH = path.outlet.enthalpy - inlet.enthalpy;
    return {
      ok: true,
      outlet: path.outlet,
      power: inlet.molarFlow * dH,
      specificWork: dH / M,
      isentropicHead: dHs / M,
      isentropicEfficiency: dHs / dH,
      polytropicHead: path.head,
      polytropicEfficiency: spec.polytropicEfficiency,
      isentropicOutletTemperature: ideal.stream.flash.T,
    };
  }
  const dH = dHs / spec.isentropicEfficiency;
  const out = streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletPressure, inlet.enthalpy + dH, ideal.stream.flash.T);
  if (!out.ok) return out;
  return {
    ok: true,
    outlet: out.stream,
    power: inlet.molarFlow * dH,
    specificWork: dH / M,
    isentropicHead: dHs / M,
    isentropicEfficiency: spec.isentropicEfficiency,
    isentropicOutletTemperature: ideal.stream.flash.T,
  };
}

/** Expander (work output): the actual enthalpy drop is η times the isentropic one. */
export function expand(inlet: StreamState, spec: MachineSpec): MachineResult | ProcessFailure {
  const P1 = inlet.flash.P;
  if (!(spec.outletPressure < P1)) {
    return { ok: false, code: 'PROCESS_ERROR', message: `An expander needs an outlet pressure below its inlet pressure (${P1 / 1e5} bara), got ${spec.outletPressure / 1e5} bara` };
  }
  const bad = efficiencyError('isentropicEfficiency', spec.isentropicEfficiency);
  if (bad) return bad;
  const ideal = streamAtPS(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletPressure, inlet.entropy, inlet.flash.T);
  if (!ideal.ok) return ideal;
  const dHs = ideal.stream.enthalpy - inlet.enthalpy;
  const dH = dHs * spec.isentropicEfficiency;
  const out = streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletPressure, inlet.enthalpy + dH, ideal.stream.flash.T);
  if (!out.ok) return out;
  const M = inlet.molarMass;
  return {
    ok: true,
    outlet: out.stream,
    power: inlet.molarFlow * dH,
    specificWork: dH / M,
    isentropicHead: dHs / M,
    isentropicEfficiency: spec.isentropicEfficiency,
    isentropicOutletTemperature: ideal.stream.flash.T,
  };
}
