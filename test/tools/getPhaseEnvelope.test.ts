/**
 * getPhaseEnvelope: registration, the example against the output schema, both branches labelled
 * with the critical point between them, unstable points flagged with a warning, traces that stop
 * early flagged, and the input errors with their codes. (The envelope numerics are tested in
 * test/engine/phase-envelope.test.ts.)
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { getPhaseEnvelope, PhaseEnvelopeInput, PhaseEnvelopeOutput } from '../../src/tools/thermo/getPhaseEnvelope.js';

const data = (env: Envelope): any => env.data as any;

t.test('registered as a core CALCULATION pool tool; the example conforms to the schemas', async (t) => {
  const tool = getTool('getPhaseEnvelope');
  t.match(tool, { tier: 'core', category: 'CALCULATION', execution: 'pool', since: 'v1.0' });
  for (const ex of tool!.examples) {
    t.ok(Value.Check(PhaseEnvelopeInput, ex.input), `${ex.name}: input matches the schema`);
    const env = (await tool!.run(ex.input, { subject: 't', profile: 't', progress: () => {} })) as Envelope;
    t.equal(env.status, 'success');
    t.ok(Value.Check(PhaseEnvelopeOutput, env.data), `${ex.name}: output matches the schema ${JSON.stringify([...Value.Errors(PhaseEnvelopeOutput, env.data)].slice(0, 2))}`);
    const d = data(env);
    t.equal(d.complete, true);
    t.equal(d.numberOfPoints, d.envelope.length);
    const c = d.criticalPoints;
    t.ok(c.criticalPoint && c.cricondenbar.pressure_bara >= c.criticalPoint.pressure_bara && c.cricondentherm.temperature_K >= c.criticalPoint.temperature_K, 'critical point below the cricondenbar and left of the cricondentherm');
    // The example's description quotes these; keep it honest.
    t.ok(Math.abs(c.cricondentherm.temperature_C - 12.35) < 0.1 && Math.abs(c.cricondenbar.pressure_bara - 102.75) < 0.1 && Math.abs(c.criticalPoint.temperature_C + 45.12) < 0.1, 'figures in the example description');
    const branches = d.envelope.map((p: any) => p.branch).join(',');
    t.match(branches, /^(dew,)+(bubble,)*bubble$/, 'dew points, then bubble points');
    t.ok(d.envelope.every((p: any) => Math.abs(p.temperature_C - (p.temperature_K - 273.15)) < 1e-9), 'temperature in K and C');
    t.same(env.warnings, [], 'no warnings for a plain natural gas');
  }
  t.end();
});

t.test('points that are not stable boundaries are flagged, and so is a trace that stops early', (t) => {
  const sour = getPhaseEnvelope({ model: 'SRK', components: { methane: 0.648927, H2S: 0.265791, CO2: 0.021165, ethane: 0.033431, propane: 0.028003, 'n-pentane': 0.002683 } });
  t.equal(sour.status, 'success');
  t.ok(data(sour).envelope.some((p: any) => !p.stable), 'some points stable: false');
  t.ok(sour.warnings.some((w) => w.code === 'TWO_PHASE_UNCERTAINTY' && /not boundaries of the stable phase diagram/.test(w.message)), 'TWO_PHASE_UNCERTAINTY says so');
  const h2 = getPhaseEnvelope({ model: 'PR', components: { hydrogen: 0.615226, nitrogen: 0.309887, argon: 0.020546, methane: 0.054341 } });
  t.equal(h2.status, 'success');
  t.equal(data(h2).complete, false, 'complete: false');
  t.ok(h2.warnings.some((w) => w.code === 'CONVERGENCE_WARNING' && /still rises at the 1000 bara limit/.test(w.message)), 'CONVERGENCE_WARNING: the curve still rises at the 1000 bara limit');
  t.equal(data(h2).criticalPoints.cricondenbar, undefined, 'no cricondenbar reported (it lies above the limit)');
  t.ok(Math.abs(Math.max(...data(h2).envelope.map((p: any) => p.pressure_bara)) - 1000) < 1e-9, 'traced up to 1000 bara');
  t.equal(h2.provenance?.convergence.converged, false, 'provenance says not converged');
  t.end();
});

t.test('one component: the vapour-pressure curve', (t) => {
  const env = getPhaseEnvelope({ model: 'PR', components: { propane: 1 } });
  t.equal(env.status, 'success');
  const d = data(env);
  t.ok(d.complete && d.envelope.length > 10 && Math.abs(d.criticalPoints.criticalPoint.temperature_K - 369.8) < 3, `ends at the critical point (${d.criticalPoints.criticalPoint.temperature_K.toFixed(2)} K)`);
  t.end();
});

t.test('input errors carry codes, fields, fixes and the right HTTP status', async (t) => {
  const cases: [string, unknown, string, string, number][] = [
    ['no components', { model: 'SRK', components: {} }, 'MISSING_COMPONENTS', 'components', 422],
    ['misspelled component', { components: { metane: 0.9, ethane: 0.1 } }, 'UNKNOWN_COMPONENT', 'components.metane', 422],
    ['GERG-2008 with a component it does not cover', { model: 'GERG2008', components: { methane: 0.9, benzene: 0.1 } }, 'UNSUPPORTED_COMPONENT', 'components.benzene', 422],
    ['low pressure too high', { components: { methane: 0.9, ethane: 0.1 }, lowPressure: 80 }, 'PRESSURE_ERROR', 'lowPressure', 422],
    ['not an object', [1, 2], 'INPUT_ERROR', '', 400],
  ];
  for (const [what, input, code, field, status] of cases) {
    const env = getPhaseEnvelope(input);
    const e = env.errors?.[0];
    t.equal(e?.code, code, `${what}: ${code} (${e?.message})`);
    if (field) t.equal(e?.field, field, `${what}: field ${field}`);
    t.ok((e?.fix ?? '').length > 10, `${what}: a fix`);
    t.equal(httpStatusFor(env), status, `${what}: HTTP ${status}`);
  }
  const { runTool } = await import('../../src/index.js');
  const extra = await runTool('getPhaseEnvelope', { components: { methane: 0.9, ethane: 0.1 }, colour: 'red' });
  t.equal(httpStatusFor(extra), 400, 'an unknown field fails the schema (400)');
  t.end();
});
