/**
 * ISO 6976 (1995 and 2016 editions): calorific values, density, relative density, Wobbe
 * indices and compression factor of a natural gas from its composition.
 *
 * Equation numbers refer to ISO 6976:2016:
 *  (1)  Z = 1 − (p2/p0)·(Σ xj·sj)²                                  compression factor
 *  (2)  Hc,G = Σ xj·Hc,G,j(t1)                                       molar gross
 *  (3)  Hc,N = Σ xj·[Hc,G,j(t1) − (nH,j/2)·L°(t1)]                   molar net
 *  (4)  Hm = Hc / M                                                    mass basis
 *  (5)  M = Σ xj·Mj
 *  (7)-(12) Hv° = Hc·p2/(R·T2) (ideal), Hv = Hv°/Z (real)
 *  (13)-(19) G° = M/M_air, G = G°·Z_air/Z, D° = M·p2/(R·T2), D = D°/Z
 *  (15),(16),(20),(21) W = Hv/√G
 * The 1995 edition uses the same relations with its own constants and tabulated net values.
 */
import { StandardsError, requireFinite } from '../errors.js';
import { normalizeComposition } from '../gas-names.js';
import {
  COMBUSTION_T_1995,
  METERING_T_1995,
  M_AIR_1995,
  P0_1995,
  R_1995,
  TABLE_1995,
  Z_AIR_1995,
} from './tables-1995.js';
import {
  COMBUSTION_T_2016,
  METERING_T_2016,
  M_AIR_2016,
  P0_2016,
  R_2016,
  TABLE_2016,
  Z_AIR_2016,
} from './tables-2016.js';

export type Iso6976Edition = '1995' | '2016';

export interface Iso6976Options {
  edition: Iso6976Edition;
  /** t1, °C: 0, 15, 15.55 (60 °F, 2016 only), 20 or 25. */
  combustionTemperatureC: number;
  /** t2, °C: 0, 15, 15.55 (2016 only) or 20. */
  meteringTemperatureC: number;
  /** p2, kPa; 101.325 by default. 2016: 90–110 kPa; 1995: 101.325 only. */
  pressureKPa?: number;
}

/** Ideal-gas and real-gas results on one basis. Energies in MJ, volumes in m³ at (t2, p2). */
export interface Iso6976Result {
  edition: Iso6976Edition;
  combustionTemperatureC: number;
  meteringTemperatureC: number;
  pressureKPa: number;
  /** composition actually used (standard keys, normalised) */
  composition: Record<string, number>;
  /** sum of the fractions as given, and whether they were rescaled */
  inputSum: number;
  normalized: boolean;
  molarMass_kg_kmol: number;
  compressionFactor: number;
  compressionFactorAir: number;
  molarGross_kJ_mol: number;
  molarNet_kJ_mol: number;
  massGross_MJ_kg: number;
  massNet_MJ_kg: number;
  idealVolumetricGross_MJ_m3: number;
  idealVolumetricNet_MJ_m3: number;
  volumetricGross_MJ_m3: number;
  volumetricNet_MJ_m3: number;
  idealDensity_kg_m3: number;
  density_kg_m3: number;
  idealRelativeDensity: number;
  relativeDensity: number;
  idealWobbeGross_MJ_m3: number;
  idealWobbeNet_MJ_m3: number;
  wobbeGross_MJ_m3: number;
  wobbeNet_MJ_m3: number;
}

/** Reference temperatures each edition allows, °C (combustion t1, metering t2). */
export const ISO6976_TEMPERATURES: Record<Iso6976Edition, { combustion: readonly number[]; metering: readonly number[] }> = {
  '2016': { combustion: COMBUSTION_T_2016, metering: METERING_T_2016 },
  '1995': { combustion: COMBUSTION_T_1995, metering: METERING_T_1995 },
};

/** Component keys of an edition's table. */
export function iso6976Components(edition: Iso6976Edition): string[] {
  return [...(edition === '2016' ? TABLE_2016 : TABLE_1995).keys()];
}

/**
 * Index of a reference temperature in an edition's list. 60 °F is 15.555… °C and the standard
 * labels it 15.55 °C, so anything within 0.01 K of 15.55 selects that column.
 */
function columnOf(t: number, allowed: readonly number[], what: string, field: string, edition: Iso6976Edition): number {
  const i = allowed.findIndex((a) => Math.abs(a - t) <= (a === 15.55 ? 0.0106 : 1e-9));
  if (i < 0) {
    throw new StandardsError(
      'UNSUPPORTED_REFERENCE_CONDITION',
      `ISO 6976:${edition} has no ${what} reference temperature ${t} °C`,
      `Use one of ${allowed.join(', ')} °C for ${what} with ISO 6976:${edition}.`,
      field,
    );
  }
  return i;
}

