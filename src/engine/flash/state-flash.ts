/**
 * State-function flashes at fixed pressure: PH (given enthalpy) and PS (given entropy).
 *
 * Both solve the one equation f(T) = X(T) − X_spec on the temperature, where X(T) is the
 * β-weighted enthalpy or entropy of the equilibrium state from the TP flash at (T, P). At fixed P
 * both are non-decreasing in T for a stable equilibrium (dH/dT = Cp_eq > 0, dS/dT = Cp_eq/T), so
 * the root is unique and a sign change brackets it:
 *  1. bracket: Newton steps from T0 (slope Σβ·Cp, or Σβ·Cp/T), each limited to a factor 2 in T,
 *     until f changes sign or a temperature limit is reached (spec out of range → error);
 *  2. solve: safeguarded Newton inside the bracket (rtsafe-style): Newton with the analytic Cp in
 *     a single phase, with the secant slope in a multiphase state (Σβ·Cp misses the latent term
 *     there); bisection whenever the step leaves the bracket or does not halve.
 * Converged when |f| ≤ 1e-10·max(|H|, 1000 J/mol) (PH) or 1e-10·max(|S|, 10 J/(mol·K)) (PS),
 * i.e. below 1e-7 K at any Cp met in the tests (measured worst 5e-8 K over ~4500 round trips).
 *
 * A pure component (or an azeotrope) has a jump in H and S at its saturation temperature at
 * fixed P, which the TP flash (one phase either side) cannot resolve. When the bracket collapses
 * below 1e-9·T with a jump across it, the answer is the two-phase state at that T: liquid and
 * vapour roots of the feed composition, the vapour fraction from the lever rule on X. That is
 * exact for a single component (both phases have the feed's composition); for a mixture it is
 * only right at an azeotrope, so it is used only when both sides are single phases.
 *
 * Fast paths first (issue 25: PH/PS within 1.5× a TP flash):
 *  - one phase: Newton on T for the feed as one phase (its stable volume root, analytic Cp), which
 *    needs no flash (SRK/PR: eos/cubic-feed.ts evaluates the feed without building the model at
 *    each T; the last step is not re-evaluated once the error predicted from the measured Cp
 *    curvature is far below tol), then the stability test at the temperature found. When the
 *    feed is stable there, that is the TP flash's own one-phase result, the spec is checked on it
 *    and, H and S being monotonic in T, it is the answer (one stability test in all).
 *  - two phases (fluids without water, glycols or alcohols, no multiphase check): where the
 *    stability test finds the feed unstable, Newton on the split and T together from the test's
 *    K values (ph-start.ts: the test stops at the first clear instability, substitution steps
 *    refine its K; ph-two-phase.ts), with no further TP flash; the answer is certified there (equal
 *    fugacities, both fractions inside (0, 1), Gibbs energy below the one-phase feed's, spec met
 *    on the β-weighted properties). When Wilson's K values split the feed clearly at T0, T0 is
 *    tried first (ph-start.ts, wilsonSplitsClearly).
 * Anything these cannot certify goes to the bracketing solver above, from the last TP flash.
 *
 * result.method reads "PH: <how>, <n> TP flashes (<method of the final TP flash>)", the TP
 * flash's method last in parentheses (tools read it for their warnings; a split-Newton answer
 * reads "(two-phase)" like a two-phase TP flash); the lever-rule answer has no TP flash method.
 * result.iterations is the number of TP flashes (a stability test that certifies one phase
 * counts as one), plus the split Newton's steps when that path answered.
 */
