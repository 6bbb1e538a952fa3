/**
 * Phase envelope of a mixture (P–T saturation curve), assembled from segments traced by
 * natural-parameter continuation (envelope-continuation.ts, after Michelsen 1980):
 *
 * 1. From the dew point at the low pressure Pmin, up round the cricondentherm and cricondenbar,
 *    through the critical point and down the bubble curve to Pmin.
 * 2. Every third point is checked by a tangent-plane screen and, where it finds a candidate phase,
 *    a TP flash with stability analysis; the points between two checked ones that agree without
 *    doubt take their flag, the others are checked too (markUnstable). Where the traced dew curve stops
 *    being a boundary of the stable region (the feed splits into other phases of comparable
 *    amounts: another liquid condenses first, e.g. a methane-rich liquid instead of a CO2-rich one
 *    in a nitrogen-rich gas), the trace has lost the stable branch: a new seed is solved at that
 *    pressure from the compositions of the split, and the new branch is traced both ways.
 * 3. When no segment came back down to Pmin past a critical point (the corrector gave up, or the
 *    dew curve climbed to Pmax), the bubble curve is traced from its own seed at Pmin upwards (kept
 *    when some of it is a stable boundary). When it and the bubble curve past the critical point
 *    both end where the feed splits into three phases, the envelope is complete: the stable
 *    boundary between them is a three-phase one, which no two-phase saturation curve follows.
 *
 * The critical point is where the ln K cross zero, solved from the criticality conditions
 * (critical-point.ts) seeded there; the cricondenbar and cricondentherm are the
 * extremes of the stable part of the curve, located by solving dT/d ln P = 0 (resp.
 * dP/d ln T = 0) on the traced branch. A curve still rising at Pmax (hydrogen- or nitrogen-rich
 * gases with a cubic equation) has no cricondenbar below it: it is then not reported, and the
 * stop reason says so.
 */
import type { RootChoice, ThermoModel } from '../eos/types.js';
import { correct, evaluator, extrapolate, rootsOf, sensitivities, traceSegment, type Branch, type EnvelopePoint, type Segment, type TraceLimits } from './envelope-continuation.js';
import { bubblePointTemperature, dewPointTemperature, pureSaturationPressure, pureSaturationTemperature } from './saturation.js';
import { flashTP, heaviestComponent } from './tp-flash.js';
import { pureTrial, stabilityAnalysis, wilsonTrials } from './stability.js';
import { solveCriticalPoint, statesTowardsCritical } from './critical-point.js';

export type { EnvelopePoint } from './envelope-continuation.js';

export interface EnvelopeOptions {
  /** Pressure the trace starts and ends at, Pa (default 1 bar). */
  Pmin?: number;
  /** Highest pressure followed, Pa (default 1000 bar); a curve reaching it ends exactly on it. */
  Pmax?: number;
  /** At most this many points per traced segment (default 1000). */
  maxPoints?: number;
  /** Scales the largest step in ln T, ln P and ln K (default 1; smaller gives a denser trace). */
  stepScale?: number;
  /** Look for a third phase when checking each point's stability (default true). */
  multiPhaseCheck?: boolean;
}

export type EnvelopeOutcome =
  | {
      ok: true;
      /** Every traced segment's points, segment after segment, each in trace order. */
      points: EnvelopePoint[];
      /** Undefined when no segment passed it (see `complete` and `stopReason`). */
      critical?: { T: number; P: number };
      /** Undefined when the curve still rises at Pmax. */
      cricondenbar?: { T: number; P: number };
      cricondentherm: { T: number; P: number };
      /** True when a segment went from Pmin round the critical point and back down to Pmin (or, one component, reached the critical point). */
      complete: boolean;
      stopReason: string;
      newtonIterations: number;
      /** Number of traced segments (1 for a trace that never lost its branch). */
      segments: number;
      /** ln K_i = ln(y_i / x_i) of every point, parallel to `points` (for polishing a point on the curve). */
      lnK: Float64Array[];
    }
  | { ok: false; code: 'ENVELOPE_ERROR'; message: string };

