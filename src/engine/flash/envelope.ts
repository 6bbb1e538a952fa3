/**
 * Phase envelope of a mixture (P–T saturation curve) by natural-parameter continuation, after
 * Michelsen (1980, Fluid Phase Equilib. 4, 1–10): the unknowns X = (ln K_1 … ln K_n, ln T, ln P)
 * of the feed z (phase fraction 1, the "vapour" y = z) in equilibrium with an incipient phase
 * x_i = z_i / K_i satisfy
 *   g_i     = ln K_i + ln φ_i(T, P, z) − ln φ_i(T, P, x) = 0,   i = 1 … n
 *   g_{n+1} = Σ (z_i − x_i) = 0
 *   g_{n+2} = X_s − S = 0                                        (the specified variable)
 * Starting from the dew point at a low pressure, each step predicts the next point along the
 * sensitivities dX/dS (J·dX/dS = e_{n+2}) and corrects by Newton; the specified variable is always
 * the one changing fastest, so the trace turns round the cricondentherm and cricondenbar and goes
 * through the critical point, where every ln K changes sign: past it the same equations describe
 * the bubble curve (the feed is then the liquid), which is followed down to the low pressure again.
 * The critical point is where the ln K cross zero (interpolated between the two points around it).
 *
 * ∂g/∂ln K is analytic (∂ln φ/∂n of the incipient phase); ∂g/∂ln T and ∂g/∂ln P are central
 * differences of ln φ (the corrector only needs a good Jacobian; the residual is exact).
 */
import type { RootChoice, ThermoModel } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives } from './fugacity.js';
import { solveInPlace } from './linalg.js';
import { dewPointTemperature, pureSaturationPressure, pureSaturationTemperature } from './saturation.js';
import { flashTP } from './tp-flash.js';

export interface EnvelopePoint {
  /** K and Pa. */
  T: number;
  P: number;
  /** 'dew' before the critical point (the feed is the vapour), 'bubble' after it. */
  branch: 'dew' | 'bubble';
  /**
   * False when the feed at this point splits into other phases (a TP flash with stability analysis
   * finds two phases of comparable amounts, e.g. two liquids): the point solves the two-phase
   * saturation equations but is not a boundary of the stable phase diagram.
   */
  stable: boolean;
}

export interface EnvelopeOptions {
  /** Pressure the trace starts and ends at, Pa (default 1 bar). */
  Pmin?: number;
  /** Highest pressure followed, Pa (default 1000 bar). */
  Pmax?: number;
  /** At most this many points (default 1000). */
  maxPoints?: number;
  /** Scales the largest step in ln T, ln P and ln K (default 1; smaller gives a denser trace). */
  stepScale?: number;
  /** Look for a third phase when checking each point's stability (default true). */
  multiPhaseCheck?: boolean;
}

export type EnvelopeOutcome =
  | {
      ok: true;
      points: EnvelopePoint[];
      /** Undefined when the trace stopped before it (see `complete` and `stopReason`). */
      critical?: { T: number; P: number };
      cricondenbar: { T: number; P: number };
      cricondentherm: { T: number; P: number };
      /** True when the trace came back down to Pmin on the bubble side (or, one component, reached the critical point). */
      complete: boolean;
      stopReason: string;
      newtonIterations: number;
    }
  | { ok: false; code: 'ENVELOPE_ERROR'; message: string };

const H = 1e-6;
const MAX_NEWTON = 20;
const NEWTON_TOL = 1e-10;
const MAX_STEP_LNT = 0.02;
const MAX_STEP_LNP = 0.06;
const MAX_STEP_LNK = 0.12;
const MIN_STEP = 1e-7;
/** Every |ln K| back below this on the bubble branch, after moving away: a second critical point. */
const SECOND_CRITICAL_LNK = 0.01;
/** Steps smaller than this in every variable do not add a point; this many in a row stop the trace. */
const STALL_STEP = 1e-6;
const MAX_STALLED = 20;
/** A spec on ln K is never placed closer than this to zero (the trivial solution K = 1). */
const LNK_GAP = 0.02;

interface Evaluator {
  n: number;
  /** Residual into g (length n+1: the n equilibrium equations and the material balance); false when no EOS root. */
  residual(X: Float64Array, g: Float64Array): boolean;
  /** Residual and the (n+1)×(n+2) Jacobian rows, row-major with n+2 columns. */
  jacobian(X: Float64Array, g: Float64Array, J: Float64Array): boolean;
}

