/**
 * Naming layer (see naming.ts) for the records of comp-rows-added.ts, plus the ideal-gas Cp of
 * the records whose COMP.csv coefficients are corrupt (nC21–nC26, nC28, nC29: every one carries
 * the same garbage or a Cp that falls with chain length) or zero (COS). Critical constants, ω and
 * molar masses stay exactly as in COMP.csv.
 */
import type { IdealGasCp } from '../types.js';
import type { Naming } from './naming.js';
import { CP_SECOND_SOURCE } from './second-source.js';

/** The cited Cp of data/second-source.ts for a COMP.csv record whose own coefficients are zero or corrupt. */
const cited = (csvName: string): Naming['cpIdeal'] => {
  const s = CP_SECOND_SOURCE[csvName];
  return { value: s.value, source: `COMP.csv Cp of ${csvName} is zero or corrupt; ${s.source}` };
};

/** COMP.csv CPA…CPE of nC20 and nC30 (comp-rows.ts), the two bracketing records. */
const CP_NC20: IdealGasCp = { a: 230.829896, b: -0.086374146, c: 0.00443793, d: -5.95e-6, e: 2e-9 };
const CP_NC30: IdealGasCp = { a: -25, b: 2.854, c: -0.00161, d: 3.52e-7, e: 0 };

/**
 * Ideal-gas Cp of n-alkane nCk, 20 < k < 30, interpolated linearly in carbon number between the
 * table's nC20 and nC30: group additivity makes Cp0 of n-alkanes linear in the number of CH2
 * groups (Benson, Thermochemical Kinetics, 2nd ed., 1976); 25 J/(mol·K) per CH2 at 300 K here.
 */
function nAlkaneCp(k: number): { value: IdealGasCp; source: string } {
  const f = (k - 20) / 10;
  const mix = (a: number, b: number) => Number((a + f * (b - a)).toPrecision(12));
  return {
    value: { a: mix(CP_NC20.a, CP_NC30.a), b: mix(CP_NC20.b, CP_NC30.b), c: mix(CP_NC20.c, CP_NC30.c), d: mix(CP_NC20.d, CP_NC30.d), e: mix(CP_NC20.e, CP_NC30.e) },
    source: `COMP.csv Cp of nC${k} is corrupt; interpolated linearly in carbon number between the COMP.csv nC20 and nC30 coefficients (n-alkane Cp0 is additive in CH2 groups, Benson 1976)`,
  };
}

/**
 * COS: rigid-rotor harmonic-oscillator ideal-gas Cp (linear molecule, 7/2·R plus Einstein terms)
 * with the fundamentals ν1 = 859, ν2 = 520 (twice degenerate), ν3 = 2062 cm⁻¹ (Herzberg,
 * Molecular Spectra and Molecular Structure II, 1945; NIST CCCBDB), least-squares fitted to a
 * quartic over 200–1500 K (within 1 %). Gives 41.42 J/(mol·K) at 298.15 K; JANAF (Chase 1998) 41.53.
 */
const CP_COS: IdealGasCp = { a: 19.12522252, b: 0.106530286, c: -0.0001274989122, d: 7.5730156e-8, e: -1.748942104e-11 };

const nAlkane = (k: number, name: string, cp = true): Naming => ({
  aliases: [`n-${name}`, name, `C${k}H${2 * k + 2}`],
  family: 'hydrocarbon',
  formula: `C${k}H${2 * k + 2}`,
  ...(cp ? { cpIdeal: nAlkaneCp(k) } : {}),
});

