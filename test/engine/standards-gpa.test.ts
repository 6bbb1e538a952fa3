/**
 * GPA 2145 table held here, cross-checked against the independent ISO 6976:2016 table at the
 * same conditions (60 °F ≈ 15.55 °C, 14.696 psia = 101.325 kPa): a transcription error in either
 * would show up as a disagreement well beyond the differences between the two standards.
 */
import t from 'tap';
import { GPA2145, gpa2172, MJ_M3_PER_BTU_FT3 } from '../../src/engine/standards/gpa/index.js';
import { TABLE_2016 } from '../../src/engine/standards/iso6976/tables-2016.js';
import { StandardsError } from '../../src/engine/standards/errors.js';

const COL_60F = 2; // 15.55 °C column of both ISO 6976:2016 arrays (metering and combustion)
const T60F = (60 - 32) / 1.8 + 273.15;
const R = 8.314462618;

t.test('molar masses, summation factors and gross heating values agree with ISO 6976:2016', async (t) => {
  for (const [key, row] of GPA2145) {
    const iso = TABLE_2016.get(key);
    if (!iso) {
      t.fail(`${key} missing from ISO 6976`);
      continue;
    }
    t.ok(Math.abs(row.molarMass - iso.M) < 2e-3, `${key} M ${row.molarMass} vs ${iso.M}`);
    if (row.summationFactor !== null) {
      t.ok(Math.abs(row.summationFactor / iso.s[COL_60F] - 1) < 0.025, `${key} s ${row.summationFactor} vs ${iso.s[COL_60F]}`);
    }
    if (row.idealGrossHeatingValue_Btu_ft3 !== null) {
      // Btu/ft³ of ideal gas at 60 °F, 101.325 kPa -> kJ/mol
      const kJmol = ((row.idealGrossHeatingValue_Btu_ft3 * MJ_M3_PER_BTU_FT3 * 1000) * R * T60F) / 101325;
      t.ok(Math.abs(kJmol / iso.hg[COL_60F] - 1) < 1e-3, `${key} HV ${kJmol.toFixed(2)} kJ/mol vs ISO ${iso.hg[COL_60F]}`);
    } else {
      t.equal(iso.hg[COL_60F], 0, `${key} is not combustible in either table`);
    }
  }
});

t.test('gpa2172 rejects components without a summation factor and bad base pressures', async (t) => {
  const code = (f: () => unknown) => {
    try {
      f();
      return 'no error';
    } catch (e) {
      return e instanceof StandardsError ? e.code : String(e);
    }
  };
  t.equal(code(() => gpa2172({ methane: 0.99, helium: 0.01 })), 'UNKNOWN_COMPONENT');
  t.equal(code(() => gpa2172({ methane: 1 }, 100)), 'UNSUPPORTED_REFERENCE_CONDITION');
  t.equal(code(() => gpa2172({ methane: 1 }, Number.NaN)), 'INVALID_INPUT');
  const m = gpa2172({ methane: 1 });
  t.ok(Math.abs(m.compressibilityFactor - (1 - 0.04438 ** 2)) < 1e-15, 'pure methane Z = 1 − s²');
});
