/**
 * Continuation along one branch of the saturation curve (Michelsen 1980, Fluid Phase Equilib. 4,
 * 1–10): the unknowns X = (ln K_1 … ln K_n, ln T, ln P) of the feed z (phase fraction 1) in
 * equilibrium with an incipient phase x_i = z_i / K_i satisfy
 *   g_i     = ln K_i + ln φ_i(T, P, z) − ln φ_i(T, P, x) = 0,   i = 1 … n
 *   g_{n+1} = Σ (z_i − x_i) = 0
 *   g_{n+2} = X_s − S = 0                                        (the specified variable)
 * From a converged seed, each step predicts the next point along the sensitivities dX/dS
 * (J·dX/dS = e_{n+2}) and corrects by Newton; the specified variable is always the one changing
 * fastest, so the trace turns round the cricondentherm and cricondenbar and goes through the
 * critical point, where every ln K changes sign: past it the same equations describe the other
 * branch (the feed swaps from vapour to liquid or back), which is followed on.
 *
 * The Jacobian is analytic: ∂g/∂ln K from ∂ln φ/∂n of the incipient phase, ∂g/∂ln T and ∂g/∂ln P
 * from the model's temperature and volume derivatives (fugacity.ts).
 * envelope.ts decides where to seed segments and assembles them.
 */
import type { RootChoice, ThermoModel } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives } from './fugacity.js';
import { solveInPlace } from './linalg.js';

export type Branch = 'dew' | 'bubble';

export interface EnvelopePoint {
  /** K and Pa. */
  T: number;
  P: number;
  /** 'dew': the feed is a saturated vapour; 'bubble': a saturated liquid (past the critical point). */
  branch: Branch;
  /**
   * False when the feed at this point splits into other phases (a TP flash with stability analysis
   * finds two phases of comparable amounts, e.g. two liquids): the point solves the two-phase
   * saturation equations but is not a boundary of the stable phase diagram.
   */
  stable: boolean;
  /** Index of the traced segment the point belongs to (segments are listed in trace order). */
  segment: number;
}

/** Root choices of the feed and the incipient phase on a branch. */
export function rootsOf(branch: Branch): { feed: RootChoice; incipient: RootChoice } {
  return branch === 'dew' ? { feed: 'vapor', incipient: 'liquid' } : { feed: 'liquid', incipient: 'vapor' };
}

const MAX_NEWTON = 20;
const NEWTON_TOL = 1e-10;
const MAX_STEP_LNT = 0.08;
const MAX_STEP_LNP = 0.25;
/**
 * Largest sag (ln T, ln P) of a chord of the returned polyline below the curve, estimated from the
 * turn between successive chords (sag ≈ κ·h²/8): the step length follows the curvature, so the
 * polyline stays within about this of the exact curve (tested to 1e-3 against exact solves).
 */
const MAX_SAG = 2.5e-4;
const MAX_STEP_LNK = 0.3;
const MIN_STEP = 1e-7;
/** Largest step in the specified variable (a large ln K of a heavy component on the bubble curve may take this). */
const MAX_SPEC_STEP = 1.2;
/** Every |ln K| back below this on the bubble branch, after moving away: a second critical point. */
const SECOND_CRITICAL_LNK = 0.01;
/** Steps smaller than this in every variable do not add a point; this many in a row stop the trace. */
const STALL_STEP = 1e-6;
const MAX_STALLED = 20;
/** A spec on ln K is never placed closer than this to zero (the trivial solution K = 1). */
const LNK_GAP = 0.02;

export interface Evaluator {
  n: number;
  /** Residual and the (n+1)×(n+2) Jacobian rows, row-major with n+2 columns; false when no EOS root. */
  jacobian(X: Float64Array, g: Float64Array, J: Float64Array): boolean;
  /** Work arrays of the corrector and the sensitivities (owned by the evaluator, reused every call). */
  readonly work: { g: Float64Array; J: Float64Array; A: Float64Array; rhs: Float64Array };
}

