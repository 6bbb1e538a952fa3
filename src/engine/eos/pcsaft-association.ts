/**
 * The association term of PC-SAFT (Gross & Sadowski 2002, Ind. Eng. Chem. Res. 41:5510; Wertheim's
 * first-order theory as in Chapman et al. 1990):
 *
 *   F_assoc = Σ_k m_k (ln X_k − X_k/2 + 1/2),   m_k = n_i for each site k on component i
 *   1/X_k = 1 + (1/V) Σ_l m_l X_l Δ_kl
 *   Δ_kl = N_A σ_ij³ κ_ij [exp(ε_ij/kT) − 1] · g_ij^hs(ζ2, ζ3)      (m3/mol)
 *   g_ij^hs = 1/(1−ζ3) + D_ij 3ζ2/(1−ζ3)² + D_ij² 2ζ2²/(1−ζ3)³,  D_ij = d_i d_j/(d_i + d_j)
 *
 * with the combining rules of Gross & Sadowski 2002 (after Wolbach & Sandler 1998) for unlike
 * components: ε_ij = (ε_i + ε_j)/2, κ_ij = √(κ_i κ_j)·(√(σ_i σ_j)/((σ_i + σ_j)/2))³.
 *
 * The CPA term (./association.ts) has the same site equations but a different Δ (its g depends on
 * the co-volume only, not on T or on ζ2), so only the idea is shared: F is stationary in X
 * (Michelsen & Hendriks 2001), so its first derivatives are those of
 *   Q = Σ m_k (ln X_k − X_k + 1) − (1/2V) Σ_kl m_k m_l X_k X_l Δ_kl   at fixed X,
 * which gives, with w_kl = m_k m_l X_k X_l and sums S = Σ w K g, S2 = Σ w K ∂g/∂ζ2, S3 = Σ w K ∂g/∂ζ3:
 *   F_V = (S + S2 ζ2 + S3 ζ3)/(2V²),  F_ni = Σ_{k∈i} ln X_k − (π/6)N_A m_i (S2 d_i² + S3 d_i³)/(2V²),
 *   F_T = −(Σ w (K' g + K ∂g/∂D D') + S2 ζ2' + S3 ζ3')/(2V).
 */
import { luFactor, luSolve } from '../flash/linalg.js';
import { N_A, PI6NA, type FirstDerivatives, type Packing, type PcSaftTemperature } from './pcsaft-terms.js';

/** One association site: its component and its kind ('+' bonds with '−'; 'any' with every site). */
export interface PcSaftSite {
  component: number;
  kind: '+' | '-' | 'any';
}

export interface PcSaftAssociationParameters {
  sites: readonly PcSaftSite[];
  /** Association volume κ^AB (−) and energy ε^AB/k (K) by component. */
  kappa: Float64Array;
  epsK: Float64Array;
}

const canBond = (a: PcSaftSite, b: PcSaftSite): boolean => a.kind === 'any' || b.kind === 'any' || a.kind !== b.kind;

/** The association term at one temperature; holds the site fractions of the last solve (warm start). */
export class PcSaftAssociationAtT {
  readonly ns: number;
  private readonly owner: Int32Array;
  /** K_kl = N_A σ_ij³ κ_ij (exp(ε_ij/kT) − 1) and dK/dT, row-major ns×ns (0 when the sites cannot bond). */
  private readonly K: Float64Array;
  private readonly KT: Float64Array;
  /** D_ij and dD_ij/dT per site pair. */
  private readonly D: Float64Array;
  private readonly DT: Float64Array;
  readonly X: Float64Array;
  private readonly m: Float64Array;
  private readonly delta: Float64Array;
  private readonly J: Float64Array;
  private readonly r: Float64Array;
  private readonly piv: Int32Array;
  private readonly tmp: Float64Array;
  private warm = false;

  constructor(
    private readonly tt: PcSaftTemperature,
    params: PcSaftAssociationParameters,
  ) {
    const ns = params.sites.length;
    this.ns = ns;
    this.owner = Int32Array.from(params.sites.map((s) => s.component));
    this.K = new Float64Array(ns * ns);
    this.KT = new Float64Array(ns * ns);
    this.D = new Float64Array(ns * ns);
    this.DT = new Float64Array(ns * ns);
    const { sigma } = tt.core;
    const { d, dT, T } = tt;
    for (let k = 0; k < ns; k++) {
      for (let l = 0; l < ns; l++) {
        if (!canBond(params.sites[k], params.sites[l])) continue;
        const i = this.owner[k];
        const j = this.owner[l];
        const sij = (sigma[i] + sigma[j]) / 2;
        const ratio = Math.sqrt(sigma[i] * sigma[j]) / sij;
        const kappa = Math.sqrt(params.kappa[i] * params.kappa[j]) * ratio * ratio * ratio;
        const eps = (params.epsK[i] + params.epsK[j]) / 2;
        if (!(kappa > 0) || !(eps > 0)) continue;
        const e = Math.exp(eps / T);
        const pre = N_A * sij * sij * sij * kappa;
        this.K[k * ns + l] = pre * (e - 1);
        this.KT[k * ns + l] = (-pre * e * eps) / (T * T);
        const s = d[i] + d[j];
        this.D[k * ns + l] = (d[i] * d[j]) / s;
        this.DT[k * ns + l] = (dT[i] * d[j] + d[i] * dT[j]) / s - (d[i] * d[j] * (dT[i] + dT[j])) / (s * s);
      }
    }
    this.X = new Float64Array(ns);
    this.m = new Float64Array(ns);
    this.delta = new Float64Array(ns * ns);
    this.J = new Float64Array(ns * ns);
    this.r = new Float64Array(ns);
    this.piv = new Int32Array(ns);
    this.tmp = new Float64Array(ns);
  }

