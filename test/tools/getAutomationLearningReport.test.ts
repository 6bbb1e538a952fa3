/**
 * getAutomationLearningReport: the automation history recorded by the dispatcher, per caller and
 * per process: counts, error categories, learned corrections (self-healing and failure → success
 * with a suggested name), latest failures first, recommendations from the counts; a definition
 * in another key order or as a JSON string is the same process; other callers and other processes
 * are not mixed in; refusals before the tool ran are not counted; the store is bounded; and the
 * REST surface records calls that ran in the worker pool.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { automationHistory, MAX_PER_CALLER, processKeyOf } from '../../src/tools/contract/automation-history.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

type Report = {
  scope: string;
  processKey?: string;
  totalOperations: number;
  successfulOperations: number;
  failedOperations: number;
  successRate: number | null;
  operations: Record<string, number>;
  errorCategories: Record<string, number>;
  learnedCorrections: Record<string, { to: string; reason: string; occurrences: number }>;
  recentFailures: { tool: string; address: string; code?: string; suggestions: string[] }[];
  recommendations: string[];
};

const P = AUTOMATION_PROCESS as unknown as Record<string, unknown>;
let n = 0;
const newCaller = () => `alr-test-${process.pid}-${++n}`;

async function report(subject: string, input: Record<string, unknown> = {}): Promise<Report> {
  const r = await runTool('getAutomationLearningReport', input, { subject });
  if (r.status !== 'success') throw new Error(JSON.stringify(r.errors));
  return r.data as Report;
}

/** The same definition with every object's keys in reverse order. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).reverse().map((k) => [k, reversedKeys((v as Record<string, unknown>)[k])]));
  return v;
}

t.test('before any call: an empty report that says where to start', async (t) => {
  const r = await report(newCaller(), { processJson: P });
  t.equal(r.scope, 'process');
  t.equal(r.totalOperations, 0);
  t.equal(r.successRate, null);
  t.same(r.errorCategories, {});
  t.same(r.learnedCorrections, {});
  t.equal(r.recommendations.length, 1);
  t.match(r.recommendations[0], /listSimulationUnits/);
});

t.test('a session of reads and writes is counted, categorised and learned from', async (t) => {
  const me = newCaller();
  const call = (tool: string, input: Record<string, unknown>) => runTool(tool, { processJson: P, ...input }, { subject: me });
  t.equal((await call('getSimulationVariable', { address: 'export compresor.outPressure', unit: 'bara' })).status, 'success');
  t.equal((await call('getSimulationVariable', { address: 'nothing.here' })).status, 'error');
  t.equal((await call('getSimulationVariable', { address: 'HP Sep.gasOutStream.temperature', unit: 'C' })).status, 'success');
  t.equal((await call('setSimulationVariable', { address: 'HP Sep.gasOutStream.temperature', value: 10, unit: 'C' })).status, 'error');
  t.equal((await call('listUnitVariables', { unitName: 'hp sep' })).status, 'success');
  t.equal((await call('diagnoseAutomation', { failedAddress: 'Aftercooler.nonsenseProperty' })).status, 'success');

  const r = await report(me, { processJson: P });
  t.equal(r.processKey, processKeyOf(P));
  t.equal(r.totalOperations, 6);
  t.equal(r.successfulOperations, 3, 'reads 1 and 3 and the listing; the diagnosis found the address unresolvable');
  t.equal(r.failedOperations, 3);
  t.equal(r.successRate, 0.5);
  t.same(r.operations, { read: 3, write: 1, list: 1, diagnose: 1 });
  t.same(r.errorCategories, { UNIT_NOT_FOUND: 1, READ_ONLY_VARIABLE: 1, PROPERTY_NOT_FOUND: 1 });
  t.same(r.learnedCorrections['export compresor'], { to: 'Export Compressor', reason: 'unit name (spelling)', occurrences: 1 }, 'self-healing of the unit');
  t.equal(r.learnedCorrections.outPressure?.to, 'outletPressure', 'self-healing of the property alias');
  t.equal(r.learnedCorrections['hp sep']?.to, 'HP Sep', 'the listing corrected the unit name');
  t.equal(r.learnedCorrections['nothing.here']?.to, 'HP Sep.gasOutStream.temperature', 'the failed read was followed by a read of a suggested unit');
  t.match(r.learnedCorrections['nothing.here']?.reason, /UNIT_NOT_FOUND/);
  t.same(
    r.recentFailures.map((f) => [f.tool, f.code]),
    [
      ['diagnoseAutomation', 'PROPERTY_NOT_FOUND'],
      ['setSimulationVariable', 'READ_ONLY_VARIABLE'],
      ['getSimulationVariable', 'UNIT_NOT_FOUND'],
    ],
    'latest first',
  );
  t.ok(r.recentFailures[2]!.suggestions.includes('HP Sep'));
  t.ok(r.recommendations.some((s) => /2 address\(es\) did not resolve/.test(s)), r.recommendations.join(' | '));
  t.ok(r.recommendations.some((s) => /only INPUT variables can be set/.test(s)));
  t.ok(r.recommendations.some((s) => /learnedCorrections/.test(s)));
  t.equal((await report(me, { processJson: P, recentFailures: 1 })).recentFailures.length, 1);
  t.equal((await report(me, { processJson: P, recentFailures: 0 })).recentFailures.length, 0);

  // The same process written differently, and the caller-wide scope.
  const asText = await report(me, { processJson: JSON.stringify(reversedKeys(P)) });
  t.equal(asText.processKey, r.processKey, 'key order and JSON-string form do not make another process');
  t.equal(asText.totalOperations, 6);
  const all = await report(me);
  t.equal(all.scope, 'caller');
  t.equal(all.totalOperations, 6);
});

t.test('callers and processes are kept apart; refusals are not counted', async (t) => {
  const alice = newCaller();
  const bob = newCaller();
  const other = { ...P, process: (P.process as unknown[]).slice(0, 2) };
  await runTool('getSimulationVariable', { processJson: P, address: 'HP Sep.gasOutStream.temperature' }, { subject: alice });
  await runTool('listUnitVariables', { processJson: other, unitName: 'HP Sep' }, { subject: alice });
  // Schema errors (400): no answer about the address.
  const bad = await runTool('getSimulationVariable', { processJson: P, address: 'HP Sep.gasOutStream.temperature', extra: 1 }, { subject: alice });
  t.equal(bad.status, 'error');
  t.equal((await report(alice, { processJson: P })).totalOperations, 1);
  t.equal((await report(alice, { processJson: other })).totalOperations, 1);
  t.equal((await report(alice)).totalOperations, 2);
  t.equal((await report(bob)).totalOperations, 0, 'another caller sees none of it');
});

t.test('the history keeps the last calls of each caller', async (t) => {
  const me = newCaller();
  for (let i = 0; i < MAX_PER_CALLER + 5; i++) {
    automationHistory.record(me, { at: new Date(1_700_000_000_000 + i).toISOString(), tool: 'getSimulationVariable', operation: 'read', processKey: 'proc_x', address: `a${i}`, ok: i >= 5, suggestions: [], corrections: [] });
  }
  const r = await report(me);
  t.equal(r.totalOperations, MAX_PER_CALLER);
  t.equal(r.failedOperations, 0, 'the five oldest (the failures) were dropped');
});

t.test('REST: calls run in the worker pool are recorded for the caller', async (t) => {
  const app = await buildTestApp(testConfig());
  t.teardown(() => app.close());
  const before = (await app.inject({ method: 'POST', url: '/v1/tools/getAutomationLearningReport', payload: { processJson: P } })).json().data.totalOperations;
  const read = await app.inject({ method: 'POST', url: '/v1/tools/getSimulationVariable', payload: { processJson: P, address: 'HP Sepp.gasOutStream.temperature' } });
  t.equal(read.statusCode, 200);
  const missing = await app.inject({ method: 'POST', url: '/v1/tools/getSimulationVariable', payload: { processJson: P, address: 'nowhere.temperature' } });
  t.equal(missing.statusCode, 422);
  const res = await app.inject({ method: 'POST', url: '/v1/tools/getAutomationLearningReport', payload: { processJson: P } });
  t.equal(res.statusCode, 200);
  const r = res.json().data as Report;
  t.equal(r.totalOperations - before, 2);
  t.equal(r.learnedCorrections['HP Sepp']?.to, 'HP Sep');
  t.equal(r.errorCategories.UNIT_NOT_FOUND! >= 1, true);
});
