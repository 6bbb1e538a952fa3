/** calculateStandard runners for GPA2145 (constant lookup) and GPA2172 (mixture properties). */
import { GPA2145, gpa2172, MJ_M3_PER_BTU_FT3, GPA_BASE_P_PSIA, GPA_M_AIR, GPA_Z_AIR } from '../../../engine/standards/gpa/index.js';
import { StandardsError } from '../../../engine/standards/errors.js';
import { standardKey } from '../../../engine/standards/gas-names.js';
import { warning } from '../../contract/envelope.js';
import type { StandardOutcome } from './outcome.js';

const CITATION = 'GPA Midstream Standard 2145-16 (60 °F, 14.696 psia)';

export function runGpa2145(components: Record<string, number>): StandardOutcome {
  const constants: Record<string, unknown> = {};
  for (const name of Object.keys(components)) {
    const key = standardKey(name);
    const row = key === undefined ? undefined : GPA2145.get(key);
    if (row === undefined) {
      throw new StandardsError('UNKNOWN_COMPONENT', `Component '${name}' is not in the GPA 2145 table held here`, `Use one of: ${[...GPA2145.keys()].join(', ')}.`, `components.${name}`);
    }
    constants[name] = {
      gpaName: key,
      molarMass_g_mol: row.molarMass,
      idealGasVolume_ft3_per_gal: row.idealGasVolume_ft3_gal,
      summationFactor: row.summationFactor,
      idealGrossHeatingValue_Btu_ft3: row.idealGrossHeatingValue_Btu_ft3,
      idealGrossHeatingValue_MJ_m3: row.idealGrossHeatingValue_Btu_ft3 === null ? null : row.idealGrossHeatingValue_Btu_ft3 * MJ_M3_PER_BTU_FT3,
      idealRelativeDensity: row.molarMass / GPA_M_AIR,
    };
  }
  return {
    edition: '2145-16',
    referenceConditions: { baseTemperature_F: 60, basePressure_psia: GPA_BASE_P_PSIA },
    results: { constants },
    warnings: [],
    assumptions: [`Constants of ${CITATION}; null where the table gives no value (non-combustibles have no heating value)`],
    limitations: ['Table held for 15 components (C1–nC8, CO2, H2S, N2, O2, He)'],
  };
}

export function runGpa2172(components: Record<string, number>, basePressurePsia: number | undefined): StandardOutcome {
  const r = gpa2172(components, basePressurePsia);
  return {
    edition: '2172 with GPA 2145-16 constants',
    referenceConditions: { baseTemperature_F: 60, basePressure_psia: r.basePressure_psia },
    results: {
      molarMass_g_mol: r.molarMass_g_mol,
      compressibilityFactor: r.compressibilityFactor,
      idealGrossHeatingValue_Btu_ft3: r.idealGrossHeatingValue_Btu_ft3,
      grossHeatingValue_Btu_ft3: r.grossHeatingValue_Btu_ft3,
      idealGrossHeatingValue_MJ_m3: r.idealGrossHeatingValue_Btu_ft3 * MJ_M3_PER_BTU_FT3,
      grossHeatingValue_MJ_m3: r.grossHeatingValue_Btu_ft3 * MJ_M3_PER_BTU_FT3,
      idealRelativeDensity: r.idealRelativeDensity,
      relativeDensity: r.relativeDensity,
      liquidContent_gal_per_Mcf: r.liquidContent_gal_Mcf,
      composition: r.composition,
    },
    warnings: r.normalized ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${r.inputSum}; normalised to 1`)] : [],
    assumptions: [
      `GPA 2172 summation-factor method with constants of ${CITATION}; M_air = ${GPA_M_AIR}, Z_air = ${GPA_Z_AIR}`,
      'Heating values are gross (water condensed), dry basis; liquid content counts ethane and heavier',
    ],
    limitations: ['Helium has no GPA 2145 summation factor here and is not accepted; net heating values are not tabulated here'],
  };
}
