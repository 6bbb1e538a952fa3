/**
 * The hard-chain and dispersion terms of PC-SAFT (Gross & Sadowski 2001, Ind. Eng. Chem. Res.
 * 40:1244, eqs. A.4–A.19) as the extensive reduced residual Helmholtz energy F(T, V, n) and its
 * analytic first derivatives F_V, F_T, F_n. Written in the total amounts n_i (mol) and total
 * volume V (m3) so that every term is a function of a few extensive sums:
 *
 *   ζ_k = (π/6) N_A Σ n_i m_i d_i^k / V            (k = 0…3; η = ζ3 is the packing fraction)
 *   F_hs = (6V/(π N_A)) Φ(ζ0…ζ3),  Φ = 3ζ1ζ2/(1−ζ3) + ζ2³/(ζ3(1−ζ3)²) + (ζ2³/ζ3² − ζ0) ln(1−ζ3)
 *          (= n·m̄·ã_hs, since n·m̄/ζ0 = 6V/(π N_A))
 *   F_chain = −Σ n_i (m_i − 1) ln g_ii(ζ2, ζ3)
 *   F_disp = −(N_A/V) [2π I1(η, m̄) A1 + π m̄ C1(η, m̄) I2(η, m̄) A2]
 *          A1 = Σ_ij n_i n_j m_i m_j (ε_ij/kT) σ_ij³,  A2 the same with (ε_ij/kT)²
 *
 * d_i = σ_i (1 − 0.12 exp(−3 ε_i/kT)); σ_ij = (σ_i + σ_j)/2, ε_ij = √(ε_i ε_j)(1 − k_ij).
 * Second derivatives are taken numerically from these analytic first derivatives (see pcsaft.ts).
 */

/** Avogadro's number, 1/mol (SI 2019 exact value). */
export const N_A = 6.02214076e23;
export const PI6NA = (Math.PI / 6) * N_A;

/** Universal constants of the dispersion integrals (Gross & Sadowski 2001, Table 1). */
const A0 = [0.9105631445, 0.6361281449, 2.6861347891, -26.547362491, 97.759208784, -159.59154087, 91.297774084];
const A1C = [-0.3084016918, 0.1860531159, -2.5030047259, 21.419793629, -65.25588533, 83.318680481, -33.74692293];
const A2C = [-0.0906148351, 0.4527842806, 0.5962700728, -1.7241829131, -4.1302112531, 13.77663187, -8.6728470368];
const B0 = [0.7240946941, 2.2382791861, -4.0025849485, -21.003576815, 26.855641363, 206.55133841, -355.60235612];
const B1 = [-0.5755498075, 0.6995095521, 3.892567339, -17.215471648, 192.67226447, -161.82646165, -165.20769346];
const B2 = [0.0976883116, -0.2557574982, -9.155856153, 20.642075974, -38.804430052, 93.626774077, -29.666905585];

/** Pure-component and binary parameters of the non-associating part. */
export interface PcSaftCore {
  readonly nc: number;
  /** Segment number m_i (−). */
  readonly m: Float64Array;
  /** Segment diameter σ_i (m). */
  readonly sigma: Float64Array;
  /** Dispersion energy ε_i/k (K). */
  readonly epsK: Float64Array;
  /** k_ij, row-major nc×nc, symmetric. */
  readonly kij: Float64Array;
}

/** The temperature-dependent constants of PC-SAFT at one temperature. */
export class PcSaftTemperature {
  /** Temperature-dependent segment diameter d_i (m) and dd_i/dT. */
  readonly d: Float64Array;
  readonly dT: Float64Array;
  /** m_i m_j σ_ij³ ε_ij/kT and m_i m_j σ_ij³ (ε_ij/kT)² (m3), row-major. */
  readonly e1: Float64Array;
  readonly e2: Float64Array;

  /** r1_i = Σ_j n_j e1_ij, r2_i likewise, A1 = Σ n_i r1_i, A2 = Σ n_i r2_i for the amounts `lastN` (reused while n repeats, as in a volume solve). */
  readonly r1: Float64Array;
  readonly r2: Float64Array;
  A1 = 0;
  A2 = 0;
  private readonly lastN: Float64Array;

  constructor(
    readonly core: PcSaftCore,
    readonly T: number,
  ) {
    const { nc, m, sigma, epsK, kij } = core;
    this.d = new Float64Array(nc);
    this.dT = new Float64Array(nc);
    for (let i = 0; i < nc; i++) {
      const e = Math.exp((-3 * epsK[i]) / T);
      this.d[i] = sigma[i] * (1 - 0.12 * e);
      this.dT[i] = (-0.36 * sigma[i] * epsK[i] * e) / (T * T);
    }
    this.e1 = new Float64Array(nc * nc);
    this.e2 = new Float64Array(nc * nc);
    this.r1 = new Float64Array(nc);
    this.r2 = new Float64Array(nc);
    this.lastN = new Float64Array(nc).fill(NaN);
    for (let i = 0; i < nc; i++) {
      for (let j = 0; j < nc; j++) {
        const s = (sigma[i] + sigma[j]) / 2;
        const eps = (Math.sqrt(epsK[i] * epsK[j]) * (1 - kij[i * nc + j])) / T;
        const mms3 = m[i] * m[j] * s * s * s;
        this.e1[i * nc + j] = mms3 * eps;
        this.e2[i * nc + j] = mms3 * eps * eps;
      }
    }
  }