  /** Δ_kl at the packing `pk` (into this.delta). */
  private strengths(pk: Packing): void {
    const { ns, K, D, delta } = this;
    const z2 = pk.z[2];
    const om = 1 - pk.z[3];
    for (let q = 0; q < ns * ns; q++) {
      if (K[q] === 0) {
        delta[q] = 0;
        continue;
      }
      const Dq = D[q];
      delta[q] = K[q] * (1 / om + (3 * Dq * z2) / (om * om) + (2 * Dq * Dq * z2 * z2) / (om * om * om));
    }
  }

  /** Residual r_k = X_k (1 + S_k) − 1 and its Jacobian; returns max |r|. */
  private residuals(V: number, withJ: boolean): number {
    const { ns, X, m, delta, r, J } = this;
    let worst = 0;
    for (let k = 0; k < ns; k++) {
      let s = 0;
      for (let l = 0; l < ns; l++) s += m[l] * X[l] * delta[k * ns + l];
      s /= V;
      r[k] = X[k] * (1 + s) - 1;
      worst = Math.max(worst, Math.abs(r[k]));
      if (withJ) for (let l = 0; l < ns; l++) J[k * ns + l] = (X[k] * m[l] * delta[k * ns + l]) / V + (k === l ? 1 + s : 0);
    }
    return worst;
  }

  /** Newton on r(X) = 0 from the current X; true when converged. */
  private newton(V: number, maxIt: number): boolean {
    const { ns, X, r } = this;
    for (let it = 0; it < maxIt; it++) {
      if (this.residuals(V, true) < 1e-15) return true;
      if (!luFactor(this.J, ns, this.piv)) return false;
      luSolve(this.J, ns, this.piv, r, this.tmp);
      for (let k = 0; k < ns; k++) {
        const next = X[k] - r[k];
        X[k] = next <= 0 ? X[k] * 0.2 : next > 1 ? 0.5 * (X[k] + 1) : next;
      }
    }
    return this.residuals(V, false) < 1e-13;
  }

  /** Solves the site fractions at (V, n): Newton from the last solution, else from damped substitution. */
  private solve(pk: Packing, V: number, n: ArrayLike<number>): void {
    const { ns, X, m } = this;
    for (let k = 0; k < ns; k++) m[k] = n[this.owner[k]];
    this.strengths(pk);
    if (this.warm && this.newton(V, 20)) return;
    X.fill(1);
    for (let it = 0; it < 10; it++) {
      this.residuals(V, false);
      // X_k ← (X_k + 1/(1 + S_k))/2, with 1 + S_k = (r_k + 1)/X_k.
      for (let k = 0; k < ns; k++) X[k] = 0.5 * (X[k] + X[k] / (this.r[k] + 1));
    }
    this.warm = this.newton(V, 100);
  }

  /** Adds F (and F_V always; F_T, F_n on request) of association at (V, n) to `out`. */
  addTo(pk: Packing, V: number, n: ArrayLike<number>, withT: boolean, withN: boolean, out: FirstDerivatives): void {
    const ns = this.ns;
    if (ns === 0) return;
    this.solve(pk, V, n);
    const { X, m, K, KT, D, DT, owner } = this;
    const z2 = pk.z[2];
    const om = 1 - pk.z[3];
    const om2 = om * om;
    const om3 = om2 * om;
    let F = 0;
    let S = 0;
    let S2 = 0;
    let S3 = 0;
    let ST = 0;
    for (let k = 0; k < ns; k++) {
      F += m[k] * (Math.log(X[k]) - X[k] / 2 + 0.5);
      for (let l = 0; l < ns; l++) {
        const q = k * ns + l;
        if (K[q] === 0) continue;
        const w = m[k] * m[l] * X[k] * X[l];
        const Dq = D[q];
        const g = 1 / om + (3 * Dq * z2) / om2 + (2 * Dq * Dq * z2 * z2) / om3;
        const g2 = (3 * Dq) / om2 + (4 * Dq * Dq * z2) / om3;
        const g3 = 1 / om2 + (6 * Dq * z2) / om3 + (6 * Dq * Dq * z2 * z2) / (om3 * om);
        S += w * K[q] * g;
        S2 += w * K[q] * g2;
        S3 += w * K[q] * g3;
        if (withT) {
          const gD = (3 * z2) / om2 + (4 * Dq * z2 * z2) / om3;
          ST += w * (KT[q] * g + K[q] * gD * DT[q]);
        }
      }
    }
    out.F += F;
    out.F_V += (S + S2 * z2 + S3 * pk.z[3]) / (2 * V * V);
    if (withT) out.F_T -= (ST + S2 * pk.zT[2] + S3 * pk.zT[3]) / (2 * V);
    if (withN) {
      const { m: mi, nc } = this.tt.core;
      const d = this.tt.d;
      for (let k = 0; k < ns; k++) out.F_n[owner[k]] += Math.log(X[k]);
      for (let i = 0; i < nc; i++) out.F_n[i] -= (PI6NA * mi[i] * d[i] * d[i] * (S2 + S3 * d[i])) / (2 * V * V);
    }
  }
}
