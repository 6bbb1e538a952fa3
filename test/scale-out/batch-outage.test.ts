/**
 * runBatch and runParametricStudy need no shared state: while the replica's Redis is away they
 * run in the replica as without REDIS_URL (200, every case), and are spread again once it is back.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { ownRedis, startReplica, testPrefix, waitFor } from '../helpers/redis.js';

const BATCH = { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, flashType: 'TP', temperature: { value: 300, unit: 'K' }, cases: [10, 20, 30, 40].map((p) => ({ pressure: { value: p, unit: 'bara' } })) };
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

t.test('runBatch through a Redis outage', { skip: hasRedisServer ? false : 'needs redis-server to stop and restart its own Redis' }, async (t) => {
  const own = await ownRedis();
  t.teardown(() => own.stop());
  const replica = await startReplica({ REDIS_URL: own.url, REDIS_KEY_PREFIX: testPrefix() });
  t.teardown(() => replica.stop());
  const before = await replica.call('runBatch', BATCH);
  t.equal(before.status, 200, JSON.stringify(before.body.errors));

  await own.kill();
  await waitFor(async () => (await fetch(`${replica.url}/health/ready`)).status === 503, 10_000, 'readiness to drop');
  const during = await replica.call('runBatch', BATCH);
  t.equal(during.status, 200, 'runBatch keeps working');
  t.same(during.body.data, before.body.data, 'with the same answer');

  own.restart();
  await waitFor(async () => (await fetch(`${replica.url}/health/ready`)).status === 200, 15_000, 'readiness to come back');
  const after = await replica.call('runBatch', BATCH);
  t.equal(after.status, 200);
  t.same(after.body.data, before.body.data);
});