  /** Fills r1, r2, A1, A2 for amounts n (O(nc²)), unless n is the last one seen. */
  dispersionSums(n: ArrayLike<number>): void {
    const nc = this.core.nc;
    let same = true;
    for (let i = 0; i < nc; i++) if (this.lastN[i] !== n[i]) same = false;
    if (same) return;
    let A1 = 0;
    let A2 = 0;
    for (let i = 0; i < nc; i++) {
      let r1 = 0;
      let r2 = 0;
      for (let j = 0; j < nc; j++) {
        r1 += n[j] * this.e1[i * nc + j];
        r2 += n[j] * this.e2[i * nc + j];
      }
      this.r1[i] = r1;
      this.r2[i] = r2;
      A1 += n[i] * r1;
      A2 += n[i] * r2;
      this.lastN[i] = n[i];
    }
    this.A1 = A1;
    this.A2 = A2;
  }
}

/** Packing fractions ζ0…ζ3 (ζ_k in m^(k−3)) and their temperature derivatives at (V, n). */
export interface Packing {
  z: Float64Array;
  zT: Float64Array;
}

export function packing(tt: PcSaftTemperature, V: number, n: ArrayLike<number>, out: Packing): void {
  const { m } = tt.core;
  let z0 = 0;
  let z1 = 0;
  let z2 = 0;
  let z3 = 0;
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  for (let i = 0; i < tt.core.nc; i++) {
    const w = n[i] * m[i];
    const d = tt.d[i];
    const dT = tt.dT[i];
    z0 += w;
    z1 += w * d;
    z2 += w * d * d;
    z3 += w * d * d * d;
    t1 += w * dT;
    t2 += 2 * w * d * dT;
    t3 += 3 * w * d * d * dT;
  }
  const c = PI6NA / V;
  out.z[0] = c * z0;
  out.z[1] = c * z1;
  out.z[2] = c * z2;
  out.z[3] = c * z3;
  out.zT[0] = 0;
  out.zT[1] = c * t1;
  out.zT[2] = c * t2;
  out.zT[3] = c * t3;
}

/** First derivatives of F; F_n has length nc. `withN`/`withT` skip the columns not needed. */
export interface FirstDerivatives {
  F: number;
  F_V: number;
  F_T: number;
  F_n: Float64Array;
}

