/**
 * AGA8-DC92 DETAIL equation (AGA Report No. 8 Part 1): Z = 1 + B·D − K³·D·ΣC_n* T^−u_n
 * + Σ C_n* T^−u_n (b_n − c_n k_n (K³D)^k_n)(K³D)^b_n exp(−c_n (K³D)^k_n), written as a residual
 * Helmholtz energy so that caloric properties follow (the formulation of the NIST reference code,
 * with the GERG-2004 ideal-gas heat capacities).
 *
 * Internal units: K, mol/L, kPa, J/mol. Residual derivatives are dimensional (J/mol):
 * ar = [A_r, D·∂A_r/∂D, D²·∂²A_r/∂D², D³·∂³A_r/∂D³, ∂A_r/∂T, D·∂²A_r/∂D∂T, D²·∂³A_r/∂D²∂T, T·∂²A_r/∂T²].
 */
import {
  AN, BN, DETAIL_MOLAR_MASS, EI, EIJ, FI, FN_TERMS, GI, GIJ, GN_TERMS, KI, KIJ, KN, QI, QN_TERMS, R_DETAIL, SI, SN_TERMS,
  UIJ, UN, WI, WN_TERMS,
} from './aga8-detail-data.js';
import { CRIT_DENSITY, CRIT_TEMPERATURE, IDEAL_N0, IDEAL_THETA } from './gerg2008-data.js';
import { NC } from './components.js';
import { planckEinsteinSums } from './ideal-gas.js';
import type { ModelProperties } from './types.js';

const NT = 58;
const NB = 18;

const flag = (terms: number[]): Uint8Array => {
  const a = new Uint8Array(NT);
  for (const n of terms) a[n - 1] = 1;
  return a;
};
const FN = flag(FN_TERMS);
const GN = flag(GN_TERMS);
const QN = flag(QN_TERMS);
const SN = flag(SN_TERMS);
const WN = flag(WN_TERMS);

const pairTable = (rows: [number, number, number][]): Float64Array => {
  const a = new Float64Array(NC * NC).fill(1);
  for (const [i, j, v] of rows) a[i * NC + j] = v;
  return a;
};

/** Pair constants folded once: second-virial terms B*_nij and the K, U, G binary corrections. */
const BSNIJ = new Float64Array(NC * NC * NB);
const KIJ5 = new Float64Array(NC * NC);
const UIJ5 = new Float64Array(NC * NC);
const GIJ5 = new Float64Array(NC * NC);
const KI25 = KI.map((k) => k ** 2.5);
const EI25 = EI.map((e) => e ** 2.5);
(() => {
  const eij = pairTable(EIJ);
  const uij = pairTable(UIJ);
  const kij = pairTable(KIJ);
  const gij = pairTable(GIJ);
  const q = (i: number): number => QI[i] ?? 0;
  const fi = (i: number): number => FI[i] ?? 0;
  const si = (i: number): number => SI[i] ?? 0;
  const wi = (i: number): number => WI[i] ?? 0;
  for (let i = 0; i < NC; i++) {
    for (let j = i; j < NC; j++) {
      const k = i * NC + j;
      for (let n = 0; n < NB; n++) {
        let b = 1;
        if (GN[n]) b = (gij[k] * (GI[i] + GI[j])) / 2;
        if (QN[n]) b *= q(i) * q(j);
        if (FN[n]) b *= fi(i) * fi(j);
        if (SN[n]) b *= si(i) * si(j);
        if (WN[n]) b *= wi(i) * wi(j);
        BSNIJ[k * NB + n] = AN[n] * (eij[k] * Math.sqrt(EI[i] * EI[j])) ** UN[n] * (KI[i] * KI[j]) ** 1.5 * b;
      }
      KIJ5[k] = (kij[k] ** 5 - 1) * KI25[i] * KI25[j];
      UIJ5[k] = (uij[k] ** 5 - 1) * EI25[i] * EI25[j];
      GIJ5[k] = ((gij[k] - 1) * (GI[i] + GI[j])) / 2;
    }
  }
})();

