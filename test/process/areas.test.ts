/**
 * Issue 22: multi-area process models (the original's ProcessModel form, spec/neqsim-surface.md
 * "ProcessModel form"): areas flattened into one flowsheet named "<area>::<unit>", connected by
 * "<area>::<unit>.<port>" references or interAreaLinks, reported whole and per area; dangling
 * references are refused at the area's own field.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';

const run = (doc: unknown) => runProcess(doc as never) as Envelope<any>;
const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const call = async (name: string, input: unknown) => (await getTool(name)!.run(input as never, ctx)) as Envelope<any>;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

const FLUID = { model: 'SRK', temperature: 303.15, pressure: 60, components: { methane: 0.8, ethane: 0.07, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.03, 'n-hexane': 0.02 } };
const SEPARATION = [
  { type: 'Stream', name: 'well', properties: { flowRate: [20000, 'kg/hr'] } },
  { type: 'Separator', name: 'HP Sep', inlet: 'well' },
  { type: 'ThrottlingValve', name: 'LP valve', inlet: 'HP Sep.liquidOut', properties: { outletPressure: [10, 'bara'] } },
  { type: 'Separator', name: 'LP Sep', inlet: 'LP valve' },
];
const COMPRESSION = [
  { type: 'Compressor', name: 'Export comp', inlet: 'separation::HP Sep.gasOut', properties: { outletPressure: [120, 'bara'], isentropicEfficiency: 0.75 } },
  { type: 'Cooler', name: 'Aftercooler', inlet: 'Export comp', properties: { outTemperature: [35, 'C'] } },
];
const MODEL = { name: 'two areas', areas: { separation: { fluid: FLUID, process: SEPARATION }, compression: { fluid: FLUID, process: COMPRESSION } } };

/** The same plant as one flowsheet with the area-qualified names. */
const FLAT = {
  fluid: FLUID,
  process: [
    ...SEPARATION.map((u) => ({ ...u, name: `separation::${u.name}`, ...(u.inlet ? { inlet: `separation::${u.inlet}` } : {}) })),
    ...COMPRESSION.map((u) => ({ ...u, name: `compression::${u.name}`, inlet: u.inlet.includes('::') ? u.inlet : `compression::${u.inlet}` })),
  ],
};

t.test('the schema takes areas without process', async (t) => {
  t.ok(Value.Check(RunProcessInput, MODEL), 'areas alone is a valid input');
  t.ok(Value.Check(RunProcessInput, FLAT), 'process alone still is');
});

t.test('a model of two areas is the same plant as its one-flowsheet form', async (t) => {
  const m = run(MODEL);
  t.equal(m.status, 'success', JSON.stringify(m.errors ?? ''));
  const f = run(FLAT);
  t.equal(f.status, 'success', JSON.stringify(f.errors ?? ''));
  t.same(m.data.areas, ['separation', 'compression']);
  t.equal(m.data.areaCount, 2);
  t.same(Object.keys(m.data.units), Object.keys(f.data.units));
  for (const [name, s] of Object.entries<any>(f.data.streams)) {
    t.ok(rel(m.data.streams[name].massFlow_kg_hr, s.massFlow_kg_hr) < 1e-12 && Math.abs(m.data.streams[name].temperature_C - s.temperature_C) < 1e-9, `${name} equal`);
  }
  t.ok(rel(m.data.units['compression::Export comp'].power_kW, f.data.units['compression::Export comp'].power_kW) < 1e-12, 'compressor power equal');
  // The same link written as the original's interAreaLinks (the compressor without an inlet of its own).
  const linked = { ...MODEL, areas: { ...MODEL.areas, compression: { fluid: FLUID, process: [{ ...COMPRESSION[0], inlet: undefined }, COMPRESSION[1]] } }, interAreaLinks: [{ sourceArea: 'separation', source: 'HP Sep.gasOut', targetArea: 'compression', targetUnit: 'Export comp' }] };
  const l = run(linked);
  t.equal(l.status, 'success', JSON.stringify(l.errors ?? ''));
  t.ok(rel(l.data.units['compression::Export comp'].power_kW, m.data.units['compression::Export comp'].power_kW) < 1e-12, 'interAreaLinks give the same result');
});

t.test('per-area results: boundary streams and balances', async (t) => {
  const d = run(MODEL).data;
  const sep = d.areaResults.separation;
  const comp = d.areaResults.compression;
  t.same(sep.feeds, ['separation::well']);
  t.same(sep.exportedStreams, ['separation::HP Sep.gasOut']);
  t.same(comp.importedStreams, ['separation::HP Sep.gasOut']);
  t.same(comp.products, ['compression::Aftercooler']);
  t.same([...sep.products].sort(), ['separation::LP Sep.gasOut', 'separation::LP Sep.liquidOut']);
  for (const [area, r] of Object.entries<any>(d.areaResults)) t.ok(Math.abs(r.massBalance.massBalanceRelativeError) < 1e-12, `${area}: in ${r.massBalance.in_kg_hr} = out ${r.massBalance.out_kg_hr} kg/h`);
  t.ok(rel(sep.massBalance.in_kg_hr, d.massBalance.in_kg_hr) < 1e-15, 'the model\'s feed enters the separation area');
  const products = sep.products.length + comp.products.length;
  t.equal(products, d.products.length, 'every product belongs to one area');
});

