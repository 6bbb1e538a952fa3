/**
 * Rigorous equilibrium-stage column: N stages numbered from the top (a condenser is stage 0, a
 * reboiler stage N−1), any number of feeds and side draws, linear or given stage pressures, and
 * one specification at each of the condenser and reboiler. A distillation column has both, a
 * reboiled stripper/stabiliser only the reboiler, a refluxed absorber only the condenser, and an
 * absorber neither (no degrees of freedom: all stages adiabatic).
 *
 * The condenser is partial by default: its vapour is the top product and its liquid is all reflux,
 * unless a liquid draw is put on stage 0 (a liquid distillate too). A total condenser condenses all
 * the vapour: the distillate is liquid of the reflux composition at its bubble point. Without a condenser the stages above the top
 * feed receive no liquid and are dry: the vapour passes them adiabatically (checked single-phase);
 * without a reboiler the stages below the bottom feed likewise carry liquid only.
 */
import { flashEnthalpy, flashEntropy } from '../../flash/state-flash.js';
import { liquidLabel, makePhase, type FlashResult } from '../../flash/phase-state.js';
import { flashTP } from '../../flash/tp-flash.js';
import { mapComposition, overallMolarMass, streamAtPH, type ProcessFailure, type ProcessFluid, type StreamState } from '../stream.js';
import { solveMesh, specValue, stageDuty, stride, type EndSpecification, type MeshFailure, type MeshOptions, type MeshProblem, type MeshSolution } from './mesh.js';
import { initialState, type InitialGuess } from './initialise.js';
import { LONGEST_RUN_STARTED_DIRECTLY, longestPlainRun, solveThroughShorterColumns } from './stage-continuation.js';
import type { StageProperties } from './stage-properties.js';

export type { EndSpecification } from './mesh.js';

export interface ColumnFeed {
  stream: StreamState;
  /** Stage index from the top, 0-based (a condenser is stage 0). */
  stage: number;
}

export interface ColumnSideDraw {
  stage: number;
  phase: 'liquid' | 'vapour';
  /** mol/s. */
  molarFlow: number;
}

export interface ColumnDefinition {
  fluid: ProcessFluid;
  /** Total equilibrium stages, condenser and reboiler included. */
  stages: number;
  condenser?: EndSpecification;
  /** The condenser condenses all the vapour: the distillate is liquid at its bubble point. */
  totalCondenser?: boolean;
  reboiler?: EndSpecification;
  feeds: ColumnFeed[];
  sideDraws?: ColumnSideDraw[];
  /** Pa: top and bottom (linear in between), or one pressure per stage. */
  pressure: { top: number; bottom: number } | { stages: number[] };
  maxIterations?: number;
  /** Largest scaled MESH residual accepted (flows / total feed; heat / (feed·10 kJ/mol)). */
  tolerance?: number;
}

export interface ColumnStageResult {
  /** 0-based from the top. */
  stage: number;
  T: number;
  P: number;
  /** Total liquid leaving downwards and vapour leaving upwards (side draws excluded), mol/s. */
  liquidFlow: number;
  vapourFlow: number;
  x: Float64Array;
  y: Float64Array;
  /** Heat added on the stage, W (condenser negative, reboiler positive, trays 0). */
  duty: number;
  feedFlow: number;
  /** A stage without liquid (above the top feed without a condenser) or without vapour. */
  dry?: 'liquid' | 'vapour';
}

export interface ColumnResult {
  ok: true;
  stages: ColumnStageResult[];
  /** Top vapour product and bottom liquid product (undefined when no material leaves). */
  top?: StreamState;
  bottom?: StreamState;
  draws: { stage: number; phase: 'liquid' | 'vapour'; stream: StreamState }[];
  condenserDuty?: number;
  reboilerDuty?: number;
  /** Newton iterations of the final solve; 0 continuation steps when the specifications were solved directly. */
  iterations: number;
  /**
   * Specification continuation used when the direct solve failed: the column solved first with a
   * reflux ratio and product rate, then the specified quantities moved to their targets in steps.
   */
  continuationSteps: number;
  /**
   * Stage counts of the shorter columns (same feeds, draws and specifications, fewer plain
   * stages) solved first, shortest first, whose profile started this column; empty when not needed.
   */
  shorterColumns: number[];
  /** Largest scaled MESH residual at the solution, and after each Newton iteration. */
  residual: number;
  history: number[];
  /** Relative closure of the overall component and energy balances. */
  massBalanceError: number;
  energyBalanceError: number;
}

