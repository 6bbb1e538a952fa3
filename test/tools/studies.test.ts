/**
 * runBatch, runParametricStudy and crossValidateModels: each case equals the single-call tool it
 * is made of (runFlash; setSimulationVariable + getSimulationVariable; runProcess under each
 * model), the original's batch example, the case plans (one at a time, full factorial, centre),
 * per-case failures that do not stop the rest, and the refusals checked before anything runs.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { loadReference } from '../helpers/reference.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
async function call(name: string, input: unknown): Promise<Envelope<any>> {
  const tool = getTool(name)!;
  const env = (await tool.run(input as never, ctx)) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `${name}: output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
}
const P = AUTOMATION_PROCESS;

t.test('registered as advanced CALCULATION tools; examples run', async (t) => {
  for (const [name, since] of [['runBatch', 'v1.0'], ['runParametricStudy', 'v1.1'], ['crossValidateModels', 'v1.1']]) {
    const tool = getTool(name!)!;
    t.same([tool.tier, tool.category, tool.since, tool.execution], ['advanced', 'CALCULATION', since, 'pool'], name);
    for (const ex of tool.examples) t.equal((await call(name!, ex.input)).status, 'success', `${name} ${ex.name}`);
  }
});

t.test('runBatch: every case is runFlash of the merged input', async (t) => {
  for (const ex of getTool('runBatch')!.examples) {
    const input = ex.input as { cases: Record<string, unknown>[] } & Record<string, unknown>;
    const d = (await call('runBatch', input)).data;
    const { cases, ...base } = input;
    t.equal(d.summary.succeeded, cases.length, ex.name);
    cases.forEach((c, i) => t.same(d.results[i].data, runFlash({ ...base, ...c }).data, `${ex.name} case ${i}`));
  }
  const partial = await call('runBatch', { model: 'SRK', components: { methane: 1 }, temperature: 300, cases: [{ pressure: 10 }, { components: { unobtainium: 1 } }, { pressure: 20 }] });
  t.equal(partial.status, 'success');
  t.same(partial.data.summary, { totalCases: 3, succeeded: 2, failed: 1, failedCaseIndices: [1] });
  t.equal(partial.data.results[1].errors[0].code, 'UNKNOWN_COMPONENT');
  t.match(partial.data.results[1].errors[0].field, /^cases\.1\./, 'the failed field is located in its case');
  t.ok(partial.warnings.some((w) => w.code === 'CONVERGENCE_WARNING'));
  const none = await call('runBatch', { model: 'SRK', cases: [{ components: { unobtainium: 1 } }] });
  t.equal(none.errors?.[0]?.code, 'ALL_CASES_FAILED');
});

t.test("runBatch: the original's pressure sweep, densities as its EOS gives them", async (t) => {
  const input = loadReference<any>(t, 'neqsim-responses/catalog-inputs/batch__pressure-sweep.json');
  const out = loadReference<any>(t, 'neqsim-responses/outputs/runBatch__batch__pressure-sweep.out.json');
  if (!input || !out) return;
  const d = (await call('runBatch', input)).data;
  out.results.forEach((r: any, i: number) => {
    for (const phase of Object.keys(r.fluid.properties).filter((k) => k !== 'overall' && typeof r.fluid.properties[k] === 'object')) {
      const theirs = Number(r.fluid.properties[phase].density.value);
      const ours = d.results[i].data.fluid.properties[phase]?.density?.value;
      t.ok(Math.abs(ours / theirs - 1) < 1e-8, `case ${i} ${phase}: ${ours} vs ${theirs}`);
    }
  });
});

t.test('runParametricStudy: each case equals the same writes made one by one', async (t) => {
  const input = getTool('runParametricStudy')!.examples[0]!.input as any;
  const d = (await call('runParametricStudy', input)).data;
  t.equal(d.totalCases, 15, '5 × 3 full factorial');
  t.equal(d.convergedCases, 15);
  for (const c of [d.cases[0], d.cases[7], d.cases[14]]) {
    let doc: any = P;
    for (const [address, value] of Object.entries<number>(c.inputs)) {
      const unit = input.sweeps.find((s: any) => s.address === address).unit;
      doc = (await call('setSimulationVariable', { processJson: doc, address, value, unit })).data.processJson;
    }
    for (const o of input.outputs) {
      const single = (await call('getSimulationVariable', { processJson: doc, address: o.address, unit: o.unit })).data.value;
      t.equal(c.outputs[o.address], single, `case ${c.caseIndex}: ${o.address}`);
    }
  }
  // More discharge pressure, more power, at a fixed cooler temperature.
  const at40 = d.cases.filter((c: any) => c.inputs['Aftercooler.outletTemperature'] === 40).map((c: any) => c.outputs['Export Compressor.power']);
  t.ok(at40.every((p: number, i: number) => i === 0 || p > at40[i - 1]), 'power rises with discharge pressure');
  const s = d.outputSummary['Export Compressor.power'];
  t.same([s.sampleCount, s.unit], [15, 'kW']);
  t.ok(s.min <= s.mean && s.mean <= s.max);
});

t.test('runParametricStudy: one at a time around the midpoint or the base', async (t) => {
  const sweeps = [
    { address: 'Export Compressor.outletPressure', unit: 'bara', values: [100, 120, 140] },
    { address: 'feed.flowRate', unit: 'kg/hr', values: [8000, 9000, 10000, 12000] },
  ];
  const outputs = [{ address: 'Export Compressor.power', unit: 'kW' }];
  const mid = (await call('runParametricStudy', { baseProcess: P, sweeps, outputs })).data;
  t.equal(mid.totalCases, 7, '3 + 4 cases');
  t.same(mid.cases[0].inputs, { 'Export Compressor.outletPressure': 100, 'feed.flowRate': 10000 }, 'the other sweep at values[n/2]');
  const base = (await call('runParametricStudy', { baseProcess: P, sweeps, outputs, centre: 'base' })).data;
  t.same(base.cases[0].inputs, { 'Export Compressor.outletPressure': 100 }, 'the other sweep left at the base process');
  const p120 = base.cases.find((c: any) => c.inputs['Export Compressor.outletPressure'] === 120);
  const plain = (await call('getSimulationVariable', { processJson: P, address: 'Export Compressor.power', unit: 'kW' })).data.value;
  t.equal(p120.outputs['Export Compressor.power'], plain, 'the base case (120 bara is the base) reproduces the plain process');
});

t.test('runParametricStudy: per-case failures and up-front refusals', async (t) => {
  const outputs = [{ address: 'Export Compressor.power' }];
  const some = await call('runParametricStudy', { baseProcess: P, sweeps: [{ address: 'Export Compressor.outletPressure', values: [30, 120] }], outputs });
  t.equal(some.status, 'success');
  t.same([some.data.convergedCases, some.data.failedCases], [1, 1], 'a discharge below the suction fails alone');
  t.ok(some.data.cases[0].error.code, 'with its code');
  t.ok(some.warnings.some((w) => w.code === 'CONVERGENCE_WARNING'));
  const cases: [unknown, string, string][] = [
    [{ baseProcess: P, sweeps: [{ address: 'Nope.x', values: [1] }], outputs }, 'UNIT_NOT_FOUND', 'sweeps.0.address'],
    [{ baseProcess: P, sweeps: [{ address: 'Export Compressor.power', values: [1] }], outputs }, 'READ_ONLY_VARIABLE', 'sweeps.0'],
    [{ baseProcess: P, sweeps: [{ address: 'Export Compressor.outletPressure', values: [5000] }], outputs }, 'VALUE_OUT_OF_BOUNDS', 'sweeps.0'],
    [{ baseProcess: P, sweeps: [{ address: 'Export Compressor.outletPressure' }], outputs }, 'INVALID_SWEEP', 'sweeps.0'],
    [{ baseProcess: P, sweeps: [{ address: 'Export Compressor.outletPressure', values: [100] }], outputs: [{ address: 'HP Sep.top.temperature' }] }, 'PORT_NOT_FOUND', 'outputs.0.address'],
    [{ baseProcess: P, sweeps: [{ address: 'feed.flowRate', from: 1000, to: 2000, steps: 100 }, { address: 'feed.temperature', from: 280, to: 300, steps: 100 }], outputs, mode: 'full_factorial' }, 'TOO_MANY_CASES', 'sweeps'],
  ];
  for (const [input, code, field] of cases) {
    const env = await call('runParametricStudy', input);
    t.equal(env.errors?.[0]?.code, code, code);
    t.equal(env.errors?.[0]?.field, field, `${code}: field`);
  }
});

t.test('crossValidateModels: each model equals runProcess under it; spread and risk', async (t) => {
  const compareVariables = [{ address: 'Export Compressor.power', unit: 'kW' }, { address: 'HP Sep.gasOutStream.density' }];
  const env = await call('crossValidateModels', { baseProcess: P, models: ['SRK', 'pr'], compareVariables, tolerances: { power: 0.01, default: 50 } });
  const d = env.data;
  t.same(d.modelsCompared, ['SRK', 'PR']);
  for (const m of ['SRK', 'PR']) {
    const single = (await call('getSimulationVariable', { processJson: { ...P, fluid: { ...P.fluid!, model: m } }, address: 'Export Compressor.power', unit: 'kW' })).data.value;
    t.equal(d.modelResults.find((r: any) => r.model === m).values['Export Compressor.power'], single, `${m}: same as the process run under ${m}`);
  }
  const power = d.crossComparison.find((c: any) => c.address === 'Export Compressor.power');
  t.ok(Math.abs(power.spreadPercent - (100 * (power.max - power.min)) / Math.abs(power.mean)) < 1e-12);
  t.equal(power.tolerancePercent, 0.01, 'tolerance by address substring');
  t.equal(power.riskLevel, power.spreadPercent > 0.02 ? 'HIGH' : power.spreadPercent > 0.01 ? 'MEDIUM' : 'LOW');
  t.equal(d.crossComparison.find((c: any) => c.address === 'HP Sep.gasOutStream.density').riskLevel, 'LOW', 'default tolerance 50 %');
  t.match(d.riskAssessment.overallRisk, power.riskLevel === 'HIGH' ? /^HIGH/ : /^(LOW|MEDIUM)/);
  const bad = await call('crossValidateModels', { baseProcess: P, models: ['SRK', 'PRLK'], compareVariables });
  t.equal(bad.errors?.[0]?.code, 'UNSUPPORTED_MODEL');
  const dup = await call('crossValidateModels', { baseProcess: P, models: ['SRK', 'srk'], compareVariables });
  t.equal(dup.errors?.[0]?.code, 'DUPLICATE_MODEL');
});

t.test('compareProcesses: metrics and shared figures equal each case run alone', async (t) => {
  const { runProcess } = await import('../../src/tools/process/runProcess/runProcess.js');
  const input = getTool('compareProcesses')!.examples[0]!.input as any;
  const env = await call('compareProcesses', input);
  t.equal(env.status, 'success');
  const d = env.data;
  t.same(d.caseNames, ['120 bara', '140 bara']);
  for (const [i, c] of input.cases.entries()) {
    const alone = runProcess(c.process).data as any;
    const m = d.cases[i].metrics;
    t.equal(m.totalShaftPower_kW, alone.energyBalance.shaftPower_kW, `${c.name}: shaft power`);
    t.equal(m.heatRemoved_kW, -alone.units.Aftercooler.duty_kW, `${c.name}: cooler duty as heat removed`);
    t.equal(m.feedMassFlow_kg_hr, alone.massBalance.in_kg_hr);
  }
  const power = d.sharedUnitFigures.find((f: any) => f.unit === 'Export Compressor' && f.figure === 'power_kW');
  t.ok(power.differenceToFirst['140 bara'] > 0, 'more discharge pressure, more power');
  t.equal(power.differenceToFirst['120 bara'], 0);
  const oneFails = await call('compareProcesses', { cases: [input.cases[0], { name: 'broken', process: { ...input.cases[0].process, process: [{ type: 'Stream', name: 'feed' }] } }] });
  t.equal(oneFails.status, 'success');
  t.same([oneFails.data.cases[1].converged, oneFails.data.cases[1].error.code], [false, 'MISSING_FLOW_RATE']);
  const dup = await call('compareProcesses', { cases: [{ name: 'a', process: P }, { name: 'a', process: P }] });
  t.equal(dup.errors?.[0]?.code, 'DUPLICATE_CASE_NAME');
});

t.test('runProcessLoop: trials independent of their order, each equal to the writes made alone', async (t) => {
  const readbacks = ['Export Compressor.power', 'Aftercooler.duty'];
  const trials = [{ 'Export Compressor.outletPressure': 140 }, { 'Export Compressor.outletPressure': 100, 'feed.flowRate': 12000 }, { 'Export Compressor.outletPressure': 140 }];
  const d = (await call('runProcessLoop', { processJson: P, trials, readbacks })).data;
  t.same(d.trials[0].readbacks, d.trials[2].readbacks, 'the same trial gives the same answer wherever it stands');
  let doc: any = P;
  for (const [address, value] of Object.entries(trials[1]!)) doc = (await call('setSimulationVariable', { processJson: doc, address, value })).data.processJson;
  for (const a of readbacks) t.equal(d.trials[1].readbacks[a], (await call('getSimulationVariable', { processJson: doc, address: a })).data.value, `trial 1 ${a}`);
  t.equal(d.feasibleCount, 3);
  const mixed = (await call('runProcessLoop', { processJson: P, trials: [{ 'Export Compressor.power': 1 }, { 'Export Compressor.outletPressure': 30 }, { 'Nope.x': 1 }], readbacks: ['Export Compressor.power'] })).data.trials;
  t.match(mixed[0].setpointsRejected['Export Compressor.power'], /^READ_ONLY_VARIABLE/);
  t.equal(mixed[0].feasible, false, 'a rejected setpoint makes the trial infeasible');
  t.same([mixed[1].runSucceeded, mixed[1].feasible], [false, false], 'a discharge below suction does not solve');
  t.match(mixed[2].setpointsRejected['Nope.x'], /^UNIT_NOT_FOUND/);
  const bad = await call('runProcessLoop', { processJson: P, trials: [{}], readbacks: ['Nope.power'] });
  t.equal(bad.errors?.[0]?.field, 'readbacks.0', 'readbacks are checked before any trial');
});

t.test('HTTP: 200 and 400', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (tool: string, payload: unknown) => app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  t.equal((await post('runBatch', { model: 'SRK', components: { methane: 1 }, temperature: 300, cases: [{ pressure: 10 }] })).statusCode, 200);
  t.equal((await post('runBatch', { cases: [] })).statusCode, 400);
  t.equal((await post('runParametricStudy', { baseProcess: P, sweeps: [], outputs: [] })).statusCode, 400);
});
