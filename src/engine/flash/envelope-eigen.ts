/**
 * Smallest eigenvalue of the symmetric matrix of the criticality conditions (critical-point.ts)
 * by inverse iteration from the previous solve's eigenvector, for the nested secants that
 * evaluate it at many nearby (T, V): near the critical point the smallest eigenvalue is much
 * closer to zero than the next one, so a few solves with one LU factorisation converge, against
 * tens of Jacobi sweeps. The answer is certified (a Cholesky factorisation of Q − (λ − δ)·I
 * proves no eigenvalue lies below it); undefined when it is not, and the caller falls back to
 * the full Jacobi decomposition.
 */
import { choleskyFactor, luFactor, luSolve } from './linalg.js';

/** Iterations of inverse iteration before giving up (the Jacobi fallback then decides). */
const MAX_ITERATIONS = 12;

export class InverseIteration {
  private readonly lu: Float64Array;
  private readonly piv: Int32Array;
  private readonly tmp: Float64Array;
  private readonly w: Float64Array;
  private readonly qw: Float64Array;
  private readonly chol: Float64Array;
  constructor(private readonly n: number) {
    this.lu = new Float64Array(n * n);
    this.piv = new Int32Array(n);
    this.tmp = new Float64Array(n);
    this.w = new Float64Array(n);
    this.qw = new Float64Array(n);
    this.chol = new Float64Array(n * n);
  }

  /** The smallest eigenvalue of Q (row-major n×n, symmetric) and its unit eigenvector, from the start vector. */
  smallest(Q: Float64Array, start: Float64Array): { value: number; vector: Float64Array } | undefined {
    const n = this.n;
    const { lu, piv, tmp, w, qw } = this;
    let scale = 0;
    for (let k = 0; k < n * n; k++) scale = Math.max(scale, Math.abs(Q[k]));
    if (!(scale > 0)) return undefined;
    lu.set(Q);
    if (!luFactor(lu, n, piv)) return undefined;
    w.set(start);
    let value = NaN;
    for (let it = 0; it < MAX_ITERATIONS; it++) {
      luSolve(lu, n, piv, w, tmp);
      let norm = 0;
      for (let i = 0; i < n; i++) norm += w[i] * w[i];
      norm = Math.sqrt(norm);
      if (!(norm > 0) || !Number.isFinite(norm)) return undefined;
      for (let i = 0; i < n; i++) w[i] /= norm;
      // Rayleigh quotient and the residual ‖Qw − λw‖ of the normalised iterate.
      value = 0;
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += Q[i * n + j] * w[j];
        qw[i] = s;
        value += w[i] * s;
      }
      let residual = 0;
      for (let i = 0; i < n; i++) residual = Math.max(residual, Math.abs(qw[i] - value * w[i]));
      if (residual < 1e-13 * scale) return this.certified(Q, value, scale) ? { value, vector: Float64Array.from(w) } : undefined;
    }
    return undefined;
  }

  /** Q − (λ − δ)·I is positive definite: no eigenvalue lies below λ − δ, so λ is the smallest. */
  private certified(Q: Float64Array, value: number, scale: number): boolean {
    const n = this.n;
    const A = this.chol;
    const shift = value - 1e-9 * scale;
    A.set(Q);
    for (let i = 0; i < n; i++) A[i * n + i] -= shift;
    return choleskyFactor(A, n, 0);
  }
}