import { solveForTemperature, type PointOutcome, type TemperaturePoint } from './temperature-solve.js';
import type { ThermoModel } from '../eos/types.js';
import { ResidualDerivatives } from '../eos/types.js';
import { phaseThermo } from '../properties/thermo.js';
import { isPolar, makePhase, orderByDensity, type FlashErrorCode, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { flashTP } from './tp-flash.js';
import { leverAcrossPhaseChange } from './phase-change-lever.js';
import { splitOfFlash, twoPhaseStateNewton, type SplitStart } from './ph-two-phase.js';
import { feedStateByStability } from './ph-start.js';
import { wilsonK } from './fugacity.js';
import { rachfordRice } from './rachford-rice.js';
import { CubicModel } from '../eos/cubic.js';
import { CubicFeedCaloric } from '../eos/cubic-feed.js';

export interface StateFlashOptions {
  /** Initial temperature guess, K (default 288.15 K). */
  T0?: number;
  /** Passed to every TP flash: look for a third phase. */
  multiPhaseCheck?: boolean;
  /**
   * Continue a two-phase TP-flash split by Newton on (split, T) (ph-two-phase.ts; default true).
   * false keeps only the bracketing solver, for tests comparing the two.
   */
  splitNewton?: boolean;
  /**
   * Try the one-phase Newton on T first (default true). false, with splitNewton false, leaves
   * the bracketing solver alone from T0: the reference tests compare the fast paths against.
   */
  onePhaseNewton?: boolean;
}

import { STATE_FLASH_T_MAX, STATE_FLASH_T_MIN } from './temperature-range.js';
export { STATE_FLASH_T_MAX, STATE_FLASH_T_MIN };
const DEFAULT_T0 = 288.15;
/** Relative width in T below which the bracket is taken as collapsed. */
const T_COLLAPSE = 1e-9;
/** Relative moves of the initial guess when the TP flash fails there. */
const START_OFFSETS = [0.02, -0.02, 0.1, -0.1];

type SpecKind = 'PH' | 'PS';

interface Totals {
  /** Σβ·H, J/mol. */
  h: number;
  /** Σβ·S, J/(mol·K). */
  s: number;
  /** Σβ·Cp, J/(mol·K). */
  cp: number;
}

function totals(model: ThermoModel, r: FlashResult, scratch?: ResidualDerivatives): Totals {
  const at = model.atTemperature(r.T);
  const s = scratch ?? residualScratch(model.nc);
  let h = 0;
  let sEnt = 0;
  let cp = 0;
  for (const p of r.phases) {
    const th = phaseThermo(model, at, r.P, p.x, p.V, s);
    h += p.beta * th.enthalpy;
    sEnt += p.beta * th.entropy;
    cp += p.beta * th.cp;
  }
  return { h, s: sEnt, cp };
}

/** β-weighted enthalpy of a flash result, J/mol of feed. */
export function flashEnthalpy(model: ThermoModel, result: FlashResult): number {
  return totals(model, result).h;
}

/** β-weighted entropy of a flash result, J/(mol·K) of feed. */
export function flashEntropy(model: ThermoModel, result: FlashResult): number {
  return totals(model, result).s;
}

type Point = TemperaturePoint;

/** One derivative scratch reused across calls with the same nc (its contents never outlive a call; JS runs one call at a time). */
let sharedScratch: ResidualDerivatives | undefined;
function residualScratch(nc: number): ResidualDerivatives {
  if (sharedScratch === undefined || sharedScratch.nc !== nc) sharedScratch = new ResidualDerivatives(nc);
  return sharedScratch;
}

function fail(code: FlashErrorCode, message: string): FlashOutcome {
  return { ok: false, code, message };
}

/** Enthalpy or entropy at a given P solved for T; see the module comment. */
function stateFlash(kind: SpecKind, model: ThermoModel, P: number, spec: number, zIn: ArrayLike<number>, options: StateFlashOptions): FlashOutcome {
  const what = kind === 'PH' ? 'enthalpy' : 'entropy';
  const unit = kind === 'PH' ? 'J/mol' : 'J/(mol·K)';
  if (!(P > 0) || !Number.isFinite(P)) return fail('FLASH_ERROR', `pressure must be a positive finite number of pascal, got ${P}`);
  if (!Number.isFinite(spec)) return fail('FLASH_ERROR', `${what} must be a finite number of ${unit}, got ${spec}`);
  if (zIn.length !== model.nc) return fail('FLASH_ERROR', `composition has ${zIn.length} entries for ${model.nc} components`);
  const T0 = options.T0 ?? DEFAULT_T0;
  if (!Number.isFinite(T0) || !(T0 > 0)) return fail('FLASH_ERROR', `the initial temperature must be a positive finite number of kelvin, got ${T0}`);
  return new StateFlashRun(kind, model, P, spec, zIn, options, Math.min(STATE_FLASH_T_MAX, Math.max(STATE_FLASH_T_MIN, T0))).solve();
}

/**
 * One PH/PS flash: its inputs, the TP flashes counted and the last one cached. A class rather than
 * closures in stateFlash so that each step is a small function V8 optimizes after a few hundred
 * calls (a large function needs thousands: its tier-up budget grows with its bytecode).
 */
class StateFlashRun {
  readonly tol: number;
  readonly scratch: ResidualDerivatives;
  readonly flashOptions: { multiPhaseCheck: boolean };
  readonly zNormal: Float64Array | undefined;
  /** The normalised feed where the split Newton may be used (allowsSplitNewton), else undefined. */
  readonly zSplit: Float64Array | undefined;
  flashes = 0;
  last: { T: number; out: PointOutcome } | undefined;
  /** Temperatures whose TP-flash split has been tried (at most T0 and the one-phase answer). */
  readonly flashSplitTried: number[] = [];

  constructor(
    readonly kind: SpecKind,
    readonly model: ThermoModel,
    readonly P: number,
    readonly spec: number,
    readonly zIn: ArrayLike<number>,
    readonly options: StateFlashOptions,
    readonly T0: number,
  ) {
    this.tol = kind === 'PH' ? 1e-10 * Math.max(Math.abs(spec), 1000) : 1e-10 * Math.max(Math.abs(spec), 10);
    this.scratch = residualScratch(model.nc);
    this.flashOptions = { multiPhaseCheck: options.multiPhaseCheck ?? false };
    this.zNormal = normalisedFeed(zIn);
    this.zSplit = options.splitNewton !== false && allowsSplitNewton(model, this.flashOptions.multiPhaseCheck) ? this.zNormal : undefined;
  }

  get what(): string {
    return this.kind === 'PH' ? 'enthalpy' : 'entropy';
  }

  get unit(): string {
    return this.kind === 'PH' ? 'J/mol' : 'J/(mol·K)';
  }

  evaluate(T: number): PointOutcome {
    if (this.last !== undefined && this.last.T === T) return this.last.out;
    const out = this.evaluateFlash(T);
    this.last = { T, out };
    return out;
  }

  evaluateFlash(T: number): PointOutcome {
    this.flashes++;
    const out = flashTP(this.model, T, this.P, this.zIn, this.flashOptions);
    if (!out.ok) return out;
    const tot = totals(this.model, out.result, this.scratch);
    const x = this.kind === 'PH' ? tot.h : tot.s;
    if (!Number.isFinite(x)) return { ok: false, code: 'FLASH_ERROR', message: `the ${this.what} is not finite at T = ${T} K` };
    return { ok: true, point: { T, f: x - this.spec, slope: this.kind === 'PH' ? tot.cp : tot.cp / T, result: out.result } };
  }

  // A solution must have a positive heat capacity (a stable state); anything else is an artefact
  // of the ideal-gas Cp correlation or of the EOS far outside its range.
  done(p: Point, note: string): FlashOutcome {
    const kind = this.kind;
    return p.slope > 0
      ? { ok: true, result: { ...p.result, iterations: this.flashes, method: `${kind}: ${note}, ${this.flashes} TP flashes (${p.result.method})` } }
      : fail('FLASH_ERROR', `${kind} flash: the state found at ${p.T} K has a non-positive heat capacity (${p.slope}); the ${this.what} spec is outside the model's valid range`);
  }

  describe(p: Point): string {
    return `${(p.f + this.spec).toPrecision(8)} ${this.unit} at ${p.T.toFixed(2)} K`;
  }

  /** The split Newton (ph-two-phase.ts) from `start`, certified by the robust path's own test. */
  newtonFrom(z: Float64Array, start: SplitStart, stabilityTm: number, from: string): FlashOutcome | undefined {
    const { kind, model, P, spec, tol, scratch } = this;
    let accepted: Point | undefined;
    const accept = (Ta: number, phases: PhaseState[]): boolean => {
      const result: FlashResult = { T: Ta, P, z, phases, iterations: this.flashes, stabilityTm, method: 'two-phase' };
      const tot = totals(model, result, scratch);
      const f = (kind === 'PH' ? tot.h : tot.s) - spec;
      if (!(Math.abs(f) <= tol)) return false;
      accepted = { T: Ta, f, slope: kind === 'PH' ? tot.cp : tot.cp / Ta, result };
      return true;
    };
    const split = twoPhaseStateNewton(kind, model, P, z, spec, tol, start, accept);
    if (split === undefined || accepted === undefined) return undefined;
    const answer = this.done(accepted, `Newton on T and the split (${split.iterations} steps) from ${from}`);
    if (answer.ok) answer.result.iterations += split.iterations;
    return answer;
  }

  /** The split Newton from a two-phase TP flash at T, or undefined. */
  splitFromFlash(z: Float64Array, T: number): FlashOutcome | undefined {
    if (this.flashSplitTried.includes(T)) return undefined;
    this.flashSplitTried.push(T);
    const first = this.evaluate(T);
    const start = first.ok ? splitOfFlash(first.point.result, z) : undefined;
    return start === undefined || !first.ok ? undefined : this.newtonFrom(z, start, first.point.result.stabilityTm, `the TP flash at ${T.toFixed(2)} K`);
  }

  /**
   * The feed at T by its stability test alone (ph-start.ts): stable gives the TP flash's own
   * one-phase result (cached as that flash), unstable starts the split Newton from the test's K
   * values; a test that cannot say goes to a TP flash and the split Newton from its split.
   */
  probe(z: Float64Array, T: number): FlashOutcome | undefined {
    if (this.last !== undefined && this.last.T === T) return this.splitFromFlash(z, T);
    const { kind, model, P } = this;
    const state = feedStateByStability(model, T, P, z);
    if (state === undefined) return this.splitFromFlash(z, T);
    if (state.stable) {
      this.flashes++;
      // The state is the feed as one phase at its stable root: the feed evaluator's H, S and Cp
      // are phaseThermo's to round-off (1e-14 relative, tested) and skip building its derivatives
      // (used when it picked the same root: a tie in Gibbs energy could pick the other).
      const feed = feedEvaluator(model, z);
      const V = state.result.phases[0].V;
      let x: number;
      let cp: number;
      if (feed !== undefined && feed.evaluate(T, P) && Math.abs(feed.out.V - V) <= 1e-9 * V) {
        x = kind === 'PH' ? feed.out.h : feed.out.s;
        cp = feed.out.cp;
      } else {
        const tot = totals(model, state.result, this.scratch);
        x = kind === 'PH' ? tot.h : tot.s;
        cp = tot.cp;
      }
      if (Number.isFinite(x)) this.last = { T, out: { ok: true, point: { T, f: x - this.spec, slope: kind === 'PH' ? cp : cp / T, result: state.result } } };
      return undefined;
    }
    // A failed Newton from the test's K values most often left the two-phase region (the answer
    // is one phase): the one-phase Newton decides next, not a TP flash here.
    return this.newtonFrom(z, state.start, state.tmMin, `the stability test at ${T.toFixed(2)} K`);
  }

  solve(): FlashOutcome {
    const { kind, model, P, spec, tol, zSplit, zNormal, T0 } = this;
    // A feed that Wilson's K values split clearly at T0 is most likely two-phase there: the split
    // Newton starts at T0 (the one-phase Newton below would only move T away by the latent heat).
    // A wrong guess costs one stability test; the answer is certified either way.
    const wilsonFirst = zSplit !== undefined && wilsonSplitsClearly(model, T0, P, zSplit);
    if (zSplit !== undefined && wilsonFirst) {
      const answer = this.probe(zSplit, T0);
      if (answer !== undefined) return answer;
    }
    let start = T0;
    const Tsingle = this.options.onePhaseNewton === false || zNormal === undefined ? undefined : singlePhaseTemperature(kind, model, P, spec, zNormal, T0, tol, this.scratch);
    if (Tsingle !== undefined) {
      if (zSplit !== undefined) {
        const answer = this.probe(zSplit, Tsingle);
        if (answer !== undefined) return answer;
      }
      const check = this.evaluate(Tsingle);
      if (check.ok && check.point.result.phases.length === 1 && Math.abs(check.point.f) <= tol) return this.done(check.point, 'one-phase Newton confirmed by the TP flash');
      if (check.ok) start = Tsingle;
      if (zSplit !== undefined && check.ok && check.point.result.phases.length === 2) {
        const answer = this.splitFromFlash(zSplit, Tsingle);
        if (answer !== undefined) return answer;
      }
    } else if (zSplit !== undefined && !wilsonFirst) {
      const answer = this.probe(zSplit, T0);
      if (answer !== undefined) return answer;
    }
    return this.bracketing(start);
  }

  /** The bracketing solver (temperature-solve.ts) from `start`, a TP flash per point. */
  bracketing(start: number): FlashOutcome {
    const { kind, model, P, spec, tol } = this;
    const what = this.what;
    const unit = this.unit;
    return solveForTemperature((T) => this.evaluate(T), {
      label: `${kind} flash`,
      inner: 'TP flash',
      T0: start,
      tol,
      minStep: () => 1e-3,
      startOffsets: START_OFFSETS,
      collapse: T_COLLAPSE,
      describe: (p) => `${this.describe(p)}, spec ${spec} ${unit}`,
      beyondLimit: (p, up) => `${kind} flash: the ${what} spec ${spec} ${unit} is ${up ? 'above' : 'below'} the ${what} at the ${up ? 'upper' : 'lower'} temperature limit (${this.describe(p)}) at ${P} Pa`,
      residualUnit: unit,
      done: (p, note) => this.done(p, note),
      fail,
      collapsed: (lo, hi) => collapsed(kind, model, P, spec, lo, hi, tol, this.flashes),
    });
  }
}

/**
 * The two-phase Newton (ph-two-phase.ts) continues a split; it is used only where a TP flash gives
 * at most those two phases: no multiphase check and no water, glycol or alcohol (whose TP flash
 * may pick a gas + aqueous or gas + oil split from its stability trials). And only for the models
 * it was compared on against the bracketing solver: the cubics (SRK, PR, UMR-PRU) and GERG-2008.
 * With PC-SAFT it answered 4 of 24 specs of a valve/compressor grid where the others answer 12
 * (the rest right but through the fallback, slower than the bracketing solver alone).
 */
const SPLIT_NEWTON_MODELS: ReadonlySet<string> = new Set(['SRK', 'PR', 'UMRPRU', 'GERG2008']);
function allowsSplitNewton(model: ThermoModel, multiPhaseCheck: boolean): boolean {
  if (multiPhaseCheck || !SPLIT_NEWTON_MODELS.has(model.name)) return false;
  let polar = hasPolar.get(model);
  if (polar === undefined) hasPolar.set(model, (polar = model.components.some(isPolar)));
  return !polar;
}
/** Whether a model's components include water, a glycol or an alcohol (models are immutable). */
const hasPolar = new WeakMap<ThermoModel, boolean>();

/** z normalised, or undefined when a mole fraction is not positive and finite (the TP flash reports that). */
function normalisedFeed(zIn: ArrayLike<number>): Float64Array | undefined {
  const z = Float64Array.from(zIn);
  let sum = 0;
  for (let i = 0; i < z.length; i++) {
    if (!(z[i] > 0) || !Number.isFinite(z[i])) return undefined;
    sum += z[i];
  }
  for (let i = 0; i < z.length; i++) z[i] /= sum;
  return z;
}

/**
 * Wilson's K values at (T, P) put the feed well inside the two-phase region (0.02 < β < 0.98).
 * Asked only below 0.7 of the pseudo-critical pressure Σ z_i Pc_i: Wilson's ideal-solution K
 * values split dense gases that are single phase (3-component gas at 125 bar).
 */
function wilsonSplitsClearly(model: ThermoModel, T: number, P: number, z: Float64Array): boolean {
  const nc = model.nc;
  if (nc < 2) return false;
  let ppc = 0;
  for (let i = 0; i < nc; i++) ppc += z[i] * model.components[i].pc;
  if (!(P < 0.7 * ppc)) return false;
  if (wilsonScratch.length !== nc) wilsonScratch = new Float64Array(nc);
  const K = wilsonScratch;
  for (let i = 0; i < nc; i++) {
    const c = model.components[i];
    K[i] = wilsonK(c.tc, c.pc, c.omega, T, P);
  }
  const rr = rachfordRice(z, K, nc);
  return rr.converged && rr.beta > 0.02 && rr.beta < 0.98;
}
let wilsonScratch = new Float64Array(0);

/**
 * The temperature at which the feed (z normalised) as one phase (its stable root at each T) has
 * the spec enthalpy or entropy at P: Newton with the analytic Cp, steps within a factor 1.5 in T.
 * Undefined when it does not converge (a root switch, a non-positive Cp, the T limits).
 *
 * H is close to linear in T and S in ln T (dS/d ln T = Cp), so Newton runs in those variables
 * and its error after a step δ is about ½·|dCp/dX|·δ² (X = T or ln T). That curvature is
 * measured from the last two points' Cp, and once the predicted error is below 1e-2·tol the step
 * is the last one: no evaluation is spent only to confirm it (the caller's TP flash or stability
 * test at the answer checks |f| ≤ tol on the equilibrium state anyway, and falls back otherwise).
 * SRK/PR with constant kij evaluate the feed by CubicFeedCaloric (no model build per T).
 */
function singlePhaseTemperature(kind: SpecKind, model: ThermoModel, P: number, spec: number, z: Float64Array, T0: number, tol: number, scratch: ResidualDerivatives): number | undefined {
  const fast = feedEvaluator(model, z);
  let T = T0;
  let prevX = NaN;
  let prevCp = NaN;
  for (let it = 0; it < 30; it++) {
    let x: number;
    let cp: number;
    if (fast !== undefined) {
      if (!fast.evaluate(T, P)) return undefined;
      x = kind === 'PH' ? fast.out.h : fast.out.s;
      cp = fast.out.cp;
    } else {
      const at = model.atTemperature(T);
      const V = at.molarVolume(P, z, 'stable');
      if (!Number.isFinite(V)) return undefined;
      const th = phaseThermo(model, at, P, z, V, scratch);
      x = kind === 'PH' ? th.enthalpy : th.entropy;
      cp = th.cp;
    }
    const f = x - spec;
    if (!Number.isFinite(f)) return undefined;
    if (Math.abs(f) <= 0.1 * tol) return T;
    if (!(cp > 0) || !Number.isFinite(cp)) return undefined;
    // Newton in X = T (PH) or X = ln T (PS).
    const dX = -f / cp;
    const dT = kind === 'PH' ? dX : T * Math.expm1(dX);
    const X = kind === 'PH' ? T : Math.log(T);
    const curvature = it > 0 ? Math.abs((cp - prevCp) / (X - prevX)) : NaN;
    // Newton converges quadratically: after a step this small the error left is far below tol.
    if (Math.abs(dT) < 1e-5 || 0.5 * curvature * dX * dX <= 1e-2 * tol) return T + dT;
    prevX = X;
    prevCp = cp;
    const next = Math.min(1.5 * T, Math.max(T / 1.5, T + dT));
    if (next < STATE_FLASH_T_MIN || next > STATE_FLASH_T_MAX) return undefined;
    T = next;
  }
  return undefined;
}

/** The last feed evaluator, reused while the model and the feed are the same (one call at a time). */
let lastFeed: { model: ThermoModel; z: Float64Array; evaluator: CubicFeedCaloric } | undefined;
function feedEvaluator(model: ThermoModel, z: Float64Array): CubicFeedCaloric | undefined {
  if (!(model instanceof CubicModel) || model.kijT !== undefined) return undefined;
  if (lastFeed !== undefined && lastFeed.model === model && sameValues(lastFeed.z, z)) return lastFeed.evaluator;
  const evaluator = new CubicFeedCaloric(model, z);
  lastFeed = { model, z: Float64Array.from(z), evaluator };
  return evaluator;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The bracket has shrunk to ~1e-9·T. Either f is continuous and small there (flash round-off) or
 * it jumps: a phase change at constant T, resolved by the lever rule (see the module comment).
 */
function collapsed(kind: SpecKind, model: ThermoModel, P: number, spec: number, lo: Point, hi: Point, tol: number, flashes: number): FlashOutcome {
  const best = Math.abs(lo.f) <= Math.abs(hi.f) ? lo : hi;
  if (Math.abs(best.f) <= 100 * tol) {
    return { ok: true, result: { ...best.result, iterations: flashes, method: `${kind}: converged in T within round-off, ${flashes} TP flashes (${best.result.method})` } };
  }
  if (lo.result.phases.length !== 1 || hi.result.phases.length !== 1) {
    // A multiphase state on either side: the jump is a phase change at constant T (e.g. the
    // three-phase temperature of hydrocarbon + water), resolved by pooling both sides' phases.
    const lever = leverAcrossPhaseChange(kind, model, P, lo.result.z, spec, tol, { T: lo.T, phases: lo.result.phases }, { T: hi.T, phases: hi.result.phases });
    if (lever.ok) {
      const result: FlashResult = {
        T: lever.T,
        P,
        z: Float64Array.from(lo.result.z),
        phases: lever.phases,
        iterations: flashes,
        stabilityTm: 0,
        method: `${kind}: lever rule over the ${lever.phases.length} phases coexisting at the phase change at ${lever.T.toFixed(6)} K, ${flashes} TP flashes`,
      };
      return { ok: true, result };
    }
    return fail('FLASH_NOT_CONVERGED', `${kind} flash: the ${kind === 'PH' ? 'enthalpy' : 'entropy'} jumps from ${(lo.f + spec).toPrecision(8)} to ${(hi.f + spec).toPrecision(8)} at ${lo.T} K (${lo.result.phases.length} vs ${hi.result.phases.length} phases), a discontinuity the TP flash does not resolve for this mixture (${lever.message}${lo.result.phases.length + hi.result.phases.length < 5 ? '; a three-phase state at this pressure is likely: try the multiphase check' : ''})`);
  }
  const T = 0.5 * (lo.T + hi.T);
  const at = model.atTemperature(T);
  const scratch = new ResidualDerivatives(model.nc);
  const make = (side: Point, root: 'liquid' | 'vapor'): { phase: PhaseState; x: number } | undefined => {
    const xz = side.result.phases[0].x;
    const lnPhi = new Float64Array(model.nc);
    const V = at.lnPhi(P, xz, root, lnPhi);
    if (!Number.isFinite(V)) return undefined;
    const th = phaseThermo(model, at, P, xz, V, scratch);
    return { phase: makePhase(model, at, P, xz, lnPhi, V, 0), x: kind === 'PH' ? th.enthalpy : th.entropy };
  };
  const liquid = make(lo, 'liquid');
  const vapour = make(hi, 'vapor');
  const jump = liquid && vapour ? vapour.x - liquid.x : NaN;
  if (!liquid || !vapour || !(jump > 0)) {
    return fail('FLASH_NOT_CONVERGED', `${kind} flash: a jump in the ${kind === 'PH' ? 'enthalpy' : 'entropy'} at ${T} K but no distinct liquid and vapour roots there`);
  }
  const beta = (spec - liquid.x) / jump;
  if (!(beta >= -1e-9 && beta <= 1 + 1e-9)) {
    return fail('FLASH_NOT_CONVERGED', `${kind} flash: lever rule across the jump at ${T} K gives a vapour fraction ${beta} outside [0, 1]`);
  }
  const bv = Math.min(1, Math.max(0, beta));
  vapour.phase.beta = bv;
  liquid.phase.beta = 1 - bv;
  const phases = [vapour.phase, liquid.phase].filter((p) => p.beta > 0);
  const result: FlashResult = {
    T,
    P,
    z: Float64Array.from(lo.result.z),
    phases: orderByDensity(model, phases),
    iterations: flashes,
    stabilityTm: 0,
    method: `${kind}: lever rule across the phase change at ${T.toFixed(6)} K, ${flashes} TP flashes`,
  };
  return { ok: true, result };
}

/** PH flash: the state at pressure P (Pa) whose β-weighted enthalpy is H (J/mol of feed, engine datum). */
export function flashPH(model: ThermoModel, P: number, H: number, z: ArrayLike<number>, options: StateFlashOptions = {}): FlashOutcome {
  return stateFlash('PH', model, P, H, z, options);
}

/** PS flash: the state at pressure P (Pa) whose β-weighted entropy is S (J/(mol·K) of feed). */
export function flashPS(model: ThermoModel, P: number, S: number, z: ArrayLike<number>, options: StateFlashOptions = {}): FlashOutcome {
  return stateFlash('PS', model, P, S, z, options);
}
