/**
 * Unit parsing (seed 001 temperature/pressure units plus enthalpy, entropy, molar volume) and the
 * SI → display conversions used for output. Conversion factors: 1 psi = 6894.757293168 Pa and
 * 1 atm = 101325 Pa (exact, NIST SP 811); T(K) = T(°C) + 273.15 = (T(°F) − 32)·5/9 + 273.15 = T(°R)·5/9.
 */
import t from 'tap';
import fc from 'fast-check';
import {
  acceptedUnits,
  fromSI,
  kelvinToCelsius,
  kelvinToFahrenheit,
  paToBara,
  paToBarg,
  paToPsia,
  parseEnthalpy,
  parseEntropy,
  parseMolarVolume,
  parsePressure,
  parseQuantity,
  parseTemperature,
  valueWithUnit,
  type QuantityKind,
  type UnitResult,
} from '../../src/tools/contract/units.js';
import { withinTolerance } from '../helpers/reference.js';
import { TOOLS } from '../../src/tools/registry.js';
import { inputJsonSchema } from '../../src/tools/contract/catalog/schemas.js';
import { runTool } from '../../src/index.js';

function value(r: UnitResult): number {
  if (!r.ok) throw new Error(`expected ok, got ${r.issue.code}: ${r.issue.message}`);
  return r.value;
}

function code(r: UnitResult): string | undefined {
  return r.ok ? undefined : r.issue.code;
}

t.test('temperature units', async (t) => {
  const close = (got: number, exp: number, msg: string) => t.notOk(withinTolerance(got, exp, { abs: 1e-9 }), msg);
  close(value(parseTemperature({ value: 25, unit: 'C' })), 298.15, '25 C');
  close(value(parseTemperature({ value: 77, unit: 'F' })), 298.15, '77 F');
  close(value(parseTemperature({ value: 536.67, unit: 'R' })), 298.15, '536.67 R');
  close(value(parseTemperature({ value: 300, unit: 'K' })), 300, '300 K');
  close(value(parseTemperature(300)), 300, 'bare number is K');
  close(value(parseTemperature({ value: 300 })), 300, 'object without unit is K');
  close(value(parseTemperature([25, 'C'])), 298.15, 'process tuple form');
  close(value(parseTemperature({ value: 25, unit: 'degC' })), 298.15, 'alias degC');
  close(value(parseTemperature({ value: -40, unit: 'F' })), 233.15, '-40 F = -40 C');
});

t.test('pressure units', async (t) => {
  const close = (got: number, exp: number, msg: string) => t.notOk(withinTolerance(got, exp, { rel: 1e-12 }), msg);
  close(value(parsePressure(50)), 5e6, 'bare number is bara');
  close(value(parsePressure({ value: 50, unit: 'bara' })), 5e6, 'bara');
  close(value(parsePressure({ value: 0, unit: 'barg' })), 101325, '0 barg is 1 atm');
  close(value(parsePressure({ value: 10, unit: 'barg' })), 1101325, '10 barg');
  close(value(parsePressure({ value: 101325, unit: 'Pa' })), 101325, 'Pa');
  close(value(parsePressure({ value: 250, unit: 'kPa' })), 250000, 'kPa');
  close(value(parsePressure({ value: 5, unit: 'MPa' })), 5e6, 'MPa');
  close(value(parsePressure({ value: 1, unit: 'atm' })), 101325, 'atm');
  close(value(parsePressure({ value: 14.695948775513449, unit: 'psia' })), 101325, '1 atm in psia');
  close(value(parsePressure({ value: 100, unit: 'psia' })), 689475.7293168361, '100 psia');
  close(value(parsePressure({ value: 0, unit: 'psig' })), 101325, '0 psig');
  close(value(parsePressure({ value: 2, unit: 'bar' })), 2e5, 'alias bar = bara');
});