export function iso6976(components: Record<string, number>, options: Iso6976Options): Iso6976Result {
  const edition = options.edition;
  if (edition !== '1995' && edition !== '2016') {
    throw new StandardsError('INVALID_INPUT', `Unknown ISO 6976 edition '${String(edition)}'`, "Use edition '2016' or '1995'.", 'edition');
  }
  const t1 = requireFinite(options.combustionTemperatureC, 'combustionTemperatureC');
  const t2 = requireFinite(options.meteringTemperatureC, 'meteringTemperatureC');
  const temps = ISO6976_TEMPERATURES[edition];
  const k1 = columnOf(t1, temps.combustion, 'combustion', 'energyReferenceTemperature_C', edition);
  const k2 = columnOf(t2, temps.metering, 'metering (volume)', 'volumeReferenceTemperature_C', edition);
  const p0 = edition === '2016' ? P0_2016 : P0_1995;
  const p2 = options.pressureKPa === undefined ? p0 : requireFinite(options.pressureKPa, 'pressureKPa');
  if (edition === '2016' ? p2 < 90 || p2 > 110 : Math.abs(p2 - p0) > 1e-9) {
    throw new StandardsError(
      'UNSUPPORTED_REFERENCE_CONDITION',
      `ISO 6976:${edition} does not cover a reference pressure of ${p2} kPa`,
      edition === '2016' ? 'Use a reference pressure between 90 and 110 kPa (101.325 kPa is standard).' : 'ISO 6976:1995 is defined at 101.325 kPa only; use edition 2016 for other pressures.',
      'referencePressure_kPa',
    );
  }

  const table = edition === '2016' ? TABLE_2016 : TABLE_1995;
  const comp = normalizeComposition(components, (k) => table.has(k), () => [...table.keys()].map((k) => JSON.stringify(k)).join(', '));

  // L°(t1) for eq. (3) is the water row of the 2016 gross table (unused for 1995, which tabulates net values).
  const latentWater = edition === '2016' ? TABLE_2016.get('water')!.hg[k1] : 0;
  let M = 0;
  let sumS = 0;
  let hg = 0;
  let hn = 0;
  for (const [key, x] of comp.fractions) {
    if (edition === '2016') {
      const row = TABLE_2016.get(key)!;
      M += x * row.M;
      sumS += x * row.s[k2];
      hg += x * row.hg[k1];
      hn += x * (row.hg[k1] - (row.nH / 2) * latentWater);
    } else {
      const row = TABLE_1995.get(key)!;
      M += x * row.M;
      sumS += x * row.s[k2];
      hg += x * row.hg[k1];
      hn += x * row.hn[k1];
    }
  }

  const ratio = p2 / p0;
  const Z = 1 - ratio * sumS * sumS;
  if (!(Z > 0.9)) {
    throw new StandardsError(
      'OUT_OF_RANGE',
      `Compression factor ${Z.toFixed(5)} at the metering conditions is outside the ISO 6976 range (Z > 0.9)`,
      'ISO 6976 applies to gases that are nearly ideal at reference conditions; check the composition (heavy components or mol% instead of mole fractions).',
      'components',
    );
  }
  const zAirTable = edition === '2016' ? Z_AIR_2016[k2] : Z_AIR_1995[k2];
  const zAir = 1 - ratio * (1 - zAirTable);
  const R = edition === '2016' ? R_2016 : R_1995;
  const mAir = edition === '2016' ? M_AIR_2016 : M_AIR_1995;
  const T2 = temps.metering[k2] + 273.15;
  // Ideal molar volume in m³/mol (p2 in kPa -> Pa).
  const v0 = (R * T2) / (p2 * 1000);

  const idealHvg = hg / v0 / 1000;
  const idealHvn = hn / v0 / 1000;
  const idealD = M / 1000 / v0;
  const idealG = M / mAir;
  const G = (idealG * zAir) / Z;

  const composition: Record<string, number> = {};
  for (const [k, x] of comp.fractions) composition[k] = x;

  return {
    edition,
    combustionTemperatureC: temps.combustion[k1],
    meteringTemperatureC: temps.metering[k2],
    pressureKPa: p2,
    composition,
    inputSum: comp.inputSum,
    normalized: comp.normalized,
    molarMass_kg_kmol: M,
    compressionFactor: Z,
    compressionFactorAir: zAir,
    molarGross_kJ_mol: hg,
    molarNet_kJ_mol: hn,
    massGross_MJ_kg: hg / M,
    massNet_MJ_kg: hn / M,
    idealVolumetricGross_MJ_m3: idealHvg,
    idealVolumetricNet_MJ_m3: idealHvn,
    volumetricGross_MJ_m3: idealHvg / Z,
    volumetricNet_MJ_m3: idealHvn / Z,
    idealDensity_kg_m3: idealD,
    density_kg_m3: idealD / Z,
    idealRelativeDensity: idealG,
    relativeDensity: G,
    idealWobbeGross_MJ_m3: idealHvg / Math.sqrt(idealG),
    idealWobbeNet_MJ_m3: idealHvn / Math.sqrt(idealG),
    wobbeGross_MJ_m3: idealHvg / Z / Math.sqrt(G),
    wobbeNet_MJ_m3: idealHvn / Z / Math.sqrt(G),
  };
}
