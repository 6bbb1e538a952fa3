/**
 * Multiphase Rachford–Rice as Michelsen's convex minimisation (Michelsen 1994, Comput. Chem.
 * Eng. 18:545):
 *   Q(β) = Σ_k β_k − Σ_i z_i ln E_i,   E_i = Σ_k β_k K_ik,   β_k ≥ 0,
 * whose minimum gives the phase fractions for fixed K (K_ik = φ_i,ref / φ_i,k). At the minimum
 * g_k = ∂Q/∂β_k = 1 − Σ_i z_i K_ik / E_i is zero for present phases and ≥ 0 for absent ones
 * (an absent phase's unnormalised composition sums to ≤ 1: it would not lower G).
 * Solved by an active-set Newton method with a projected-gradient fallback.
 */
import { choleskySolve } from './linalg.js';

const MAX_ITERATIONS = 200;
/** KKT violation counted as converged (g is O(1), so this is round-off). */
const GRADIENT_TOLERANCE = 1e-13;

/** Minimises Q(β) over β ≥ 0. Returns undefined when it cannot (never with K > 0 and some β > 0). */
export function multiphaseRachfordRice(z: Float64Array, K: Float64Array[], beta0: number[]): number[] | undefined {
  const np = K.length;
  const nc = z.length;
  const beta = beta0.map((b) => (b > 0 ? b : 0));
  if (!beta.some((b) => b > 0)) beta.fill(1 / np);
  const E = new Float64Array(nc);
  const g = new Float64Array(np);
  const H = new Float64Array(np * np);
  const trial = new Array<number>(np).fill(0);
  const q = (b: number[]): number => {
    let s = 0;
    for (let k = 0; k < np; k++) s += b[k];
    for (let i = 0; i < nc; i++) {
      let e = 0;
      for (let k = 0; k < np; k++) e += b[k] * K[k][i];
      if (!(e > 0)) return Infinity;
      s -= z[i] * Math.log(e);
    }
    return s;
  };
  let Q = q(beta);
  if (!Number.isFinite(Q)) return undefined;
  let violation = Infinity;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    for (let i = 0; i < nc; i++) {
      let e = 0;
      for (let k = 0; k < np; k++) e += beta[k] * K[k][i];
      E[i] = e;
    }
    for (let k = 0; k < np; k++) {
      let s = 1;
      for (let i = 0; i < nc; i++) s -= (z[i] * K[k][i]) / E[i];
      g[k] = s;
      for (let l = 0; l <= k; l++) {
        let h = 0;
        for (let i = 0; i < nc; i++) h += (z[i] * K[k][i] * K[l][i]) / (E[i] * E[i]);
        H[k * np + l] = h;
        H[l * np + k] = h;
      }
    }
    violation = 0;
    for (let k = 0; k < np; k++) violation = Math.max(violation, beta[k] > 0 ? Math.abs(g[k]) : Math.max(0, -g[k]));
    if (violation < GRADIENT_TOLERANCE) return beta;

    // Free set: present phases, and absent phases whose gradient asks to enter. A phase at zero
    // whose Newton component still points below zero is fixed and the step recomputed: keeping it
    // free would cut the step to length zero and stall the iteration for good.
    const free: number[] = [];
    for (let k = 0; k < np; k++) if (beta[k] > 0 || g[k] < 0) free.push(k);
    let dir: Float64Array | undefined;
    while (free.length > 0) {
      dir = newtonDirection(H, g, free, np);
      if (!dir) break;
      const blocked = free.filter((k, a) => beta[k] === 0 && dir![a] < 0);
      if (blocked.length === 0) break;
      for (const k of blocked) free.splice(free.indexOf(k), 1);
      dir = undefined;
    }
    let accepted = dir !== undefined && lineSearch(free, dir);
    if (!accepted) {
      // Projected gradient, scaled by the largest curvature so the unit step is not too long.
      const pf: number[] = [];
      for (let k = 0; k < np; k++) if (beta[k] > 0 || g[k] < 0) pf.push(k);
      let hmax = 0;
      for (const k of pf) hmax = Math.max(hmax, H[k * np + k]);
      const pd = Float64Array.from(pf, (k) => -g[k] / Math.max(hmax, 1e-300));
      accepted = pf.length > 0 && lineSearch(pf, pd);
    }
    // Q flat to round-off near a degenerate optimum (two phases with almost equal K): a small
    // gradient is as good as it gets; the caller still checks its own convergence.
    if (!accepted) return violation < 1e-9 ? beta : undefined;
    for (let k = 0; k < np; k++) beta[k] = trial[k];
  }
  return violation < 1e-7 ? beta : undefined;

  /** Armijo backtracking from the largest step keeping β ≥ 0; leaves the new point in `trial`. */
  function lineSearch(set: number[], d: Float64Array): boolean {
    let step = 1;
    let hit = -1;
    let slope = 0;
    for (let a = 0; a < set.length; a++) {
      const k = set[a];
      slope += g[k] * d[a];
      if (d[a] < 0 && beta[k] + step * d[a] < 0) {
        step = -beta[k] / d[a];
        hit = k;
      }
    }
    if (!(slope < 0) || !(step > 0)) return false;
    // Near the minimum the predicted decrease is below the round-off of Q and no line search
    // can see it; the step is then taken if Q does not rise beyond round-off.
    const roundOff = 1e-14 * Math.max(1, Math.abs(Q));
    for (let ls = 0; ls < 50; ls++) {
      for (let k = 0; k < np; k++) trial[k] = beta[k];
      for (let a = 0; a < set.length; a++) trial[set[a]] = Math.max(0, beta[set[a]] + step * d[a]);
      // A phase the full ratio-test step drives to its bound lands exactly on zero.
      if (ls === 0 && hit >= 0) trial[hit] = 0;
      const Qt = q(trial);
      if (Qt <= Q + 1e-4 * step * slope || (-step * slope < roundOff && Qt <= Q + roundOff)) {
        Q = Qt;
        return true;
      }
      step *= 0.5;
    }
    return false;
  }
}

/** Newton direction on the free phases, from the (positive semi-definite) Hessian of Q. */
function newtonDirection(H: Float64Array, g: Float64Array, free: number[], np: number): Float64Array | undefined {
  const nf = free.length;
  const A = new Float64Array(nf * nf);
  const d = new Float64Array(nf);
  for (let a = 0; a < nf; a++) {
    d[a] = -g[free[a]];
    for (let c = 0; c < nf; c++) A[a * nf + c] = H[free[a] * np + free[c]];
    // A tiny ridge keeps two phases with nearly equal K (singular Hessian) solvable.
    A[a * nf + a] *= 1 + 1e-12;
  }
  return choleskySolve(A, d, nf) ? d : undefined;
}
