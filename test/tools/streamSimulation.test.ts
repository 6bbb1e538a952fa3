/**
 * streamSimulation: sweep points equal runFlash at the same state, polled incrementally without
 * loss or repetition; Monte Carlo summaries that are reproducible from the seed, exact where the
 * spread is zero and whose draws have the asked-for mean and spread; cancellation; owner scoping;
 * the store's limits and time-out.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { httpStatusFor } from '../../src/tools/contract/envelope.js';
import { OperationStore, MAX_RUNNING, MAX_RUNNING_PER_OWNER, OPERATION_TIMEOUT_MS } from '../../src/tools/platform/stream/operations.js';

type Data = Record<string, any>;
interface Reply {
  status: string;
  data: Data;
  errors?: { code: string; message: string; field?: string }[];
}
let n = 0;
const owner = () => `stream-test-${process.pid}-${++n}`;
const call = async (input: Record<string, unknown>): Promise<Reply> => (await runTool('streamSimulation', input)) as never;
const GAS = { methane: 0.9, ethane: 0.07, propane: 0.03 };

/** Polls until the operation stops, collecting the results as they come. */
async function drain(id: string, ownerId: string): Promise<{ results: Data[]; last: Data; polls: number }> {
  const results: Data[] = [];
  let next = 0;
  for (let polls = 1; ; polls++) {
    const p = await call({ action: 'poll', operationId: id, lastIndex: next, ownerId });
    if (p.status !== 'success') throw new Error(JSON.stringify(p.errors));
    results.push(...p.data.newResults);
    t.equal(p.data.newResultCount, p.data.newResults.length);
    next = p.data.nextPollIndex;
    if (p.data.status !== 'running' && p.data.status !== 'cancelling') return { results, last: p.data, polls };
    await new Promise((r) => setTimeout(r, 5));
  }
}

t.test('a temperature sweep: each point is runFlash at that state, and polling loses nothing', async (t) => {
  const me = owner();
  const s = await call({ action: 'startSweep', components: GAS, from: 0, to: 100, points: 11, fixedPressure: 50, ownerId: me });
  t.equal(s.status, 'success', JSON.stringify(s.errors));
  t.match(s.data.operationId, /^sweep-[A-Za-z0-9_-]{24}$/);
  t.equal(s.data.totalSteps, 11);
  const { results, last } = await drain(s.data.operationId, me);
  t.equal(last.status, 'completed');
  t.equal(last.progressPercent, 100);
  t.same(results.map((r) => r.index), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'each point once, in order');
  for (const r of [results[0]!, results[7]!, results[10]!]) {
    t.equal(r.sweepValue, r.index * 10);
    const direct = await runTool('runFlash', { model: 'SRK', components: GAS, temperature: { value: r.sweepValue, unit: 'C' }, pressure: { value: 50, unit: 'bara' } });
    const d = direct.data as Data;
    t.equal(r.density_kg_m3, d.fluid.properties.overall.density.value, `density at ${r.sweepValue} °C`);
    t.equal(r.temperature_K, r.sweepValue + 273.15);
    t.equal(r.pressure_bara, 50);
  }
  const again = await call({ action: 'poll', operationId: s.data.operationId, lastIndex: 4, ownerId: me });
  t.same(again.data.newResults, results.slice(4), 'lastIndex replays from there');
});

t.test('a pressure sweep in psia', async (t) => {
  const me = owner();
  const s = await call({ action: 'startSweep', components: GAS, sweepVariable: 'pressure', from: 100, to: 1000, points: 4, unit: 'psia', fixedTemperature: 20, ownerId: me });
  const { results } = await drain(s.data.operationId, me);
  t.same(results.map((r) => r.sweepUnit), ['psia', 'psia', 'psia', 'psia']);
  t.ok(Math.abs(results[3]!.pressure_bara - 1000 * 0.0689475729) < 1e-6, `1000 psia = ${results[3]!.pressure_bara} bara`);
  t.ok(results[3]!.density_kg_m3 > results[0]!.density_kg_m3);
});

t.test('Monte Carlo: reproducible, exact without spread, draws with the asked-for mean and spread', async (t) => {
  const me = owner();
  const input = { action: 'startMonteCarlo', components: GAS, iterations: 300, temperatureMean: 25, temperatureStd: 5, pressureMean: 50, pressureStd: 10, seed: 7, ownerId: me };
  const a = await drain((await call(input)).data.operationId, me);
  const b = await drain((await call(input)).data.operationId, me);
  t.equal(a.results.length, 31, '30 reported iterations and the summary');
  t.same(a.results, b.results, 'same seed, same results');
  const summary = a.results.at(-1)!;
  t.equal(summary.type, 'summary');
  t.equal(summary.failedIterations, 0);
  t.ok(summary.density_p10 < summary.density_p50 && summary.density_p50 < summary.density_p90);
  const draws = a.results.slice(0, -1);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
  const T = draws.map((d) => d.temperature_C);
  const P = draws.map((d) => d.pressure_bara);
  // 30 draws: the sample mean is within 3 standard errors, the spread within 40 %.
  t.ok(Math.abs(mean(T) - 25) < (3 * 5) / Math.sqrt(30), `mean T ${mean(T)}`);
  t.ok(Math.abs(mean(P) - 50) < (3 * 10) / Math.sqrt(30), `mean P ${mean(P)}`);
  t.ok(Math.abs(sd(T) / 5 - 1) < 0.4 && Math.abs(sd(P) / 10 - 1) < 0.4, `spreads ${sd(T)}, ${sd(P)}`);
  const other = await drain((await call({ ...input, seed: 8 })).data.operationId, me);
  t.not(other.results.at(-1)!.density_mean, summary.density_mean, 'another seed, other draws');
  // Without spread every draw is the mean state: the summary is that state's density and Z.
  const flat = await drain((await call({ ...input, iterations: 20, temperatureStd: 0, pressureStd: 0 })).data.operationId, me);
  const s0 = flat.results.at(-1)!;
  const direct = (await runTool('runFlash', { model: 'SRK', components: GAS, temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } })).data as Data;
  const rho = direct.fluid.properties.overall.density.value;
  t.ok(Math.abs(s0.density_mean / rho - 1) < 1e-14, 'mean = the state (to rounding of the sum)');
  t.ok(s0.density_std < 1e-12 * rho && s0.Z_std < 1e-12, 'no spread');
  t.equal(s0.density_p10, rho);
  t.equal(s0.density_p90, rho);
});

