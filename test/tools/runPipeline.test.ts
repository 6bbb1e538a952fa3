/**
 * runPipeline: the original's own Beggs & Brill results (reference/neqsim/pipeline.json and its
 * example response) matched once its two unit constants are accounted for, the catalog examples,
 * the input forms (top level vs pipe, angle vs heights, T/P precedence, defaults), the options
 * (detail level, increments) and the refusals, and one pass through HTTP.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runPipeline } from '../../src/tools/flow/runPipeline/runPipeline.js';
import { RunPipelineInput, RunPipelineOutput } from '../../src/tools/flow/runPipeline/schema.js';
import { loadReference } from '../helpers/reference.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const run = (input: unknown) => runPipeline(input as RunPipelineInput) as Envelope<any>;

/**
 * What the original reports for our friction and gravity parts: it converts lbm/(ft·s²) to bar with
 * 1.48727e-5 (exact: 0.45359237 / 0.3048 / 1e5) and uses g = 32.2 ft/s² (exact: 9.80665 / 0.3048).
 */
const BAR_ORIGINAL = 1.48727e-5 / (0.45359237 / 0.3048 / 1e5);
const G_ORIGINAL = 32.2 / (9.80665 / 0.3048);
const asOriginal = (d: any) => d.frictionPressureDrop_bar * BAR_ORIGINAL + d.gravityPressureDrop_bar * G_ORIGINAL * BAR_ORIGINAL;

const BASE = {
  model: 'PR',
  temperature_C: 50,
  pressure_bara: 90,
  components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.05, nitrogen: 0.02 },
  flowRate: { value: 100000, unit: 'kg/hr' },
  pipe: { length_m: 5000, diameter_m: 0.25, roughness_m: 4.6e-5, elevation_m: 20 },
};

t.test('registered as an advanced pool CALCULATION tool, auto-validated as a pipeline', (t) => {
  const tool = getTool('runPipeline');
  t.equal(tool?.tier, 'advanced');
  t.equal(tool?.category, 'CALCULATION');
  t.equal(tool?.since, 'v1.1');
  t.equal(tool?.execution, 'pool');
  t.equal(tool?.autoValidation, 'pipeline');
  t.end();
});

t.test("the original's Beggs & Brill results, to its unit constants", (t) => {
  const ref = loadReference<{ cases: { id: string; input: unknown; expected: Record<string, number> }[] }>(t, 'neqsim/pipeline.json');
  if (!ref) return t.end();
  for (const c of ref.cases) {
    const env = run(c.input);
    t.equal(env.status, 'success', `${c.id} ${JSON.stringify(env.errors ?? '')}`);
    const d = env.data;
    const e = c.expected;
    t.equal(d.inletPressure_bara, e.inletPressure_bara, `${c.id}: inlet pressure`);
    t.ok(Math.abs(d.outletTemperature_C - e.outletTemperature_C!) < 1e-9, `${c.id}: isothermal`);
    t.ok(Math.abs(d.pressureDrop_bara - e.pressureDrop_bara!) <= 1e-3 * Math.abs(e.pressureDrop_bara!), `${c.id}: ΔP ${d.pressureDrop_bara} vs ${e.pressureDrop_bara} within 1e-3`);
    const adjusted = asOriginal(d);
    t.ok(Math.abs(adjusted - e.pressureDrop_bara!) <= 5e-5 * Math.abs(e.pressureDrop_bara!), `${c.id}: with the original's constants ${adjusted} vs ${e.pressureDrop_bara} within 5e-5`);
    t.equal(d.length_m, e.length_m);
    t.equal(d.diameter_m, e.diameter_m);
  }
  t.end();
});

t.test("the original's example: profiles and heat-transfer fields are reported as unused", (t) => {
  const input = loadReference(t, 'neqsim-responses/inputs/runPipeline_default_beggsbrill.json');
  const out = loadReference<{ data: Record<string, number> }>(t, 'neqsim-responses/outputs/runPipeline__runPipeline_default_beggsbrill.out.json');
  if (!input || !out) return t.end();
  const env = run(input);
  t.equal(env.status, 'success');
  t.ok(Math.abs(asOriginal(env.data) - out.data.pressureDrop_bara!) <= 5e-5 * out.data.pressureDrop_bara!, `ΔP ${asOriginal(env.data)} vs ${out.data.pressureDrop_bara}`);
  t.match(env.warnings.map((w) => w.message).join(' '), /elevationProfile_m.*heatTransferProfile_W_m2K/);
  t.end();
});

t.test('catalog examples run, match the output schema and report regime and holdup', (t) => {
  const tool = getTool('runPipeline')!;
  for (const ex of tool.examples) {
    t.ok(Value.Check(RunPipelineInput, ex.input), `${ex.name}: input schema`);
    const env = run(ex.input);
    t.equal(env.status, 'success', ex.name);
    t.ok(Value.Check(RunPipelineOutput, env.data), `${ex.name}: output schema ${JSON.stringify([...Value.Errors(RunPipelineOutput, env.data)].slice(0, 2))}`);
    const d = env.data;
    t.ok(Math.abs(d.pressureDrop_bara - d.frictionPressureDrop_bar - d.gravityPressureDrop_bar) < 1e-9, `${ex.name}: ΔP = friction + gravity`);
    t.equal(d.profile.length, d.numberOfIncrements + 1, 'a node per increment end');
    t.equal(d.profile[0].pressure_bara, d.inletPressure_bara);
    t.ok(Math.abs(d.profile.at(-1).pressure_bara - d.outletPressure_bara) < 1e-12);
    t.ok(Math.abs(d.discretisation.estimatedError_bar) < 0.05 * Math.abs(d.pressureDrop_bara), `${ex.name}: marching error ${d.discretisation.estimatedError_bar} bar`);
  }
  const twoPhase = run(tool.examples[0]!.input).data;
  t.not(twoPhase.inletFlowRegime, 'SINGLE_PHASE', 'the condensate line is two-phase');
  t.ok(twoPhase.averageLiquidHoldup > 0 && twoPhase.liquidInventory_m3 > 0);
  const gas = run(tool.examples[1]!.input).data;
  t.equal(gas.inletFlowRegime, 'SINGLE_PHASE');
  t.equal(gas.gravityPressureDrop_bar, 0, 'flat line');
  t.end();
});