/** A restart seed must differ from the lost point by this much in some ln K (else it is the same branch). */
const NEW_BRANCH_LNK = 0.05;

/** Vertex of the parabola through three points (x, y) as (x at max y, max y); the middle point if degenerate. */
function parabolaMax(p0: [number, number], p1: [number, number], p2: [number, number]): [number, number] {
  const [x0, y0] = p0;
  const [x1, y1] = p1;
  const [x2, y2] = p2;
  const d = (x0 - x1) * (x0 - x2) * (x1 - x2);
  if (d === 0) return p1;
  const A = (x2 * (y1 - y0) + x1 * (y0 - y2) + x0 * (y2 - y1)) / d;
  const B = (x2 * x2 * (y0 - y1) + x1 * x1 * (y2 - y0) + x0 * x0 * (y1 - y2)) / d;
  const C = (x1 * x2 * (x1 - x2) * y0 + x2 * x0 * (x2 - x0) * y1 + x0 * x1 * (x0 - x1) * y2) / d;
  if (!(A < 0)) return p1;
  const xv = -B / (2 * A);
  if (!(xv >= Math.min(x0, x2) && xv <= Math.max(x0, x2))) return p1;
  return [xv, C - (B * B) / (4 * A)];
}

/** Cricondenbar (largest P) or cricondentherm (largest T), refined by a parabola through its neighbours. */
function extreme(points: EnvelopePoint[], by: 'P' | 'T'): { T: number; P: number } {
  let k = 0;
  for (let i = 1; i < points.length; i++) if (points[i][by] > points[k][by]) k = i;
  if (k === 0 || k === points.length - 1) return { T: points[k].T, P: points[k].P };
  const other = by === 'P' ? 'T' : 'P';
  const [o, v] = parabolaMax([points[k - 1][other], points[k - 1][by]], [points[k][other], points[k][by]], [points[k + 1][other], points[k + 1][by]]);
  return by === 'P' ? { T: o, P: v } : { T: v, P: o };
}

/**
 * One component: the vapour-pressure curve from Pmin up to the critical point. A cubic equation
 * reproduces the component's Tc and Pc exactly (its a and b are fitted to them, α(Tc) = 1), so
 * those are the critical point; the curve's last point is at 0.9999 Tc.
 */
function pureEnvelope(model: ThermoModel, Pmin: number, maxPoints: number): EnvelopeOutcome {
  const start = pureSaturationTemperature(model, Pmin);
  if (!start.ok) return { ok: false, code: 'ENVELOPE_ERROR', message: `no saturation temperature at ${Pmin} Pa: ${start.message}` };
  const c = model.components[0];
  const points: EnvelopePoint[] = [{ T: start.T, P: start.P, branch: 'dew', stable: true, segment: 0 }];
  const steps = Math.min(maxPoints, 60) - 1;
  const Tlast = c.tc * (1 - 1e-4);
  let P = start.P;
  for (let i = 1; i <= steps; i++) {
    // Denser towards the critical point, where the curve bends most.
    const T = start.T + (Tlast - start.T) * (1 - (1 - i / steps) ** 2);
    const sat = pureSaturationPressure(model, T, P);
    if (!sat.ok) return { ok: false, code: 'ENVELOPE_ERROR', message: `vapour pressure at ${T} K: ${sat.message}` };
    P = sat.P;
    points.push({ T, P, branch: 'dew', stable: true, segment: 0 });
  }
  const critical = { T: c.tc, P: c.pc };
  return { ok: true, points, critical, cricondenbar: critical, cricondentherm: critical, complete: true, stopReason: 'one component: vapour-pressure curve up to the critical point', newtonIterations: 0, segments: 1, lnK: points.map(() => new Float64Array(1)) };
}


