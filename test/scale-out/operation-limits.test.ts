/**
 * The limit of running streamSimulation operations per server holds for the cluster when the
 * operations are distributed (REDIS_URL): with 20 running (started through two replicas, for
 * four callers), a 21st is refused on either replica (429 LIMIT_REACHED); once they end, a new
 * one is admitted. The point queue is paused meanwhile, so no operation ends by itself.
 */
import t from 'tap';
import { startReplica, testPrefix, testRedis, waitFor } from '../helpers/redis.js';
import { QUEUE } from '../../src/tools/platform/stream/distributed.js';
import { MAX_RUNNING, MAX_RUNNING_PER_OWNER } from '../../src/tools/platform/stream/operations.js';

const redis = await testRedis();
if ('skip' in redis) {
  t.test('distributed operation limits', { skip: redis.skip }, async () => {});
} else {
  t.teardown(() => redis.stop());
  t.test('the limit of running operations counts every replica', async (t) => {
    const prefix = testPrefix();
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix };
    const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    t.teardown(() => Promise.all([a.stop(), b.stop()]));
    const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE, { connection, prefix: `${prefix}bull` });
    t.teardown(async () => {
      await queue.close();
      connection.disconnect();
    });
    await queue.pause();

    const sweep = (ownerId: string) => ({ action: 'startSweep', ownerId, components: { methane: 0.9, ethane: 0.1 }, sweepVariable: 'pressure', from: 1, to: 50, points: 10, fixedTemperature: 20 });
    const owners = Array.from({ length: MAX_RUNNING / MAX_RUNNING_PER_OWNER }, (_, i) => `limit-owner-${i}`);
    const started = await Promise.all(owners.flatMap((o, i) => Array.from({ length: MAX_RUNNING_PER_OWNER }, () => (i % 2 === 0 ? a : b).call('streamSimulation', sweep(o)))));
    t.same(started.map((s) => s.status), started.map(() => 200), 'twenty operations start, through both replicas');

    for (const r of [a, b]) {
      const refused = await r.call('streamSimulation', sweep('limit-owner-extra'));
      t.equal(refused.status, 429, 'a 21st is refused');
      t.equal(refused.body.errors[0].code, 'LIMIT_REACHED');
    }

    // Cancel them all and let the workers go: the cancelled ones leave the count.
    await Promise.all(started.map((s, k) => (k % 2 === 0 ? b : a).call('streamSimulation', { action: 'cancel', ownerId: owners[Math.floor(k / MAX_RUNNING_PER_OWNER)], operationId: s.body.data.operationId })));
    await queue.resume();
    let admitted = 0;
    await waitFor(async () => (admitted = (await b.call('streamSimulation', sweep('limit-owner-extra'))).status) === 200, 60_000, 'a slot to free up');
    t.equal(admitted, 200, 'admitted once the others ended');
  });
}