t.test('input forms: top level wins, angle or heights give the elevation, T/P precedence and defaults', (t) => {
  const base = run(BASE).data;
  const top = run({ ...BASE, length_m: 2500 }).data;
  t.equal(top.length_m, 2500, 'top-level length wins over pipe.length_m');
  const viaHeights = run({ ...BASE, pipe: { ...BASE.pipe, elevation_m: undefined, inletElevation_m: -10, outletElevation_m: 10 } }).data;
  t.equal(viaHeights.elevation_m, 20);
  t.ok(Math.abs(viaHeights.pressureDrop_bara - base.pressureDrop_bara) < 1e-12, 'heights = elevation');
  const angle = (Math.asin(20 / 5000) * 180) / Math.PI;
  const viaAngle = run({ ...BASE, pipe: { ...BASE.pipe, elevation_m: undefined, angle_degrees: angle } }).data;
  t.ok(Math.abs(viaAngle.pressureDrop_bara - base.pressureDrop_bara) < 1e-9, 'angle = elevation');
  const inK = run({ ...BASE, temperature_C: undefined, temperature: { value: 323.15, unit: 'K' } }).data;
  t.ok(Math.abs(inK.pressureDrop_bara - base.pressureDrop_bara) < 1e-9, 'temperature {value, unit}');
  const barg = run({ ...BASE, pressure_bara: undefined, pressure_barg: 90 - 1.01325 }).data;
  t.ok(Math.abs(barg.inletPressure_bara - 90) < 1e-12, 'barg + 1.01325');
  const flow = run({ ...BASE, flowRate: [100, 'tonnes/day'] }).data;
  t.ok(Math.abs(flow.massFlow_kg_hr - 100000 / 24) < 1e-6, 'flow as [value, unit]');
  const defaults = run({ components: BASE.components, flowRate: BASE.flowRate, pipe: { length_m: 1000, diameter_m: 0.2 } });
  t.equal(defaults.status, 'success');
  t.equal(defaults.data.inletPressure_bara, 50);
  t.equal(defaults.data.inletTemperature_C, 15);
  t.equal(defaults.data.roughness_m, 1e-5);
  t.equal(defaults.data.numberOfIncrements, 5);
  t.match(defaults.warnings.map((w) => w.message).join(' '), /15 °C.*50 bara/s);
  const summary = run({ ...BASE, detailLevel: 'SUMMARY' }).data;
  t.notOk('profile' in summary, 'SUMMARY leaves out the profile');
  t.end();
});

t.test('refusals: each with its code, field and fix', (t) => {
  const cases: [unknown, string, string][] = [
    [{ ...BASE, pipe: { diameter_m: 0.25 } }, 'MISSING_PIPE_LENGTH', 'pipe.length_m'],
    [{ ...BASE, pipe: { length_m: 100 } }, 'MISSING_PIPE_DIAMETER', 'pipe.diameter_m'],
    [{ ...BASE, pipe: { ...BASE.pipe, elevation_m: 6000 } }, 'INVALID_PIPE_GEOMETRY', 'pipe.elevation_m'],
    [{ ...BASE, pipe: { ...BASE.pipe, elevation_m: undefined, inletElevation_m: 3 } }, 'INVALID_PIPE_GEOMETRY', 'outletElevation_m'],
    [{ ...BASE, solver: 'twoFluid' }, 'NOT_IMPLEMENTED_SOLVER', 'solver'],
    [{ ...BASE, solver: 'magic' }, 'UNKNOWN_PIPELINE_SOLVER', 'solver'],
    [{ ...BASE, analysis: 'waterHammer' }, 'NOT_IMPLEMENTED_ANALYSIS', 'analysis'],
    [{ ...BASE, components: { unobtainium: 1 } }, 'UNKNOWN_COMPONENT', 'components.unobtainium'],
    [{ ...BASE, flowRate: { value: 10, unit: 'barrels/fortnight' } }, 'INVALID_FLOW_RATE', 'flowRate'],
    [{ ...BASE, flowRate: { value: 5e6, unit: 'kg/hr' } }, 'PROCESS_ERROR', 'pipe'],
  ];
  for (const [input, code, field] of cases) {
    const env = run(input);
    t.equal(env.status, 'error', code);
    t.equal(env.errors?.[0]?.code, code, `${code}: ${JSON.stringify(env.errors?.[0])}`);
    t.equal(env.errors?.[0]?.field, field, `${code}: field`);
    t.ok(env.errors?.[0]?.fix, `${code}: fix`);
  }
  t.end();
});

t.test('HTTP: 200, 422 for a line that cannot carry the flow, 400 for a schema violation', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/runPipeline', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const ok = await post(BASE);
  t.equal(ok.statusCode, 200);
  t.equal(ok.json().autoValidation?.overall !== undefined, true, 'auto-validation block');
  const choked = await post({ ...BASE, flowRate: { value: 5e6, unit: 'kg/hr' } });
  t.equal(choked.statusCode, 422);
  const bad = await post({ ...BASE, pipe: { ...BASE.pipe, diameter_m: -1 } });
  t.equal(bad.statusCode, 400);
});
