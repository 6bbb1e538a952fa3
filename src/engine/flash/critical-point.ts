/**
 * Mixture critical point from the criticality conditions of Heidemann and Khalil (AIChE J. 26
 * (1980) 769), in the scaled form of Michelsen (Fluid Phase Equilib. 4 (1980) 1; Michelsen and
 * Mollerup, "Thermodynamic Models: Fundamentals and Computational Aspects", ch. 12):
 *
 *   at (T, V) for one mole of feed z, with Q_ij = ∂²(A/RT)/∂n_i∂n_j = δ_ij/n_i + F_nn,ij
 *   (F = A^r/RT, the model's own analytic second composition derivatives),
 *   1. the scaled matrix B_ij = √z_i √z_j Q_ij has a zero smallest eigenvalue λ(T, V) = 0, and
 *   2. along its eigenvector (Δn_i = √z_i u_i) the cubic form vanishes:
 *      C = Σ_ijk ∂³(A/RT)/∂n_i∂n_j∂n_k Δn_i Δn_j Δn_k = d/ds [Δnᵀ Q(z + sΔn) Δn] at s = 0 = 0
 *      (a central difference of the analytic Q).
 *
 * Nested solve: for a trial volume, the temperature where λ = 0 (secant on λ(T), from the seed);
 * then the volume where C = 0 (secant in ln V). The seed is the envelope's interpolated critical
 * point; the solve is only accepted close to it (it must be the critical point of that curve).
 * P = RT (1/V − ∂F/∂V) at the solution. Volumes are the equation's own (untranslated) volumes,
 * the same ones the saturation equations use, so the point lies on the traced curve.
 */
import { R } from '../eos/constants.js';
import { DerivLevel, ResidualDerivatives, type ThermoModel } from '../eos/types.js';
import { correct, type Evaluator } from './envelope-continuation.js';
import { InverseIteration } from './envelope-eigen.js';

export interface CriticalPoint {
  T: number;
  /** Pa */
  P: number;
  /** Molar volume of the equation at the critical point, m3/mol. */
  V: number;
}

/** Smallest eigenvalue and its unit eigenvector of a symmetric n×n matrix (cyclic Jacobi rotations). */
export function smallestEigen(Ain: Float64Array, n: number): { value: number; vector: Float64Array } {
  const A = Float64Array.from(Ain);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < n; i++) {
      diag += A[i * n + i] ** 2;
      for (let j = i + 1; j < n; j++) off += A[i * n + j] ** 2;
    }
    if (off <= 1e-30 * Math.max(diag, 1e-300)) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q];
        if (apq === 0) continue;
        const theta = (A[q * n + q] - A[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p];
          const akq = A[k * n + q];
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k];
          const aqk = A[q * n + k];
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p];
          const vkq = V[k * n + q];
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let m = 0;
  for (let i = 1; i < n; i++) if (A[i * n + i] < A[m * n + m]) m = i;
  const vector = new Float64Array(n);
  for (let k = 0; k < n; k++) vector[k] = V[k * n + m];
  return { value: A[m * n + m], vector };
}

/** Evaluates the two criticality functions of feed z (one mole) with the model. */
class Criticality {
  private readonly d: ResidualDerivatives;
  private readonly nc: number;
  private readonly sqrtZ: Float64Array;
  private readonly inverse: InverseIteration;
  private lastVector: Float64Array | undefined;
  constructor(
    private readonly model: ThermoModel,
    private readonly z: Float64Array,
  ) {
    this.nc = model.nc;
    this.d = new ResidualDerivatives(this.nc);
    this.sqrtZ = z.map(Math.sqrt);
    this.inverse = new InverseIteration(this.nc);
  }

  /** Q = ∂²(A/RT)/∂n∂n at (T, V, n). */
  private hessian(T: number, V: number, n: ArrayLike<number>): Float64Array {
    const nc = this.nc;
    this.model.atTemperature(T).residual(V, n, DerivLevel.Composition, this.d);
    const Q = Float64Array.from(this.d.F_nn);
    for (let i = 0; i < nc; i++) Q[i * nc + i] += 1 / n[i];
    return Q;
  }

