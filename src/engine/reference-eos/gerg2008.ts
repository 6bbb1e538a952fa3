/**
 * GERG-2008 (Kunz & Wagner 2012) in the formulation of AGA Report No. 8 Part 2: reduced Helmholtz
 * energy α = α°(ρ, T, x) + Σ x_i α_oi^r(δ, τ) + Σ Σ x_i x_j F_ij α_ij^r(δ, τ).
 *
 * Internal units follow the publication and the reference code so results line up to round-off:
 * T in K, D in mol/L, P in kPa, energies in J/mol. The public API (./index.ts) converts to SI.
 *
 * Speed: everything that depends on composition only is folded once per fluid (reducing
 * functions; pure-fluid coefficients summed over components that share an exponent set; departure
 * functions weighted by Σ x_i x_j F_ij). Everything that depends on T only is cached per fluid, so
 * a density iteration at fixed T costs one pass over ~100 terms and a few exp() calls.
 */
import {
  CRIT_DENSITY,
  CRIT_TEMPERATURE,
  DEPARTURE,
  DEPARTURE_PAIRS,
  EXP_CO2,
  EXP_H2,
  EXP_HELIUM,
  EXP_LONG,
  EXP_SHORT,
  EXP_WATER,
  IDEAL_N0,
  IDEAL_THETA,
  MOLAR_MASS,
  PURE_EXPONENTS,
  PURE_N,
  R_GERG,
  R_IDEAL,
  REDUCING_PAIRS,
  type PureExponents,
} from './gerg2008-data.js';
import { NC } from './components.js';
import type { ModelProperties, ResidualDerivs } from './types.js';

const T0 = 298.15;
const P0 = 101.325;

/** Binary reducing parameters folded as in the reference code: β², γβ·(combined critical value). */
const BV2 = new Float64Array(NC * NC);
const BT2 = new Float64Array(NC * NC);
const GV = new Float64Array(NC * NC);
const GT = new Float64Array(NC * NC);
/** Ideal-gas constants after the R_IDEAL/R_GERG scaling and the integration constants. */
const IDEAL = IDEAL_N0.map((row) => {
  const rsr = R_IDEAL / R_GERG;
  const d0 = P0 / R_GERG / T0;
  return {
    n1: rsr * row[0] - Math.log(d0),
    n2: rsr * (row[1] + T0) - T0,
    n3: rsr * (row[2] - 1),
    n: [rsr * row[3], rsr * row[4], rsr * row[5], rsr * row[6]],
  };
});

(() => {
  const vc3 = CRIT_DENSITY.map((dc) => 1 / Math.cbrt(dc) / 2);
  const tc2 = CRIT_TEMPERATURE.map((tc) => Math.sqrt(tc));
  for (let i = 0; i < NC; i++) {
    for (let j = i; j < NC; j++) {
      const k = i * NC + j;
      if (i === j) {
        BV2[k] = 1;
        BT2[k] = 1;
        GV[k] = 1 / CRIT_DENSITY[i];
        GT[k] = CRIT_TEMPERATURE[i];
      } else {
        BV2[k] = 1;
        BT2[k] = 1;
        GV[k] = (vc3[i] + vc3[j]) ** 3;
        GT[k] = tc2[i] * tc2[j];
      }
    }
  }
  for (const [i, j, bv, gv, bt, gt] of REDUCING_PAIRS) {
    const k = i * NC + j;
    GV[k] = gv * bv * (vc3[i] + vc3[j]) ** 3;
    GT[k] = gt * bt * tc2[i] * tc2[j];
    BV2[k] = bv * bv;
    BT2[k] = bt * bt;
  }
})();

/**
 * Static term catalogue. Pure-fluid terms of components that share an exponent set are summed
 * per fluid; departure functions are weighted by Σ x_i x_j F_ij. τ^t is evaluated once per distinct
 * exponent t and the departure exponentials once per distinct (η, β, ε) shape: on this runtime an
 * exp() costs far more than the multiply-adds of a term.
 */