const T0 = 298.15;
const IDEAL = IDEAL_N0.map((row) => ({
  n1: row[0] - Math.log(101.325 / R_DETAIL / T0),
  n2: row[1],
  n3: row[2] - 1,
  n: row.slice(3),
}));

/**
 * Transient buffers of one evaluation (filled before being read on every call, so no state
 * survives between calls): residual and ideal derivatives, (K³D)^b and exp(−(K³D)^k).
 */
const AR = new Float64Array(8);
const A0 = new Float64Array(3);
const PE = new Float64Array(3);
const DK = new Float64Array(10);
const EK = new Float64Array(5);

// Layout of a fluid's float buffer.
const F_X = 0;
const F_LOGX = NC;
const F_BS = 2 * NC;
const F_CSN = F_BS + NB;
const F_TUN = F_CSN + NT;
/** Ideal-gas temperature terms at cacheIdealT (the parts of A°/RT and ∂A°/∂T/R without ln ρ) and Σx_i. */
const F_IDEAL = F_TUN + NT;
const F_SIZE = F_IDEAL + 4;

/** Composition-dependent state of one mixture for the DETAIL equation. */
export interface DetailFluid {
  /** g/mol */
  readonly molarMass: number;
  /** K³ (mixture size parameter cubed), (m³/kmol) = L/mol. */
  readonly K3: number;
  /** Pseudo-critical point from the GERG-2008 critical constants (start values for restarts only). */
  readonly Tcx: number;
  readonly Dcx: number;
  /** x, ln x, B*_n (n = 1…18), C*_n (index n−1, n = 13…58) and the T^−u_n cache, see F_*. */
  readonly F: Float64Array;
  cacheT: number;
  cacheIdealT: number;
}

export function createDetailFluid(x: Float64Array): DetailFluid {
  const Fb = new Float64Array(F_SIZE);
  let molarMass = 0;
  let tcx = 0;
  let vcx = 0;
  let K3 = 0, U = 0, G = 0, Q = 0, F = 0;
  for (let i = 0; i < NC; i++) {
    Fb[F_X + i] = x[i];
    molarMass += x[i] * DETAIL_MOLAR_MASS[i];
    tcx += x[i] * CRIT_TEMPERATURE[i];
    vcx += x[i] / CRIT_DENSITY[i];
    if (!(x[i] > 0)) continue;
    Fb[F_LOGX + i] = Math.log(x[i]);
    const xi2 = x[i] * x[i];
    K3 += x[i] * KI25[i];
    U += x[i] * EI25[i];
    G += x[i] * GI[i];
    Q += x[i] * (QI[i] ?? 0);
    F += xi2 * (FI[i] ?? 0);
    const k = (i * NC + i) * NB;
    for (let n = 0; n < NB; n++) Fb[F_BS + n] += xi2 * BSNIJ[k + n];
  }
  K3 *= K3;
  U *= U;
  for (let i = 0; i < NC - 1; i++) {
    if (!(x[i] > 0)) continue;
    for (let j = i + 1; j < NC; j++) {
      if (!(x[j] > 0)) continue;
      const xij = 2 * x[i] * x[j];
      const k = i * NC + j;
      K3 += xij * KIJ5[k];
      U += xij * UIJ5[k];
      G += xij * GIJ5[k];
      for (let n = 0; n < NB; n++) Fb[F_BS + n] += xij * BSNIJ[k * NB + n];
    }
  }
  K3 = K3 ** 0.6;
  U = U ** 0.2;
  const Q2 = Q * Q;
  for (let n = 12; n < NT; n++) {
    let c = AN[n] * U ** UN[n];
    if (GN[n]) c *= G;
    if (QN[n]) c *= Q2;
    if (FN[n]) c *= F;
    Fb[F_CSN + n] = c;
  }
  return { molarMass, K3, Tcx: tcx, Dcx: vcx > 0 ? 1 / vcx : 0, F: Fb, cacheT: Number.NaN, cacheIdealT: Number.NaN };
}