  /** The last eigen() result: the spinodal solve asks again for the state its secant ended on. */
  private last: { T: number; V: number; result: { lambda: number; dn: Float64Array } } | undefined;

  /** Smallest eigenvalue of the scaled Hessian at (T, V) and the composition direction Δn. */
  eigen(T: number, V: number): { lambda: number; dn: Float64Array } {
    if (this.last !== undefined && this.last.T === T && this.last.V === V) return this.last.result;
    const result = this.computeEigen(T, V);
    this.last = { T, V, result };
    return result;
  }

  private computeEigen(T: number, V: number): { lambda: number; dn: Float64Array } {
    const nc = this.nc;
    const Q = this.hessian(T, V, this.z);
    for (let i = 0; i < nc; i++) for (let j = 0; j < nc; j++) Q[i * nc + j] *= this.sqrtZ[i] * this.sqrtZ[j];
    // From the last eigenvector by inverse iteration; the full Jacobi decomposition when that is not certified.
    const e = (this.lastVector !== undefined ? this.inverse.smallest(Q, this.lastVector) : undefined) ?? smallestEigen(Q, nc);
    this.lastVector = e.vector;
    return { lambda: e.value, dn: e.vector.map((u, i) => u * this.sqrtZ[i]) };
  }

  /** The cubic form along Δn (central difference of Δnᵀ Q Δn, whose Q is analytic). */
  cubic(T: number, V: number, dn: Float64Array): number {
    const nc = this.nc;
    let h = 1e-4;
    for (let i = 0; i < nc; i++) if (dn[i] !== 0) h = Math.min(h, (0.5 * this.z[i]) / Math.abs(dn[i]));
    const quad = (s: number) => {
      const n = this.z.map((zi, i) => zi + s * dn[i]);
      const Q = this.hessian(T, V, n);
      let q = 0;
      for (let i = 0; i < nc; i++) for (let j = 0; j < nc; j++) q += dn[i] * Q[i * nc + j] * dn[j];
      return q;
    };
    return (quad(h) - quad(-h)) / (2 * h);
  }

  pressure(T: number, V: number): number {
    this.model.atTemperature(T).residual(V, this.z, DerivLevel.Fugacity, this.d);
    return R * T * (1 / V - this.d.F_V);
  }
}

/** Secant/false-position root of f on x from two starting values; undefined when it does not converge. */
function secant(f: (x: number) => number | undefined, x0: number, x1: number, tol: number, maxIt = 40): number | undefined {
  let f0 = f(x0);
  let f1 = f(x1);
  if (f0 === undefined || f1 === undefined) return undefined;
  for (let it = 0; it < maxIt; it++) {
    if (f1 === f0) return Math.abs(f1) < 1e-14 ? x1 : undefined;
    let x2 = x1 - (f1 * (x1 - x0)) / (f1 - f0);
    // Keep steps bounded (a flat stretch must not throw the iterate out of the critical region).
    const maxStep = 0.1;
    if (Math.abs(x2 - x1) > maxStep) x2 = x1 + Math.sign(x2 - x1) * maxStep;
    const f2 = f(x2);
    if (f2 === undefined || !Number.isFinite(f2)) return undefined;
    x0 = x1;
    f0 = f1;
    x1 = x2;
    f1 = f2;
    if (Math.abs(x1 - x0) < tol) return x1;
  }
  return undefined;
}

/**
 * The critical point of feed z near the seed (T, P): undefined when the criticality conditions
 * do not converge, or converge further than `window` (relative, in T and in P) from the seed.
 */