const EXPONENT_GROUPS: { exps: PureExponents; members: number[] }[] = [EXP_LONG, EXP_SHORT, EXP_CO2, EXP_H2, EXP_WATER, EXP_HELIUM].map(
  (exps) => ({ exps, members: PURE_EXPONENTS.flatMap((e, i) => (e === exps ? [i] : [])) }),
);
const DEPARTURE_NAMES = Object.keys(DEPARTURE);
const PAIR_FUNCTION = DEPARTURE_PAIRS.map(([, , name]) => DEPARTURE_NAMES.indexOf(name));
const isPolyDeparture = (f: (typeof DEPARTURE)[string], k: number): boolean => f.eta[k] === 0 && f.beta[k] === 0;

const T_VALUES: number[] = [];
const T_ID = new Map<number, number>();
const tId = (t: number): number => {
  let id = T_ID.get(t);
  if (id === undefined) {
    id = T_VALUES.length;
    T_VALUES.push(t);
    T_ID.set(t, id);
  }
  return id;
};
const CE_CC: number[] = [];
const CE_EE: number[] = [];
const ceId = (cc: number, ee: number): number => {
  for (let i = 0; i < CE_CC.length; i++) if (CE_CC[i] === cc && CE_EE[i] === ee) return i;
  CE_CC.push(cc);
  CE_EE.push(ee);
  return CE_CC.length - 1;
};
const GROUP_TID = EXPONENT_GROUPS.map(({ exps }) => exps.t.map(tId));
const DEP_TID = DEPARTURE_NAMES.map((name) => DEPARTURE[name].t.map(tId));
/** Per departure term: exponential shape id (−1 for polynomial terms) and exp(gg). */
const DEP_CE = DEPARTURE_NAMES.map((name) => {
  const f = DEPARTURE[name];
  return f.n.map((_, k) => (isPolyDeparture(f, k) ? -1 : ceId(-f.eta[k], 2 * f.eta[k] * f.eps[k] - f.beta[k])));
});
const DEP_EXPGG = DEPARTURE_NAMES.map((name) => {
  const f = DEPARTURE[name];
  return f.n.map((_, k) => Math.exp(-f.eta[k] * f.eps[k] * f.eps[k] + f.beta[k] * f.gamma[k]));
});
const NTV = T_VALUES.length;
const NCE = CE_CC.length;

const MAX_POLY =
  EXPONENT_GROUPS.reduce((a, g) => a + g.exps.c.filter((c) => c === 0).length, 0) +
  Object.values(DEPARTURE).reduce((a, f) => a + f.n.filter((_, k) => isPolyDeparture(f, k)).length, 0);
const MAX_EXP = EXPONENT_GROUPS.reduce((a, g) => a + g.exps.c.filter((c) => c !== 0).length, 0);
const MAX_GAUSS = Object.values(DEPARTURE).reduce((a, f) => a + f.n.filter((_, k) => !isPolyDeparture(f, k)).length, 0);

// Layout of a fluid's float buffer …
const F_X = 0;
const F_LOGX = NC;
const F_PN = 2 * NC;
const F_PNT = F_PN + MAX_POLY;
const F_EN = F_PNT + MAX_POLY;
const F_ENT = F_EN + MAX_EXP;
const F_GN = F_ENT + MAX_EXP;
const F_GNT = F_GN + MAX_GAUSS;
const F_TAU = F_GNT + MAX_GAUSS;
const F_SIZE = F_TAU + NTV;
// … and of its int buffer.
const I_PD = 0;
const I_PT = I_PD + MAX_POLY;
const I_ED = I_PT + MAX_POLY;
const I_EC = I_ED + MAX_EXP;
const I_ET = I_EC + MAX_EXP;
const I_GD = I_ET + MAX_EXP;
const I_GT = I_GD + MAX_GAUSS;
const I_GCE = I_GT + MAX_GAUSS;
const I_USED_T = I_GCE + MAX_GAUSS;
const I_USED_CE = I_USED_T + NTV;
const I_USED_C = I_USED_CE + NCE;
const I_COMP = I_USED_C + 8;
const I_SIZE = I_COMP + NC;

