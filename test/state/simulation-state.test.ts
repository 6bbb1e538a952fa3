/**
 * saveSimulationState and compareSimulationStates: the snapshot reproduces the runProcess
 * result, is written atomically into the sandbox (manageState reads it back), its checksum
 * detects edits, the diff finds exactly what changed, and governance/audit apply (EXECUTION).
 */
import t from 'tap';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureStateStore } from '../../src/tools/process/state/config.js';
import { configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import { canonicalJson, snapshotChecksum, type ProcessStateSnapshot } from '../../src/tools/process/state/snapshot.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';

configureAudit({ destination: 'off' });

function sandbox(maxBytes = 1_000_000) {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'neqsim-simstate-')));
  const root = join(base, '.neqsim');
  const dir = join(root, 'saved_simulations');
  mkdirSync(dir, { recursive: true });
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes });
  return dir;
}

const ctx = { subject: 'carol', transport: 'api' as const };
const compression = RUN_PROCESS_EXAMPLES.find((e) => e.name === 'compression-with-cooling')!.input;

t.test('the snapshot holds the runProcess result and is saved where manageState finds it', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const dir = sandbox();
  const dispatch = createDispatcher({ timeoutMs: 10_000 });
  const r = await dispatch('saveSimulationState', { processJson: compression, stateName: 'compressor study', stateVersion: '2.0', description: 'base case' }, ctx);
  t.equal(r.httpStatus, 200, r.body);
  const data = r.envelope.data as { filename: string; persisted: boolean; checksum: string; state: ProcessStateSnapshot; equipmentCount: number; streamCount: number };
  t.equal(data.filename, 'compressor_study_v2.0.json');
  t.equal(data.persisted, true);
  t.same(readdirSync(dir), ['compressor_study_v2.0.json'], 'one file, no temp file left');

  const run = runProcess(compression);
  if (run.status !== 'success' || !run.data) throw new Error('runProcess failed');
  const s = data.state;
  t.equal(s.equipmentStates.length, Object.keys(run.data.units).length);
  t.equal(data.equipmentCount, s.equipmentStates.length);
  t.equal(data.streamCount, Object.keys(run.data.streams).length);
  const comp = s.equipmentStates.find((e) => e.name === 'Compressor')!;
  t.equal(comp.type, 'Compressor');
  t.equal(comp.numericProperties.power_kW, (run.data.units.Compressor as Record<string, unknown>).power_kW, 'same figures as runProcess');
  t.equal(s.streamStates.Aftercooler.temperature_C, run.data.streams.Aftercooler.temperature_C);
  t.same(s.connectionStates.find((c) => c.to === 'Compressor'), { from: 'Suction Scrubber.gasOut', to: 'Compressor' });
  t.same(s.processDefinition, compression, 'the definition that reproduces the state');
  t.equal(s.createdBy, 'carol');
  t.equal(s.checksum, snapshotChecksum(s));
  t.match(s.checksum, /^[0-9a-f]{64}$/);

  const onDisk = JSON.parse(readFileSync(join(dir, data.filename), 'utf8'));
  t.equal(onDisk.format, 'neqsim-saved-state');
  t.equal(onDisk.state.checksum, s.checksum);
  const loaded = await dispatch('manageState', { action: 'load', filename: data.filename }, ctx);
  t.equal(loaded.httpStatus, 200);
  t.equal(canonicalJson((loaded.envelope.data as { savedState: { state: unknown } }).savedState.state), canonicalJson(s), 'manageState load returns the same snapshot');

  const second = await dispatch('saveSimulationState', { processJson: compression, stateName: 'compressor study', stateVersion: '2.0' }, ctx);
  t.equal((second.envelope.data as { filename: string }).filename, 'compressor_study_v2.0_1.json', 'never overwrites');
  t.equal((second.envelope.data as { checksum: string }).checksum, data.checksum, 'same definition, same content checksum (timestamps excluded)');
});

t.test('persist: false returns the snapshot and writes nothing', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const dir = sandbox();
  const r = await createDispatcher({ timeoutMs: 10_000 })('saveSimulationState', { processJson: compression, stateName: 'dry run', persist: false }, ctx);
  t.equal(r.httpStatus, 200, r.body);
  t.equal((r.envelope.data as { persisted: boolean }).persisted, false);
  t.notOk((r.envelope.data as { filename?: string }).filename);
  t.same(readdirSync(dir), []);
});

t.test('a process that cannot be solved saves nothing and reports why', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const dir = sandbox();
  const bad = structuredClone(compression) as RunProcessInput & { process: { properties?: Record<string, unknown> }[] };
  bad.process[2].properties = { outletPressure: [5, 'bara'] };
  const r = await createDispatcher({ timeoutMs: 10_000 })('saveSimulationState', { processJson: bad, stateName: 'broken' }, ctx);
  t.equal(r.httpStatus, 422, r.body);
  t.equal(r.envelope.errors?.[0].code, 'PROCESS_ERROR');
  t.equal(r.envelope.errors?.[0].field, 'unit:Compressor');
  t.same(readdirSync(dir), []);
  const last = recentAuditEvents().filter((e) => e.tool === 'saveSimulationState').at(-1);
  t.match(last, { subject: 'carol', outcome: 'error', category: 'EXECUTION', detail: 'PROCESS_ERROR' });
});

