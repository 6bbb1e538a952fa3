/**
 * runBatch spread over the worker threads (issue 25): on a pool of several threads a big batch
 * runs as chunks of consecutive cases, each a pool task of its own, merged in case order. The
 * answer equals the single-task answer case by case (failed cases, all-failed chunks, warnings,
 * summary); the call keeps one progress record, its time budget, cancellation and busy answers.
 * A recording pool (tasks run in this thread) shows the split; a real 2-thread pool the equality.
 */
import t from 'tap';
import { createDispatcher, MIN_THREAD_SPREAD_CASES } from '../../src/tools/dispatcher.js';
import type { PoolTask, ToolPool } from '../../src/tools/contract/dispatch.js';
import { executeTool, serializeWithStatus } from '../../src/tools/contract/execute.js';
import { progressStore } from '../../src/tools/contract/progress-store.js';
import { getTool, toolCatalog } from '../../src/tools/registry.js';
import { PiscinaToolPool } from '../../src/http/pool.js';

const GAS = { methane: 0.85, ethane: 0.1, propane: 0.05 };

/** n cases: a T-P grid of TP flashes, a dew point with no answer (case 3) and an unknown component (last). */
function batch(n: number) {
  const cases: Record<string, unknown>[] = Array.from({ length: n - 2 }, (_, i) => ({ temperature: { value: -40 + (i % 37) * 4, unit: 'C' }, pressure: { value: 2 + (i % 41) * 3, unit: 'bara' } }));
  cases.splice(3, 0, { flashType: 'dewPointT', pressure: { value: 400, unit: 'bara' } });
  cases.push({ components: { methane: 0.5, unobtainium: 0.5 } });
  return { model: 'SRK', components: GAS, flashType: 'TP', cases };
}

/** A pool that runs each task in this thread and records it; `hang` keeps every task waiting, `full` refuses them. */
class RecordingPool implements ToolPool {
  readonly tasks: PoolTask[] = [];
  readonly cancelled: string[] = [];
  readonly runningCapacity = 8;
  readonly parallelism = 2;
  closing = false;
  constructor(private readonly mode: 'run' | 'hang' | 'full' = 'run') {}
  async run(task: PoolTask): Promise<string> {
    this.tasks.push(task);
    if (this.mode === 'hang') return new Promise<string>(() => {});
    if (this.mode === 'full') throw new Error('Task queue is at limit');
    const env = await executeTool(getTool(task.tool)!, task.input, { catalog: toolCatalog, subject: task.subject, profile: task.profile, progress: () => {} });
    if (env.provenance !== undefined) env.provenance.operationId = task.operationId;
    const s = serializeWithStatus(env);
    return `${s.status}${s.body}`;
  }
  cancel(operationId: string): void {
    this.cancelled.push(operationId);
  }
}

/** The envelope without what differs from run to run (timings, operation ids). */
const stable = (env: unknown) => JSON.parse(JSON.stringify(env, (k, v) => (k === 'computationTimeMs' || k === 'operationId' ? 0 : v)));
const ctx = { subject: 'spread-test', transport: 'api' as const };

t.test('a batch spread over two threads equals the one-task answer, case by case', async (t) => {
  const pool = new RecordingPool();
  const spread = createDispatcher({ pool, timeoutMs: 60_000 });
  const single = createDispatcher({ pool, timeoutMs: 60_000, spreadBatches: false });
  const input = batch(40);
  const a = await spread('runBatch', input, ctx);
  const spreadTasks = pool.tasks.splice(0);
  const b = await single('runBatch', input, ctx);
  t.equal(pool.tasks.length, 1, 'spreadBatches: false runs the call as one task');
  t.equal(a.httpStatus, 200);
  t.equal(b.httpStatus, 200);
  t.same(stable(a.envelope), stable(b.envelope), 'same envelope (results, summary, warnings, provenance)');
  t.equal((a.envelope.data as { summary: { failed: number } }).summary.failed, 2);
  t.equal(spreadTasks.length, 5, 'the cases ran as 5 tasks of 8 cases (at most 4 chunks per thread, at least 8 cases a chunk)');
  const sent = spreadTasks.flatMap((task) => (task.input as { cases: unknown[] }).cases);
  t.same(sent, input.cases, 'every case sent once, in order, in consecutive chunks');
  t.ok(spreadTasks.every((task) => task.tool === 'runBatch' && (task.input as { model: string }).model === 'SRK'), 'each chunk is a runBatch with the base fields');
  t.equal(JSON.parse(a.body).tool, 'runBatch', 'body is the envelope text');
  t.equal(a.envelope.provenance?.operationId, a.operationId, 'the call has its own operation id');
  const rec = progressStore.get(a.operationId!, ctx.subject);
  t.equal(rec?.completed, true, 'its progress record ends completed');
  t.equal(rec?.percentComplete, 100);
  t.equal(spreadTasks.filter((task) => progressStore.get(task.operationId, ctx.subject) !== undefined).length, 0, 'chunks keep no records of their own');
});

