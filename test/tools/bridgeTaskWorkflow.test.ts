/**
 * bridgeTaskWorkflow: results.json and seed-002 handoffs from real tool responses. Every value
 * must be the response's own (compared field by field); a fluid_definition must be code-ready
 * (fed back to runFlash it gives the same state); a process_simulation must restate each unit;
 * failures and unknown shapes are refused, not papered over.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { getTool } from '../../src/tools/registry.js';

/** A tool's catalog example by name (the inputs the catalog tests run). */
const example = (tool: string, name: string) => getTool(tool)!.examples.find((e) => e.name === name)!.input as Record<string, unknown>;

type Data = Record<string, any>;
interface Reply {
  status: string;
  data: Data;
  errors?: { code: string; field?: string }[];
}
const bridge = async (input: Record<string, unknown>): Promise<Reply> => (await runTool('bridgeTaskWorkflow', input)) as never;

const FLASH_IN = { model: 'SRK', temperature: { value: -20, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.8, propane: 0.1, 'n-hexane': 0.1 } };
const PROCESS_IN = {
  fluid: { model: 'SRK', temperature: 303.15, pressure: 20, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.07, propane: 0.03, 'n-butane': 0.02, 'n-pentane': 0.015, nitrogen: 0.01, CO2: 0.005 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'Separator', name: 'Suction Scrubber', inlet: 'feed' },
    { type: 'Compressor', name: 'Compressor', inlet: 'Suction Scrubber.gasOut', properties: { outletPressure: [60, 'bara'], isentropicEfficiency: 0.75 } },
    { type: 'Cooler', name: 'Aftercooler', inlet: 'Compressor', properties: { outTemperature: [35, 'C'] } },
  ],
};

t.test('results.json from runFlash: values copied, validation verdict, composition table', async (t) => {
  const env = (await runTool('runFlash', FLASH_IN)) as Data;
  const r = await bridge({ toolOutput: env, taskTitle: 'Two-phase check', conclusions: 'Two phases at -20 °C' });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const j = r.data.resultsJson;
  t.equal(r.data.sourceRunner, 'runFlash');
  t.equal(j.key_results.number_of_phases, 2);
  t.equal(j.key_results.density_kg_m3, env.data.fluid.properties.overall.density.value);
  t.equal(j.key_results.gas_mole_fraction, env.data.fluid.conditions.gas.phaseFraction);
  t.equal(j.key_results.oil_Z, env.data.fluid.properties.oil.compressibilityFactor.value);
  t.equal(j.validation.acceptance_criteria_met, true);
  t.equal(j.validation.converged, true);
  t.equal(j.validation.quality_gate, env.qualityGate.verdict);
  t.equal(j.title, 'Two-phase check');
  t.equal(j.conclusions, 'Two phases at -20 °C');
  t.same(j.tables[0].headers, ['component', 'overall', 'gas', 'oil']);
  t.same(j.tables[0].rows[2], ['n-hexane', 0.1, env.data.fluid.composition.gas['n-hexane'].value, env.data.fluid.composition.oil['n-hexane'].value]);
  t.match(j.references[0], /Soave/);
  t.same(j._meta, { source: 'neqsim-ts', tool: 'runFlash', generated_by: 'bridgeTaskWorkflow', extractor: 'specific', apiVersion: '1.0' });
});

t.test('results.json from runProcess and from a tool without its own extractor', async (t) => {
  const env = (await runTool('runProcess', PROCESS_IN)) as Data;
  const r = await bridge({ toolOutput: env });
  const k = r.data.resultsJson.key_results;
  t.equal(k.mass_balance_relative_error, env.data.massBalance.massBalanceRelativeError);
  t.equal(k.total_shaft_power_kW, env.data.energyBalance.shaftPower_kW);
  for (const p of env.data.products as string[]) t.equal(k[`${p}.temperature_C`], env.data.streams[p].temperature_C, p);
  t.equal(r.data.resultsJson.tables[0].rows.length, Object.keys(env.data.streams).length);
  const relief = (await runTool('runRelief', example('runRelief', 'gas-psv'))) as Data;
  t.equal(relief.status, 'success', JSON.stringify(relief.errors));
  const g = await bridge({ toolOutput: relief });
  t.equal(g.data.resultsJson._meta.extractor, 'generic');
  t.equal(g.data.resultsJson.key_results.relievingPressure_bara, relief.data.relievingPressure_bara);
});