const fail = (message: string): ProcessFailure => ({ ok: false, code: 'COLUMN_NOT_CONVERGED', message });

function pressures(def: ColumnDefinition): number[] | string {
  const N = def.stages;
  if ('stages' in def.pressure) {
    if (def.pressure.stages.length !== N) return `${def.pressure.stages.length} stage pressures given for ${N} stages`;
    return def.pressure.stages.slice();
  }
  const { top, bottom } = def.pressure;
  return Array.from({ length: N }, (_, k) => (N === 1 ? top : top + ((bottom - top) * k) / (N - 1)));
}

/** A single-phase stream cut from a stage (an equilibrium phase of that stage). */
function phaseStream(fluid: ProcessFluid, T: number, P: number, flows: ArrayLike<number>, vapour: boolean, pr: StageProperties): StreamState | undefined {
  const model = fluid.model;
  let total = 0;
  for (let i = 0; i < model.nc; i++) total += flows[i];
  if (!(total > 0)) return undefined;
  const z = Float64Array.from({ length: model.nc }, (_, i) => flows[i] / total);
  const at = model.atTemperature(T);
  const phase = makePhase(model, at, P, z, vapour ? pr.lnPhiV : pr.lnPhiL, vapour ? pr.VV : pr.VL, 1);
  phase.label = vapour ? 'gas' : liquidLabel(model.components, z);
  const flash: FlashResult = { T, P, z, phases: [phase], iterations: 0, stabilityTm: 0, method: 'column stage phase' };
  return { fluid, z, molarFlow: total, flash, enthalpy: flashEnthalpy(model, flash), entropy: flashEntropy(model, flash), molarMass: overallMolarMass(model, z) };
}

