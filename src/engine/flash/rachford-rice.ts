/**
 * Rachford–Rice: the vapour fraction β solving Σ z_i (K_i − 1)/(1 + β(K_i − 1)) = 0.
 * Newton on β inside the window where every phase amount stays positive (Whitson & Michelsen
 * 1989 bounds) and the sign bracket shrinks every iteration; a Newton step that leaves the
 * bracket is replaced by bisection, so it cannot diverge (Michelsen's bounded-Newton scheme).
 *
 * The unknown is always the smaller phase fraction: when the root lies above 1/2 the same
 * problem is solved for 1 − β with K replaced by 1/K. A liquid fraction of 1e-8 recovered as
 * 1 − β would keep only half its digits (β is known to 1e-16 absolute), enough to spoil the
 * fugacity balance of that phase.
 */

export interface RachfordRiceResult {
  /** Vapour fraction; may lie outside [0, 1] when the feed is single phase for these K. */
  beta: number;
  /** Liquid fraction 1 − β, computed directly (full relative precision when it is small). */
  liquidFraction: number;
  iterations: number;
  converged: boolean;
}

/** K_i, or 1/K_i when the phases are swapped. */
function kOf(K: ArrayLike<number>, i: number, swap: boolean): number {
  return swap ? 1 / K[i] : K[i];
}

function residual(z: ArrayLike<number>, K: ArrayLike<number>, beta: number, nc: number, swap: boolean): number {
  let f = 0;
  for (let i = 0; i < nc; i++) {
    const km1 = kOf(K, i, swap) - 1;
    f += (z[i] * km1) / (1 + beta * km1);
  }
  return f;
}

function derivative(z: ArrayLike<number>, K: ArrayLike<number>, beta: number, nc: number, swap: boolean): number {
  let df = 0;
  for (let i = 0; i < nc; i++) {
    const km1 = kOf(K, i, swap) - 1;
    const den = 1 + beta * km1;
    df -= (z[i] * km1 * km1) / (den * den);
  }
  return df;
}

/** Window of positive phase amounts: β in (max over K>1 of (K z − 1)/(K − 1), min over K<1 of (1 − z)/(1 − K)). */
function windowOf(z: ArrayLike<number>, K: ArrayLike<number>, nc: number, swap: boolean): [number, number] {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < nc; i++) {
    const k = kOf(K, i, swap);
    if (k > 1) lo = Math.max(lo, (k * z[i] - 1) / (k - 1));
    else if (k < 1) hi = Math.min(hi, (1 - z[i]) / (1 - k));
  }
  return [lo, hi];
}

/**
 * Solves for β. When Σ z_i K_i ≤ 1 the feed is all liquid (β = 0); when Σ z_i/K_i ≤ 1 it is all
 * vapour (β = 1); those cases return at once with converged = true.
 */
export function rachfordRice(z: ArrayLike<number>, K: ArrayLike<number>, nc: number): RachfordRiceResult {
  let sKz = 0;
  let sZoverK = 0;
  for (let i = 0; i < nc; i++) {
    sKz += z[i] * K[i];
    sZoverK += z[i] / K[i];
  }
  if (sKz <= 1) return { beta: 0, liquidFraction: 1, iterations: 0, converged: true };
  if (sZoverK <= 1) return { beta: 1, liquidFraction: 0, iterations: 0, converged: true };
  // f is decreasing in the window: f(1/2) > 0 (or the window above 1/2) puts the root above 1/2.
  const [lo, hi] = windowOf(z, K, nc, false);
  const upper = lo >= 0.5 || (hi > 0.5 && residual(z, K, 0.5, nc, false) > 0);
  if (!upper) {
    const r = solveInWindow(z, K, nc, false, lo, hi);
    return { beta: r.beta, liquidFraction: 1 - r.beta, iterations: r.iterations, converged: r.converged };
  }
  const [loS, hiS] = windowOf(z, K, nc, true);
  const r = solveInWindow(z, K, nc, true, loS, hiS);
  return { beta: 1 - r.beta, liquidFraction: r.beta, iterations: r.iterations, converged: r.converged };
}

function solveInWindow(z: ArrayLike<number>, K: ArrayLike<number>, nc: number, swap: boolean, lo: number, hi: number): { beta: number; iterations: number; converged: boolean } {
  let beta = 0.5 * (lo + hi);
  let it = 0;
  for (; it < 100; it++) {
    const f = residual(z, K, beta, nc, swap);
    // A tiny Newton step proves nothing next to a pole (huge derivative); only a small residual
    // or a collapsed bracket does (relative to β: the smaller phase may be 1e-12 of the feed).
    if (Math.abs(f) < 1e-14 || hi - lo < 1e-15 * beta) return { beta, iterations: it, converged: true };
    if (f > 0) lo = beta;
    else hi = beta;
    let next = beta - f / derivative(z, K, beta, nc, swap);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    // β cannot move in floating point: f is continuous and decreasing in the window, so the
    // root is pinned to one ulp; next to a pole f changes by far more than 1e-10 per ulp.
    if (next === beta) return { beta, iterations: it, converged: true };
    beta = next;
  }
  return { beta, iterations: it, converged: Math.abs(residual(z, K, beta, nc, swap)) < 1e-10 };
}
