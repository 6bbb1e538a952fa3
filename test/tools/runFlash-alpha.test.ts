/**
 * The alphaFunction option of runFlash and runProcess fluids: water at 100 °C and 1 atm (liquid
 * with classic SRK, vapour with Mathias–Copeman, as IAPWS-95 has it: Psat = 101.418 kPa), the
 * classic default unchanged, the warning naming components that keep the classic alpha, and the
 * refusals (CPA/GERG2008, Twu with PR, unknown names) with their status.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { RunFlashInput } from '../../src/tools/thermo/runFlash/schema.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';

const data = (env: Envelope): any => env.data as any;
const WATER_100C = { model: 'SRK', temperature: { value: 100, unit: 'C' }, pressure: { value: 1.01325, unit: 'bara' }, components: { water: 1 } };

t.test('water at 100 °C and 1 atm: aqueous by default, gas with mathias-copeman', (t) => {
  const classic = runFlash(WATER_100C);
  t.equal(classic.status, 'success');
  t.same(data(classic).flash.phases, ['aqueous'], 'classic SRK: liquid (its vapour pressure is 8.8 % low)');
  const explicit = runFlash({ ...WATER_100C, alphaFunction: 'classic' });
  t.same(data(explicit).fluid, data(classic).fluid, 'alphaFunction "classic" is the default');
  const input = { ...WATER_100C, alphaFunction: 'mathias-copeman' };
  t.ok(Value.Check(RunFlashInput, input), 'input matches the schema');
  const mc = runFlash(input);
  t.equal(mc.status, 'success');
  t.same(data(mc).flash.phases, ['gas'], 'SRK-MC: vapour');
  t.ok(mc.provenance?.assumptions.some((a) => a.includes('Mathias–Copeman')), 'provenance names the alpha function');
  t.notOk(mc.warnings?.some((w) => w.code === 'MISSING_REFERENCE_DATA'), 'water has its own parameters: no fallback warning');
  t.end();
});

t.test('components without parameters are named in a warning', (t) => {
  const env = runFlash({ model: 'PR', temperature: 300, pressure: 20, components: { methane: 0.9, ammonia: 0.05, CO2: 0.05 }, alphaFunction: 'mathias-copeman' });
  t.equal(env.status, 'success');
  const w = env.warnings?.find((x) => x.code === 'MISSING_REFERENCE_DATA');
  t.ok(w, 'fallback warning present');
  t.match(w?.message ?? '', /ammonia/, 'names ammonia');
  t.notMatch(w?.message ?? '', /methane|CO2/, 'does not name components that have parameters');
  t.end();
});

t.test('refusals: not for CPA, Twu only with SRK, unknown names', (t) => {
  const cpa = runFlash({ ...WATER_100C, model: 'CPA', alphaFunction: 'twu' });
  t.equal(cpa.status, 'error');
  t.equal(httpStatusFor(cpa), 422);
  t.equal(cpa.errors?.[0].code, 'UNSUPPORTED_ALPHA_FUNCTION');
  const prTwu = runFlash({ ...WATER_100C, model: 'PR', alphaFunction: 'twu' });
  t.equal(prTwu.errors?.[0].code, 'UNSUPPORTED_ALPHA_FUNCTION');
  t.match(prTwu.errors?.[0].fix ?? '', /SRK/);
  const bad = runFlash({ ...WATER_100C, alphaFunction: 'soave-2' });
  t.equal(bad.status, 'error');
  t.equal(bad.errors?.[0].code, 'UNKNOWN_ALPHA_FUNCTION');
  t.equal(bad.errors?.[0].field, 'alphaFunction');
  t.notOk(Value.Check(RunFlashInput, { ...WATER_100C, alphaFunction: 'soave-2' }), 'the schema refuses it too (HTTP 400)');
  t.end();
});

t.test('runProcess fluids take alphaFunction', (t) => {
  const def = (alphaFunction?: string) =>
    ({
      fluid: { model: 'SRK', temperature: 373.15, pressure: 1.01325, components: { water: 0.999, ammonia: 0.001 }, ...(alphaFunction ? { alphaFunction } : {}) },
      process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [100, 'kg/hr'] } }],
    }) as unknown as RunProcessInput;
  const mc = runProcess(def('mathias-copeman'));
  t.equal(mc.status, 'success', JSON.stringify(mc.errors));
  t.ok(mc.warnings?.some((w) => w.code === 'MISSING_REFERENCE_DATA' && /ammonia/.test(w.message)), 'fallback warning for ammonia');
  const bad = runProcess(def('twu-x'));
  t.equal(bad.status, 'error');
  t.end();
});