/** The converged envelope state at a saturation point (T, P) with incipient composition w. */
function seedState(model: ThermoModel, z: Float64Array, branch: Branch, T: number, P: number, w: ArrayLike<number>): Float64Array | undefined {
  const n = model.nc;
  const X = new Float64Array(n + 2);
  // ln K_i = ln(z_i / w_i) on either branch: the equations take the incipient phase as z / K
  // (on the bubble branch the K of the light components are below 1).
  for (let i = 0; i < n; i++) X[i] = Math.log(z[i] / w[i]);
  X[n] = Math.log(T);
  X[n + 1] = Math.log(P);
  if (!X.every(Number.isFinite)) return undefined;
  const ev = evaluator(model, z, rootsOf(branch));
  if (!correct(ev, X, n + 1).ok) return undefined;
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.abs(X[i]);
  return s < 1e-4 ? undefined : X;
}

/** Saturation point of kind `branch` at Pmin as an envelope state (the successive-substitution solver finds it). */
function lowPressureSeed(model: ThermoModel, z: Float64Array, branch: Branch, Pmin: number): Float64Array | { message: string } {
  let tGuess = 0;
  for (let i = 0; i < model.nc; i++) tGuess += z[i] * model.components[i].tc;
  const sat = branch === 'dew' ? dewPointTemperature(model, Pmin, z, 0.7 * tGuess) : bubblePointTemperature(model, Pmin, z, 0.5 * tGuess);
  if (!sat.ok) return { message: sat.message };
  return seedState(model, z, branch, sat.T, Pmin, sat.incipient) ?? { message: `the ${branch} point at ${Pmin} Pa did not converge in the envelope equations` };
}

/**
 * Where the dew curve of a segment stops being a stable boundary (a stable point followed by an
 * unstable one): a seed on the branch that condenses first there. The feed at the first unstable
 * point splits (TP flash with stability analysis); each split phase's composition starts a
 * Newton solve of the dew point at that pressure. Undefined when none lands on a new branch.
 */
function restartSeed(model: ThermoModel, z: Float64Array, seg: Segment, multiPhaseCheck: boolean): Float64Array | undefined {
  const n = model.nc;
  const i = seg.points.findIndex((p, k) => k > 0 && !p.stable && seg.points[k - 1].stable && p.branch === 'dew');
  if (i < 0) return undefined;
  const p = seg.points[i];
  const f = flashTP(model, p.T, p.P, z, { multiPhaseCheck });
  if (!f.ok || f.result.phases.length < 2) return undefined;
  // The densest phases first: the liquid that condenses first is the new incipient phase.
  const candidates = [...f.result.phases].sort((a, b) => a.V - b.V);
  for (const phase of candidates) {
    const X = seedState(model, z, 'dew', p.T, p.P, phase.x);
    if (!X) continue;
    let change = 0;
    for (let k = 0; k < n; k++) change = Math.max(change, Math.abs(X[k] - seg.lnKs[i][k]));
    if (change > NEW_BRANCH_LNK) return X;
  }
  return undefined;
}

