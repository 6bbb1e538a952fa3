/**
 * Redis configured but unreachable: a replica starts anyway and is not ready; when Redis goes
 * away mid-run, /health/ready turns 503, calls that need shared state answer 503
 * SHARED_STATE_UNAVAILABLE with a fix, stateless tools keep answering 200, and everything
 * recovers when Redis is back on the same address. Also: the rate limit is one for the cluster.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { freePort, ownRedis, startReplica, testPrefix, testRedis, waitFor } from '../helpers/redis.js';

const FLASH = { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, flashType: 'TP', temperature: { value: 300, unit: 'K' }, pressure: { value: 20, unit: 'bara' } };
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const redis = await testRedis();
if ('skip' in redis) {
  t.test('Redis outage', { skip: redis.skip }, async () => {});
} else {
  t.teardown(() => redis.stop());

  await t.test('the rate limit is shared: RATE_LIMIT_PER_MINUTE holds for both replicas together', async (t) => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testPrefix(), RATE_LIMIT_PER_MINUTE: '6' };
    const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    t.teardown(() => Promise.all([a.stop(), b.stop()]));
    const statuses: number[] = [];
    for (let k = 0; k < 8; k++) statuses.push((await (k % 2 === 0 ? a : b).call('getCapabilities', {})).status);
    t.same(statuses, [200, 200, 200, 200, 200, 200, 429, 429], 'six calls across the two replicas, then 429 on either');
  });

  await t.test('Redis goes away mid-run and comes back', { skip: hasRedisServer ? false : 'needs redis-server to stop and restart its own Redis' }, async (t) => {
    const own = await ownRedis();
    t.teardown(() => own.stop());
    const replica = await startReplica({ REDIS_URL: own.url, REDIS_KEY_PREFIX: testPrefix() });
    t.teardown(() => replica.stop());
    const created = await replica.call('manageSession', { action: 'create', fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.9, ethane: 0.1 } } });
    t.equal(created.status, 200, JSON.stringify(created.body.errors));

    await own.kill();
    await waitFor(async () => (await fetch(`${replica.url}/health/ready`)).status === 503, 10_000, 'readiness to drop');
    t.same(await (await fetch(`${replica.url}/health/ready`)).json(), { status: 'shared_state_unavailable' });
    const session = await replica.call('manageSession', { action: 'list' });
    t.equal(session.status, 503, 'a stateful call answers 503');
    t.equal(session.body.errors[0].code, 'SHARED_STATE_UNAVAILABLE');
    t.match(session.body.errors[0].message, /Redis/);
    t.match(session.body.errors[0].fix, /REDIS_URL/);
    const raw = await fetch(`${replica.url}/v1/tools/getProgress`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"listActive"}' });
    t.equal(raw.status, 503);
    t.ok(Number(raw.headers.get('retry-after')) >= 1, 'with Retry-After');
    const approve = await replica.call('manageIndustrialProfile', { action: 'approveTool', toolName: 'runFlash', adminToken: 'scale-out-admin-token' });
    t.equal(approve.status, 503, 'granting an approval needs Redis too');
    t.equal((await replica.call('runFlash', FLASH)).status, 200, 'a stateless tool keeps working');
    t.equal((await replica.call('getCapabilities', {})).status, 200);

    own.restart();
    await waitFor(async () => (await fetch(`${replica.url}/health/ready`)).status === 200, 15_000, 'readiness to come back');
    t.equal((await replica.call('manageSession', { action: 'list' })).status, 200, 'stateful calls work again');
  });

  await t.test('a replica whose Redis is not there at start-up starts, but is not ready', async (t) => {
    const port = await freePort();
    const { spawn: spawnChild } = await import('node:child_process');
    const { TEST_REPLICA } = await import('../helpers/redis.js');
    const serverPort = await freePort();
    const child = spawnChild(process.execPath, [TEST_REPLICA], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(serverPort), POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1', REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    t.teardown(() => {
      child.kill('SIGKILL');
    });
    const url = `http://127.0.0.1:${serverPort}`;
    await waitFor(async () => fetch(`${url}/health/live`).then((r) => r.status === 200, () => false), 60_000, 'the server to listen');
    const ready = await fetch(`${url}/health/ready`);
    t.equal(ready.status, 503);
    t.same(await ready.json(), { status: 'shared_state_unavailable' });
    const flash = await fetch(`${url}/v1/tools/runFlash`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(FLASH) });
    t.equal(flash.status, 200, 'runFlash is served without Redis');
  });
}