export function evaluator(model: ThermoModel, z: ArrayLike<number>, roots: { feed: RootChoice; incipient: RootChoice }): Evaluator {
  const n = model.nc;
  const m = n + 2;
  const x = new Float64Array(n);
  const lnPhiZ = new Float64Array(n);
  const lnPhiX = new Float64Array(n);
  const dX = new Float64Array(n * n);
  const tZ = new Float64Array(n);
  const pZ = new Float64Array(n);
  const tX = new Float64Array(n);
  const pX = new Float64Array(n);
  const s = new FugacityScratch(n);
  // The last Jacobian (state, roots): the sensitivities at a converged point reuse the one the
  // corrector evaluated there instead of evaluating it again.
  const cachedX = new Float64Array(m).fill(NaN);
  let cachedFeed: RootChoice | undefined;
  const cachedG = new Float64Array(n + 1);
  const cachedJ = new Float64Array((n + 1) * m);
  const same = (X: Float64Array) => {
    if (cachedFeed !== roots.feed) return false;
    for (let k = 0; k < m; k++) if (X[k] !== cachedX[k]) return false;
    return true;
  };
  return {
    n,
    work: { g: new Float64Array(n + 1), J: new Float64Array((n + 1) * m), A: new Float64Array(m * m), rhs: new Float64Array(m) },
    jacobian(X, g, J) {
      if (same(X)) {
        g.set(cachedG);
        J.set(cachedJ);
        return true;
      }
      let balance = 0;
      for (let i = 0; i < n; i++) {
        x[i] = z[i] * Math.exp(-X[i]);
        balance += z[i] - x[i];
      }
      const at = model.atTemperature(Math.exp(X[n]));
      const P = Math.exp(X[n + 1]);
      // Analytic ∂ln φ/∂n, ∂ln φ/∂ln T and ∂ln φ/∂ln P of both phases (x is fixed by the ln K).
      // The feed's composition is fixed: only its T and P derivatives enter the Jacobian.
      const vz = lnPhiDerivatives(at, P, z, roots.feed, lnPhiZ, undefined, s, tZ, pZ);
      const vx = lnPhiDerivatives(at, P, x, roots.incipient, lnPhiX, dX, s, tX, pX);
      if (!Number.isFinite(vz) || !Number.isFinite(vx)) return false;
      for (let i = 0; i < n; i++) {
        g[i] = X[i] + lnPhiZ[i] - lnPhiX[i];
        const row = i * m;
        for (let j = 0; j < n; j++) J[row + j] = (i === j ? 1 : 0) + x[j] * dX[i * n + j];
        J[row + n] = tZ[i] - tX[i];
        J[row + n + 1] = pZ[i] - pX[i];
      }
      g[n] = balance;
      const last = n * m;
      for (let j = 0; j < n; j++) J[last + j] = x[j];
      J[last + n] = 0;
      J[last + n + 1] = 0;
      cachedX.set(X);
      cachedFeed = roots.feed;
      cachedG.set(g);
      cachedJ.set(J);
      return true;
    },
  };
}