export function solveCriticalPoint(model: ThermoModel, zIn: ArrayLike<number>, seed: { T: number; P: number }, window = 0.05): CriticalPoint | undefined {
  if (model.nc < 2) return undefined;
  let sum = 0;
  for (let i = 0; i < model.nc; i++) sum += zIn[i];
  const z = Float64Array.from(zIn, (v) => v / sum);
  if (!z.every((v) => v > 0)) return undefined;
  const crit = new Criticality(model, z);
  // Seed volume: at the critical point both roots merge; either root at the seed pressure is close.
  const at = model.atTemperature(seed.T);
  const vL = at.molarVolume(seed.P, z, 'liquid');
  const vV = at.molarVolume(seed.P, z, 'vapor');
  const V0 = Number.isFinite(vL) && Number.isFinite(vV) ? Math.sqrt(vL * vV) : Number.isFinite(vL) ? vL : vV;
  if (!Number.isFinite(V0) || V0 <= 0) return undefined;
  let lastT = seed.T;
  // λ(T) = 0 at fixed V: the spinodal temperature of that density (secant in ln T).
  const spinodal = (lnV: number): { T: number; dn: Float64Array } | undefined => {
    const V = Math.exp(lnV);
    const lam = (lnT: number) => {
      const v = crit.eigen(Math.exp(lnT), V).lambda;
      return Number.isFinite(v) ? v : undefined;
    };
    const lnT = secant(lam, Math.log(lastT), Math.log(lastT) + 1e-3, 1e-12);
    if (lnT === undefined) return undefined;
    const T = Math.exp(lnT);
    if (Math.abs(T / seed.T - 1) > 2 * window) return undefined;
    lastT = T;
    return { T, dn: crit.eigen(T, V).dn };
  };
  let found: { T: number; dn: Float64Array } | undefined;
  const cubicAt = (lnV: number) => {
    const s = spinodal(lnV);
    if (s === undefined) return undefined;
    found = s;
    // Scale-free: the eigenvector's sign is arbitrary, the cubic form is odd in it; fix the sign.
    const sign = s.dn.reduce((a, v, i) => (Math.abs(v) > Math.abs(s.dn[a]) ? i : a), 0);
    const dn = s.dn[sign] < 0 ? s.dn.map((v) => -v) : s.dn;
    return crit.cubic(s.T, Math.exp(lnV), dn);
  };
  const lnV = secant(cubicAt, Math.log(V0), Math.log(V0) + 0.02, 1e-10);
  if (lnV === undefined || found === undefined) return undefined;
  const V = Math.exp(lnV);
  const T = spinodal(lnV)?.T;
  if (T === undefined) return undefined;
  const P = crit.pressure(T, V);
  if (!(P > 0) || Math.abs(T / seed.T - 1) > window || Math.abs(P / seed.P - 1) > 2 * window) return undefined;
  return { T, P, V };
}

/** Fractions of the leading ln K at which the stretch up to the critical point is solved. */
const BAND_FRACTIONS = [0.85, 0.7, 0.57, 0.45, 0.35, 0.25, 0.18, 0.12, 0.08, 0.05, 0.03, 0.015];

/**
 * Envelope states (ln K, ln T, ln P) between a traced state `own` and the critical point, which a
 * trace steps over (it jumps from the last dew point to the first bubble point): each solved with
 * the leading ln K fixed at a fraction g of its value at `own` (a spec Newton cannot lose to the
 * trivial solution K = 1), started from ln K = g·ln K(own) and T, P on the parabola in g through
 * the critical point. Ordered from `own` towards the critical point; states that do not converge
 * are left out. Every state returned is on the curve.
 */
export function statesTowardsCritical(ev: Evaluator, own: Float64Array, critical: { T: number; P: number }): Float64Array[] {
  const n = ev.n;
  let k = 0;
  for (let i = 1; i < n; i++) if (Math.abs(own[i]) > Math.abs(own[k])) k = i;
  const lnTc = Math.log(critical.T);
  const lnPc = Math.log(critical.P);
  const out: Float64Array[] = [];
  for (const g of BAND_FRACTIONS) {
    const X = new Float64Array(n + 2);
    for (let i = 0; i < n; i++) X[i] = g * own[i];
    X[n] = lnTc + g * g * (own[n] - lnTc);
    X[n + 1] = lnPc + g * g * (own[n + 1] - lnPc);
    if (correct(ev, X, k).ok) out.push(X);
  }
  return out;
}