t.test('fluid_definition from runFlash is code-ready: fed back, it gives the same state', async (t) => {
  const env = (await runTool('runFlash', FLASH_IN)) as Data;
  const r = await bridge({ action: 'toHandoff', toolOutput: env, assumptions: ['Lean gas'] });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const h = r.data.handoff;
  t.equal(h.handoff_type, 'fluid_definition');
  t.equal(h.eos_class, 'SystemSrkEos');
  t.equal(h.mixing_rule, 'classic');
  t.equal(h.temperature_K, env.data.fluid.conditions.overall.temperature);
  t.same(h.components, [{ name: 'methane', mole_fraction: 0.8 }, { name: 'propane', mole_fraction: 0.1 }, { name: 'n-hexane', mole_fraction: 0.1 }]);
  t.equal(h.assumptions.at(-1), 'Lean gas');
  t.match(h.java_code, /^SystemInterface fluid = new SystemSrkEos\(253\.1\d*, 50\);\nfluid\.addComponent\("methane", 0\.8\);/);
  t.match(h.java_code, /fluid\.setMixingRule\("classic"\);$/);
  const again = (await runTool('runFlash', { model: 'SRK', temperature: { value: h.temperature_K, unit: 'K' }, pressure: { value: h.pressure_bara, unit: 'bara' }, components: Object.fromEntries(h.components.map((c: Data) => [c.name, c.mole_fraction])) })) as Data;
  t.equal(again.data.fluid.properties.overall.density.value, env.data.fluid.properties.overall.density.value);
  const cpa = (await runTool('runFlash', { model: 'CPA', temperature: { value: 20, unit: 'C' }, pressure: { value: 10, unit: 'bara' }, components: { methane: 0.9, water: 0.1 }, multiPhaseCheck: true })) as Data;
  const hc = (await bridge({ action: 'toHandoff', toolOutput: cpa, toolInput: { multiPhaseCheck: true } })).data.handoff;
  t.equal(hc.eos_class, 'SystemSrkCPAstatoil');
  t.match(hc.java_code, /setMixingRule\(10\);\nfluid\.setMultiPhaseCheck\(true\);$/);
});

t.test('process_simulation restates each unit; mass balance in percent', async (t) => {
  const env = (await runTool('runProcess', PROCESS_IN)) as Data;
  const r = await bridge({ action: 'toHandoff', toolOutput: env, toolInput: PROCESS_IN });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const h = r.data.handoff;
  t.equal(h.handoff_type, 'process_simulation');
  t.equal(h.fluid_definition.eos_class, 'SystemSrkEos');
  t.equal(h.fluid_definition.temperature_K, 303.15);
  t.same(h.equipment.map((e: Data) => e.name), Object.keys(env.data.units));
  const scrubber = h.equipment.find((e: Data) => e.name === 'Suction Scrubber');
  const gas = env.data.streams['Suction Scrubber.gasOut'];
  t.equal(scrubber.gas_flow_rate_kg_hr, gas.massFlow_kg_hr);
  t.equal(scrubber.gas_density_kg_m3, gas.density_kg_m3);
  t.equal(scrubber.inlet_pressure_bara, env.data.units['Suction Scrubber'].feed.pressure_bara);
  const comp = h.equipment.find((e: Data) => e.name === 'Compressor');
  t.equal(comp.outlet_pressure_bara, 60);
  t.equal(comp.power_kW, env.data.units.Compressor.power_kW);
  t.equal(h.mass_balance_error_pct, Math.abs(env.data.massBalance.massBalanceRelativeError) * 100);
});

t.test('flow_assurance and safety_analysis handoffs', async (t) => {
  const fa = (await runTool('runFlowAssurance', example('runFlowAssurance', 'hydrate-risk'))) as Data;
  if (fa.status !== 'success') t.fail(`runFlowAssurance: ${JSON.stringify(fa.errors)}`);
  else {
    const h = (await bridge({ action: 'toHandoff', toolOutput: fa })).data.handoff;
    const worst = (fa.data.profile as Data[]).reduce((a, b) => (b.subcooling_C > a.subcooling_C ? b : a));
    t.equal(h.hydrate_temperature_C, worst.hydrateTemperature_C);
    t.equal(h.subcooling_margin_C, worst.actualTemperature_C - worst.hydrateTemperature_C);
    t.equal(h.hydrate_risk, fa.data.results.overallRisk);
    t.equal(h.wax_appearance_temperature_C, null, 'not computed: null');
  }
  const relief = (await runTool('runRelief', example('runRelief', 'gas-psv'))) as Data;
  const s = (await bridge({ action: 'toHandoff', toolOutput: relief })).data.handoff;
  t.equal(s.psv_required_area_cm2, relief.data.sizing.requiredArea_mm2 / 100);
  t.equal(s.blowdown_time_minutes, null);
});

t.test('refusals', async (t) => {
  const env = (await runTool('runFlash', FLASH_IN)) as Data;
  const failed = (await runTool('runFlash', { ...FLASH_IN, components: { unobtainium: 1 } })) as Data;
  t.equal((await bridge({})).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await bridge({ toolOutput: failed })).errors?.[0]?.code, 'TOOL_FAILED');
  t.equal((await bridge({ toolOutput: { data: {} } })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await bridge({ toolOutput: env, sourceRunner: 'runMagic' })).errors?.[0]?.code, 'UNKNOWN_TOOL');
  t.equal((await bridge({ action: 'toHandoff', toolOutput: env, sourceRunner: 'runPVT' })).errors?.[0]?.code, 'UNSUPPORTED_HANDOFF');
  t.equal((await bridge({ action: 'toHandoff', toolOutput: { ...env, tool: 'runProcess' } })).errors?.[0]?.code, 'UNRECOGNISED_OUTPUT');
  const schema = await bridge({ action: 'getSchema' });
  t.same(schema.data.schemas.handoffs.tools, ['runFlash', 'runProcess', 'runFlowAssurance', 'runRelief']);
});
