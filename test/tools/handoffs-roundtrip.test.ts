/**
 * Seed 002's six handoffs both ways: each is emitted from a real tool response (toHandoff),
 * passes the receiving agent's checks (validateHandoff) and is fed back to the tool that consumes
 * it (fromHandoff), and what comes back agrees with what went in. Broken handoffs (wrong unit,
 * unbalanced unit, wrong phase count, tampered state) fail the check that names their fault.
 */
import t, { type Test } from 'tap';
import { runTool } from '../../src/index.js';
import { getTool } from '../../src/tools/registry.js';
import { HANDOFF_TYPES } from '../../src/tools/contract/catalog/handoff-schemas.js';

type Data = Record<string, any>;
interface Reply {
  status: string;
  data: Data;
  errors?: { code: string; message: string; field?: string }[];
}
const call = async (tool: string, input: Record<string, unknown>): Promise<Reply> => (await runTool(tool, input)) as never;
const bridge = (input: Record<string, unknown>) => call('bridgeTaskWorkflow', input);
const example = (tool: string, name: string) => getTool(tool)!.examples.find((e) => e.name === name)!.input as Record<string, unknown>;
const statusOf = (v: Data, check: string) => (v.checks as { check: string; status: string }[]).filter((c) => c.check === check).map((c) => c.status);

/** emit → validate → feed back; returns the three replies. */
async function roundTrip(t: Test, producer: string, producerInput: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const env = (await runTool(producer, producerInput)) as Data;
  t.equal(env.status, 'success', `${producer} ran`);
  const emitted = await bridge({ action: 'toHandoff', toolOutput: env, toolInput: producerInput, ...extra });
  t.equal(emitted.status, 'success', `${producer} → handoff ${JSON.stringify(emitted.errors)}`);
  const handoff = emitted.data.handoff as Data;
  const checked = await bridge({ action: 'validateHandoff', handoff });
  t.equal(checked.status, 'success');
  t.ok(checked.data.validation.valid, `valid: ${JSON.stringify(checked.data.validation.checks.filter((c: Data) => c.status === 'FAIL'))}`);
  t.same(statusOf(checked.data.validation, 'schema'), ['PASS']);
  t.same(statusOf(checked.data.validation, 'units'), ['PASS']);
  const fed = await bridge({ action: 'fromHandoff', handoff });
  t.equal(fed.status, 'success', `fed back: ${JSON.stringify(fed.errors)}`);
  return { env, handoff, validation: checked.data.validation, consumption: fed.data.consumption as Data };
}

const TYPES_SEEN = new Set<string>();

t.test('fluid_definition: runFlash → handoff → checked by a new flash → runFlash gives the same state', async (t) => {
  const input = { model: 'SRK', temperature: { value: -20, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.8, propane: 0.1, 'n-hexane': 0.1 } };
  const r = await roundTrip(t, 'runFlash', input);
  TYPES_SEEN.add(r.handoff.handoff_type);
  t.equal(r.handoff.number_of_phases, 2, 'the producer found two phases');
  t.same(statusOf(r.validation, 'phase_consistency'), ['PASS'], 'the receiver\'s flash also finds two');
  t.same(statusOf(r.validation, 'mass_balance'), ['PASS'], 'mole fractions close');
  const back = r.consumption.toolOutput as Data;
  t.equal(r.consumption.consumedBy, 'runFlash');
  t.equal(back.data.flash.numberOfPhases, 2);
  const rho0 = r.env.data.fluid.properties.overall.density.value as number;
  const rho1 = back.data.fluid.properties.overall.density.value as number;
  t.ok(Math.abs(rho1 - rho0) / rho0 < 1e-9, `density ${rho1} kg/m3 = ${rho0} kg/m3 (same state rebuilt)`);
});