export const NAMING_ADDED: Readonly<Record<string, Naming>> = {
  nC21: nAlkane(21, 'heneicosane'),
  nC22: nAlkane(22, 'docosane'),
  nC23: nAlkane(23, 'tricosane'),
  nC24: nAlkane(24, 'tetracosane'),
  nC25: nAlkane(25, 'pentacosane'),
  nC26: nAlkane(26, 'hexacosane'),
  nC27: nAlkane(27, 'heptacosane', false),
  nC28: nAlkane(28, 'octacosane'),
  nC29: nAlkane(29, 'nonacosane'),
  nC34: nAlkane(34, 'tetratriacontane', false),
  nC39: nAlkane(39, 'nonatriacontane', false),
  '113-TM-cy-C5': { aliases: ['1,1,3-trimethylcyclopentane'], family: 'naphthene', formula: 'C8H16' },
  'cis-13-DM-cy-C6': { aliases: ['cis-1,3-dimethylcyclohexane'], family: 'naphthene', formula: 'C8H16' },
  'cis-12-DM-cy-C6': { aliases: ['cis-1,2-dimethylcyclohexane'], family: 'naphthene', formula: 'C8H16' },
  'trans-12-DM-cy-C6': { aliases: ['trans-1,2-dimethylcyclohexane'], family: 'naphthene', formula: 'C8H16' },
  'cis-14-DM-cy-C6': { aliases: ['cis-1,4-dimethylcyclohexane'], family: 'naphthene', formula: 'C8H16' },
  'trans-14-DM-cy-C6': { aliases: ['trans-1,4-dimethylcyclohexane'], family: 'naphthene', formula: 'C8H16' },
  '1.2-DM-cyC5': { aliases: ['1,2-dimethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  '1.3-dDM-cyC5': { aliases: ['1,3-dimethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  COS: {
    aliases: ['carbonyl sulfide', 'carbonyl sulphide', 'carbon oxysulfide'],
    family: 'acid-gas',
    cpIdeal: { value: CP_COS, source: 'COMP.csv Cp of COS is zero; rigid-rotor harmonic-oscillator Cp0 from the fundamentals 859, 520 (×2), 2062 cm-1 (Herzberg 1945), fitted over 200–1500 K' },
  },
  ammonia: { aliases: ['NH3'], family: 'other' },
  chlorine: { aliases: ['Cl2'], family: 'other' },
  ethylene: { aliases: ['ethene', 'C2H4'], family: 'hydrocarbon' },
  propene: { aliases: ['propylene', 'C3H6'], family: 'hydrocarbon' },
  'cis-butene': { aliases: ['cis-2-butene', 'cis-but-2-ene'], family: 'hydrocarbon' },
  'trans-butene': { aliases: ['trans-2-butene', 'trans-but-2-ene'], family: 'hydrocarbon' },
  'iso-butene': { aliases: ['isobutene', 'isobutylene', '2-methylpropene'], family: 'hydrocarbon' },
  'formic acid': { aliases: ['HCOOH', 'methanoic acid'], family: 'other' },
  'hydrochloric acid': { aliases: ['HCl', 'hydrogen chloride'], family: 'acid-gas', formula: 'HCl' },
  'sulfuric acid': { aliases: ['H2SO4', 'sulphuric acid'], family: 'other', formula: 'H2SO4', cpIdeal: cited('sulfuric acid') },
  SO2: { aliases: ['sulfur dioxide', 'sulphur dioxide'], family: 'acid-gas' },
  NO2: { aliases: ['nitrogen dioxide'], family: 'other', cpIdeal: cited('NO2') },
  'nitric acid': { aliases: ['HNO3'], family: 'other', cpIdeal: cited('nitric acid') },
  'para-hydrogen': { aliases: ['parahydrogen', 'p-H2'], family: 'inert', formula: 'H2' },
  'ortho-hydrogen': { aliases: ['orthohydrogen', 'o-H2'], family: 'inert', formula: 'H2' },
  N2O: { aliases: ['nitrous oxide', 'dinitrogen monoxide'], family: 'other' },
  // Second-source records (data/second-source.ts). Alkanolamines count as alcohols (OH groups,
  // water-miscible) so that the multiphase check and the aqueous label apply to them.
  MEA: { aliases: ['monoethanolamine', 'ethanolamine', '2-aminoethanol'], family: 'alcohol', formula: 'C2H7NO', cpIdeal: cited('MEA') },
  DEA: { aliases: ['diethanolamine'], family: 'alcohol', formula: 'C4H11NO2', cpIdeal: cited('DEA') },
  MDEA: { aliases: ['methyldiethanolamine', 'N-methyldiethanolamine'], family: 'alcohol', formula: 'C5H13NO2', cpIdeal: cited('MDEA') },
  SF6: { aliases: ['sulfur hexafluoride', 'sulphur hexafluoride'], family: 'other', formula: 'SF6', cpIdeal: cited('SF6') },
  R12: { aliases: ['dichlorodifluoromethane', 'CFC-12', 'R-12', 'CCl2F2'], family: 'other', formula: 'CCl2F2', cpIdeal: cited('R12') },
  R134a: { aliases: ['1,1,1,2-tetrafluoroethane', 'HFC-134a', 'R-134a'], family: 'other', formula: 'C2H2F4', cpIdeal: cited('R134a') },
  'acetic acid': { aliases: ['ethanoic acid', 'CH3COOH'], family: 'other', formula: 'C2H4O2', cpIdeal: cited('acetic acid') },
  naphthalene: { aliases: ['C10H8'], family: 'aromatic', formula: 'C10H8', cpIdeal: cited('naphthalene') },
  'c-C4': { aliases: ['cyclobutane'], family: 'naphthene', formula: 'C4H8', cpIdeal: cited('c-C4') },
  '3-E-C6': { aliases: ['3-ethylhexane'], family: 'hydrocarbon', formula: 'C8H18', cpIdeal: cited('3-E-C6') },
  NO: { aliases: ['nitric oxide', 'nitrogen monoxide'], family: 'other', formula: 'NO' },
  SO3: { aliases: ['sulfur trioxide', 'sulphur trioxide'], family: 'other', formula: 'SO3' },
  N2H4: { aliases: ['hydrazine'], family: 'other', formula: 'N2H4' },
  HCN: { aliases: ['hydrogen cyanide', 'prussic acid'], family: 'other', formula: 'HCN', cpIdeal: cited('HCN') },
  CS2: { aliases: ['carbon disulfide', 'carbon disulphide'], family: 'other', formula: 'CS2', cpIdeal: cited('CS2') },
};
