/**
 * Trial phases and starting points for the multiphase check (multiphase.ts): which trials are
 * run besides Wilson's and the near-pure ones, which unstable trials become a new phase, and the
 * alternative starts tried when the first solve of the enlarged phase set collapses.
 */
import type { ModelAtT, RootChoice } from '../eos/types.js';
import { MIN_PHASE_FRACTION, type PhaseState } from './phase-state.js';
import { maxPhaseAmount, UNSTABLE_TM, type TrialResult } from './stability.js';
import { solveTwoPhase } from './two-phase.js';

/** tm above which a trial close to a present phase is that phase found again. */
const COPY_TM = -1e-7;
/** Unstable trials tried as the new phase, most negative tm first, before giving up. */
const MAX_CANDIDATES = 3;

/**
 * For each present phase with a second volume root at its composition, a trial from that
 * composition on the other root. A nearly pure component at its saturation temperature (ethane
 * + water at the ethane boiling point) has liquid and vapour stationary points a few 1e-5 apart
 * in composition; trials that start from compositions alone all return to the present branch and
 * miss the other, which can be the stable one.
 */
export function otherRootTrials(at: ModelAtT, P: number, phases: readonly PhaseState[], trials: Float64Array[], roots: RootChoice[]): void {
  const nc = at.nc;
  const scratch = new Float64Array(nc);
  for (const p of phases) {
    const vL = at.lnPhi(P, p.x, 'liquid', scratch);
    const vV = at.lnPhi(P, p.x, 'vapor', scratch);
    if (!Number.isFinite(vL) || !Number.isFinite(vV) || !(vV > 1.01 * vL)) continue;
    trials.push(Float64Array.from(p.x, Math.log));
    roots.push(Math.abs(p.V - vL) < Math.abs(p.V - vV) ? 'vapor' : 'liquid');
  }
}

/** Unstable trial phases that are not one of the present phases again and could hold more than a trace, most negative tm first. */
export function newPhaseCandidates(trials: TrialResult[], phases: readonly PhaseState[], z: Float64Array): TrialResult[] {
  const nc = z.length;
  const out: TrialResult[] = [];
  for (const t of trials) {
    if (t.trivial || !(t.tm < UNSTABLE_TM)) continue;
    // A phase that could hold only a trace of the feed would be dropped as below
    // MIN_PHASE_FRACTION (as the flash drops every such phase).
    if (maxPhaseAmount(z, t.w) < MIN_PHASE_FRACTION) continue;
    // A present phase found again is a stationary point with tm ≈ 0 (to the 1e-10 its
    // fugacities were converged to). A nearby composition with a clearly negative tm is another
    // phase: the other volume root of a near-pure phase differs by a few 1e-5 in composition.
    const copy = t.tm > COPY_TM && phases.some((p) => {
      let dist = 0;
      for (let i = 0; i < nc; i++) dist += Math.abs(t.w[i] - p.x[i]);
      return dist < 1e-4;
    });
    if (copy) continue;
    // Several starts often reach the same stationary point: keep one of each.
    const seen = out.some((o) => {
      let dist = 0;
      for (let i = 0; i < nc; i++) dist += Math.abs(t.w[i] - o.w[i]);
      return dist < 1e-4;
    });
    if (!seen) out.push(t);
  }
  return out.sort((a, b) => a.tm - b.tm).slice(0, MAX_CANDIDATES);
}

/**
 * A trial from the mean composition of each pair of present phases. A phase between two others
 * in composition (CO2 + methanol liquid between a CO2-rich oil and a methanol-rich aqueous phase)
 * is far from every Wilson and near-pure start and is reached from none of them.
 */
export function betweenPhaseTrials(phases: readonly PhaseState[], trials: Float64Array[], roots: RootChoice[]): void {
  for (let a = 0; a < phases.length; a++) {
    for (let b = a + 1; b < phases.length; b++) {
      trials.push(Float64Array.from(phases[a].x, (v, i) => Math.log(0.5 * (v + phases[b].x[i]))));
      roots.push('stable');
    }
  }
}

export interface Attempt {
  comps: Float64Array[];
  beta0: number[];
  roots: RootChoice[];
  accelerate: boolean;
}

/** Start with the present phase nearest w replaced by its two-phase split towards w. */
export function splitNearestPhase(at: ModelAtT, P: number, phases: readonly PhaseState[], w: Float64Array): Attempt | undefined {
  const nc = at.nc;
  let k = 0;
  let best = Infinity;
  phases.forEach((p, q) => {
    let dist = 0;
    for (let i = 0; i < nc; i++) dist += Math.abs(p.x[i] - w[i]);
    if (dist < best) {
      best = dist;
      k = q;
    }
  });
  const parent = phases[k];
  const s = solveTwoPhase(at, P, parent.x, Float64Array.from(w, (v, i) => Math.log(v) - Math.log(parent.x[i])));
  if (!s.converged || s.trivial || !(s.beta > 0 && s.liquidFraction > 0)) return undefined;
  const comps = phases.filter((_, q) => q !== k).map((p) => Float64Array.from(p.x));
  const beta0 = phases.filter((_, q) => q !== k).map((p) => p.beta);
  comps.push(Float64Array.from(s.y), Float64Array.from(s.x));
  beta0.push(parent.beta * s.beta, parent.beta * s.liquidFraction);
  return { comps, beta0, roots: comps.map((): RootChoice => 'stable'), accelerate: true };
}

/** The volume root a phase of composition x and molar volume V sits on ('stable' when there is only one). */
export function rootOf(at: ModelAtT, P: number, x: Float64Array, V?: number): RootChoice {
  const scratch = new Float64Array(at.nc);
  const vL = at.lnPhi(P, x, 'liquid', scratch);
  const vV = at.lnPhi(P, x, 'vapor', scratch);
  if (!Number.isFinite(vL) || !Number.isFinite(vV) || !(vV > 1.01 * vL)) return 'stable';
  const own = V ?? at.lnPhi(P, x, 'stable', scratch);
  return Math.abs(own - vL) < Math.abs(own - vV) ? 'liquid' : 'vapor';
}
