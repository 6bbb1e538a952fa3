/**
 * Second-order stage of the multiphase TP flash: Newton on the phase mole numbers n_ki
 * minimising G = Σ_k Σ_i n_ki (ln x_ki + ln φ_ki) under the material balance Σ_k n_ki = z_i
 * (Michelsen & Mollerup 2007, ch. 10, extended from two phases to np). Successive substitution
 * alone crawls near critical points and when phase fractions are small; this stage takes over
 * from its iterate.
 *
 * For each component the phase holding most of it is the dependent one, n_ri = z_i − Σ_k≠r n_ki,
 * so every trace amount is an independent variable and keeps all its digits. With
 * M^k_ij = ∂ln f_ki/∂n_kj = δ_ij/n_ki − 1/N_k + ∂ln φ_ki/∂n_kj the reduced gradient and Hessian are
 *   g_(k,i) = ln f_ki − ln f_ri,
 *   H_(k,i),(l,j) = (δ_kl − δ_k,r(j)) M^k_ij − (δ_r(i),l − δ_r(i),r(j)) M^r(i)_ij.
 * Where G is not convex the Hessian is shifted by μ·diag(1/n_ki + 1/n_ri) until it is positive
 * definite and the step lowers G (modified Newton with a backtracking line search on G).
 */
import type { ModelAtT, RootChoice } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives } from './fugacity.js';
import { NEWTON_SHIFTS, acceptsGibbsStep, shiftedNewtonStep } from './linalg.js';

export interface MultiphaseIterate {
  beta: number[];
  x: Float64Array[];
  lnPhi: Float64Array[];
  v: number[];
}

const MAX_ITERATIONS = 60;
/** Σ |ln f_ki − ln f_ri| over the independent variables, as the two-phase Newton. */
const TOLERANCE = 1e-10;

/**
 * Newton from (beta, x) of every phase, each on the volume root roots[k]; returns the converged state or undefined (a phase
 * vanishing, no descent, no volume root). The caller keeps its own iterate on failure.
 */