export function solveColumn(def: ColumnDefinition): ColumnResult | ProcessFailure {
  const model = def.fluid.model;
  const nc = model.nc;
  const N = def.stages;
  if (!Number.isInteger(N) || N < 1) return fail(`A column needs at least one stage, got ${N}`);
  if ((def.condenser || def.reboiler) && N < (def.condenser && def.reboiler ? 2 : 1)) return fail('A condenser and a reboiler need two stages');
  const Ps = pressures(def);
  if (typeof Ps === 'string') return fail(Ps);
  if (Ps.some((p) => !(p > 0))) return fail('Stage pressures must be positive');
  const feeds = def.feeds.filter((f) => f.stream.molarFlow > 0);
  if (feeds.length === 0) return { ok: false, code: 'NO_FLOW', message: 'No feed carries any flow' };
  const feedComp = Array.from({ length: N }, () => new Float64Array(nc));
  const feedH = new Float64Array(N);
  const feedVap = new Float64Array(N);
  const feedT = new Float64Array(N);
  const feedTotals = new Float64Array(nc);
  let feedTotal = 0;
  let feedEnthalpy = 0;
  for (const f of feeds) {
    if (!Number.isInteger(f.stage) || f.stage < 0 || f.stage >= N) return fail(`Feed stage ${f.stage + 1} is outside the column's ${N} stages`);
    const z = f.stream.fluid === def.fluid ? f.stream.z : mapComposition(f.stream, def.fluid);
    if (!z) return { ok: false, code: 'INCOMPATIBLE_FLUIDS', message: 'A column feed has a component the column fluid lacks' };
    for (let i = 0; i < nc; i++) {
      feedComp[f.stage][i] += f.stream.molarFlow * z[i];
      feedTotals[i] += f.stream.molarFlow * z[i];
    }
    feedH[f.stage] += f.stream.molarFlow * f.stream.enthalpy;
    feedT[f.stage] += f.stream.molarFlow * f.stream.flash.T;
    feedVap[f.stage] += f.stream.molarFlow * f.stream.flash.phases.filter((p) => p.label === 'gas').reduce((a, p) => a + p.beta, 0);
    feedTotal += f.stream.molarFlow;
    feedEnthalpy += f.stream.molarFlow * f.stream.enthalpy;
  }
  for (const [end, s] of [['top', def.condenser], ['bottom', def.reboiler]] as const) {
    if (s?.kind === 'productRate' && !(s.value < feedTotal)) return fail(`The ${end} product rate ${(s.value * 3.6).toPrecision(4)} kmol/h exceeds the column feed ${(feedTotal * 3.6).toPrecision(4)} kmol/h`);
    if (s?.kind === 'productMassRate' && !(s.value < feedMass(def.fluid, feedTotals))) return fail(`The ${end} product rate ${(s.value * 3600).toPrecision(4)} kg/h exceeds the column feed ${(feedMass(def.fluid, feedTotals) * 3600).toPrecision(4)} kg/h`);
    if ((s?.kind === 'purity' || s?.kind === 'recovery') && !(s.value > 0 && s.value < 1)) return fail(`A ${s.kind} specification must be between 0 and 1`);
  }
  // Active section: where both phases flow.
  const feedStages = feeds.map((f) => f.stage);
  const top = def.condenser ? 0 : Math.min(...feedStages);
  const bottom = def.reboiler ? N - 1 : Math.max(...feedStages);
  const n = bottom - top + 1;
  const liquidDraw = new Float64Array(n);
  const vapourDraw = new Float64Array(n);
  if (def.totalCondenser && !def.condenser) return fail('A total condenser needs a condenser specification');
  for (const d of def.sideDraws ?? []) {
    if (def.totalCondenser && d.stage === 0) return fail('A total condenser takes no side draw: its distillate is the top product');
    if (!Number.isInteger(d.stage) || d.stage < top || d.stage > bottom) return fail(`Side draw on stage ${d.stage + 1}: only stages ${top + 1}–${bottom + 1} carry both phases`);
    if (!(d.molarFlow >= 0)) return fail('A side draw rate must be ≥ 0');
    (d.phase === 'liquid' ? liquidDraw : vapourDraw)[d.stage - top] += d.molarFlow;
  }
  for (let k = 0; k < N; k++) if (k < top || k > bottom) if (feedComp[k].some((v) => v > 0)) return fail('internal: feed outside the active section');
  const problem: MeshProblem = {
    model,
    n,
    P: Float64Array.from(Ps.slice(top, bottom + 1)),
    feed: feedComp.slice(top, bottom + 1),
    feedH: feedH.slice(top, bottom + 1),
    liquidDraw,
    vapourDraw,
    top: def.condenser,
    bottom: def.reboiler,
    feedTotals,
    feedTotal,
    totalCondenser: def.totalCondenser === true,
  };
  const spec = (s: EndSpecification | undefined, k: 'refluxRatio' | 'boilupRatio'): number | undefined => (s?.kind === k ? s.value : undefined);
  const guess: InitialGuess = {
    topFraction: topFractionEstimate(def, problem, feedTotal),
    reflux: spec(def.condenser, 'refluxRatio') ?? 1.5,
    boilup: spec(def.reboiler, 'boilupRatio') ?? 1,
    feedVapourFraction: Float64Array.from(feedVap.slice(top, bottom + 1), (v, k) => {
      const f = problem.feed[k].reduce((a, b) => a + b, 0);
      return f > 0 ? v / f : 0;
    }),
    hasCondenser: def.condenser !== undefined,
    hasReboiler: def.reboiler !== undefined,
    feedTemperature: Float64Array.from(feedT.slice(top, bottom + 1), (v, k) => {
      const f = problem.feed[k].reduce((a, b) => a + b, 0);
      return f > 0 ? v / f : 0;
    }),
  };
  const start = initialState(problem, guess);
  const opts = { maxIterations: def.maxIterations ?? 60, tolerance: def.tolerance ?? 1e-10 };
  const topRate = topFractionEstimate(def, problem, feedTotal) * feedTotal;
  const reflux = spec(def.condenser, 'refluxRatio') ?? 1.5;
  // Newton from a start and, when that fails on a column with a condenser or reboiler, the
  // specification continuation from the same start; `continuation` keeps the steps of the last call.
  let continuation = 0;
  const solveFrom = (p: MeshProblem, s: Float64Array): MeshSolution | MeshFailure => {
    continuation = 0;
    const direct = solveMesh(p, s, opts);
    if (direct.ok || !(p.top || p.bottom)) return direct;
    const c = continueFromEasySpecs(p, s, opts, topRate, reflux);
    continuation = c.steps;
    return c.solution.ok ? c.solution : direct;
  };
  // Sections longer than the start sweeps handle go through shorter columns first (direct after);
  // shorter ones directly, through shorter columns only when that fails.
  const long = longestPlainRun(problem) > LONGEST_RUN_STARTED_DIRECTLY;
  let sol: MeshSolution | MeshFailure | undefined = long ? undefined : solveFrom(problem, start);
  let shorterColumns: number[] = [];
  if (!sol?.ok) {
    const s = solveThroughShorterColumns({ problem, guess }, (c) => initialState(c.problem, c.guess), solveFrom);
    if (s.solution.ok) {
      sol = s.solution;
      shorterColumns = s.shorter;
    } else sol = sol ?? solveFrom(problem, start);
  }
  if (!sol.ok) {
    const where = sol.stage !== undefined ? ` (stage ${sol.stage + top + 1} of ${N}${sol.equation ? `, ${sol.equation}` : ''})` : '';
    return fail(`Column not converged: ${sol.message}${where}`);
  }
  const m = stride(nc);
  const st = sol.state;
  const stages: ColumnStageResult[] = [];
  const draws: ColumnResult['draws'] = [];
  const flowsOf = (k: number, vap: boolean) => st.subarray(k * m + (vap ? nc : 0), k * m + (vap ? 2 * nc : nc));
  const duties = Array.from({ length: n }, (_, k) => stageDuty(problem, st, sol.props, k));
  for (let k = 0; k < n; k++) {
    const T = st[k * m + 2 * nc];
    const pr = sol.props[k];
    const l = flowsOf(k, false);
    const v = flowsOf(k, true);
    const L = l.reduce((a, b) => a + b, 0);
    const V = v.reduce((a, b) => a + b, 0);
    const isEnd = (k === 0 && def.condenser) || (k === n - 1 && def.reboiler);
    stages.push({ stage: k + top, T, P: problem.P[k], liquidFlow: L, vapourFlow: V, x: Float64Array.from(l, (q) => q / L), y: Float64Array.from(v, (q) => q / V), duty: isEnd ? duties[k] : 0, feedFlow: problem.feed[k].reduce((a, b) => a + b, 0) });
    for (const [phase, rate] of [['liquid', liquidDraw[k]], ['vapour', vapourDraw[k]]] as const) {
      if (!(rate > 0)) continue;
      const flows = Float64Array.from(phase === 'liquid' ? l : v, (q) => (q * rate) / (phase === 'liquid' ? L : V));
      const s = phaseStream(def.fluid, T, problem.P[k], flows, phase === 'vapour', pr);
      if (s) draws.push({ stage: k + top, phase, stream: s });
    }
  }
  const total = def.totalCondenser === true;
  if (total) {
    // The condenser's vapour is its incipient (bubble-point) vapour; none leaves.
    const x0 = stages[0].x;
    const y0 = Float64Array.from(x0, (v, i) => v * sol.props[0].K[i]);
    const sy = y0.reduce((a, b) => a + b, 0);
    stages[0] = { ...stages[0], vapourFlow: 0, y: y0.map((v) => v / sy) };
  }
  let topStream = phaseStream(def.fluid, stages[0].T, problem.P[0], flowsOf(0, true), !total, sol.props[0]);
  let bottomStream = phaseStream(def.fluid, stages[n - 1].T, problem.P[n - 1], flowsOf(n - 1, false), false, sol.props[n - 1]);
  // Dry stages: the vapour rises through the stages above the top feed at their pressures.
  for (let k = top - 1; k >= 0 && topStream; k--) {
    const r = streamAtPH(def.fluid, topStream.z, topStream.molarFlow, Ps[k], topStream.enthalpy, topStream.flash.T);
    if (!r.ok) return fail(`Dry stage ${k + 1}: ${r.message}`);
    if (r.stream.flash.phases.some((p) => p.label !== 'gas')) return fail(`Stage ${k + 1} is above the top feed without a condenser, but the vapour rising through it would condense; feed the column on its top stage (or add a condenser)`);
    topStream = r.stream;
    stages.unshift({ stage: k, T: r.stream.flash.T, P: Ps[k], liquidFlow: 0, vapourFlow: r.stream.molarFlow, x: new Float64Array(nc), y: Float64Array.from(r.stream.z), duty: 0, feedFlow: 0, dry: 'liquid' });
  }
  for (let k = bottom + 1; k < N && bottomStream; k++) {
    const r = streamAtPH(def.fluid, bottomStream.z, bottomStream.molarFlow, Ps[k], bottomStream.enthalpy, bottomStream.flash.T);
    if (!r.ok) return fail(`Stage ${k + 1}: ${r.message}`);
    if (r.stream.flash.phases.some((p) => p.label === 'gas')) return fail(`Stage ${k + 1} is below the bottom feed without a reboiler, but the liquid falling through it would boil; feed the column on its bottom stage (or add a reboiler)`);
    bottomStream = r.stream;
    stages.push({ stage: k, T: r.stream.flash.T, P: Ps[k], liquidFlow: r.stream.molarFlow, vapourFlow: 0, x: Float64Array.from(r.stream.z), y: new Float64Array(nc), duty: 0, feedFlow: 0, dry: 'vapour' });
  }
  // Overall balances over the products actually returned.
  const products = [topStream, bottomStream, ...draws.map((d) => d.stream)].filter((s): s is StreamState => s !== undefined);
  let massErr = 0;
  for (let i = 0; i < nc; i++) {
    let out = 0;
    for (const s of products) out += s.molarFlow * s.z[i];
    massErr = Math.max(massErr, Math.abs(out - feedTotals[i]) / feedTotal);
  }
  const condenserDuty = def.condenser ? duties[0] : undefined;
  const reboilerDuty = def.reboiler ? duties[n - 1] : undefined;
  const hOut = products.reduce((a, s) => a + s.molarFlow * s.enthalpy, 0);
  const q = (condenserDuty ?? 0) + (reboilerDuty ?? 0);
  const scale = Math.max(Math.abs(feedEnthalpy), Math.abs(hOut), Math.abs(condenserDuty ?? 0), Math.abs(reboilerDuty ?? 0), feedTotal * 1e3);
  const energyErr = Math.abs(feedEnthalpy + q - hOut) / scale;
  return { ok: true, stages, top: topStream, bottom: bottomStream, draws, condenserDuty, reboilerDuty, continuationSteps: continuation, shorterColumns, iterations: sol.iterations, residual: sol.residual, history: sol.history, massBalanceError: massErr, energyBalanceError: energyErr };
}

