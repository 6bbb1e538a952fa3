/**
 * manageSession: a flowsheet built unit by unit gives exactly what runProcess gives for the same
 * definition; failed additions and writes leave the session as it was; evaluate tries setpoints
 * on a copy; reads equal getSimulationVariable's; sessions belong to their creator, expire and
 * are bounded; concurrent writes to one session are both kept; over REST the solves run in the
 * worker pool.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { SessionStore } from '../../src/tools/process/session/store.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

type Data = Record<string, any>;
interface Reply {
  status: string;
  data: Data;
  errors?: { code: string; message: string; field?: string }[];
}
let callers = 0;
const newOwner = () => `session-test-${process.pid}-${++callers}`;
const call = async (input: Record<string, unknown>, subject?: string): Promise<Reply> => (await runTool('manageSession', input, subject !== undefined ? { subject } : {})) as never;

const FLUID = { model: 'SRK', temperature: 298.15, pressure: 50.0, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
const FEED = { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } };
const SEP = { type: 'Separator', name: 'HP Sep', inlet: 'feed' };
const COMP = { type: 'Compressor', name: 'Comp', inlet: 'HP Sep.gasOut', properties: { outletPressure: [80, 'bara'] } };

async function sessionWith(owner: string, units: Record<string, unknown>[]): Promise<string> {
  const c = await call({ action: 'create', fluid: FLUID, ownerId: owner });
  if (c.status !== 'success') throw new Error(JSON.stringify(c.errors));
  for (const u of units) {
    const r = await call({ action: 'addEquipment', sessionId: c.data.sessionId, equipment: u, ownerId: owner });
    if (r.status !== 'success') throw new Error(JSON.stringify(r.errors));
  }
  return c.data.sessionId as string;
}

t.test('built unit by unit, the session runs what runProcess runs', async (t) => {
  const owner = newOwner();
  const c = await call({ action: 'create', fluid: FLUID, ownerId: owner, name: 'compression' });
  t.equal(c.status, 'success');
  t.match(c.data.sessionId, /^[A-Za-z0-9_-]{32}$/, '24 random bytes, base64url');
  t.equal(c.data.name, 'compression');
  t.equal(c.data.equipmentCount, 0);
  const id = c.data.sessionId;
  const runEmpty = await call({ action: 'run', sessionId: id, ownerId: owner });
  t.equal(runEmpty.errors?.[0]?.code, 'NO_PROCESS');
  // A separator before its feed exists is refused and not added.
  const early = await call({ action: 'addEquipment', sessionId: id, equipment: SEP, ownerId: owner });
  t.equal(early.errors?.[0]?.code, 'EQUIPMENT_ADD_ERROR');
  t.match(early.errors?.[0]?.message, /not added/);
  for (const u of [FEED, SEP, COMP]) {
    const r = await call({ action: 'addEquipment', sessionId: id, equipment: u, ownerId: owner });
    t.equal(r.status, 'success', JSON.stringify(r.errors));
  }
  const state = await call({ action: 'getState', sessionId: id, ownerId: owner });
  t.same(state.data.equipmentList, [{ name: 'feed', type: 'Stream' }, { name: 'HP Sep', type: 'Separator' }, { name: 'Comp', type: 'Compressor' }]);
  t.same(state.data.processJson, { fluid: FLUID, process: [FEED, SEP, COMP] }, 'the definition is exactly what was added');
  const run = await call({ action: 'run', sessionId: id, ownerId: owner });
  const direct = await runTool('runProcess', { fluid: FLUID, process: [FEED, SEP, COMP] });
  t.same(run.data.results, direct.data, 'identical to runProcess');
  t.equal(run.data.runCount, 4, 'three additions and a run');
});

t.test('modify and setValues write into the definition; a failed write changes nothing', async (t) => {
  const owner = newOwner();
  const id = await sessionWith(owner, [FEED, SEP, COMP]);
  const m = await call({ action: 'modify', sessionId: id, address: 'Comp.outletPressure', value: 100, unit: 'bara', ownerId: owner });
  t.equal(m.status, 'success', JSON.stringify(m.errors));
  t.equal(m.data.newValue, 100);
  t.equal(m.data.previousValue, 80);
  t.equal(m.data.reRan, true);
  const state = await call({ action: 'getState', sessionId: id, ownerId: owner });
  const def = state.data.processJson;
  const direct = await runTool('runProcess', def);
  t.same(m.data.results, direct.data, 'the results are those of the stored definition');
  const power = await runTool('getSimulationVariable', { processJson: def, address: 'Comp.power', unit: 'kW' });
  const values = await call({ action: 'getValues', sessionId: id, addresses: ['Comp.power'], unit: 'kW', ownerId: owner });
  t.equal(values.data.values['Comp.power'], (power.data as Data).value, 'getValues reads what getSimulationVariable reads');
  // Two updates, the second invalid: refused, and the first is not kept either.
  const bad = await call({ action: 'setValues', sessionId: id, updates: { 'Comp.outletPressure': 120, 'Comp.nowhere': 1 }, ownerId: owner });
  t.equal(bad.errors?.[0]?.code, 'SET_ERROR');
  t.match(bad.errors?.[0]?.message, /nothing was changed/);
  const after = await call({ action: 'getState', sessionId: id, ownerId: owner });
  t.same(after.data.processJson, def, 'unchanged');
  const good = await call({ action: 'setValues', sessionId: id, updates: { 'Comp.outletPressure': 120, 'feed.temperature': 310 }, ownerId: owner });
  t.equal(good.status, 'success', JSON.stringify(good.errors));
  t.equal(good.data.set['Comp.outletPressure'], 120);
  t.equal(good.data.set['feed.temperature'], 310);
  const noAuto = await call({ action: 'modify', sessionId: id, address: 'Comp.outletPressure', value: 90, autoRun: false, ownerId: owner });
  t.equal(noAuto.errors?.[0]?.code, 'UNSUPPORTED_OPTION');
});

t.test('evaluate tries setpoints on a copy; adjustables list the specifications', async (t) => {
  const owner = newOwner();
  const id = await sessionWith(owner, [FEED, SEP, COMP]);
  const before = await call({ action: 'getValues', sessionId: id, addresses: ['Comp.power', 'Comp.outletPressure'], ownerId: owner });
  const e = await call({ action: 'evaluate', sessionId: id, setpoints: { 'Comp.outletPressure': 120 }, readbacks: ['Comp.power'], ownerId: owner });
  t.equal(e.status, 'success');
  t.equal(e.data.evaluation.feasible, true);
  t.ok(e.data.evaluation.readbacks['Comp.power'] > before.data.values['Comp.power'], 'more power for a higher discharge pressure');
  const after = await call({ action: 'getValues', sessionId: id, addresses: ['Comp.power', 'Comp.outletPressure'], ownerId: owner });
  t.same(after.data.values, before.data.values, 'the session itself is unchanged');
  const missing = await call({ action: 'getValues', sessionId: id, addresses: ['Comp.nowhere'], ownerId: owner });
  t.equal(missing.status, 'error');
  const adj = await call({ action: 'adjustables', sessionId: id, ownerId: owner });
  t.ok(adj.data.adjustableParameters.parameters.some((p: Data) => p.address === 'Comp.outletPressure'));
});

t.test('sessions belong to their creator', async (t) => {
  const alice = newOwner();
  const id = await sessionWith(alice, [FEED]);
  const other = await call({ action: 'getState', sessionId: id, ownerId: 'someone-else' });
  t.equal(other.errors?.[0]?.code, 'SESSION_NOT_FOUND');
  t.same((await call({ action: 'list', ownerId: 'someone-else' })).data.sessions.filter((s: Data) => s.sessionId === id), []);
  t.equal((await call({ action: 'list', ownerId: alice })).data.count, 1);
  // An authenticated subject owns its sessions; an ownerId it sends cannot reach another's.
  const mine = await call({ action: 'create', fluid: FLUID }, 'oidc|carol');
  t.equal(mine.data.ownerId, 'oidc|carol');
  const spoof = await call({ action: 'getState', sessionId: mine.data.sessionId, ownerId: 'oidc|carol' });
  t.equal(spoof.errors?.[0]?.code, 'SESSION_NOT_FOUND', 'an anonymous caller naming the subject gets nothing');
  const impersonate = await call({ action: 'getState', sessionId: id, ownerId: alice }, 'oidc|mallory');
  t.equal(impersonate.errors?.[0]?.code, 'SESSION_NOT_FOUND', 'ownerId is ignored for an authenticated caller');
  t.equal((await call({ action: 'getState', sessionId: mine.data.sessionId }, 'oidc|carol')).status, 'success');
  const closed = await call({ action: 'close', sessionId: id, ownerId: alice });
  t.equal(closed.data.closed, true);
  t.equal((await call({ action: 'getState', sessionId: id, ownerId: alice })).errors?.[0]?.code, 'SESSION_NOT_FOUND');
  t.equal((await call({ action: 'close', sessionId: id, ownerId: alice })).errors?.[0]?.code, 'SESSION_NOT_FOUND', 'closing a closed session: not found');
});

t.test("another owner's close (and any other action) answers 404 exactly as a missing session", async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/manageSession', payload: payload as never });
  const alice = newOwner();
  const id = (await post({ action: 'create', fluid: FLUID, ownerId: alice })).json().data.sessionId as string;
  const strip = (body: Record<string, any>) => ({ ...body, provenance: undefined });
  for (const action of ['close', 'getState', 'run', 'addEquipment', 'getValues']) {
    const foreign = await post({ action, sessionId: id, ownerId: 'mallory', equipment: FEED, addresses: ['feed.temperature'] });
    const missing = await post({ action, sessionId: 'no-such-session', ownerId: 'mallory', equipment: FEED, addresses: ['feed.temperature'] });
    t.equal(foreign.statusCode, 404, `${action} by a non-owner`);
    t.equal(foreign.json().errors[0].code, 'SESSION_NOT_FOUND');
    t.same(strip(foreign.json()), strip(missing.json()), `${action}: the same answer as for a session that does not exist`);
  }
  const still = await post({ action: 'getState', sessionId: id, ownerId: alice });
  t.equal(still.statusCode, 200, "the owner's session is untouched");
  t.equal((await post({ action: 'close', sessionId: id, ownerId: alice })).json().data.closed, true);
});

t.test('a full session store is a quota: 429 SESSION_LIMIT', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/manageSession', payload: payload as never });
  const filler = newOwner();
  const made: string[] = [];
  t.teardown(async () => {
    for (const sessionId of made) await post({ action: 'close', sessionId, ownerId: filler });
  });
  for (let k = 0; k < 60; k++) {
    const r = await post({ action: 'create', fluid: FLUID, ownerId: filler });
    if (r.statusCode !== 200) {
      t.equal(r.statusCode, 429, 'the store is full');
      t.equal(r.json().errors[0].code, 'SESSION_LIMIT');
      break;
    }
    made.push(r.json().data.sessionId);
  }
  t.ok(made.length <= 50, `${made.length} sessions made before the limit`);
});

t.test('concurrent writes to one session are both kept', async (t) => {
  const owner = newOwner();
  const id = await sessionWith(owner, [FEED, SEP]);
  const [a, b] = await Promise.all([
    call({ action: 'addEquipment', sessionId: id, equipment: COMP, ownerId: owner }),
    call({ action: 'setValues', sessionId: id, updates: { 'feed.temperature': 305 }, ownerId: owner }),
  ]);
  t.equal(a.status, 'success');
  t.equal(b.status, 'success');
  const s = await call({ action: 'getState', sessionId: id, ownerId: owner });
  t.equal(s.data.equipmentCount, 3, 'the compressor is there');
  t.same(s.data.processJson.process[0].properties.temperature, [305, 'K'], 'and the feed temperature written');
});

t.test('the store: expiry after 30 idle minutes, at most 50 sessions', async (t) => {
  let now = 0;
  const store = new SessionStore(() => now, 3);
  const def = { fluid: {}, process: [] };
  const a = store.create('u', undefined, def)!;
  now += 29 * 60_000;
  t.ok(store.get(a.id, 'u'), 'touched within 30 minutes');
  now += 29 * 60_000;
  t.ok(store.get(a.id, 'u'), 'idle time counts from the last access');
  store.create('u', undefined, def);
  store.create('u', undefined, def);
  t.equal(store.create('u', undefined, def), undefined, 'full');
  now += 31 * 60_000;
  t.equal(store.get(a.id, 'u'), undefined, 'expired');
  t.ok(store.create('u', undefined, def), 'expired ones make room');
  t.equal(store.size, 1);
});

t.test('input errors', async (t) => {
  t.equal((await call({ action: 'Create' })).errors?.[0]?.code, 'UNKNOWN_ACTION');
  t.equal((await call({ action: 'create' })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await call({ action: 'create', fluid: FLUID, processJson: { fluid: FLUID, process: [] } })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await call({ action: 'create', processJson: { fluid: FLUID, process: [SEP] } })).errors?.[0]?.code, 'PROCESS_BUILD_ERROR');
  t.equal((await call({ action: 'run' })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await call({ action: 'run', sessionId: 'nope' })).errors?.[0]?.code, 'SESSION_NOT_FOUND');
  const fromJson = await call({ action: 'create', processJson: { fluid: FLUID, process: [FEED, SEP] }, ownerId: newOwner() });
  t.equal(fromJson.status, 'success');
  t.equal(fromJson.data.equipmentCount, 2);
  t.ok(fromJson.data.results.units, 'a processJson session is run when created');
});

t.test('REST: the session lives in the server, its solves run in the pool', async (t) => {
  const app = await buildTestApp(testConfig());
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/manageSession', payload: payload as never });
  const owner = newOwner();
  const c = await post({ action: 'create', fluid: FLUID, ownerId: owner });
  t.equal(c.statusCode, 200);
  const id = c.json().data.sessionId;
  const add = await post({ action: 'addEquipment', sessionId: id, equipment: FEED, ownerId: owner });
  t.equal(add.statusCode, 200, add.body);
  const bad = await post({ action: 'addEquipment', sessionId: id, equipment: { type: 'Compressor', name: 'C', inlet: 'nowhere' }, ownerId: owner });
  t.equal(bad.statusCode, 422);
  t.equal(bad.json().errors[0].code, 'EQUIPMENT_ADD_ERROR');
  const missing = await post({ action: 'getState', sessionId: 'nope', ownerId: owner });
  t.equal(missing.statusCode, 404);
});