/** Newton on the n+2 equations with X[spec] held at its value; X is updated in place. */
export function correct(ev: Evaluator, X: Float64Array, spec: number): { ok: boolean; iterations: number } {
  const n = ev.n;
  const m = n + 2;
  const { g, J, A, rhs } = ev.work;
  for (let it = 1; it <= MAX_NEWTON; it++) {
    if (!ev.jacobian(X, g, J)) return { ok: false, iterations: it };
    let worst = 0;
    for (let i = 0; i <= n; i++) worst = Math.max(worst, Math.abs(g[i]));
    // Converged on the residual (the spec equation holds exactly after the first step).
    if (it > 1 && worst < NEWTON_TOL) return { ok: true, iterations: it - 1 };
    A.set(J);
    A.fill(0, (n + 1) * m);
    A[(n + 1) * m + spec] = 1;
    for (let i = 0; i <= n; i++) rhs[i] = -g[i];
    rhs[n + 1] = 0;
    if (!solveInPlace(A, rhs, m)) return { ok: false, iterations: it };
    let big = 0;
    for (let k = 0; k < m; k++) big = Math.max(big, Math.abs(rhs[k]));
    // Damped: a Newton step never moves ln T or ln P by more than 0.2 at once.
    const scale = Math.min(1, 0.2 / Math.max(Math.abs(rhs[n]), Math.abs(rhs[n + 1]), 1e-300));
    let finite = true;
    for (let k = 0; k < m; k++) {
      X[k] += scale * rhs[k];
      if (!Number.isFinite(X[k])) finite = false;
    }
    if (!finite) return { ok: false, iterations: it };
    if (big < 1e-13 && scale === 1) return { ok: true, iterations: it };
  }
  return { ok: false, iterations: MAX_NEWTON };
}

/** dX/dS at a converged point for the spec index (J·dX/dS = e_spec row). */
export function sensitivities(ev: Evaluator, X: Float64Array, spec: number): Float64Array | undefined {
  const n = ev.n;
  const m = n + 2;
  const { g, J, A } = ev.work;
  if (!ev.jacobian(X, g, J)) return undefined;
  A.set(J);
  A.fill(0, (n + 1) * m);
  A[(n + 1) * m + spec] = 1;
  const out = new Float64Array(m);
  out[n + 1] = 1;
  return solveInPlace(A, out, m) ? out : undefined;
}

/** The largest-magnitude ln K (the component that decides where the critical point is). */
function leadingLnK(X: Float64Array, n: number): number {
  let k = 0;
  for (let i = 1; i < n; i++) if (Math.abs(X[i]) > Math.abs(X[k])) k = i;
  return k;
}

/**
 * The critical point: T and P are smooth functions of ln K_k through it (ln K_k = 0 there), so a
 * cubic through the two points either side of the crossing, in ln K_k, gives it at ln K_k = 0.
 */
export function criticalPoint(points: EnvelopePoint[], lnKs: Float64Array[], after: number, k: number): { T: number; P: number } {
  const idx = [after - 2, after - 1, after, after + 1].filter((i) => i >= 0 && i < points.length);
  const s = idx.map((i) => lnKs[i][k]);
  const at0 = (values: number[]) => {
    let sum = 0;
    for (let a = 0; a < idx.length; a++) {
      let w = 1;
      for (let b = 0; b < idx.length; b++) if (b !== a) w *= (0 - s[b]) / (s[a] - s[b]);
      sum += w * values[a];
    }
    return sum;
  };
  const T = Math.exp(at0(idx.map((i) => Math.log(points[i].T))));
  const P = Math.exp(at0(idx.map((i) => Math.log(points[i].P))));
  if (Number.isFinite(T) && Number.isFinite(P)) return { T, P };
  // Repeated ln K values (a point revisited): linear between the two points around the crossing.
  const a = points[after - 1];
  const b = points[after];
  const f = lnKs[after - 1][k] / (lnKs[after - 1][k] - lnKs[after][k]);
  return { T: a.T + f * (b.T - a.T), P: a.P + f * (b.P - a.P) };
}

/** Every variable at spec value `target` by Lagrange interpolation in X[spec] over the history points. */
export function extrapolate(history: Float64Array[], spec: number, target: number, out: Float64Array): void {
  const s = history.map((h) => h[spec]);
  out.fill(0);
  for (let a = 0; a < history.length; a++) {
    let w = 1;
    for (let b = 0; b < history.length; b++) if (b !== a) w *= (target - s[b]) / (s[a] - s[b]);
    for (let k = 0; k < out.length; k++) out[k] += w * history[a][k];
  }
}

