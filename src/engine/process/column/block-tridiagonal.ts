/**
 * Block-tridiagonal linear solve (block Thomas algorithm) for the Naphtali–Sandholm Newton step:
 * A_k·x_{k−1} + B_k·x_k + C_k·x_{k+1} = d_k, blocks m×m row-major. Each diagonal block is
 * factorised by LU with partial pivoting; a singular block is reported with its index.
 */

export interface BlockSystem {
  n: number;
  m: number;
  A: Float64Array[];
  B: Float64Array[];
  C: Float64Array[];
  d: Float64Array[];
}

interface Lu {
  lu: Float64Array;
  piv: Int32Array;
}

function factor(a: Float64Array, m: number): Lu | undefined {
  const lu = Float64Array.from(a);
  const piv = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    let p = k;
    let best = Math.abs(lu[k * m + k]);
    for (let i = k + 1; i < m; i++) {
      const v = Math.abs(lu[i * m + k]);
      if (v > best) [best, p] = [v, i];
    }
    if (!(best > 1e-300)) return undefined;
    piv[k] = p;
    if (p !== k) for (let j = 0; j < m; j++) [lu[k * m + j], lu[p * m + j]] = [lu[p * m + j], lu[k * m + j]];
    const inv = 1 / lu[k * m + k];
    for (let i = k + 1; i < m; i++) {
      const f = (lu[i * m + k] *= inv);
      if (f !== 0) for (let j = k + 1; j < m; j++) lu[i * m + j] -= f * lu[k * m + j];
    }
  }
  return { lu, piv };
}

function solveInPlace(f: Lu, m: number, b: Float64Array): void {
  const { lu, piv } = f;
  for (let k = 0; k < m; k++) {
    const p = piv[k];
    if (p !== k) [b[k], b[p]] = [b[p], b[k]];
  }
  for (let i = 1; i < m; i++) {
    let s = b[i];
    for (let j = 0; j < i; j++) s -= lu[i * m + j] * b[j];
    b[i] = s;
  }
  for (let i = m - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < m; j++) s -= lu[i * m + j] * b[j];
    b[i] = s / lu[i * m + i];
  }
}

/** Solves in place of nothing: returns the solution blocks, or the index of a singular block. */
export function solveBlockTridiagonal(s: BlockSystem): { ok: true; x: Float64Array[] } | { ok: false; block: number } {
  const { n, m } = s;
  const facs: Lu[] = [];
  const Cp: Float64Array[] = [];
  const dp: Float64Array[] = [];
  for (let k = 0; k < n; k++) {
    const B = Float64Array.from(s.B[k]);
    const d = Float64Array.from(s.d[k]);
    if (k > 0) {
      // B_k −= A_k·C'_{k−1};  d_k −= A_k·d'_{k−1}
      const A = s.A[k];
      const Cprev = Cp[k - 1];
      const dprev = dp[k - 1];
      for (let i = 0; i < m; i++) {
        for (let l = 0; l < m; l++) {
          const a = A[i * m + l];
          if (a === 0) continue;
          for (let j = 0; j < m; j++) B[i * m + j] -= a * Cprev[l * m + j];
          d[i] -= a * dprev[l];
        }
      }
    }
    const f = factor(B, m);
    if (!f) return { ok: false, block: k };
    facs.push(f);
    // C'_k = B'^{-1} C_k (column by column), d'_k = B'^{-1} d_k
    const C = new Float64Array(m * m);
    if (k < n - 1) {
      const col = new Float64Array(m);
      for (let j = 0; j < m; j++) {
        for (let i = 0; i < m; i++) col[i] = s.C[k][i * m + j];
        solveInPlace(f, m, col);
        for (let i = 0; i < m; i++) C[i * m + j] = col[i];
      }
    }
    solveInPlace(f, m, d);
    Cp.push(C);
    dp.push(d);
  }
  const x: Float64Array[] = new Array(n);
  x[n - 1] = dp[n - 1];
  for (let k = n - 2; k >= 0; k--) {
    const xk = Float64Array.from(dp[k]);
    const next = x[k + 1];
    for (let i = 0; i < m; i++) {
      let sum = 0;
      for (let j = 0; j < m; j++) sum += Cp[k][i * m + j] * next[j];
      xk[i] -= sum;
    }
    x[k] = xk;
  }
  return { ok: true, x };
}
