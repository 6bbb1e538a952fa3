/**
 * The phase state of the feed at one temperature for the PH/PS fast path, from the stability
 * test alone: a stable feed gives exactly the TP flash's one-phase result (same trial phases,
 * same fields), an unstable one gives starting K values for the split Newton (ph-two-phase.ts)
 * without the TP flash's own two-phase solve, which costs about twice the stability test on a
 * 10-component condensate. Anything else (one component, an inconclusive test, K values that
 * leave one phase) is left to the TP flash (undefined).
 *
 * The trial phases are flashTP's own (feedTrials in tp-flash.ts), run in another order and
 * stopped at the first clear instability (see below); K values from the test are improved by two
 * substitution steps. test/engine/ph-ps-fast.test.ts and ph-ps-one-phase-fast.test.ts compare the
 * fast paths with the bracketing solver state by state.
 */
import type { ModelAtT, ThermoModel } from '../eos/types.js';
import type { FlashResult } from './phase-state.js';
import { stabilityAnalysis, UNSTABLE_TM, type StabilityResult, type TrialResult } from './stability.js';
import { feedTrials, singlePhaseState } from './tp-flash.js';
import { splitOfK, type SplitStart } from './ph-two-phase.js';
import { rachfordRice } from './rachford-rice.js';

/** tm below which the probe's stability test stops: the feed splits clearly (the test's own "clearly unstable" mark). */
const CLEAR_INSTABILITY = -0.01;
/**
 * Substitution steps (K = φ^L/φ^V) on the test's K values before the split Newton, each about a
 * fifth of a Newton step (two fugacity evaluations and Rachford–Rice). From both trial phases two
 * steps cut the Newton steps on the bench condensate from 5 to 4 (PS) and 4 to 3 (PH). From one
 * liquid-like trial against the feed (the test stopped early) the start is rougher and the split
 * Newton failed on 59 of 2,496 flashes of the tests' grid with two steps (the TP flash's split is
 * then used); six bring that to 9 (6 when every trial ran, before the early stop).
 */
const SUBSTITUTION_STEPS = 2;
const SUBSTITUTION_STEPS_ONE_TRIAL = 6;

export type FeedState = { stable: true; result: FlashResult } | { stable: false; start: SplitStart; tmMin: number };

export function feedStateByStability(model: ThermoModel, T: number, P: number, z: Float64Array): FeedState | undefined {
  const nc = model.nc;
  if (nc < 2) return undefined;
  const at = model.atTemperature(T);
  const lnPhiZ = new Float64Array(nc);
  const vz = at.lnPhi(P, z, 'stable', lnPhiZ);
  if (!Number.isFinite(vz)) return undefined;
  const d = new Float64Array(nc);
  for (let i = 0; i < nc; i++) d[i] = Math.log(z[i]) + lnPhiZ[i];
  // The liquid-like and near-pure trials first and the vapour-like one last, stopping at the first
  // clear instability: where the feed splits, a liquid-like trial most often finds it within a few
  // substitutions while the vapour-like one (run first by the TP flash) may converge slowly onto a
  // shallow minimum (16-20 iterations of the 26-30 on the bench condensate), and the split Newton
  // needs only a start. A stable feed runs every trial, so its result (iterations summed,
  // smallest tm) is the TP flash's own.
  const { trials } = feedTrials(model, T, P, z);
  const ordered = trials.slice(1);
  ordered.push(trials[0]);
  const stab = stabilityAnalysis(at, P, z, d, ordered, undefined, { stopBelow: CLEAR_INSTABILITY });
  if (stab.stable) {
    if (!stab.conclusive) return undefined;
    const feed = singlePhaseState(model, at, P, z, lnPhiZ, vz);
    return { stable: true, result: { T, P, z, phases: [feed], iterations: stab.iterations, stabilityTm: Number.isFinite(stab.tmNearest) ? stab.tmNearest : 0, method: 'stability' } };
  }
  const vapourTrial = stab.trials.length === ordered.length ? stab.trials[ordered.length - 1] : undefined;
  const lnK = startingK(stab, vapourTrial, z);
  if (lnK === undefined) return undefined;
  const lnKTest = Float64Array.from(lnK);
  substitute(at, P, z, lnK, vapourTrial === undefined ? SUBSTITUTION_STEPS_ONE_TRIAL : SUBSTITUTION_STEPS);
  const start = splitOfK(z, lnK, T) ?? splitOfK(z, lnKTest, T);
  return start === undefined ? undefined : { stable: false, start, tmMin: stab.tmMin };
}

/** Work arrays of `substitute`, kept for the next call with the same number of components. */
let work: { K: Float64Array; x: Float64Array; y: Float64Array; lnPhiL: Float64Array; lnPhiV: Float64Array } | undefined;

/**
 * `steps` successive substitutions on lnK (in place) at fixed T and P: Rachford–Rice
 * for the phase compositions, then ln K = ln φ^L − ln φ^V. Stops, keeping the last K that split
 * the feed, when K leave one phase or a volume root is missing.
 */
function substitute(at: ModelAtT, P: number, z: Float64Array, lnK: Float64Array, steps: number): void {
  const nc = z.length;
  if (work === undefined || work.K.length !== nc) {
    const vec = () => new Float64Array(nc);
    work = { K: vec(), x: vec(), y: vec(), lnPhiL: vec(), lnPhiV: vec() };
  }
  const { K, x, y, lnPhiL, lnPhiV } = work;
  for (let step = 0; step < steps; step++) {
    for (let i = 0; i < nc; i++) K[i] = Math.exp(lnK[i]);
    const rr = rachfordRice(z, K, nc);
    if (!rr.converged || !(rr.beta > 0 && rr.liquidFraction > 0)) return;
    for (let i = 0; i < nc; i++) {
      x[i] = z[i] / (rr.liquidFraction + rr.beta * K[i]);
      y[i] = K[i] * x[i];
    }
    if (!Number.isFinite(at.lnPhi(P, x, 'stable', lnPhiL)) || !Number.isFinite(at.lnPhi(P, y, 'stable', lnPhiV))) return;
    for (let i = 0; i < nc; i++) lnK[i] = lnPhiL[i] - lnPhiV[i];
  }
}

/**
 * ln K from the stationary points, as the TP flash's first candidate: the vapour-like trial and a
 * liquid-like one when both found the instability and differ, otherwise the most unstable trial
 * against the feed (the vapour-like trial as the vapour, any other as the liquid).
 */
function startingK(stab: StabilityResult, vap: TrialResult | undefined, z: Float64Array): Float64Array | undefined {
  const nc = z.length;
  const useful = (t: TrialResult | undefined): t is TrialResult => t !== undefined && !t.trivial && t.tm < UNSTABLE_TM;
  const liq = stab.trials[0] === vap ? stab.trials[1] : stab.trials[0];
  const lnK = new Float64Array(nc);
  if (useful(vap) && useful(liq) && vap !== liq) {
    let dist = 0;
    for (let i = 0; i < nc; i++) dist += Math.abs(vap.w[i] - liq.w[i]);
    if (dist > 1e-3) {
      for (let i = 0; i < nc; i++) lnK[i] = Math.log(vap.w[i]) - Math.log(liq.w[i]);
      return lnK;
    }
  }
  let best: TrialResult | undefined;
  for (const t of stab.trials) if (useful(t) && (best === undefined || t.tm < best.tm)) best = t;
  if (best === undefined) return undefined;
  const sign = best === vap ? 1 : -1;
  for (let i = 0; i < nc; i++) lnK[i] = sign * (Math.log(best.W[i]) - Math.log(z[i]));
  return lnK;
}
