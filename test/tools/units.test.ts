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
  close(value(parsePressure({ value: 100, unit: 'psi' })), 689475.7293168361, 'psi (absolute)');
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
          const r = parseQuantity(kind, { value: v, unit }, { molarMass: M });
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