/** The phase envelope of feed z; see the module comment. */
export function phaseEnvelope(model: ThermoModel, zIn: ArrayLike<number>, options: EnvelopeOptions = {}): EnvelopeOutcome {
  const limits: TraceLimits = { Pmin: options.Pmin ?? 1e5, Pmax: options.Pmax ?? 1e8, maxPoints: options.maxPoints ?? 1000, stepScale: options.stepScale ?? 1 };
  const multiPhaseCheck = options.multiPhaseCheck ?? true;
  if (zIn.length !== model.nc) return { ok: false, code: 'ENVELOPE_ERROR', message: `composition has ${zIn.length} entries for ${model.nc} components` };
  if (model.nc === 1) return pureEnvelope(model, limits.Pmin, limits.maxPoints);
  const z = Float64Array.from(zIn);
  const segments: Segment[] = [];
  const labels: string[] = [];
  /** Traces and checks a segment; kept unless `keep` refuses it. */
  const add = (seed: Float64Array, branch: Branch, direction: 1 | -1, label: string, keep: (seg: Segment) => boolean = () => true) => {
    const seg = traceSegment(model, z, seed, branch, direction, limits, segments.length);
    markUnstable(model, z, seg, multiPhaseCheck);
    if (!keep(seg)) return undefined;
    segments.push(seg);
    labels.push(label);
    return seg;
  };
  const dewSeed = lowPressureSeed(model, z, 'dew', limits.Pmin);
  if (!(dewSeed instanceof Float64Array)) return { ok: false, code: 'ENVELOPE_ERROR', message: `no dew point at the starting pressure ${limits.Pmin} Pa: ${dewSeed.message}` };
  add(dewSeed, 'dew', 1, `from the dew point at ${(limits.Pmin / 1e5).toPrecision(4)} bara`);
  // A restart where the first trace's dew curve stops being the stable boundary: the new branch
  // both ways (down to Pmin it is usually metastable, but another program's trace may follow it).
  const seed = restartSeed(model, z, segments[0], multiPhaseCheck);
  if (seed) {
    const at = `${Math.exp(seed[model.nc]).toFixed(2)} K, ${(Math.exp(seed[model.nc + 1]) / 1e5).toPrecision(4)} bara`;
    add(seed, 'dew', 1, `restarted up from the dew point of another liquid at ${at}`);
    add(seed, 'dew', -1, `restarted down from the dew point at ${at}`);
  }
  const closed = (seg: Segment) => seg.critical !== undefined && seg.end === 'Pmin';
  let upFromPmin: Segment | undefined;
  if (!segments.some(closed)) {
    const bubbleSeed = lowPressureSeed(model, z, 'bubble', limits.Pmin);
    // Kept when some of it is a stable boundary (else it adds nothing to the phase diagram).
    if (bubbleSeed instanceof Float64Array) upFromPmin = add(bubbleSeed, 'bubble', 1, `from the bubble point at ${(limits.Pmin / 1e5).toPrecision(4)} bara`, (seg) => seg.points.some((p) => p.stable));
  }
  const points = segments.flatMap((seg) => seg.points);
  if (points.length < 2) return { ok: false, code: 'ENVELOPE_ERROR', message: `the envelope trace stopped at its first point (${segments[0].stopReason})` };
  // Also complete: the bubble curve past the critical point and the one traced up from Pmin both
  // end where the feed splits into three phases (their last points not stable boundaries): the
  // stable boundary between them is a three-phase one, which no two-phase saturation curve
  // follows, and the two segments cover the two-phase envelope from Pmin round to Pmin.
  const endsUnstable = (seg: Segment) => seg.end === 'lost' && !seg.points[seg.points.length - 1].stable;
  const meetsThreePhase = upFromPmin !== undefined && upFromPmin.critical === undefined && endsUnstable(upFromPmin) && segments.some((seg) => seg !== upFromPmin && seg.critical !== undefined && endsUnstable(seg));
  const complete = segments.some(closed) || meetsThreePhase;
  const threePhase = meetsThreePhase ? 'complete: the bubble curve past the critical point and the one traced up from the low pressure both end where the feed splits into three phases (points marked stable: false), whose boundary no two-phase saturation curve follows; ' : '';
  const stopReason = threePhase + (segments.length === 1 ? segments[0].stopReason : segments.map((seg, i) => `segment ${i + 1} (${labels[i]}): ${seg.stopReason}`).join('; '));
  // The critical point of a segment whose points around it are stable, else of any segment.
  const withCritical = segments.filter((seg) => seg.critical !== undefined);
  const interpolated = (withCritical.find((seg) => seg.points.some((p) => p.branch !== seg.points[0].branch && p.stable)) ?? withCritical[0])?.critical;
  // The interpolation between the two traced points around ln K = 0 only seeds the solve of the
  // criticality conditions (critical-point.ts); it can lie off the curve by the trace's step.
  const solved = interpolated === undefined ? undefined : solveCriticalPoint(model, z, interpolated);
  const critical = solved === undefined ? interpolated : { T: solved.T, P: solved.P };
  // Solved at most once for both extremes (each solve is a Newton run per state), and only when
  // the stretch can reach past the extreme found without it (stretchBound).
  let stretch: { T: number; P: number }[] | undefined;
  const aroundCritical = (by: 'T' | 'P', top: number) => {
    if (critical === undefined || !(stretchBound(segments, critical, by) > top)) return [];
    return (stretch ??= statesAroundCritical(model, z, segments, critical));
  };
  const cricondentherm = extremeOf(model, z, segments, 'T', critical, aroundCritical);
  const topP = extremeOf(model, z, segments, 'P', critical, aroundCritical);
  const openAbove = segments.some((seg) => seg.end === 'Pmax');
  return {
    ok: true,
    points,
    critical,
    cricondenbar: openAbove ? undefined : topP,
    cricondentherm,
    complete,
    stopReason,
    newtonIterations: segments.reduce((a, seg) => a + seg.iterations, 0),
    segments: segments.length,
    lnK: segments.flatMap((seg) => seg.lnKs),
  };
}

