/**
 * PipeBeggsAndBrills as a runProcess unit: the same answer as runPipeline for the same inlet,
 * mass and energy balances closed with the heat an isothermal line exchanges (ΔH + m·g·Δz), the
 * original's property names and units, refusals with codes, and the automation variables of a pipe.
 */
import t from 'tap';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { runPipeline } from '../../src/tools/flow/runPipeline/runPipeline.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';
import type { RunPipelineInput } from '../../src/tools/flow/runPipeline/schema.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { G } from '../../src/engine/process/beggs-brill.js';

const EXAMPLE = RUN_PROCESS_EXAMPLES.find((e) => e.name === 'flowline-to-separator')!.input;
const fluid = EXAMPLE.fluid!;
const run = (input: unknown) => runProcess(input as RunProcessInput) as Envelope<any>;
const withPipe = (props: Record<string, unknown>, type = 'PipeBeggsAndBrills') => ({ fluid, process: [(EXAMPLE.process as any[])[0], { type, name: 'Line', inlet: 'well', properties: props }] });
const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const call = async (tool: string, input: unknown) => (await getTool(tool)!.run(input as never, ctx)) as Envelope<any>;

t.test('the pipe unit gives what runPipeline gives for the same inlet', (t) => {
  const d = run(EXAMPLE).data;
  const u = d.units.Flowline;
  const direct = runPipeline({
    model: 'PR',
    temperature: fluid.temperature as number,
    pressure_bara: fluid.pressure as number,
    components: fluid.components as Record<string, number>,
    flowRate: { value: 100000, unit: 'kg/hr' },
    pipe: { length_m: 5000, diameter_m: 0.254, roughness_m: 4.6e-5, elevation_m: 20, numberOfSegments: 20 },
  } as RunPipelineInput).data as any;
  t.ok(Math.abs(u.pressureDrop_bar - direct.pressureDrop_bara) < 1e-12, `ΔP ${u.pressureDrop_bar} = ${direct.pressureDrop_bara}`);
  t.ok(Math.abs(u.frictionPressureDrop_bar - direct.frictionPressureDrop_bar) < 1e-12);
  t.ok(Math.abs(u.averageLiquidHoldup - direct.averageLiquidHoldup) < 1e-12);
  t.ok(Math.abs(u.liquidInventory_m3 - direct.liquidInventory_m3) < 1e-9);
  t.equal(u.outletTemperature_C, u.inletTemperature_C, 'isothermal');
  t.ok(Math.abs(d.streams.Flowline.pressure_bara - (90 - u.pressureDrop_bar)) < 1e-9, 'the outlet stream carries the arrival pressure');
  t.equal(d.streams['Inlet Sep.gasOut'].pressure_bara, d.streams.Flowline.pressure_bara, 'separator at arrival pressure');
  t.end();
});

t.test('balances: mass to round-off; energy closes with the heat of the isothermal line', (t) => {
  for (const elevation of [20, -150, 0]) {
    const d = run({ ...EXAMPLE, process: (EXAMPLE.process as any[]).map((u) => (u.name === 'Flowline' ? { ...u, properties: { ...u.properties, elevation } } : u)) }).data;
    t.ok(Math.abs(d.massBalance.massBalanceRelativeError) < 1e-12, `Δz ${elevation}: mass`);
    t.ok(Math.abs(d.energyBalance.relativeImbalance) < 1e-10, `Δz ${elevation}: energy ${d.energyBalance.relativeImbalance}`);
    const m = 100000 / 3600;
    t.ok(Math.abs(d.energyBalance.potentialEnergyGain_kW - (m * G * elevation) / 1000) < 1e-9, `Δz ${elevation}: m g Δz`);
    const u = d.units.Flowline;
    const dH = (d.streams.Flowline.enthalpy_J_kg - d.streams.well.enthalpy_J_kg) * m / 1000;
    t.ok(Math.abs(u.heatExchanged_kW - (dH + (m * G * elevation) / 1000)) < 1e-6, `Δz ${elevation}: Q = ΔH + m g Δz`);
  }
  t.end();
});

