/**
 * Steady-state control-valve sizing of a throttling valve by IEC 60534-2-1 (the equations of
 * ../dynamic/valves.ts, Cv form, linear characteristic: effective Cv = opening · Cv):
 *  - the Cv the flow needs at the operating pressure drop, and whether the flow is choked
 *    (liquid: Δp ≥ FL²(p1 − FF·pv), pv the bubble-point pressure of the liquid at T1 and pc its
 *    mole-averaged critical pressure; gas: x ≥ Fγ·xT);
 *  - the outlet pressure a given Cv and opening impose on the flow (closed form for liquids,
 *    bisection on x for gases), refused when even the choked flow is less than the flow.
 * A two-phase inlet is outside IEC 60534-2-1 and is not sized (undefined).
 */
import { bubblePointPressure } from '../flash/saturation.js';
import { phaseThermo } from '../properties/thermo.js';
import { gasRequiredCv, gasValveFlow, KV_PER_CV, liquidChokedDifferential, liquidRequiredCv, liquidValveFlow } from '../dynamic/valves.js';
import type { ProcessFailure, StreamState } from './stream.js';

export interface ValveCoefficients {
  /** US Cv at full opening, when the valve's size is given. */
  cv?: number;
  /** Opening, 0..1 (default 1). */
  opening?: number;
  /** IEC pressure-differential ratio factor (gas) and liquid pressure-recovery factor. */
  xT: number;
  FL: number;
}

interface InletState {
  regime: 'liquid' | 'gas';
  density: number;
  gamma: number;
  /** Liquid only: bubble-point pressure at T1 and pseudo-critical pressure, Pa. */
  vapourPressure: number;
  criticalPressure: number;
}

export interface ValveSizing {
  regime: 'liquid' | 'gas';
  requiredCv: number;
  requiredKv: number;
  choked: boolean;
  /** Opening (0..1) the given Cv needs to pass the flow at this pressure drop; > 1 = too small. */
  requiredOpening?: number;
}

function inletState(s: StreamState): InletState | undefined {
  const phases = s.flash.phases.filter((p) => p.beta > 1e-9);
  if (phases.length !== 1) return undefined;
  const p = phases[0];
  const model = s.fluid.model;
  const th = phaseThermo(model, model.atTemperature(s.flash.T), s.flash.P, p.x, p.V);
  if (p.label === 'gas') return { regime: 'gas', density: th.density, gamma: th.cp / th.cv, vapourPressure: 0, criticalPressure: 0 };
  let pc = 0;
  model.components.forEach((c, i) => (pc += s.z[i] * c.pc));
  const bubble = bubblePointPressure(model, s.flash.T, s.z, s.flash.P);
  // A liquid whose bubble point cannot be found is treated as far from flashing (pv = 0).
  return { regime: 'liquid', density: th.density, gamma: NaN, vapourPressure: bubble.ok ? Math.min(bubble.value, s.flash.P) : 0, criticalPressure: pc };
}

/** Sizing at the operating point inlet → outletPressure; undefined for a two-phase inlet. */
export function sizeValve(inlet: StreamState, outletPressure: number, c: ValveCoefficients): ValveSizing | undefined {
  const st = inletState(inlet);
  if (!st || !(inlet.flash.P > outletPressure)) return undefined;
  const w = inlet.molarFlow * inlet.molarMass;
  const r = st.regime === 'gas'
    ? gasRequiredCv(w, c.xT, inlet.flash.P, outletPressure, st.density, st.gamma)
    : liquidRequiredCv(w / st.density, c.FL, inlet.flash.P, outletPressure, st.density, st.vapourPressure, st.criticalPressure);
  const out: ValveSizing = { regime: st.regime, requiredCv: r.cv, requiredKv: r.cv * KV_PER_CV, choked: r.choked };
  if (c.cv !== undefined) out.requiredOpening = r.cv / c.cv;
  return out;
}

/** The outlet pressure at which a valve of Cv·opening passes the inlet's flow. */
export function valveOutletPressure(inlet: StreamState, c: ValveCoefficients & { cv: number }): { ok: true; P: number } | ProcessFailure {
  const st = inletState(inlet);
  if (!st) return { ok: false, code: 'PROCESS_ERROR', message: 'the valve inlet is two-phase: IEC 60534-2-1 sizing covers liquid or gas only; give outletPressure' };
  const C = c.cv * (c.opening ?? 1);
  const p1 = inlet.flash.P;
  const w = inlet.molarFlow * inlet.molarMass;
  if (st.regime === 'liquid') {
    const q = w / st.density;
    const perRootDp = liquidValveFlow(C, p1, p1 - 1, st.density); // flow at Δp = 1 Pa
    const dp = (q / perRootDp) ** 2;
    const limit = liquidChokedDifferential(c.FL, p1, st.vapourPressure, st.criticalPressure);
    if (dp >= limit || dp >= p1) return { ok: false, code: 'PROCESS_ERROR', message: `the valve (Cv ${c.cv} at ${((c.opening ?? 1) * 100).toFixed(1)} %) cannot pass the flow: it needs Δp ${(dp / 1e5).toPrecision(4)} bar, more than the choked limit ${(limit / 1e5).toPrecision(4)} bar` };
    return { ok: true, P: p1 - dp };
  }
  const xc = (st.gamma / 1.4) * c.xT;
  const flowAt = (x: number) => gasValveFlow(C, c.xT, p1, p1 * (1 - x), st.density, st.gamma);
  if (flowAt(xc) < w) return { ok: false, code: 'PROCESS_ERROR', message: `the valve (Cv ${c.cv} at ${((c.opening ?? 1) * 100).toFixed(1)} %) cannot pass the flow even choked (${(flowAt(xc) * 3600).toPrecision(5)} kg/h < ${(w * 3600).toPrecision(5)} kg/h)` };
  let lo = 0;
  let hi = xc;
  for (let k = 0; k < 200 && hi - lo > 1e-14; k++) {
    const mid = (lo + hi) / 2;
    if (flowAt(mid) < w) lo = mid;
    else hi = mid;
  }
  return { ok: true, P: p1 * (1 - (lo + hi) / 2) };
}
