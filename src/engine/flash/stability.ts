/**
 * Michelsen's tangent-plane stability analysis (Michelsen 1982, Fluid Phase Equilib. 9:1-19).
 * For a phase of composition z with d_i = ln z_i + ln φ_i(z), a trial phase W (unnormalised)
 * has modified tangent-plane distance
 *   tm(W) = 1 + Σ W_i (ln W_i + ln φ_i(w) − d_i − 1),  w = W/ΣW.
 * Stationary points satisfy ln W_i = d_i − ln φ_i(w), where tm = 1 − ΣW. The phase is unstable
 * if some stationary point has tm < −1e-8 (the original's threshold).
 * Each trial runs successive substitution with DEM acceleration every 5th step, then switches to
 * Newton in α_i = 2√W_i (symmetric Hessian, exact second-order term) when SS is slow.
 */
import type { ModelAtT, RootChoice, ThermoModel } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives, wilsonK } from './fugacity.js';
import { solveInPlace } from './linalg.js';
import { accelerateSubstitution } from './acceleration.js';

export const UNSTABLE_TM = -1e-8;

export interface TrialResult {
  /** Normalised composition at the stationary point. */
  w: Float64Array;
  /** Unnormalised W (ΣW = 1 − tm at convergence). */
  W: Float64Array;
  tm: number;
  trivial: boolean;
  converged: boolean;
  iterations: number;
}

export interface StabilityResult {
  stable: boolean;
  /** Smallest negative tm over the non-trivial trials (0 when none is negative). */
  tmMin: number;
  /** Smallest tm over the non-trivial trials, positive or not (Infinity when all were trivial): near 0 means near a phase boundary. */
  tmNearest: number;
  trials: TrialResult[];
  iterations: number;
  /** False when some trial neither converged nor proved instability. */
  conclusive: boolean;
}

const SS_SWITCH = 20;
const MAX_ITER = 200;

export function runTrial(at: ModelAtT, P: number, z: Float64Array, d: Float64Array, lnW0: Float64Array, scratch: TrialScratch): TrialResult {
  const nc = at.nc;
  const { lnW, w, W } = scratch;
  lnW.set(lnW0);
  // Successive substitution first; Newton when it is slow; if Newton cannot proceed (singular
  // Hessian near the trivial solution, failed line search) SS resumes up to MAX_ITER.
  let ss = substitute(at, P, d, scratch, 0, SS_SWITCH);
  let it = ss.iterations;
  if (ss.known) return { w: Float64Array.from(scratch.w), W: Float64Array.from(scratch.W), tm: 0, trivial: true, converged: true, iterations: it };
  let tm = ss.tm;
  let converged = ss.converged;
  if (!converged && !ss.clearlyUnstable && it >= SS_SWITCH) {
    const r = newtonTrial(at, P, d, scratch);
    it += r.iterations;
    if (r.known) return { w: Float64Array.from(scratch.w), W: Float64Array.from(scratch.W), tm: 0, trivial: true, converged: true, iterations: it };
    converged = r.converged;
    tm = r.tm;
    if (!converged) {
      ss = substitute(at, P, d, scratch, it, MAX_ITER);
      it = ss.iterations;
      converged = ss.converged;
      tm = ss.tm;
    }
  }
  // Final normalised composition and tm at the last iterate.
  let sumW = 0;
  for (let i = 0; i < nc; i++) {
    W[i] = Math.exp(lnW[i]);
    sumW += W[i];
  }
  for (let i = 0; i < nc; i++) w[i] = W[i] / sumW;
  if (converged) tm = 1 - sumW;
  let dist = 0;
  for (let i = 0; i < nc; i++) dist += (w[i] - z[i]) * (w[i] - z[i]);
  const trivial = dist < 1e-10 || (Math.abs(tm) < 1e-10 && dist < 1e-6);
  return { w: Float64Array.from(w), W: Float64Array.from(W), tm, trivial, converged, iterations: it };
}