t.test('process_simulation: runProcess → handoff → balances and phases checked → sizeEquipment → mechanical_design', async (t) => {
  const processIn = {
    fluid: { model: 'PR', temperature: 303.15, pressure: 60, mixingRule: 'classic', components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.04, 'n-decane': 0.03 } },
    process: [
      { type: 'Stream', name: 'feed', properties: { flowRate: [50000, 'kg/hr'] } },
      { type: 'Separator', name: 'HP Separator', inlet: 'feed' },
    ],
  };
  const r = await roundTrip(t, 'runProcess', processIn);
  TYPES_SEEN.add(r.handoff.handoff_type);
  const sep = (r.handoff.equipment as Data[]).find((e) => e.name === 'HP Separator')!;
  t.equal(sep.inlet_number_of_phases, 2);
  t.ok(Math.abs(sep.outlet_total_flow_rate_kg_hr - sep.inlet_flow_rate_kg_hr) / sep.inlet_flow_rate_kg_hr < 1e-9, 'outlets balance the inlet');
  t.notOk(statusOf(r.validation, 'mass_balance').includes('FAIL'));
  t.same(statusOf(r.validation, 'phase_consistency'), ['PASS']);
  t.equal(r.consumption.consumedBy, 'sizeEquipment');
  const sizing = r.consumption.sizings[0].sizing as Data;
  // The same separator sized from the fluid itself (sizeEquipment's own flash at 30 °C, 60 bara).
  const direct = await call('sizeEquipment', { equipmentType: 'separator', model: 'PR', temperature_C: 30, pressure_bara: 60, components: processIn.fluid.components, flowRate: { value: 50000, unit: 'kg/hr' } });
  t.ok(Math.abs(sizing.vesselDiameter_m - direct.data.sizing.vesselDiameter_m) / direct.data.sizing.vesselDiameter_m < 1e-6, `diameter from the handoff ${sizing.vesselDiameter_m} m = from the fluid ${direct.data.sizing.vesselDiameter_m} m`);
  const mech = r.consumption.handoffs[0] as Data;
  t.equal(mech.handoff_type, 'mechanical_design');
  t.equal(mech.equipment_name, 'HP Separator');
  t.equal(mech.inner_diameter_m, sizing.vesselDiameter_m);
  const mechCheck = await bridge({ action: 'validateHandoff', handoff: mech });
  t.ok(mechCheck.data.validation.valid, 'the mechanical_design passed on is itself valid');
});

t.test('mechanical_design: sizeEquipment → handoff → results.json', async (t) => {
  const input = { ...example('sizeEquipment', 'separator'), equipmentName: undefined };
  delete (input as Data).equipmentName;
  const r = await roundTrip(t, 'sizeEquipment', input);
  TYPES_SEEN.add(r.handoff.handoff_type);
  t.equal(r.handoff.wall_thickness_mm, null, 'not computed by a process sizing: null, not guessed');
  t.equal(r.handoff.inner_diameter_m, r.env.data.sizing.vesselDiameter_m);
  t.equal(r.consumption.consumedBy, 'results.json');
  t.equal(r.consumption.resultsJson.key_results.inner_diameter_m, r.env.data.sizing.vesselDiameter_m);
});

t.test('flow_assurance and safety_analysis: emitted, checked (margins are differences), reported', async (t) => {
  const fa = await roundTrip(t, 'runFlowAssurance', example('runFlowAssurance', 'hydrate-risk'));
  TYPES_SEEN.add(fa.handoff.handoff_type);
  t.same(statusOf(fa.validation, 'phase_consistency'), ['PASS'], 'margin = operating − hydrate temperature');
  t.equal(fa.consumption.resultsJson.key_results.subcooling_margin_C, fa.handoff.subcooling_margin_C);
  const sa = await roundTrip(t, 'runRelief', example('runRelief', 'gas-psv'));
  TYPES_SEEN.add(sa.handoff.handoff_type);
  t.equal(sa.consumption.resultsJson.key_results.psv_required_area_cm2, sa.env.data.sizing.requiredArea_mm2 / 100);
});

t.test('lifecycle_state: saveSimulationState → wrapper → checksum verified → re-run reproduces it', async (t) => {
  const r = await roundTrip(t, 'saveSimulationState', example('saveSimulationState', 'snapshot-separation'), { targetAgent: 'mechanical-design' });
  TYPES_SEEN.add('lifecycle_state');
  t.equal(r.handoff.schema, 'neqsim-lifecycle-state');
  t.equal(r.handoff.handoff.target_agent, 'mechanical-design');
  t.equal(r.handoff.handoff.validation.checksum, r.env.data.checksum);
  t.same(statusOf(r.validation, 'integrity'), ['PASS']);
  t.equal(r.consumption.consumedBy, 'runProcess');
  t.equal(r.consumption.reproduced, true, `re-run reproduces the state: ${JSON.stringify(r.consumption.differences)}`);

  // One number changed after saving: the checksum no longer matches, and the state is not fed on.
  const state = JSON.parse(r.handoff.handoff.state_json);
  const first = Object.keys(state.streamStates)[0];
  state.streamStates[first].temperature_C += 1;
  const tampered = { ...r.handoff, handoff: { ...r.handoff.handoff, state_json: JSON.stringify(state) } };
  const v = await bridge({ action: 'validateHandoff', handoff: tampered });
  t.same(statusOf(v.data.validation, 'integrity'), ['FAIL']);
  const fed = await bridge({ action: 'fromHandoff', handoff: tampered });
  t.equal(fed.errors?.[0]?.code, 'INVALID_HANDOFF');
});

t.test('every handoff type was round-tripped', async (t) => {
  t.same([...TYPES_SEEN].sort(), [...HANDOFF_TYPES].sort());
});

