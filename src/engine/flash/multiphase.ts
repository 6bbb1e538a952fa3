/**
 * Multiphase check after a one- or two-phase TP flash (off by default, as in the original).
 * The current equilibrium is tested with Michelsen's stability analysis using Wilson trials,
 * near-pure trials of every component, the other volume root of each phase and the midpoint of
 * each pair of phases (multiphase-trials.ts). When a trial phase lowers the Gibbs energy it is
 * added and the (up to five) phases are solved (multiphase-ss.ts): successive substitution on K
 * relative to a reference phase, the multiphase Rachford–Rice problem solved as Michelsen's
 * convex minimisation (multiphase-rr.ts), DEM acceleration, and a Newton stage on the mole
 * numbers when substitution is slow (multiphase-newton.ts). Phases whose fraction goes to zero
 * are dropped and phases that become the same phase are merged; the next round tests the result
 * again. When a solve ends where it started, it is repeated with each phase held on its volume
 * root, then from the nearest phase split in two by the two-phase flash.
 *
 * An answer is returned only when its phases have equal fugacities, its Gibbs energy is not
 * above the state it started from, and the stability test finds no trial phase that would lower
 * G further (trial phases that could hold less than MIN_PHASE_FRACTION of the feed excepted);
 * otherwise FLASH_NOT_CONVERGED.
 */
