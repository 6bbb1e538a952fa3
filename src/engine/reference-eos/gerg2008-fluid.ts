/**
 * Composition-dependent part of GERG-2008 (Kunz & Wagner 2012): the reducing functions T_r(x),
 * ρ_r(x) (eqs. 7.9–7.10), the pure-fluid terms of components that share an exponent set summed with
 * their mole fractions, and the departure functions weighted by Σ x_i x_j F_ij. The result is one
 * float and one int buffer per fluid (typed-array allocation is the dominant fixed cost here).
 *
 * The term catalogue also lists each distinct τ exponent and each distinct departure exponential
 * shape once, so an evaluation computes τ^t and exp(−η(δ−ε)² − β(δ−γ)) once per distinct value.
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
  MOLAR_MASS,
  PURE_EXPONENTS,
  PURE_N,
  REDUCING_PAIRS,
  type PureExponents,
} from './gerg2008-data.js';
import { NC } from './components.js';

/** Binary reducing parameters folded as in the reference code: β², γβ·(combined critical value). */
export const BV2 = new Float64Array(NC * NC);
export const BT2 = new Float64Array(NC * NC);
export const GV = new Float64Array(NC * NC);
export const GT = new Float64Array(NC * NC);
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

export const T_VALUES: number[] = [];
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
export const CE_CC: number[] = [];
export const CE_EE: number[] = [];
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
export const NCE = CE_CC.length;

const MAX_POLY =
  EXPONENT_GROUPS.reduce((a, g) => a + g.exps.c.filter((c) => c === 0).length, 0) +
  Object.values(DEPARTURE).reduce((a, f) => a + f.n.filter((_, k) => isPolyDeparture(f, k)).length, 0);
const MAX_EXP = EXPONENT_GROUPS.reduce((a, g) => a + g.exps.c.filter((c) => c !== 0).length, 0);
const MAX_GAUSS = Object.values(DEPARTURE).reduce((a, f) => a + f.n.filter((_, k) => !isPolyDeparture(f, k)).length, 0);

// Layout of a fluid's float buffer …
export const F_X = 0;
export const F_LOGX = NC;
export const F_PN = 2 * NC;
export const F_PNT = F_PN + MAX_POLY;
export const F_EN = F_PNT + MAX_POLY;
export const F_ENT = F_EN + MAX_EXP;
export const F_GN = F_ENT + MAX_EXP;
export const F_GNT = F_GN + MAX_GAUSS;
export const F_TAU = F_GNT + MAX_GAUSS;
/** Ideal-gas temperature terms at cacheIdealT: Σx_i(ln x_i + n1 + n2/T − n3 ln T + Σ_sinh/cosh), Σx_i(…), Σx_i(…), Σx_i. */
export const F_IDEAL = F_TAU + NTV;
const F_SIZE = F_IDEAL + 4;
// … and of its int buffer.
export const I_PD = 0;
export const I_PT = I_PD + MAX_POLY;
export const I_ED = I_PT + MAX_POLY;
export const I_EC = I_ED + MAX_EXP;
export const I_ET = I_EC + MAX_EXP;
export const I_GD = I_ET + MAX_EXP;
export const I_GT = I_GD + MAX_GAUSS;
export const I_GCE = I_GT + MAX_GAUSS;
export const I_USED_T = I_GCE + MAX_GAUSS;
export const I_USED_CE = I_USED_T + NTV;
export const I_USED_C = I_USED_CE + NCE;
export const I_COMP = I_USED_C + 8;
const I_SIZE = I_COMP + NC;

/** Bookkeeping of createGergFluid (cleared at its start). */
const USED_T = new Uint8Array(NTV);
const USED_CE = new Uint8Array(NCE);
const USED_C = new Uint8Array(8);
const DEP_WEIGHT = new Float64Array(DEPARTURE_NAMES.length);
const DEP_USED = new Uint8Array(DEPARTURE_NAMES.length);

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
  /** Temperature the ideal-gas cache in F holds. */
  cacheIdealT: number;
}

/**
 * Fold a composition (mole fractions in reference order, summing to 1) into a GergFluid. With
 * `departureOnly` (a DEPARTURE function name) the fluid holds that departure function alone with
 * weight 1 and no pure-fluid terms: α^r of it is α_ij^r(δ, τ), which the composition derivatives of
 * ./gerg2008-model.ts need term by term (x then only sets the reducing values the caller scales by).
 */
export function createGergFluid(x: Float64Array, departureOnly?: string): GergFluid {
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

  const usedT = USED_T.fill(0);
  const usedCE = USED_CE.fill(0);
  const usedC = USED_C.fill(0);
  let np = 0, ne = 0, ng = 0;
  for (let g = 0; g < EXPONENT_GROUPS.length; g++) {
    const { exps, members } = EXPONENT_GROUPS[g];
    if (departureOnly !== undefined) break;
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
  const weights = DEP_WEIGHT.fill(0);
  const used = DEP_USED.fill(0);
  if (departureOnly !== undefined) {
    const m = DEPARTURE_NAMES.indexOf(departureOnly);
    if (m < 0) throw new RangeError(`unknown GERG-2008 departure function ${departureOnly}`);
    weights[m] = 1;
    used[m] = 1;
  }
  for (let p = 0; p < DEPARTURE_PAIRS.length && departureOnly === undefined; p++) {
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
    cacheIdealT: Number.NaN,
  };
}