/** SS on ln W with DEM acceleration every 5th step, from iteration `from` up to `to`. */
function substitute(at: ModelAtT, P: number, d: Float64Array, s: TrialScratch, from: number, to: number): { tm: number; converged: boolean; clearlyUnstable: boolean; iterations: number; known?: boolean } {
  const nc = at.nc;
  // A trial on a forced root may start at a known composition on purpose (the other root).
  const known = s.root === 'stable' ? s.known : undefined;
  const { lnW, delta, deltaPrev, w, lnPhi, W } = s;
  let tm = Infinity;
  let it = from;
  for (; it < to; it++) {
    let sumW = 0;
    for (let i = 0; i < nc; i++) {
      W[i] = Math.exp(lnW[i]);
      sumW += W[i];
    }
    if (!Number.isFinite(sumW) || sumW <= 0) break;
    for (let i = 0; i < nc; i++) w[i] = W[i] / sumW;
    if (known !== undefined && nearKnown(lnW, Math.log(sumW), known)) return { tm: 0, converged: true, clearlyUnstable: false, iterations: it, known: true };
    const v = at.lnPhi(P, w, s.root, lnPhi);
    if (!Number.isFinite(v)) break;
    tm = 1;
    let err = 0;
    for (let i = 0; i < nc; i++) {
      tm += W[i] * (lnW[i] + lnPhi[i] - d[i] - 1);
      const next = d[i] - lnPhi[i];
      deltaPrev[i] = delta[i];
      delta[i] = next - lnW[i];
      err += delta[i] * delta[i];
      lnW[i] = next;
    }
    if (err < 1e-20) return { tm, converged: true, clearlyUnstable: false, iterations: it + 1 };
    // Clearly unstable and far from trivial: the exact stationary point is not needed.
    if (tm < -0.01 && it - from > 3) return { tm, converged: false, clearlyUnstable: true, iterations: it + 1 };
    if ((it - from) % 5 === 4) accelerateSubstitution(lnW, delta, deltaPrev, nc);
  }
  return { tm, converged: false, clearlyUnstable: tm < UNSTABLE_TM, iterations: it };
}

/** Newton on α = 2√W from scratch.lnW, damped by backtracking on tm. */
function newtonTrial(at: ModelAtT, P: number, d: Float64Array, s: TrialScratch): { tm: number; converged: boolean; iterations: number; known?: boolean } {
  const nc = at.nc;
  // As in substitute: a trial converging onto a known stationary point stops as soon as it is
  // near (Newton reaches the neighbourhood in a step or two, then would polish it for nothing).
  const known = s.root === 'stable' ? s.known : undefined;
  const { lnW, W, lnPhi, g, alpha, trialLnW } = s;
  const { dlnPhi, H, fs } = s.newton;
  const evalTm = (lw: Float64Array, withDerivs: boolean): number => {
    for (let i = 0; i < nc; i++) W[i] = Math.exp(lw[i]);
    const v = withDerivs ? lnPhiDerivatives(at, P, W, s.root, lnPhi, dlnPhi, fs) : lnPhiOf(at, P, W, lnPhi, s);
    if (!Number.isFinite(v)) return NaN;
    let tm = 1;
    for (let i = 0; i < nc; i++) tm += W[i] * (lw[i] + lnPhi[i] - d[i] - 1);
    return tm;
  };
  let tm = evalTm(lnW, true);
  for (let it = 0; it < 50; it++) {
    if (!Number.isFinite(tm)) return { tm, converged: false, iterations: it };
    let gnorm = 0;
    for (let i = 0; i < nc; i++) {
      const sw = Math.sqrt(W[i]);
      const r = lnW[i] + lnPhi[i] - d[i];
      alpha[i] = 2 * sw;
      g[i] = sw * r;
      gnorm += g[i] * g[i];
    }
    // |g| at the round-off floor of tm (about 1e-16 relative) counts as converged.
    if (gnorm < 1e-20) return { tm, converged: true, iterations: it };
    for (let i = 0; i < nc; i++) {
      const swi = Math.sqrt(W[i]);
      for (let j = 0; j < nc; j++) H[i * nc + j] = swi * Math.sqrt(W[j]) * dlnPhi[i * nc + j];
      H[i * nc + i] += 1 + 0.5 * (lnW[i] + lnPhi[i] - d[i]);
    }
    for (let i = 0; i < nc; i++) g[i] = -g[i];
    if (!solveInPlace(H, g, nc)) return { tm, converged: false, iterations: it };
    let step = 1;
    let accepted = false;
    for (let ls = 0; ls < 20; ls++) {
      for (let i = 0; i < nc; i++) {
        const a = Math.max(alpha[i] + step * g[i], 1e-150);
        trialLnW[i] = 2 * Math.log(a / 2);
      }
      const tmNew = evalTm(trialLnW, false);
      if (Number.isFinite(tmNew) && tmNew <= tm + 1e-14 * Math.abs(tm)) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) return { tm, converged: false, iterations: it };
    lnW.set(trialLnW);
    tm = evalTm(lnW, true);
    if (known !== undefined) {
      let sumW = 0;
      for (let i = 0; i < nc; i++) sumW += W[i];
      for (let i = 0; i < nc; i++) s.w[i] = W[i] / sumW;
      if (nearKnown(lnW, Math.log(sumW), known)) return { tm: 0, converged: true, iterations: it + 1, known: true };
    }
  }
  return { tm, converged: false, iterations: 50 };
}

