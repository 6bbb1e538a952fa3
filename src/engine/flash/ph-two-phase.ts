/**
 * Fast path of the PH/PS flashes in the two-phase region: one Newton iteration on the vapour
 * amounts v_i and the temperature together, warm-started from a converged TP-flash split, instead
 * of a full TP flash (stability test and split) per temperature.
 *
 * Unknowns v_i (vapour moles per mole feed, l_i = z_i − v_i) and T; equations
 *   g_i = ln f_i^V − ln f_i^L = 0                         (equal fugacities, i = 1..nc)
 *   X(v, T) − X_spec = 0, X = Σ_i v_i X̄_i^V + l_i X̄_i^L  (X = H for PH, S for PS)
 * with the exact Jacobian from the model's derivatives (Michelsen & Mollerup 2007, ch. 2):
 *   ∂g_i/∂v_j = ∂ln f_i^V/∂n_j + ∂ln f_i^L/∂n_j,   ∂g_i/∂T = ∂ln φ_i^V/∂T − ∂ln φ_i^L/∂T,
 *   ∂X/∂v_j = X̄_j^V − X̄_j^L (Euler: X = Σ n_i X̄_i),   ∂H/∂T = Cp^V + Cp^L, ∂S/∂T = (Cp^V + Cp^L)/T,
 * where the partial molar enthalpy is H̄_i = h0_i(T) − R·T²·∂ln φ_i/∂T and the partial molar
 * entropy S̄_i = s0_i(T) − R ln(x_i P/P0) − R ln φ_i − R·T·∂ln φ_i/∂T.
 *
 * The answer is certified, not assumed: both phase fractions inside (0, 1), phases distinct,
 * equal fugacities to the two-phase flash's tolerance, the split's Gibbs energy below the feed's
 * as one phase (so the feed is unstable at that T, as the TP flash would find), and the spec met
 * by the β-weighted properties the robust path uses. Anything else returns undefined and the
 * caller falls back to the bracketing solver. The caller keeps this path to fluids without
 * polar components and without the multiphase check, where a TP flash gives at most these two
 * phases and a continuation of its split is the split the TP flash would find.
 */
import { P_REF, R } from '../eos/constants.js';
import { idealCp, idealEnthalpy, idealEntropyT } from '../eos/ideal-gas.js';
import type { ModelAtT, ThermoModel } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives } from './fugacity.js';
import { solveInPlace } from './linalg.js';
import { rachfordRice } from './rachford-rice.js';
import { compositionsOfAmounts } from './two-phase.js';
import { makePhase, orderByDensity, MIN_PHASE_FRACTION, type FlashResult, type PhaseState } from './phase-state.js';
import { STATE_FLASH_T_MAX, STATE_FLASH_T_MIN } from './temperature-range.js';

/** Σ|ln f^V − ln f^L| accepted (the two-phase TP flash's own tolerance). */
const FUGACITY_TOLERANCE = 1e-10;
const MAX_ITERATIONS = 20;
/** Largest temperature move of one Newton step, as a fraction of T. */
const MAX_RELATIVE_T_STEP = 0.3;
/** Steps from states with Σ|g| or |ΔT| (K) above these move ln K (retract), below them the amounts. */
const RETRACTION_BELOW = 1e-3;
const RETRACTION_T_STEP = 1;
/** Halvings of a large step that leaves the two-phase region before giving up (the answer is then most likely one phase, which the caller finds faster). */
const MAX_HALVINGS = 3;
/** Σ|g| above which T is held while the split converges (a rough start from stability-test K values). */
const HOLD_T_ABOVE = 1;
/** Temperature moves (K) above which the fugacities at the new point are checked first, and halvings allowed. */
const BACKTRACK_T_STEP = 5;
const MAX_BACKTRACKS = 4;
/**
 * Σ|g| and |X − X_spec|/tol below which one more Newton step is expected to land within the
 * tolerances (quadratic convergence: the error squares), so the next point is first checked
 * without derivatives.
 */
const NEARLY_CONVERGED = 1e-5;
const NEARLY_CONVERGED_SPEC = 1e5;

export interface SplitAnswer {
  T: number;
  phases: PhaseState[];
  iterations: number;
}