/**
 * Cricondentherm (by 'T') or cricondenbar (by 'P'): the largest T or P over the stable points
 * (all points when none is stable), refined where it lies between two traced points of one
 * segment by solving d(ln T)/d(ln P) = 0 (resp. d(ln P)/d(ln T) = 0) there; the critical point
 * is on the curve too, so an extreme is never below it.
 */
function extremeOf(
  model: ThermoModel,
  z: Float64Array,
  segments: Segment[],
  by: 'T' | 'P',
  critical: { T: number; P: number } | undefined,
  aroundCritical: (by: 'T' | 'P', top: number) => readonly { T: number; P: number }[],
): { T: number; P: number } {
  const anyStable = segments.some((seg) => seg.points.some((p) => p.stable));
  let best: { s: number; k: number } | undefined;
  segments.forEach((seg, s) =>
    seg.points.forEach((p, k) => {
      if ((p.stable || !anyStable) && (best === undefined || p[by] > segments[best.s].points[best.k][by])) best = { s, k };
    }),
  );
  const seg = segments[best!.s];
  const k = best!.k;
  const pts = seg.points;
  let found: { T: number; P: number } = { T: pts[k].T, P: pts[k].P };
  if (k > 0 && k < pts.length - 1 && pts[k - 1].stable === pts[k].stable && pts[k + 1].stable === pts[k].stable) {
    // A parabola through points either side of the critical point (dew, then bubble) overshoots
    // the curve, which turns round the critical point: there the critical point bounds it.
    const oneBranch = pts[k - 1].branch === pts[k].branch && pts[k + 1].branch === pts[k].branch;
    found = solveExtreme(model, z, seg, k, by) ?? (oneBranch ? extreme(pts.slice(k - 1, k + 2), by) : found);
  }
  if (critical === undefined) return found;
  // The trace steps over the critical point (last dew point, then first bubble point); the curve
  // between them turns round it and can reach further than either point and than the critical
  // point itself (the cricondentherm of a narrow-boiling mixture lies just past it on the dew
  // side): the states solved on that stretch are on the curve and bound it from below.
  let top = critical[by] > found[by] ? critical : found;
  for (const state of aroundCritical(by, top[by])) if (state[by] > top[by]) top = state;
  return top;
}

/** The last dew point and first bubble point (indices j − 1, j) of each segment whose stretch round the critical point is solved. */
function criticalStretches(segments: Segment[]): { seg: Segment; j: number }[] {
  const anyStable = segments.some((seg) => seg.points.some((p) => p.stable));
  const out: { seg: Segment; j: number }[] = [];
  for (const seg of segments) {
    if (seg.critical === undefined) continue;
    const j = seg.points.findIndex((p, i) => i > 0 && p.branch !== seg.points[i - 1].branch);
    if (j < 0 || (anyStable && !(seg.points[j - 1].stable && seg.points[j].stable))) continue;
    out.push({ seg, j });
  }
  return out;
}

/**
 * An upper bound on T (by 'T') or P of the states on the stretches round the critical point
 * (0 when there is none): each stretch runs along the curve from a traced point to the critical
 * point, a short arc (one step of the trace) that cannot reach further from its ends than twice
 * its longest chord to the critical point in (ln T, ln P). Beyond that bound the stretch need not
 * be solved: none of its states can be the extreme.
 */
