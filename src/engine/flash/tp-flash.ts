/**
 * Isothermal–isobaric (TP) flash: stability analysis of the feed, then a two-phase split when it
 * is unstable, and optionally a third (aqueous / second liquid) phase (multiphase.ts).
 * Returns reusable PhaseStates or an error code; never a plausible-looking unconverged answer.
 */
import type { ThermoModel, ModelAtT } from '../eos/types.js';
import { R } from '../eos/constants.js';
import { labelPhase, makePhase, orderByDensity, MIN_PHASE_FRACTION, type FlashErrorCode, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { maxPhaseAmount, pureTrial, stabilityAnalysis, wilsonTrials, UNSTABLE_TM, type StabilityResult } from './stability.js';
import { solveTwoPhase, type TwoPhaseSolution } from './two-phase.js';
import { multiphaseCheck } from './multiphase.js';

export interface FlashOptions {
  /** Look for a third phase (aqueous or second liquid) after the two-phase split. */
  multiPhaseCheck?: boolean;
}


/** Below this tangent-plane distance an instability is too clear to report a single phase. */
const MARGINAL_TM = -1e-6;

function fail(code: FlashErrorCode, message: string): FlashOutcome {
  return { ok: false, code, message };
}

export function singlePhaseState(model: ThermoModel, at: ModelAtT, P: number, z: Float64Array, lnPhi: Float64Array, V: number): PhaseState {
  const Z = (P * V) / (R * at.T);
  return { label: labelPhase(model.components, z, V, at.covolume(z)), beta: 1, x: Float64Array.from(z), V, Z, lnPhi: Float64Array.from(lnPhi) };
}

/**
 * Start K candidates from the stationary points of the stability test (Michelsen's
 * recommendation), best first: both trial phases when they differ, each trial against the feed,
 * and Wilson's K last. Later candidates are tried only if an earlier one collapses.
 */
function kCandidates(stab: StabilityResult, z: Float64Array, wilson: Float64Array): Float64Array[] {
  const nc = z.length;
  const [vap, liq] = stab.trials;
  const useful = (t: StabilityResult['trials'][number] | undefined) => t !== undefined && !t.trivial && t.tm < UNSTABLE_TM;
  const out: Float64Array[] = [];
  if (useful(vap) && useful(liq)) {
    let dist = 0;
    for (let i = 0; i < nc; i++) dist += Math.abs(vap.w[i] - liq.w[i]);
    if (dist > 1e-3) {
      const k = new Float64Array(nc);
      for (let i = 0; i < nc; i++) k[i] = Math.log(vap.w[i]) - Math.log(liq.w[i]);
      out.push(k);
    }
  }
  const ordered = stab.trials.filter(useful).sort((a, b) => a.tm - b.tm);
  for (const t of ordered) {
    // The vapour-like trial is the lighter phase of the split; the others are the heavier phase.
    const sign = t === vap ? 1 : -1;
    const k = new Float64Array(nc);
    for (let i = 0; i < nc; i++) k[i] = sign * (Math.log(t.W[i]) - Math.log(z[i]));
    out.push(k);
  }
  out.push(wilson);
  return out;
}

/** Index of the component with the largest molar mass. */
/**
 * The trial phases of the feed's stability test (also the PH/PS probe's, ph-start.ts), with
 * Wilson's ln K: Wilson's vapour- and liquid-like trials and the near-pure trials below.
 * A near-pure trial of the heaviest component catches liquid–liquid splits (e.g. a heavy alkane
 * in cold CO2 or methane) that both Wilson trials miss. Deeply subcritical components
 * (T < 0.6 Tc) can form a liquid of their own (LLE with H2S, CO2 or heavy ends at cryogenic T);
 * the band is kept narrow because every trial costs time on the common single-phase path.
 */
export function feedTrials(model: ThermoModel, T: number, P: number, z: Float64Array): ReturnType<typeof wilsonTrials> {
  const nc = model.nc;
  const found = wilsonTrials(model, T, P, z);
  const heaviest = heaviestComponent(model);
  found.trials.push(pureTrial(nc, heaviest));
  for (let i = 0; i < nc; i++) if (i !== heaviest && T < 0.6 * model.components[i].tc) found.trials.push(pureTrial(nc, i));
  return found;
}

export function heaviestComponent(model: ThermoModel): number {
  let k = 0;
  for (let i = 1; i < model.nc; i++) if (model.components[i].molarMass > model.components[k].molarMass) k = i;
  return k;
}

export function flashTP(model: ThermoModel, T: number, P: number, zIn: ArrayLike<number>, options: FlashOptions = {}): FlashOutcome {
  const nc = model.nc;
  if (!(T > 0) || !Number.isFinite(T)) return fail('FLASH_ERROR', `temperature must be a positive finite number of kelvin, got ${T}`);
  if (!(P > 0) || !Number.isFinite(P)) return fail('FLASH_ERROR', `pressure must be a positive finite number of pascal, got ${P}`);
  if (zIn.length !== nc) return fail('FLASH_ERROR', `composition has ${zIn.length} entries for ${nc} components`);
  const z = new Float64Array(nc);
  let sum = 0;
  for (let i = 0; i < nc; i++) {
    if (!(zIn[i] > 0) || !Number.isFinite(zIn[i])) return fail('FLASH_ERROR', `mole fraction ${i} must be positive and finite, got ${zIn[i]}`);
    sum += zIn[i];
  }
  for (let i = 0; i < nc; i++) z[i] = zIn[i] / sum;

  const at = model.atTemperature(T);
  const lnPhiZ = new Float64Array(nc);
  const vz = at.lnPhi(P, z, 'stable', lnPhiZ);
  if (!Number.isFinite(vz)) return fail('FLASH_ERROR', 'no volume root of the equation of state at these conditions');
  const d = new Float64Array(nc);
  for (let i = 0; i < nc; i++) d[i] = Math.log(z[i]) + lnPhiZ[i];

  const feed = singlePhaseState(model, at, P, z, lnPhiZ, vz);
  let result: FlashResult;
  if (nc === 1) {
    result = { T, P, z, phases: [feed], iterations: 0, stabilityTm: 0, method: 'single-component' };
  } else {
    const { lnK, trials } = feedTrials(model, T, P, z);
    const stab = stabilityAnalysis(at, P, z, d, trials);
    if (stab.stable && !stab.conclusive) {
      return fail('FLASH_NOT_CONVERGED', `the stability test of the feed did not converge in ${stab.iterations} iterations`);
    }
    if (stab.stable) {
      result = { T, P, z, phases: [feed], iterations: stab.iterations, stabilityTm: Number.isFinite(stab.tmNearest) ? stab.tmNearest : 0, method: 'stability' };
    } else {
      const gFeed = dot(z, d);
      let iterations = stab.iterations;
      let sol: TwoPhaseSolution | undefined;
      let anyConverged = false;
      for (const lnK0 of kCandidates(stab, z, lnK)) {
        const s = solveTwoPhase(at, P, z, lnK0);
        iterations += s.iterations;
        if (!s.converged) continue;
        anyConverged = true;
        const inside = s.beta >= MIN_PHASE_FRACTION && s.liquidFraction >= MIN_PHASE_FRACTION;
        // G must fall by more than its round-off (~1e-15 relative). A phase of 1e-11 of the feed
        // (trace water dropping out of a cold hydrocarbon) lowers G by ~1e-13, below any relative
        // margin; a converged split with such a phase need only not raise G.
        const tiny = Math.min(s.beta, s.liquidFraction) < 1e-6;
        const margin = (tiny ? -1e-15 : 1e-14) * Math.max(1, Math.abs(gFeed));
        if (inside && !s.trivial && s.gibbs < gFeed - margin) {
          sol = s;
          break;
        }
      }
      // Instabilities whose trial phase could hold at most a trace of the feed (below the
      // smallest phase fraction a flash reports) cannot give a reportable split.
      const traceOnly = stab.trials.every((t) => t.trivial || !(t.tm < UNSTABLE_TM) || maxPhaseAmount(z, t.w) < MIN_PHASE_FRACTION);
      if (!sol && !anyConverged && !traceOnly) return fail('FLASH_NOT_CONVERGED', `two-phase TP flash did not converge in ${iterations} iterations`);
      if (!sol && traceOnly) {
        result = { T, P, z, phases: [feed], iterations, stabilityTm: stab.tmMin, method: 'trace-phase-dropped' };
      } else if (!sol && stab.tmMin < MARGINAL_TM) {
        return fail('FLASH_NOT_CONVERGED', `the feed is unstable (tm = ${stab.tmMin.toExponential(2)}) but no two-phase split lowering the Gibbs energy was found`);
      } else if (!sol) {
        // Every start collapsed onto the feed, ended at a phase-fraction bound or failed to lower
        // G, and the instability is marginal (−1e-6 < tm < −1e-8): within round-off of a critical
        // point or a phase boundary. Report the single phase, flagged for TWO_PHASE_UNCERTAINTY.
        result = { T, P, z, phases: [feed], iterations, stabilityTm: stab.tmMin, method: 'trivial-split' };
      } else {
        const phases: PhaseState[] = [
          makePhase(model, at, P, sol.y, sol.lnPhiV, sol.vV, sol.beta),
          makePhase(model, at, P, sol.x, sol.lnPhiL, sol.vL, sol.liquidFraction),
        ];
        result = { T, P, z, phases: orderByDensity(model, phases), iterations, stabilityTm: stab.tmMin, method: 'two-phase' };
      }
    }
  }
  if (options.multiPhaseCheck) {
    const mp = multiphaseCheck(model, at, P, z, result);
    if (!mp.ok) return mp;
    result = mp.result;
  }
  return { ok: true, result };
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