/**
 * Within `radius` of a known stationary point in every ln w_i = ln W_i − ln ΣW (the trial is
 * converging onto it); from ln W directly, without a logarithm per component.
 */
function nearKnown(lnW: Float64Array, lnSum: number, known: KnownStationaryPoints): boolean {
  for (const lnc of known.lnW) {
    let far = false;
    for (let i = 0; i < lnW.length && !far; i++) far = Math.abs(lnW[i] - lnSum - lnc[i]) > known.radius;
    if (!far) return true;
  }
  return false;
}

/**
 * Stationary points already known to have tm = 0 (the feed itself, the incipient phase at a
 * saturation point), as ln w, and how close (in every ln w_i) a substitution trial must come to
 * one to be taken as converging onto it. The radius must be well inside the points' basins: small
 * against their distance from each other.
 */
export interface ScreenOptions {
  known?: KnownStationaryPoints;
  /** Stop after the first non-trivial trial with tm below this (the result then holds only the trials run). */
  stopBelow?: number;
}

export interface KnownStationaryPoints {
  lnW: readonly Float64Array[];
  radius: number;
}

function lnPhiOf(at: ModelAtT, P: number, W: Float64Array, lnPhi: Float64Array, s: TrialScratch): number {
  const nc = at.nc;
  let sum = 0;
  for (let i = 0; i < nc; i++) sum += W[i];
  for (let i = 0; i < nc; i++) s.w[i] = W[i] / sum;
  return at.lnPhi(P, s.w, s.root, lnPhi);
}

export class TrialScratch {
  readonly lnW: Float64Array;
  readonly delta: Float64Array;
  readonly deltaPrev: Float64Array;
  readonly w: Float64Array;
  readonly W: Float64Array;
  readonly lnPhi: Float64Array;
  readonly trialLnW: Float64Array;
  readonly g: Float64Array;
  readonly alpha: Float64Array;
  /**
   * Volume root of the trial phase: normally the one of lower Gibbs energy for its composition.
   * A forced root tests the other branch of a near-pure phase at its saturation point, where the
   * liquid and vapour stationary points have almost the same composition and the trials starting
   * from compositions alone all land on the branch already present.
   */
  root: RootChoice = 'stable';
  /**
   * Stationary points already known to have tm = 0: a substitution trial that comes near one
   * stops there, reported trivial with tm = 0 (it would converge onto it).
   */
  known?: KnownStationaryPoints;
  private newtonParts?: { dlnPhi: Float64Array; H: Float64Array; fs: FugacityScratch };
  constructor(readonly nc: number) {
    this.lnW = new Float64Array(nc);
    this.delta = new Float64Array(nc);
    this.deltaPrev = new Float64Array(nc);
    this.w = new Float64Array(nc);
    this.W = new Float64Array(nc);
    this.lnPhi = new Float64Array(nc);
    this.trialLnW = new Float64Array(nc);
    this.g = new Float64Array(nc);
    this.alpha = new Float64Array(nc);
  }
  /** The n×n work arrays of the Newton stage, allocated only when a trial needs them. */
  get newton(): { dlnPhi: Float64Array; H: Float64Array; fs: FugacityScratch } {
    this.newtonParts ??= { dlnPhi: new Float64Array(this.nc * this.nc), H: new Float64Array(this.nc * this.nc), fs: new FugacityScratch(this.nc) };
    return this.newtonParts;
  }
}