function evaluator(model: ThermoModel, z: ArrayLike<number>, roots: { feed: RootChoice; incipient: RootChoice }): Evaluator {
  const n = model.nc;
  const x = new Float64Array(n);
  const lnPhiZ = new Float64Array(n);
  const lnPhiX = new Float64Array(n);
  const dZ = new Float64Array(n * n);
  const dX = new Float64Array(n * n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const scratchD = new Float64Array(n * n);
  const s = new FugacityScratch(n);
  /** ln φ(z) − ln φ(x) into out at (T, P); false without a root. */
  const difference = (T: number, P: number, out: Float64Array, withDerivatives: boolean): boolean => {
    const at = model.atTemperature(T);
    const vz = lnPhiDerivatives(at, P, z, roots.feed, lnPhiZ, dZ, s);
    const vx = lnPhiDerivatives(at, P, x, roots.incipient, lnPhiX, withDerivatives ? dX : scratchD, s);
    if (!Number.isFinite(vz) || !Number.isFinite(vx)) return false;
    for (let i = 0; i < n; i++) out[i] = lnPhiZ[i] - lnPhiX[i];
    return true;
  };
  const fill = (X: Float64Array, g: Float64Array): boolean => {
    let balance = 0;
    for (let i = 0; i < n; i++) {
      x[i] = z[i] * Math.exp(-X[i]);
      balance += z[i] - x[i];
    }
    if (!difference(Math.exp(X[n]), Math.exp(X[n + 1]), a, true)) return false;
    for (let i = 0; i < n; i++) g[i] = X[i] + a[i];
    g[n] = balance;
    return true;
  };
  return {
    n,
    residual: fill,
    jacobian(X, g, J) {
      if (!fill(X, g)) return false;
      const cols = n + 2;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) J[i * cols + j] = (i === j ? 1 : 0) + x[j] * dX[i * n + j];
      }
      for (let j = 0; j < n; j++) J[n * cols + j] = x[j];
      // ln T and ln P columns by central differences (x is fixed by the ln K).
      const T = Math.exp(X[n]);
      const P = Math.exp(X[n + 1]);
      for (const [col, up, down] of [
        [n, [T * Math.exp(H), P], [T * Math.exp(-H), P]],
        [n + 1, [T, P * Math.exp(H)], [T, P * Math.exp(-H)]],
      ] as const) {
        if (!difference(up[0], up[1], a, false) || !difference(down[0], down[1], b, false)) return false;
        for (let i = 0; i < n; i++) J[i * cols + col] = (a[i] - b[i]) / (2 * H);
        J[n * cols + col] = 0;
      }
      return true;
    },
  };
}

/** Newton on the n+2 equations with X[spec] held at its value; X is updated in place. */
function correct(ev: Evaluator, X: Float64Array, spec: number): { ok: boolean; iterations: number } {
  const n = ev.n;
  const m = n + 2;
  const g = new Float64Array(n + 1);
  const J = new Float64Array((n + 1) * m);
  const A = new Float64Array(m * m);
  const rhs = new Float64Array(m);
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
    for (let k = 0; k < m; k++) X[k] += scale * rhs[k];
    if (!X.every(Number.isFinite)) return { ok: false, iterations: it };
    if (big < 1e-13 && scale === 1) return { ok: true, iterations: it };
  }
  return { ok: false, iterations: MAX_NEWTON };
}

/** dX/dS at a converged point for the spec index (J·dX/dS = e_spec row). */
function sensitivities(ev: Evaluator, X: Float64Array, spec: number): Float64Array | undefined {
  const n = ev.n;
  const m = n + 2;
  const g = new Float64Array(n + 1);
  const J = new Float64Array((n + 1) * m);
  if (!ev.jacobian(X, g, J)) return undefined;
  const A = new Float64Array(m * m);
  A.set(J);
  A[(n + 1) * m + spec] = 1;
  const rhs = new Float64Array(m);
  rhs[n + 1] = 1;
  return solveInPlace(A, rhs, m) ? rhs : undefined;
}