function stretchBound(segments: Segment[], critical: { T: number; P: number }, by: 'T' | 'P'): number {
  let bound = 0;
  for (const { seg, j } of criticalStretches(segments)) {
    const ends = [seg.points[j - 1], seg.points[j], critical];
    let reach = 0;
    for (const e of ends) reach = Math.max(reach, Math.hypot(Math.log(e.T / critical.T), Math.log(e.P / critical.P)));
    const highest = Math.max(...ends.map((e) => e[by]));
    bound = Math.max(bound, highest * Math.exp(2 * reach));
  }
  return bound;
}

/**
 * The states solved on the stretch a trace steps over round the critical point (between the last
 * dew point and the first bubble point of each segment that passed it, when both are stable or no
 * point is), from each of the two points towards the critical point (statesTowardsCritical).
 */
function statesAroundCritical(model: ThermoModel, z: Float64Array, segments: Segment[], critical: { T: number; P: number }): { T: number; P: number }[] {
  const out: { T: number; P: number }[] = [];
  for (const { seg: s, j } of criticalStretches(segments)) {
    for (const i of [j - 1, j]) {
      const own = new Float64Array(model.nc + 2);
      own.set(s.lnKs[i]);
      own[model.nc] = Math.log(s.points[i].T);
      own[model.nc + 1] = Math.log(s.points[i].P);
      for (const X of statesTowardsCritical(evaluator(model, z, rootsOf(s.points[i].branch)), own, critical)) out.push({ T: Math.exp(X[model.nc]), P: Math.exp(X[model.nc + 1]) });
    }
  }
  return out;
}

/**
 * The extreme between points k−1 and k+1 of a segment: with the other variable specified
 * (s = ln P for the cricondentherm, ln T for the cricondenbar), the root of f(s) = dX_by/ds,
 * which changes sign there, by the Illinois false position; every trial point is a converged
 * envelope state. Undefined when f does not change sign or a trial fails.
 */
function solveExtreme(model: ThermoModel, z: Float64Array, seg: Segment, k: number, by: 'T' | 'P'): { T: number; P: number } | undefined {
  const n = model.nc;
  const spec = by === 'T' ? n + 1 : n;
  const target = by === 'T' ? n : n + 1;
  const ev = evaluator(model, z, rootsOf(seg.points[k].branch));
  const around = [k - 1, k, k + 1].map((i) => {
    const X = new Float64Array(n + 2);
    X.set(seg.lnKs[i]);
    X[n] = Math.log(seg.points[i].T);
    X[n + 1] = Math.log(seg.points[i].P);
    return X;
  });
  const slope = (s: number): { f: number; X: Float64Array } | undefined => {
    const X = new Float64Array(n + 2);
    extrapolate(around, spec, s, X);
    X[spec] = s;
    if (!correct(ev, X, spec).ok) return undefined;
    const d = sensitivities(ev, X, spec);
    return d === undefined ? undefined : { f: d[target], X };
  };
  let a = around[0][spec];
  let b = around[2][spec];
  let fa = slope(a);
  let fb = slope(b);
  if (!fa || !fb || !(fa.f * fb.f < 0)) return undefined;
  let side = 0;
  for (let it = 0; it < 60; it++) {
    const c = b - (fb.f * (b - a)) / (fb.f - fa.f);
    const fc = slope(c);
    if (!fc) return undefined;
    if (Math.abs(fc.f) < 1e-12 || Math.abs(b - a) < 1e-13) return { T: Math.exp(fc.X[n]), P: Math.exp(fc.X[n + 1]) };
    if (fc.f * fb.f < 0) {
      a = b;
      fa = fb;
      side = 0;
    } else if (++side >= 2) fa = { ...fa, f: fa.f / 2 };
    b = c;
    fb = fc;
  }
  return undefined;
}

/**
 * A stationary point of the feed's tangent-plane distance below this sends the point to the full
 * flash check. At a saturation point the incipient phase is a stationary point with tm = 0 (to the
 * 1e-10 the trace converges to); a clearly negative one is another phase.
 */
