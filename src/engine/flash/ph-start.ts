/**
 * The phase state of the feed at one temperature for the PH/PS fast path, from the stability
 * test alone: a stable feed gives exactly the TP flash's one-phase result (same trial phases,
 * same fields), an unstable one gives starting K values for the split Newton (ph-two-phase.ts)
 * without the TP flash's own two-phase solve, which costs about twice the stability test on a
 * 10-component condensate. Anything else (one component, an inconclusive test, K values that
 * leave one phase) is left to the TP flash (undefined).
 *
 * The trial phases are flashTP's own (feedTrials in tp-flash.ts);
 * test/engine/ph-ps-fast.test.ts compares both paths state by state.
 */
import type { ThermoModel } from '../eos/types.js';
import type { FlashResult } from './phase-state.js';
import { stabilityAnalysis, UNSTABLE_TM, type StabilityResult } from './stability.js';
import { feedTrials, singlePhaseState } from './tp-flash.js';
import { splitOfK, type SplitStart } from './ph-two-phase.js';

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
  const { trials } = feedTrials(model, T, P, z);
  const stab = stabilityAnalysis(at, P, z, d, trials);
  if (stab.stable) {
    if (!stab.conclusive) return undefined;
    const feed = singlePhaseState(model, at, P, z, lnPhiZ, vz);
    return { stable: true, result: { T, P, z, phases: [feed], iterations: stab.iterations, stabilityTm: Number.isFinite(stab.tmNearest) ? stab.tmNearest : 0, method: 'stability' } };
  }
  const lnK = startingK(stab, z);
  const start = lnK === undefined ? undefined : splitOfK(z, lnK, T);
  return start === undefined ? undefined : { stable: false, start, tmMin: stab.tmMin };
}

/**
 * ln K from the stationary points, as the TP flash's first candidate: both trial phases when both
 * found the instability and differ, otherwise the most unstable trial against the feed.
 */
function startingK(stab: StabilityResult, z: Float64Array): Float64Array | undefined {
  const nc = z.length;
  const [vap, liq] = stab.trials;
  const useful = (t: StabilityResult['trials'][number] | undefined) => t !== undefined && !t.trivial && t.tm < UNSTABLE_TM;
  const lnK = new Float64Array(nc);
  if (useful(vap) && useful(liq)) {
    let dist = 0;
    for (let i = 0; i < nc; i++) dist += Math.abs(vap.w[i] - liq.w[i]);
    if (dist > 1e-3) {
      for (let i = 0; i < nc; i++) lnK[i] = Math.log(vap.w[i]) - Math.log(liq.w[i]);
      return lnK;
    }
  }
  let best: StabilityResult['trials'][number] | undefined;
  for (const t of stab.trials) if (useful(t) && (best === undefined || t.tm < best.tm)) best = t;
  if (best === undefined) return undefined;
  const sign = best === vap ? 1 : -1;
  for (let i = 0; i < nc; i++) lnK[i] = sign * (Math.log(best.W[i]) - Math.log(z[i]));
  return lnK;
}