t.test('the checks find what is wrong', async (t) => {
  const fluid = { handoff_type: 'fluid_definition', source_agent: 'a', eos_class: 'SystemSrkEos', temperature_K: 298.15, pressure_bara: 60, components: [{ name: 'methane', mole_fraction: 0.85 }, { name: 'ethane', mole_fraction: 0.1 }, { name: 'propane', mole_fraction: 0.05 }], assumptions: [] };
  const ok = await bridge({ action: 'validateHandoff', handoff: { ...fluid, number_of_phases: 1 } });
  t.ok(ok.data.validation.valid, 'seed 002\'s lean gas is one phase at 25 °C, 60 bara');
  const phases = await bridge({ action: 'validateHandoff', handoff: { ...fluid, number_of_phases: 2 } });
  t.same(statusOf(phases.data.validation, 'phase_consistency'), ['FAIL'], 'a claimed second phase is not found');
  const psia = await bridge({ action: 'validateHandoff', handoff: { ...fluid, separator_pressure_psia: 900 } });
  t.same(statusOf(psia.data.validation, 'units'), ['FAIL'], 'psia is not bara');
  const noUnit = await bridge({ action: 'validateHandoff', handoff: { ...fluid, gas_rate: 12 } });
  t.match(noUnit.data.validation.checks.find((c: Data) => c.check === 'units').message, /no unit/);
  const sum = await bridge({ action: 'validateHandoff', handoff: { ...fluid, components: [{ name: 'methane', mole_fraction: 0.85 }, { name: 'ethane', mole_fraction: 0.1 }] } });
  t.same(statusOf(sum.data.validation, 'mass_balance'), ['FAIL'], 'fractions summing to 0.95');
  const schema = await bridge({ action: 'validateHandoff', handoff: { ...fluid, temperature_K: 'hot' } });
  t.same(statusOf(schema.data.validation, 'schema'), ['FAIL']);
  t.equal(schema.data.validation.valid, false);

  const unit = { name: 'V-100', type: 'Separator', inlet_flow_rate_kg_hr: 50000, inlet_number_of_phases: 1, gas_flow_rate_kg_hr: 42000, liquid_flow_rate_kg_hr: 7000, gas_density_kg_m3: 45, liquid_density_kg_m3: 520, outlet_gas_temperature_C: 30, outlet_liquid_temperature_C: 30, outlet_gas_pressure_bara: 60, outlet_liquid_pressure_bara: 60 };
  const proc = { handoff_type: 'process_simulation', source_agent: 'p', fluid_definition: null, equipment: [unit], mass_balance_error_pct: 0.001, assumptions: [] };
  const bad = await bridge({ action: 'validateHandoff', handoff: proc });
  t.same(statusOf(bad.data.validation, 'mass_balance'), ['PASS', 'FAIL'], 'stated balance fine, but 49 000 kg/hr leave of 50 000 in');
  t.same(statusOf(bad.data.validation, 'phase_consistency'), ['FAIL'], 'gas and liquid from a single-phase inlet');
  const refused = await bridge({ action: 'fromHandoff', handoff: proc });
  t.equal(refused.errors?.[0]?.code, 'INVALID_HANDOFF');
  const unknown = await bridge({ action: 'validateHandoff', handoff: { handoff_type: 'telepathy' } });
  t.equal(unknown.data.validation.valid, false);
});

t.test('handoff schemas are served by getSchema', async (t) => {
  for (const type of HANDOFF_TYPES) {
    const r = await call('getSchema', { toolName: 'handoff', schemaType: type });
    t.equal(r.status, 'success', type);
    t.equal(r.data.uri, `neqsim://schemas/handoff/${type}`);
    t.equal(r.data.schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  }
  const missing = await call('getSchema', { toolName: 'handoff', schemaType: 'input' });
  t.equal(missing.errors?.[0]?.code, 'SCHEMA_NOT_FOUND');
});

t.test('sizeEquipment refuses a handoff with a misspelt (unit-less) field or a clash with a fluid', async (t) => {
  const input = example('sizeEquipment', 'separator-from-handoff') as Data;
  const good = await call('sizeEquipment', input);
  t.equal(good.status, 'success');
  // Seed 002's separator: 42 000 kg/hr gas at 45.2 kg/m3, 8 000 kg/hr liquid at 520 kg/m3, K 0.12 m/s (horizontal).
  const vmax = 0.12 * Math.sqrt((520 - 45.2) / 45.2);
  const D = Math.sqrt((8 * (42000 / 3600 / 45.2 / vmax)) / Math.PI);
  t.ok(Math.abs(good.data.sizing.vesselDiameter_m - D) < 1e-12, `Souders–Brown diameter ${D.toFixed(4)} m`);
  const typo = structuredClone(input);
  typo.handoff.equipment[0].gas_densty = 45.2;
  const r = await call('sizeEquipment', typo);
  t.equal(r.errors?.[0]?.code, 'INVALID_HANDOFF');
  t.match(r.errors?.[0]?.message, /gas_densty: no unit/);
  const clash = await call('sizeEquipment', { ...input, components: { methane: 1 } });
  t.equal(clash.errors?.[0]?.code, 'CONFLICTING_INPUT');
});
