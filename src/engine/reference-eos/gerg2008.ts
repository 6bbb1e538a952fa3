/**
 * GERG-2008 (Kunz & Wagner 2012) in the formulation of AGA Report No. 8 Part 2: reduced Helmholtz
 * energy α = α°(ρ, T, x) + Σ x_i α_oi^r(δ, τ) + Σ Σ x_i x_j F_ij α_ij^r(δ, τ).
 *
 * Internal units follow the publication and the reference code so results line up to round-off:
 * T in K, D in mol/L, P in kPa, energies in J/mol. The public API (./index.ts) converts to SI.
 *
 * Speed: everything that depends on composition only is folded once per fluid
 * (./gerg2008-fluid.ts); everything that depends on T only is cached per fluid, so a density
 * iteration at fixed T costs one pass over ≤ 162 terms and ≤ 15 exp() calls.
 */
import { IDEAL_N0, IDEAL_THETA, R_GERG, R_IDEAL } from './gerg2008-data.js';
import {
  CE_CC, CE_EE, F_EN, F_ENT, F_GN, F_GNT, F_IDEAL, F_LOGX, F_PN, F_PNT, F_TAU, F_X, I_COMP, I_EC, I_ED, I_ET, I_GCE, I_GD, I_GT,
  I_PD, I_PT, I_USED_C, I_USED_CE, I_USED_T, NCE, T_VALUES, type GergFluid,
} from './gerg2008-fluid.js';
import { planckEinsteinSums } from './ideal-gas.js';
import type { ModelProperties, ResidualDerivs } from './types.js';

export { createGergFluid, type GergFluid } from './gerg2008-fluid.js';

const T0 = 298.15;
const P0 = 101.325;

/** Ideal-gas constants after the R_IDEAL/R_GERG scaling and the integration constants. */
export const IDEAL = IDEAL_N0.map((row) => {
  const rsr = R_IDEAL / R_GERG;
  const d0 = P0 / R_GERG / T0;
  return {
    n1: rsr * row[0] - Math.log(d0),
    n2: rsr * (row[1] + T0) - T0,
    n3: rsr * (row[2] - 1),
    n: [rsr * row[3], rsr * row[4], rsr * row[5], rsr * row[6]],
  };
});

/**
 * Transient buffers of one evaluation. Every call fills them before reading them, so they carry no
 * state between calls (JavaScript runs these synchronous kernels to completion).
 */
const DELP = new Float64Array(8);
const EXPD = new Float64Array(8);
const CEEXP = new Float64Array(NCE);
const AR = new Float64Array(8);
const A0 = new Float64Array(3);
const PE = new Float64Array(3);
function updateTemperature(f: GergFluid, T: number): void {
  if (f.cacheT === T) return;
  const F = f.F;
  const I = f.I;
  const lntau = Math.log(f.Tr / T);
  for (let u = 0; u < f.nUsedT; u++) {
    const t = I[I_USED_T + u];
    F[F_TAU + t] = Math.exp(T_VALUES[t] * lntau);
  }
  for (let k = 0; k < f.np; k++) F[F_PNT + k] = F[F_PN + k] * F[F_TAU + I[I_PT + k]];
  for (let k = 0; k < f.ne; k++) F[F_ENT + k] = F[F_EN + k] * F[F_TAU + I[I_ET + k]];
  for (let k = 0; k < f.ng; k++) F[F_GNT + k] = F[F_GN + k] * F[F_TAU + I[I_GT + k]];
  f.cacheT = T;
}

/**
 * Residual Helmholtz derivatives at (T, D), returned in a transient buffer (read it before the next
 * call): [α, δα_δ, δ²α_δδ, δ³α_δδδ, τα_τ, τδα_τδ, τδ²α_τδδ, τ²α_ττ]. With withTau = false only the
 * density derivatives needed for P and dP/dD are formed (the density iteration).
 */
