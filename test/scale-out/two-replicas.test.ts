/**
 * Two server processes (real HTTP, separate ports) sharing one real Redis through REDIS_URL:
 * the service behaves as one. Sessions, streams, one-shot approvals and the active profile made
 * on replica A are seen, used and enforced on replica B.
 */
import t from 'tap';
import { ADMIN_TOKEN, startReplica, testPrefix, testRedis, waitFor, type Replica } from '../helpers/redis.js';
import { PROFILE_BOUND_MS } from '../../src/tools/contract/shared-state/governance.js';

const FLUID = { model: 'SRK', temperature: 298.15, pressure: 50.0, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
const FEED = { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } };
const SEP = { type: 'Separator', name: 'HP Sep', inlet: 'feed' };
const COMP = { type: 'Compressor', name: 'Comp', inlet: 'HP Sep.gasOut', properties: { outletPressure: [80, 'bara'] } };

const redis = await testRedis();
if ('skip' in redis) {
  t.test('two replicas on one Redis', { skip: redis.skip }, async () => {});
} else {
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testPrefix(), NEQSIM_MCP_STATE_KEEP_PER_NAME: '2', NEQSIM_MCP_STATE_MAX_BYTES: '20000' };
  const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  t.teardown(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
  });
  await scenarios(a, b);
}

