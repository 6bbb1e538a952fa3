/**
 * The one-dimensional temperature search shared by the state flashes (PH, PS: a TP flash per
 * point; UV: a TV flash per point). The residual f(T) = X(T) − X_spec rises with T for a stable
 * state, so the search first brackets the root, stepping by a slightly overshot Newton estimate
 * from the single-phase slope, then closes it by Newton steps safeguarded by bisection (a secant
 * slope once two multiphase points exist, because Σβ·Cp underestimates the slope across a phase
 * split). An inner flash that fails at one temperature is retried at nearby points.
 */
import type { FlashErrorCode, FlashResult } from './phase-state.js';
import { STATE_FLASH_T_MAX, STATE_FLASH_T_MIN } from './temperature-range.js';

export interface TemperaturePoint {
  T: number;
  /** X(T) − X_spec */
  f: number;
  /** Single-phase dX/dT: exact for one phase, too shallow for several. */
  slope: number;
  result: FlashResult;
}

export type PointOutcome = { ok: true; point: TemperaturePoint } | { ok: false; code: FlashErrorCode; message: string };

export interface TemperatureSearch<O> {
  /** e.g. "PH flash", for messages */
  label: string;
  /** e.g. "TP flash" */
  inner: string;
  T0: number;
  tol: number;
  /** Smallest bracketing step at temperature T, K. */
  minStep: (T: number) => number;
  /** Relative moves of T0 tried when the inner flash fails there. */
  startOffsets: readonly number[];
  /** Relative bracket width below which the bracket counts as collapsed. */
  collapse: number;
  describe: (p: TemperaturePoint) => string;
  /** Message when the spec lies beyond the temperature limit the search has reached. */
  beyondLimit: (p: TemperaturePoint, up: boolean) => string;
  residualUnit: string;
  done: (p: TemperaturePoint, note: string) => O;
  fail: (code: FlashErrorCode, message: string) => O;
  /** The bracket has shrunk to `collapse`·T without f reaching tol: a jump (phase change) or round-off. */
  collapsed: (lo: TemperaturePoint, hi: TemperaturePoint) => O;
}

const MAX_BRACKET_STEPS = 60;
const MAX_SOLVE_STEPS = 200;
/** Where in the bracket to retry when the inner flash fails at the Newton or bisection point. */
const RETRY_FRACTIONS = [0.5, 0.3, 0.7, 0.1, 0.9];
const clampT = (T: number) => Math.min(STATE_FLASH_T_MAX, Math.max(STATE_FLASH_T_MIN, T));

export function solveForTemperature<O>(evaluate: (T: number) => PointOutcome, s: TemperatureSearch<O>): O {
  let first = evaluate(s.T0);
  for (let k = 0; !first.ok && k < s.startOffsets.length; k++) first = evaluate(clampT(s.T0 * (1 + s.startOffsets[k])));
  if (!first.ok) return s.fail(first.code, `${s.label}: ${s.inner} at the initial temperature ${s.T0} K and near it failed: ${first.message}`);
  let cur = first.point;
  if (Math.abs(cur.f) <= s.tol) return s.done(cur, 'initial guess');

  // 1. Bracket: f < 0 needs a higher temperature.
  let lo: TemperaturePoint | undefined = cur.f < 0 ? cur : undefined;
  let hi: TemperaturePoint | undefined = cur.f > 0 ? cur : undefined;
  for (let step = 0; !(lo && hi); step++) {
    if (step >= MAX_BRACKET_STEPS) return s.fail('FLASH_NOT_CONVERGED', `${s.label}: no temperature bracket found in ${MAX_BRACKET_STEPS} steps (last ${s.describe(cur)})`);
    const up = cur.f < 0;
    if (cur.T === (up ? STATE_FLASH_T_MAX : STATE_FLASH_T_MIN)) return s.fail('FLASH_ERROR', s.beyondLimit(cur, up));
    // Overshoot the Newton estimate slightly so that a good estimate brackets at once.
    const newton = cur.slope > 0 && Number.isFinite(cur.slope) ? (1.2 * Math.abs(cur.f)) / cur.slope : cur.T;
    const move = Math.max(newton, s.minStep(cur.T));
    let target = clampT(up ? Math.min(cur.T + move, 2 * cur.T) : Math.max(cur.T - move, cur.T / 2));
    let next = evaluate(target);
    // An inner flash that fails far away is retried closer to the last good point.
    for (let k = 0; !next.ok && k < 6; k++) {
      target = 0.5 * (target + cur.T);
      next = evaluate(target);
    }
    if (!next.ok) return s.fail(next.code, `${s.label}: ${s.inner} failed near ${target.toFixed(4)} K while bracketing: ${next.message}`);
    cur = next.point;
    if (Math.abs(cur.f) <= s.tol) return s.done(cur, 'converged while bracketing');
    if (cur.f < 0) lo = cur;
    else hi = cur;
  }

  // 2. Safeguarded Newton / secant inside [lo, hi].
  let prev: TemperaturePoint | undefined;
  let stepOld = hi.T - lo.T;
  let step = stepOld;
  for (let it = 0; it < MAX_SOLVE_STEPS; it++) {
    if (hi.T - lo.T <= s.collapse * hi.T) return s.collapsed(lo, hi);
    let slope = cur.slope;
    if (cur.result.phases.length > 1 && prev && prev.T !== cur.T) {
      const secant = (cur.f - prev.f) / (cur.T - prev.T);
      if (secant > 0 && Number.isFinite(secant)) slope = secant;
    }
    const newtonStep = slope > 0 && Number.isFinite(slope) ? -cur.f / slope : NaN;
    const Tn = cur.T + newtonStep;
    let Tnext: number;
    stepOld = step;
    if (!(Tn > lo.T && Tn < hi.T) || Math.abs(2 * newtonStep) > Math.abs(stepOld)) {
      Tnext = 0.5 * (lo.T + hi.T);
      step = Tnext - cur.T;
    } else {
      step = newtonStep;
      Tnext = Tn;
    }
    let next = evaluate(Tnext);
    // An inner flash can fail at isolated temperatures (e.g. near a three-phase boundary); another
    // point inside the bracket still shrinks it, so try a few before giving up.
    for (let k = 0; !next.ok && k < RETRY_FRACTIONS.length; k++) {
      const Ttry = lo.T + RETRY_FRACTIONS[k] * (hi.T - lo.T);
      if (Ttry === Tnext) continue;
      const alt = evaluate(Ttry);
      if (alt.ok) {
        next = alt;
        stepOld = step = Ttry - cur.T;
      }
    }
    if (!next.ok) return s.fail(next.code, `${s.label}: ${s.inner} failed at ${Tnext.toFixed(6)} K and at ${RETRY_FRACTIONS.length} other points between ${lo.T.toFixed(6)} and ${hi.T.toFixed(6)} K: ${next.message}`);
    prev = cur;
    cur = next.point;
    if (Math.abs(cur.f) <= s.tol) return s.done(cur, 'converged');
    if (cur.f < 0) lo = cur;
    else hi = cur;
  }
  return s.fail('FLASH_NOT_CONVERGED', `${s.label} did not converge in ${MAX_SOLVE_STEPS} steps: bracket ${lo.T} … ${hi.T} K, residual ${cur.f.toExponential(3)} ${s.residualUnit}`);
}
