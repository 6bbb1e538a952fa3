/**
 * The excess Gibbs energy of UMR-PRU's mixing rule: UNIFAC residual part plus the
 * Staverman–Guggenheim part of the combinatorial term only (the Flory–Huggins part is left out
 * because the equation of state's own free volume accounts for it). Voutsas, Magoulas & Tassios,
 * Ind. Eng. Chem. Res. 43 (2004) 6238 (UMR-PR); Voutsas, Louli, Boukouvalas, Magoulas & Tassios,
 * Fluid Phase Equilib. 241 (2006) 216 (UMR-PRU, temperature-dependent group interactions
 *   Ψ_mn = exp(−(A_mn + B_mn·ΔT + C_mn·ΔT²)/T), ΔT = T − 298.15 K).
 *
 * Everything is written for amounts n (mol), as Q(T, n) = G^E/(RT) (homogeneous of degree 1), so
 * the model gets ln γ_i = ∂Q/∂n_i and ∂²Q/∂n_i∂n_j analytically. The residual part is expressed
 * through group amounts N_k = Σ_i ν_ki n_i: with W = Σ_k Q_k N_k and U_k = Σ_m Q_m N_m Ψ_mk,
 *   H(N) = −Σ_k Q_k N_k ln U_k + W ln W   (the group mixture's UNIQUAC-type residual energy),
 * whose gradient is UNIFAC's ln Γ_k, so Q_res = H(N(n)) − Σ_i n_i H(ν_i) and its Hessian is
 * ν^T·∇²H·ν. This keeps the second derivatives short and exact.
 */
import { UMR_A, UMR_B, UMR_C, UNIFAC_SUBGROUPS } from '../components/data/umr-interaction.js';

const T_REF = 298.15;

/** UNIFAC structure of one component list (temperature independent). */
export class UmrUnifac {
  /** Number of distinct subgroups in the mixture. */
  readonly ng: number;
  readonly nc: number;
  /** ν_ki, row-major nc × ng. */
  readonly nu: Float64Array;
  readonly Qk: Float64Array;
  /** Component volume and area parameters r_i = Σ ν R, q_i = Σ ν Q. */
  readonly r: Float64Array;
  readonly q: Float64Array;
  /** Interaction parameters by subgroup pair (m, k), row-major ng × ng. */
  readonly A: Float64Array;
  readonly B: Float64Array;
  readonly C: Float64Array;

  /** groups[i] = [secondary subgroup, count] pairs of component i. */
  constructor(groups: readonly (readonly (readonly [number, number])[])[]) {
    const nc = groups.length;
    const ids: number[] = [];
    for (const g of groups) for (const [s] of g) if (!ids.includes(s)) ids.push(s);
    const ng = ids.length;
    this.nc = nc;
    this.ng = ng;
    this.nu = new Float64Array(nc * ng);
    this.Qk = new Float64Array(ng);
    this.r = new Float64Array(nc);
    this.q = new Float64Array(nc);
    for (let k = 0; k < ng; k++) this.Qk[k] = UNIFAC_SUBGROUPS[ids[k]].Q;
    for (let i = 0; i < nc; i++) {
      for (const [s, count] of groups[i]) {
        const k = ids.indexOf(s);
        this.nu[i * ng + k] += count;
        this.r[i] += count * UNIFAC_SUBGROUPS[s].R;
        this.q[i] += count * UNIFAC_SUBGROUPS[s].Q;
      }
    }
    this.A = new Float64Array(ng * ng);
    this.B = new Float64Array(ng * ng);
    this.C = new Float64Array(ng * ng);
    for (let m = 0; m < ng; m++) {
      const mm = UNIFAC_SUBGROUPS[ids[m]].main;
      for (let k = 0; k < ng; k++) {
        const mk = UNIFAC_SUBGROUPS[ids[k]].main;
        this.A[m * ng + k] = UMR_A[mm]?.[mk] ?? 0;
        this.B[m * ng + k] = UMR_B[mm]?.[mk] ?? 0;
        this.C[m * ng + k] = UMR_C[mm]?.[mk] ?? 0;
      }
    }
  }

  atTemperature(T: number): UmrUnifacAtT {
    return new UmrUnifacAtT(this, T);
  }
}

/** Q = G^E/(RT) and its derivatives, written by UmrUnifacAtT.evaluate. */
export class ExcessGibbs {
  Q = 0;
  Q_T = 0;
  Q_TT = 0;
  readonly Q_n: Float64Array;
  readonly Q_nT: Float64Array;
  readonly Q_nn: Float64Array;
  constructor(nc: number) {
    this.Q_n = new Float64Array(nc);
    this.Q_nT = new Float64Array(nc);
    this.Q_nn = new Float64Array(nc * nc);
  }
}