async function scenarios(a: Replica, b: Replica): Promise<void> {
  await t.test('both replicas are ready on the shared store', async (t) => {
    for (const r of [a, b]) t.equal((await fetch(`${r.url}/health/ready`)).status, 200);
  });

  await t.test('a session created on A is run, modified, read and closed on B', async (t) => {
    const owner = 'alice';
    const c = await a.call('manageSession', { action: 'create', processJson: { fluid: FLUID, process: [FEED, SEP, COMP] }, ownerId: owner });
    t.equal(c.status, 200, JSON.stringify(c.body.errors));
    const id = c.body.data.sessionId as string;
    t.match(c.body.provenance.limitations[0], /Redis/);

    const run = await b.call('manageSession', { action: 'run', sessionId: id, ownerId: owner });
    t.equal(run.status, 200, 'B runs the session A created');
    t.equal(run.body.data.runCount, 2, 'created with a run on A (1), run on B (2)');

    const m = await b.call('manageSession', { action: 'modify', sessionId: id, address: 'Comp.outletPressure', value: 100, unit: 'bara', ownerId: owner });
    t.equal(m.status, 200, JSON.stringify(m.body.errors));
    t.equal(m.body.data.newValue, 100);

    const state = await a.call('manageSession', { action: 'getState', sessionId: id, ownerId: owner });
    t.same(state.body.data.processJson.process[2].properties.outletPressure, [100, 'bara'], 'A sees the write made on B');
    t.equal(state.body.data.runCount, 3);

    const foreign = await b.call('manageSession', { action: 'getState', sessionId: id, ownerId: 'mallory' });
    t.equal(foreign.status, 404, 'owner scoping holds across replicas');
    const listed = await b.call('manageSession', { action: 'list', ownerId: owner });
    t.same(listed.body.data.sessions.map((s: { sessionId: string }) => s.sessionId), [id]);

    const closed = await b.call('manageSession', { action: 'close', sessionId: id, ownerId: owner });
    t.equal(closed.status, 200);
    t.equal((await a.call('manageSession', { action: 'getState', sessionId: id, ownerId: owner })).status, 404, 'closed on B: gone on A');
    t.equal((await b.call('manageSession', { action: 'close', sessionId: id, ownerId: owner })).status, 404);
  });

  await t.test('concurrent writes to one session on both replicas are serialised: none is lost', async (t) => {
    const owner = 'bob';
    const c = await a.call('manageSession', { action: 'create', fluid: FLUID, ownerId: owner });
    const id = c.body.data.sessionId as string;
    t.equal((await a.call('manageSession', { action: 'addEquipment', sessionId: id, equipment: FEED, ownerId: owner })).status, 200);
    // Four units added at once, two through each replica: each call must start from the
    // definition the previous one left, or a unit is lost.
    const units = [1, 2, 3, 4].map((k) => ({ type: 'Stream', name: `S${k}`, properties: { flowRate: [1000 * k, 'kg/hr'] } }));
    const replies = await Promise.all(units.map((u, k) => (k % 2 === 0 ? a : b).call('manageSession', { action: 'addEquipment', sessionId: id, equipment: u, ownerId: owner })));
    t.same(replies.map((r) => r.status), [200, 200, 200, 200], JSON.stringify(replies.map((r) => r.body.errors)));
    const state = await b.call('manageSession', { action: 'getState', sessionId: id, ownerId: owner });
    t.same(state.body.data.equipmentList.map((u: { name: string }) => u.name).sort(), ['S1', 'S2', 'S3', 'S4', 'feed']);
    t.equal(state.body.data.runCount, 5, 'five solves, each counted once');
  });

  await t.test('a stream started on A is polled to completion on B, every point once', async (t) => {
    const start = await a.call('streamSimulation', { action: 'startSweep', components: { methane: 0.9, ethane: 0.1 }, sweepVariable: 'temperature', from: 0, to: 90, points: 10, fixedPressure: 50 });
    t.equal(start.status, 200, JSON.stringify(start.body.errors));
    const id = start.body.data.operationId as string;
    const seen: number[] = [];
    let next = 0;
    let status = 'running';
    await waitFor(async () => {
      const p = await b.call('streamSimulation', { action: 'poll', operationId: id, lastIndex: next });
      if (p.status !== 200) throw new Error(JSON.stringify(p.body));
      for (const r of p.body.data.newResults) seen.push(r.index);
      next = p.body.data.nextPollIndex;
      status = p.body.data.status;
      return status !== 'running';
    }, 60_000, 'the sweep to finish');
    t.equal(status, 'completed');
    t.same(seen, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'each point exactly once, in order');
    const listed = await b.call('streamSimulation', { action: 'list' });
    t.ok(listed.body.data.operations.some((o: { operationId: string; status: string }) => o.operationId === id && o.status === 'completed'), 'B lists the operation A ran');
  });

  await t.test('a sweep started on A and cancelled on B stops', async (t) => {
    const start = await a.call('streamSimulation', { action: 'startSweep', components: { methane: 0.9, ethane: 0.1 }, sweepVariable: 'pressure', from: 1, to: 100, points: 1000 });
    const id = start.body.data.operationId as string;
    const c = await b.call('streamSimulation', { action: 'cancel', operationId: id });
    t.equal(c.status, 200);
    let data: Record<string, any> = {};
    await waitFor(async () => {
      data = (await a.call('streamSimulation', { action: 'poll', operationId: id })).body.data;
      return data.status !== 'running' && data.status !== 'cancelling';
    }, 30_000, 'the sweep to stop');
    t.equal(data.status, 'cancelled');
    t.ok(data.completedSteps < 1000, `stopped after ${data.completedSteps} of 1000 points`);
  });

  await t.test('a Monte Carlo run spread over both replicas gives what one process gives: same samples, same summary', async (t) => {
    const input = { action: 'startMonteCarlo', components: { methane: 0.9, ethane: 0.1 }, iterations: 40, seed: 7, temperatureMean: 20, pressureMean: 60 };
    const start = await a.call('streamSimulation', input);
    t.equal(start.status, 200, JSON.stringify(start.body.errors));
    const id = start.body.data.operationId as string;
    let data: Record<string, any> = {};
    await waitFor(async () => {
      data = (await b.call('streamSimulation', { action: 'poll', operationId: id })).body.data;
      return data.status !== 'running';
    }, 60_000, 'the Monte Carlo run to finish');
    t.equal(data.status, 'completed');
    // The same run in this process, without Redis (the embedded default).
    const { runTool } = await import('../../src/index.js');
    const local = (await runTool('streamSimulation', input)) as { data: { operationId: string } };
    let mine: Record<string, any> = {};
    await waitFor(async () => {
      mine = ((await runTool('streamSimulation', { action: 'poll', operationId: local.data.operationId })) as { data: Record<string, any> }).data;
      return mine.status !== 'running';
    }, 60_000, 'the local run to finish');
    t.equal(data.newResults.length, 5, 'every 10th of 40 samples and the summary');
    t.same(data.newResults, mine.newResults, 'identical reported samples and summary');
  });

  await t.test('getProgress on B answers for a pool call that ran on A', async (t) => {
    const r = await fetch(`${a.url}/v1/tools/runFlash`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'SRK', components: { methane: 1 }, flashType: 'TP', temperature: { value: 300, unit: 'K' }, pressure: { value: 10, unit: 'bara' } }) });
    t.equal(r.status, 200);
    const opId = r.headers.get('x-operation-id');
    t.ok(opId, 'the pool call has an operation id');
    await waitFor(async () => (await b.call('getProgress', { action: 'get', operationId: opId })).body.data?.completed === true, 5_000, 'B to see the finished operation');
    t.pass('B reports the operation completed');
  });

  await t.test('saved states are shared: saved on A, listed, loaded and deleted on B; never overwritten; retention and size limit hold', async (t) => {
    const state = { fluid: FLUID, process: [FEED] };
    // Two saves of the same name and version at once, one per replica: two files, neither lost.
    const [s1, s2] = await Promise.all([a, b].map((r) => r.call('manageState', { action: 'save', name: 'plant', version: '1', state })));
    t.same([s1!.status, s2!.status], [200, 200], JSON.stringify([s1!.body.errors, s2!.body.errors]));
    t.same([s1!.body.data.filename, s2!.body.data.filename].sort(), ['plant_v1.json', 'plant_v1_1.json']);
    const listed = await b.call('manageState', { action: 'list' });
    t.same(listed.body.data.saved.map((e: { filename: string }) => e.filename), ['plant_v1.json', 'plant_v1_1.json']);
    const loaded = await b.call('manageState', { action: 'load', filename: 'plant_v1.json' });
    t.same(loaded.body.data.savedState.state, state, 'B loads what A saved');
    // NEQSIM_MCP_STATE_KEEP_PER_NAME=2: a third save of the name drops the oldest.
    const third = await b.call('manageState', { action: 'save', name: 'plant', version: '2', state });
    t.equal(third.body.data.removedOlder.length, 1);
    t.equal((await a.call('manageState', { action: 'list' })).body.data.count, 2);
    const big = await a.call('manageState', { action: 'save', name: 'big', state: { blob: 'x'.repeat(30_000) } });
    t.equal(big.status, 413, 'over NEQSIM_MCP_STATE_MAX_BYTES');
    t.equal(big.body.errors[0].code, 'STATE_TOO_LARGE');
    t.equal((await a.call('manageState', { action: 'load', filename: '../etc/passwd.json' })).status, 400, 'file names are validated as on disk');
    t.equal((await b.call('manageState', { action: 'delete', filename: 'plant_v2.json' })).status, 200);
    t.equal((await a.call('manageState', { action: 'load', filename: 'plant_v2.json' })).body.errors[0].code, 'FILE_NOT_FOUND');
  });

  await t.test('a profile change on A is enforced on B within the stated bound', async (t) => {
    t.equal((await b.call('runFlash', { model: 'SRK', components: { methane: 1 }, flashType: 'TP', temperature: { value: 300, unit: 'K' }, pressure: { value: 10, unit: 'bara' } })).status, 200);
    t.equal((await b.call('manageSession', { action: 'list' })).status, 200, 'an experimental tool runs in DESKTOP_ENGINEER');
    const set = await a.call('manageIndustrialProfile', { action: 'setActive', mode: 'ENTERPRISE', adminToken: ADMIN_TOKEN });
    t.equal(set.status, 200, JSON.stringify(set.body));
    const changed = Date.now();
    await waitFor(async () => (await b.call('manageSession', { action: 'list' })).status === 403, PROFILE_BOUND_MS, `B to block manageSession within ${PROFILE_BOUND_MS} ms`);
    t.ok(Date.now() - changed <= PROFILE_BOUND_MS, `enforced on B after ${Date.now() - changed} ms`);
    t.equal((await b.call('manageIndustrialProfile', { action: 'getActive' })).body.data.activeMode, 'ENTERPRISE');
  });

  await t.test('an approval granted on A is consumed once on B and refused on a second call on either', async (t) => {
    t.equal((await b.call('writeBackSetpoint', { value: 1 })).status, 403, 'gated in ENTERPRISE');
    const grant = await a.call('manageIndustrialProfile', { action: 'approveTool', toolName: 'writeBackSetpoint', adminToken: ADMIN_TOKEN });
    t.equal(grant.status, 200, JSON.stringify(grant.body));
    const pending = await b.call('checkToolAccess', { toolName: 'writeBackSetpoint' });
    t.equal(pending.body.data.approvalPending, true, 'B sees the pending approval');
    // Both replicas race for the one approval: exactly one call runs.
    const raced = await Promise.all([a, b, a, b].map((r) => r.call('writeBackSetpoint', { value: 2 })));
    t.same(raced.map((r) => r.status).sort(), [200, 403, 403, 403], 'consumed exactly once');
    t.equal((await b.call('writeBackSetpoint', { value: 3 })).body.status, 'approval_required');
    t.equal((await a.call('writeBackSetpoint', { value: 3 })).body.status, 'approval_required');
    t.equal((await a.call('manageIndustrialProfile', { action: 'setActive', mode: 'DESKTOP_ENGINEER', adminToken: ADMIN_TOKEN })).status, 200);
  });
}