export function gergResidual(f: GergFluid, T: number, D: number, withTau: boolean): ResidualDerivs {
  updateTemperature(f, T);
  const F = f.F;
  const I = f.I;
  const del = D / f.Dr;
  DELP[0] = 1;
  for (let i = 1; i <= 7; i++) DELP[i] = DELP[i - 1] * del;
  EXPD[0] = 1;
  for (let u = 0; u < f.nUsedC; u++) {
    const c = I[I_USED_C + u];
    EXPD[c] = Math.exp(-DELP[c]);
  }
  const del2 = DELP[2];
  for (let u = 0; u < f.nUsedCE; u++) {
    const c = I[I_USED_CE + u];
    CEEXP[c] = Math.exp(CE_CC[c] * del2 + CE_EE[c] * del);
  }
  let a00 = 0, a01 = 0, a02 = 0, a03 = 0, a10 = 0, a11 = 0, a12 = 0, a20 = 0;

  for (let k = 0; k < f.np; k++) {
    const d = I[I_PD + k];
    const ndt = F[F_PNT + k] * DELP[d];
    const ndtd = ndt * d;
    a01 += ndtd;
    a02 += ndtd * (d - 1);
    if (withTau) {
      const t = T_VALUES[I[I_PT + k]];
      const ndtt = ndt * t;
      a00 += ndt;
      a10 += ndtt;
      a20 += ndtt * (t - 1);
      a11 += ndtt * d;
      a12 += ndtt * d * (d - 1);
      a03 += ndtd * (d - 1) * (d - 2);
    }
  }

  for (let k = 0; k < f.ne; k++) {
    const d = I[I_ED + k];
    const c = I[I_EC + k];
    const ndt = F[F_ENT + k] * DELP[d] * EXPD[c];
    const ex = c * DELP[c];
    const ex2 = d - ex;
    const ex3 = ex2 * (ex2 - 1);
    a01 += ndt * ex2;
    a02 += ndt * (ex3 - c * ex);
    if (withTau) {
      const t = T_VALUES[I[I_ET + k]];
      const ndtt = ndt * t;
      a00 += ndt;
      a10 += ndtt;
      a20 += ndtt * (t - 1);
      a11 += ndtt * ex2;
      a12 += ndtt * (ex3 - c * ex);
      a03 += ndt * (ex3 * (ex2 - 2) - ex * (3 * ex2 - 3 + c) * c);
    }
  }

  for (let k = 0; k < f.ng; k++) {
    const d = I[I_GD + k];
    const ce = I[I_GCE + k];
    const cij0 = CE_CC[ce] * del2;
    const eij0 = CE_EE[ce] * del;
    const ndt = F[F_GNT + k] * DELP[d] * CEEXP[ce];
    const ex = d + 2 * cij0 + eij0;
    const ex2 = ex * ex - d + 2 * cij0;
    a01 += ndt * ex;
    a02 += ndt * ex2;
    if (withTau) {
      const t = T_VALUES[I[I_GT + k]];
      const ndtt = ndt * t;
      a00 += ndt;
      a10 += ndtt;
      a20 += ndtt * (t - 1);
      a11 += ndtt * ex;
      a12 += ndtt * ex2;
      a03 += ndt * (ex * (ex2 - 2 * (d - 2 * cij0)) + 2 * d);
    }
  }

  AR[0] = a00; AR[1] = a01; AR[2] = a02; AR[3] = a03;
  AR[4] = a10; AR[5] = a11; AR[6] = a12; AR[7] = a20;
  return AR;
}

/** Pressure (kPa) and dP/dD (kPa·L/mol) at (T, D), written into out[0], out[1]. */
export function gergPressure(f: GergFluid, T: number, D: number, out: Float64Array): void {
  const ar = gergResidual(f, T, D, false);
  const RT = R_GERG * T;
  out[0] = D * RT * (1 + ar[1]);
  out[1] = RT * (1 + 2 * ar[1] + ar[2]);
}

/**
 * Ideal-gas part into A0: [α°, τ∂α°/∂τ, τ²∂²α°/∂τ²] (dimensionless). Everything except the ln ρ
 * term depends on T only and is cached per fluid, which matters on isotherms (tables, root choice).
 */
function gergIdeal(f: GergFluid, T: number, D: number): void {
  const F = f.F;
  if (f.cacheIdealT !== T) {
    const I = f.I;
    const logT = Math.log(T);
    let a0 = 0, a1 = 0, a2 = 0, sx = 0;
    for (let c = 0; c < f.nComp; c++) {
      const i = I[I_COMP + c];
      const xi = F[F_X + i];
      const id = IDEAL[i];
      const th = IDEAL_THETA[i];
      planckEinsteinSums(id.n, th, T, PE);
      const s0 = PE[0], s1 = PE[1], s2 = PE[2];
      a0 += xi * (F[F_LOGX + i] + id.n1 + id.n2 / T - id.n3 * logT + s0);
      a1 += xi * (id.n3 + id.n2 / T + s1);
      a2 -= xi * (id.n3 + s2);
      sx += xi;
    }
    F[F_IDEAL] = a0;
    F[F_IDEAL + 1] = a1;
    F[F_IDEAL + 2] = a2;
    F[F_IDEAL + 3] = sx;
    f.cacheIdealT = T;
  }
  A0[0] = F[F_IDEAL + 3] * Math.log(D > 0 ? D : 1e-20) + F[F_IDEAL];
  A0[1] = F[F_IDEAL + 1];
  A0[2] = F[F_IDEAL + 2];
}

/**
 * Second virial coefficient B (L/mol) and T·dB/dT, from the d = 1 terms (the δ → 0 limit of
 * δα_δ/δ). Needed for the zero-density limit of the Joule–Thomson coefficient.
 */
