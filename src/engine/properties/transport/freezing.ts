/**
 * Freezing (triple-point) temperatures for the liquid-phase validity check: a liquid-labelled phase
 * colder than its mole-fraction-weighted triple-point temperature is (super)cooled below where
 * any liquid transport correlation was fitted — the EOS still returns a liquid root, but the
 * viscosity correlations extrapolate by orders of magnitude there (n-eicosane at 100 K: 4e7 Pa·s).
 * The weighted mean is a crude freezing/wax indicator for mixtures, not a solid-liquid equilibrium.
 *
 * COMP.csv's TRIPLEPOINTTEMPERATURE column holds the placeholder 273 K for many records (and
 * 90.69 K, methane's value, for a few others), so those records take the melting points below
 * (CRC Handbook of Chemistry and Physics, 97th ed. (2016), "Physical Constants of Organic
 * Compounds"; hydrogen: triple point, NIST Chemistry WebBook). A component with a placeholder and
 * no entry here gets no freezing check.
 */
import type { ComponentData } from '../../components/types.js';

const MELTING_K: Readonly<Record<string, number>> = {
  hydrogen: 13.8,
  helium: 0, // no solid below 25 bar; the quantum-gas temperature limit applies instead
  'c-propane': 145.7,
  toluene: 178.2,
  nC15: 283.1,
  nC17: 295.1,
  nC18: 301.3,
  nC19: 305.0,
  nC20: 309.6,
  nC21: 313.7,
  nC22: 316.7,
  nC23: 320.7,
  nC24: 323.6,
  nC25: 326.6,
  nC26: 329.3,
  nC27: 332.4,
  nC28: 334.3,
  nC29: 336.9,
  nC34: 345.8,
  nC39: 353.0, // ≈ 80 °C: the CRC n-alkane series (C34 72.6 °C, C36 75.8 °C) continued
  nC30: 338.9,
  ethanol: 159.0,
  acetone: 178.5,
  '1-propanol': 147.0,
  'i-propanol': 185.2,
  'c-C5': 179.3,
  'c-C7': 265.1,
  'c-C8': 287.6,
  ethylbenzene: 178.2,
  'm-Xylene': 225.3,
  'p-Xylene': 286.4,
  'o-Xylene': 248.0,
  DEG: 262.7,
  // Alkanolamines (COMP.csv gives none): melting points of the ChemSep data bank (Kooijman & Taylor).
  MEA: 283.65,
  DEA: 301.15,
  MDEA: 252.15,
  // Others added with second-source data: CRC Handbook (97th ed.) melting points.
  naphthalene: 353.4,
  'acetic acid': 289.8,
  SF6: 223.6, // triple point (2.3 bar; Guder & Wagner 2009); the solid sublimes at 1 atm
  R12: 115.4,
  R134a: 169.9,
  'c-C4': 182.5,
  NO: 109.5,
  SO3: 289.9,
  N2H4: 275.2,
  HCN: 259.9,
  CS2: 161.6,
};

/** Freezing temperature of one component, K; undefined when unknown. */
export function freezingTemperature(c: ComponentData): number | undefined {
  const listed = MELTING_K[c.name];
  if (listed !== undefined) return listed;
  const t = c.extra?.triplePointTemperature_K;
  if (typeof t !== 'number' || !(t > 0)) return undefined;
  if (t === 273 || (t === 90.69 && c.name !== 'methane')) return undefined; // COMP.csv placeholders
  return t;
}

/** Mole-fraction-weighted freezing temperature over the components with a known value, K. */
export function weightedFreezingTemperature(components: readonly ComponentData[], x: readonly number[]): number {
  let s = 0;
  let w = 0;
  for (let i = 0; i < components.length; i++) {
    const t = freezingTemperature(components[i]);
    if (t === undefined || !(x[i] > 0)) continue;
    s += x[i] * t;
    w += x[i];
  }
  return w > 0 ? s / w : 0;
}
