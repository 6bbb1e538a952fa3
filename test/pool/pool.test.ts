/**
 * Worker pool behaviour through the real app and the production worker function, with
 * test-only tools: queue full -> 503 + Retry-After, time budget -> 504 with the task's thread
 * terminated, a crashing thread replaced without failing bystanders, progress via getProgress.
 */
import t from 'tap';
import { buildTestApp, testConfig } from './fixtures/test-app.js';

const post = (app: Awaited<ReturnType<typeof buildTestApp>>, tool: string, body: unknown) =>
  app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: body as object });

t.test('pool calls succeed and carry an operationId', async (t) => {
  const app = await buildTestApp(testConfig());
  t.teardown(() => app.close());
  const res = await post(app, 'testEcho', { value: 42 });
  t.equal(res.statusCode, 200);
  const env = res.json();
  t.equal(env.data.value, 42);
  t.match(res.headers['x-operation-id'], /^op_[0-9a-f-]{36}$/);
  t.equal(env.provenance.operationId, res.headers['x-operation-id'], 'provenance names the same operation');
  // Schema errors are found in the worker and still come back as 400 naming the field.
  const bad = await post(app, 'testEcho', { value: 'x', extra: true });
  t.equal(bad.statusCode, 400);
  const fields = bad.json().errors.map((e: { field?: string }) => e.field);
  t.ok(fields.includes('/extra') && fields.includes('/value'), `fields named: ${fields.join(', ')}`);
});

t.test('queue full -> 503 POOL_BUSY with Retry-After', async (t) => {
  // Capacity: 1 thread x 1 task running + 1 waiting = 2; the third concurrent call is refused.
  const app = await buildTestApp(testConfig({}, { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 1, maxQueue: 1 }));
  t.teardown(() => app.close());
  const slow = [post(app, 'testSpin', { ms: 300 }), post(app, 'testSpin', { ms: 300 })];
  // Wait until both calls are admitted (running + waiting) rather than guessing a delay.
  for (let i = 0; i < 500 && app.dispatch.poolInFlight() < 2; i++) await new Promise((r) => setTimeout(r, 10));
  t.equal(app.dispatch.poolInFlight(), 2, 'two calls admitted');
  const refused = await post(app, 'testSpin', { ms: 1 });
  t.equal(refused.statusCode, 503);
  t.equal(refused.headers['retry-after'], '1');
  t.equal(refused.json().errors[0].code, 'POOL_BUSY');
  const done = await Promise.all(slow);
  t.same(done.map((r) => r.statusCode), [200, 200], 'admitted calls complete');
  const after = await post(app, 'testSpin', { ms: 1 });
  t.equal(after.statusCode, 200, 'capacity is released afterwards');
});

t.test('time budget -> 504 TIMEOUT and the running task is cancelled', async (t) => {
  // Per-tool budget: testSpin gets 300 ms, everything else the default (a fresh thread needs time to load).
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 30_000 }, { minThreads: 1, maxThreads: 1 }), { toolTimeoutsMs: { testSpin: 300 } });
  t.teardown(() => app.close());
  t.equal((await post(app, 'testEcho', { value: 0 })).statusCode, 200, 'warm');
  const threadsBefore = app.toolPool!.threadIds();
  const started = performance.now();
  const res = await post(app, 'testSpin', { ms: 20_000, steps: 100 });
  const elapsed = performance.now() - started;
  t.equal(res.statusCode, 504);
  t.equal(res.json().errors[0].code, 'TIMEOUT');
  t.ok(elapsed < 10_000, `answered at the budget, not after the 20 s spin (${Math.round(elapsed)} ms)`);
  const opId = res.headers['x-operation-id'] as string;
  const op = await post(app, 'getProgress', { action: 'get', operationId: opId });
  t.equal(op.json().data.failed, true);
  t.equal(op.json().data.message, 'timed out');
  // A busy-waiting task only stops when its thread is terminated; the pool replaces it.
  t.equal(threadsBefore.length, 1);
  const next = await post(app, 'testEcho', { value: 1 });
  t.equal(next.statusCode, 200, 'a fresh thread serves the next call');
  const threadsAfter = app.toolPool!.threadIds();
  t.notOk(threadsAfter.includes(threadsBefore[0]), `the spinning thread ${threadsBefore[0]} was terminated (now ${threadsAfter.join(', ')})`);
});

t.test('a REST caller who disconnects cancels its pool task', async (t) => {
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 60_000 }, { minThreads: 1, maxThreads: 1 }));
  t.teardown(() => app.close());
  t.equal((await post(app, 'testEcho', { value: 0 })).statusCode, 200, 'warm');
  const threadsBefore = app.toolPool!.threadIds();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { request } = await import('node:http');
  // A 20 s busy spin, abandoned by its caller after 300 ms.
  const req = request(`${address}/v1/tools/testSpin`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  req.on('error', () => {});
  req.end(JSON.stringify({ ms: 20_000, steps: 100 }));
  for (let i = 0; i < 500 && app.dispatch.poolInFlight() < 1; i++) await new Promise((r) => setTimeout(r, 10));
  t.equal(app.dispatch.poolInFlight(), 1, 'the spin is running');
  await new Promise((r) => setTimeout(r, 300));
  const gone = performance.now();
  req.destroy();
  for (let i = 0; i < 500 && app.dispatch.poolInFlight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
  t.equal(app.dispatch.poolInFlight(), 0, `the call ended ${Math.round(performance.now() - gone)} ms after the caller left, not after the 20 s spin`);
  const next = await post(app, 'testEcho', { value: 1 });
  t.equal(next.statusCode, 200, 'a fresh thread serves the next call');
  t.notOk(app.toolPool!.threadIds().includes(threadsBefore[0]), 'the spinning thread was terminated');
});

