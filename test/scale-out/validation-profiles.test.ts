/**
 * manageValidationProfile on two replicas sharing one real Redis: a set created and activated on
 * A is what B applies, in validateResults and in auto-validation of a call B runs in its worker
 * pool (real threads); switching back on B restores default on A. Skipped without redis-server.
 */
import t from 'tap';
import { ADMIN_TOKEN, startReplica, testPrefix, testRedis, waitFor, type Replica } from '../helpers/redis.js';
import { PROFILE_BOUND_MS } from '../../src/tools/contract/shared-state/governance.js';
import { getTool } from '../../src/tools/registry.js';

const redis = await testRedis();
if ('skip' in redis) {
  t.test('validation profiles on two replicas', { skip: redis.skip }, async () => {});
} else {
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testPrefix() };
  const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  t.teardown(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
  });
  await scenario(a, b);
}

async function activeOn(r: Replica): Promise<string> {
  return (await r.call('manageValidationProfile', { action: 'getActiveProfile' })).body.data.activeProfile as string;
}

async function scenario(a: Replica, b: Replica): Promise<void> {
  const flash = getTool('runFlash')!.examples[0]!.input;
  const stage = { compressionRatio: 4 };
  await t.test('a set activated on A is applied by B, inline and in its pool', async (t) => {
    t.equal((await b.call('validateResults', { resultsJson: stage })).body.data.passed, true);
    const created = await a.call('manageValidationProfile', {
      action: 'createProfile', profileName: 'tight', adminToken: ADMIN_TOKEN,
      rules: [
        { id: 'compressionRatio', unit: 'ratio', max: 3.5, severity: 'ERROR', basis: 'test' },
        { id: 'autoTemperatureRange', unit: 'K', min: 299.15, severity: 'ERROR', basis: 'test' },
      ],
    });
    t.equal(created.status, 200, JSON.stringify(created.body.errors));
    t.equal((await a.call('manageValidationProfile', { action: 'setActiveProfile', profileName: 'tight', adminToken: ADMIN_TOKEN })).status, 200);
    await waitFor(async () => (await activeOn(b)) === 'tight', PROFILE_BOUND_MS, 'B to apply the set activated on A');
    const v = await b.call('validateResults', { resultsJson: stage });
    t.match(v.body.data.findings, [{ code: 'HIGH_COMPRESSION_RATIO', severity: 'ERROR' }]);
    const f = await b.call('runFlash', flash);
    t.equal(f.status, 200);
    t.equal(f.body.autoValidation.ruleSet, 'tight', 'the worker thread applied the shared set');
    t.match(f.body.autoValidation.checks.find((c: { rule: string }) => c.rule === 'operating_range'), { status: 'FAIL' });
  });

  await t.test('switching back on B restores default on A', async (t) => {
    t.equal((await b.call('manageValidationProfile', { action: 'setActiveProfile', profileName: 'default', adminToken: ADMIN_TOKEN })).status, 200);
    await waitFor(async () => (await activeOn(a)) === 'default', PROFILE_BOUND_MS, 'A to apply default');
    t.equal((await a.call('validateResults', { resultsJson: stage })).body.data.passed, true);
    const f = await a.call('runFlash', flash);
    t.equal(f.body.autoValidation.ruleSet, undefined);
    t.equal(f.body.autoValidation.checks.find((c: { rule: string }) => c.rule === 'operating_range').status, 'PASS');
    const names = (await a.call('manageValidationProfile', { action: 'listProfiles' })).body.data.profiles.map((p: { name: string }) => p.name);
    t.same(names, ['default', 'tight'], 'A lists the set created on A and kept in Redis');
  });
}