export function multiphaseNewton(at: ModelAtT, P: number, z: Float64Array, beta: number[], x: Float64Array[], roots: readonly RootChoice[]): (MultiphaseIterate & { iterations: number }) | undefined {
  const nc = at.nc;
  const np = beta.length;
  const n = x.map((xk, k) => Float64Array.from(xk, (v) => beta[k] * v));
  const r = new Int32Array(nc);
  // Dependent phase of each component: the one holding most of it; it absorbs the material
  // balance error of the iterate it starts from.
  for (let i = 0; i < nc; i++) {
    let best = 0;
    for (let k = 1; k < np; k++) if (n[k][i] > n[best][i]) best = k;
    r[i] = best;
    let s = 0;
    for (let k = 0; k < np; k++) if (k !== best) s += n[k][i];
    n[best][i] = z[i] - s;
    if (!(n[best][i] > 0)) return undefined;
  }
  // Independent variables (k, i) with k ≠ r(i).
  const varK: number[] = [];
  const varI: number[] = [];
  for (let k = 0; k < np; k++) for (let i = 0; i < nc; i++) if (r[i] !== k) { varK.push(k); varI.push(i); }
  const m = varK.length;
  const lnPhi = x.map(() => new Float64Array(nc));
  const dlnPhi = x.map(() => new Float64Array(nc * nc));
  const mu = x.map(() => new Float64Array(nc));
  const v = new Array<number>(np).fill(NaN);
  const N = new Array<number>(np).fill(0);
  const fs = new FugacityScratch(nc);
  const H = new Float64Array(m * m);
  const A = new Float64Array(m * m);
  const D = new Float64Array(m);
  const g = new Float64Array(m);
  const step = new Float64Array(m);
  const nTry = x.map(() => new Float64Array(nc));
  const phiTry = new Float64Array(nc);
  const xTry = new Float64Array(nc);

  /** G at amounts nn (NaN without a volume root). */
  const gibbsAt = (nn: Float64Array[]): number => {
    let G = 0;
    for (let k = 0; k < np; k++) {
      let s = 0;
      for (let i = 0; i < nc; i++) s += nn[k][i];
      for (let i = 0; i < nc; i++) xTry[i] = nn[k][i] / s;
      if (!Number.isFinite(at.lnPhi(P, xTry, roots[k], phiTry))) return NaN;
      for (let i = 0; i < nc; i++) G += nn[k][i] * (Math.log(xTry[i]) + phiTry[i]);
    }
    return G;
  };

  let G = gibbsAt(n);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    if (!Number.isFinite(G)) return undefined;
    for (let k = 0; k < np; k++) {
      v[k] = lnPhiDerivatives(at, P, n[k], roots[k], lnPhi[k], dlnPhi[k], fs);
      if (!Number.isFinite(v[k])) return undefined;
      let s = 0;
      for (let i = 0; i < nc; i++) s += n[k][i];
      N[k] = s;
      for (let i = 0; i < nc; i++) mu[k][i] = Math.log(n[k][i] / s) + lnPhi[k][i];
    }
    let err = 0;
    for (let a = 0; a < m; a++) {
      const k = varK[a];
      const i = varI[a];
      g[a] = mu[k][i] - mu[r[i]][i];
      err += Math.abs(g[a]);
    }
    if (err < TOLERANCE) {
      return { beta: N.slice(), x: n.map((nk, k) => Float64Array.from(nk, (q) => q / N[k])), lnPhi: lnPhi.map((p) => Float64Array.from(p)), v: v.slice(), iterations: it };
    }
    const M = (k: number, i: number, j: number): number => dlnPhi[k][i * nc + j] - 1 / N[k] + (i === j ? 1 / n[k][i] : 0);
    for (let a = 0; a < m; a++) {
      const k = varK[a];
      const i = varI[a];
      const ri = r[i];
      D[a] = 1 / n[k][i] + 1 / n[ri][i];
      for (let b = 0; b <= a; b++) {
        const l = varK[b];
        const j = varI[b];
        const rj = r[j];
        let h = 0;
        const c1 = (k === l ? 1 : 0) - (k === rj ? 1 : 0);
        if (c1 !== 0) h += c1 * M(k, i, j);
        const c2 = (ri === l ? 1 : 0) - (ri === rj ? 1 : 0);
        if (c2 !== 0) h -= c2 * M(ri, i, j);
        H[a * m + b] = h;
        H[b * m + a] = h;
      }
    }
    let accepted = false;
    for (const shift of NEWTON_SHIFTS) {
      if (!shiftedNewtonStep(H, D, g, shift, A, step, m)) continue;
      let slope = 0;
      for (let a = 0; a < m; a++) slope += g[a] * step[a];
      // Largest step keeping every amount positive (independent ones directly, dependent ones
      // through the material balance).
      let s = 1;
      for (let a = 0; a < m; a++) {
        const q = n[varK[a]][varI[a]];
        if (step[a] < 0 && q + s * step[a] <= 0) s = (-0.9 * q) / step[a];
      }
      for (let i = 0; i < nc; i++) {
        let dr = 0;
        for (let a = 0; a < m; a++) if (varI[a] === i) dr -= step[a];
        const q = n[r[i]][i];
        if (dr < 0 && q + s * dr <= 0) s = (-0.9 * q) / dr;
      }
      for (let ls = 0; ls < 30; ls++) {
        for (let k = 0; k < np; k++) nTry[k].set(n[k]);
        for (let a = 0; a < m; a++) nTry[varK[a]][varI[a]] = n[varK[a]][varI[a]] + s * step[a];
        for (let i = 0; i < nc; i++) {
          let rest = 0;
          for (let k = 0; k < np; k++) if (k !== r[i]) rest += nTry[k][i];
          nTry[r[i]][i] = z[i] - rest;
        }
        const Gt = gibbsAt(nTry);
        if (acceptsGibbsStep(Gt, G, s, slope)) {
          G = Gt;
          accepted = true;
          break;
        }
        s *= 0.5;
      }
      if (accepted) break;
    }
    if (!accepted) return undefined;
    for (let k = 0; k < np; k++) n[k].set(nTry[k]);
  }
  return undefined;
}