/** Ideal-gas h0_i, the T part of s0_i and cp0_i at T (same sources as properties/thermo.ts). */
export function idealGasParts(model: ThermoModel, T: number, h0: Float64Array, s0: Float64Array, cp0: Float64Array, scratch: Float64Array): void {
  for (let i = 0; i < model.nc; i++) {
    if (model.idealGas !== undefined) {
      model.idealGas(i, T, scratch);
      h0[i] = scratch[0];
      s0[i] = scratch[1];
      cp0[i] = scratch[2];
    } else {
      const c = model.components[i].cpIdeal;
      h0[i] = idealEnthalpy(c, T);
      s0[i] = idealEntropyT(c, T);
      cp0[i] = idealCp(c, T);
    }
  }
}

/** Arrays of one Newton run, kept for the next call with the same number of components (JS runs one call at a time). */
class Workspace {
  readonly v: Float64Array;
  readonly l: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly lnPhiV: Float64Array;
  readonly lnPhiL: Float64Array;
  readonly dV: Float64Array;
  readonly dL: Float64Array;
  readonly dTV: Float64Array;
  readonly dTL: Float64Array;
  readonly dPV: Float64Array;
  readonly dPL: Float64Array;
  readonly fsV: FugacityScratch;
  readonly fsL: FugacityScratch;
  readonly h0: Float64Array;
  readonly s0: Float64Array;
  readonly cp0: Float64Array;
  readonly ideal = new Float64Array(3);
  /** Total vapour and liquid amounts (compositionsOfAmounts). */
  readonly totals = new Float64Array(2);
  readonly J: Float64Array;
  readonly rhs: Float64Array;
  readonly K: Float64Array;
  readonly xc: Float64Array;
  readonly yc: Float64Array;
  constructor(readonly nc: number) {
    const vec = () => new Float64Array(nc);
    this.v = vec();
    this.l = vec();
    this.x = vec();
    this.y = vec();
    this.lnPhiV = vec();
    this.lnPhiL = vec();
    this.dV = new Float64Array(nc * nc);
    this.dL = new Float64Array(nc * nc);
    this.dTV = vec();
    this.dTL = vec();
    this.dPV = vec();
    this.dPL = vec();
    this.fsV = new FugacityScratch(nc);
    this.fsL = new FugacityScratch(nc);
    this.h0 = vec();
    this.s0 = vec();
    this.cp0 = vec();
    this.J = new Float64Array((nc + 1) * (nc + 1));
    this.rhs = new Float64Array(nc + 1);
    this.K = vec();
    this.xc = vec();
    this.yc = vec();
  }
}
let workspace: Workspace | undefined;

/** The caller's test of a certified candidate on its own β-weighted properties (the spec within tol). */
export type JudgeSplit = (T: number, phases: PhaseState[]) => boolean;

/** A starting split: vapour and liquid amounts per mole of feed at temperature T. */
export interface SplitStart {
  T: number;
  v: Float64Array;
  l: Float64Array;
}

/** The split of a two-phase TP-flash result, the smaller amount of each component held (digits of a trace, as in two-phase.ts). */
export function splitOfFlash(result: FlashResult, z: Float64Array): SplitStart | undefined {
  if (result.phases.length !== 2) return undefined;
  const nc = z.length;
  const [gas, liq] = result.phases;
  const v = new Float64Array(nc);
  const l = new Float64Array(nc);
  for (let i = 0; i < nc; i++) {
    const vi = gas.beta * gas.x[i];
    const li = liq.beta * liq.x[i];
    if (vi <= li) {
      v[i] = vi;
      l[i] = z[i] - vi;
    } else {
      l[i] = li;
      v[i] = z[i] - li;
    }
    if (!(v[i] > 0) || !(l[i] > 0)) return undefined;
  }
  return { T: result.T, v, l };
}

/** The split Rachford–Rice gives for K = exp(lnK) at T; undefined when those K leave one phase. */
export function splitOfK(z: Float64Array, lnK: Float64Array, T: number): SplitStart | undefined {
  const nc = z.length;
  const K = new Float64Array(nc);
  for (let i = 0; i < nc; i++) K[i] = Math.exp(lnK[i]);
  const v = new Float64Array(nc);
  const l = new Float64Array(nc);
  return amountsFromK(z, K, v, l) ? { T, v, l } : undefined;
}

/**
 * Newton on (v, T) from `start` to the state at P whose enthalpy (PH) or entropy (PS) is `spec`;
 * undefined when it cannot certify an answer (see the module comment). While the fugacities are
 * far from equal (a start from stability-test K values) T is held and only the split moves.
 * `accept` is the caller's final test of a certified candidate.
 */
