/**
 * GPA Standard 2172 "Calculation of gross heating value, relative density, compressibility and
 * theoretical hydrocarbon liquid content for natural gas mixtures for custody transfer", with the
 * GPA 2145-16 constants (./gpa2145.ts), at 60 °F and a base pressure Pb (default 14.696 psia):
 *   Z      = 1 − (Pb/14.696)·(Σ xᵢ sᵢ)²
 *   HVid   = (Pb/14.696)·Σ xᵢ HVᵢ            ideal-gas gross heating value, Btu/ft³
 *   HV     = HVid / Z                         real-gas gross heating value
 *   Gid    = Σ xᵢ Mᵢ / M_air,  G = Gid·Z_air/Z
 *   GPM    = Σ xᵢ · 1000/Vᵢ (C2+; gal of liquid per 1000 ft³ of ideal gas)
 * with M_air = 28.9625 and Z_air(60 °F, 14.696 psia) = 0.99959.
 */
import { StandardsError, requireFinite } from '../errors.js';
import { normalizeComposition } from '../gas-names.js';
import { GPA2145, GPA_BASE_P_PSIA } from './gpa2145.js';

export const GPA_M_AIR = 28.9625;
export const GPA_Z_AIR = 0.99959;
/** 1 Btu/ft³ in MJ/m³ (International Table Btu; 1 ft = 0.3048 m). */
export const MJ_M3_PER_BTU_FT3 = 1055.05585262 / 0.028316846592 / 1e6;

const LIQUID_CONTENT_KEYS = new Set(['ethane', 'propane', 'isobutane', 'n-butane', 'isopentane', 'n-pentane', 'n-hexane', 'n-heptane', 'n-octane']);

export interface Gpa2172Result {
  basePressure_psia: number;
  composition: Record<string, number>;
  inputSum: number;
  normalized: boolean;
  molarMass_g_mol: number;
  compressibilityFactor: number;
  idealGrossHeatingValue_Btu_ft3: number;
  grossHeatingValue_Btu_ft3: number;
  idealRelativeDensity: number;
  relativeDensity: number;
  liquidContent_gal_Mcf: number;
}

export function gpa2172(components: Record<string, number>, basePressurePsia = GPA_BASE_P_PSIA): Gpa2172Result {
  const pb = requireFinite(basePressurePsia, 'basePressure_psia');
  if (pb < 13 || pb > 16) {
    throw new StandardsError('UNSUPPORTED_REFERENCE_CONDITION', `Base pressure ${pb} psia is outside the GPA 2172 summation-factor method`, 'Use a base pressure near atmospheric (e.g. 14.696 or 14.73 psia).', 'basePressure_psia');
  }
  const usable = (k: string) => GPA2145.get(k)?.summationFactor != null;
  const comp = normalizeComposition(components, usable, () => [...GPA2145.keys()].filter(usable).map((k) => JSON.stringify(k)).join(', '));
  const ratio = pb / GPA_BASE_P_PSIA;
  let sumS = 0;
  let hv = 0;
  let M = 0;
  let gpm = 0;
  for (const [k, x] of comp.fractions) {
    const row = GPA2145.get(k)!;
    sumS += x * row.summationFactor!;
    hv += x * (row.idealGrossHeatingValue_Btu_ft3 ?? 0);
    M += x * row.molarMass;
    if (LIQUID_CONTENT_KEYS.has(k)) gpm += (x * 1000) / row.idealGasVolume_ft3_gal;
  }
  const Z = 1 - ratio * sumS * sumS;
  const zAir = 1 - ratio * (1 - GPA_Z_AIR);
  const Gid = M / GPA_M_AIR;
  const composition: Record<string, number> = {};
  for (const [k, x] of comp.fractions) composition[k] = x;
  return {
    basePressure_psia: pb,
    composition,
    inputSum: comp.inputSum,
    normalized: comp.normalized,
    molarMass_g_mol: M,
    compressibilityFactor: Z,
    idealGrossHeatingValue_Btu_ft3: hv * ratio,
    grossHeatingValue_Btu_ft3: (hv * ratio) / Z,
    idealRelativeDensity: Gid,
    relativeDensity: (Gid * zAir) / Z,
    // Liquid content per 1000 ft³ of gas at the base pressure: scales with the moles in that volume.
    liquidContent_gal_Mcf: gpm * ratio,
  };
}