/** The largest-magnitude ln K (the component that decides where the critical point is). */
function leadingLnK(X: Float64Array, n: number): number {
  let k = 0;
  for (let i = 1; i < n; i++) if (Math.abs(X[i]) > Math.abs(X[k])) k = i;
  return k;
}

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
  const points: EnvelopePoint[] = [{ T: start.T, P: start.P, branch: 'dew', stable: true }];
  const steps = Math.min(maxPoints, 60) - 1;
  const Tlast = c.tc * (1 - 1e-4);
  let P = start.P;
  for (let i = 1; i <= steps; i++) {
    // Denser towards the critical point, where the curve bends most.
    const T = start.T + (Tlast - start.T) * (1 - (1 - i / steps) ** 2);
    const sat = pureSaturationPressure(model, T, P);
    if (!sat.ok) return { ok: false, code: 'ENVELOPE_ERROR', message: `vapour pressure at ${T} K: ${sat.message}` };
    P = sat.P;
    points.push({ T, P, branch: 'dew', stable: true });
  }
  const critical = { T: c.tc, P: c.pc };
  return { ok: true, points, critical, cricondenbar: critical, cricondentherm: critical, complete: true, stopReason: 'one component: vapour-pressure curve up to the critical point', newtonIterations: 0 };
}

/** The phase envelope of feed z; see the module comment. */
export function phaseEnvelope(model: ThermoModel, zIn: ArrayLike<number>, options: EnvelopeOptions = {}): EnvelopeOutcome {
  const Pmin = options.Pmin ?? 1e5;
  const Pmax = options.Pmax ?? 1e8;
  const maxPoints = options.maxPoints ?? 1000;
  if (zIn.length !== model.nc) return { ok: false, code: 'ENVELOPE_ERROR', message: `composition has ${zIn.length} entries for ${model.nc} components` };
  if (model.nc === 1) return pureEnvelope(model, Pmin, maxPoints);
  const n = model.nc;
  const z = Float64Array.from(zIn);
  // Start: the dew point at Pmin from the successive-substitution solver (Wilson start inside).
  let tGuess = 0;
  for (let i = 0; i < n; i++) tGuess += z[i] * model.components[i].tc;
  const dew = dewPointTemperature(model, Pmin, z, 0.7 * tGuess);
  if (!dew.ok) return { ok: false, code: 'ENVELOPE_ERROR', message: `no dew point at the starting pressure ${Pmin} Pa: ${dew.message}` };
  // The feed is the vapour on the dew branch and the liquid past the critical point.
  const roots = { feed: 'vapor' as RootChoice, incipient: 'liquid' as RootChoice };
  const ev = evaluator(model, z, roots);
  const m = n + 2;
  let X = new Float64Array(m);
  for (let i = 0; i < n; i++) X[i] = Math.log(z[i] / dew.incipient[i]);
  X[n] = Math.log(dew.T);
  X[n + 1] = Math.log(Pmin);
  let spec = n + 1;
  const first = correct(ev, X, spec);
  if (!first.ok) return { ok: false, code: 'ENVELOPE_ERROR', message: 'the starting dew point did not converge in the envelope equations' };
  let iterations = first.iterations;
  const points: EnvelopePoint[] = [{ T: Math.exp(X[n]), P: Math.exp(X[n + 1]), branch: 'dew', stable: true }];
  let branch: 'dew' | 'bubble' = 'dew';
  /** Index of the first point past the critical point, and the ln K that located it. */
  let crossing: { index: number; component: number } | undefined;
  const lnKs: Float64Array[] = [Float64Array.from(X.subarray(0, n))];
  /** Step in the specified variable (ln units); its sign is the direction of travel. */
  let step = 0.05;
  let stopReason = `stopped after ${maxPoints} points`;
  let complete = false;
  let dXdS = sensitivities(ev, X, spec);
  const scale = options.stepScale ?? 1;
  let stalled = 0;
  /** Largest |ln K| reached on the bubble branch (a second approach to K = 1 means a second critical point). */
  let farthest = 0;
  /** The last converged points (for the polynomial predictor across the critical point). */
  const history: Float64Array[] = [Float64Array.from(X)];
  let jumps = 0;
  // A large ln K (a heavy component at low temperature) may move further per step: the Newton
  // corrector is as good there, and the bubble curve of an oil spans ln K of −40 and more.
  const limit = (k: number) => scale * (k < n ? MAX_STEP_LNK * Math.max(1, 0.5 * Math.abs(X[k])) : k === n ? MAX_STEP_LNT : MAX_STEP_LNP);

  while (points.length < maxPoints) {
    if (dXdS === undefined) {
      stopReason = 'singular Jacobian: the trace cannot continue';
      break;
    }
    // dX/dS has 1 in the spec entry: every variable moves by dXdS[k]·ΔS; keep each within its limit.
    let dS = Math.abs(step);
    for (let k = 0; k < m; k++) dS = Math.min(dS, limit(k) / Math.max(Math.abs(dXdS[k]), 1e-300));
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
    if (!r.ok || strayed || trivial(Xn, n)) {
      if (jumps > 0 && jumps < 3) continue; // try the jump again with another landing point
      step /= 2;
      if (Math.abs(step) < MIN_STEP) {
        stopReason = 'the corrector failed at the smallest step';
        break;
      }
      continue;
    }
    // The critical point: the ln K change sign between the two points (located after the trace).
    const lead = leadingLnK(X, n);
    if (branch === 'dew' && Math.sign(Xn[lead]) !== Math.sign(X[lead])) {
      crossing = { index: points.length, component: lead };
      branch = 'bubble';
      roots.feed = 'liquid';
      roots.incipient = 'vapor';
    }
    // Past the critical point the K can close in on 1 again: the bubble curve meets a second
    // critical point (it runs into a liquid–liquid region) and does not go on as a bubble curve.
    const leadNow = Math.abs(Xn[leadingLnK(Xn, n)]);
    if (branch === 'bubble') farthest = Math.max(farthest, leadNow);
    if (branch === 'bubble' && farthest > 5 * SECOND_CRITICAL_LNK && leadNow < SECOND_CRITICAL_LNK) {
      stopReason = `a second critical point near ${Math.exp(Xn[n]).toFixed(1)} K and ${(Math.exp(Xn[n + 1]) / 1e5).toFixed(2)} bar: the bubble curve runs into a liquid–liquid region`;
      break;
    }
    const P = Math.exp(Xn[n + 1]);
    if (P > Pmax) {
      stopReason = `pressure above ${Pmax} Pa`;
      break;
    }
    if (P < Pmin) {
      if (branch === 'bubble') {
        // End exactly on Pmin: from the last point, with ln P specified.
        const end = Float64Array.from(X);
        const d = sensitivities(ev, X, n + 1);
        if (d) for (let k = 0; k < m; k++) end[k] = X[k] + d[k] * (Math.log(Pmin) - X[n + 1]);
        end[n + 1] = Math.log(Pmin);
        if (correct(ev, end, n + 1).ok) points.push({ T: Math.exp(end[n]), P: Pmin, branch, stable: true });
        complete = true;
        stopReason = `bubble curve followed down to ${Pmin} Pa`;
      } else stopReason = `the dew curve came back below ${Pmin} Pa before a critical point`;
      break;
    }
    const delta = Xn.map((v, k) => v - X[k]);
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
        break;
      }
    } else {
      stalled = 0;
      points.push({ T: Math.exp(X[n]), P, branch, stable: true });
      lnKs.push(Float64Array.from(X.subarray(0, n)));
    }
    const grow = r.iterations <= 3 ? 1.6 : r.iterations > 6 ? 0.6 : 1;
    // Specify next the variable that changes fastest along the curve, keeping the direction of travel.
    const d = sensitivities(ev, X, spec);
    if (d === undefined) {
      dXdS = undefined;
      continue;
    }
    let next = spec;
    for (let k = 0; k < m; k++) if (Math.abs(d[k]) > Math.abs(d[next])) next = k;
    const size = Math.min(dS * grow * (next === spec ? 1 : Math.abs(d[next])), 0.5);
    if (next !== spec) {
      spec = next;
      dXdS = sensitivities(ev, X, spec);
    } else dXdS = d;
    // Keep travelling the same way along the curve: orient the new tangent with the last chord.
    let along = 0;
    if (dXdS !== undefined) for (let k = 0; k < m; k++) along += dXdS[k] * delta[k];
    step = (Math.sign(along) || 1) * size;
  }
  if (points.length < 2) return { ok: false, code: 'ENVELOPE_ERROR', message: `the envelope trace stopped at its first point (${stopReason})` };
  const critical = crossing === undefined ? undefined : criticalPoint(points, lnKs, crossing.index, crossing.component);
  markUnstable(model, z, points, options.multiPhaseCheck ?? true);
  const stateOf = (i: number) => {
    const x = new Float64Array(m);
    x.set(lnKs[i]);
    x[n] = Math.log(points[i].T);
    x[n + 1] = Math.log(points[i].P);
    return x;
  };
  const top = (by: 'T' | 'P') => {
    const refined = refineExtreme(ev, points, stateOf, by) ?? extreme(points, by);
    // The critical point is on the envelope too: an extreme can be no lower than it.
    return critical !== undefined && critical[by] > refined[by] ? critical : refined;
  };
  return { ok: true, points, critical, cricondenbar: top('P'), cricondentherm: top('T'), complete, stopReason, newtonIterations: iterations };
}

