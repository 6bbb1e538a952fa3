/**
 * Shedding by expected wait through the real app: with the pool saturated, calls that would wait
 * longer than the queue target are answered 503 + Retry-After at once, before any admitted call
 * has finished, and the admitted calls complete. Order and counts only, no durations.
 */
import t from 'tap';
import { buildTestApp, testConfig } from './fixtures/test-app.js';

t.test('a saturated pool refuses at once the calls that would wait too long', async (t) => {
  // One thread running one task at a time; the queue bound (50) is far away, so only the
  // expected-wait policy can refuse. Queue target: 2 x the wait at capacity (one call's time).
  const app = await buildTestApp(
    testConfig({ shed: { waitFactor: 2, minWaitMs: 20 } }, { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 1, maxQueue: 50 }),
  );
  t.teardown(() => app.close());
  const post = (body: unknown) => app.inject({ method: 'POST', url: '/v1/tools/testSpin', payload: body as object });
  // A first call loads the worker module; then two calls alone teach the pool what a 400 ms spin costs.
  t.equal((await app.inject({ method: 'POST', url: '/v1/tools/testEcho', payload: { value: 0 } })).statusCode, 200, 'thread started');
  for (let i = 0; i < 2; i++) t.equal((await post({ ms: 400 })).statusCode, 200, 'warm');

  const order: { status: number; retryAfter: string | undefined; code: string | undefined }[] = [];
  const burst = Array.from({ length: 10 }, () =>
    post({ ms: 400 }).then((r) => {
      order.push({ status: r.statusCode, retryAfter: r.headers['retry-after'] as string | undefined, code: r.statusCode === 200 ? undefined : r.json().errors[0].code });
      return r;
    }),
  );
  await Promise.all(burst);
  const admitted = order.filter((o) => o.status === 200).length;
  const shed = order.filter((o) => o.status === 503);
  // Expected waits of the burst's calls: 0, ~400, ~800 (at the 800 ms target), ~1200, ...
  t.ok(admitted >= 2 && admitted <= 4, `2-4 calls admitted (${admitted})`);
  t.equal(shed.length + admitted, 10, 'every other call was refused, none timed out');
  t.ok(shed.every((s) => s.code === 'POOL_BUSY'), 'refused as POOL_BUSY');
  t.ok(shed.every((s) => Number(s.retryAfter) >= 1), 'with a Retry-After of at least 1 s');
  const firstDone = order.findIndex((o) => o.status === 200);
  t.same(order.slice(0, firstDone).map((o) => o.status), shed.map(() => 503), 'every refusal came before the first admitted call finished');
  t.equal(app.dispatch.poolInFlight(), 0);
  t.equal((await post({ ms: 1 })).statusCode, 200, 'once the backlog is gone, calls are admitted again');
});

t.test('a call that could not finish within its budget is refused at once', async (t) => {
  // Budget-only shedding (factor 0): 3 s spins with a 4 s budget; while one runs, the next would
  // wait up to ~3 s and run ~3 s more. Retry-After: the wait beyond the ~1 s the budget leaves,
  // rounded up: 2 s for a spin measured at exactly 3 s, less as the running one proceeds, 3 s if
  // the spins were measured a little over 3 s.
  const app = await buildTestApp(
    testConfig({ shed: { waitFactor: 0, minWaitMs: 0 } }, { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 1, maxQueue: 50 }),
    { toolTimeoutsMs: { testSpin: 4_000 } },
  );
  t.teardown(() => app.close());
  const post = (body: unknown) => app.inject({ method: 'POST', url: '/v1/tools/testSpin', payload: body as object });
  // A first call loads the worker module (slow on a loaded machine), then one spin teaches its cost.
  t.equal((await app.inject({ method: 'POST', url: '/v1/tools/testEcho', payload: { value: 0 } })).statusCode, 200, 'thread started');
  t.equal((await post({ ms: 3_000 })).statusCode, 200, 'warm');
  const running = post({ ms: 3_000 });
  for (let i = 0; i < 500 && app.dispatch.poolInFlight() < 1; i++) await new Promise((r) => setTimeout(r, 5));
  const refused = await post({ ms: 3_000 });
  t.equal(refused.statusCode, 503);
  t.match(refused.json().errors[0].message, /time budget of 4000 ms/);
  t.ok(['1', '2', '3'].includes(refused.headers['retry-after'] as string), `Retry-After ${refused.headers['retry-after']} s`);
  t.equal((await running).statusCode, 200, 'the running call is unaffected');
});