/** Residual derivatives at (T, D) in a transient buffer (read it before the next call); withT = false skips the T derivatives. */
export function detailResidual(f: DetailFluid, T: number, D: number, withT: boolean): Float64Array {
  const Fb = f.F;
  if (f.cacheT !== T) {
    for (let n = 0; n < NT; n++) Fb[F_TUN + n] = T ** -UN[n];
    f.cacheT = T;
  }
  const K3 = f.K3;
  const Dred = K3 * D;
  DK[0] = 1;
  for (let i = 1; i <= 9; i++) DK[i] = DK[i - 1] * Dred;
  EK[0] = 1;
  for (let i = 1; i <= 4; i++) EK[i] = Math.exp(-DK[i]);
  const RT = R_DETAIL * T;
  let a00 = 0, a01 = 0, a02 = 0, a03 = 0, a10 = 0, a11 = 0, a12 = 0, a20 = 0;
  for (let n = 0; n < NT; n++) {
    let sumB = 0;
    let sum0 = 0;
    let c1 = 0, c2 = 0, c3 = 0;
    if (n < NB) {
      let s = Fb[F_BS + n] * D;
      if (n >= 12) s -= Fb[F_CSN + n] * Dred;
      sumB = s * Fb[F_TUN + n];
    }
    if (n >= 12) {
      const b = BN[n];
      const k = KN[n];
      const dkk = DK[k];
      sum0 = Fb[F_CSN + n] * DK[b] * Fb[F_TUN + n] * EK[k];
      const bkd = b - k * dkk;
      const ckd = k * k * dkk;
      c1 = bkd;
      c2 = bkd * (bkd - 1) - ckd;
      c3 = (bkd - 2) * c2 + ckd * (1 - k - 2 * bkd);
    }
    const s0 = sum0 + sumB;
    const s1 = sum0 * c1 + sumB;
    const s2 = sum0 * c2;
    const s3 = sum0 * c3;
    a00 += RT * s0;
    a01 += RT * s1;
    a02 += RT * s2;
    a03 += RT * s3;
    if (withT) {
      const ct1 = R_DETAIL * (UN[n] - 1);
      const ct2 = ct1 * UN[n];
      a10 -= ct1 * s0;
      a11 -= ct1 * s1;
      a12 -= ct1 * s2;
      a20 += ct2 * s0;
    }
  }
  AR[0] = a00; AR[1] = a01; AR[2] = a02; AR[3] = a03;
  AR[4] = a10; AR[5] = a11; AR[6] = a12; AR[7] = a20;
  return AR;
}

/** Pressure (kPa) and dP/dD (kPa·L/mol) at (T, D) into out[0], out[1]. */
export function detailPressure(f: DetailFluid, T: number, D: number, out: Float64Array): void {
  const ar = detailResidual(f, T, D, false);
  const RT = R_DETAIL * T;
  out[0] = D * RT * (1 + ar[1] / RT);
  out[1] = RT + 2 * ar[1] + ar[2];
}