import type { ModelAtT, RootChoice, ThermoModel } from '../eos/types.js';
import { makePhase, orderByDensity, MIN_PHASE_FRACTION, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { pureTrial, stabilityAnalysis, wilsonTrials } from './stability.js';
import { betweenPhaseTrials, newPhaseCandidates, otherRootTrials, rootOf, splitNearestPhase, type Attempt } from './multiphase-trials.js';
import { solveMultiphase } from './multiphase-ss.js';

export { multiphaseRachfordRice } from './multiphase-rr.js';

/**
 * Gas, hydrocarbon liquids, CO2-rich liquid(s) and aqueous: cold CO2-rich fluids with methanol
 * and water reach five fluid phases (at fixed T and P up to nc are possible).
 */
const MAX_PHASES = 5;
/** Add/drop rounds; each ends in a converged state of lower G, so a handful suffices. */
const MAX_ROUNDS = 8;
/** Largest |ln f_i^α − ln f_i^β| accepted in an answer. */
const FUGACITY_TOLERANCE = 1e-8;

function fail(message: string): FlashOutcome {
  return { ok: false, code: 'FLASH_NOT_CONVERGED', message };
}

/** Reduced Gibbs energy Σ_k β_k Σ_i x_ki (ln x_ki + ln φ_ki), per mole of feed, in RT. */
function gibbsOf(phases: readonly { beta: number; x: Float64Array; lnPhi: Float64Array }[]): number {
  let g = 0;
  for (const p of phases) for (let i = 0; i < p.x.length; i++) g += p.beta * p.x[i] * (Math.log(p.x[i]) + p.lnPhi[i]);
  return g;
}

export function multiphaseCheck(model: ThermoModel, at: ModelAtT, P: number, z: Float64Array, first: FlashResult): FlashOutcome {
  const nc = model.nc;
  if (nc < 2) return { ok: true, result: first };
  let current = first;
  let gCurrent = gibbsOf(current.phases);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // At equilibrium every phase has the same d = ln x + ln φ; the first phase stands for all.
    const ref = current.phases[0];
    const d = new Float64Array(nc);
    for (let i = 0; i < nc; i++) d[i] = Math.log(ref.x[i]) + ref.lnPhi[i];
    const trials = wilsonTrials(model, at.T, P, ref.x).trials;
    for (let i = 0; i < nc; i++) trials.push(pureTrial(nc, i));
    const roots: RootChoice[] = trials.map(() => 'stable');
    otherRootTrials(at, P, current.phases, trials, roots);
    betweenPhaseTrials(current.phases, trials, roots);
    const stab = stabilityAnalysis(at, P, ref.x, d, trials, roots);
    if (stab.stable) return { ok: true, result: current };
    const candidates = newPhaseCandidates(stab.trials, current.phases, z);
    if (candidates.length === 0) return { ok: true, result: current };
    if (current.phases.length >= MAX_PHASES) {
      return fail(`the ${current.phases.length}-phase TP flash is still unstable (tm = ${stab.tmMin.toExponential(2)}) and no more phases are allowed`);
    }
    let next: { result: FlashResult; g: number } | undefined;
    let iterations = stab.iterations;
    for (const trial of candidates) {
      const comps: Float64Array[] = current.phases.map((p) => Float64Array.from(p.x));
      comps.push(Float64Array.from(trial.w));
      const beta0 = current.phases.map((p) => p.beta * 0.98);
      beta0.push(0.02);
      const stable = comps.map((): RootChoice => 'stable');
      // 1. Each phase on its lower-G root, with DEM acceleration.
      // 2. Every phase held on the volume root it starts on, plain substitution: near a
      //    saturation point a liquid whose composition drifts towards the gas flips to the vapour
      //    root, merges with the gas and the new phase is lost.
      // 3. The present phase nearest the trial split in two by the two-phase flash first: near a
      //    critical end point (two CO2-rich liquids a few per cent apart) both phases of the start
      //    already satisfy the tangent plane to first order, the fractions are undetermined and
      //    substitution crawls, while the two-phase flash of that phase alone converges at once.
      const attempts: (() => Attempt | undefined)[] = [
        () => ({ comps, beta0, roots: stable, accelerate: true }),
        () => ({ comps, beta0, roots: [...current.phases.map((p) => rootOf(at, P, p.x, p.V)), rootOf(at, P, trial.w)], accelerate: false }),
        () => splitNearestPhase(at, P, current.phases, trial.w),
      ];
      for (const make of attempts) {
        const attempt = make();
        if (!attempt) continue;
        const sol = solveMultiphase(at, P, z, attempt.comps, attempt.beta0, attempt.roots, attempt.accelerate);
        if (!sol) continue;
        iterations += sol.iterations;
        const phases: PhaseState[] = [];
        for (let k = 0; k < sol.beta.length; k++) {
          if (sol.beta[k] < MIN_PHASE_FRACTION) continue;
          phases.push(makePhase(model, at, P, sol.x[k], sol.lnPhi[k], sol.v[k], sol.beta[k]));
        }
        const bsum = phases.reduce((s, p) => s + p.beta, 0);
        for (const p of phases) p.beta /= bsum;
        const g = gibbsOf(phases);
        // Substitution does not always lower G; a state above the one we came from, or the same
        // state again, is no progress.
        if (!(g <= gCurrent + 1e-10 * Math.max(1, Math.abs(gCurrent)))) continue;
        if (sameState(phases, current.phases)) continue;
        if (!equalFugacities(phases)) continue;
        const method = phases.length >= 3 ? `${phases.length}-phase` : phases.length === 2 ? 'two-phase' : current.method;
        next = { result: { ...current, phases: orderByDensity(model, phases), iterations: current.iterations + iterations, method }, g };
        break;
      }
      if (next) break;
    }
    if (!next) {
      return fail(`multiphase TP flash: the ${current.phases.length}-phase state is unstable (tm = ${stab.tmMin.toExponential(2)}) and no state with another phase converged`);
    }
    current = next.result;
    gCurrent = next.g;
  }
  return fail(`multiphase TP flash: still unstable after ${MAX_ROUNDS} rounds of adding and dropping phases`);
}

/** The same phases (compositions within 1e-6) as before: the solve went back where it started. */
function sameState(a: readonly PhaseState[], b: readonly PhaseState[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((p) =>
    b.some((q) => {
      let dist = 0;
      for (let i = 0; i < p.x.length; i++) dist += Math.abs(p.x[i] - q.x[i]);
      return dist < 1e-6 && Math.abs(p.V - q.V) <= 1e-3 * Math.abs(q.V);
    }),
  );
}

function equalFugacities(phases: readonly PhaseState[]): boolean {
  const a = phases[0];
  for (let q = 1; q < phases.length; q++) {
    const b = phases[q];
    for (let i = 0; i < a.x.length; i++) {
      const diff = Math.log(b.x[i]) + b.lnPhi[i] - Math.log(a.x[i]) - a.lnPhi[i];
      if (!(Math.abs(diff) < FUGACITY_TOLERANCE)) return false;
    }
  }
  return true;
}
