/**
 * calculateStandard runner for ISO6976 (1995 edition unless `edition` says 2016) and
 * ISO6976_2016. Unlike the original, the reference temperatures, pressure, basis and edition
 * asked for are the ones used, for both codes.
 */
import { iso6976, type Iso6976Edition, type Iso6976Options, type Iso6976Result } from '../../../engine/standards/iso6976/index.js';
import { StandardsError } from '../../../engine/standards/errors.js';
import { warning } from '../../contract/envelope.js';
import type { StandardOutcome } from './outcome.js';

export interface Iso6976Settings {
  edition?: '1995' | '2016';
  volumeReferenceTemperature_C?: number;
  energyReferenceTemperature_C?: number;
  referencePressure_kPa?: number;
  calculationType?: 'volume' | 'mass' | 'molar';
  referenceState?: 'real' | 'ideal';
}

/** Top-level fields win over the contract's `standardConfig` object; both are honoured. */
export function mergeSettings<T extends object>(top: T, config: Partial<T> | undefined): T {
  const out = { ...(config ?? {}) } as T;
  for (const [k, v] of Object.entries(top)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

export function resolveEdition(code: string, asked: '1995' | '2016' | undefined): Iso6976Edition {
  if (code === 'ISO6976_2016') {
    if (asked === '1995') {
      throw new StandardsError('CONFLICTING_OPTIONS', 'standard ISO6976_2016 was combined with edition "1995"', 'Use standard "ISO6976" with edition "1995", or drop the edition field.', 'edition');
    }
    return '2016';
  }
  return asked ?? '1995';
}

/** The numbers of an ISO 6976 result on one basis (real gas or ideal gas), in the original's field names plus explicit ones. */
function basisFields(r: Iso6976Result, ideal: boolean): Record<string, number> {
  const hvg = ideal ? r.idealVolumetricGross_MJ_m3 : r.volumetricGross_MJ_m3;
  const hvn = ideal ? r.idealVolumetricNet_MJ_m3 : r.volumetricNet_MJ_m3;
  const wg = ideal ? r.idealWobbeGross_MJ_m3 : r.wobbeGross_MJ_m3;
  const wn = ideal ? r.idealWobbeNet_MJ_m3 : r.wobbeNet_MJ_m3;
  const d = ideal ? r.idealRelativeDensity : r.relativeDensity;
  const rho = ideal ? r.idealDensity_kg_m3 : r.density_kg_m3;
  return {
    superiorCalorificValue_MJ_Sm3: hvg,
    inferiorCalorificValue_MJ_Sm3: hvn,
    superiorCalorificValue_kJ_Sm3: hvg * 1000,
    inferiorCalorificValue_kJ_Sm3: hvn * 1000,
    superiorWobbeIndex_MJ_Sm3: wg,
    inferiorWobbeIndex_MJ_Sm3: wn,
    superiorWobbeIndex: wg * 1000,
    inferiorWobbeIndex: wn * 1000,
    relativeDensity: d,
    density_kg_m3: rho,
  };
}

/** Engine options for the request's reference conditions (15 °C / 15 °C unless given). */
export function iso6976Options(edition: Iso6976Edition, s: Iso6976Settings): Iso6976Options {
  return {
    edition,
    combustionTemperatureC: s.energyReferenceTemperature_C ?? 15,
    meteringTemperatureC: s.volumeReferenceTemperature_C ?? 15,
    ...(s.referencePressure_kPa !== undefined ? { pressureKPa: s.referencePressure_kPa } : {}),
  };
}

export function runIso6976(code: string, components: Record<string, number>, s: Iso6976Settings): StandardOutcome {
  const edition = resolveEdition(code, s.edition);
  const r = iso6976(components, iso6976Options(edition, s));
  const state = s.referenceState ?? 'real';
  const calculationType = s.calculationType ?? 'volume';
  const headline = {
    volume: { gross: state === 'ideal' ? r.idealVolumetricGross_MJ_m3 : r.volumetricGross_MJ_m3, net: state === 'ideal' ? r.idealVolumetricNet_MJ_m3 : r.volumetricNet_MJ_m3, unit: 'MJ/m3' },
    mass: { gross: r.massGross_MJ_kg, net: r.massNet_MJ_kg, unit: 'MJ/kg' },
    molar: { gross: r.molarGross_kJ_mol, net: r.molarNet_kJ_mol, unit: 'kJ/mol' },
  }[calculationType];

  // Object.assign instead of a leading spread: V8 builds the spread literal on a slow path (~20x).
  const results: Record<string, unknown> = Object.assign(basisFields(r, state === 'ideal'), {
    molarMass_kg_kmol: r.molarMass_kg_kmol,
    compressionFactor: state === 'ideal' ? 1 : r.compressionFactor,
    volumeReferenceTemperature_C: r.meteringTemperatureC,
    energyReferenceTemperature_C: r.combustionTemperatureC,
    calculationType,
    referenceState: state,
    grossCalorificValue: headline.gross,
    netCalorificValue: headline.net,
    calorificValueUnit: headline.unit,
    grossCalorificValue_kJ_mol: r.molarGross_kJ_mol,
    netCalorificValue_kJ_mol: r.molarNet_kJ_mol,
    grossCalorificValue_MJ_kg: r.massGross_MJ_kg,
    netCalorificValue_MJ_kg: r.massNet_MJ_kg,
    realGas: Object.assign(basisFields(r, false), { compressionFactor: r.compressionFactor, compressionFactorAir: r.compressionFactorAir }),
    idealGas: basisFields(r, true),
    composition: r.composition,
  });
  const warnings = r.normalized
    ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${r.inputSum}; normalised to 1 before the ISO 6976 calculation`)]
    : [];
  return {
    edition,
    referenceConditions: {
      combustionTemperature_C: r.combustionTemperatureC,
      meteringTemperature_C: r.meteringTemperatureC,
      pressure_kPa: r.pressureKPa,
      referenceState: state,
      calculationType,
    },
    results,
    warnings,
    assumptions: [
      `ISO 6976:${edition} method from composition only; the EOS model, temperature and pressure of the request do not enter`,
      edition === '2016'
        ? 'Net calorific values by ISO 6976:2016 eq. (3): Hc,N = Hc,G − (n_H/2)·L°(t1)'
        : 'Gross and net molar calorific values from ISO 6976:1995 Table 3',
    ],
    limitations: ['ISO 6976 applies to gases with Z > 0.9 at the metering reference conditions (near-ideal gases)'],
  };
}
