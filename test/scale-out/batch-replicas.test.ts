/**
 * runBatch and runParametricStudy over two replicas sharing one Redis: the cases of a call to one
 * replica run as jobs on the workers of both, and the answer equals, case by case, the one a single
 * process (no REDIS_URL) gives; a replica killed with SIGKILL mid-batch leaves the call (received by the
 * other) completing with every case exactly once (its jobs are retried when their locks lapse).
 */
import t from 'tap';
import { isDeepStrictEqual } from 'node:util';
import { startReplica, testPrefix, testRedis, waitFor } from '../helpers/redis.js';
import { runParametricStudyTool } from '../../src/tools/process/runParametricStudy.js';
import { batchChunk } from '../../src/tools/platform/stream/distributed-cases.js';

const COMPONENTS = { methane: 0.85, ethane: 0.1, propane: 0.05 };
/** Eleven components and the multiphase check: several milliseconds a flash, so a batch lasts long enough to kill a replica mid-way. */
const HEAVY = { nitrogen: 0.01, CO2: 0.02, methane: 0.7, ethane: 0.08, propane: 0.06, 'i-butane': 0.03, 'n-butane': 0.04, 'i-pentane': 0.02, 'n-pentane': 0.02, 'n-hexane': 0.01, 'n-heptane': 0.01 };

/** n cases: TP flashes over a T-P grid, a dew point every 25th, and two that fail in their own ways. */
function batch(n: number, heavy = false) {
  const cases: Record<string, unknown>[] = Array.from({ length: n - 2 }, (_, i) =>
    i % 25 === 24 ? { flashType: 'dewPointT', pressure: { value: 5 + (i % 50), unit: 'bara' } } : { temperature: { value: -40 + (i % 37) * 4, unit: 'C' }, pressure: { value: 2 + (i % 41) * 3, unit: 'bara' } },
  );
  // No dew point above the cricondenbar; an unknown component (an error with a field).
  cases.splice(3, 0, { flashType: 'dewPointT', pressure: { value: 400, unit: 'bara' } });
  cases.push({ components: { methane: 0.5, unobtainium: 0.5 } });
  return { model: 'SRK', components: heavy ? HEAVY : COMPONENTS, ...(heavy ? { multiPhaseCheck: true } : {}), flashType: 'TP', cases };
}

