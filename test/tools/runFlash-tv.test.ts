/**
 * runFlash with flashType TV: the state at the solved pressure from the molar volume a TP result
 * reports (in m3/mol, L/mol and cm3/mol), the pressure input as the initial guess only, the
 * pure-component two-phase answer, and the spec's error codes and fixes.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { RunFlashInput, RunFlashOutput } from '../../src/tools/thermo/runFlash/schema.js';

const GAS = { methane: 0.85, ethane: 0.1, propane: 0.05 };
const RICH = { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 };

const data = (env: Envelope): any => env.data as any;
const overall = (env: Envelope) => data(env).fluid.conditions.overall as { temperature: number; pressure: number };
const molarVolume = (env: Envelope): number => data(env).fluid.properties.overall.molarVolume.value;

function tpState(components: Record<string, number>, tC: number, pBara: number, model = 'SRK') {
  const env = runFlash({ model, temperature: { value: tC, unit: 'C' }, pressure: { value: pBara, unit: 'bara' }, components });
  if (env.status !== 'success') throw new Error(JSON.stringify(env.errors));
  t.equal(data(env).fluid.properties.overall.molarVolume.unit, 'm3/mol', 'TP reports the molar volume in m3/mol');
  return env;
}

t.test('TV gives back the TP state: pressure, phases, fractions and the output schema', (t) => {
  for (const [name, comp, tC, p, model] of [
    ['gas', GAS, 25, 50, 'SRK'],
    ['rich gas, two phases', RICH, -10, 40, 'PR'],
    ['n-heptane liquid', { 'n-heptane': 1 }, 20, 10, 'SRK'],
  ] as const) {
    const tp = tpState(comp, tC, p, model);
    const v = molarVolume(tp);
    for (const [unit, factor] of [
      ['m3/mol', 1],
      ['L/mol', 1e3],
      ['cm3/mol', 1e6],
    ] as const) {
      const input = { model, flashType: 'TV', temperature: { value: tC, unit: 'C' }, volume: { value: v * factor, unit }, components: comp };
      t.ok(Value.Check(RunFlashInput, input), `${name} (${unit}): input matches the schema`);
      const env = runFlash(input);
      t.equal(env.status, 'success', `${name} (${unit}): success ${JSON.stringify(env.errors ?? [])}`);
      if (env.status !== 'success') continue;
      t.ok(Value.Check(RunFlashOutput, env.data), `${name} (${unit}): output matches the schema`);
      t.ok(Math.abs(overall(env).pressure / p - 1) <= 1e-6, `${name} (${unit}): pressure ${overall(env).pressure} bara back to ${p}`);
      t.ok(Math.abs(molarVolume(env) / v - 1) <= 1e-9, `${name} (${unit}): reported molar volume equals the spec`);
      t.same(data(env).flash.phases, data(tp).flash.phases, `${name} (${unit}): same phases`);
      t.equal(env.provenance?.flashType, 'TV');
      t.match(env.provenance?.convergence.message ?? '', /^TV: /, 'convergence message from the TV solve');
      t.ok((env.provenance?.assumptions ?? []).some((a) => /TV flash: pressure solved/.test(a)), 'assumption states what was solved');
    }
  }
  t.end();
});

t.test('the pressure input is only the initial guess', (t) => {
  const tp = tpState(RICH, -10, 40, 'PR');
  const v = molarVolume(tp);
  for (const pressure of [undefined, { value: 1, unit: 'bara' }, { value: 500, unit: 'bara' }]) {
    const env = runFlash({ model: 'PR', flashType: 'TV', temperature: { value: -10, unit: 'C' }, volume: { value: v, unit: 'm3/mol' }, components: RICH, ...(pressure ? { pressure } : {}) });
    t.ok(env.status === 'success' && Math.abs(overall(env).pressure / 40 - 1) <= 1e-6, `guess ${JSON.stringify(pressure)}: 40 bara (${env.status === 'success' ? overall(env).pressure : env.errors?.[0]?.message})`);
  }
  t.end();
});

t.test('a pure component inside its two-phase region: the vapour pressure and the lever rule', (t) => {
  const env = runFlash({ model: 'SRK', flashType: 'TV', temperature: { value: 150, unit: 'K' }, volume: { value: 0.5, unit: 'L/mol' }, components: { methane: 1 } });
  t.equal(env.status, 'success');
  const bubble = runFlash({ model: 'SRK', flashType: 'bubblePointP', temperature: { value: 150, unit: 'K' }, components: { methane: 1 } });
  t.equal(bubble.status, 'success', 'the bubble-point pressure is available to compare');
  t.ok(Math.abs(overall(env).pressure / overall(bubble).pressure - 1) <= 1e-7, `at the vapour pressure (${overall(env).pressure} vs ${overall(bubble).pressure} bara)`);
  t.equal(data(env).flash.numberOfPhases, 2, 'two phases');
  t.ok(Math.abs(molarVolume(env) / 5e-4 - 1) <= 1e-10, 'β-weighted volume is the spec');
  t.end();
});

t.test('spec errors: missing, malformed, unreachable, and GERG2008', (t) => {
  const base = { model: 'SRK', temperature: { value: 25, unit: 'C' }, components: GAS };
  const cases: [string, unknown, string, number, string][] = [
    ['TV without volume', { ...base, flashType: 'TV' }, 'MISSING_SPEC', 422, 'volume'],
    ['unknown volume unit', { ...base, flashType: 'TV', volume: { value: 5, unit: 'gallon' } }, 'VOLUME_ERROR', 422, 'volume'],
    ['negative volume', { ...base, flashType: 'TV', volume: { value: -1e-3, unit: 'm3/mol' } }, 'VOLUME_ERROR', 422, 'volume'],
    ['volume below the co-volume', { ...base, flashType: 'TV', volume: { value: 1, unit: 'cm3/mol' } }, 'FLASH_ERROR', 422, ''],
    ['volume beyond 1 Pa', { ...base, flashType: 'TV', volume: { value: 1e5, unit: 'm3/mol' } }, 'FLASH_ERROR', 422, ''],
  ];
  for (const [what, input, code, status, field] of cases) {
    const env = runFlash(input);
    t.equal(env.status, 'error', `${what}: error`);
    const e = env.errors?.[0];
    t.equal(e?.code, code, `${what}: ${code} (${e?.message})`);
    t.ok((e?.fix ?? '').length > 20, `${what}: a fix hint`);
    if (field) t.equal(e?.field, field, `${what}: field ${field}`);
    t.equal(httpStatusFor(env), status, `${what}: HTTP ${status}`);
  }
  const missing = runFlash({ ...base, flashType: 'TV' });
  t.match(missing.errors?.[0]?.fix, /the pressure, if given, is only the initial guess/, 'MISSING_SPEC fix says what the pressure is for');
  const far = runFlash({ ...base, flashType: 'TV', volume: { value: 1, unit: 'cm3/mol' } });
  t.match(far.errors?.[0]?.fix, /properties\.overall\.molarVolume/, 'fix says where to take a volume from');
  t.end();
});
