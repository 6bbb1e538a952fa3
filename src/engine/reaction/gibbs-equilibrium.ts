/**
 * Chemical equilibrium of an ideal-gas mixture at given T and P by minimising the Gibbs energy
 * under element balances. The iteration is the one of Gordon & McBride, "Computer Program for
 * Calculation of Complex Chemical Equilibrium Compositions and Applications", NASA RP-1311
 * (1994), §2.2 and §3.3: Newton steps on the element potentials π and ln n, with the step damped
 * so that no major species changes by more than e² per iteration and minor ones cannot jump above
 * 1e-4 of the mixture in one step. Converged to a relative mole change of 1e-12 (RP-1311 uses 5e-6)
 * so the equilibrium conditions hold to machine precision and tests can check them tightly.
 */
import { solveInPlace } from '../flash/linalg.js';
import { ELEMENTS, P_STANDARD, gOverRT, type Element, type GasSpecies } from './ideal-gas-species.js';

export interface EquilibriumResult {
  converged: boolean;
  iterations: number;
  /** Moles of each species, in the order given. */
  moles: Float64Array;
  totalMoles: number;
  /** Largest |Σ a n − b| / Σ b over the elements. */
  elementBalanceError: number;
  message?: string;
}

const MAX_ITERATIONS = 500;
const TOLERANCE = 1e-12;
/** ln(1e-8): CEA's boundary between major and minor species in the damping rule. */
const LN_MINOR = -18.420681;

/**
 * Equilibrium composition of `species` holding the element amounts `b` (mol of C, H, O, N) at
 * temperature T (K) and pressure P (Pa). Species containing an element that is absent are held
 * at zero.
 */
export function gibbsEquilibrium(species: readonly GasSpecies[], b: Record<Element, number>, T: number, P: number): EquilibriumResult {
  const elements = ELEMENTS.filter((e) => b[e] > 0);
  const active = species.map((s) => Object.entries(s.atoms).every(([e, k]) => (k ?? 0) === 0 || b[e as Element] > 0));
  const idx = species.map((_, j) => j).filter((j) => active[j]);
  const ns = idx.length;
  const m = elements.length;
  const a = elements.map((e) => idx.map((j) => species[j].atoms[e] ?? 0));
  const bv = elements.map((e) => b[e]);
  const g = idx.map((j) => gOverRT(species[j], T));
  const lnP = Math.log(P / P_STANDARD);
  const bTotal = bv.reduce((s, x) => s + x, 0);

  // Start: every species equal, total a tenth of the atoms (RP-1311 §3.2 uses 0.1/ns per kg).
  let n = Math.max(0.1 * bTotal, 1e-300);
  const lnNj = new Float64Array(ns).fill(Math.log(n / ns));
  const nu = new Float64Array(ns);
  const dim = m + 1;
  const A = new Float64Array(dim * dim);
  const rhs = new Float64Array(dim);
  let iterations = 0;
  let converged = false;
  for (; iterations < MAX_ITERATIONS && !converged; iterations++) {
    const lnN = Math.log(n);
    let sumNj = 0;
    for (let j = 0; j < ns; j++) {
      sumNj += Math.exp(lnNj[j]);
      nu[j] = g[j] + lnNj[j] - lnN + lnP;
    }
    A.fill(0);
    rhs.fill(0);
    for (let i = 0; i < m; i++) {
      let ai = 0;
      let sumNu = 0;
      for (let j = 0; j < ns; j++) {
        const nj = Math.exp(lnNj[j]);
        ai += a[i][j] * nj;
        sumNu += a[i][j] * nj * nu[j];
        for (let k = 0; k < m; k++) A[i * dim + k] += a[i][j] * a[k][j] * nj;
      }
      A[i * dim + m] = ai;
      A[m * dim + i] = ai;
      rhs[i] = bv[i] - ai + sumNu;
    }
    let sumNjNu = 0;
    for (let j = 0; j < ns; j++) sumNjNu += Math.exp(lnNj[j]) * nu[j];
    A[m * dim + m] = sumNj - n;
    rhs[m] = n - sumNj + sumNjNu;
    if (!solveInPlace(A, rhs, dim)) return fail(species.length, idx, lnNj, n, iterations, 'singular element-potential system');
    const dLnN = rhs[m];
    const dLnNj = new Float64Array(ns);
    let big = 5 * Math.abs(dLnN);
    let lambda2 = 1;
    for (let j = 0; j < ns; j++) {
      let s = dLnN - nu[j];
      for (let k = 0; k < m; k++) s += a[k][j] * rhs[k];
      dLnNj[j] = s;
      const lnX = lnNj[j] - lnN;
      if (lnX > LN_MINOR) big = Math.max(big, Math.abs(s));
      else if (s >= 0 && s - dLnN > 0) lambda2 = Math.min(lambda2, Math.abs((-lnX - 9.2103404) / (s - dLnN)));
    }
    const lambda = Math.min(1, big > 0 ? 2 / big : 1, lambda2);
    let change = 0;
    for (let j = 0; j < ns; j++) {
      change += Math.exp(lnNj[j]) * Math.abs(dLnNj[j]);
      lnNj[j] += lambda * dLnNj[j];
    }
    n *= Math.exp(lambda * dLnN);
    converged = lambda === 1 && change / sumNj < TOLERANCE && Math.abs(dLnN) < TOLERANCE;
  }
  const moles = new Float64Array(species.length);
  idx.forEach((j, q) => (moles[j] = Math.exp(lnNj[q])));
  let err = 0;
  ELEMENTS.forEach((e) => {
    let s = 0;
    species.forEach((sp, j) => (s += (sp.atoms[e] ?? 0) * moles[j]));
    err = Math.max(err, Math.abs(s - b[e]) / bTotal);
  });
  const totalMoles = moles.reduce((s, x) => s + x, 0);
  return { converged: converged && err < 1e-10, iterations, moles, totalMoles, elementBalanceError: err, ...(converged ? {} : { message: `no convergence in ${MAX_ITERATIONS} iterations` }) };
}

function fail(count: number, idx: number[], lnNj: Float64Array, n: number, iterations: number, message: string): EquilibriumResult {
  const moles = new Float64Array(count);
  idx.forEach((j, q) => (moles[j] = Math.exp(lnNj[q])));
  return { converged: false, iterations, moles, totalMoles: n, elementBalanceError: Number.NaN, message };
}
