/**
 * The guest balance of a hydrate flash at a trial amount ξ of structural water in hydrate:
 * find the guests left in the fluid, rem_g, such that
 *
 *   r_g = ln(rem_g + ξ·G_g(rem)) − ln z_g = 0   for every guest g,
 *
 * where G_g (guests g per water in the hydrate) follows from the occupancies the fluid of
 * composition rem gives. Unknowns s_g = ln rem_g, bounded above by ln z_g (a hydrate only takes
 * guests up). Solved by Newton's method with a finite-difference Jacobian, kept between calls
 * and updated by Broyden's rule, refreshed when progress is slow.
 *
 * Why not successive substitution (rem_g ← z_g/(1 + ξ·G_g/rem_g)): its rate is
 * a/(1+a)·(1 − e) with a = ξG_g/rem_g and e = d ln G_g/d ln rem_g. Where the guest limits the
 * hydrate (water-rich feeds) nearly all of it sits in the hydrate (a ≫ 1) and the cages are well
 * filled (e ≪ 1), so that rate tends to 1 and the iteration crawls. Newton does not care.
 * With one guest r is increasing in s, so a bracket keeps every step safe; with several the
 * step is damped on the residual norm, and if Newton has not converged in 25 steps, nonlinear
 * Gauss–Seidel takes over (a bracketed 1-D solve per guest). That fallback is for fluids where
 * a trace gas phase comes and goes near the answer (SRK/PR, which dissolve almost no gas in
 * water): the guest fugacities then hinge on whether that phase exists, and a Newton step built
 * on one side of the hinge overshoots on the other.
 */
import { solveInPlace } from '../flash/linalg.js';
import type { HydrateSystem } from './vdwp.js';

/** What one evaluation of the fluid gives: the hydrate's guests per water (by component). */
export interface GuestEvaluation {
  guestsPerWater: Float64Array;
}

/** Carried between calls of one flash: the uptakes q_g = G_g/rem_g (warm start) and the Jacobian. */
export interface GuestBalanceMemory {
  q: Float64Array;
  jacobian: Float64Array | undefined;
}

export type GuestBalanceOutcome<E> = { ok: true; at: E; residual: number } | { ok: false; flashFailed?: true; message: string };

const MAX_STEP = 4;
const FD_STEP = 1e-6;

/**
 * Solves the guest balance at ξ. `rem` holds the fluid's water and non-guest amounts on entry;
 * on success its guest entries hold the solution and `at` the evaluation there. `evaluate`
 * flashes the fluid rem and returns the hydrate it is in equilibrium with (or a failure,
 * reported as flashFailed).
 */