t.test('cancel stops an operation between points; operations belong to their caller', async (t) => {
  const me = owner();
  const s = await call({ action: 'startSweep', components: GAS, from: 0, to: 100, points: 1000, fixedPressure: 50, ownerId: me });
  const other = await call({ action: 'poll', operationId: s.data.operationId, ownerId: 'someone-else' });
  t.equal(other.errors?.[0]?.code, 'OPERATION_NOT_FOUND');
  t.equal((await call({ action: 'cancel', operationId: s.data.operationId, ownerId: 'someone-else' })).errors?.[0]?.code, 'OPERATION_NOT_FOUND');
  const c = await call({ action: 'cancel', operationId: s.data.operationId, ownerId: me });
  t.ok(['cancelling', 'cancelled'].includes(c.data.status));
  const { last } = await drain(s.data.operationId, me);
  t.equal(last.status, 'cancelled');
  t.ok(last.completedSteps < 1000, `stopped after ${last.completedSteps} points`);
  const mine = await call({ action: 'list', ownerId: me });
  t.equal(mine.data.count, 1);
  t.equal((await call({ action: 'list', ownerId: `${me}-x` })).data.count, 0);
});

t.test('the store: per-caller and server limits, time-out', async (t) => {
  let now = 0;
  const store = new OperationStore(() => now);
  const gates: (() => void)[] = [];
  const blocked = () => new Promise<undefined>((r) => gates.push(() => r(undefined)));
  for (let k = 0; k < MAX_RUNNING_PER_OWNER; k++) t.ok(store.start('a', 'parametric_sweep', 'sweep', [blocked]).ok);
  const sixth = store.start('a', 'parametric_sweep', 'sweep', [blocked]);
  t.equal(sixth.ok ? 'started' : sixth.code, 'CONCURRENCY_LIMIT');
  for (let k = MAX_RUNNING_PER_OWNER; k < MAX_RUNNING; k++) t.ok(store.start(`o${k}`, 'parametric_sweep', 'sweep', [blocked]).ok);
  const full = store.start('z', 'parametric_sweep', 'sweep', [blocked]);
  t.equal(full.ok ? 'started' : full.code, 'LIMIT_REACHED');
  // A slow operation past its time budget stops at its next step.
  const slow = new OperationStore(() => now);
  const started = slow.start('b', 'monte_carlo', 'mc', [blocked, blocked]);
  t.ok(started.ok);
  now += OPERATION_TIMEOUT_MS + 1;
  gates.forEach((g) => g());
  await new Promise((r) => setTimeout(r, 10));
  gates.forEach((g) => g());
  await new Promise((r) => setTimeout(r, 10));
  if (started.ok) t.equal(started.op.status, 'timed_out');
  t.equal(store.runningCount(), 0, 'every released operation finished');
});

t.test('a full per-caller quota answers 429, not 503', async (t) => {
  const me = owner();
  const ids: string[] = [];
  t.teardown(async () => {
    for (const operationId of ids) await call({ action: 'cancel', operationId, ownerId: me });
  });
  for (let k = 0; k < MAX_RUNNING_PER_OWNER; k++) {
    const s = await call({ action: 'startSweep', components: GAS, from: 0, to: 100, points: 1000, fixedPressure: 50, ownerId: me });
    t.equal(s.status, 'success');
    ids.push(s.data.operationId);
  }
  const over = await runTool('streamSimulation', { action: 'startSweep', components: GAS, from: 0, to: 100, points: 1000, fixedPressure: 50, ownerId: me });
  t.equal(over.status, 'error');
  t.equal(over.errors?.[0]?.code, 'CONCURRENCY_LIMIT');
  t.equal(httpStatusFor(over), 429, 'a quota is Too Many Requests (the server is not overloaded)');
});

t.test('input errors', async (t) => {
  t.match((await call({ action: 'startDynamic' })).errors?.[0]?.message, /runDynamic/);
  t.equal((await call({ action: 'startSweep' })).errors?.[0]?.code, 'MISSING_COMPONENTS');
  const bad = await call({ action: 'startSweep', components: { metane: 1 } });
  t.equal(bad.errors?.[0]?.code, 'UNKNOWN_COMPONENT');
  t.equal(bad.errors?.[0]?.field, 'components.metane');
  t.equal((await call({ action: 'poll' })).errors?.[0]?.code, 'MISSING_FIELD');
});