t.test('a loop across areas is closed by a Recycle in one area read by another', async (t) => {
  const loop = {
    areas: {
      separation: { fluid: FLUID, process: [SEPARATION[0], { type: 'Mixer', name: 'Inlet mixer', inlets: ['well', 'compression::Recycle'] }, { ...SEPARATION[1], inlet: 'Inlet mixer' }, SEPARATION[2], SEPARATION[3]] },
      compression: {
        fluid: FLUID,
        process: [
          ...COMPRESSION,
          { type: 'Splitter', name: 'Split', inlet: 'Aftercooler', properties: { splitFactors: [0.9, 0.1] } },
          { type: 'ThrottlingValve', name: 'Recycle valve', inlet: 'Split.splitStream_1', properties: { outletPressure: [60, 'bara'] } },
          { type: 'Recycle', name: 'Recycle', inlet: 'Recycle valve', properties: { tolerance: 1e-10 } },
        ],
      },
    },
  };
  const env = run(loop);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const d = env.data;
  t.ok(d.recycles[0].converged && d.iterations > 2, `converged in ${d.iterations} passes`);
  t.ok(Math.abs(d.massBalance.massBalanceRelativeError) < 1e-9, `overall ${d.massBalance.massBalanceRelativeError}`);
  t.same(d.areaResults.separation.importedStreams, ['compression::Recycle']);
  t.ok(d.areaResults.compression.exportedStreams.includes('compression::Recycle'));
  for (const [area, r] of Object.entries<any>(d.areaResults)) t.ok(Math.abs(r.massBalance.massBalanceRelativeError) < 1e-9, `${area}: ${r.massBalance.massBalanceRelativeError}`);
});

t.test('dangling references and misplaced keys are refused at the area\'s field', async (t) => {
  const withComp = (u0: Record<string, unknown>) => ({ ...MODEL, areas: { ...MODEL.areas, compression: { fluid: FLUID, process: [u0, COMPRESSION[1]] } } });
  for (const [doc, kind, code, field] of [
    [withComp({ ...COMPRESSION[0], inlet: 'separation::Nope.gasOut' }), 'compute', 'UNRESOLVED_INLET', 'areas.compression.process.0.inlet'],
    [withComp({ ...COMPRESSION[0], inlet: 'nowhere::HP Sep.gasOut' }), 'compute', 'UNRESOLVED_INLET', 'areas.compression.process.0.inlet'],
    [withComp({ ...COMPRESSION[0], inlet: 'HP Sep.gasOut' }), 'compute', 'UNRESOLVED_INLET', 'areas.compression.process.0.inlet'],
    [withComp({ ...COMPRESSION[0], properties: { ...COMPRESSION[0].properties, isentropicEfficency: 0.7 } }), 'input', 'UNKNOWN_PROPERTY', '/areas/compression/process/0/properties/isentropicEfficency'],
    [{ ...MODEL, interAreaLinks: [{ sourceArea: 'separation', source: 'HP Sep.gasOut', targetArea: 'utilities', targetUnit: 'x' }] }, 'compute', 'UNRESOLVED_AREA_LINK', 'interAreaLinks.0.targetArea'],
    [{ ...MODEL, interAreaLinks: [{ sourceArea: 'separation', source: 'HP Sep.gasOut', targetArea: 'compression', targetUnit: 'Nope' }] }, 'compute', 'UNRESOLVED_AREA_LINK', 'interAreaLinks.0.targetUnit'],
    [{ ...MODEL, areas: {} }, 'compute', 'EMPTY_AREAS', 'areas'],
    [{ ...MODEL, areas: { ...MODEL.areas, utilities: { fluid: FLUID, process: SEPARATION, pumps: [] } } }, 'input', 'UNKNOWN_PROPERTY', 'areas.utilities.pumps'],
    [{ ...MODEL, process: FLAT.process }, 'input', 'CONFLICTING_PROPERTY', 'areas'],
    [{ fluid: FLUID }, 'input', 'MISSING_PROCESS', 'process'],
    [{ ...MODEL, maxIterations: 30 }, 'compute', 'UNSUPPORTED_PROPERTY', 'maxIterations'],
    [{ ...FLAT, flowTolerance: 1e-6 }, 'compute', 'UNSUPPORTED_PROPERTY', 'flowTolerance'],
  ] as const) {
    const env = run(doc);
    t.equal(env.status, 'error', code);
    t.equal(env.errorKind, kind, `${code}: ${kind}`);
    t.equal(env.errors?.[0]?.code, code, JSON.stringify(env.errors));
    t.equal(env.errors?.[0]?.field, field, `${code} at ${field}`);
    t.equal(httpStatusFor(env), kind === 'input' ? 400 : 422, `${code}: HTTP ${kind === 'input' ? 400 : 422}`);
  }
  t.notOk(Value.Check(RunProcessInput, { areas: [] }), 'areas as an array is a schema error (400)');
  t.notOk(Value.Check(RunProcessInput, { ...MODEL, interAreaLinks: [{ sourceArea: 'separation' }] }), 'an incomplete link is a schema error (400)');
});

t.test('tools that take one flowsheet refuse a model by name', async (t) => {
  const env = await call('listSimulationUnits', { processJson: MODEL });
  t.equal(env.status, 'error');
  t.equal(env.errors?.[0]?.code, 'UNSUPPORTED_PROCESS_MODEL', JSON.stringify(env.errors));
});
