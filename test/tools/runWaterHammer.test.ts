/**
 * runWaterHammer and its method of characteristics:
 * - frictionless instantaneous closure: the surge is exactly Joukowsky's ρ·a·V0 (MOC at Courant 1
 *   is exact along characteristics), held at the valve for 2L/a, then reversed (period 4L/a);
 * - the steady state has the Darcy pressure drop f·L·ρV²/(2D) (shared Haaland friction factor); the Korteweg wave speed and the
 *   Joukowsky estimate are recomputed here from the reported density and sound speed;
 * - a slow closure (≫ 2L/a) gives a fraction of the Joukowsky surge; design-pressure and column
 *   separation flags; refusals.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { waterHammer, kortewegWaveSpeed } from '../../src/engine/transient/water-hammer.js';
import { darcyFriction } from '../../src/engine/process/beggs-brill.js';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';

const tool = getTool('runWaterHammer')!;
const call = async (input: unknown) => {
  const env = (await tool.run(input as never, { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output schema');
  return env;
};

t.test('MOC: Joukowsky surge exactly, held for 2L/a, reversed after (frictionless, instantaneous closure)', (t) => {
  const L = 1200;
  const a = 1000;
  const r = waterHammer({ pipe: { length: L, diameter: 0.4, frictionFactor: 0, waveSpeed: a }, density: 1000, velocity: 1.5, inletPressure: 30e5, closure: { startTime: 0, duration: 0, startOpening: 1, endOpening: 0 }, duration: 8 * L / a, reaches: 40, sampleEvery: 1 });
  const jk = 1000 * a * 1.5;
  t.ok(Math.abs(Math.max(...r.maxPressure) - 30e5 - jk) < 1e-6 * jk, `surge ${(Math.max(...r.maxPressure) - 30e5) / 1e5} bar = ρaV0 ${jk / 1e5} bar`);
  const at = (time: number) => r.valvePressure[r.time.findIndex((x) => x >= time - 1e-9)]!;
  t.ok(Math.abs(at(0.5 * L / a) - 30e5 - jk) < 1e-6 * jk, 'valve at +ΔP during the first round trip');
  t.ok(Math.abs(at(1.5 * 2 * L / a) - (30e5 - jk)) < 1e-6 * jk, 'valve at −ΔP during the second');
  t.ok(Math.abs(at(2.5 * 2 * L / a) - 30e5 - jk) < 1e-6 * jk, 'back to +ΔP: period 4L/a');
  t.ok(Math.abs(r.timeStep - L / 40 / a) < 1e-15, 'Δt = Δx/a');
  t.end();
});

t.test('friction factor and wave speed formulas', (t) => {
  // The shared Haaland friction factor against the implicit Colebrook equation (Haaland's stated 2 %).
  for (const [Re, eps] of [[1e5, 1e-4], [1e6, 1e-5], [5e4, 1e-3]]) {
    const f = darcyFriction(Re, eps);
    let x = 0.02;
    for (let i = 0; i < 50; i++) x = (-2 * Math.log10(eps / 3.7 + 2.51 / (Re * Math.sqrt(x)))) ** -2;
    t.ok(Math.abs(f / x - 1) < 0.02, `Re ${Re}: ${f} vs Colebrook ${x}`);
  }
  t.equal(darcyFriction(1000, 1e-4), 0.064, 'laminar 64/Re');
  // Water (K = 2.2 GPa) in a steel pipe with D/e = 20: about 1340 m/s.
  t.ok(Math.abs(kortewegWaveSpeed(1483, 1000, 0.5, 0.025, 2e11) - 1483 / Math.sqrt(1 + (2.2e9 * 20) / 2e11)) < 1, 'Korteweg');
  t.end();
});

const WATER = { studyName: 'test', components: { water: 1 }, model: 'CPA', temperature_C: 20, pressure_bara: 50, flowRate: { value: 500, unit: 'm3/hr' }, pipe: { length_m: 2000, diameter_m: 0.3, wallThickness_m: 0.0127, numberOfNodes: 41 } };

t.test('the tool: Korteweg, Joukowsky and the steady pressure drop from its own reported properties', async (t) => {
  const env = await call({ ...WATER, closureTime_s: 0.5, designPressure_bara: 100 });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  const { keyResults: k, inputSummary: s, pressureEnvelope: pe } = env.data;
  const a = kortewegWaveSpeed(s.soundSpeed_m_s, s.density_kg_m3, 0.3, 0.0127, 200e9);
  t.ok(Math.abs(k.waveSpeed_m_s / a - 1) < 1e-12, 'wave speed is Korteweg of the flashed liquid');
  const V0 = 500 / 3600 / (Math.PI * 0.3 ** 2 / 4);
  t.ok(Math.abs(k.initialVelocity_m_s / V0 - 1) < 1e-9, 'velocity from the actual volume flow');
  t.ok(Math.abs(k.joukowskySurgeEstimate_bar - (s.density_kg_m3 * a * V0) / 1e5) < 1e-9, 'Joukowsky ρaV0');
  const dp = (k.darcyFrictionFactor * 2000 * s.density_kg_m3 * V0 * V0) / (2 * 0.3) / 1e5;
  t.ok(Math.abs(pe[0].steadyPressure_bara - pe[pe.length - 1].steadyPressure_bara - dp) < 1e-9, `steady Darcy drop ${dp} bar`);
  t.equal(k.closureRegime, 'fast_closure');
  t.ok(k.surgeAboveSteady_bar > 0.9 * k.joukowskySurgeEstimate_bar, 'a fast closure reaches about the Joukowsky surge');
  t.ok(env.warnings.some((w) => w.code === 'MODEL_LIMITATION' && /sound speed/.test(w.message)), 'the EOS sound speed is flagged');
});

t.test('slow closure, design pressure, column separation', async (t) => {
  const slow = (await call({ ...WATER, closureTime_s: 60, pipe: { ...WATER.pipe, waveSpeed_m_s: 1300 } })).data.keyResults;
  t.equal(slow.closureRegime, 'slow_closure');
  t.ok(slow.surgeAboveSteady_bar < 0.3 * slow.joukowskySurgeEstimate_bar, `slow closure surge ${slow.surgeAboveSteady_bar} bar ≪ Joukowsky ${slow.joukowskySurgeEstimate_bar}`);
  const over = (await call({ ...WATER, closureTime_s: 0.5, designPressure_bara: 60 })).data.keyResults;
  t.equal(over.designPressureExceeded, true);
  t.equal(over.requiresDetailedSurgeStudy, true);
  const low = await call({ ...WATER, pressure_bara: 5, outletPressure_bara: 2, closureTime_s: 0.5 });
  t.equal(low.data.keyResults.columnSeparationLikely, true, `min ${low.data.keyResults.minPressure_bara} bara: column separation flagged`);
});

t.test('refusals', async (t) => {
  const cases: [unknown, string][] = [
    [{ ...WATER, closureTime_s: 1, components: { methane: 0.5, 'n-decane': 0.5 }, temperature_C: 20, pressure_bara: 50 }, 'TWO_PHASE_NOT_SUPPORTED'],
    [{ ...WATER, closureTime_s: 1, pipe: { length_m: 100, diameter_m: 0.2 } }, 'MISSING_FIELD'],
    [{ ...WATER, eventSchedule: [{ type: 'PUMP_TRIP' }] }, 'NOT_IMPLEMENTED_EVENT'],
    [{ ...WATER, closureTime_s: 1, stidRoute: {} }, 'NOT_IMPLEMENTED_INPUT'],
    [{ ...WATER }, 'MISSING_FIELD'],
    // Found by the route fuzzer: an inlet pressure below the line's friction loss (here a
    // denormal 3.5e-323 bara) has no steady flow to start from.
    [{ ...WATER, closureTime_s: 1, pressure_bara: 3.5e-323 }, 'INVALID_PRESSURE'],
    [{ ...WATER, closureTime_s: 1, pressure_bara: 0.05 }, 'INVALID_PRESSURE'],
  ];
  for (const [input, code] of cases) {
    const env = await call(input);
    t.equal(env.errors?.[0]?.code, code, code);
    t.equal(httpStatusFor(env), 422);
  }
});
