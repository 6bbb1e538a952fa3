/**
 * EN 16726:2015+A1:2018 "Gas infrastructure — Quality of gas — Group H": compliance of a gas with
 * the Table 1 limits. Relative density comes from ISO 6976:2016; sulphur concentrations from the
 * composition (mg of S per m³ of real gas at the metering reference conditions) unless measured
 * values are given; dew points and methane number are checked only when supplied.
 */
import { iso6976 } from '../../../engine/standards/iso6976/index.js';
import { warning } from '../../contract/envelope.js';
import type { StandardOutcome } from './outcome.js';

export interface En16726Input {
  volumeReferenceTemperature_C?: number;
  energyReferenceTemperature_C?: number;
  waterDewPoint_C?: number;
  hydrocarbonDewPoint_C?: number;
  methaneNumber?: number;
  totalSulfur_mg_m3?: number;
  mercaptanSulfur_mg_m3?: number;
}

/** EN 16726 Table 1 (network entry / cross-border points). */
export const EN16726_LIMITS = {
  relativeDensity: { min: 0.555, max: 0.7 },
  totalSulfurWithoutOdorant_mg_m3: 20,
  h2sPlusCos_mg_m3: 5,
  mercaptanSulfur_mg_m3: 6,
  oxygen_molPercent: 0.001,
  co2_molPercent: 2.5,
  hydrocarbonDewPoint_C: -2,
  waterDewPointAt7MPa_C: -8,
  methaneNumber: 65,
} as const;

const S_MOLAR_MASS = 32.065; // g/mol (IUPAC 2007, as ISO 6976:2016)
/** Sulphur atoms per molecule of the sulphur species of the ISO 6976 table. */
const SULFUR_ATOMS: Record<string, number> = { 'hydrogen sulphide': 1, 'carbonyl sulphide': 1, 'carbon disulphide': 2, methanethiol: 1, 'sulphur dioxide': 1 };

type Status = 'PASS' | 'FAIL' | 'NOT_EVALUATED';
interface Check {
  parameter: string;
  value: number | null;
  unit: string;
  limit: string;
  status: Status;
  source: string;
}

export function runEn16726(components: Record<string, number>, i: En16726Input): StandardOutcome {
  const r = iso6976(components, { edition: '2016', combustionTemperatureC: i.energyReferenceTemperature_C ?? 15, meteringTemperatureC: i.volumeReferenceTemperature_C ?? 15 });
  const x = (key: string) => r.composition[key] ?? 0;
  // Real-gas molar volume at the metering reference conditions, m³/mol.
  const vm = (r.molarMass_kg_kmol / 1000) / r.density_kg_m3;
  const sulfurOf = (keys: string[]) => keys.reduce((a, k) => a + x(k) * SULFUR_ATOMS[k], 0) * S_MOLAR_MASS * 1000 / vm; // mg/m³
  const computedTotalS = sulfurOf(Object.keys(SULFUR_ATOMS));
  const h2sCos = sulfurOf(['hydrogen sulphide', 'carbonyl sulphide']);
  const mercaptan = sulfurOf(['methanethiol']);
  const L = EN16726_LIMITS;
  const checks: Check[] = [];
  const add = (parameter: string, value: number | undefined, unit: string, limit: string, ok: (v: number) => boolean, source: string) =>
    checks.push({ parameter, value: value ?? null, unit, limit, status: value === undefined ? 'NOT_EVALUATED' : ok(value) ? 'PASS' : 'FAIL', source });

  add('relativeDensity', r.relativeDensity, '-', `${L.relativeDensity.min} to ${L.relativeDensity.max}`, (v) => v >= L.relativeDensity.min && v <= L.relativeDensity.max, 'ISO 6976:2016 real gas');
  add('oxygen', x('oxygen') * 100, 'mol%', `≤ ${L.oxygen_molPercent}`, (v) => v <= L.oxygen_molPercent, 'composition');
  add('carbonDioxide', x('carbon dioxide') * 100, 'mol%', `≤ ${L.co2_molPercent}`, (v) => v <= L.co2_molPercent, 'composition');
  add('hydrogenSulphidePlusCarbonylSulphide', h2sCos, 'mg S/m3', `≤ ${L.h2sPlusCos_mg_m3}`, (v) => v <= L.h2sPlusCos_mg_m3, 'composition');
  add('mercaptanSulphur', i.mercaptanSulfur_mg_m3 ?? mercaptan, 'mg S/m3', `≤ ${L.mercaptanSulfur_mg_m3}`, (v) => v <= L.mercaptanSulfur_mg_m3, i.mercaptanSulfur_mg_m3 !== undefined ? 'measured (input)' : 'composition (methanethiol)');
  add('totalSulphur', i.totalSulfur_mg_m3 ?? computedTotalS, 'mg S/m3', `≤ ${L.totalSulfurWithoutOdorant_mg_m3} (without odorant)`, (v) => v <= L.totalSulfurWithoutOdorant_mg_m3, i.totalSulfur_mg_m3 !== undefined ? 'measured (input)' : 'composition (sulphur species of ISO 6976)');
  add('hydrocarbonDewPoint', i.hydrocarbonDewPoint_C, 'degC', `≤ ${L.hydrocarbonDewPoint_C} (0.1–7 MPa)`, (v) => v <= L.hydrocarbonDewPoint_C, 'input');
  add('waterDewPoint', i.waterDewPoint_C, 'degC', `≤ ${L.waterDewPointAt7MPa_C} at 7 MPa`, (v) => v <= L.waterDewPointAt7MPa_C, 'input');
  add('methaneNumber', i.methaneNumber, '-', `≥ ${L.methaneNumber}`, (v) => v >= L.methaneNumber, 'input');

  const evaluated = checks.filter((c) => c.status !== 'NOT_EVALUATED');
  const failed = evaluated.filter((c) => c.status === 'FAIL').map((c) => c.parameter);
  const notEvaluated = checks.filter((c) => c.status === 'NOT_EVALUATED').map((c) => c.parameter);
  return {
    edition: '2015+A1:2018',
    referenceConditions: { combustionTemperature_C: r.combustionTemperatureC, meteringTemperature_C: r.meteringTemperatureC, pressure_kPa: r.pressureKPa },
    results: {
      isOnSpec: failed.length === 0,
      complete: notEvaluated.length === 0,
      failedParameters: failed,
      notEvaluated,
      checks,
      superiorWobbeIndex_MJ_m3: r.wobbeGross_MJ_m3,
      superiorCalorificValue_MJ_m3: r.volumetricGross_MJ_m3,
      relativeDensity: r.relativeDensity,
      hydrogen_molPercent: x('hydrogen') * 100,
    },
    warnings: [
      ...(r.normalized ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${r.inputSum}; normalised to 1`)] : []),
      ...(notEvaluated.length > 0 ? [warning('MISSING_REFERENCE_DATA', `Not evaluated (give them as inputs): ${notEvaluated.join(', ')}; isOnSpec covers the evaluated parameters only`)] : []),
    ],
    assumptions: [
      'Limits of EN 16726:2015+A1:2018 Table 1 (oxygen 0.001 mol% is the default limit; the standard allows up to 1 mol% where the network can accept it)',
      'Sulphur concentrations as mg of sulphur per m³ of real gas at the metering reference conditions',
      'EN 16726 sets no Wobbe index range (left to national rules); the Wobbe index is reported, not checked',
    ],
    limitations: ['Dew points and methane number are not computed here; they are checked only when supplied'],
  };
}