/** Curvature of the curve through two successive chords (a then b) in (ln T, ln P): turn angle over mean length. */
function chordCurvature(aT: number, aP: number, bT: number, bP: number): number {
  const la = Math.hypot(aT, aP);
  const lb = Math.hypot(bT, bP);
  if (la === 0 || lb === 0) return 0;
  const cross = aT * bP - aP * bT;
  const dot = aT * bT + aP * bP;
  return Math.abs(Math.atan2(cross, dot)) / (0.5 * (la + lb));
}

/** Sag of chord b below the arc, with the curvature of the turn from chord a (0 without a previous chord). */
function chordSag(aT: number, aP: number, bT: number, bP: number): number {
  if (aT === 0 && aP === 0) return 0;
  const lb = Math.hypot(bT, bP);
  return (chordCurvature(aT, aP, bT, bP) * lb * lb) / 8;
}

/** All ln K near zero: Newton fell onto the trivial solution (both phases the feed). */
function trivial(X: Float64Array, n: number): boolean {
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.abs(X[i]);
  return s < 1e-4;
}

export interface TraceLimits {
  /** The trace ends when it comes down to this pressure (landing on it exactly), Pa. */
  Pmin: number;
  /** … or climbs to this one (landing on it exactly), Pa. */
  Pmax: number;
  maxPoints: number;
  /** Scales the largest step in ln T, ln P and ln K (1: the default density). */
  stepScale: number;
}

/** One traced piece of the saturation curve: its points in trace order and how it ended. */
export interface Segment {
  points: EnvelopePoint[];
  /** ln K of every point (for the critical point and the refinement of the extremes). */
  lnKs: Float64Array[];
  /** Where the ln K changed sign, interpolated (undefined when the segment did not pass it). */
  critical?: { T: number; P: number };
  /** 'Pmin' / 'Pmax': landed on the pressure limit; 'second-critical': ran into a liquid–liquid critical point; 'lost': the corrector or the Jacobian failed; 'points': maxPoints reached. */
  end: 'Pmin' | 'Pmax' | 'second-critical' | 'lost' | 'points';
  stopReason: string;
  iterations: number;
}

/**
 * Follows the curve from the converged seed X (on `branch`; travelling towards higher pressure for
 * direction +1, lower for −1) until it lands on Pmin or Pmax, runs into a second critical point,
 * or the corrector gives up. Points get segment index `segment`.
 */
