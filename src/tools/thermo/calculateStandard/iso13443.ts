/**
 * ISO 13443:1996 "Natural gas — Standard reference conditions": converting volumes and
 * volumetric properties from one set of reference conditions to another. With the composition
 * known, the properties are evaluated directly at both sets by ISO 6976 and the real-gas volume
 * ratio is V2/V1 = (p1/p2)·(T2/T1)·(Z2/Z1) with Z from ISO 6976 at each set.
 */
import { iso6976 } from '../../../engine/standards/iso6976/index.js';
import { warning } from '../../contract/envelope.js';
import { iso6976Options, resolveEdition, type Iso6976Settings } from './iso6976.js';
import type { StandardOutcome } from './outcome.js';

export interface TargetConditions {
  targetVolumeReferenceTemperature_C?: number;
  targetEnergyReferenceTemperature_C?: number;
  targetReferencePressure_kPa?: number;
}

const ratioOrNull = (a: number, b: number): number | null => (b > 0 ? a / b : null);

export function runIso13443(components: Record<string, number>, s: Iso6976Settings, t: TargetConditions): StandardOutcome {
  const edition = resolveEdition('ISO6976', s.edition ?? '2016');
  const from = iso6976(components, iso6976Options(edition, s));
  const to = iso6976(components, {
    edition,
    combustionTemperatureC: t.targetEnergyReferenceTemperature_C ?? 25,
    meteringTemperatureC: t.targetVolumeReferenceTemperature_C ?? 0,
    ...(t.targetReferencePressure_kPa !== undefined ? { pressureKPa: t.targetReferencePressure_kPa } : {}),
  });
  const T1 = from.meteringTemperatureC + 273.15;
  const T2 = to.meteringTemperatureC + 273.15;
  const volumeRatio = (from.pressureKPa / to.pressureKPa) * (T2 / T1) * (to.compressionFactor / from.compressionFactor);
  const props = (r: typeof from) => ({
    combustionTemperature_C: r.combustionTemperatureC,
    meteringTemperature_C: r.meteringTemperatureC,
    pressure_kPa: r.pressureKPa,
    compressionFactor: r.compressionFactor,
    superiorCalorificValue_MJ_m3: r.volumetricGross_MJ_m3,
    inferiorCalorificValue_MJ_m3: r.volumetricNet_MJ_m3,
    superiorWobbeIndex_MJ_m3: r.wobbeGross_MJ_m3,
    inferiorWobbeIndex_MJ_m3: r.wobbeNet_MJ_m3,
    density_kg_m3: r.density_kg_m3,
    relativeDensity: r.relativeDensity,
    grossCalorificValue_MJ_kg: r.massGross_MJ_kg,
  });
  return {
    edition: `1996 (properties by ISO 6976:${edition})`,
    referenceConditions: { from: props(from), to: props(to) },
    results: {
      from: props(from),
      to: props(to),
      conversionFactors: {
        volume: volumeRatio,
        // A non-combustible gas has no calorific value to convert: null, not 0/0.
        superiorCalorificValue: ratioOrNull(to.volumetricGross_MJ_m3, from.volumetricGross_MJ_m3),
        inferiorCalorificValue: ratioOrNull(to.volumetricNet_MJ_m3, from.volumetricNet_MJ_m3),
        superiorWobbeIndex: ratioOrNull(to.wobbeGross_MJ_m3, from.wobbeGross_MJ_m3),
        density: to.density_kg_m3 / from.density_kg_m3,
      },
    },
    warnings: from.normalized ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${from.inputSum}; normalised to 1`)] : [],
    assumptions: [
      'Properties evaluated directly at both reference-condition sets from the composition (ISO 13443 clause 5 preference when the composition is known)',
      'Volume conversion V2/V1 = (p1/p2)·(T2/T1)·(Z2/Z1), Z by the ISO 6976 summation-factor method',
    ],
    limitations: ['Reference conditions limited to those ISO 6976 tabulates (metering 0/15/15.55/20 °C, 90–110 kPa for the 2016 edition)'],
  };
}