/** Ideal-gas Helmholtz energy into A0: [A° (J/mol), ∂A°/∂T (J/(mol K)), T·∂²A°/∂T² (J/(mol K))]. */
function detailIdeal(f: DetailFluid, T: number, D: number): void {
  const Fb = f.F;
  if (f.cacheIdealT !== T) {
    // Everything but the ln ρ term depends on T only: cached per fluid for isotherms.
    const logT = Math.log(T);
    let a0 = 0, a1 = 0, a2 = 0, sx = 0;
    for (let i = 0; i < NC; i++) {
      const xi = Fb[F_X + i];
      if (!(xi > 0)) continue;
      const id = IDEAL[i];
      const th = IDEAL_THETA[i];
      const logx = Fb[F_LOGX + i];
      planckEinsteinSums(id.n, th, T, PE);
      // DETAIL's ∂A°/∂T form needs Σ ±n (ln h − y h'/h) = PE[0] − PE[1].
      const s0 = PE[0], s1 = PE[0] - PE[1], s2 = PE[2];
      a0 += xi * (logx + id.n1 + id.n2 / T - id.n3 * logT + s0);
      a1 += xi * (logx + id.n1 - id.n3 * (1 + logT) + s1);
      a2 -= xi * (id.n3 + s2);
      sx += xi;
    }
    Fb[F_IDEAL] = a0;
    Fb[F_IDEAL + 1] = a1;
    Fb[F_IDEAL + 2] = a2;
    Fb[F_IDEAL + 3] = sx;
    f.cacheIdealT = T;
  }
  const lnD = Fb[F_IDEAL + 3] * Math.log(D > 0 ? D : 1e-20);
  A0[0] = (lnD + Fb[F_IDEAL]) * R_DETAIL * T;
  A0[1] = (lnD + Fb[F_IDEAL + 1]) * R_DETAIL;
  A0[2] = Fb[F_IDEAL + 2] * R_DETAIL;
}

/** All properties at (T, D) in reference units (relations of AGA Report No. 8 Part 1, 2017). */
export function detailProperties(f: DetailFluid, T: number, D: number): ModelProperties {
  const ar = detailResidual(f, T, D, true);
  detailIdeal(f, T, D);
  const a0 = A0;
  const R = R_DETAIL;
  const RT = R * T;
  const Mm = f.molarMass;
  const Z = 1 + ar[1] / RT;
  const P = D * RT * Z;
  const dPdD = RT + 2 * ar[1] + ar[2];
  const dPdT = D * R + D * ar[5];
  const d2PdTD = R + 2 * ar[5] + ar[6];
  const A = a0[0] + ar[0];
  const S = -a0[1] - ar[4];
  const U = A + T * S;
  const Cv = -(a0[2] + ar[7]);
  let H: number, G: number, Cp: number, d2PdD2: number, JT: number;
  if (D > 0) {
    H = U + P / D;
    G = A + P / D;
    Cp = Cv + (T * (dPdT / D) ** 2) / dPdD;
    d2PdD2 = (2 * ar[1] + 4 * ar[2] + ar[3]) / D;
    JT = ((T / D) * (dPdT / dPdD) - 1) / Cp / D;
  } else {
    // Zero-density limit from the second virial coefficient B = Σ B*_n T^−u_n (L/mol).
    let B = 0, TdBdT = 0;
    for (let n = 0; n < NB; n++) {
      const b = f.F[F_BS + n] * f.F[F_TUN + n];
      B += b;
      TdBdT -= UN[n] * b;
    }
    H = U + RT;
    G = A + RT;
    Cp = Cv + R;
    d2PdD2 = 2 * RT * B;
    JT = (TdBdT - B) / Cp;
  }
  const w2 = ((1000 * Cp) / Cv) * (dPdD / Mm);
  const W = w2 > 0 ? Math.sqrt(w2) : 0;
  const kappa = (W * W * Mm) / (RT * 1000 * Z);
  // Departures at the same (T, P): u^r = A_r − T ∂A_r/∂T, h^r = u^r + RT(Z − 1), s^r = −∂A_r/∂T + R ln Z.
  const Hres = ar[0] - T * ar[4] + RT * (Z - 1);
  const Sres = -ar[4] + R * (Z > 0 ? Math.log(Z) : Number.NaN);
  const Gres = Hres - T * Sres;
  return { P, Z, dPdD, d2PdD2, d2PdTD, dPdT, U, H, S, G, A, Hres, Sres, Gres, Cv, Cp, W, JT, kappa };
}