export function twoPhaseStateNewton(kind: 'PH' | 'PS', model: ThermoModel, P: number, z: Float64Array, spec: number, tol: number, start: SplitStart, accept: JudgeSplit): SplitAnswer | undefined {
  const nc = model.nc;
  const n1 = nc + 1;
  if (workspace === undefined || workspace.nc !== nc) workspace = new Workspace(nc);
  const { v, l, x, y, lnPhiV, lnPhiL, dV, dL, dTV, dTL, dPV, dPL, fsV, fsL, h0, s0, cp0, ideal, J, rhs, K, totals } = workspace;
  v.set(start.v);
  l.set(start.l);
  let T = start.T;
  let volV = NaN;
  let volL = NaN;
  /** The last step was a small Newton step from a nearly converged state: check before differentiating. */
  let nearlyThere = false;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    const at = model.atTemperature(T);
    if (nearlyThere) {
      // Quadratic convergence predicts the answer here: fugacities alone (no derivatives) and the
      // caller's test of the spec decide; otherwise the full Newton step below continues.
      compositionsOfAmounts(v, l, y, x, totals);
      const sv = totals[0];
      const sl = totals[1];
      volL = at.lnPhi(P, x, 'stable', lnPhiL);
      volV = at.lnPhi(P, y, 'stable', lnPhiV);
      if (!Number.isFinite(volL) || !Number.isFinite(volV)) return undefined;
      let err = 0;
      for (let i = 0; i < nc; i++) err += Math.abs(Math.log(y[i]) + lnPhiV[i] - Math.log(x[i]) - lnPhiL[i]);
      if (err < FUGACITY_TOLERANCE) {
        const answer = certify(model, P, z, v, l, sv, sl, T, lnPhiV, lnPhiL, volV, volL, it);
        if (answer !== undefined && accept(answer.T, answer.phases)) return answer;
      }
      nearlyThere = false;
    }
    volL = lnPhiDerivatives(at, P, l, 'stable', lnPhiL, dL, fsL, dTL, dPL);
    volV = lnPhiDerivatives(at, P, v, 'stable', lnPhiV, dV, fsV, dTV, dPV);
    if (!Number.isFinite(volL) || !Number.isFinite(volV)) return undefined;
    idealGasParts(model, T, h0, s0, cp0, ideal);
    let sv = 0;
    let sl = 0;
    for (let i = 0; i < nc; i++) {
      sv += v[i];
      sl += l[i];
    }
    const RT = R * T;
    const lnPRel = Math.log(P / P_REF);
    let err = 0;
    let X = 0;
    for (let i = 0; i < nc; i++) {
      const lnY = Math.log(v[i] / sv);
      const lnX = Math.log(l[i] / sl);
      const g = lnY + lnPhiV[i] - lnX - lnPhiL[i];
      rhs[i] = -g;
      err += Math.abs(g);
      // dTV/dTL hold ∂ln φ/∂ln T; H̄ = h0 − R·T·∂ln φ/∂ln T.
      let xV: number;
      let xL: number;
      if (kind === 'PH') {
        xV = h0[i] - RT * dTV[i];
        xL = h0[i] - RT * dTL[i];
      } else {
        xV = s0[i] - R * (lnY + lnPRel + lnPhiV[i] + dTV[i]);
        xL = s0[i] - R * (lnX + lnPRel + lnPhiL[i] + dTL[i]);
      }
      X += v[i] * xV + l[i] * xL;
      J[nc * n1 + i] = xV - xL;
      J[i * n1 + nc] = (dTV[i] - dTL[i]) / T;
    }
    const f = X - spec;
    if (!Number.isFinite(f)) return undefined;
    if (err < FUGACITY_TOLERANCE && Math.abs(f) <= 0.1 * tol) {
      const answer = certify(model, P, z, v, l, sv, sl, T, lnPhiV, lnPhiL, volV, volL, it);
      return answer !== undefined && accept(answer.T, answer.phases) ? answer : undefined;
    }
    const cp = phaseCp(fsV, T, P, volV * sv, sv, v, cp0) + phaseCp(fsL, T, P, volL * sl, sl, l, cp0);
    if (!(cp > 0) || !Number.isFinite(cp)) return undefined;
    J[nc * n1 + nc] = kind === 'PH' ? cp : cp / T;
    rhs[nc] = -f;
    if (err > HOLD_T_ABOVE) {
      // Far from equal fugacities the coupled step in T is not trustworthy: hold T (dT = 0).
      for (let j = 0; j < nc; j++) J[nc * n1 + j] = 0;
      J[nc * n1 + nc] = 1;
      rhs[nc] = 0;
    }
    for (let i = 0; i < nc; i++) {
      const row = i * n1;
      for (let j = 0; j < nc; j++) J[row + j] = dV[i * nc + j] + dL[i * nc + j] - 1 / sv - 1 / sl;
      J[row + i] += 1 / v[i] + 1 / l[i];
    }
    if (!solveInPlace(J, rhs, n1)) return undefined;
    const dT = rhs[nc];
    let s = Math.abs(dT) > MAX_RELATIVE_T_STEP * T ? (MAX_RELATIVE_T_STEP * T) / Math.abs(dT) : 1;
    nearlyThere = err < NEARLY_CONVERGED && Math.abs(f) < NEARLY_CONVERGED_SPEC * tol && s === 1;
    if (err < RETRACTION_BELOW && Math.abs(s * dT) < RETRACTION_T_STEP) {
      // Near the answer: the Newton step on the amounts as it is (quadratic convergence, and the
      // smaller amount of each component keeps its digits).
      for (let i = 0; i < nc; i++) {
        const d = rhs[i];
        if (d < 0 && v[i] + s * d <= 0) s = Math.min(s, (-0.5 * v[i]) / d);
        if (d > 0 && l[i] - s * d <= 0) s = Math.min(s, (0.5 * l[i]) / d);
      }
      // A step cut this hard means the split is leaving the two-phase region: the robust path decides.
      if (s < 1e-3) return undefined;
      for (let i = 0; i < nc; i++) {
        if (v[i] <= l[i]) {
          v[i] += s * rhs[i];
          l[i] = z[i] - v[i];
        } else {
          l[i] -= s * rhs[i];
          v[i] = z[i] - l[i];
        }
        if (!(v[i] > 0) || !(l[i] > 0)) return undefined;
      }
    } else {
      // A step into the one-phase region (the Newton model of X(T) overshoots across the
      // two-phase region) is halved until the split survives it.
      let ok = retract(z, v, l, sv, sl, rhs, s * (T / (T + s * dT)), K, x, y);
      for (let h = 0; !ok && h < MAX_HALVINGS; h++) {
        s *= 0.5;
        ok = retract(z, v, l, sv, sl, rhs, s * (T / (T + s * dT)), K, x, y);
      }
      if (!ok) return undefined;
      // A large move in T across a strongly curved X(T) (the phase fractions change fast) can land
      // where the split is far off again: measured by the fugacities alone, such a step is halved.
      for (let h = 0; Math.abs(s * dT) > BACKTRACK_T_STEP && h < MAX_BACKTRACKS; h++) {
        const errNew = fugacityError(model.atTemperature(T + s * dT), P, x, y, workspace);
        if (errNew <= Math.max(4 * err, 0.5)) break;
        s *= 0.5;
        if (!retract(z, v, l, sv, sl, rhs, s * (T / (T + s * dT)), K, x, y)) return undefined;
      }
      v.set(x);
      l.set(y);
    }
    T += s * dT;
    if (!(T > STATE_FLASH_T_MIN && T < STATE_FLASH_T_MAX)) return undefined;
  }
  return undefined;
}