/**
 * Transient buffers of one evaluation. Every call fills them before reading them, so they carry no
 * state between calls (JavaScript runs these synchronous kernels to completion).
 */
const DELP = new Float64Array(8);
const EXPD = new Float64Array(8);
const CEEXP = new Float64Array(NCE);
const AR = new Float64Array(8);
const A0 = new Float64Array(3);

/** Composition-dependent state of one mixture; reusable for any number of (T, D) evaluations. */
export interface GergFluid {
  /** g/mol */
  readonly molarMass: number;
  /** Reducing temperature (K) and density (mol/L). */
  readonly Tr: number;
  readonly Dr: number;
  /** Pseudo-critical point (mole-fraction averages of Tc and 1/Dc): start values and phase hints. */
  readonly Tcx: number;
  readonly Dcx: number;
  /** Term counts: polynomial, pure exponential, departure exponential; used τ exponents, shapes, c values, components. */
  readonly np: number;
  readonly ne: number;
  readonly ng: number;
  readonly nUsedT: number;
  readonly nUsedCE: number;
  readonly nUsedC: number;
  readonly nComp: number;
  /** Float data (fractions, coefficients, T cache) and int data (exponents, ids), see F_* and I_*. */
  readonly F: Float64Array;
  readonly I: Int32Array;
  /** Temperature the τ^t cache in F holds. */
  cacheT: number;
}

/** Fold a composition (mole fractions in reference order, summing to 1) into a GergFluid. */
export function createGergFluid(x: Float64Array): GergFluid {
  const F = new Float64Array(F_SIZE);
  const I = new Int32Array(I_SIZE);
  let molarMass = 0;
  let tcx = 0;
  let vcx = 0;
  let nComp = 0;
  for (let i = 0; i < NC; i++) {
    F[F_X + i] = x[i];
    molarMass += x[i] * MOLAR_MASS[i];
    tcx += x[i] * CRIT_TEMPERATURE[i];
    vcx += x[i] / CRIT_DENSITY[i];
    if (x[i] > 0) {
      F[F_LOGX + i] = Math.log(x[i]);
      I[I_COMP + nComp++] = i;
    }
  }

  let vr = 0;
  let tr = 0;
  for (let a = 0; a < nComp; a++) {
    const i = I[I_COMP + a];
    for (let b = a; b < nComp; b++) {
      const j = I[I_COMP + b];
      const k = i * NC + j;
      const xij = (i === j ? 1 : 2) * x[i] * x[j] * (x[i] + x[j]);
      vr += (xij * GV[k]) / (BV2[k] * x[i] + x[j]);
      tr += (xij * GT[k]) / (BT2[k] * x[i] + x[j]);
    }
  }

  const usedT = new Uint8Array(NTV);
  const usedCE = new Uint8Array(NCE);
  const usedC = new Uint8Array(8);
  let np = 0, ne = 0, ng = 0;
  for (let g = 0; g < EXPONENT_GROUPS.length; g++) {
    const { exps, members } = EXPONENT_GROUPS[g];
    let any = false;
    for (const i of members) if (x[i] > 0) any = true;
    if (!any) continue;
    for (let k = 0; k < exps.d.length; k++) {
      let n = 0;
      for (const i of members) if (x[i] > 0) n += x[i] * PURE_N[i][k];
      const t = GROUP_TID[g][k];
      usedT[t] = 1;
      if (exps.c[k] === 0) {
        F[F_PN + np] = n; I[I_PD + np] = exps.d[k]; I[I_PT + np] = t; np++;
      } else {
        F[F_EN + ne] = n; I[I_ED + ne] = exps.d[k]; I[I_EC + ne] = exps.c[k]; I[I_ET + ne] = t; ne++;
        usedC[exps.c[k]] = 1;
      }
    }
  }
  const weights = new Float64Array(DEPARTURE_NAMES.length);
  const used = new Uint8Array(DEPARTURE_NAMES.length);
  for (let p = 0; p < DEPARTURE_PAIRS.length; p++) {
    const [i, j, , fij] = DEPARTURE_PAIRS[p];
    if (x[i] > 0 && x[j] > 0) {
      weights[PAIR_FUNCTION[p]] += x[i] * x[j] * fij;
      used[PAIR_FUNCTION[p]] = 1;
    }
  }
  for (let m = 0; m < DEPARTURE_NAMES.length; m++) {
    if (!used[m]) continue;
    const w = weights[m];
    const f = DEPARTURE[DEPARTURE_NAMES[m]];
    for (let k = 0; k < f.n.length; k++) {
      const t = DEP_TID[m][k];
      usedT[t] = 1;
      const ce = DEP_CE[m][k];
      if (ce < 0) {
        F[F_PN + np] = w * f.n[k]; I[I_PD + np] = f.d[k]; I[I_PT + np] = t; np++;
      } else {
        // n·exp(−η(δ−ε)² − β(δ−γ)) = n·exp(gg)·exp(ccδ² + eeδ)
        F[F_GN + ng] = w * f.n[k] * DEP_EXPGG[m][k]; I[I_GD + ng] = f.d[k]; I[I_GT + ng] = t; I[I_GCE + ng] = ce; ng++;
        usedCE[ce] = 1;
      }
    }
  }
  let nUsedT = 0, nUsedCE = 0, nUsedC = 0;
  for (let t = 0; t < NTV; t++) if (usedT[t]) I[I_USED_T + nUsedT++] = t;
  for (let c = 0; c < NCE; c++) if (usedCE[c]) I[I_USED_CE + nUsedCE++] = c;
  for (let c = 1; c < 8; c++) if (usedC[c]) I[I_USED_C + nUsedC++] = c;

  return {
    molarMass,
    Tr: tr,
    Dr: vr > 0 ? 1 / vr : 0,
    Tcx: tcx,
    Dcx: vcx > 0 ? 1 / vcx : 0,
    np, ne, ng, nUsedT, nUsedCE, nUsedC, nComp,
    F,
    I,
    cacheT: Number.NaN,
  };
}

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