/** The calls of a tool a replica has run (its /metrics): cases of spread calls included. */
const callsOf = async (url: string, tool: string) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(new RegExp(`^neqsim_tool_calls_total\\{tool="${tool}",status="\\d+"\\} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
};

const redis = await testRedis();
if ('skip' in redis) {
  t.test('runBatch over two replicas', { skip: redis.skip }, async () => {});
} else {
  t.teardown(() => redis.stop());
  const prefix = testPrefix();
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, TOOL_TIMEOUT_MS: '120000' };
  const [a, b, single] = await Promise.all([startReplica(env), startReplica(env), startReplica({ TOOL_TIMEOUT_MS: '120000' })]);
  t.teardown(() => Promise.all([a.stop('SIGKILL'), b.stop(), single.stop()]));

  t.test('a batch spread over two replicas equals the single-process answer case by case', async (t) => {
    const input = batch(60);
    const bBefore = await callsOf(b.url, 'runBatch');
    const [spread, alone] = await Promise.all([a.call('runBatch', input), single.call('runBatch', input)]);
    t.equal(spread.status, 200, JSON.stringify(spread.body.errors));
    t.equal(alone.status, 200);
    t.ok((await callsOf(b.url, 'runBatch')) > bBefore, 'replica B ran some of the cases of a call made to A');
    t.same(spread.body.data.summary, alone.body.data.summary);
    t.equal(spread.body.data.summary.failed, 2, 'the two failing cases fail');
    t.equal(spread.body.data.results.length, 60);
    const differing = spread.body.data.results.filter((r: unknown, i: number) => !isDeepStrictEqual(r, alone.body.data.results[i])).map((r: { caseIndex: number }) => r.caseIndex);
    t.same(differing, [], 'every case equal to the single-process one');
    t.equal(spread.body.data.results[59].errors[0].field?.startsWith('cases.59.'), true, 'an error field names its own case');
    t.same(spread.body.warnings, alone.body.warnings);
    t.same(spread.body.provenance.convergence, alone.body.provenance.convergence);
  });

  t.test('a job whose cases all fail still gives each case its own errors', async (t) => {
    const input = batch(66);
    // The first job's cases (66 cases: three a job) all fail, each its own way.
    input.cases.splice(0, 3, { components: { methane: 0.5, unobtainium: 0.5 } }, { flashType: 'dewPointT', pressure: { value: 400, unit: 'bara' } }, { components: { methane: 0.5, kryptonite: 0.5 } });
    t.equal(batchChunk(input.cases.length), 3);
    const [spread, alone] = await Promise.all([a.call('runBatch', input), single.call('runBatch', input)]);
    t.equal(spread.status, 200, JSON.stringify(spread.body.errors));
    t.same(spread.body.data.results.slice(0, 3).map((r: { status: string }) => r.status), ['error', 'error', 'error']);
    t.same(spread.body.data, alone.body.data, 'every case equal to the single-process one');
    t.same(spread.body.warnings, alone.body.warnings);
  });

  t.test('a parametric study spread over two replicas equals the single-process answer case by case', async (t) => {
    const example = runParametricStudyTool.examples[0]!.input as Record<string, unknown>;
    for (const input of [example, { ...example, mode: 'one_at_a_time', centre: 'base' }]) {
      const bBefore = await callsOf(b.url, 'runParametricStudy');
      const [spread, alone] = await Promise.all([a.call('runParametricStudy', input), single.call('runParametricStudy', input)]);
      t.equal(spread.status, 200, JSON.stringify(spread.body.errors));
      t.equal(alone.status, 200);
      t.ok(spread.body.data.totalCases >= 8, `${spread.body.data.totalCases} cases`);
      t.ok((await callsOf(b.url, 'runParametricStudy')) > bBefore, 'replica B ran some of the cases of a study sent to A');
      t.same(spread.body.data, alone.body.data, `${input.mode}: every case, the sweeps and the output summary equal`);
      t.same(spread.body.warnings, alone.body.warnings);
      t.same(spread.body.provenance.convergence, alone.body.provenance.convergence);
    }
  });

  t.test('a replica killed with SIGKILL mid-batch loses no case and counts none twice', async (t) => {
    const N = 500;
    const input = batch(N, true);
    // The cases go in jobs of consecutive ones; the operation counts jobs.
    const jobs = Math.ceil(N / batchChunk(N));
    const { Redis } = await import('ioredis');
    const r = new Redis(redis.url);
    t.teardown(() => r.disconnect());
    const pending = b.call('runBatch', input);
    // The call's operation hash in Redis counts the cases recorded so far.
    let opKey = '';
    const done = async () => {
      // This call's: the one still running (earlier calls' hashes may still be there).
      for (const k of opKey === '' ? await r.keys(`${prefix}op:cases-*`) : []) {
        if (!k.endsWith(':points') && (await r.hget(k, 'status')) === 'running' && (await r.hget(k, 'totalSteps')) === String(jobs)) opKey = k;
      }
      return opKey === '' ? 0 : Number(await r.hget(opKey, 'completedSteps'));
    };
    await waitFor(async () => (await done()) >= 3, 60_000, 'the batch to get going');
    await a.stop('SIGKILL');
    const atKill = await done();
    t.ok(atKill < jobs, `killed mid-batch (${atKill} of ${jobs} jobs done)`);

    const [spread, alone] = await Promise.all([pending, single.call('runBatch', input)]);
    t.equal(spread.status, 200, JSON.stringify(spread.body.errors));
    t.equal(Number(await r.hget(opKey, 'completedSteps')), jobs, 'each job counted once');
    const indices = spread.body.data.results.map((x: { caseIndex: number }) => x.caseIndex);
    t.same(indices, Array.from({ length: N }, (_, i) => i), 'every case once, in order');
    const differing = spread.body.data.results.filter((x: unknown, i: number) => !isDeepStrictEqual(x, alone.body.data.results[i])).length;
    t.equal(differing, 0, 'every case equal to the single-process one');
    t.same(spread.body.data.summary, alone.body.data.summary);
  });
}