/**
 * Stability of a phase of composition z (its d = ln z + ln φ(z) given) against the trial
 * compositions lnW0 (each an initial ln W vector), each on the volume root roots[n] (default the
 * root of lower Gibbs energy). `screen` (for screening many states): stationary points known to
 * have tm = 0 (see TrialScratch.known), and a tm below which the remaining trials are skipped.
 */
export function stabilityAnalysis(at: ModelAtT, P: number, z: Float64Array, d: Float64Array, initial: Float64Array[], roots?: readonly RootChoice[], screen?: ScreenOptions): StabilityResult {
  const scratch = new TrialScratch(at.nc);
  scratch.known = screen?.known;
  const stopBelow = screen?.stopBelow ?? -Infinity;
  const trials: TrialResult[] = [];
  let tmMin = 0;
  let tmNearest = Infinity;
  let iterations = 0;
  let conclusive = true;
  for (let n = 0; n < initial.length; n++) {
    const lnW0 = initial[n];
    scratch.root = roots?.[n] ?? 'stable';
    const t = runTrial(at, P, z, d, lnW0, scratch);
    trials.push(t);
    iterations += t.iterations;
    if (!t.trivial && t.tm < tmMin) tmMin = t.tm;
    if (!t.trivial && t.tm < tmNearest) tmNearest = t.tm;
    // An unconverged trial is decided by its tm as in the original (unstable when tm < −1e-8);
    // only a numerical failure (no tm at all) leaves the answer open.
    if (!Number.isFinite(t.tm)) conclusive = false;
    // A screen that only asks whether some trial goes below stopBelow has its answer.
    if (!t.trivial && t.tm < stopBelow) break;
  }
  return { stable: !(tmMin < UNSTABLE_TM), tmMin, tmNearest, trials, iterations, conclusive };
}

/** ln W start vectors from Wilson K: vapour-like (z·K) and liquid-like (z/K). */
export function wilsonTrials(model: ThermoModel, T: number, P: number, z: Float64Array): { lnK: Float64Array; trials: Float64Array[] } {
  const nc = model.nc;
  const lnK = new Float64Array(nc);
  const vap = new Float64Array(nc);
  const liq = new Float64Array(nc);
  for (let i = 0; i < nc; i++) {
    const c = model.components[i];
    lnK[i] = Math.log(wilsonK(c.tc, c.pc, c.omega, T, P));
    vap[i] = Math.log(z[i]) + lnK[i];
    liq[i] = Math.log(z[i]) - lnK[i];
  }
  return { lnK, trials: [vap, liq] };
}


/** ln W of a near-pure trial phase of component k (0.999 of k, the rest shared equally). */
export function pureTrial(nc: number, k: number): Float64Array {
  const lnW = new Float64Array(nc);
  for (let i = 0; i < nc; i++) lnW[i] = i === k ? Math.log(0.999) : Math.log(1e-3 / Math.max(1, nc - 1));
  return lnW;
}

/**
 * Largest amount (mole fraction of the feed z) a phase of composition w can take: β·w_i ≤ z_i.
 * An instability whose trial phase cannot exceed MIN_PHASE_FRACTION (a component at 1e-20 in
 * water that would separate as a pure liquid) is below what a flash reports as a phase.
 */
export function maxPhaseAmount(z: ArrayLike<number>, w: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < z.length; i++) if (w[i] > 0) m = Math.min(m, z[i] / w[i]);
  return m;
}
