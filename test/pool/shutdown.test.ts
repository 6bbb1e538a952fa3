/**
 * Graceful shutdown of a real server process: on SIGTERM readiness goes false, new connections
 * are refused, the in-flight pool call still completes with 200, and the process exits 0. And
 * the pool's own close: tasks on every thread finish before the threads are stopped.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PiscinaToolPool } from '../../src/http/pool.js';
import type { PoolTask } from '../../src/tools/contract/dispatch.js';

const SERVE = fileURLToPath(new URL('./fixtures/serve.js', import.meta.url));
const WORKER = new URL('./fixtures/test-worker.js', import.meta.url);

t.test('SIGTERM drains in-flight calls and exits 0', async (t) => {
  const child = spawn(process.execPath, [SERVE], {
    env: { ...process.env, PORT: '0', POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1', TOOL_TIMEOUT_MS: '30000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  const { url } = JSON.parse(first) as { url: string };

  t.equal((await fetch(`${url}/health/ready`)).status, 200, 'ready before the signal');
  // Warm the thread, then start a 1.5 s call and signal while it runs.
  t.equal((await fetch(`${url}/v1/tools/testEcho`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"value":1}' })).status, 200);
  const inFlight = fetch(`${url}/v1/tools/testSpin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ ms: 1500 }),
  });
  await new Promise((r) => setTimeout(r, 300));
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));

  const refused = await fetch(`${url}/health/ready`).then(
    (r) => `status ${r.status}`,
    () => 'refused',
  );
  t.ok(refused === 'refused' || refused === 'status 503', `no longer ready during the drain (${refused})`);

  const res = await inFlight;
  t.equal(res.status, 200, 'the in-flight call completes');
  const body = (await res.json()) as { data: { spunMs: number } };
  t.equal(body.data.spunMs, 1500);
  const [code] = (await exited) as [number | null];
  t.equal(code, 0, 'exit code 0');
});

t.test('closing a two-thread pool waits for the tasks of every thread', async (t) => {
  // piscina's own close() could declare the pool idle when one thread finished while the other
  // still ran tasks, and destroy it under them; PiscinaToolPool.close drains by its own count.
  const pool = new PiscinaToolPool({ filename: WORKER, minThreads: 2, maxThreads: 2, concurrentTasksPerWorker: 1, maxQueue: 8 });
  t.teardown(() => pool.close(0));
  await pool.ready();
  const task = (ms: number, n: number): PoolTask => ({ tool: 'testSpin', input: { ms }, subject: 'test', profile: 'DESKTOP_ENGINEER', operationId: `op_close_${n}`, deadline: Date.now() + 30_000 });
  const short = pool.run(task(50, 1), { isolated: false });
  const long = pool.run(task(900, 2), { isolated: false });
  await new Promise((r) => setTimeout(r, 20));
  const closed = pool.close(10_000);
  const replies = await Promise.allSettled([short, long]);
  await closed;
  t.same(replies.map((r) => r.status), ['fulfilled', 'fulfilled'], 'both calls completed');
  const bodies = replies.map((r) => (r.status === 'fulfilled' ? String(r.value) : ''));
  t.ok(bodies.every((b) => b.startsWith('200')), 'both answered 200');
  t.match(bodies[1], /"spunMs":900/, 'the long task ran to the end');
  t.equal(pool.closing, true);
});