t.test('an oversized snapshot is refused by the store with 413', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const dir = sandbox(2_000);
  const r = await createDispatcher({ timeoutMs: 10_000 })('saveSimulationState', { processJson: compression, stateName: 'big' }, ctx);
  t.equal(r.httpStatus, 413, r.body);
  t.equal(r.envelope.errors?.[0].code, 'STATE_TOO_LARGE');
  t.same(readdirSync(dir), []);
});

t.test('governance: EXECUTION is blocked in DIGITAL_TWIN and ENTERPRISE, allowed in STUDY_TEAM', async (t) => {
  sandbox();
  const input = { processJson: compression, stateName: 'gov', persist: false };
  for (const [profile, status] of [['STUDY_TEAM', 200], ['DIGITAL_TWIN', 403], ['ENTERPRISE', 403]] as const) {
    configureGovernance({ profile });
    const r = await createDispatcher({ timeoutMs: 10_000 })('saveSimulationState', input, ctx);
    t.equal(r.httpStatus, status, `${profile}: ${r.body.slice(0, 200)}`);
    if (status === 403) t.equal(r.envelope.status, 'blocked');
  }
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
});

t.test('compareSimulationStates finds exactly what changed and checks checksums', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  sandbox();
  const dispatch = createDispatcher({ timeoutMs: 10_000 });
  const snap = async (def: unknown, version: string) => {
    const r = await dispatch('saveSimulationState', { processJson: def, stateName: 'cmp', stateVersion: version, persist: false }, ctx);
    return (r.envelope.data as { state: ProcessStateSnapshot }).state;
  };
  const a = await snap(compression, '1');
  const changedDef = structuredClone(compression) as RunProcessInput & { process: { properties?: Record<string, unknown> }[] };
  changedDef.process[2].properties = { ...changedDef.process[2].properties, isentropicEfficiency: 0.85 };
  const b = await snap(changedDef, '2');

  const same = await dispatch('compareSimulationStates', { stateJson1: a, stateJson2: structuredClone(a) }, ctx);
  t.equal(same.httpStatus, 200, same.body);
  t.equal((same.envelope.data as { hasChanges: boolean }).hasChanges, false);

  const diff = await dispatch('compareSimulationStates', { stateJson1: a, stateJson2: b }, ctx);
  const d = diff.envelope.data as { hasChanges: boolean; diff: { modifiedParameters: Record<string, string>; modifiedStreams: Record<string, string>; definitionChanged: boolean; addedEquipment: string[] }; versions: string[]; checksumsValid: boolean[] };
  t.equal(d.hasChanges, true);
  t.equal(d.diff.definitionChanged, true);
  t.same(d.versions, ['1', '2']);
  t.same(d.checksumsValid, [true, true]);
  t.ok(d.diff.modifiedParameters['Compressor.power_kW'], 'compressor power changed');
  t.ok(d.diff.modifiedParameters['Compressor.isentropicEfficiency']);
  t.ok(d.diff.modifiedStreams['Compressor.temperature_C'], 'discharge temperature changed');
  t.notOk(d.diff.modifiedParameters['Suction Scrubber.temperature_C'], 'upstream of the change nothing moved');
  t.notOk(Object.keys(d.diff.modifiedStreams).some((k) => k.startsWith('feed.')), 'feed unchanged');
  t.same(d.diff.addedEquipment, []);

  // Removing the cooler: its unit and stream disappear.
  const shorter = { ...compression, process: (compression.process as unknown[]).slice(0, 3) };
  const c = await snap(shorter, '3');
  const removed = await dispatch('compareSimulationStates', { stateJson1: a, stateJson2: c }, ctx);
  t.match(removed.envelope.data, { diff: { removedEquipment: ['Aftercooler'], removedStreams: ['Aftercooler'] } });

  // An edited number no longer matches the checksum.
  const tampered = structuredClone(a);
  tampered.streamStates.Aftercooler.temperature_C += 1;
  const t2 = await dispatch('compareSimulationStates', { stateJson1: a, stateJson2: tampered }, ctx);
  t.same((t2.envelope.data as { checksumsValid: boolean[] }).checksumsValid, [true, false]);

  // The wrapped documents manageState returns are accepted; anything else is a structured 422.
  const wrapped = await dispatch('compareSimulationStates', { stateJson1: { format: 'neqsim-saved-state', state: a }, stateJson2: a }, ctx);
  t.equal((wrapped.envelope.data as { hasChanges: boolean }).hasChanges, false);
  const bad = await dispatch('compareSimulationStates', { stateJson1: { foo: 1 }, stateJson2: a }, ctx);
  t.equal(bad.httpStatus, 422);
  t.equal(bad.envelope.errors?.[0].code, 'INVALID_STATE');
  t.ok(bad.envelope.errors?.[0].fix);
});
