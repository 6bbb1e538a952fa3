/**
 * Automation tools that read: listSimulationUnits (against the original's answer for its own
 * example), listUnitVariables, getSimulationVariable and getAdjustableParameters. Every variable
 * of every unit of the runProcess catalog examples is read and compared with runProcess's report
 * of the same flowsheet, in several units; the self-healing corrections and each diagnostic
 * category are checked, and one pass goes through HTTP.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';
import { STD_MOLAR_VOLUME } from '../../src/tools/process/runProcess/quantities.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { loadReference } from '../helpers/reference.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
async function call(name: string, input: unknown): Promise<Envelope<any>> {
  const tool = getTool(name)!;
  const env = (await tool.run(input as never, ctx)) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `${name}: data matches its output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
}
const get = (processJson: unknown, address: string, unit?: string) => call('getSimulationVariable', { processJson, address, ...(unit !== undefined ? { unit } : {}) });

t.test('registered with the contract tiers and categories', (t) => {
  for (const [name, tier, category] of [
    ['listSimulationUnits', 'core', 'ADVISORY'],
    ['listUnitVariables', 'core', 'ADVISORY'],
    ['getSimulationVariable', 'core', 'ADVISORY'],
    ['getAdjustableParameters', 'core', 'ADVISORY'],
    ['diagnoseAutomation', 'core', 'ADVISORY'],
    ['setSimulationVariable', 'advanced', 'EXECUTION'],
  ] as const) {
    const tool = getTool(name);
    t.equal(tool?.tier, tier, `${name} tier`);
    t.equal(tool?.category, category, `${name} category`);
  }
  t.end();
});

t.test("listSimulationUnits: the original's units and types for its own example", async (t) => {
  const ref = loadReference<{ units: { name: string; type: string }[] }>(t, 'neqsim-responses/outputs/listSimulationUnits__runProcess_sep_comp.out.json');
  const input = loadReference(t, 'neqsim-responses/inputs/runProcess_sep_comp.json');
  if (!ref || !input) return;
  const env = await call('listSimulationUnits', { processJson: input });
  t.equal(env.status, 'success');
  t.same(env.data.units.map((u: any) => ({ name: u.name, type: u.type })), ref.units);
  t.equal(env.data.count, ref.units.length);
  t.same(env.data.units[2].inlets, ['HP Sep.gasOut']);
  t.same(env.data.units[1].ports, ['gasOutStream', 'liquidOutStream']);
});

t.test('every variable of every catalog flowsheet reads what runProcess reports', async (t) => {
  let compared = 0;
  for (const ex of RUN_PROCESS_EXAMPLES) {
    const report = runProcess(ex.input).data as any;
    const units = (await call('listSimulationUnits', { processJson: ex.input })).data.units as { name: string; type: string; ports: string[] }[];
    for (const u of units) {
      const vars = (await call('listUnitVariables', { processJson: ex.input, unitName: u.name })).data.variables as any[];
      t.ok(vars.length > 0 || u.type === 'Mixer', `${ex.name}/${u.name}: has variables`);
      for (const v of vars) {
        const env = await get(ex.input, v.address);
        if (env.status !== 'success') {
          // Only a result that the unit's current specification does not compute may be missing.
          t.equal(env.errors?.[0]?.code, 'VALUE_NOT_AVAILABLE', `${ex.name}: ${v.address} ${JSON.stringify(env.errors)}`);
          continue;
        }
        t.equal(env.data.unit, v.defaultUnit, `${v.address}: default unit`);
        if (v.type === 'INPUT') t.equal(env.data.value, v.value, `${v.address}: listed value = read value`);
        const port = /^(.*)\.(gasOutStream|liquidOutStream|oilOutStream|waterOutStream|outletStream|outStream\d|splitStream_\d+)\.(\w+)$/.exec(v.address);
        if (port) {
          const key = { gasOutStream: 'gasOut', liquidOutStream: 'liquidOut', oilOutStream: 'oilOut', waterOutStream: 'waterOut', outletStream: '', outStream0: 'hx0', outStream1: 'hx1' }[port[2]!] ?? port[2]!.replace('splitStream_', 'split');
          const s = report.streams[key === '' ? port[1]! : `${port[1]}.${key}`];
          const expected = s && { temperature: s.temperature_C + 273.15, pressure: s.pressure_bara, flowRate: s.massFlow_kg_hr, density: s.density_kg_m3, molarMass: s.molarMass_kg_mol }[port[3]!];
          t.ok(expected !== undefined, `${v.address}: stream in the report`);
          t.ok(Math.abs(env.data.value - expected) <= 1e-9 * Math.abs(expected), `${v.address} = ${env.data.value} vs report ${expected}`);
          compared++;
          continue;
        }
        const name: string = v.address.slice(u.name.length + 1);
        const r = report.units[u.name];
        const fromReport: Record<string, number | undefined> = {
          power: r.power_kW,
          isentropicEfficiency: r.isentropicEfficiency,
          polytropicEfficiency: r.polytropicEfficiency,
          polytropicHead: r.polytropicHead_kJ_kg,
          isentropicHead: r.isentropicHead_kJ_kg,
          compressionRatio: r.pressureRatio,
          outletPressure: r.outletPressure_bara,
          duty: r.duty_kW,
          thermalEffectiveness: r.effectiveness,
          UAvalue: r.UA_W_K,
          outletTemperature: r.outletTemperature_C === undefined ? undefined : r.outletTemperature_C + 273.15,
        };
        const expected = fromReport[name];
        if (expected !== undefined) {
          t.ok(Math.abs(env.data.value - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${v.address} = ${env.data.value} vs report ${expected}`);
          compared++;
        }
      }
    }
  }
  t.ok(compared >= 80, `${compared} values compared with the runProcess report`);
});

t.test('units: the same value in every accepted unit, converted exactly', async (t) => {
  const P = AUTOMATION_PROCESS;
  const report = runProcess(P).data as any;
  const gas = report.streams['HP Sep.gasOut'];
  const T = (await get(P, 'HP Sep.gasOutStream.temperature', 'C')).data.value;
  t.ok(Math.abs(T - gas.temperature_C) < 1e-9, 'C');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.temperature', 'F')).data.value - (T * 9) / 5 - 32) < 1e-9, 'F');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.temperature', 'R')).data.value - ((T + 273.15) * 9) / 5) < 1e-9, 'R');
  const Pbar = (await get(P, 'HP Sep.gasOutStream.pressure')).data.value;
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.pressure', 'barg')).data.value - (Pbar - 1.01325)) < 1e-9, 'barg');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.pressure', 'MPa')).data.value - Pbar / 10) < 1e-12, 'MPa');
  const molHr = gas.molarFlow_mol_hr;
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.flowRate', 'kmol/hr')).data.value - molHr / 1000) < 1e-9 * molHr, 'kmol/hr');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.flowRate', 'Sm3/day')).data.value - gas.standardGasFlow_Sm3_hr * 24) < 1e-9 * gas.standardGasFlow_Sm3_hr * 24, 'Sm3/day');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.flowRate', 'kg/s')).data.value - gas.massFlow_kg_hr / 3600) < 1e-12 * gas.massFlow_kg_hr, 'kg/s');
  t.ok(Math.abs(gas.standardGasFlow_Sm3_hr - (molHr * STD_MOLAR_VOLUME)) < 1e-9 * molHr, 'standard volume basis is the report\'s');
  const kW = (await get(P, 'Export Compressor.power', 'kW')).data.value;
  t.ok(Math.abs((await get(P, 'Export Compressor.power', 'MW')).data.value - kW / 1000) < 1e-12, 'MW');
  t.ok(Math.abs((await get(P, 'Export Compressor.isentropicEfficiency', '%')).data.value - 75) < 1e-9, 'efficiency in %');
  t.ok(Math.abs((await get(P, 'HP Sep.gasOutStream.molarMass', 'g/mol')).data.value - gas.molarMass_kg_mol * 1000) < 1e-9, 'g/mol');
  const unknown = await get(P, 'Export Compressor.power', 'bara');
  t.equal(unknown.status, 'error');
  t.equal(unknown.errors?.[0]?.code, 'UNKNOWN_UNIT');
  t.match(unknown.errors?.[0]?.fix, /kW/);
});

t.test('self-healing: case, spacing, aliases and small typos are corrected and reported', async (t) => {
  const P = AUTOMATION_PROCESS;
  const exact = (await get(P, 'HP Sep.gasOutStream.temperature')).data.value;
  for (const typed of ['hp sep.gasOutStream.temperature', 'HP_Sep.gasOut.temperature', 'HP Sep.gas.T', 'HP Sep.gasOutStream.temprature', 'HPSep.GASOUTSTREAM.Temperature']) {
    const env = await get(P, typed);
    t.equal(env.status, 'success', typed);
    t.equal(env.data.address, 'HP Sep.gasOutStream.temperature', `${typed} resolves`);
    t.equal(env.data.value, exact, `${typed}: same value`);
    t.ok(env.data.corrections.length > 0, `${typed}: corrections reported`);
    t.match(env.validation?.message, /corrected/);
  }
  const none = await get(P, 'HP Sep.gasOutStream.temperature');
  t.same(none.data.corrections, [], 'an exact address reports no correction');
  // Two units equally close: no guess.
  const twin = { ...P, process: [...(P.process as any[]), { type: 'Cooler', name: 'Cooler A', inlet: 'Aftercooler', properties: { outTemperature: [30, 'C'] } }, { type: 'Cooler', name: 'Cooler B', inlet: 'Cooler A', properties: { outTemperature: [25, 'C'] } }] } as RunProcessInput;
  const ambiguous = await get(twin, 'Cooler C.duty');
  t.equal(ambiguous.errors?.[0]?.code, 'UNIT_NOT_FOUND', 'an ambiguous unit name is not guessed');
  t.match(ambiguous.errors?.[0]?.fix, /Cooler A/);
});

t.test('diagnostics: each category, with the remediation and what exists', async (t) => {
  const P = AUTOMATION_PROCESS;
  const cases: [string, string, RegExp][] = [
    ['Turbine 7.power', 'UNIT_NOT_FOUND', /Export Compressor/],
    ['HP Sep.topStream.temperature', 'PORT_NOT_FOUND', /gasOutStream, liquidOutStream/],
    ['Export Compressor.speed', 'PROPERTY_NOT_FOUND', /outletPressure/],
    ['HP Sep.temperature.x.y', 'INVALID_ADDRESS_FORMAT', /Export Compressor\.outletPressure/],
    ['Export Compressor', 'INVALID_ADDRESS_FORMAT', /listUnitVariables/],
    ['feed.outletStream.temperature', 'PORT_NOT_FOUND', /no outlet ports/],
    ['Export Compressor.polytropicHead', 'VALUE_NOT_AVAILABLE', /listUnitVariables/],
    ['Export Compressor.polytropicEfficiency', 'VALUE_NOT_AVAILABLE', /setSimulationVariable/],
  ];
  for (const [address, code, fix] of cases) {
    const env = await get(P, address);
    t.equal(env.status, 'error', address);
    t.equal(env.errors?.[0]?.code, code, `${address}: ${code}`);
    t.match(env.errors?.[0]?.fix, fix, `${address}: fix names what to do`);
    t.equal((env as any).diagnostic.category, code, `${address}: full diagnostic beside the error`);
  }
  // A unit fed by an empty port: its results do not exist, and the reason says so.
  const dry = {
    fluid: { model: 'SRK', temperature: 300, pressure: 50, components: { methane: 0.95, ethane: 0.05 } },
    process: [
      { type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } },
      { type: 'Separator', name: 'Sep', inlet: 'feed' },
      { type: 'Pump', name: 'P1', inlet: 'Sep.liquidOut', properties: { outletPressure: [80, 'bara'] } },
    ],
  };
  const noFlow = await get(dry, 'P1.power');
  t.equal(noFlow.errors?.[0]?.code, 'VALUE_NOT_AVAILABLE');
  t.match(noFlow.errors?.[0]?.message, /no material/);
  const emptyPort = await get(dry, 'Sep.liquidOutStream.flowRate');
  t.equal(emptyPort.errors?.[0]?.code, 'VALUE_NOT_AVAILABLE');
  t.match(emptyPort.errors?.[0]?.message, /No material leaves/);
  t.equal((await get(dry, 'P1.outletPressure')).data.value, 80, 'a specification still reads');
  // A definition that does not parse is the definition's error, as in runProcess.
  const bad = await get({ fluid: P.fluid, process: [{ type: 'Stream', name: 'feed' }] }, 'feed.temperature');
  t.equal(bad.errors?.[0]?.code, 'MISSING_FLOW_RATE');
});

t.test('getAdjustableParameters: the writable specifications with bounds and current values', async (t) => {
  const env = await call('getAdjustableParameters', { processJson: AUTOMATION_PROCESS });
  t.equal(env.status, 'success');
  const byAddress = Object.fromEntries(env.data.parameters.map((p: any) => [p.address, p]));
  t.same(Object.keys(byAddress).sort(), ['Aftercooler.outletTemperature', 'Export Compressor.isentropicEfficiency', 'Export Compressor.outletPressure', 'HP Sep.pressureDrop', 'feed.flowRate', 'feed.pressure', 'feed.temperature'].sort());
  t.equal(byAddress['Export Compressor.outletPressure'].currentValue, 120);
  t.equal(byAddress['Export Compressor.outletPressure'].unit, 'bara');
  t.equal(byAddress['Export Compressor.isentropicEfficiency'].currentValue, 0.75);
  t.equal(byAddress['Export Compressor.isentropicEfficiency'].lowerBoundExclusive, true);
  t.equal(byAddress['Aftercooler.outletTemperature'].currentValue, 313.15);
  t.equal(byAddress['feed.flowRate'].currentValue, 10000);
  t.ok(Math.abs(byAddress['feed.flowRate'].currentValue - 10000) < 1e-9);
  t.equal(env.data.count, env.data.parameters.length);
});

t.test('HTTP: processJson as an object or a JSON string; 200, 422 with the diagnostic, 400', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (tool: string, payload: unknown) => app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const ok = await post('getSimulationVariable', { processJson: AUTOMATION_PROCESS, address: 'Export Compressor.power', unit: 'kW' });
  t.equal(ok.statusCode, 200);
  const asText = await post('getSimulationVariable', { processJson: JSON.stringify(AUTOMATION_PROCESS), address: 'Export Compressor.power', unit: 'kW' });
  t.equal(asText.statusCode, 200);
  t.equal(asText.json().data.value, ok.json().data.value);
  const missing = await post('getSimulationVariable', { processJson: AUTOMATION_PROCESS, address: 'Nothing.power' });
  t.equal(missing.statusCode, 422);
  t.equal(missing.json().errors[0].code, 'UNIT_NOT_FOUND');
  t.equal(missing.json().diagnostic.category, 'UNIT_NOT_FOUND');
  const schema = await post('listUnitVariables', { processJson: AUTOMATION_PROCESS });
  t.equal(schema.statusCode, 400, 'unitName is required');
  const listed = await post('listSimulationUnits', { processJson: AUTOMATION_PROCESS });
  t.equal(listed.statusCode, 200);
  t.equal(listed.json().data.count, 4);
});