/** Ideal-gas part into A0: [α°, τ∂α°/∂τ, τ²∂²α°/∂τ²] (dimensionless). */
function gergIdeal(f: GergFluid, T: number, D: number): void {
  const F = f.F;
  const I = f.I;
  const logD = Math.log(D > 0 ? D : 1e-20);
  const logT = Math.log(T);
  let a0 = 0, a1 = 0, a2 = 0;
  for (let c = 0; c < f.nComp; c++) {
    const i = I[I_COMP + c];
    const xi = F[F_X + i];
    const id = IDEAL[i];
    const th = IDEAL_THETA[i];
    let s0 = 0, s1 = 0, s2 = 0;
    for (let j = 0; j < 4; j++) {
      if (!(th[j] > 0)) continue;
      const th0T = th[j] / T;
      const ep = Math.exp(th0T);
      const em = 1 / ep;
      const hsn = (ep - em) / 2;
      const hcn = (ep + em) / 2;
      const n = id.n[j];
      if (j === 0 || j === 2) {
        s0 += n * Math.log(Math.abs(hsn));
        s1 += (n * th0T * hcn) / hsn;
        s2 += n * (th0T / hsn) * (th0T / hsn);
      } else {
        s0 -= n * Math.log(Math.abs(hcn));
        s1 -= (n * th0T * hsn) / hcn;
        s2 += n * (th0T / hcn) * (th0T / hcn);
      }
    }
    a0 += xi * (logD + F[F_LOGX + i] + id.n1 + id.n2 / T - id.n3 * logT + s0);
    a1 += xi * (id.n3 + id.n2 / T + s1);
    a2 -= xi * (id.n3 + s2);
  }
  A0[0] = a0;
  A0[1] = a1;
  A0[2] = a2;
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
  return { P, Z, dPdD, d2PdD2, d2PdTD, dPdT, U, H, S, G, A, Cv, Cp, W, JT, kappa };
}
