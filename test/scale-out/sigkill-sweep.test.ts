/**
 * Distributed sweeps (BullMQ on the shared Redis): a sweep started on replica A is spread over
 * the workers of A and B; A is killed with SIGKILL mid-sweep; the sweep still completes, polled
 * on B, with every point present exactly once (the killed replica's points are retried by B once
 * their job locks lapse) and the same numbers a direct runFlash gives.
 */
import t from 'tap';
import { startReplica, testPrefix, testRedis, waitFor } from '../helpers/redis.js';
import { LOCK_MS } from '../../src/tools/platform/stream/distributed.js';

const POINTS = 600;
const redis = await testRedis();
if ('skip' in redis) {
  t.test('SIGKILL mid-sweep', { skip: redis.skip }, async () => {});
} else {
  t.teardown(() => redis.stop());
  t.test('a replica killed with SIGKILL mid-sweep loses no point and counts none twice', async (t) => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testPrefix() };
    const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    t.teardown(() => Promise.all([a.stop('SIGKILL'), b.stop()]));
    const components = { methane: 0.8, ethane: 0.1, propane: 0.06, 'n-butane': 0.04 };
    const start = await a.call('streamSimulation', { action: 'startSweep', components, sweepVariable: 'pressure', from: 1, to: 150, points: POINTS, fixedTemperature: 40 });
    t.equal(start.status, 200, JSON.stringify(start.body.errors));
    const id = start.body.data.operationId as string;

    // Let both replicas work, then kill A without warning.
    await waitFor(async () => (await b.call('streamSimulation', { action: 'poll', operationId: id, lastIndex: POINTS })).body.data.completedSteps >= 60, 60_000, 'the sweep to get going');
    await a.stop('SIGKILL');
    const atKill = (await b.call('streamSimulation', { action: 'poll', operationId: id, lastIndex: POINTS })).body.data;
    t.ok(atKill.completedSteps < POINTS, `killed mid-sweep (${atKill.completedSteps} of ${POINTS} done)`);

    const seen = new Map<number, number>();
    let next = 0;
    let last: Record<string, any> = {};
    await waitFor(async () => {
      const p = await b.call('streamSimulation', { action: 'poll', operationId: id, lastIndex: next });
      last = p.body.data;
      for (const r of last.newResults) seen.set(r.index, (seen.get(r.index) ?? 0) + 1);
      next = last.nextPollIndex;
      return last.status !== 'running';
    }, 120_000 + 3 * LOCK_MS, 'the sweep to finish on B');
    t.equal(last.status, 'completed');
    t.equal(last.completedSteps, POINTS, 'each point counted once');
    t.equal(last.totalResultCount, POINTS);
    t.equal(seen.size, POINTS, 'every point delivered');
    t.ok([...seen.values()].every((n) => n === 1), 'no point delivered twice');

    // A point's numbers are runFlash's.
    const probe = await b.call('streamSimulation', { action: 'poll', operationId: id, lastIndex: 0 });
    const pt = probe.body.data.newResults[POINTS / 2];
    const direct = await b.call('runFlash', { model: 'SRK', components, flashType: 'TP', temperature: { value: 40, unit: 'C' }, pressure: { value: pt.sweepValue, unit: 'bara' } });
    t.equal(pt.density_kg_m3, direct.body.data.fluid.properties.overall.density.value, 'the point is the flash at its conditions');
  });
}