const SCREEN_TM = -1e-7;
/**
 * How close (in every ln w_i) a screening trial must come to the feed or the incipient phase to
 * stop there (never more than a tenth of their distance apart, below). 0.05 rather than 0.01:
 * near the critical point substitution creeps towards these points, and the last 0.05 took most
 * of the screen's time; the envelopes of 158 fluids (2–25 components, SRK and PR, random feeds
 * with hydrogen, CO2, H2S, aromatics) came out identical to the last bit with either radius.
 */
const KNOWN_RADIUS = 0.05;

/**
 * Whether the feed at (T, P) is certainly stable apart from its incipient phase: the tangent-plane
 * test of the feed with the trials the TP flash would use (Wilson, near-pure components, with the
 * multiphase check every component and the feed on its other volume root) finds no stationary
 * point below SCREEN_TM. Then the flash could only split off the incipient phase (a vanishing
 * amount), and is not needed. Undefined when the screen cannot decide (no root).
 */
function screenStable(model: ThermoModel, z: Float64Array, T: number, P: number, lnK: Float64Array, multiPhaseCheck: boolean): Screen {
  const nc = model.nc;
  const at = model.atTemperature(T);
  const lnPhi = new Float64Array(nc);
  const v = at.lnPhi(P, z, 'stable', lnPhi);
  if (!Number.isFinite(v)) return UNDECIDED;
  const d = new Float64Array(nc);
  for (let i = 0; i < nc; i++) d[i] = Math.log(z[i]) + lnPhi[i];
  const { trials } = wilsonTrials(model, T, P, z);
  const heaviest = heaviestComponent(model);
  for (let i = 0; i < nc; i++) if (multiPhaseCheck || i === heaviest || T < 0.6 * model.components[i].tc) trials.push(pureTrial(nc, i));
  const roots: RootChoice[] = trials.map(() => 'stable');
  if (multiPhaseCheck) {
    // The feed on its other volume root (a near-pure feed's other phase has almost its composition).
    const vL = at.lnPhi(P, z, 'liquid', lnPhi);
    const vV = at.lnPhi(P, z, 'vapor', lnPhi);
    if (Number.isFinite(vL) && Number.isFinite(vV) && vV > 1.01 * vL) {
      trials.push(Float64Array.from(z, Math.log));
      roots.push(Math.abs(v - vL) < Math.abs(v - vV) ? 'vapor' : 'liquid');
    }
  }
  // The feed (trivial) and the incipient phase x = z / K are stationary points with tm = 0: a trial
  // converging onto either stops as soon as it is near.
  const lnZ = Float64Array.from(z, Math.log);
  const lnX = new Float64Array(nc);
  let sx = 0;
  for (let i = 0; i < nc; i++) sx += z[i] * Math.exp(-lnK[i]);
  for (let i = 0; i < nc; i++) lnX[i] = lnZ[i] - lnK[i] - Math.log(sx);
  // Near the critical point the two lie close together: the radius is a tenth of their distance.
  let spread = 0;
  for (let i = 0; i < nc; i++) spread = Math.max(spread, Math.abs(lnK[i]));
  const radius = Math.min(KNOWN_RADIUS, Math.max(1e-6, 0.1 * spread));
  const stab = stabilityAnalysis(at, P, z, d, trials, roots, { known: { lnW: [lnZ, lnX], radius }, stopBelow: SCREEN_TM });
  if (!stab.conclusive) return UNDECIDED;
  if (!stab.trials.every((t) => t.trivial || t.tm > SCREEN_TM)) return UNDECIDED;
  // A trial on a forced root runs to convergence (the known points stop only trials on the stable
  // root): one that converged onto the incipient phase found nothing else either.
  const ontoIncipient = (w: Float64Array) => {
    for (let i = 0; i < nc; i++) if (!(Math.abs(Math.log(w[i]) - lnX[i]) < radius)) return false;
    return true;
  };
  return { stable: true, clear: stab.trials.every((t) => t.trivial || (t.converged && ontoIncipient(t.w))) };
}

/**
 * The screen's answer: stable true when certainly stable apart from the incipient phase
 * (undefined: the flash decides); clear when, besides, every trial ran into the feed or the
 * incipient phase (no other stationary point anywhere near, not even one with tm > 0).
 */