export class UmrUnifacAtT {
  private readonly psi: Float64Array;
  private readonly psiT: Float64Array;
  private readonly psiTT: Float64Array;
  /** H, H_T, H_TT of each pure component (per mole). */
  private readonly pureH: Float64Array;
  private readonly pureHT: Float64Array;
  private readonly pureHTT: Float64Array;
  private readonly N: Float64Array;
  private readonly U: Float64Array;
  private readonly UT: Float64Array;
  private readonly UTT: Float64Array;
  private readonly g: Float64Array;
  private readonly gT: Float64Array;
  private readonly hess: Float64Array;
  private readonly tmp: Float64Array;

  constructor(
    private readonly u: UmrUnifac,
    readonly T: number,
  ) {
    const ng = u.ng;
    this.psi = new Float64Array(ng * ng);
    this.psiT = new Float64Array(ng * ng);
    this.psiTT = new Float64Array(ng * ng);
    const d = T - T_REF;
    for (let i = 0; i < ng * ng; i++) {
      const a = u.A[i] + u.B[i] * d + u.C[i] * d * d; // τ·T
      const aT = u.B[i] + 2 * u.C[i] * d;
      const phi = -a / T;
      const phiT = -aT / T + a / (T * T);
      const phiTT = (-2 * u.C[i]) / T + (2 * aT) / (T * T) - (2 * a) / (T * T * T);
      const p = Math.exp(phi);
      this.psi[i] = p;
      this.psiT[i] = p * phiT;
      this.psiTT[i] = p * (phiT * phiT + phiTT);
    }
    this.N = new Float64Array(ng);
    this.U = new Float64Array(ng);
    this.UT = new Float64Array(ng);
    this.UTT = new Float64Array(ng);
    this.g = new Float64Array(ng);
    this.gT = new Float64Array(ng);
    this.hess = new Float64Array(ng * ng);
    this.tmp = new Float64Array(ng);
    const nc = u.nc;
    this.pureH = new Float64Array(nc);
    this.pureHT = new Float64Array(nc);
    this.pureHTT = new Float64Array(nc);
    for (let i = 0; i < nc; i++) {
      for (let k = 0; k < ng; k++) this.N[k] = u.nu[i * ng + k];
      const h = this.groupEnergy(true);
      this.pureH[i] = h[0];
      this.pureHT[i] = h[1];
      this.pureHTT[i] = h[2];
    }
  }

  /** H, H_T, H_TT at the group amounts in this.N; fills U (and UT, UTT when `withT`). */
  private groupEnergy(withT: boolean): [number, number, number] {
    const ng = this.u.ng;
    const Qk = this.u.Qk;
    const N = this.N;
    let W = 0;
    for (let k = 0; k < ng; k++) W += Qk[k] * N[k];
    let H = W > 0 ? W * Math.log(W) : 0;
    let HT = 0;
    let HTT = 0;
    for (let k = 0; k < ng; k++) {
      let s = 0;
      let sT = 0;
      let sTT = 0;
      for (let m = 0; m < ng; m++) {
        const w = Qk[m] * N[m];
        if (w === 0) continue;
        s += w * this.psi[m * ng + k];
        if (withT) {
          sT += w * this.psiT[m * ng + k];
          sTT += w * this.psiTT[m * ng + k];
        }
      }
      this.U[k] = s;
      this.UT[k] = sT;
      this.UTT[k] = sTT;
      const wk = Qk[k] * N[k];
      if (wk === 0) continue;
      H -= wk * Math.log(s);
      if (withT) {
        const l = sT / s;
        HT -= wk * l;
        HTT -= wk * (sTT / s - l * l);
      }
    }
    return [H, HT, HTT];
  }

