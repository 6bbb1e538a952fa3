/**
 * runFlash with flashType dewPointT, dewPointP, bubblePointT, bubblePointP through the tool
 * executor and the dispatcher: the converged T or P in fluid.conditions.overall, the incipient
 * phase at 1e-10 with its composition (as the original reports it), aliases, errors with fix
 * hints (NO_SATURATION_POINT → 422, GERG2008 → 422), and the original's answers on
 * reference/neqsim/saturation.json.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { executeTool } from '../../src/tools/contract/execute.js';
import { runFlashTool } from '../../src/tools/thermo/runFlash/runFlash.js';
import { RunFlashOutput } from '../../src/tools/thermo/runFlash/schema.js';
import { RUN_FLASH_EXAMPLES } from '../../src/tools/thermo/runFlash/examples.js';
import { loadReference } from '../helpers/reference.js';

const GAS = { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 };
const OIL = { methane: 0.35, ethane: 0.08, propane: 0.07, 'n-butane': 0.06, 'n-hexane': 0.14, 'n-heptane': 0.16, nC10: 0.14 };

const ctx = { subject: 'saturation-test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const run = (input: unknown): Promise<Envelope> => executeTool(runFlashTool, input, ctx as never);
const data = (env: Envelope): any => env.data as any;
const overall = (env: Envelope) => data(env).fluid.conditions.overall as { temperature: number; pressure: number };

t.test('the four types: converged value in conditions.overall, incipient phase at 1e-10, output schema', async (t) => {
  const cases = [
    { flashType: 'dewPointT', model: 'SRK', components: GAS, temperature: { value: 0, unit: 'C' }, pressure: { value: 30, unit: 'bara' }, feed: 'gas', incipient: 'oil' },
    { flashType: 'dewPointP', model: 'SRK', components: GAS, temperature: { value: 0, unit: 'C' }, pressure: { value: 30, unit: 'bara' }, feed: 'gas', incipient: 'oil' },
    { flashType: 'bubblePointT', model: 'PR', components: OIL, temperature: { value: 50, unit: 'C' }, pressure: { value: 80, unit: 'bara' }, feed: 'oil', incipient: 'gas' },
    { flashType: 'bubblePointP', model: 'PR', components: OIL, temperature: { value: 50, unit: 'C' }, pressure: { value: 80, unit: 'bara' }, feed: 'oil', incipient: 'gas' },
  ] as const;
  for (const c of cases) {
    const { feed, incipient, ...input } = c;
    const env = await run(input);
    t.equal(env.status, 'success', `${c.flashType} succeeds ${JSON.stringify(env.errors ?? [])}`);
    if (env.status !== 'success') continue;
    t.ok(Value.Check(RunFlashOutput, env.data), `${c.flashType}: output matches the schema`);
    const d = data(env);
    t.equal(d.flash.flashType, c.flashType);
    t.same(d.flash.phases, ['gas', 'oil'], `${c.flashType}: gas then oil, as the original`);
    t.equal(d.fluid.conditions[incipient].phaseFraction, 1e-10, `${c.flashType}: incipient ${incipient} at 1e-10`);
    t.equal(d.fluid.conditions[feed].phaseFraction, 1 - 1e-10, `${c.flashType}: feed ${feed} at 1 − 1e-10`);
    const o = overall(env);
    if (c.flashType.endsWith('T')) {
      t.equal(o.pressure, c.pressure.value, `${c.flashType}: the pressure is the spec`);
      t.not(o.temperature, c.temperature.value + 273.15, `${c.flashType}: the temperature is solved (${o.temperature.toFixed(3)} K)`);
      t.equal(d.fluid.conditions.temperature_K, o.temperature, 'temperature_K is the converged temperature');
    } else {
      t.ok(Math.abs(o.temperature - (c.temperature.value + 273.15)) < 1e-9, `${c.flashType}: the temperature is the spec`);
      t.not(o.pressure, c.pressure.value, `${c.flashType}: the pressure is solved (${o.pressure.toFixed(4)} bara)`);
    }
    // The feed phase has the feed composition; the incipient phase is a different one.
    const feedX = d.fluid.composition[feed];
    for (const [name, x] of Object.entries(c.components)) t.ok(Math.abs(feedX[name].value - x) < 1e-12, `${c.flashType}: feed phase ${name}`);
    t.ok(Math.abs(d.fluid.composition[incipient].methane.value - c.components.methane) > 0.05, `${c.flashType}: incipient composition differs from the feed`);
    t.notOk(env.warnings.some((w) => w.code === 'TWO_PHASE_UNCERTAINTY'), `${c.flashType}: the 1e-10 phase is not flagged as uncertain`);
    t.match(env.provenance?.assumptions.join(' '), new RegExp(`${c.flashType}: `), `${c.flashType}: provenance states what is solved`);
  }
  t.end();
});

t.test('round trip through the tool: dewPointT then dewPointP gives the pressure back', async (t) => {
  const dewT = await run({ flashType: 'dewPointT', components: GAS, temperature: 250, pressure: 20 });
  t.equal(dewT.status, 'success');
  const T = overall(dewT).temperature;
  const dewP = await run({ flashType: 'dewPointP', components: GAS, temperature: T, pressure: 60 });
  t.equal(dewP.status, 'success');
  t.ok(Math.abs(overall(dewP).pressure - 20) < 1e-6, `dewP(dewT(20 bara)) = ${overall(dewP).pressure} bara`);
  t.end();
});

t.test('the initial guess does not change the answer; aliases are normalised', async (t) => {
  const guesses = [{ value: -100, unit: 'C' }, { value: 20, unit: 'C' }, 400];
  const envs = await Promise.all(guesses.map((temperature) => run({ flashType: 'dewPointT', components: GAS, temperature, pressure: 30 })));
  const ts = envs.map((e) => overall(e).temperature);
  t.ok(Math.max(...ts) - Math.min(...ts) < 1e-6, `same dew T from every guess: ${ts.map((x) => x.toFixed(6)).join(', ')} K`);
  const alias = await run({ flashType: 'dewPointTemperature', components: GAS, temperature: 250, pressure: 30 });
  t.equal(alias.status, 'success', 'dewPointTemperature accepted');
  t.equal(data(alias).flash.flashType, 'dewPointT', 'normalised to dewPointT');
  t.ok(Math.abs(overall(alias).temperature - ts[0]) < 1e-6, 'same answer as dewPointT');
  const { runTool } = await import('../../src/index.js');
  const viaDispatcher = await runTool('runFlash', { flashType: 'bubblePointPressure', model: 'PR', components: OIL, temperature: { value: 50, unit: 'C' } });
  t.equal(viaDispatcher.status, 'success', 'bubblePointPressure through the dispatcher (schema, auto-validation)');
  t.equal(data(viaDispatcher).flash.flashType, 'bubblePointP');
  t.ok(viaDispatcher.autoValidation, 'auto-validation block attached');
  t.end();
});

t.test('errors: no saturation point (422 with a fix), GERG2008, bad input', async (t) => {
  const cases: [string, unknown, string, number, RegExp][] = [
    ['dew T above the cricondenbar', { flashType: 'dewPointT', components: GAS, pressure: 300 }, 'NO_SATURATION_POINT', 422, /above the cricondenbar/],
    ['dew P above the cricondentherm', { flashType: 'dewPointP', components: GAS, temperature: { value: 100, unit: 'C' } }, 'NO_SATURATION_POINT', 422, /above the cricondentherm/],
    ['bubble T at 500 bara', { flashType: 'bubblePointT', model: 'PR', components: OIL, pressure: 500 }, 'NO_SATURATION_POINT', 422, /lower the pressure/],
    ['bubble P above Tc', { flashType: 'bubblePointP', model: 'PR', components: OIL, temperature: 900 }, 'NO_SATURATION_POINT', 422, /critical temperature/],
    ['pure methane above its critical pressure', { flashType: 'dewPointT', components: { methane: 1 }, pressure: 60 }, 'NO_SATURATION_POINT', 422, /cricondenbar/],
    ['negative pressure', { flashType: 'bubblePointP', components: OIL, pressure: -5 }, 'PRESSURE_ERROR', 422, /positive/],
  ];
  for (const [what, input, code, status, fix] of cases) {
    const env = await run(input);
    t.equal(env.status, 'error', `${what}: error`);
    const e = env.errors?.[0];
    t.equal(e?.code, code, `${what}: ${code} (${e?.message})`);
    t.match(e?.fix ?? '', fix, `${what}: fix hint`);
    t.equal(httpStatusFor(env), status, `${what}: HTTP ${status}`);
  }
  t.end();
});

t.test('every saturation example of the catalog runs', async (t) => {
  const types = new Set<string>();
  for (const ex of RUN_FLASH_EXAMPLES) {
    const ft = ex.input.flashType ?? 'TP';
    if (!/Point/.test(ft)) continue;
    const env = await run(ex.input);
    t.equal(env.status, 'success', `${ex.name} runs`);
    types.add(ft);
  }
  t.same([...types].sort(), ['bubblePointP', 'bubblePointT', 'dewPointP', 'dewPointT']);
  t.end();
});

t.test('runFlash against the original (reference/neqsim/saturation.json)', async (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'neqsim/saturation.json');
  if (!ref) return t.end();
  let compared = 0;
  for (const c of ref.cases) {
    const env = await run(c.input);
    if (c.target === 'beyond') {
      t.equal(env.errors?.[0]?.code, 'NO_SATURATION_POINT', `${c.id}: beyond the envelope → NO_SATURATION_POINT (the original answered ${c.expected.temperature_K.toFixed(2)} K / ${c.expected.pressure_bara.toFixed(3)} bara)`);
      t.equal(httpStatusFor(env), 422);
      continue;
    }
    if ((c.flags ?? []).length > 0) continue;
    t.equal(env.status, 'success', `${c.id} succeeds`);
    if (env.status !== 'success') continue;
    compared++;
    const d = data(env);
    t.ok(Math.abs(d.fluid.conditions.temperature_K - c.expected.temperature_K) < 0.01, `${c.id}: T ${d.fluid.conditions.temperature_K.toFixed(4)} vs ${c.expected.temperature_K.toFixed(4)} K`);
    t.ok(Math.abs(overall(env).pressure / c.expected.pressure_bara - 1) < 1e-4, `${c.id}: P ${overall(env).pressure.toFixed(5)} vs ${c.expected.pressure_bara.toFixed(5)} bara`);
    t.same(d.flash.phases, c.expected.phases, `${c.id}: phases`);
    for (const [ph, beta] of Object.entries(c.expected.phaseFractions as Record<string, number>)) {
      t.ok(Math.abs(d.fluid.conditions[ph].phaseFraction - beta) < 1e-9, `${c.id}: ${ph} fraction ${d.fluid.conditions[ph].phaseFraction} vs ${beta}`);
    }
    for (const [ph, comp] of Object.entries(c.expected.phaseCompositions as Record<string, Record<string, number>>)) {
      let dx = 0;
      for (const [name, x] of Object.entries(comp)) dx = Math.max(dx, Math.abs(d.fluid.composition[ph][name].value - x));
      t.ok(dx < 1e-4, `${c.id}: ${ph} composition (max |Δx| ${dx.toExponential(2)})`);
    }
  }
  t.ok(compared >= 14, `${compared} cases compared`);
  t.end();
});

t.test('a point the solver misses near the critical point is found on the traced envelope', async (t) => {
  // n-pentane/n-hexane (SRK): the dew curve's top is a band under 0.5 bar wide around 30 bar,
  // where the solver's scan finds no crossing; the envelope continuation passes through it.
  const env = await run({ flashType: 'dewPointT', model: 'SRK', components: { 'n-pentane': 0.075817, 'n-hexane': 0.924183 }, pressure: 30.3, temperature: 500 });
  t.equal(env.status, 'success', 'found');
  if (env.status !== 'success') return t.end();
  const T = overall(env).temperature;
  t.ok(T > 504 && T < 505.3, `dew T ${T.toFixed(4)} K, below the critical point (~505.2 K)`);
  t.match(env.provenance?.assumptions.join(' '), /found on the traced phase envelope/, 'provenance says how it was found');
  // The state is a saturation point: the reported phases have equal fugacities (Newton to 1e-10).
  const d = data(env);
  t.equal(d.fluid.conditions.oil.phaseFraction, 1e-10, 'incipient liquid at 1e-10');
  t.end();
});

t.test('metastable saturation points carry a warning; stable ones do not', async (t) => {
  // Sour gas (SRK): below ~220 K its saturated liquid splits into two liquids (CH4- and H2S-rich).
  const SOUR = { methane: 0.648927, H2S: 0.265791, CO2: 0.021165, ethane: 0.033431, propane: 0.028003, 'n-pentane': 0.002683 };
  const cold = await run({ flashType: 'bubblePointP', model: 'SRK', components: SOUR, temperature: 190, pressure: 20 });
  t.equal(cold.status, 'success');
  const w = cold.warnings.find((x) => x.code === 'TWO_PHASE_UNCERTAINTY');
  t.match(w?.message ?? '', /Metastable bubble point: just above it/, `labelled metastable (${w?.message})`);
  // Independent check: 0.1 % above the bubble pressure the liquid splits into phases of comparable amounts.
  const { flashTP } = await import('../../src/engine/index.js');
  const { cubicFluid } = await import('../helpers/fluids.js');
  const f = cubicFluid('SRK', SOUR);
  const P = overall(cold).pressure * 1e5;
  const above = flashTP(f.model, 190, P * 1.001, f.z, { multiPhaseCheck: true });
  t.ok(above.ok && above.result.phases.filter((p) => p.beta > 1e-3).length >= 2, 'TP flash just above splits');
  const warm = await run({ flashType: 'dewPointT', model: 'SRK', components: SOUR, pressure: 30, temperature: 250 });
  t.notOk(warm.warnings.some((x) => /Metastable/.test(x.message)), 'a stable dew point is not labelled');
  t.end();
});

t.test('every metastable reference point is labelled (reference/neqsim/saturation.json)', async (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'neqsim/saturation.json');
  if (!ref) return t.end();
  const { flashTP } = await import('../../src/engine/index.js');
  const { cubicFluid } = await import('../helpers/fluids.js');
  let metastable = 0;
  for (const c of ref.cases) {
    const env = await run(c.input);
    if (env.status !== 'success') continue;
    const type = c.input.flashType as string;
    const o = overall(env);
    const f = cubicFluid(c.input.model, c.input.components);
    // Outside the point (where the feed should be one phase), 0.1 % away.
    const dew = type.startsWith('dew');
    const T = o.temperature * (type.endsWith('T') ? (dew ? 1.001 : 0.999) : 1);
    const P = o.pressure * 1e5 * (type.endsWith('P') ? (dew ? 0.999 : 1.001) : 1);
    const flash = flashTP(f.model, T, P, f.z, { multiPhaseCheck: true });
    const splits = flash.ok && flash.result.phases.filter((p) => p.beta >= 1e-3).length >= 2;
    const labelled = env.warnings.some((x) => /Metastable/.test(x.message));
    t.equal(labelled, splits, `${c.id}: ${splits ? 'metastable and labelled' : 'stable, not labelled'}`);
    if (splits) metastable++;
  }
  t.ok(metastable >= 3, `${metastable} metastable points labelled`);
  t.end();
});