export function solveGuestBalance<E extends GuestEvaluation>(
  sys: HydrateSystem,
  z: Float64Array,
  xi: number,
  rem: Float64Array,
  memory: GuestBalanceMemory,
  tol: number,
  evaluate: (rem: Float64Array) => E | { ok: false },
): GuestBalanceOutcome<E> {
  const guests = sys.guests.map((g) => g.index);
  const n = guests.length;
  const upper = guests.map((i) => Math.log(z[i]));
  const s = new Float64Array(n);
  guests.forEach((i, k) => (s[k] = Math.min(Math.log(z[i] / (1 + xi * memory.q[i])), upper[k])));

  const residuals = (x: Float64Array): { at: E; r: Float64Array } | undefined => {
    guests.forEach((i, k) => (rem[i] = Math.exp(x[k])));
    const at = evaluate(rem);
    if ('ok' in at && at.ok === false) return undefined;
    const e = at as E;
    const r = new Float64Array(n);
    guests.forEach((i, k) => (r[k] = Math.log(rem[i] + xi * e.guestsPerWater[i]) - Math.log(z[i])));
    return { at: e, r };
  };
  const norm = (r: Float64Array): number => r.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

  let cur = residuals(s);
  if (cur === undefined) return { ok: false, flashFailed: true, message: 'the fluid flash failed in the guest balance' };
  // One guest: a bracket [lo, hi] on s with r(lo) < 0 < r(hi).
  let lo = -Infinity;
  let hi = upper[0];
  let refresh = memory.jacobian === undefined || memory.jacobian.length !== n * n;
  let best = { s: Float64Array.from(s), cur };
  for (let it = 0; it < (n === 1 ? 60 : 25); it++) {
    const rNorm = norm(cur.r);
    if (rNorm < norm(best.cur.r)) best = { s: Float64Array.from(s), cur };
    if (n === 1) {
      if (cur.r[0] < 0) lo = Math.max(lo, s[0]);
      else hi = Math.min(hi, s[0]);
    }
    if (rNorm < tol) {
      const at = cur.at;
      for (const i of guests) memory.q[i] = at.guestsPerWater[i] / rem[i];
      return { ok: true, at, residual: rNorm };
    }
    if (refresh) {
      const J = new Float64Array(n * n);
      for (let k = 0; k < n; k++) {
        const h = s[k] + FD_STEP > upper[k] ? -FD_STEP : FD_STEP;
        const x = Float64Array.from(s);
        x[k] += h;
        const d = residuals(x);
        if (d === undefined) return { ok: false, flashFailed: true, message: 'the fluid flash failed in the guest balance' };
        for (let j = 0; j < n; j++) J[j * n + k] = (d.r[j] - cur.r[j]) / h;
      }
      memory.jacobian = J;
      refresh = false;
    }
    const step = Float64Array.from(cur.r, (v) => -v);
    const A = Float64Array.from(memory.jacobian!);
    if (!solveInPlace(A, step, n)) {
      // Singular (no guest responds): fall back to the diagonal, each r_g rising with its own s_g.
      for (let k = 0; k < n; k++) step[k] = -cur.r[k] / Math.max(memory.jacobian![k * n + k], 1e-3);
    }
    const big = norm(step);
    if (!(big < Infinity)) return { ok: false, message: 'the guest balance Newton step is not finite' };
    if (big > MAX_STEP) for (let k = 0; k < n; k++) step[k] *= MAX_STEP / big;
    const next = new Float64Array(n);
    let trial: ReturnType<typeof residuals> | undefined;
    for (let back = 0; back < (n === 1 ? 1 : 4); back++) {
      for (let k = 0; k < n; k++) next[k] = Math.min(s[k] + step[k], upper[k]);
      if (n === 1 && !(next[0] > lo && next[0] < hi)) {
        // Outside the bracket: bisect it (on a log scale towards an unbounded low end).
        next[0] = Number.isFinite(lo) ? (lo + hi) / 2 : hi - MAX_STEP;
      }
      trial = residuals(next);
      if (trial === undefined) return { ok: false, flashFailed: true, message: 'the fluid flash failed in the guest balance' };
      if (n === 1 || norm(trial.r) <= rNorm) break;
      for (let k = 0; k < n; k++) step[k] /= 2;
    }
    const t = trial as { at: E; r: Float64Array };
    // Broyden's update of the Jacobian from this step; a fresh one when progress stalls.
    const ds = Float64Array.from(next, (v, k) => v - s[k]);
    const dd = ds.reduce((a, v) => a + v * v, 0);
    if (dd > 0) {
      const J = memory.jacobian!;
      for (let j = 0; j < n; j++) {
        let Jds = 0;
        for (let k = 0; k < n; k++) Jds += J[j * n + k] * ds[k];
        const c = (t.r[j] - cur.r[j] - Jds) / dd;
        for (let k = 0; k < n; k++) J[j * n + k] += c * ds[k];
      }
    }
    if (norm(t.r) > 0.25 * rNorm) refresh = true;
    if (ds.every((v) => v === 0)) refresh = true;
    s.set(next);
    cur = t;
  }
  if (n === 1) return { ok: false, message: 'the guest balance between hydrate and fluid did not converge' };
  // Several guests and Newton lost (a trace gas phase appearing and vanishing makes the fugacities
  // kink): one guest at a time, each a safe bracketed 1-D solve, until all balances close.
  const gs = gaussSeidel(best.s, best.cur, residuals, upper, tol);
  if (gs === undefined) return { ok: false, flashFailed: true, message: 'the fluid flash failed in the guest balance' };
  if (!gs.ok) return { ok: false, message: 'the guest balance between hydrate and fluid did not converge' };
  residuals(gs.s);
  const at = gs.cur.at;
  for (const i of guests) memory.q[i] = at.guestsPerWater[i] / rem[i];
  return { ok: true, at, residual: norm(gs.cur.r) };
}