t.test('bad input gives structured errors with the accepted units', async (t) => {
  const unknown = parsePressure({ value: 1, unit: 'furlongs' });
  t.equal(code(unknown), 'PRESSURE_ERROR');
  if (!unknown.ok) {
    for (const u of ['bara', 'barg', 'Pa', 'kPa', 'MPa', 'psi', 'psia', 'psig', 'atm']) t.match(unknown.issue.fix, u);
    t.equal(unknown.issue.severity, 'error');
  }
  t.equal(code(parsePressure({ value: 1, unit: 'mPa' })), 'PRESSURE_ERROR', 'millipascal is not MPa');
  t.equal(code(parsePressure({ value: 1, unit: 'toString' })), 'PRESSURE_ERROR', 'prototype names are not units');
  t.equal(code(parseTemperature({ value: 1, unit: 'constructor' })), 'TEMPERATURE_ERROR');
  t.equal(code(parseEnthalpy({ value: 1, unit: '__proto__' })), 'ENTHALPY_ERROR');
  t.equal(code(parseTemperature({ value: 25, unit: 'X' })), 'TEMPERATURE_ERROR');
  t.equal(code(parseTemperature('25')), 'TEMPERATURE_ERROR', 'strings are not numbers');
  t.equal(code(parseTemperature({ value: '25', unit: 'C' })), 'TEMPERATURE_ERROR');
  t.equal(code(parseTemperature(Number.NaN)), 'TEMPERATURE_ERROR', 'NaN');
  t.equal(code(parseTemperature(undefined)), 'TEMPERATURE_ERROR', 'missing');
  t.equal(code(parseTemperature({ unit: 'C' })), 'TEMPERATURE_ERROR', 'object without value');
  t.equal(code(parseTemperature({ value: -300, unit: 'C' })), 'TEMPERATURE_ERROR', 'below absolute zero');
  t.equal(code(parsePressure({ value: -2, unit: 'barg' })), 'PRESSURE_ERROR', 'negative absolute pressure');
  t.equal(value(parsePressure({ value: -2, unit: 'bara' }, { allowNonPositive: true })), -2e5, 'validator may read it');
  const custom = parseTemperature({ value: 1, unit: 'Q' }, { code: 'INVALID_TEMPERATURE', field: 'fluid.temperature' });
  t.equal(code(custom), 'INVALID_TEMPERATURE');
  if (!custom.ok) t.equal(custom.issue.field, 'fluid.temperature');
});

t.test('enthalpy, entropy and molar volume', async (t) => {
  const M = 0.01604; // kg/mol
  t.equal(value(parseEnthalpy(-1500)), -1500, 'bare J/mol');
  t.equal(value(parseEnthalpy({ value: -1.5, unit: 'kJ/mol' })), -1500);
  t.notOk(withinTolerance(value(parseEnthalpy({ value: 1000, unit: 'J/kg' }, { molarMass: M })), 16.04, { rel: 1e-12 }));
  t.notOk(withinTolerance(value(parseEnthalpy({ value: 2, unit: 'kJ/kg' }, { molarMass: M })), 32.08, { rel: 1e-12 }));
  const noM = parseEnthalpy({ value: 1000, unit: 'J/kg' });
  t.equal(code(noM), 'ENTHALPY_ERROR', 'mass basis needs a molar mass');
  if (!noM.ok) t.match(noM.issue.fix, 'J/mol');
  t.equal(value(parseEntropy({ value: -0.02, unit: 'kJ/molK' })), -20);
  t.notOk(withinTolerance(value(parseEntropy({ value: 1, unit: 'kJ/kgK' }, { molarMass: M })), 16.04, { rel: 1e-12 }));
  t.equal(code(parseEntropy({ value: 1, unit: 'J/kgK' })), 'ENTROPY_ERROR');
  t.notOk(withinTolerance(value(parseMolarVolume({ value: 0.5, unit: 'L/mol' })), 5e-4, { rel: 1e-12 }));
  t.notOk(withinTolerance(value(parseMolarVolume({ value: 500, unit: 'cm3/mol' })), 5e-4, { rel: 1e-12 }));
  t.equal(code(parseMolarVolume({ value: -1, unit: 'm3/mol' })), 'VOLUME_ERROR');
});

