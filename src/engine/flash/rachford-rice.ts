/**
 * Rachford–Rice: the vapour fraction β solving Σ z_i (K_i − 1)/(1 + β(K_i − 1)) = 0.
 * Newton on β inside the window where every phase amount stays positive (Whitson & Michelsen
 * 1989 bounds) and the sign bracket shrinks every iteration; a Newton step that leaves the
 * bracket is replaced by bisection, so it cannot diverge (Michelsen's bounded-Newton scheme).
 */

export interface RachfordRiceResult {
  /** Vapour fraction; may lie outside [0, 1] when the feed is single phase for these K. */
  beta: number;
  iterations: number;
  converged: boolean;
}

function residual(z: ArrayLike<number>, K: ArrayLike<number>, beta: number, nc: number): number {
  let f = 0;
  for (let i = 0; i < nc; i++) {
    const km1 = K[i] - 1;
    f += (z[i] * km1) / (1 + beta * km1);
  }
  return f;
}

function derivative(z: ArrayLike<number>, K: ArrayLike<number>, beta: number, nc: number): number {
  let df = 0;
  for (let i = 0; i < nc; i++) {
    const km1 = K[i] - 1;
    const den = 1 + beta * km1;
    df -= (z[i] * km1 * km1) / (den * den);
  }
  return df;
}

/**
 * Solves for β. When Σ z_i K_i ≤ 1 the feed is all liquid (β = 0); when Σ z_i/K_i ≤ 1 it is all
 * vapour (β = 1); those cases return at once with converged = true.
 */
export function rachfordRice(z: ArrayLike<number>, K: ArrayLike<number>, nc: number): RachfordRiceResult {
  let sKz = 0;
  let sZoverK = 0;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < nc; i++) {
    sKz += z[i] * K[i];
    sZoverK += z[i] / K[i];
  }
  if (sKz <= 1) return { beta: 0, iterations: 0, converged: true };
  if (sZoverK <= 1) return { beta: 1, iterations: 0, converged: true };
  // Window of positive phase amounts: β in (max over K>1 of (K z − 1)/(K − 1), min over K<1 of (1 − z)/(1 − K)).
  for (let i = 0; i < nc; i++) {
    const k = K[i];
    if (k > 1) lo = Math.max(lo, (k * z[i] - 1) / (k - 1));
    else if (k < 1) hi = Math.min(hi, (1 - z[i]) / (1 - k));
  }
  let beta = 0.5 * (lo + hi);
  let it = 0;
  for (; it < 100; it++) {
    const f = residual(z, K, beta, nc);
    // A tiny Newton step proves nothing next to a pole (huge derivative); only a small residual
    // or a collapsed bracket does.
    if (Math.abs(f) < 1e-14 || hi - lo < 1e-15 * Math.max(1e-3, beta)) return { beta, iterations: it, converged: true };
    if (f > 0) lo = beta;
    else hi = beta;
    let next = beta - f / derivative(z, K, beta, nc);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next === beta) return { beta, iterations: it, converged: Math.abs(f) < 1e-10 };
    beta = next;
  }
  return { beta, iterations: it, converged: Math.abs(residual(z, K, beta, nc)) < 1e-10 };
}
