/**
 * Cost curves (issue 25): how the time of a call grows with the size of the problem, so a user can
 * see what a bigger fluid or flowsheet will cost.
 *   - engine TP flash vs number of components (2, 5, 10, 20, 40; SRK, 300 K and 50 bar, a gas
 *     whose heavier components are ever more dilute, so the larger fluids split into two phases);
 *   - engine phase envelope (both branches, critical point, each point's stability) vs the same,
 *     in CPU time (cpuMs);
 *   - runProcess on a chain of units (feed stream, then coolers and valves alternating) vs number of
 *     units (2, 10, 50);
 *   - runProcess on the refluxed deethaniser of bench/column.ts vs number of trays (10, 30, 60).
 * Each line gives the median and the fastest time and, from the line before it on the same curve,
 * the local order log(t2/t1)/log(s2/s1) of the fastest times. A step whose order exceeds what the algorithm should cost (flash: 2 —
 * the mixing rule is n², the stability trials n·n²; envelope: 3; flowsheet without recycles: 1;
 * column: 2) by more than ORDER_SLACK (timing noise on a shared machine) is flagged.
 */
import { createCubicFluid, flashTP, phaseEnvelope, resolveComponents } from '../src/engine/index.js';
import { runProcess } from '../src/tools/process/runProcess/runProcess.js';
import type { RunProcessInput } from '../src/tools/process/runProcess/schema.js';

interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  [context: string]: unknown;
}

/** Orders up to this much above the expected one are timing noise, not a finding. */
const ORDER_SLACK = 0.5;

/** Components in the order they are added: the light ends first, then ever heavier and rarer ones. */
const COMPONENTS = [
  'methane', 'ethane', 'propane', 'n-butane', 'n-pentane',
  'nitrogen', 'CO2', 'i-butane', 'i-pentane', 'n-hexane',
  'n-heptane', 'n-octane', 'n-nonane', 'nC10', 'H2S', 'benzene', 'toluene', 'cyclohexane', 'nC11', 'nC12',
  'nC13', 'nC14', 'nC15', 'nC16', 'nC17', 'nC18', 'nC19', 'nC20', 'nC21', 'nC22',
  'nC23', 'nC24', 'm-Xylene', 'o-Xylene', 'p-Xylene', 'ethylbenzene', 'cyclopentane', 'methylcyclohexane', 'neopentane', '2-m-C5',
];

/**
 * Median and fastest wall time (ms) of `iterations` calls after a short warm-up. The orders are
 * taken from the fastest call: on a shared machine the median of a longer call catches more of
 * other people's load (and of garbage collections) than a short one's, which bends the curve.
 */
function timeMs(fn: () => void, iterations: number): { median: number; min: number } {
  for (let i = 0; i < Math.max(2, iterations >> 2); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[iterations >> 1], min: times[0] };
}

/**
 * As timeMs, in CPU time of this process (ms): the envelope calls are long enough (up to a few
 * hundred ms at 40 components) for other people's load on a shared machine to stretch their wall
 * time unevenly along the curve; their CPU time moves much less.
 */
function cpuMs(fn: () => void, iterations: number): { median: number; min: number } {
  for (let i = 0; i < Math.max(2, iterations >> 2); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    times.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { median: times[iterations >> 1], min: times[0] };
}

/** Methane 0.7, the rest of the feed shared over the other components with weights falling by 0.8 each. */
function fluidOf(nc: number) {
  const names = COMPONENTS.slice(0, nc);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`cost curves: unknown components ${r.unknown.join(', ')}`);
  const w = names.map((_, i) => (i === 0 ? 0 : 0.8 ** i));
  const rest = w.reduce((a, b) => a + b, 0);
  const z = w.map((x, i) => (i === 0 ? 0.7 : (0.3 * x) / rest));
  return createCubicFluid('SRK', r.components, z);
}

/** A feed stream and n − 1 units after it: coolers (2 K colder each) and valves (1 bar lower each) alternating. */
function chainOf(units: number): RunProcessInput {
  const process: Record<string, unknown>[] = [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }];
  let previous = 'feed';
  for (let i = 1; i < units; i++) {
    const name = `unit ${i}`;
    const k = Math.ceil(i / 2);
    process.push(i % 2 === 1 ? { type: 'Cooler', name, inlet: previous, properties: { outTemperature: [40 - 0.5 * k, 'C'] } } : { type: 'ThrottlingValve', name, inlet: previous, properties: { outletPressure: [80 - 0.5 * k, 'bara'] } });
    previous = name;
  }
  return {
    fluid: { model: 'SRK', temperature: 318.15, pressure: 80, components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 } },
    process,
  } as unknown as RunProcessInput;
}

