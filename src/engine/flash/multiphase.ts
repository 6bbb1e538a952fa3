/**
 * Multiphase check after a one- or two-phase TP flash (off by default, as in the original).
 * The current equilibrium is tested with Michelsen's stability analysis using Wilson trials,
 * near-pure trials of every component, the other volume root of each phase and the midpoint of
 * each pair of phases. When a trial phase lowers the Gibbs energy it is added,
 * and the (up to five) phases are solved: successive substitution on K relative to a reference
 * phase, the multiphase Rachford–Rice problem solved as Michelsen's convex minimisation
 * (multiphase-rr.ts), DEM acceleration, and a Newton stage on the mole numbers when substitution
 * is slow (multiphase-newton.ts). Phases whose fraction goes to zero are dropped and phases that
 * become the same phase are merged; the next round tests the result again.
 *
 * An answer is returned only when its phases have equal fugacities, its Gibbs energy is not
 * above the state it started from, and the stability test finds no trial phase that would lower
 * G further; otherwise FLASH_NOT_CONVERGED.
 */
import type { ModelAtT, RootChoice, ThermoModel } from '../eos/types.js';
import { makePhase, orderByDensity, MIN_PHASE_FRACTION, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { maxPhaseAmount, pureTrial, stabilityAnalysis, wilsonTrials, UNSTABLE_TM, type TrialResult } from './stability.js';
import { accelerateSubstitution } from './acceleration.js';
import { multiphaseRachfordRice } from './multiphase-rr.js';
import { multiphaseNewton } from './multiphase-newton.js';
import { solveTwoPhase } from './two-phase.js';

export { multiphaseRachfordRice } from './multiphase-rr.js';

/**
 * Gas, hydrocarbon liquids, CO2-rich liquid(s) and aqueous: cold CO2-rich fluids with methanol
 * and water reach five fluid phases (at fixed T and P up to nc are possible).
 */
const MAX_PHASES = 5;
/** Add/drop rounds; each ends in a converged state of lower G, so a handful suffices. */
const MAX_ROUNDS = 8;
const MAX_SS = 300;
/** Substitution steps after which the Newton stage is tried (again) when SS has not converged. */
const NEWTON_AT = new Set([12, 50, 150]);
const SS_TOLERANCE = 1e-10;
/** Largest |ln f_i^α − ln f_i^β| accepted in an answer. */
const FUGACITY_TOLERANCE = 1e-8;
/** Two phases whose ln K differ by less than this everywhere are one phase. */
const SAME_PHASE = 1e-5;
/**
 * A trial from the mean composition of each pair of present phases. A phase between two others
 * in composition (CO2 + methanol liquid between a CO2-rich oil and a methanol-rich aqueous phase)
 * is far from every Wilson and near-pure start and is reached from none of them.
 */
function betweenPhaseTrials(phases: readonly PhaseState[], trials: Float64Array[], roots: RootChoice[]): void {
  for (let a = 0; a < phases.length; a++) {
    for (let b = a + 1; b < phases.length; b++) {
      trials.push(Float64Array.from(phases[a].x, (v, i) => Math.log(0.5 * (v + phases[b].x[i]))));
      roots.push('stable');
    }
  }
}

/** tm above which a trial close to a present phase is that phase found again. */
const COPY_TM = -1e-7;
/** Unstable trials tried as the new phase, most negative tm first, before giving up. */
const MAX_CANDIDATES = 3;

interface Equilibrium {
  beta: number[];
  x: Float64Array[];
  lnPhi: Float64Array[];
  v: number[];
  iterations: number;
}

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

interface Attempt {
  comps: Float64Array[];
  beta0: number[];
  roots: RootChoice[];
  accelerate: boolean;
}

/** Start with the present phase nearest w replaced by its two-phase split towards w. */
function splitNearestPhase(at: ModelAtT, P: number, phases: readonly PhaseState[], w: Float64Array): Attempt | undefined {
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
  if (!s.converged || s.trivial || !(s.beta > 0 && s.beta < 1)) return undefined;
  const comps = phases.filter((_, q) => q !== k).map((p) => Float64Array.from(p.x));
  const beta0 = phases.filter((_, q) => q !== k).map((p) => p.beta);
  comps.push(Float64Array.from(s.y), Float64Array.from(s.x));
  beta0.push(parent.beta * s.beta, parent.beta * (1 - s.beta));
  return { comps, beta0, roots: comps.map((): RootChoice => 'stable'), accelerate: true };
}

/** The volume root a phase of composition x and molar volume V sits on ('stable' when there is only one). */
function rootOf(at: ModelAtT, P: number, x: Float64Array, V?: number): RootChoice {
  const scratch = new Float64Array(at.nc);
  const vL = at.lnPhi(P, x, 'liquid', scratch);
  const vV = at.lnPhi(P, x, 'vapor', scratch);
  if (!Number.isFinite(vL) || !Number.isFinite(vV) || !(vV > 1.01 * vL)) return 'stable';
  const own = V ?? at.lnPhi(P, x, 'stable', scratch);
  return Math.abs(own - vL) < Math.abs(own - vV) ? 'liquid' : 'vapor';
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

/**
 * For each present phase with a second volume root at its composition, a trial from that
 * composition on the other root. A nearly pure component at its saturation temperature (ethane
 * + water at the ethane boiling point) has liquid and vapour stationary points a few 1e-5 apart
 * in composition; trials that start from compositions alone all return to the present branch and
 * miss the other, which can be the stable one.
 */
function otherRootTrials(at: ModelAtT, P: number, phases: readonly PhaseState[], trials: Float64Array[], roots: RootChoice[]): void {
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
function newPhaseCandidates(trials: TrialResult[], phases: readonly PhaseState[], z: Float64Array): TrialResult[] {
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

/**
 * Solves the np-phase split from compositions `start` and fractions `beta0`, each phase on the
 * volume root rootsIn[k] ('stable': the lower-G root of its current composition). Returns every
 * phase still present (fractions may be 0 for phases that vanished) or undefined.
 */
function solveMultiphase(at: ModelAtT, P: number, z: Float64Array, start: Float64Array[], beta0: number[], rootsIn: RootChoice[], accelerate: boolean): Equilibrium | undefined {
  const nc = at.nc;
  let roots = rootsIn.slice();
  let x = start.map((c) => Float64Array.from(c));
  let beta = beta0.slice();
  let np = x.length;
  let lnPhi = x.map(() => new Float64Array(nc));
  let v = new Array<number>(np).fill(NaN);
  // ln K_ik = ln φ_i,ref − ln φ_i,k with phase 0 as reference, one row per phase, flat for DEM.
  let lnK = new Float64Array(np * nc);
  let delta = new Float64Array(np * nc);
  let deltaPrev = new Float64Array(np * nc);
  let sinceReset = 0;
  for (let it = 0; it < MAX_SS; it++) {
    for (let k = 0; k < np; k++) {
      v[k] = at.lnPhi(P, x[k], roots[k], lnPhi[k]);
      if (!Number.isFinite(v[k])) return undefined;
    }
    let err = 0;
    for (let k = 0; k < np; k++) {
      for (let i = 0; i < nc; i++) {
        const j = k * nc + i;
        const next = lnPhi[0][i] - lnPhi[k][i];
        deltaPrev[j] = delta[j];
        delta[j] = next - lnK[j];
        err += Math.abs(delta[j]);
        lnK[j] = next;
      }
    }
    // lnPhi belongs to the x the new K came from, so the answer is self-consistent.
    if (it > 0 && err < SS_TOLERANCE) return { beta, x, lnPhi, v, iterations: it };
    sinceReset++;
    if (accelerate && sinceReset % 5 === 0) accelerateSubstitution(lnK, delta, deltaPrev, np * nc);
    const K = Array.from({ length: np }, (_, k) => lnK.subarray(k * nc, (k + 1) * nc).map(Math.exp));
    const b = multiphaseRachfordRice(z, K, beta);
    if (!b) return undefined;
    beta = b;
    for (let i = 0; i < nc; i++) {
      let E = 0;
      for (let k = 0; k < np; k++) E += beta[k] * K[k][i];
      for (let k = 0; k < np; k++) x[k][i] = (z[i] * K[k][i]) / E;
    }
    for (let k = 0; k < np; k++) {
      let s = 0;
      for (let i = 0; i < nc; i++) s += x[k][i];
      for (let i = 0; i < nc; i++) x[k][i] /= s;
    }
    // Two phases converging onto one composition (e.g. gas and oil merging above the
    // cricondenbar, or a trial phase sliding back onto a present one) leave Q singular and
    // substitution stalled: they are one phase.
    const same = samePhasePair(lnK, np, nc);
    if (same) {
      const [keep, drop] = same;
      beta[keep] += beta[drop];
      const rows = (a: Float64Array) => Float64Array.from(Array.from({ length: (np - 1) * nc }, (_, j) => {
        const k = Math.floor(j / nc);
        return a[(k < drop ? k : k + 1) * nc + (j % nc)];
      }));
      lnK = rows(lnK);
      delta = new Float64Array((np - 1) * nc);
      deltaPrev = new Float64Array((np - 1) * nc);
      x = x.filter((_, k) => k !== drop);
      lnPhi = lnPhi.filter((_, k) => k !== drop);
      v = v.filter((_, k) => k !== drop);
      beta = beta.filter((_, k) => k !== drop);
      roots = roots.filter((_, k) => k !== drop);
      np--;
      sinceReset = 0;
      if (np === 1) return undefined;
      continue;
    }
    if (NEWTON_AT.has(it)) {
      const present: number[] = [];
      for (let k = 0; k < np; k++) if (beta[k] > 0) present.push(k);
      if (present.length >= 2) {
        const nw = multiphaseNewton(at, P, z, present.map((k) => beta[k]), present.map((k) => x[k]), present.map((k) => roots[k]));
        if (nw && nw.beta.every((bk) => bk > 0)) return { ...nw, iterations: it + nw.iterations };
      }
    }
  }
  return undefined;

}

function samePhasePair(lnK: Float64Array, np: number, nc: number): [number, number] | undefined {
  for (let k = 0; k < np; k++) {
    for (let l = k + 1; l < np; l++) {
      let worst = 0;
      for (let i = 0; i < nc && worst < SAME_PHASE; i++) worst = Math.max(worst, Math.abs(lnK[k * nc + i] - lnK[l * nc + i]));
      if (worst < SAME_PHASE) return [k, l];
    }
  }
  return undefined;
}