t.test('chunks whose cases all fail re-run their cases one by one: the same errors as one task gives', async (t) => {
  const pool = new RecordingPool();
  const cases = Array.from({ length: 20 }, (_, i) => (i === 7 ? { temperature: { value: 20, unit: 'C' } } : { components: { methane: 0.5, [`unobtainium${i}`]: 0.5 } }));
  const input = { model: 'SRK', components: GAS, pressure: { value: 10, unit: 'bara' }, temperature: { value: 0, unit: 'C' }, cases };
  const a = await createDispatcher({ pool, timeoutMs: 60_000 })('runBatch', input, ctx);
  const b = await createDispatcher({ pool, timeoutMs: 60_000, spreadBatches: false })('runBatch', input, ctx);
  t.equal(a.httpStatus, b.httpStatus);
  t.same(stable(a.envelope), stable(b.envelope));
  const all = { ...input, cases: cases.filter((_, i) => i !== 7) };
  const c = await createDispatcher({ pool, timeoutMs: 60_000 })('runBatch', all, ctx);
  const d = await createDispatcher({ pool, timeoutMs: 60_000, spreadBatches: false })('runBatch', all, ctx);
  t.equal(c.httpStatus, 422);
  t.same(stable(c.envelope), stable(d.envelope), 'ALL_CASES_FAILED with the same first errors');
});

t.test('small batches, other tools and one-thread pools run as one task', async (t) => {
  const pool = new RecordingPool();
  const spread = createDispatcher({ pool, timeoutMs: 60_000 });
  await spread('runBatch', batch(MIN_THREAD_SPREAD_CASES - 1), ctx);
  t.equal(pool.tasks.length, 1);
  await spread('runFlash', { model: 'SRK', components: GAS, temperature: 300, pressure: 10 }, ctx);
  t.equal(pool.tasks.length, 2);
  await spread('runBatch', batch(MIN_THREAD_SPREAD_CASES), ctx);
  t.equal(pool.tasks.length, 4, 'the smallest spread batch is two chunks, one per thread');
  pool.tasks.splice(2);
  const one = Object.assign(new RecordingPool(), { parallelism: 1 });
  await createDispatcher({ pool: one, timeoutMs: 60_000 })('runBatch', batch(40), ctx);
  t.equal(one.tasks.length, 1);
  // A call that fails the schema is answered by the one-task path (400 from the worker).
  const bad = await spread('runBatch', { cases: [] }, ctx);
  t.equal(bad.httpStatus, 400);
});

t.test('time budget, cancellation and a full pool', async (t) => {
  const hang = new RecordingPool('hang');
  const timedOut = await createDispatcher({ pool: hang, timeoutMs: 50, cancelGraceMs: 1 })('runBatch', batch(40), ctx);
  t.equal(timedOut.httpStatus, 504);
  t.equal(timedOut.envelope.errors?.[0]?.code, 'TIMEOUT');
  t.match(timedOut.envelope.errors?.[0]?.message, /worker threads/);

  const hang2 = new RecordingPool('hang');
  const caller = new AbortController();
  const pending = createDispatcher({ pool: hang2, timeoutMs: 60_000, cancelGraceMs: 1 })('runBatch', batch(40), { ...ctx, signal: caller.signal });
  // The merge code may still be loading (it is imported on the first spread batch).
  for (let i = 0; i < 1000 && hang2.tasks.length === 0; i++) await new Promise((r) => setImmediate(r));
  t.ok(hang2.tasks.length > 0, 'chunks were sent');
  caller.abort();
  const cancelled = await pending;
  t.equal(cancelled.httpStatus, 499);
  t.equal(cancelled.envelope.errors?.[0]?.code, 'CANCELLED');
  await new Promise((r) => setTimeout(r, 20));
  t.same([...hang2.cancelled].sort(), hang2.tasks.map((x) => x.operationId).sort(), 'every running chunk was stopped');

  // An overloaded pool sheds the call as a whole, as it sheds a one-task call: no chunk is sent.
  // (An idle pool admits every call: a call hangs in it first.)
  const overloaded = Object.assign(new RecordingPool('hang'), { expectedWaitMs: () => 1e6 });
  const loaded = createDispatcher({ pool: overloaded, timeoutMs: 200, cancelGraceMs: 1 });
  const first = loaded('runFlash', { model: 'SRK', components: GAS, temperature: 300, pressure: 10 }, ctx);
  const shed = await loaded('runBatch', batch(40), ctx);
  t.equal(shed.httpStatus, 503);
  t.equal(shed.envelope.errors?.[0]?.code, 'POOL_BUSY');
  t.equal(overloaded.tasks.length, 1, 'only the call in flight reached the pool');
  t.equal((await first).httpStatus, 504);

  const full = new RecordingPool('full');
  const busy = await createDispatcher({ pool: full, timeoutMs: 60_000 })('runBatch', batch(40), ctx);
  t.equal(busy.httpStatus, 503);
  t.equal(busy.envelope.errors?.[0]?.code, 'POOL_BUSY');
  t.ok(busy.retryAfter !== undefined && busy.retryAfter > 0, 'says when to retry');
});

t.test('on a real two-thread pool the spread answer equals the one-task answer', async (t) => {
  const pool = new PiscinaToolPool({ minThreads: 2, maxThreads: 2, concurrentTasksPerWorker: 4, maxQueue: 64 });
  await pool.ready();
  t.teardown(() => pool.close());
  const input = batch(60);
  for (const transport of ['api', 'rest'] as const) {
    const a = await createDispatcher({ pool, timeoutMs: 120_000 })('runBatch', input, { ...ctx, transport });
    const b = await createDispatcher({ pool, timeoutMs: 120_000, spreadBatches: false })('runBatch', input, { ...ctx, transport });
    t.equal(a.httpStatus, 200);
    t.same(stable(JSON.parse(a.body)), stable(JSON.parse(b.body)), `${transport}: same JSON`);
  }
});
