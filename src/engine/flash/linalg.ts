/** Small dense solves for Newton steps (n ≤ ~50): Gaussian elimination with partial pivoting, in place, and an LU factorisation for several right-hand sides (CPA site fractions). */

/** Row order and substitution scratch of solveInPlace, reused per size (JS runs one call at a time). */
let scratchPiv = new Int32Array(0);
let scratchTmp = new Float64Array(0);

/**
 * Solves A·x = b for row-major n×n A (LU with partial pivoting, below). A and b are overwritten;
 * the solution is left in b. Returns false when A is singular to working precision.
 */
export function solveInPlace(A: Float64Array, b: Float64Array, n: number): boolean {
  if (scratchPiv.length < n) {
    scratchPiv = new Int32Array(n);
    scratchTmp = new Float64Array(n);
  }
  if (!luFactor(A, n, scratchPiv)) return false;
  luSolve(A, n, scratchPiv, b, scratchTmp);
  for (let i = 0; i < n; i++) if (!Number.isFinite(b[i])) return false;
  return true;
}

/**
 * Cholesky factor of a symmetric row-major n×n A, in place (lower triangle). False when a pivot is
 * not above `pivotFloor` times its original diagonal entry (0: merely not positive), i.e. A is not
 * positive definite to that margin.
 */
export function choleskyFactor(A: Float64Array, n: number, pivotFloor: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j];
    for (let k = 0; k < j; k++) d -= A[j * n + k] * A[j * n + k];
    if (!(d > pivotFloor * Math.abs(A[j * n + j]))) return false;
    const ljj = Math.sqrt(d);
    A[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j];
      for (let k = 0; k < j; k++) s -= A[i * n + k] * A[j * n + k];
      A[i * n + j] = s / ljj;
    }
  }
  return true;
}

/**
 * Solves A·x = b for a symmetric row-major n×n A by Cholesky factorisation. A and b are
 * overwritten (the factor in A's lower triangle, the solution in b). Returns false when A is not
 * positive definite to working precision, which is how the Newton steps of the flash detect a
 * Gibbs-energy surface that is not convex where they stand.
 */
export function choleskySolve(A: Float64Array, b: Float64Array, n: number): boolean {
  // Relative to the original diagonal: a pivot lost to cancellation is not positive.
  if (!choleskyFactor(A, n, 1e-14)) return false;
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= A[i * n + k] * b[k];
    b[i] = s / A[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= A[k * n + i] * b[k];
    b[i] = s / A[i * n + i];
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(b[i])) return false;
  return true;
}

/**
 * Curvature shifts tried in turn by the modified Newton steps of the flashes: 0 is plain Newton;
 * larger shifts add μ·D (the ideal-mixing curvature) until the matrix is positive definite.
 */
export const NEWTON_SHIFTS: readonly number[] = [0, 1e-3, 1e-2, 0.1, 1, 10, 100];

/**
 * The modified Newton step for Hessian H (m×m, row-major), diagonal D and gradient g with shift
 * μ: solves (H + μ·diag(D))·step = −g by Cholesky, using A as scratch. False when the shifted
 * matrix is not positive definite (try a larger shift).
 */
export function shiftedNewtonStep(H: Float64Array, D: Float64Array, g: Float64Array, mu: number, A: Float64Array, step: Float64Array, m: number): boolean {
  A.set(H);
  for (let a = 0; a < m; a++) {
    A[a * m + a] += mu * D[a];
    step[a] = -g[a];
  }
  return choleskySolve(A, step, m);
}

/**
 * Line-search acceptance for the Gibbs-minimising Newton steps: sufficient decrease (Armijo,
 * c = 1e-4) for a step of length s along a direction with directional derivative `slope`, or a
 * change within round-off of G (near the minimum the decrease is below the arithmetic's reach).
 */
export function acceptsGibbsStep(gTrial: number, g: number, s: number, slope: number): boolean {
  return Number.isFinite(gTrial) && (gTrial <= g + 1e-4 * s * slope || Math.abs(gTrial - g) <= 1e-15 * Math.abs(g));
}

/**
 * LU factorisation with partial pivoting of the row-major n×n matrix in A (overwritten); the row
 * order goes to piv. False when A is singular to working precision. No allocation: this runs in
 * every volume iteration of every fugacity evaluation.
 */
export function luFactor(A: Float64Array, n: number, piv: Int32Array): boolean {
  for (let i = 0; i < n; i++) piv[i] = i;
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(A[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(A[i * n + k]);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (!(best > 1e-300)) return false;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = A[k * n + j];
        A[k * n + j] = A[p * n + j];
        A[p * n + j] = t;
      }
      const t = piv[k];
      piv[k] = piv[p];
      piv[p] = t;
    }
    const pivot = A[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const f = A[i * n + k] / pivot;
      A[i * n + k] = f;
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) A[i * n + j] -= f * A[k * n + j];
    }
  }
  return true;
}

/** Solves with a factorisation of luFactor: b (length n) becomes x; tmp is scratch of length n. */
export function luSolve(LU: Float64Array, n: number, piv: Int32Array, b: Float64Array, tmp: Float64Array): void {
  for (let i = 0; i < n; i++) tmp[i] = b[piv[i]];
  for (let i = 1; i < n; i++) {
    let s = tmp[i];
    for (let j = 0; j < i; j++) s -= LU[i * n + j] * tmp[j];
    tmp[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = tmp[i];
    for (let j = i + 1; j < n; j++) s -= LU[i * n + j] * tmp[j];
    tmp[i] = s / LU[i * n + i];
  }
  for (let i = 0; i < n; i++) b[i] = tmp[i];
}
