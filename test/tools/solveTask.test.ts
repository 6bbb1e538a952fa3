/**
 * solveTask: each known task type gives a fixed plan, runs it, and hands back results.json and a
 * handoff that passes validateHandoff; the numbers are the tools' own (a separation train's first
 * stage gas equals runFlash's gas at that stage); the same task gives the same answer; anything
 * else is refused with the list of known types.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { getTool } from '../../src/tools/registry.js';
import { TASK_TYPES } from '../../src/tools/platform/solveTask/plans.js';

type Data = Record<string, any>;
const solve = async (input: Record<string, unknown>): Promise<Data> => (await runTool('solveTask', input)) as Data;
const example = (tool: string, name: string) => getTool(tool)!.examples.find((e) => e.name === name)!.input as Data;

t.test('separation train: the plan runs, balances, and stage 1 gas is runFlash\'s gas at stage 1', async (t) => {
  const input = example('solveTask', 'separation-train');
  const r = await solve(input);
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  t.equal(r.data.taskType, 'separation_train');
  t.match(r.data.classifiedBy, /keyword/);
  t.same(r.data.plan.steps.map((s: Data) => s.tool), ['runProcess']);
  const units = r.data.plan.steps[0].input.process.map((u: Data) => u.name);
  t.same(units, ['feed', 'Stage 1', 'Valve 2', 'Heater 2', 'Stage 2', 'Valve 3', 'Heater 3', 'Stage 3']);
  const k = r.data.resultsJson.key_results as Data;
  t.ok(Math.abs(k.mass_balance_relative_error) < 1e-9, `mass balance ${k.mass_balance_relative_error}`);
  const flash = (await runTool('runFlash', { model: 'PR', components: input.fluid.components, temperature: { value: 60, unit: 'C' }, pressure: { value: 70, unit: 'bara' } })) as Data;
  const c = flash.data.fluid.conditions;
  const gasShare = c.gas['mass flow'] / c.overall['mass flow'];
  const stage1Gas = k['Stage 1.gasOut.massFlow_kg_hr'] as number;
  t.ok(Math.abs(stage1Gas - gasShare * 50000) / stage1Gas < 1e-6, `stage 1 gas ${stage1Gas.toFixed(2)} kg/hr = flash gas share ${gasShare.toFixed(6)} × 50 000`);
  t.equal(r.data.handoffs[0].handoff_type, 'process_simulation');
  t.equal(r.data.handoffChecks[0].valid, true, JSON.stringify(r.data.handoffChecks[0].checks));
  const again = await solve(input);
  t.same(again.data.plan, r.data.plan, 'same task, same plan');
  t.same(again.data.resultsJson.key_results, r.data.resultsJson.key_results, 'same task, same results');
});

t.test('fluid characterisation, hydrate margin, relief sizing, gas quality', async (t) => {
  const fluid = { model: 'SRK', components: { methane: 0.8, propane: 0.1, 'n-hexane': 0.1 }, temperature_C: -20, pressure_bara: 50 };
  const fc = await solve({ task: 'Characterise this fluid and its phase envelope', fluid });
  t.equal(fc.data.taskType, 'fluid_characterisation');
  t.same(fc.data.plan.steps.map((s: Data) => s.tool), ['runFlash', 'getPhaseEnvelope']);
  t.equal(fc.data.handoffs[0].number_of_phases, 2);
  t.ok(fc.data.handoffChecks[0].valid);

  const hm = await solve(example('solveTask', 'hydrate-margin'));
  t.equal(hm.status, 'success', JSON.stringify(hm.errors));
  t.equal(hm.data.handoffs[0].handoff_type, 'flow_assurance');
  const direct = (await runTool('runFlowAssurance', { analysis: 'hydrateRiskMap', model: 'SRK', components: example('solveTask', 'hydrate-margin').fluid.components, profilePoints: [{ km: 0, pressure_bara: 95, temperature_C: 8 }] })) as Data;
  t.equal(hm.data.handoffs[0].hydrate_temperature_C, direct.data.profile[0].hydrateTemperature_C, 'hydrate temperature is runFlowAssurance\'s');

  const rs = await solve({ task: 'Size the PSV', relief: example('runRelief', 'gas-psv') });
  t.equal(rs.data.taskType, 'relief_sizing');
  t.equal(rs.data.handoffs[0].handoff_type, 'safety_analysis');
  t.ok(rs.data.handoffChecks[0].valid);

  const gq = await solve(example('solveTask', 'gas-quality'));
  t.equal(gq.data.taskType, 'gas_quality');
  const iso = (await runTool('calculateStandard', { standard: 'ISO6976_2016', components: example('solveTask', 'gas-quality').fluid.components })) as Data;
  t.equal(gq.data.resultsJson.key_results.superiorWobbeIndex_MJ_Sm3, iso.data.results.superiorWobbeIndex_MJ_Sm3, `Wobbe index ${iso.data.results.superiorWobbeIndex_MJ_Sm3} MJ/Sm3, calculateStandard's`);
  t.same(gq.data.handoffs, [], 'no seed-002 handoff for a gas quality');
});

t.test('refusals: unknown, ambiguous, incomplete tasks', async (t) => {
  const unknown = await solve({ task: 'Design a LNG liquefaction cycle' });
  t.equal(unknown.errors[0].code, 'UNSUPPORTED_TASK');
  for (const type of TASK_TYPES) t.match(unknown.errors[0].fix, type, `the refusal lists ${type}`);
  const ambiguous = await solve({ task: 'Hydrate margin and PSV relief for the separator' });
  t.equal(ambiguous.errors[0].code, 'AMBIGUOUS_TASK');
  const missing = await solve({ task: 'separation', taskType: 'separation_train' });
  t.equal(missing.errors[0].code, 'MISSING_TASK_INPUT');
  const rising = await solve({ ...example('solveTask', 'separation-train'), stages: [{ temperature_C: 40, pressure_bara: 10 }, { temperature_C: 40, pressure_bara: 20 }] });
  t.equal(rising.errors[0].code, 'INVALID_TASK_INPUT');
});