t.test("the original's property names, units and aliases", (t) => {
  const base = run(withPipe({ length: 5000, diameter: 0.254, pipeWallRoughness: 4.6e-5, elevation: 20 })).data.units.Line;
  const units = run(withPipe({ length: [5, 'km'], diameter: [10, 'in'], roughness: [0.046, 'mm'], elevation: [20, 'm'] })).data.units.Line;
  t.ok(Math.abs(units.pressureDrop_bar - base.pressureDrop_bar) < 1e-12, 'km, in, mm');
  const angle = (Math.asin(20 / 5000) * 180) / Math.PI;
  const viaAngle = run(withPipe({ length: 5000, diameter: 0.254, pipeWallRoughness: 4.6e-5, angle })).data.units.Line;
  t.ok(Math.abs(viaAngle.pressureDrop_bar - base.pressureDrop_bar) < 1e-9, 'angle');
  const alias = run(withPipe({ length: 5000, diameter: 0.254, pipeWallRoughness: 4.6e-5, elevation: 20 }, 'BeggsAndBrills'));
  t.equal(alias.status, 'success', '"BeggsAndBrills" is the same unit');
  const defaults = run(withPipe({ length: 1000, diameter: 0.2 }));
  t.equal(defaults.status, 'success', 'roughness 1e-5 m, flat, 5 increments by default');
  t.end();
});

t.test('refusals with codes and fields', (t) => {
  const cases: [Record<string, unknown>, string, string, string?][] = [
    [{ diameter: 0.2 }, 'MISSING_PROPERTY', 'process.1.properties.length'],
    [{ length: 1000 }, 'MISSING_PROPERTY', 'process.1.properties.diameter'],
    [{ length: 1000, diameter: [8, 'furlongs'] }, 'INVALID_PROPERTY', 'process.1.properties.diameter'],
    [{ length: 1000, diameter: 0.2, elevation: 2000 }, 'INVALID_PROPERTY', 'process.1.properties.elevation'],
    [{ length: 1000, diameter: 0.2, numberOfIncrements: 0 }, 'INVALID_PROPERTY', 'process.1.properties.numberOfIncrements'],
    [{ length: 1000, diameter: 0.2, angle: 120 }, 'INVALID_PROPERTY', 'process.1.properties.angle'],
    [{ length: 1000, diameter: 0.2 }, 'UNSUPPORTED_EQUIPMENT', 'process.1.type', 'GORfitter'],
    [{ length: 200000, diameter: 0.05 }, 'PROCESS_ERROR', 'unit:Line'],
  ];
  for (const [props, code, field, type] of cases) {
    const env = run(withPipe(props, type));
    t.equal(env.status, 'error', code);
    t.equal(env.errors?.[0]?.code, code, `${code}: ${env.errors?.[0]?.message}`);
    t.equal(env.errors?.[0]?.field, field, `${code}: field`);
  }
  t.end();
});

t.test('automation: a pipe\'s variables, and a new diameter re-run', async (t) => {
  const vars = (await call('listUnitVariables', { processJson: EXAMPLE, unitName: 'Flowline' })).data.variables as any[];
  t.same(vars.filter((v) => !v.address.includes('outletStream')).map((v) => v.name), ['length', 'diameter', 'pipeWallRoughness', 'elevation', 'pressureDrop', 'liquidHoldup', 'liquidInventory']);
  t.equal(vars.find((v) => v.name === 'diameter').value, 0.254, 'current diameter in m');
  const dp = await call('getSimulationVariable', { processJson: EXAMPLE, address: 'Flowline.pressureDrop', unit: 'bar' });
  t.ok(Math.abs(dp.data.value - run(EXAMPLE).data.units.Flowline.pressureDrop_bar) < 1e-12);
  const wider = await call('setSimulationVariable', { processJson: EXAMPLE, address: 'Flowline.diameter', value: 12, unit: 'in' });
  t.equal(wider.status, 'success');
  t.ok(wider.data.simulationReport.units.Flowline.pressureDrop_bar < dp.data.value, 'a wider line loses less pressure');
  t.same((wider.data.processJson.process as any[])[1].properties.diameter, [12, 'in']);
  const zero = await call('setSimulationVariable', { processJson: EXAMPLE, address: 'Flowline.diameter', value: 0 });
  t.equal(zero.errors?.[0]?.code, 'VALUE_OUT_OF_BOUNDS');
  t.end();
});

t.test('validateInput takes the pipe unit', async (t) => {
  const env = await call('validateInput', { processJson: EXAMPLE });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  t.notMatch(JSON.stringify(env.data), /UNSUPPORTED_EQUIPMENT|UNKNOWN_EQUIPMENT_TYPE/);
  t.end();
});