/**
 * The critical point: T and P are smooth functions of ln K_k through it (ln K_k = 0 there), so a
 * cubic through the two points either side of the crossing, in ln K_k, gives it at ln K_k = 0.
 */
function criticalPoint(points: EnvelopePoint[], lnKs: Float64Array[], after: number, k: number): { T: number; P: number } {
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

/**
 * The largest T (cricondentherm) or P (cricondenbar) on the curve, located by a golden-section
 * search between the traced points either side of the largest one: each trial point is solved
 * exactly with the other variable (ln P, resp. ln T) specified. Undefined when a trial fails
 * (the caller falls back to the parabola through the traced points).
 */
function refineExtreme(ev: Evaluator, points: EnvelopePoint[], stateOf: (i: number) => Float64Array, by: 'T' | 'P'): { T: number; P: number } | undefined {
  let k = 0;
  for (let i = 1; i < points.length; i++) if (points[i][by] > points[k][by]) k = i;
  if (k === 0 || k === points.length - 1) return undefined;
  const n = ev.n;
  const spec = by === 'T' ? n + 1 : n;
  const target = by === 'T' ? n : n + 1;
  const around = [stateOf(k - 1), stateOf(k), stateOf(k + 1)];
  const value = (s: number): number | undefined => {
    const X = new Float64Array(n + 2);
    extrapolate(around, spec, s, X);
    X[spec] = s;
    return correct(ev, X, spec).ok ? X[target] : undefined;
  };
  let a = Math.min(around[0][spec], around[2][spec]);
  let b = Math.max(around[0][spec], around[2][spec]);
  if (!(b > a)) return undefined;
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = value(c);
  let fd = value(d);
  for (let it = 0; it < 40 && b - a > 1e-10; it++) {
    if (fc === undefined || fd === undefined) return undefined;
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = value(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = value(d);
    }
  }
  const s = 0.5 * (a + b);
  const v = value(s);
  if (v === undefined) return undefined;
  return by === 'T' ? { T: Math.exp(v), P: Math.exp(s) } : { T: Math.exp(s), P: Math.exp(v) };
}

/** Smallest phase fraction of a split that is only the incipient phase at a saturation point. */
const INCIPIENT_FRACTION = 1e-3;

/**
 * Marks the points where the feed is not at a stable phase boundary: a TP flash there (stability
 * analysis with Wilson, pure-component and, with the multiphase check, third-phase trials) splits
 * it into phases of comparable amounts instead of one phase plus a vanishing incipient one.
 */
function markUnstable(model: ThermoModel, z: Float64Array, points: EnvelopePoint[], multiPhaseCheck: boolean): void {
  for (const p of points) {
    const f = flashTP(model, p.T, p.P, z, { multiPhaseCheck });
    if (!f.ok) continue;
    const betas = f.result.phases.map((q) => q.beta);
    const secondLargest = betas.length < 2 ? 0 : [...betas].sort((a, b) => b - a)[1];
    p.stable = secondLargest < INCIPIENT_FRACTION;
  }
}

/** Every variable at spec value `target` by Lagrange interpolation in X[spec] over the history points. */
function extrapolate(history: Float64Array[], spec: number, target: number, out: Float64Array): void {
  const s = history.map((h) => h[spec]);
  out.fill(0);
  for (let a = 0; a < history.length; a++) {
    let w = 1;
    for (let b = 0; b < history.length; b++) if (b !== a) w *= (target - s[b]) / (s[a] - s[b]);
    for (let k = 0; k < out.length; k++) out[k] += w * history[a][k];
  }
}

/**
 * Distance in (ln T, ln P) from a state to the polyline through envelope points (K, Pa): how far
 * a measured or published saturation point lies from a traced envelope.
 */
export function distanceToEnvelope(points: readonly { T: number; P: number }[], T: number, P: number): number {
  let best = Infinity;
  const px = Math.log(T);
  const py = Math.log(P);
  for (let i = 0; i + 1 < points.length; i++) {
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

/** All ln K near zero: Newton fell onto the trivial solution (both phases the feed). */
function trivial(X: Float64Array, n: number): boolean {
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.abs(X[i]);
  return s < 1e-4;
}