/** Σ|ln f^V − ln f^L| for vapour amounts vAm and liquid amounts lAm at `at` (no derivatives); Infinity without roots. */
function fugacityError(at: ModelAtT, P: number, vAm: Float64Array, lAm: Float64Array, w: Workspace): number {
  const nc = vAm.length;
  compositionsOfAmounts(vAm, lAm, w.yc, w.xc);
  if (!Number.isFinite(at.lnPhi(P, w.yc, 'stable', w.lnPhiV)) || !Number.isFinite(at.lnPhi(P, w.xc, 'stable', w.lnPhiL))) return Infinity;
  let err = 0;
  for (let i = 0; i < nc; i++) err += Math.abs(Math.log(w.yc[i]) + w.lnPhiV[i] - Math.log(w.xc[i]) - w.lnPhiL[i]);
  return err;
}

/**
 * A large step taken in ln K rather than in the amounts: the Newton step's first-order change of
 * ln K_i = ln y_i − ln x_i, then Rachford–Rice for the new amounts. The amounts stay positive and
 * K follows a big temperature move far better than v does. The caller scales the change by
 * T/(T + ΔT): ln K is close to linear in 1/T (Clausius–Clapeyron), not in T, which cut the
 * fugacity error after a 47 K step tenfold on the condensate valve case. False when the new K
 * describe a single phase; the new amounts go to vOut and lOut.
 */