function gergVirialB(f: GergFluid, T: number): { B: number; TdBdT: number } {
  updateTemperature(f, T);
  const F = f.F;
  const I = f.I;
  let s = 0;
  let st = 0;
  for (let k = 0; k < f.np; k++) {
    if (I[I_PD + k] !== 1) continue;
    s += F[F_PNT + k];
    st += F[F_PNT + k] * T_VALUES[I[I_PT + k]];
  }
  for (let k = 0; k < f.ne; k++) {
    if (I[I_ED + k] !== 1) continue;
    s += F[F_ENT + k];
    st += F[F_ENT + k] * T_VALUES[I[I_ET + k]];
  }
  for (let k = 0; k < f.ng; k++) {
    if (I[I_GD + k] !== 1) continue;
    s += F[F_GNT + k];
    st += F[F_GNT + k] * T_VALUES[I[I_GT + k]];
  }
  return { B: s / f.Dr, TdBdT: -st / f.Dr };
}

/**
 * All properties at (T, D), reference units (the relations of AGA Report No. 8 Part 2, Sect. 5:
 * Z = 1 + δα^r_δ, h = RT(1 + τα_τ + δα^r_δ), cv = −R τ²α_ττ, …).
 */
export function gergProperties(f: GergFluid, T: number, D: number): ModelProperties {
  const ar = gergResidual(f, T, D, true);
  gergIdeal(f, T, D);
  const a0 = A0;
  const R = R_GERG;
  const RT = R * T;
  const Mm = f.molarMass;
  const Z = 1 + ar[1];
  const P = D * RT * Z;
  const dPdD = RT * (1 + 2 * ar[1] + ar[2]);
  const dPdT = D * R * (1 + ar[1] - ar[5]);
  const d2PdTD = R * (1 + 2 * ar[1] + ar[2] - 2 * ar[5] - ar[6]);
  const A = RT * (a0[0] + ar[0]);
  const G = RT * (1 + ar[1] + a0[0] + ar[0]);
  const U = RT * (a0[1] + ar[4]);
  const H = RT * (1 + ar[1] + a0[1] + ar[4]);
  const S = R * (a0[1] + ar[4] - a0[0] - ar[0]);
  const Cv = -R * (a0[2] + ar[7]);
  let Cp: number;
  let d2PdD2: number;
  let JT: number;
  if (D > 0) {
    Cp = Cv + (T * (dPdT / D) * (dPdT / D)) / dPdD;
    d2PdD2 = (RT * (2 * ar[1] + 4 * ar[2] + ar[3])) / D;
    JT = ((T / D) * (dPdT / dPdD) - 1) / Cp / D;
  } else {
    // Zero-density limit: μ_JT = (T dB/dT − B)/cp° with B in L/mol gives K/kPa.
    const { B, TdBdT } = gergVirialB(f, T);
    Cp = Cv + R;
    d2PdD2 = 2 * RT * B;
    JT = (TdBdT - B) / Cp;
  }
  const w2 = ((1000 * Cp) / Cv) * (dPdD / Mm);
  const W = w2 > 0 ? Math.sqrt(w2) : 0;
  const kappa = (W * W * Mm) / (RT * 1000 * Z);
  const Hres = RT * (ar[4] + ar[1]);
  const Gres = RT * (ar[0] + ar[1] - (Z > 0 ? Math.log(Z) : Number.NaN));
  const Sres = (Hres - Gres) / T;
  return { P, Z, dPdD, d2PdD2, d2PdTD, dPdT, U, H, S, G, A, Hres, Sres, Gres, Cv, Cp, W, JT, kappa };
}

/** Reduced Helmholtz energy and its derivatives at (T, D): copies, safe to keep. */
export interface GergHelmholtz {
  /** τ = T_r/T and δ = D/D_r with the mixture's reducing temperature (K) and density (mol/L). */
  tau: number;
  delta: number;
  Tr: number;
  Dr: number;
  /** [α°, τ∂α°/∂τ, τ²∂²α°/∂τ²] */
  ideal: [number, number, number];
  /** [α^r, δα^r_δ, δ²α^r_δδ, δ³α^r_δδδ, τα^r_τ, τδα^r_τδ, τδ²α^r_τδδ, τ²α^r_ττ] */
  residual: [number, number, number, number, number, number, number, number];
}

export function gergHelmholtz(f: GergFluid, T: number, D: number): GergHelmholtz {
  const ar = gergResidual(f, T, D, true);
  gergIdeal(f, T, D);
  return {
    tau: f.Tr / T,
    delta: D / f.Dr,
    Tr: f.Tr,
    Dr: f.Dr,
    ideal: [A0[0], A0[1], A0[2]],
    residual: [ar[0], ar[1], ar[2], ar[3], ar[4], ar[5], ar[6], ar[7]],
  };
}
