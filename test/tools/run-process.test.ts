/**
 * runProcess tool: registration, the catalog examples (schemas, balances, recycle convergence),
 * structured errors with code, fix and field for bad definitions and engine failures, flow-rate
 * units, the two-phase-suction warning, the original's input normalisations, and one pass
 * through the HTTP layer (200 / 422 / 400).
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RunProcessInput, RunProcessOutput } from '../../src/tools/process/runProcess/schema.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const FLUID = { model: 'SRK', temperature: 300, pressure: 50, mixingRule: 'classic', components: { methane: 0.9, ethane: 0.07, propane: 0.03 } };
const FEED = { type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } };
const run = (input: unknown) => runProcess(input as RunProcessInput);
const data = (env: Envelope) => env.data as any;

t.test('registered as a core pool CALCULATION tool with process auto-validation', (t) => {
  const tool = getTool('runProcess');
  t.ok(tool, 'runProcess is in the registry');
  t.equal(tool?.tier, 'core');
  t.equal(tool?.category, 'CALCULATION');
  t.equal(tool?.execution, 'pool');
  t.equal(tool?.autoValidation, 'process');
  t.equal(tool?.exampleCategory, 'process');
  t.end();
});

t.test('every catalog example runs: schemas, balances, converged recycles', async (t) => {
  t.ok(RUN_PROCESS_EXAMPLES.length >= 4, `${RUN_PROCESS_EXAMPLES.length} examples`);
  const tool = getTool('runProcess')!;
  for (const ex of RUN_PROCESS_EXAMPLES) {
    t.ok(Value.Check(RunProcessInput, ex.input), `${ex.name}: input matches the schema`);
    const env = (await tool.run(ex.input, { subject: 'test', profile: 'test', progress: () => {} })) as Envelope;
    t.equal(env.status, 'success', `${ex.name} succeeds ${JSON.stringify(env.errors ?? '')}`);
    if (env.status !== 'success') continue;
    const d = data(env);
    t.ok(Value.Check(RunProcessOutput, d), `${ex.name}: output matches the schema ${JSON.stringify([...Value.Errors(RunProcessOutput, d)].slice(0, 2))}`);
    const recycles = d.recycles.length > 0;
    const mbLimit = recycles ? 1e-6 : 1e-9;
    t.ok(Math.abs(d.massBalance.massBalanceRelativeError) <= mbLimit, `${ex.name}: mass balance ${d.massBalance.massBalanceRelativeError.toExponential(2)} ≤ ${mbLimit}`);
    t.ok(Math.abs(d.energyBalance.relativeImbalance) <= 1e-7, `${ex.name}: energy balance ${d.energyBalance.relativeImbalance.toExponential(2)}`);
    const sumProducts = d.products.reduce((a: number, n: string) => a + d.streams[n].massFlow_kg_hr, 0);
    t.ok(Math.abs(sumProducts - d.massBalance.out_kg_hr) <= 1e-9 * sumProducts, `${ex.name}: out = Σ products`);
    for (const r of d.recycles) t.equal(r.converged, true, `${ex.name}: recycle ${r.name} converged`);
    t.equal(env.provenance?.convergence.converged, true);
    t.ok(env.provenance?.convergence.iterations === d.iterations, 'provenance iterations = passes');
    for (const [name, u] of Object.entries<any>(d.units)) {
      for (const [port, s] of Object.entries<string | null>(u.outlets)) if (s !== null) t.ok(d.streams[s], `${ex.name}: ${name}.${port} → stream ${s} reported`);
    }
  }
  const recycle = run(RUN_PROCESS_EXAMPLES.find((e) => e.name === 'mixer-splitter-recycle')!.input);
  t.ok(data(recycle).iterations > 1, `the recycle example takes ${data(recycle).iterations} passes`);
  t.equal(data(recycle).units['Gas Recycle'].converged, true);
  const comp = data(run(RUN_PROCESS_EXAMPLES.find((e) => e.name === 'compression-with-cooling')!.input));
  t.ok(comp.units.Compressor.power_kW > 0 && comp.units.Aftercooler.duty_kW < 0, 'compressor consumes power, aftercooler removes heat');
  t.ok(Math.abs(comp.units.Aftercooler.outletTemperature_C - 35) <= 1e-9, 'aftercooler at its set temperature');
  t.end();
});

t.test('bad definitions: structured errors with code, fix and field', (t) => {
  const sep = { type: 'Separator', name: 'HP Sep', inlet: 'feed' };
  const cases: [string, unknown, string, string | RegExp][] = [
    ['unknown equipment type', { fluid: FLUID, process: [FEED, { type: 'FluxCapacitor', name: 'x', inlet: 'feed' }] }, 'UNKNOWN_EQUIPMENT_TYPE', 'process.1.type'],
    ['unsupported equipment type', { fluid: FLUID, process: [FEED, { type: 'WindTurbine', name: 'col', inlet: 'feed' }] }, 'UNSUPPORTED_EQUIPMENT', 'process.1.type'],
    [
      'forward reference to a non-recycle unit',
      { fluid: FLUID, process: [FEED, { type: 'ThrottlingValve', name: 'v1', inlet: 'v2', properties: { outletPressure: 10 } }, { type: 'ThrottlingValve', name: 'v2', inlet: 'feed', properties: { outletPressure: 20 } }] },
      'FORWARD_REFERENCE',
      'process.1.inlet',
    ],
    ['unknown port', { fluid: FLUID, process: [FEED, sep, { type: 'ThrottlingValve', name: 'v', inlet: 'HP Sep.foo', properties: { outletPressure: 10 } }] }, 'UNKNOWN_PORT', 'process.2.inlet'],
    ['bare reference to a separator (ambiguous port)', { fluid: FLUID, process: [FEED, sep, { type: 'ThrottlingValve', name: 'v', inlet: 'HP Sep', properties: { outletPressure: 10 } }] }, 'UNKNOWN_PORT', 'process.2.inlet'],
    ['inlet naming no unit', { fluid: FLUID, process: [FEED, { type: 'Cooler', name: 'c', inlet: 'nowhere', properties: { outTemperature: [20, 'C'] } }] }, 'UNRESOLVED_INLET', 'process.1.inlet'],
    ['missing flowRate', { fluid: FLUID, process: [{ type: 'Stream', name: 'feed' }] }, 'MISSING_FLOW_RATE', 'process.0.properties.flowRate'],
    ['bad flow unit', { fluid: FLUID, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'furlongs/fortnight'] } }] }, 'INVALID_FLOW_RATE', 'process.0.properties.flowRate'],
    ['negative flow', { fluid: FLUID, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [-5, 'kg/hr'] } }] }, 'INVALID_FLOW_RATE', 'process.0.properties.flowRate'],
    ['GERG2008 with a component it does not cover', { fluid: { ...FLUID, model: 'GERG2008', components: { methane: 0.9, benzene: 0.1 } }, process: [FEED] }, 'UNSUPPORTED_COMPONENT', 'fluid.components.benzene'],
    ['unknown component', { fluid: { ...FLUID, components: { methane: 0.9, unobtainium: 0.1 } }, process: [FEED] }, 'UNKNOWN_COMPONENT', 'fluid.components.unobtainium'],
    ['autoRun false', { fluid: FLUID, process: [FEED], autoRun: false }, 'AUTO_RUN_DISABLED', 'autoRun'],
    ['duplicate names', { fluid: FLUID, process: [FEED, { ...FEED }] }, 'DUPLICATE_EQUIPMENT_NAME', 'process.1.name'],
    [
      'characterizedComponents',
      { fluid: { ...FLUID, characterizedComponents: [{ name: 'C7+', molarMass: 0.1, density: 0.75, moleFraction: 0.05 }] }, process: [FEED] },
      'UNSUPPORTED_FLUID_FEATURE',
      '/fluid/characterizedComponents',
    ],
    ['efficiency above 1', { fluid: FLUID, process: [FEED, { type: 'Compressor', name: 'c', inlet: 'feed', properties: { outletPressure: 80, isentropicEfficiency: 1.5 } }] }, 'INVALID_PROPERTY', 'process.1.properties.isentropicEfficiency'],
    ['heater without a spec', { fluid: FLUID, process: [FEED, { type: 'Heater', name: 'h', inlet: 'feed' }] }, 'MISSING_PROPERTY', 'process.1.properties'],
    [
      'heater with outlet pressure 0',
      { fluid: FLUID, process: [FEED, { type: 'Heater', name: 'h', inlet: 'feed', properties: { outTemperature: [50, 'C'], outletPressure: 0 } }] },
      'INVALID_PRESSURE',
      'process.1.properties.outletPressure',
    ],
    [
      'one port feeding two units',
      { fluid: FLUID, process: [FEED, { type: 'ThrottlingValve', name: 'v1', inlet: 'feed', properties: { outletPressure: 10 } }, { type: 'Cooler', name: 'c', inlet: 'feed', properties: { outTemperature: [20, 'C'] } }] },
      'PORT_ALREADY_USED',
      'process.2.inlet',
    ],
    ['valve without outlet pressure', { fluid: FLUID, process: [FEED, { type: 'ThrottlingValve', name: 'v', inlet: 'feed' }] }, 'MISSING_PROPERTY', 'process.1.properties.outletPressure'],
    [
      'valve raising the pressure (engine failure)',
      { fluid: FLUID, process: [FEED, { type: 'ThrottlingValve', name: 'JT', inlet: 'feed', properties: { outletPressure: [80, 'bara'] } }] },
      'PROCESS_ERROR',
      'unit:JT',
    ],
    [
      'compressor lowering the pressure (engine failure)',
      { fluid: FLUID, process: [FEED, { type: 'Compressor', name: 'K-100', inlet: 'feed', properties: { outletPressure: [20, 'bara'] } }] },
      'PROCESS_ERROR',
      'unit:K-100',
    ],
    [
      'separator pressure drop above its inlet pressure (engine failure)',
      { fluid: FLUID, process: [FEED, { type: 'Separator', name: 'S', inlet: 'feed', properties: { pressureDrop: [60, 'bar'] } }] },
      'PROCESS_ERROR',
      'unit:S',
    ],
    [
      'a loop that accumulates (engine failure)',
      {
        fluid: FLUID,
        process: [
          FEED,
          { type: 'Mixer', name: 'mix', inlets: ['feed', 'R'] },
          { type: 'Splitter', name: 'split', inlet: 'mix', properties: { splitFactors: [1, 0] } },
          { type: 'Recycle', name: 'R', inlet: 'split.splitStream_0' },
        ],
      },
      'RECYCLE_NOT_CONVERGED',
      'unit:R',
    ],
  ];
  for (const [name, input, code, field] of cases) {
    let env: Envelope | undefined;
    t.doesNotThrow(() => (env = run(input)), `${name}: no exception`);
    if (!env) continue;
    t.equal(env.status, 'error', `${name}: status error`);
    t.equal(env.errorKind, 'compute', `${name}: errorKind compute`);
    t.equal(httpStatusFor(env), 422, `${name}: HTTP 422`);
    const e = env.errors?.find((x) => x.code === code);
    t.ok(e, `${name}: code ${code} (got ${env.errors?.map((x) => x.code).join(', ')})`);
    t.ok(e && e.fix.length > 10, `${name}: fix "${e?.fix}"`);
    t.ok(e && e.message.length > 10, `${name}: message "${e?.message}"`);
    t.equal(e?.field, field, `${name}: field ${field}`);
    t.equal(env.data, undefined, `${name}: no data`);
  }
  // Every problem of a definition is reported at once.
  const many = run({ fluid: FLUID, process: [{ type: 'Stream', name: 'feed' }, { type: 'ThrottlingValve', name: 'v', inlet: 'feed' }] });
  t.same(many.errors?.map((e) => e.code).sort(), ['MISSING_FLOW_RATE', 'MISSING_PROPERTY'], 'two problems, two issues');
  t.end();
});

t.test('progress is reported per recycle pass', (t) => {
  const steps: [number, string | undefined][] = [];
  const ex = RUN_PROCESS_EXAMPLES.find((e) => e.name === 'mixer-splitter-recycle')!;
  const env = runProcess(ex.input, { subject: 'test', profile: 'test', progress: (f, m) => void steps.push([f, m]) });
  t.equal(env.status, 'success');
  t.ok(steps.length >= data(env).iterations, `${steps.length} progress reports`);
  t.ok(steps.every(([f], i) => f >= 0 && f <= 1 && (i === 0 || f >= steps[i - 1][0])), 'fractions in [0, 1], non-decreasing');
  t.same(steps[steps.length - 1], [1, '10 units solved'], 'ends at 1');
  // An aborted call stops the recycle iteration after the pass in progress.
  const ac = new AbortController();
  ac.abort();
  const stopped = runProcess(ex.input, { subject: 'test', profile: 'test', progress: () => {}, signal: ac.signal });
  t.equal(stopped.status, 'error');
  t.equal(stopped.errors?.[0].code, 'RECYCLE_NOT_CONVERGED');
  t.match(stopped.errors?.[0].message ?? '', /stopped after 1 of 100 passes/);
  t.end();
});

t.test('flow-rate units give consistent molar flows', (t) => {
  const molarHr = (flowRate: unknown) => {
    const env = run({ fluid: FLUID, process: [{ type: 'Stream', name: 'feed', properties: { flowRate } }] });
    return env.status === 'success' ? (data(env).streams.feed.molarFlow_mol_hr as number) : NaN;
  };
  const M = data(run({ fluid: FLUID, process: [FEED] })).streams.feed.molarMass_kg_mol as number;
  const kgHr = molarHr([3600, 'kg/hr']);
  t.ok(Math.abs(kgHr - 3600 / M) <= 1e-9 * kgHr, `3600 kg/hr = ${kgHr} mol/hr = 3600 kg / M`);
  t.ok(Math.abs(molarHr([1, 'kg/sec']) / kgHr - 1) <= 1e-12, '1 kg/sec = 3600 kg/hr');
  t.ok(Math.abs(molarHr([86.4, 'tonnes/day']) / kgHr - 1) <= 1e-12, '86.4 tonnes/day = 3600 kg/hr');
  t.ok(Math.abs(molarHr([10, 'mol/sec']) - 36000) <= 1e-9, '10 mol/sec = 36000 mol/hr');
  t.ok(Math.abs(molarHr([36, 'kmol/hr']) - 36000) <= 1e-9, '36 kmol/hr = 36000 mol/hr');
  // Standard cubic metres: ideal gas at 15 °C and 1 atm, V = R·288.15 K / 101325 Pa = 0.0236446 m3/mol.
  const vStd = (8.314462618 * 288.15) / 101325;
  const sm3 = molarHr([1e5, 'Sm3/day']);
  t.ok(Math.abs(sm3 - 1e5 / 24 / vStd) <= 1e-6 * sm3, `1e5 Sm3/day = ${sm3.toFixed(2)} mol/hr`);
  t.ok(Math.abs(molarHr([0.1, 'MSm3/day']) / sm3 - 1) <= 1e-12, '0.1 MSm3/day = 1e5 Sm3/day');
  t.ok(Math.abs(molarHr({ value: 1, unit: 'kg/sec' }) / kgHr - 1) <= 1e-12, '{value, unit} form');
  t.ok(Math.abs(molarHr(3600) / kgHr - 1) <= 1e-12, 'a bare number is kg/hr');
  t.end();
});

t.test('a compressor sucking liquid gets TWO_PHASE_UNCERTAINTY; a dry one does not', (t) => {
  const rich = { model: 'SRK', temperature: 280, pressure: 40, components: { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 } };
  const wet = run({ fluid: rich, process: [FEED, { type: 'Compressor', name: 'C', inlet: 'feed', properties: { outletPressure: 80 } }] });
  t.equal(wet.status, 'success', 'still computed');
  t.ok(data(wet).streams.feed.numberOfPhases === 2, 'the feed is two-phase');
  const w = wet.warnings.find((x) => x.code === 'TWO_PHASE_UNCERTAINTY');
  t.ok(w, 'TWO_PHASE_UNCERTAINTY warning');
  t.match(w?.message ?? '', /Compressor 'C'/);
  t.equal(w?.severity, 'CAUTION');
  t.equal(wet.qualityGate?.verdict, 'warning');
  const dry = run({ fluid: rich, process: [FEED, { type: 'Separator', name: 'S', inlet: 'feed' }, { type: 'Compressor', name: 'C', inlet: 'S.gasOut', properties: { outletPressure: 80 } }] });
  t.equal(dry.warnings.filter((x) => x.code === 'TWO_PHASE_UNCERTAINTY').length, 0, 'behind a scrubber: no warning');
  t.end();
});

t.test("the original's input forms are normalised", (t) => {
  const flat = run({
    name: 'flat form',
    fluid: FLUID,
    process: { equipment: [{ type: 'Stream', name: 'feed', flowRate: [1000, 'kg/hr'], temperature: [30, 'C'], pressure: [60, 'bara'] }, { type: 'valve', name: 'v', inlet: 'feed', properties: { outletPressure: [10, 'bara'] } }] },
    metadata: { case: 7 },
  });
  t.equal(flat.status, 'success', `{equipment: [...]} with unit-level flowRate runs ${JSON.stringify(flat.errors ?? '')}`);
  const d = data(flat);
  t.ok(Math.abs(d.streams.feed.massFlow_kg_hr - 1000) <= 1e-9, 'unit-level flowRate used');
  t.ok(Math.abs(d.streams.feed.temperature_C - 30) <= 1e-9, 'unit-level temperature used');
  t.ok(Math.abs(d.streams.feed.pressure_bara - 60) <= 1e-9, 'unit-level pressure used');
  t.equal(d.units.v.type, 'ThrottlingValve', '"valve" is an alias of ThrottlingValve');
  t.equal(d.processSystemName, 'flat form');
  t.same(d.metadata, { case: 7 }, 'metadata echoed');
  const celsius = run({ fluid: { model: 'SRK', temperature_C: 26.85, pressure_bara: 50, components: FLUID.components }, process: [FEED] });
  t.ok(Math.abs(data(celsius).streams.feed.temperature_C - 26.85) <= 1e-9, 'temperature_C / pressure_bara fluid fields');
  const ports = run({ fluid: { ...FLUID, temperature: 260 }, process: [FEED, { type: 'Separator', name: 'S', inlet: 'feed' }, { type: 'ThrottlingValve', name: 'v', inlet: 'S.liquidOutStream', properties: { outletPressure: 10 } }] });
  t.equal(ports.status, 'success', 'NeqSim port name liquidOutStream accepted');
  t.end();
});

t.test('empty ports are reported as noFlow, not invented', (t) => {
  const env = run({
    fluid: FLUID,
    process: [
      FEED,
      { type: 'Separator', name: 'S', inlet: 'feed' },
      { type: 'ThrottlingValve', name: 'drain', inlet: 'S.liquidOut', properties: { outletPressure: 5 } },
      { type: 'Heater', name: 'drain heater', inlet: 'drain', properties: { outTemperature: [40, 'C'] } },
    ],
  });
  t.equal(env.status, 'success');
  const d = data(env);
  t.equal(d.units.S.outlets.liquidOut, null, 'separator liquid port is empty');
  t.equal(d.units.drain.noFlow, true, 'valve on it: noFlow');
  t.equal(d.streams['S.liquidOut'], undefined);
  t.ok(env.warnings.some((w) => w.code === 'MODEL_LIMITATION' && /drain/.test(w.message)), 'a warning names the idle unit');
  t.same(d.products, ['S.gasOut'], 'only the gas leaves');
  t.equal(d.units['drain heater'].noFlow, true, 'heater downstream: noFlow');
  t.equal(d.units['drain heater'].duty_kW, undefined, 'an idle heater reports no duty');
  // Regression: an idle heater's missing duty once turned the energy balance into NaN.
  for (const [k, v] of Object.entries<number>(d.energyBalance)) t.ok(Number.isFinite(v), `energyBalance.${k} = ${v} is finite`);
  t.equal(d.energyBalance.heatInput_kW, 0);
  t.ok(Math.abs(d.energyBalance.relativeImbalance) <= 1e-7);
  t.end();
});

t.test('HTTP: 200 for an example, 422 for an engine failure, 400 for a schema violation', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/runProcess', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const ok = await post(RUN_PROCESS_EXAMPLES[0].input);
  t.equal(ok.statusCode, 200);
  const body = ok.json();
  t.equal(body.status, 'success');
  t.equal(body.tool, 'runProcess');
  t.ok(body.data.streams['HP Sep.gasOut'], 'separator gas stream in the body');
  const failed = await post({ fluid: FLUID, process: [FEED, { type: 'ThrottlingValve', name: 'JT', inlet: 'feed', properties: { outletPressure: [80, 'bara'] } }] });
  t.equal(failed.statusCode, 422);
  t.equal(failed.json().errors[0].code, 'PROCESS_ERROR');
  t.equal(failed.json().errors[0].field, 'unit:JT');
  const bad = await post({ fluid: FLUID, process: 'x' });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().status, 'error');
  t.equal(bad.json().errors[0].code, 'SCHEMA_VALIDATION');
});