t.test('SI round trips for every unit', async (t) => {
  const kinds: QuantityKind[] = ['temperature', 'pressure', 'enthalpy', 'entropy', 'molarVolume'];
  for (const kind of kinds) {
    for (const unit of acceptedUnits(kind)) {
      fc.assert(
        fc.property(fc.double({ min: 1, max: 1e4, noNaN: true }), fc.double({ min: 0.002, max: 0.5, noNaN: true }), (v, M) => {
          // Conversion only: the range checks (positive, engineering ceilings) are tested below.
          const r = parseQuantity(kind, { value: v, unit }, { molarMass: M, allowNonPositive: true });
          if (!r.ok) return false;
          const back = fromSI(kind, r.value, unit, M);
          return Math.abs(back - v) <= 1e-9 * Math.max(1, Math.abs(v));
        }),
        { numRuns: 50 },
      );
    }
  }
  t.pass('parse ∘ fromSI is the identity for all units');
});

t.test('states beyond every model are refused, not answered (issue 20: no silently wrong numbers)', async (t) => {
  t.equal(parseQuantity('pressure', { value: 10_000, unit: 'bara' }).ok, true, '10 000 bara is the ceiling');
  const p = parseQuantity('pressure', { value: 1e10, unit: 'bara' });
  t.equal(p.ok, false, '1e10 bara is refused');
  t.match(p.ok ? '' : p.issue.message, /above 10000 bar/);
  t.equal(parseQuantity('pressure', { value: 1001, unit: 'MPa' }).ok, false, '1001 MPa is above the ceiling');
  t.equal(parseQuantity('temperature', { value: 5000, unit: 'K' }).ok, true, '5000 K is the ceiling');
  const T = parseQuantity('temperature', { value: 1e6, unit: 'K' });
  t.equal(T.ok, false, '1e6 K is refused');
  t.match(T.ok ? '' : T.issue.fix, /1000 °C/);
});

t.test('output formatting helpers', async (t) => {
  t.equal(kelvinToCelsius(273.15), 0);
  t.notOk(withinTolerance(kelvinToFahrenheit(373.15), 212, { abs: 1e-9 }));
  t.equal(paToBara(1e5), 1);
  t.equal(paToBarg(101325), 0);
  t.notOk(withinTolerance(paToPsia(101325), 14.695948775513449, { rel: 1e-12 }));
  const shown = valueWithUnit('pressure', 5e6, 'barg');
  t.equal(shown.unit, 'barg');
  t.notOk(withinTolerance(shown.value, 48.98675, { rel: 1e-12 }), '50 bara shown as barg');
  t.notOk(withinTolerance(fromSI('enthalpy', 16.04, 'J/kg', 0.01604), 1000, { rel: 1e-12 }));
  t.throws(() => fromSI('pressure', 1, 'furlongs'), 'programmer error on unknown output unit');
});

t.test('"psi" is refused with a fix naming psia and psig, never taken as absolute', async (t) => {
  for (const unit of ['psi', 'PSI', 'Psi', ' psi ', 'lb/in2']) {
    const r = parsePressure({ value: 500, unit }, { field: 'pressure' });
    t.equal(code(r), 'PRESSURE_ERROR', unit);
    if (!r.ok) {
      t.match(r.issue.message, /ambiguous/);
      t.match(r.issue.fix, /psia.*psig/);
      t.equal(r.issue.field, 'pressure');
    }
  }
  t.notOk(acceptedUnits('pressure').includes('psi'));
  t.equal(value(parsePressure([500, 'psig'])), 500 * 6894.757293168361 + 101325, 'psig stays: gauge above 1 atm');
  // Through a tool: a structured 400-class error with the fix, not a flash at a guessed pressure.
  const flash = (await runTool('runFlash', { components: { methane: 1 }, temperature: { value: 25, unit: 'C' }, pressure: { value: 500, unit: 'psi' } })) as { status: string; errors?: { code: string; fix: string }[] };
  t.equal(flash.status, 'error');
  t.match(flash.errors?.[0]?.fix ?? '', /psia/);
  // validateResults reads results, so it reports the leaf instead of checking a guess.
  const checked = (await runTool('validateResults', { resultsJson: { pressure: { value: 20000, unit: 'psi' } } })) as { data: { findings: { code: string }[] } };
  t.same(checked.data.findings.map((f) => f.code), ['AMBIGUOUS_UNIT'], 'no VERY_HIGH_PRESSURE from an absolute guess, the ambiguity reported');
  const gauge = (await runTool('validateResults', { resultsJson: { pressure: { value: 20000, unit: 'psig' } } })) as { data: { findings: { code: string }[] } };
  t.same(gauge.data.findings.map((f) => f.code), ['VERY_HIGH_PRESSURE'], '20000 psig ≈ 1380 bara');
});