  /**
   * Q(T, n) with ∂Q/∂n_i (= ln γ_i); with `caloric` also Q_T, Q_TT, Q_nT; with `hessian` also Q_nn.
   * n must be non-negative with a positive sum.
   */
  evaluate(n: ArrayLike<number>, caloric: boolean, hessian: boolean, out: ExcessGibbs): void {
    const u = this.u;
    const nc = u.nc;
    const ng = u.ng;
    const nu = u.nu;
    const Qk = u.Qk;
    const N = this.N;
    N.fill(0);
    for (let i = 0; i < nc; i++) {
      const ni = n[i];
      if (ni === 0) continue;
      for (let k = 0; k < ng; k++) N[k] += nu[i * ng + k] * ni;
    }
    const [H, HT, HTT] = this.groupEnergy(caloric);
    let W = 0;
    for (let k = 0; k < ng; k++) W += Qk[k] * N[k];
    const lnW = Math.log(W);
    // ln Γ_k = g_k = Q_k [1 − ln(U_k/W) − Σ_m Q_m N_m Ψ_km / U_m], and its T derivative.
    const U = this.U;
    const UT = this.UT;
    for (let k = 0; k < ng; k++) {
      let s = 0;
      let sT = 0;
      for (let m = 0; m < ng; m++) {
        const w = Qk[m] * N[m];
        if (w === 0) continue;
        const c = w / U[m];
        s += c * this.psi[k * ng + m];
        if (caloric) sT += c * (this.psiT[k * ng + m] - (this.psi[k * ng + m] * UT[m]) / U[m]);
      }
      this.g[k] = Qk[k] * (1 - Math.log(U[k]) + lnW - s);
      if (caloric) this.gT[k] = -Qk[k] * (UT[k] / U[k] + sT);
    }

    // Staverman–Guggenheim: Q_SG = 5[Σ n_i q_i ln(q_i/r_i) + Qt ln(Rt/Qt)].
    const q = u.q;
    const r = u.r;
    let Qt = 0;
    let Rt = 0;
    let sgConst = 0;
    for (let i = 0; i < nc; i++) {
      Qt += n[i] * q[i];
      Rt += n[i] * r[i];
      if (q[i] > 0) sgConst += n[i] * q[i] * Math.log(q[i] / r[i]);
    }
    const lnRQ = Math.log(Rt / Qt);
    let Qres = H;
    for (let i = 0; i < nc; i++) Qres -= n[i] * this.pureH[i];
    out.Q = Qres + 5 * (sgConst + Qt * lnRQ);
    for (let i = 0; i < nc; i++) {
      let s = 0;
      for (let k = 0; k < ng; k++) s += nu[i * ng + k] * this.g[k];
      const sg = (q[i] > 0 ? q[i] * Math.log(q[i] / r[i]) : 0) + q[i] * lnRQ + (Qt * r[i]) / Rt - q[i];
      out.Q_n[i] = s - this.pureH[i] + 5 * sg;
    }
    if (caloric) {
      let qT = HT;
      let qTT = HTT;
      for (let i = 0; i < nc; i++) {
        qT -= n[i] * this.pureHT[i];
        qTT -= n[i] * this.pureHTT[i];
        let s = 0;
        for (let k = 0; k < ng; k++) s += nu[i * ng + k] * this.gT[k];
        out.Q_nT[i] = s - this.pureHT[i];
      }
      out.Q_T = qT;
      out.Q_TT = qTT;
    }
    if (!hessian) return;
    // ∇²H_jl = Q_j Q_l [1/W − Ψ_lj/U_j − Ψ_jl/U_l + Σ_k Q_k N_k Ψ_jk Ψ_lk / U_k²].
    const hess = this.hess;
    for (let j = 0; j < ng; j++) {
      for (let l = j; l < ng; l++) {
        let s = 0;
        for (let k = 0; k < ng; k++) {
          const w = Qk[k] * N[k];
          if (w === 0) continue;
          s += (w * this.psi[j * ng + k] * this.psi[l * ng + k]) / (U[k] * U[k]);
        }
        const v = Qk[j] * Qk[l] * (1 / W - this.psi[l * ng + j] / U[j] - this.psi[j * ng + l] / U[l] + s);
        hess[j * ng + l] = v;
        hess[l * ng + j] = v;
      }
    }
    const tmp = this.tmp;
    for (let i = 0; i < nc; i++) {
      for (let l = 0; l < ng; l++) {
        let s = 0;
        for (let k = 0; k < ng; k++) s += nu[i * ng + k] * hess[k * ng + l];
        tmp[l] = s;
      }
      for (let j = i; j < nc; j++) {
        let s = 0;
        for (let l = 0; l < ng; l++) s += tmp[l] * nu[j * ng + l];
        const sg = (q[i] * r[j] + q[j] * r[i]) / Rt - (Qt * r[i] * r[j]) / (Rt * Rt) - (q[i] * q[j]) / Qt;
        const v = s + 5 * sg;
        out.Q_nn[i * nc + j] = v;
        out.Q_nn[j * nc + i] = v;
      }
    }
  }
}