/** kg/s of the column feed from its component totals (mol/s). */
function feedMass(fluid: ProcessFluid, totals: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < totals.length; i++) m += totals[i] * fluid.model.components[i].molarMass;
  return m;
}

/** Fraction of the feed leaving at the top, for the initial flows. */
function topFractionEstimate(def: ColumnDefinition, p: MeshProblem, F: number): number {
  const c = def.condenser;
  const r = def.reboiler;
  const draws = p.liquidDraw.reduce((a, b) => a + b, 0) + p.vapourDraw.reduce((a, b) => a + b, 0);
  if (c?.kind === 'productRate') return c.value / F;
  if (r?.kind === 'productRate') return (F - r.value - draws) / F;
  // A mass rate: the product's share of the feed mass, as a first guess of its molar share.
  const massShare = (s: EndSpecification | undefined) => (s?.kind === 'productMassRate' ? s.value / feedMass(def.fluid, p.feedTotals) : undefined);
  const topMass = massShare(c);
  if (topMass !== undefined) return Math.max(0.02, Math.min(0.98, topMass));
  const bottomMass = massShare(r);
  if (bottomMass !== undefined) return Math.max(0.02, Math.min(0.98, 1 - bottomMass - draws / F));
  const z = Float64Array.from(p.feedTotals, (v) => v / F);
  if (c?.kind === 'recovery') return Math.max(0.02, z[c.component] * c.value);
  const Ttop = c?.kind === 'temperature' ? c.value : undefined;
  const Tbot = r?.kind === 'temperature' ? r.value : undefined;
  const Pmid = 0.5 * (p.P[0] + p.P[p.n - 1]);
  // The feed flashed between the end temperatures splits roughly as the column does.
  const Tmid = Ttop !== undefined && Tbot !== undefined ? 0.5 * (Ttop + Tbot) : Tbot ?? Ttop ?? def.feeds[0].stream.flash.T;
  const fl = flashTP(def.fluid.model, Tmid, Pmid, z);
  if (!fl.ok) return 0.5;
  const beta = fl.result.phases.filter((ph) => ph.label === 'gas').reduce((a, ph) => a + ph.beta, 0);
  return Math.max(0.05, Math.min(0.95, beta || 0.3));
}