interface Screen {
  stable: true | undefined;
  clear: boolean;
}
const UNDECIDED: Screen = { stable: undefined, clear: false };

/** Smallest phase fraction of a split that is only the incipient phase at a saturation point. */
const INCIPIENT_FRACTION = 1e-3;

/**
 * Marks the points where the feed is not at a stable phase boundary: a TP flash there (stability
 * analysis with Wilson, pure-component and, with the multiphase check, third-phase trials) splits
 * it into phases of comparable amounts instead of one phase plus a vanishing incipient one. The
 * flash runs only where the tangent-plane screen above finds a candidate phase.
 */
function markUnstable(model: ThermoModel, z: Float64Array, seg: Segment, multiPhaseCheck: boolean): void {
  const pts = seg.points;
  /** CLEAR: stable, every screening trial ran into the feed or the incipient phase; SPLIT: the flash splits the feed well past the threshold. */
  const state = new Uint8Array(pts.length);
  const check = (k: number) => {
    const p = pts[k];
    const screen = screenStable(model, z, p.T, p.P, seg.lnKs[k], multiPhaseCheck);
    if (screen.stable === true) {
      p.stable = true;
      state[k] = screen.clear ? CLEAR : 0;
      return;
    }
    const f = flashTP(model, p.T, p.P, z, { multiPhaseCheck });
    if (!f.ok) return;
    const betas = f.result.phases.map((q) => q.beta);
    const secondLargest = betas.length < 2 ? 0 : [...betas].sort((a, b) => b - a)[1];
    p.stable = secondLargest < INCIPIENT_FRACTION;
    if (secondLargest >= SPLIT_FRACTION) state[k] = SPLIT;
  };
  // Every SCREEN_STRIDE-th point (and the last) first; the points between two clear ones of one
  // branch are stable without a check of their own (another phase would have to appear and vanish
  // again within SCREEN_STRIDE steps of the trace while every trial at both ends found nothing but
  // the feed and the incipient phase), and likewise the points between two where the feed splits
  // into comparable amounts are not stable boundaries; the points between any other pair are checked.
  const last = pts.length - 1;
  for (let k = 0; k <= last; k += SCREEN_STRIDE) check(k);
  if (last % SCREEN_STRIDE !== 0) check(last);
  for (let a = 0; a < last; a += SCREEN_STRIDE) {
    const b = Math.min(a + SCREEN_STRIDE, last);
    let oneBranch = true;
    for (let k = a + 1; k <= b; k++) oneBranch &&= pts[k].branch === pts[a].branch;
    const inferred = oneBranch && (state[a] === CLEAR || state[a] === SPLIT) && state[b] === state[a];
    for (let k = a + 1; k < b; k++) {
      if (inferred) pts[k].stable = state[a] === CLEAR;
      else check(k);
    }
  }
}

const CLEAR = 1;
const SPLIT = 2;
/** Second-largest phase fraction from which a split point lets the points next to it be inferred unstable (ten times INCIPIENT_FRACTION). */
const SPLIT_FRACTION = 1e-2;

/** Points screened first along a segment (see markUnstable); the ones between clear ones are inferred. */
const SCREEN_STRIDE = 3;

/**
 * Distance in (ln T, ln P) from a state to the polyline through envelope points (K, Pa): how far
 * a measured or published saturation point lies from a traced envelope.
 */
export function distanceToEnvelope(points: readonly { T: number; P: number; segment?: number }[], T: number, P: number): number {
  let best = Infinity;
  const px = Math.log(T);
  const py = Math.log(P);
  for (let i = 0; i + 1 < points.length; i++) {
    // Separately traced segments are not joined.
    if (points[i].segment !== points[i + 1].segment) continue;
    const ax = Math.log(points[i].T);
    const ay = Math.log(points[i].P);
    const dx = Math.log(points[i + 1].T) - ax;
    const dy = Math.log(points[i + 1].P) - ay;
    const len2 = dx * dx + dy * dy;
    const s = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(ax + s * dx - px, ay + s * dy - py));
  }
  return best;
}

