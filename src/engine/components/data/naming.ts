/**
 * Our naming layer over the COMP.csv records: extra spellings users type, the family used for
 * grouping, and corrections of COMP.csv formula strings that are evident typos (e.g. propane
 * listed as "CH4O"). Formulae never enter a calculation; molar masses and critical constants are
 * left exactly as in COMP.csv so results stay comparable with the original.
 */
import type { ComponentFamily, IdealGasCp } from '../types.js';

export interface Naming {
  /** Canonical name when it differs from the COMP.csv NAME (the CSV name then becomes an alias). */
  canonical?: string;
  aliases: string[];
  family: ComponentFamily;
  formula?: string;
  /** Replacement for ideal-gas Cp coefficients that COMP.csv leaves at zero, with its source. */
  cpIdeal?: { value: IdealGasCp; source: string };
}

/** Cp0 = 5/2·R exactly for a monatomic ideal gas (kinetic theory); R as in the original. */
const MONATOMIC_CP: IdealGasCp = { a: 2.5 * 8.3144621, b: 0, c: 0, d: 0, e: 0 };

const nAlkane = (n: number, name: string): Naming => ({
  aliases: [`n-${name}`, name, `C${n}H${2 * n + 2}`],
  family: 'hydrocarbon',
});

export const NAMING: Readonly<Record<string, Naming>> = {
  methane: { aliases: ['C1', 'CH4'], family: 'hydrocarbon' },
  ethane: { aliases: ['C2', 'C2H6'], family: 'hydrocarbon' },
  propane: { aliases: ['C3', 'C3H8', 'nC3'], family: 'hydrocarbon', formula: 'C3H8' },
  CO2: { aliases: ['carbon dioxide', 'carbondioxide'], family: 'acid-gas' },
  methanol: { aliases: ['MeOH', 'CH3OH'], family: 'alcohol' },
  MEG: { aliases: ['ethylene glycol', 'monoethylene glycol', 'monoethyleneglycol', 'ethyleneglycol'], family: 'glycol' },
  oxygen: { aliases: ['O2'], family: 'inert' },
  TEG: { aliases: ['triethylene glycol', 'triethyleneglycol'], family: 'glycol' },
  DEG: { aliases: ['diethylene glycol', 'diethyleneglycol'], family: 'glycol' },
  nitrogen: { aliases: ['N2'], family: 'inert' },
  'n-butane': { aliases: ['nC4', 'n-C4', 'butane'], family: 'hydrocarbon' },
  'n-pentane': { aliases: ['nC5', 'n-C5', 'pentane'], family: 'hydrocarbon', formula: 'C5H12' },
  'n-hexane': { aliases: ['nC6', 'n-C6', 'hexane'], family: 'hydrocarbon' },
  benzene: { aliases: ['C6H6'], family: 'aromatic' },
  toluene: { aliases: ['methylbenzene'], family: 'aromatic' },
  'n-heptane': { aliases: ['nC7', 'n-C7', 'heptane'], family: 'hydrocarbon' },
  'n-octane': { aliases: ['nC8', 'n-C8', 'octane'], family: 'hydrocarbon' },
  nC10: { aliases: ['n-decane', 'decane', 'n-C10'], family: 'hydrocarbon' },
  'n-nonane': { aliases: ['nC9', 'n-C9', 'nonane'], family: 'hydrocarbon' },
  hydrogen: { aliases: ['H2'], family: 'inert', formula: 'H2' },
  argon: { aliases: ['Ar'], family: 'inert', formula: 'Ar' },
  'i-butane': { aliases: ['iC4', 'i-C4', 'isobutane', '2-methylpropane'], family: 'hydrocarbon' },
  'c-propane': { aliases: ['cyclopropane', 'cyC3'], family: 'naphthene' },
  nC11: nAlkane(11, 'undecane'),
  nC12: nAlkane(12, 'dodecane'),
  nC13: nAlkane(13, 'tridecane'),
  nC14: nAlkane(14, 'tetradecane'),
  nC15: nAlkane(15, 'pentadecane'),
  nC16: nAlkane(16, 'hexadecane'),
  nC17: nAlkane(17, 'heptadecane'),
  nC18: nAlkane(18, 'octadecane'),
  nC19: nAlkane(19, 'nonadecane'),
  nC20: { aliases: ['n-eicosane', 'eicosane', 'n-icosane', 'icosane'], family: 'hydrocarbon' },
  '22-dim-C3': { aliases: ['neopentane', 'neoC5', '2,2-dimethylpropane'], family: 'hydrocarbon' },
  '22-dim-C4': { aliases: ['neohexane', '2,2-dimethylbutane'], family: 'hydrocarbon' },
  '23-dim-C4': { aliases: ['2,3-dimethylbutane'], family: 'hydrocarbon' },
  '2-m-C5': { aliases: ['2-methylpentane', 'isohexane'], family: 'hydrocarbon' },
  '3-m-C5': { aliases: ['3-methylpentane'], family: 'hydrocarbon' },
  'c-C5': { aliases: ['cyclopentane', 'cyC5'], family: 'naphthene', formula: 'C5H10' },
  'c-hexane': { aliases: ['cyclohexane', 'c-C6', 'cyC6'], family: 'naphthene', formula: 'C6H12' },
  '22-DM-C5': { aliases: ['2,2-dimethylpentane'], family: 'hydrocarbon' },
  'M-cy-C5': { aliases: ['methylcyclopentane'], family: 'naphthene', formula: 'C6H12' },
  '24-DM-C5': { aliases: ['2,4-dimethylpentane'], family: 'hydrocarbon' },
  '223-TM-C4': { aliases: ['2,2,3-trimethylbutane', 'triptane'], family: 'hydrocarbon', formula: 'C7H16' },
  '33-DM-C5': { aliases: ['3,3-dimethylpentane'], family: 'hydrocarbon' },
  '2-M-C6': { aliases: ['2-methylhexane'], family: 'hydrocarbon' },
  '23-DM-C5': { aliases: ['2,3-dimethylpentane'], family: 'hydrocarbon' },
  'cis-13-DM-cy-C5': { aliases: ['cis-1,3-dimethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  'trans-13-DM-cy-C5': { aliases: ['trans-1,3-dimethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  'trans-12-DM-cy-C5': { aliases: ['trans-1,2-dimethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  '224-TM-C5': { aliases: ['isooctane', '2,2,4-trimethylpentane'], family: 'hydrocarbon', formula: 'C8H18' },
  '22-DM-C6': { aliases: ['2,2-dimethylhexane'], family: 'hydrocarbon', formula: 'C8H18' },
  'E-cy-C5': { aliases: ['ethylcyclopentane'], family: 'naphthene', formula: 'C7H14' },
  '25-DM-C6': { aliases: ['2,5-dimethylhexane'], family: 'hydrocarbon', formula: 'C8H18' },
  '24-DM-C6': { aliases: ['2,4-dimethylhexane'], family: 'hydrocarbon', formula: 'C8H18' },
  '3-M-C7': { aliases: ['3-methylheptane'], family: 'hydrocarbon', formula: 'C8H18' },
  ethylbenzene: { aliases: ['EB'], family: 'aromatic', formula: 'C8H10' },
  'm-Xylene': { aliases: ['meta-xylene', '1,3-dimethylbenzene'], family: 'aromatic', formula: 'C8H10' },
  'p-Xylene': { aliases: ['para-xylene', '1,4-dimethylbenzene'], family: 'aromatic', formula: 'C8H10' },
  'o-Xylene': { aliases: ['ortho-xylene', '1,2-dimethylbenzene'], family: 'aromatic', formula: 'C8H10' },
  '2-M-C8': { aliases: ['2-methyloctane'], family: 'hydrocarbon', formula: 'C9H20' },
  ethylcyclohexane: { aliases: ['E-cy-C6'], family: 'naphthene' },
  'i-pentane': { aliases: ['iC5', 'i-C5', 'isopentane', '2-methylbutane'], family: 'hydrocarbon', formula: 'C5H12' },
  H2S: { aliases: ['hydrogen sulfide', 'hydrogen sulphide', 'hydrogensulfide'], family: 'acid-gas' },
  S8: { aliases: ['sulfur', 'sulphur', 'sulfur(S8)'], family: 'other' },
  neon: {
    aliases: ['Ne'],
    family: 'inert',
    cpIdeal: {
      value: MONATOMIC_CP,
      source: 'COMP.csv has zero CPA…CPE for neon; monatomic ideal gas Cp0 = 5/2·R (kinetic theory)',
    },
  },
  acetone: { aliases: ['propanone', '2-propanone'], family: 'other', formula: 'C3H6O' },
  ethanol: { aliases: ['EtOH', 'C2H5OH'], family: 'alcohol', formula: 'C2H6O' },
  water: { aliases: ['H2O'], family: 'water' },
  helium: { aliases: ['He', 'helium-4'], family: 'inert', formula: 'He' },
  'c-C7': { aliases: ['cycloheptane', 'cyC7'], family: 'naphthene' },
  'c-C8': { aliases: ['cyclooctane', 'cyC8'], family: 'naphthene' },
  CO: { aliases: ['carbon monoxide', 'carbonmonoxide'], family: 'inert' },
  mercury: { aliases: ['Hg'], family: 'other' },
  propylbenzene: { aliases: ['n-propylbenzene'], family: 'aromatic' },
  '2-M-C7': { aliases: ['2-methylheptane'], family: 'hydrocarbon' },
  'M-cy-C6': { aliases: ['methylcyclohexane', 'MCH'], family: 'naphthene' },
  '2,3-DM-C6': { aliases: ['2,3-dimethylhexane'], family: 'hydrocarbon', formula: 'C8H18' },
  '4-M-C8': { aliases: ['4-methyloctane'], family: 'hydrocarbon', formula: 'C9H20' },
  '1,2,3-TM-Benzene': { aliases: ['1,2,3-trimethylbenzene', 'hemimellitene'], family: 'aromatic', formula: 'C9H12' },
  nC30: { aliases: ['n-triacontane', 'triacontane'], family: 'hydrocarbon' },
  '1-propanol': { aliases: ['n-propanol', 'propanol'], family: 'alcohol', formula: 'C3H8O' },
  'i-propanol': { aliases: ['isopropanol', '2-propanol', 'IPA'], family: 'alcohol', formula: 'C3H8O' },
  '33-DM-C6': { aliases: ['3,3-dimethylhexane'], family: 'hydrocarbon' },
  PG: { aliases: ['propylene glycol', 'propyleneglycol', 'MPG'], family: 'glycol', formula: 'C3H8O2' },
};
