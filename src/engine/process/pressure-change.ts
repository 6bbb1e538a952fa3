/**
 * Units that change pressure: throttling valve (isenthalpic), compressor, expander and pump
 * (isentropic efficiency, or a stepwise polytropic path for compressors). Powers are in W,
 * positive when the unit consumes shaft work; heads are J/kg.
 */
import { phaseThermo } from '../properties/thermo.js';
import { streamAtPH, streamAtPS, type ProcessFailure, type StreamOutcome, type StreamState } from './stream.js';

/** Pressure steps of the "detailed" polytropic path (as the original's numberOfCompressorCalcSteps). */
export const POLYTROPIC_STEPS = 40;

/**
 * How a polytropic efficiency is applied: "schultz" (the original's default: Schultz's
 * compressibility functions at the suction and a polytropic volume exponent, calibrated to the
 * isentropic end state) or "detailed" (POLYTROPIC_STEPS equal pressure steps, each isentropic
 * then corrected by ηp: the path integral that defines polytropic efficiency).
 */
export type PolytropicMethod = 'schultz' | 'detailed';

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
  /** When set, a compressor is computed with this polytropic efficiency (by polytropicMethod). */
  polytropicEfficiency?: number;
  /** Default "schultz", as the original. */
  polytropicMethod?: PolytropicMethod;
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

/** The "detailed" path: equal pressure increments, each a PS flash then a PH flash at H + ΔHs/ηp. */
function detailedPath(inlet: StreamState, P2: number, eta: number): { ok: true; outlet: StreamState; head: number } | ProcessFailure {
  const dP = (P2 - inlet.flash.P) / POLYTROPIC_STEPS;
  let s = inlet;
  let head = 0;
  for (let k = 1; k <= POLYTROPIC_STEPS; k++) {
    const P = k === POLYTROPIC_STEPS ? P2 : inlet.flash.P + k * dP;
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

/** Mass density (kg/m3, volume-shifted as reported) and the volume derivatives of a stream per mole. */
function volumetrics(s: StreamState): { density: number; V: number; dVdT: number; dVdP: number } {
  const model = s.fluid.model;
  const at = model.atTemperature(s.flash.T);
  let V = 0;
  let Vshifted = 0;
  let dVdT = 0;
  let dVdP = 0;
  for (const p of s.flash.phases) {
    const th = phaseThermo(model, at, s.flash.P, p.x, p.V);
    V += p.beta * p.V;
    Vshifted += p.beta * th.molarVolume;
    dVdT += p.beta * (-th.dPdT / th.dPdV);
    dVdP += p.beta / th.dPdV;
  }
  return { density: s.molarMass / Vshifted, V, dVdT, dVdP };
}

/**
 * Schultz (1962) polytropic compression from the suction state and the isentropic end state:
 * X = T/V·(∂V/∂T)_P − 1 and Y = −P/V·(∂V/∂P)_T at the suction give the polytropic volume exponent
 * n from the isentropic one n_s = ln(P2/P1)/ln(ρ_s/ρ1); the head is n/(n−1)·P1/ρ1·((P2/P1)^((n−1)/n) − 1)
 * times Schultz's factor f = Δh_s / (n_s/(n_s−1)·(P2/ρ_s − P1/ρ1)), and the work is head/ηp.
 */
function schultzWork(inlet: StreamState, ideal: StreamState, P2: number, eta: number): { work: number; head: number } | undefined {
  const P1 = inlet.flash.P;
  const suction = volumetrics(inlet);
  const X = (inlet.flash.T / suction.V) * suction.dVdT - 1;
  const Y = (-P1 / suction.V) * suction.dVdP;
  const rho1 = suction.density;
  const rhoS = volumetrics(ideal).density;
  const ns = Math.log(P2 / P1) / Math.log(rhoS / rho1);
  const n = (1 + X) / ((1 / ns) * (1 / eta + X) - Y * (1 / eta - 1));
  const dhs = (ideal.enthalpy - inlet.enthalpy) / inlet.molarMass;
  const f = dhs / ((ns / (ns - 1)) * (P2 / rhoS - P1 / rho1));
  const head = (n / (n - 1)) * f * (P1 / rho1) * (Math.pow(P2 / P1, (n - 1) / n) - 1);
  const work = head / eta;
  return Number.isFinite(work) && work > 0 ? { work, head } : undefined;
}

/** The outlet at the isentropic end state's pressure with molar enthalpy change dH (J/mol), and the machine figures. */
function byIsentropicEfficiency(inlet: StreamState, ideal: StreamState, dH: number, eta: number): MachineResult | ProcessFailure {
  const out = streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, ideal.flash.P, inlet.enthalpy + dH, ideal.flash.T);
  if (!out.ok) return out;
  const M = inlet.molarMass;
  return {
    ok: true,
    outlet: out.stream,
    power: inlet.molarFlow * dH,
    specificWork: dH / M,
    isentropicHead: (ideal.enthalpy - inlet.enthalpy) / M,
    isentropicEfficiency: eta,
    isentropicOutletTemperature: ideal.flash.T,
  };
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
    const eta = spec.polytropicEfficiency;
    let outlet: StreamState;
    let head: number;
    if ((spec.polytropicMethod ?? 'schultz') === 'detailed') {
      const path = detailedPath(inlet, spec.outletPressure, eta);
      if (!path.ok) return path;
      outlet = path.outlet;
      head = path.head;
    } else {
      const w = schultzWork(inlet, ideal.stream, spec.outletPressure, eta);
      if (w === undefined) return { ok: false, code: 'PROCESS_ERROR', message: 'The Schultz polytropic analysis is not defined for this compression (volume exponent ≤ 1 or no density rise); use polytropicMethod "detailed"' };
      const out = streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, spec.outletPressure, inlet.enthalpy + w.work * M, ideal.stream.flash.T);
      if (!out.ok) return out;
      outlet = out.stream;
      head = w.head;
    }
    const dH = outlet.enthalpy - inlet.enthalpy;
    return {
      ok: true,
      outlet,
      power: inlet.molarFlow * dH,
      specificWork: dH / M,
      isentropicHead: dHs / M,
      isentropicEfficiency: dHs / dH,
      polytropicHead: head,
      polytropicEfficiency: eta,
      isentropicOutletTemperature: ideal.stream.flash.T,
    };
  }
  return byIsentropicEfficiency(inlet, ideal.stream, dHs / spec.isentropicEfficiency, spec.isentropicEfficiency);
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
  return byIsentropicEfficiency(inlet, ideal.stream, dHs * spec.isentropicEfficiency, spec.isentropicEfficiency);
}