/** Adds the hard-sphere, chain and dispersion contributions at (T, V, n) to `out` (F, F_V, and F_T / F_n on request). */
export function addHardChainDispersion(tt: PcSaftTemperature, pk: Packing, V: number, n: ArrayLike<number>, withT: boolean, withN: boolean, out: FirstDerivatives): void {
  const { nc, m } = tt.core;
  const { d, dT } = tt;
  // (Indexing, not destructuring: destructuring a typed array allocates an iterator per call.)
  const z0 = pk.z[0];
  const z1 = pk.z[1];
  const z2 = pk.z[2];
  const z3 = pk.z[3];
  const z1T = pk.zT[1];
  const z2T = pk.zT[2];
  const z3T = pk.zT[3];
  const T = tt.T;
  const om = 1 - z3;
  const lnom = Math.log(om);

  // Hard spheres: F_hs = Φ/c with c = (π/6)N_A; Φ_k = ∂Φ/∂ζ_k.
  const z2sq = z2 * z2;
  const z2cu = z2sq * z2;
  const Phi = (3 * z1 * z2) / om + z2cu / (z3 * om * om) + (z2cu / (z3 * z3) - z0) * lnom;
  const P0 = -lnom;
  const P1 = (3 * z2) / om;
  const P2 = (3 * z1) / om + (3 * z2sq) / (z3 * om * om) + ((3 * z2sq) / (z3 * z3)) * lnom;
  const P3 = (3 * z1 * z2) / (om * om) + z2cu * (-1 / (z3 * z3 * om * om) + 2 / (z3 * om * om * om)) - ((2 * z2cu) / (z3 * z3 * z3)) * lnom - (z2cu / (z3 * z3) - z0) / om;
  out.F += (Phi * V) / PI6NA;
  out.F_V += (Phi - P0 * z0 - P1 * z1 - P2 * z2 - P3 * z3) / PI6NA;
  if (withT) out.F_T += ((P1 * z1T + P2 * z2T + P3 * z3T) * V) / PI6NA;
  if (withN) {
    for (let i = 0; i < nc; i++) out.F_n[i] += m[i] * (P0 + d[i] * (P1 + d[i] * (P2 + d[i] * P3)));
  }

  // Chain: g_ii = 1/(1−ζ3) + D 3ζ2/(1−ζ3)² + D² 2ζ2²/(1−ζ3)³ with D = d_i/2.
  let s2 = 0;
  let s3 = 0;
  let sD = 0;
  const om2 = om * om;
  const om3 = om2 * om;
  for (let i = 0; i < nc; i++) {
    const w = n[i] * (m[i] - 1);
    const D = d[i] / 2;
    const g = 1 / om + (3 * D * z2) / om2 + (2 * D * D * z2sq) / om3;
    const g2 = (3 * D) / om2 + (4 * D * D * z2) / om3;
    const g3 = 1 / om2 + (6 * D * z2) / om3 + (6 * D * D * z2sq) / (om3 * om);
    const gD = (3 * z2) / om2 + (4 * D * z2sq) / om3;
    const lng = Math.log(g);
    out.F -= w * lng;
    if (withN) out.F_n[i] -= (m[i] - 1) * lng;
    s2 += (w * g2) / g;
    s3 += (w * g3) / g;
    sD += (w * gD * dT[i]) / (2 * g);
  }
  out.F_V += (s2 * z2 + s3 * z3) / V;
  if (withT) out.F_T -= s2 * z2T + s3 * z3T + sD;
  if (withN) {
    for (let i = 0; i < nc; i++) out.F_n[i] -= ((s2 * d[i] * d[i] + s3 * d[i] * d[i] * d[i]) * PI6NA * m[i]) / V;
  }

  // Dispersion.
  let nt = 0;
  let nm = 0;
  for (let i = 0; i < nc; i++) {
    nt += n[i];
    nm += n[i] * m[i];
  }
  tt.dispersionSums(n);
  const { A1, A2 } = tt;
  const mb = nm / nt;
  const q1 = 1 - 1 / mb; // (m̄−1)/m̄
  const q2 = q1 * (1 - 2 / mb); // (m̄−1)(m̄−2)/m̄²
  const q1m = 1 / (mb * mb);
  const q2m = 3 / (mb * mb) - 4 / (mb * mb * mb);
  const eta = z3;
  let I1 = 0;
  let I2 = 0;
  let I1e = 0;
  let I2e = 0;
  let I1m = 0;
  let I2m = 0;
  let p = 1;
  for (let j = 0; j < 7; j++) {
    const a = A0[j] + q1 * A1C[j] + q2 * A2C[j];
    const b = B0[j] + q1 * B1[j] + q2 * B2[j];
    I1 += a * p;
    I2 += b * p;
    I1m += (q1m * A1C[j] + q2m * A2C[j]) * p;
    I2m += (q1m * B1[j] + q2m * B2[j]) * p;
    if (j < 6) {
      I1e += (j + 1) * (A0[j + 1] + q1 * A1C[j + 1] + q2 * A2C[j + 1]) * p;
      I2e += (j + 1) * (B0[j + 1] + q1 * B1[j + 1] + q2 * B2[j + 1]) * p;
    }
    p *= eta;
  }
  const Pe = (8 * eta - 2 * eta * eta) / (om2 * om2);
  const Pee = (-4 * eta * eta + 20 * eta + 8) / (om2 * om3);
  const w12 = om * (2 - eta);
  const Qe = (20 * eta - 27 * eta * eta + 12 * eta ** 3 - 2 * eta ** 4) / (w12 * w12);
  const Qee = (2 * eta ** 3 + 12 * eta * eta - 48 * eta + 40) / (w12 * w12 * w12);
  const C1 = 1 / (1 + mb * Pe + (1 - mb) * Qe);
  const C1e = -C1 * C1 * (mb * Pee + (1 - mb) * Qee);
  const C1m = -C1 * C1 * (Pe - Qe);
  const W = 2 * Math.PI * I1 * A1 + Math.PI * mb * C1 * I2 * A2;
  const We = 2 * Math.PI * I1e * A1 + Math.PI * mb * A2 * (C1e * I2 + C1 * I2e);
  const Wm = 2 * Math.PI * I1m * A1 + Math.PI * A2 * (C1 * I2 + mb * C1m * I2 + mb * C1 * I2m);
  out.F -= (N_A * W) / V;
  out.F_V += (N_A * (W + eta * We)) / (V * V);
  if (withT) out.F_T -= (N_A / V) * (We * z3T - (2 * Math.PI * I1 * A1) / T - (2 * Math.PI * mb * C1 * I2 * A2) / T);
  if (withN) {
    for (let i = 0; i < nc; i++) {
      const r1 = tt.r1[i];
      const r2 = tt.r2[i];
      const etaI = (PI6NA * m[i] * d[i] * d[i] * d[i]) / V;
      const mbI = (m[i] - mb) / nt;
      out.F_n[i] -= (N_A / V) * (We * etaI + Wm * mbI + 4 * Math.PI * I1 * r1 + 2 * Math.PI * mb * C1 * I2 * r2);
    }
  }
}