function retract(z: Float64Array, v: Float64Array, l: Float64Array, sv: number, sl: number, step: Float64Array, s: number, K: Float64Array, vOut: Float64Array, lOut: Float64Array): boolean {
  const nc = z.length;
  let sumStep = 0;
  for (let i = 0; i < nc; i++) sumStep += step[i];
  const common = sumStep * (1 / sv + 1 / sl);
  for (let i = 0; i < nc; i++) {
    const dLnK = step[i] * (1 / v[i] + 1 / l[i]) - common;
    K[i] = ((v[i] / sv) * sl / l[i]) * Math.exp(s * dLnK);
  }
  return amountsFromK(z, K, vOut, lOut);
}

/** Vapour and liquid amounts from Rachford–Rice for K; false when K leave one phase. */
function amountsFromK(z: Float64Array, K: Float64Array, vOut: Float64Array, lOut: Float64Array): boolean {
  const nc = z.length;
  const rr = rachfordRice(z, K, nc);
  if (!rr.converged || !(rr.beta > 0 && rr.liquidFraction > 0)) return false;
  for (let i = 0; i < nc; i++) {
    const d = rr.liquidFraction + rr.beta * K[i];
    vOut[i] = (rr.beta * K[i] * z[i]) / d;
    lOut[i] = (rr.liquidFraction * z[i]) / d;
    if (!(vOut[i] > 0) || !(lOut[i] > 0)) return false;
  }
  return true;
}

/** Cp (J/K) of a phase of n_i moles, total n, total volume V, from the derivatives lnPhiDerivatives left in fs.res. */
function phaseCp(fs: FugacityScratch, T: number, P: number, V: number, n: number, amounts: Float64Array, cp0: Float64Array): number {
  const r = fs.res;
  const RT = R * T;
  let idealPart = 0;
  for (let i = 0; i < amounts.length; i++) idealPart += amounts[i] * cp0[i];
  const cvRes = -R * (T * T * r.F_TT + 2 * T * r.F_T);
  const dPdV = -RT * r.F_VV - (n * RT) / (V * V);
  const dPdT = P / T - RT * r.F_TV;
  return idealPart - n * R + cvRes - (T * dPdT * dPdT) / dPdV;
}

function certify(
  model: ThermoModel,
  P: number,
  z: Float64Array,
  v: Float64Array,
  l: Float64Array,
  sv: number,
  sl: number,
  T: number,
  lnPhiV: Float64Array,
  lnPhiL: Float64Array,
  volV: number,
  volL: number,
  iterations: number,
): SplitAnswer | undefined {
  const nc = model.nc;
  if (!(sv >= MIN_PHASE_FRACTION && sl >= MIN_PHASE_FRACTION)) return undefined;
  const x = new Float64Array(nc);
  const y = new Float64Array(nc);
  let dist = 0;
  let gSplit = 0;
  for (let i = 0; i < nc; i++) {
    x[i] = l[i] / sl;
    y[i] = v[i] / sv;
    dist += (y[i] - x[i]) * (y[i] - x[i]);
    gSplit += v[i] * (Math.log(y[i]) + lnPhiV[i]) + l[i] * (Math.log(x[i]) + lnPhiL[i]);
  }
  if (dist < 1e-10) return undefined;
  const at = model.atTemperature(T);
  const lnPhiZ = new Float64Array(nc);
  const vz = at.lnPhi(P, z, 'stable', lnPhiZ);
  if (!Number.isFinite(vz)) return undefined;
  let gFeed = 0;
  for (let i = 0; i < nc; i++) gFeed += z[i] * (Math.log(z[i]) + lnPhiZ[i]);
  // The same margin as the TP flash: G must fall by more than its round-off.
  const tiny = Math.min(sv, sl) < 1e-6;
  const margin = (tiny ? -1e-15 : 1e-14) * Math.max(1, Math.abs(gFeed));
  if (!(gSplit < gFeed - margin)) return undefined;
  const phases = orderByDensity(model, [makePhase(model, at, P, y, lnPhiV, volV, sv), makePhase(model, at, P, x, lnPhiL, volL, sl)]);
  return { T, phases, iterations };
}
