/**
 * One long task costs nobody else (src/http/pool-placement.ts), checked on the pool itself and
 * through the app: tasks stuck behind a long task on its thread move to another thread and
 * finish while it still runs; stopping a thread for a task past its budget re-runs the tasks
 * that shared it instead of failing them; over HTTP only the call past its budget gets 504.
 * Assertions are about outcomes and order, never about durations.
 */
import t from 'tap';
import { readPoolReply } from '../../src/tools/contract/worker-report.js';
import { PiscinaToolPool } from '../../src/http/pool.js';
import type { PoolTask } from '../../src/tools/contract/dispatch.js';
import { buildTestApp, testConfig } from './fixtures/test-app.js';

const WORKER = new URL('./fixtures/test-worker.js', import.meta.url);
let seq = 0;
const task = (tool: string, input: unknown): PoolTask => ({
  tool,
  input,
  subject: 'test',
  profile: 'DESKTOP_ENGINEER',
  operationId: `op_iso_${++seq}`,
  deadline: Date.now() + 120_000,
});

/** Runs the tools once so each has a (short) service-time estimate and may be pipelined. */
async function warm(pool: PiscinaToolPool): Promise<void> {
  await pool.run(task('testEcho', { value: 0 }), { isolated: false });
  await pool.run(task('testSpin', { ms: 0 }), { isolated: false });
}

t.test('tasks queued behind a long task move to another thread and finish while it runs', async (t) => {
  const pool = new PiscinaToolPool({ filename: WORKER, minThreads: 1, maxThreads: 2, concurrentTasksPerWorker: 4, maxQueue: 16 });
  t.teardown(() => pool.close(0));
  await pool.ready();
  await warm(pool);
  // testSpin is known to be quick, so the cheap calls may be pipelined behind this long one.
  const long = task('testSpin', { ms: 60_000, steps: 100 });
  let longSettled = false;
  const longRun = pool.run(long, { isolated: false }).finally(() => {
    longSettled = true;
  });
  longRun.catch(() => {});
  const cheap = [1, 2, 3].map((v) => pool.run(task('testEcho', { value: v }), { isolated: false }));
  const replies = await Promise.all(cheap);
  t.notOk(longSettled, 'every cheap task answered while the long one was still running');
  t.same(replies.map((r) => r.slice(0, 3)), ['200', '200', '200']);
  t.same(replies.map((r) => JSON.parse(readPoolReply(r).body).data.value), [1, 2, 3]);
  t.ok(pool.isRunning(long.operationId), 'the long task is running');
  t.ok(pool.cancel(long.operationId), 'so cancelling it stops its thread');
  await t.rejects(longRun, 'the long task ends with its thread');
});

t.test('stopping a thread for one task re-runs the tasks that shared it instead of failing them', async (t) => {
  // One thread: whatever shares it with the task being stopped has nowhere else to go.
  const pool = new PiscinaToolPool({ filename: WORKER, minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 4, maxQueue: 16 });
  t.teardown(() => pool.close(0));
  await pool.ready();
  await warm(pool);
  const threadBefore = pool.threadIds();
  // An async task already running on the thread (it waits on a timer) ...
  const beside = pool.run(task('testEcho', { value: 7, waitMs: 1_000 }), { isolated: false });
  // ... the long CPU task next to it, and cheap tasks queued behind both.
  const long = task('testSpin', { ms: 60_000, steps: 100 });
  const longRun = pool.run(long, { isolated: false });
  longRun.catch(() => {});
  const behind = [1, 2].map((v) => pool.run(task('testEcho', { value: v }), { isolated: false }));
  // Stop the long task once it is running.
  for (let i = 0; i < 3_000 && !pool.isRunning(long.operationId); i++) await new Promise((r) => setTimeout(r, 10));
  t.ok(pool.cancel(long.operationId), 'the running task has its thread stopped');
  await t.rejects(longRun, 'the stopped task fails');
  const replies = await Promise.all([beside, ...behind]);
  t.same(replies.map((r) => r.slice(0, 3)), ['200', '200', '200'], 'the tasks beside and behind it succeed');
  t.same(replies.map((r) => JSON.parse(readPoolReply(r).body).data.value), [7, 1, 2]);
  t.notSame(pool.threadIds(), threadBefore, 'they ran on the replacement thread');
});

t.test('over HTTP: the call past its budget gets 504, the cheap calls sent with it succeed', async (t) => {
  // testSpin has a 300 ms budget; the cheap calls keep the default, so a loaded machine cannot fail them.
  const app = await buildTestApp(testConfig({}, { minThreads: 1, maxThreads: 2, concurrentTasksPerWorker: 4 }), { toolTimeoutsMs: { testSpin: 300 } });
  t.teardown(() => app.close());
  const post = (tool: string, body: unknown) => app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: body as object });
  t.equal((await post('testEcho', { value: 0 })).statusCode, 200, 'warm');
  t.equal((await post('testSpin', { ms: 0 })).statusCode, 200, 'warm');
  const flash = { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, flashType: 'TP', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
  const slow = post('testSpin', { ms: 20_000, steps: 100 });
  const cheap = [post('runFlash', flash), post('testEcho', { value: 1 }), post('testEcho', { value: 2 }), post('runFlash', flash)];
  const [s, ...c] = await Promise.all([slow, ...cheap]);
  t.equal(s.statusCode, 504);
  t.equal(s.json().errors[0].code, 'TIMEOUT');
  t.same(c.map((r) => r.statusCode), [200, 200, 200, 200], 'only the slow call failed');
  const after = await Promise.all([post('runFlash', flash), post('testEcho', { value: 3 })]);
  t.same(after.map((r) => r.statusCode), [200, 200], 'and the next calls are served');
});