function columnOf(trays: number): RunProcessInput {
  return {
    fluid: { model: 'PR', temperature: 300, pressure: 25, components: { methane: 0.02, ethane: 0.18, propane: 0.4, 'n-butane': 0.25, 'n-pentane': 0.15 } },
    process: [
      { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
      { type: 'DistillationColumn', name: 'Deethaniser', inlet: 'feed', properties: { numberOfTrays: trays, feedTray: Math.round(trays / 2), topPressure: [24, 'bara'], bottomPressure: [24.5, 'bara'], refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] } },
    ],
  } as unknown as RunProcessInput;
}

/** One curve: a line per size with the local order from the previous size and a flag above the expected order. */
function curve(name: string, unit: string, sizes: number[], expectedOrder: number, measure: (size: number) => { ms: { median: number; min: number } | null; context?: Record<string, unknown> }): BenchLine[] {
  const out: BenchLine[] = [];
  let prev: { size: number; ms: number } | undefined;
  for (const size of sizes) {
    const { ms: t, context } = measure(size);
    const ms = t === null ? null : t.min;
    const order = prev !== undefined && ms !== null ? Math.log(ms / prev.ms) / Math.log(size / prev.size) : undefined;
    const flagged = order !== undefined && order > expectedOrder + ORDER_SLACK;
    out.push({
      name: `cost.${name}.${unit}${size}`,
      unit: 'ms',
      value: t === null ? null : Number(t.median.toPrecision(4)),
      fastest: t === null ? null : Number(t.min.toPrecision(4)),
      size,
      sizeUnit: unit,
      ...(order === undefined ? {} : { orderFromPrevious: Number(order.toFixed(2)) }),
      expectedOrder,
      ...(flagged ? { flag: `grows as size^${order!.toFixed(2)} from ${prev!.size} to ${size}, worse than the expected size^${expectedOrder}` } : {}),
      ...context,
    });
    if (ms !== null) prev = { size, ms };
  }
  return out;
}

export function benchCostCurves(): BenchLine[] {
  const sizes = [2, 5, 10, 20, 40];
  const lines: BenchLine[] = [];
  lines.push(
    ...curve('flashTP', 'components', sizes, 2, (nc) => {
      const f = fluidOf(nc);
      const r = flashTP(f.model, 300, 50e5, f.z);
      if (!r.ok) return { ms: null, context: { error: r.message } };
      return { ms: timeMs(() => flashTP(f.model, 300, 50e5, f.z), nc <= 10 ? 400 : 100), context: { phases: r.result.phases.length } };
    }),
  );
  lines.push(
    ...curve('phaseEnvelope', 'components', sizes, 3, (nc) => {
      const f = fluidOf(nc);
      const e = phaseEnvelope(f.model, f.z);
      if (!e.ok) return { ms: null, context: { error: e.message } };
      return { ms: cpuMs(() => phaseEnvelope(f.model, f.z), nc <= 10 ? 20 : 6), context: { points: e.points.length, complete: e.complete, clock: 'cpu' } };
    }),
  );
  lines.push(
    ...curve('runProcess.chain', 'units', [2, 10, 50], 1, (units) => {
      const input = chainOf(units);
      const env = runProcess(input);
      if (env.status !== 'success') return { ms: null, context: { error: env.errors?.[0]?.code ?? env.status } };
      return { ms: timeMs(() => runProcess(input), 40) };
    }),
  );
  lines.push(
    ...curve('runProcess.column', 'trays', [10, 30, 60], 2, (trays) => {
      const input = columnOf(trays);
      const env = runProcess(input);
      if (env.status !== 'success') return { ms: null, context: { error: env.errors?.[0]?.code ?? env.status, message: env.errors?.[0]?.message } };
      const col = (env.data as { units?: Record<string, { iterations?: number }> } | undefined)?.units?.Deethaniser;
      return { ms: timeMs(() => runProcess(input), 6), context: { newtonIterations: col?.iterations } };
    }),
  );
  return lines;
}