t.test('a caller who leaves a short task does not cost its thread or its neighbours', async (t) => {
  // One thread shared by a bystander and the abandoned call; the abandoned spin (100 ms) ends
  // within the grace period (5 s here, so a loaded machine cannot stretch the spin past it), so
  // the thread is kept and the bystander is not re-run.
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 60_000 }, { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 4 }), { cancelGraceMs: 5_000 });
  t.teardown(() => app.close());
  t.equal((await post(app, 'testEcho', { value: 0 })).statusCode, 200, 'warm');
  const threadsBefore = app.toolPool!.threadIds();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { request } = await import('node:http');
  const bystander = post(app, 'testEcho', { value: 7, waitMs: 400 });
  const req = request(`${address}/v1/tools/testSpin`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  req.on('error', () => {});
  req.end(JSON.stringify({ ms: 100, steps: 10 }));
  for (let i = 0; i < 500 && app.dispatch.poolInFlight() < 2; i++) await new Promise((r) => setTimeout(r, 5));
  t.equal(app.dispatch.poolInFlight(), 2, 'the bystander and the spin are admitted');
  req.destroy();
  const b = await bystander;
  t.equal(b.statusCode, 200);
  t.equal(b.json().data.value, 7);
  t.equal(app.dispatch.poolInFlight(), 0, 'the abandoned call was answered');
  // Past the spin's end: an immediate stop would have replaced the thread long before.
  await new Promise((r) => setTimeout(r, 500));
  t.same(app.toolPool!.threadIds(), threadsBefore, 'the thread was not stopped');
  t.equal((await post(app, 'testEcho', { value: 8 })).statusCode, 200, 'and it serves the next call');
  t.same(app.toolPool!.threadIds(), threadsBefore);
});

t.test('a crashing worker is replaced; bystanders on the same thread still succeed', async (t) => {
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 30_000 }, { minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 4 }));
  t.teardown(() => app.close());
  t.equal((await post(app, 'testEcho', { value: 0 })).statusCode, 200, 'warm');
  // Bystanders share the one thread with the crasher (async waits let them overlap).
  const bystanders = [1, 2, 3].map((v) => post(app, 'testEcho', { value: v, waitMs: 300 }));
  const crasher = post(app, 'testCrash', { delayMs: 50 });
  const [c, ...b] = await Promise.all([crasher, ...bystanders]);
  t.equal(c.statusCode, 503, 'the crashing call gets 503 (safe to retry)');
  t.equal(c.headers['retry-after'], '1');
  t.equal(c.json().errors[0].code, 'WORKER_CRASHED');
  t.same(b.map((r) => r.statusCode), [200, 200, 200], 'bystanders succeed');
  t.same(b.map((r) => r.json().data.value), [1, 2, 3]);
  const after = await post(app, 'testEcho', { value: 9 });
  t.equal(after.statusCode, 200, 'the pool keeps serving');
});

t.test('progress of a long pool task is visible through getProgress', async (t) => {
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 30_000 }));
  t.teardown(() => app.close());
  t.equal((await post(app, 'testEcho', { value: 0 })).statusCode, 200, 'warm');
  const long = post(app, 'testSpin', { ms: 3_000, steps: 10 });
  let seen: { operationId: string; percentComplete: number; message: string; operationType: string } | undefined;
  for (let i = 0; i < 400 && seen === undefined; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const list = (await post(app, 'getProgress', {})).json();
    if (list.status !== 'success') t.fail('getProgress failed');
    seen = list.data.operations.find((o: { operationType: string; percentComplete: number }) => o.operationType === 'testSpin' && o.percentComplete > 0);
  }
  t.ok(seen, 'the running task shows progress > 0');
  t.ok(seen!.percentComplete > 0 && seen!.percentComplete < 100, `mid-way: ${seen!.percentComplete} %`);
  t.match(seen!.message, /^step \d+ of 10$/);
  // Another caller sees neither the list entry nor the operation itself.
  const other = await app.dispatch('getProgress', {}, { subject: 'bob', transport: 'api' });
  t.same((other.envelope.data as { operations: { operationId: string }[] }).operations.map((o) => o.operationId).includes(seen!.operationId), false, 'not listed for another subject');
  const otherGet = await app.dispatch('getProgress', { action: 'get', operationId: seen!.operationId }, { subject: 'bob', transport: 'api' });
  t.equal(otherGet.httpStatus, 422, 'not readable by another subject');
  const res = await long;
  t.equal(res.statusCode, 200);
  t.equal(res.headers['x-operation-id'], seen!.operationId, 'listed id = response header');
  const done = (await post(app, 'getProgress', { action: 'get', operationId: seen!.operationId })).json();
  t.equal(done.data.completed, true);
  t.equal(done.data.percentComplete, 100);
  const missing = await post(app, 'getProgress', { action: 'get', operationId: 'op_unknown' });
  t.equal(missing.statusCode, 422);
  t.equal(missing.json().errors[0].code, 'OPERATION_NOT_FOUND');
});