t.test('bare numbers: K and bara in tool inputs, °C only where validateResults\' contract says so', async (t) => {
  // The same bare 25 in the two tools that disagreed: runFlash reads 25 K (below methane's triple
  // point: a refusal or a liquid), validateResults reads 25 °C. Each field now says which.
  const flash = (await runTool('runFlash', { components: { nitrogen: 1 }, temperature: 300, pressure: 1 })) as { status: string; data: { fluid: { conditions: { overall: { temperature: number; pressure: number } } } } };
  t.equal(flash.status, 'success');
  t.equal(flash.data.fluid.conditions.overall.temperature, 300, 'runFlash: a bare 300 is 300 K');
  t.equal(flash.data.fluid.conditions.overall.pressure, 1, 'and a bare 1 is 1 bara');
  const results = (await runTool('validateResults', { resultsJson: { temperature: 300 } })) as { data: { findings: { code: string }[] } };
  t.same(results.data.findings.map((f) => f.code), [], 'validateResults: a bare 300 is 300 °C (under its 1500 °C limit), as its contract table fixes');
  const asKelvin = (await runTool('validateResults', { resultsJson: { temperature: -50 } })) as { data: { findings: { code: string }[] } };
  t.same(asKelvin.data.findings.map((f) => f.code), ['LOW_TEMPERATURE'], 'a bare -50 there is -50 °C');
});

/** Every input field named for a temperature or pressure (no unit suffix) with its schema, over all tools. */
function quantityFields(): { where: string; schema: Record<string, any> }[] {
  const out: { where: string; schema: Record<string, any> }[] = [];
  const isQuantityName = (k: string) =>
    /^(temperature|pressure|fixedTemperature|fixedPressure|lowPressure|outTemperature|outletPressure|temperatureMean|pressureMean)$/.test(k);
  const walk = (tool: string, s: Record<string, any> | undefined, path: string) => {
    if (s === undefined || typeof s !== 'object') return;
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, any>>)) {
      if (isQuantityName(k)) out.push({ where: `${tool} ${path}/${k}`, schema: v });
      walk(tool, v, `${path}/${k}`);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const x of s[key]) walk(tool, x, path);
    if (s.items !== undefined) walk(tool, s.items, `${path}[]`);
    if (s.additionalProperties !== undefined && typeof s.additionalProperties === 'object') walk(tool, s.additionalProperties, `${path}/*`);
  };
  for (const tool of TOOLS) walk(tool.name, inputJsonSchema(tool) as Record<string, any>, '');
  return out;
}

t.test('every temperature/pressure input field states how a bare number is read', async (t) => {
  const fields = quantityFields();
  t.ok(fields.length > 50, `${fields.length} fields found`);
  for (const { where, schema } of fields) {
    const variants: Record<string, any>[] = schema.anyOf ?? [schema];
    const takesNumber = schema.type === undefined && schema.anyOf === undefined ? true : variants.some((v) => v.type === 'number' || v.type === 'integer' || v.anyOf?.some((w: Record<string, any>) => w.type === 'number'));
    const text = String(schema.description ?? '');
    if (takesNumber) t.match(text, /a bare number (is|in) (K|°C|bara)\b/, `${where}: "${text.slice(0, 90)}"`);
    else if (variants.some((v) => v.properties?.value !== undefined)) t.match(text, /\b(K|°C|bara|unit)\b/, `${where} states its units`);
    // else not a quantity (e.g. runDynamic's tuning.pressure is a controller's {kp, ti}).
  }
});