/**
 * Nonlinear Gauss–Seidel on the guest balance: r_k rises with its own s_k, so with the others
 * held it has one root below ln z_k, found by a bracketed 1-D solve (growing steps, then regula
 * falsi, Illinois). Undefined when a flash fails.
 */
function gaussSeidel<R extends { r: Float64Array }>(
  s0: Float64Array,
  cur0: R,
  residuals: (x: Float64Array) => R | undefined,
  upper: readonly number[],
  tol: number,
): { ok: boolean; s: Float64Array; cur: R } | undefined {
  const s = Float64Array.from(s0);
  let cur = cur0;
  const n = s.length;
  const norm = (r: Float64Array): number => r.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  /** Solves scalar(r(s + t·d)) = 0 for t along the unit vector d. */
  const lineSolve = (d: Float64Array, scalar: (r: Float64Array) => number): boolean | undefined => {
    interface Point {
      t: number;
      x: Float64Array;
      e: R;
    }
    const point = (t: number): Point | undefined => {
      const x = Float64Array.from(s, (v, k) => Math.min(v + t * d[k], upper[k]));
      const e = residuals(x);
      return e === undefined ? undefined : { t, x, e };
    };
    let a: Point = { t: 0, x: Float64Array.from(s), e: cur };
    let fa = scalar(cur.r);
    let b: Point | undefined;
    let fb = NaN;
    for (let step = 0.5, j = 0; j < 12; j++, step *= 2) {
      const p = point(fa > 0 ? a.t - step : a.t + step);
      if (p === undefined) return undefined;
      const f = scalar(p.e.r);
      if (Math.sign(f) !== Math.sign(fa) || f === 0) {
        b = p;
        fb = f;
        break;
      }
      a = p;
      fa = f;
      if (d.every((v, k) => v === 0 || p.x[k] >= upper[k])) break;
    }
    if (b === undefined) return false;
    let best = Math.abs(fa) < Math.abs(fb) ? a : b;
    let side = 0;
    for (let j = 0; j < 60 && Math.abs(scalar(best.e.r)) > tol / 4 && Math.abs(b.t - a.t) > 1e-14; j++) {
      const p = point((a.t * fb - b.t * fa) / (fb - fa));
      if (p === undefined) return undefined;
      const f = scalar(p.e.r);
      if (Math.abs(f) < Math.abs(scalar(best.e.r))) best = p;
      if (Math.sign(f) === Math.sign(fb)) {
        b = p;
        fb = f;
        if (side === -1) fa /= 2;
        side = -1;
      } else {
        a = p;
        fa = f;
        if (side === 1) fb /= 2;
        side = 1;
      }
    }
    s.set(best.x);
    cur = best.e;
    return true;
  };
  for (let sweep = 0; sweep < 40; sweep++) {
    if (norm(cur.r) < tol) return { ok: true, s, cur };
    for (let k = 0; k < n; k++) {
      if (Math.abs(cur.r[k]) < tol / 4) continue;
      const d = new Float64Array(n);
      d[k] = 1;
      const done = lineSolve(d, (r) => r[k]);
      if (done === undefined) return undefined;
      if (!done) return { ok: false, s, cur };
    }
  }
  return { ok: norm(cur.r) < tol, s, cur };
}