export function traceSegment(model: ThermoModel, z: Float64Array, seed: Float64Array, branch0: Branch, direction: 1 | -1, limits: TraceLimits, segment: number): Segment {
  const n = model.nc;
  const m = n + 2;
  const roots = rootsOf(branch0);
  const ev = evaluator(model, z, roots);
  let X = Float64Array.from(seed);
  let spec = n + 1;
  const points: EnvelopePoint[] = [{ T: Math.exp(X[n]), P: Math.exp(X[n + 1]), branch: branch0, stable: true, segment }];
  let branch = branch0;
  /** Index of the first point past the critical point, and the ln K that located it. */
  let crossing: { index: number; component: number } | undefined;
  const lnKs: Float64Array[] = [Float64Array.from(X.subarray(0, n))];
  /** Step in the specified variable (ln units); its sign is the direction of travel. */
  let step = 0.05 * direction;
  let stopReason = `stopped after ${limits.maxPoints} points`;
  let end: Segment['end'] = 'points';
  let iterations = 0;
  let dXdS = sensitivities(ev, X, spec);
  const scale = limits.stepScale;
  let stalled = 0;
  /** Largest |ln K| reached past the critical point (a second approach to K = 1 means a second critical point). */
  let farthest = 0;
  /** The last converged points (for the polynomial predictor across the critical point). */
  const history: Float64Array[] = [Float64Array.from(X)];
  let jumps = 0;
  /** The last chord in (ln T, ln P) and the longest next chord the curvature allows. */
  let chordT = 0;
  let chordP = 0;
  let maxChord = Infinity;
  const sag = MAX_SAG * scale * scale;
  // A large ln K (a heavy component at low temperature) may move further per step: the Newton
  // corrector is as good there, and the bubble curve of an oil spans ln K of −40 and more.
  const limit = (k: number) => scale * (k < n ? MAX_STEP_LNK * Math.max(1, 0.5 * Math.abs(X[k])) : k === n ? MAX_STEP_LNT : MAX_STEP_LNP);
  /** From the last point, the point with ln P specified at the limit `lnP`; pushed when it converges. */
  const landOn = (lnP: number) => {
    const last = Float64Array.from(X);
    const d = sensitivities(ev, X, n + 1);
    if (d) for (let k = 0; k < m; k++) last[k] = X[k] + d[k] * (lnP - X[n + 1]);
    last[n + 1] = lnP;
    const r = correct(ev, last, n + 1);
    iterations += r.iterations;
    if (r.ok && !trivial(last, n)) {
      points.push({ T: Math.exp(last[n]), P: Math.exp(lnP), branch, stable: true, segment });
      lnKs.push(Float64Array.from(last.subarray(0, n)));
    }
  };

  while (points.length < limits.maxPoints) {
    if (dXdS === undefined) {
      stopReason = 'singular Jacobian: the trace cannot continue';
      end = 'lost';
      break;
    }
    // dX/dS has 1 in the spec entry: every variable moves by dXdS[k]·ΔS; keep each within its limit.
    let dS = Math.abs(step);
    for (let k = 0; k < m; k++) dS = Math.min(dS, limit(k) / Math.max(Math.abs(dXdS[k]), 1e-300));
    dS = Math.min(dS, maxChord / Math.max(Math.hypot(dXdS[n], dXdS[n + 1]), 1e-300));
    let target = X[spec] + Math.sign(step) * dS;
    const Xn = new Float64Array(m);
    const approachingZero = spec < n && Math.abs(target) < LNK_GAP && Math.abs(target) < Math.abs(X[spec]);
    if (approachingZero && history.length >= 3) {
      // Jump over the trivial solution K = 1 (the critical point): land as far past zero as we
      // are before it, predicting every variable by a polynomial in this ln K through the last
      // points (smooth through the critical point, where a straight line is a poor guess).
      target = -X[spec] * (jumps === 0 ? 1 : jumps === 1 ? 1.5 : 0.7);
      jumps++;
      extrapolate(history, spec, target, Xn);
    } else for (let k = 0; k < m; k++) Xn[k] = X[k] + dXdS[k] * (target - X[spec]);
    Xn[spec] = target;
    const predicted = Float64Array.from(Xn);
    const r = correct(ev, Xn, spec);
    iterations += r.iterations;
    // A corrector that lands far from the prediction has found another solution (another branch,
    // or across a loop of the curve): refuse it and step shorter.
    const strayed = Math.abs(Xn[n] - predicted[n]) > limit(n) || Math.abs(Xn[n + 1] - predicted[n + 1]) > limit(n + 1);
    // A chord that turns more than the curvature estimate allowed sags too far: shorter.
    const turned = jumps === 0 && r.ok && chordSag(chordT, chordP, Xn[n] - X[n], Xn[n + 1] - X[n + 1]) > 2 * sag;
    if (!r.ok || strayed || turned || trivial(Xn, n)) {
      if (jumps > 0 && jumps < 3) continue; // try the jump again with another landing point
      step /= 2;
      if (Math.abs(step) < MIN_STEP) {
        stopReason = 'the corrector failed at the smallest step';
        end = 'lost';
        break;
      }
      continue;
    }
    // The critical point: the ln K change sign between the two points (located after the trace).
    const lead = leadingLnK(X, n);
    if (crossing === undefined && Math.sign(Xn[lead]) !== Math.sign(X[lead])) {
      crossing = { index: points.length, component: lead };
      branch = branch === 'dew' ? 'bubble' : 'dew';
      const r2 = rootsOf(branch);
      roots.feed = r2.feed;
      roots.incipient = r2.incipient;
    }
    // Past the critical point the K can close in on 1 again: the bubble curve meets a second
    // critical point (it runs into a liquid–liquid region) and does not go on as a bubble curve.
    const leadNow = Math.abs(Xn[leadingLnK(Xn, n)]);
    if (crossing !== undefined) farthest = Math.max(farthest, leadNow);
    if (crossing !== undefined && farthest > 5 * SECOND_CRITICAL_LNK && leadNow < SECOND_CRITICAL_LNK) {
      stopReason = `a second critical point near ${Math.exp(Xn[n]).toFixed(1)} K and ${(Math.exp(Xn[n + 1]) / 1e5).toFixed(2)} bar: the ${branch} curve runs into a liquid–liquid region`;
      end = 'second-critical';
      break;
    }
    const P = Math.exp(Xn[n + 1]);
    if (P > limits.Pmax || P < limits.Pmin) {
      const high = P > limits.Pmax;
      landOn(Math.log(high ? limits.Pmax : limits.Pmin));
      end = high ? 'Pmax' : 'Pmin';
      const bar = ((high ? limits.Pmax : limits.Pmin) / 1e5).toPrecision(4);
      stopReason = high
        ? `the ${branch} curve still rises at the pressure limit ${bar} bara (traced up to it; no cricondenbar below it)`
        : crossing !== undefined
          ? `${branch} curve followed down to ${bar} bara`
          : `the ${branch} curve came back down to ${bar} bara before a critical point`;
      break;
    }
    const delta = Xn.map((v, k) => v - X[k]);
    if (chordT !== 0 || chordP !== 0) {
      const k = chordCurvature(chordT, chordP, delta[n], delta[n + 1]);
      maxChord = k > 0 ? Math.sqrt((8 * sag) / k) : Infinity;
    }
    chordT = delta[n];
    chordP = delta[n + 1];
    X = Xn;
    jumps = 0;
    history.push(Float64Array.from(X));
    if (history.length > 4) history.shift();
    // A step that hardly moves is not a new point; many in a row mean the trace has stalled.
    let moved = 0;
    for (let k = 0; k < m; k++) moved = Math.max(moved, Math.abs(delta[k]));
    if (moved < STALL_STEP) {
      if (++stalled > MAX_STALLED) {
        stopReason = 'the trace stalled (steps below 1e-6 in ln K, ln T and ln P)';
        end = 'lost';
        break;
      }
    } else {
      stalled = 0;
      points.push({ T: Math.exp(X[n]), P, branch, stable: true, segment });
      lnKs.push(Float64Array.from(X.subarray(0, n)));
    }
    const grow = r.iterations <= 4 ? 1.6 : r.iterations > 7 ? 0.6 : 1;
    // Specify next the variable that changes fastest along the curve, keeping the direction of travel.
    const d = sensitivities(ev, X, spec);
    if (d === undefined) {
      dXdS = undefined;
      continue;
    }
    let next = spec;
    for (let k = 0; k < m; k++) if (Math.abs(d[k]) > Math.abs(d[next])) next = k;
    const size = Math.min(dS * grow * (next === spec ? 1 : Math.abs(d[next])), MAX_SPEC_STEP);
    if (next !== spec) {
      spec = next;
      dXdS = sensitivities(ev, X, spec);
    } else dXdS = d;
    // Keep travelling the same way along the curve: orient the new tangent with the last chord.
    let along = 0;
    if (dXdS !== undefined) for (let k = 0; k < m; k++) along += dXdS[k] * delta[k];
    step = (Math.sign(along) || 1) * size;
  }
  const critical = crossing === undefined || crossing.index >= points.length ? undefined : criticalPoint(points, lnKs, crossing.index, crossing.component);
  return { points, lnKs, critical, end, stopReason, iterations };
}