/**
 * Continuation for hard specifications (temperatures, duties, purities): solve with a reflux ratio
 * and product rate (always feasible below the feed rate), then move each end's specified quantity
 * from its value there to the target, halving the step when a solve fails.
 */
function continueFromEasySpecs(p: MeshProblem, start: Float64Array, opts: MeshOptions, topRate: number, reflux: number): { solution: MeshSolution | MeshFailure; steps: number } {
  const F = p.feedTotal;
  const easyTop: EndSpecification | undefined = p.top ? (p.bottom ? { kind: 'refluxRatio', value: reflux } : { kind: 'productRate', value: topRate }) : undefined;
  const easyBottom: EndSpecification | undefined = p.bottom ? { kind: 'productRate', value: Math.max(0.02 * F, F - topRate - p.liquidDraw.reduce((a, b) => a + b, 0) - p.vapourDraw.reduce((a, b) => a + b, 0)) } : undefined;
  // Targets that are the easy specifications themselves were solved (and failed) directly already.
  if (sameSpec(easyTop, p.top) && sameSpec(easyBottom, p.bottom)) return { solution: { ok: false, message: 'no easier specifications than the targets', iterations: 0, residual: NaN }, steps: 0 };
  let sol = solveMesh({ ...p, top: easyTop, bottom: easyBottom }, start, opts);
  let steps = 1;
  if (!sol.ok) return { solution: sol, steps };
  // Same specification kinds as the targets, valued at the easy solution.
  const from = (end: 'top' | 'bottom', target: EndSpecification | undefined, s: MeshSolution) => (target ? specValue(p, s.state, s.props, end, target) : 0);
  const top0 = from('top', p.top, sol);
  const bottom0 = from('bottom', p.bottom, sol);
  const at = (t: EndSpecification | undefined, v0: number, lambda: number): EndSpecification | undefined => (t ? ({ ...t, value: v0 + lambda * (t.value - v0) } as EndSpecification) : undefined);
  let done = 0;
  let step = 1;
  let current: MeshSolution = sol;
  // Bounded work: at most 40 solves and 300 Newton iterations in all.
  let spent = sol.iterations;
  while (done < 1 && steps < 40 && spent < 300) {
    const lambda = Math.min(1, done + step);
    const trial = solveMesh({ ...p, top: at(p.top, top0, lambda), bottom: at(p.bottom, bottom0, lambda) }, current.state, { ...opts, maxIterations: Math.min(opts.maxIterations, 30) });
    steps++;
    spent += trial.iterations;
    if (trial.ok) {
      current = trial;
      done = lambda;
      step = Math.min(1, step * 2);
    } else {
      step /= 2;
      if (step < 1e-3) return { solution: trial, steps };
    }
  }
  if (done < 1) return { solution: { ok: false, message: 'specification continuation did not reach the targets', iterations: current.iterations, residual: NaN }, steps };
  return { solution: current, steps };
}

function sameSpec(a: EndSpecification | undefined, b: EndSpecification | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.kind === b.kind && a.value === b.value && ('component' in a ? 'component' in b && a.component === b.component : !('component' in b));
}
