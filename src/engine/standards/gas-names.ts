/**
 * Component names of the gas-quality standards. Every standard table in this folder is keyed
 * by the ISO 6976:2016 English name (e.g. "isobutane", "carbon dioxide"); users may type the
 * original's names ("i-butane", "CO2", "nC10", "22-dim-C3") or formulas. Lookup is
 * case-insensitive and ignores surrounding blanks.
 */
import { StandardsError } from './errors.js';

const ALIASES: Record<string, string[]> = {
  methane: ['C1', 'CH4'],
  ethane: ['C2', 'C2H6'],
  propane: ['C3', 'C3H8'],
  'n-butane': ['nC4', 'n-C4', 'butane', 'normal-butane'],
  isobutane: ['i-butane', 'iC4', 'i-C4', '2-methylpropane'],
  'n-pentane': ['nC5', 'n-C5', 'pentane'],
  isopentane: ['i-pentane', 'iC5', 'i-C5', '2-methylbutane'],
  neopentane: ['22-dim-C3', '2,2-dimethylpropane', 'neoC5', 'neo-pentane'],
  'n-hexane': ['nC6', 'n-C6', 'hexane', 'C6'],
  '2-methylpentane': ['2-m-C5'],
  '3-methylpentane': ['3-m-C5'],
  '2,2-dimethylbutane': ['22-dim-C4'],
  '2,3-dimethylbutane': ['23-dim-C4'],
  'n-heptane': ['nC7', 'n-C7', 'heptane', 'C7'],
  'n-octane': ['nC8', 'n-C8', 'octane', 'C8'],
  'n-nonane': ['nC9', 'n-C9', 'nonane', 'C9'],
  'n-decane': ['nC10', 'n-C10', 'decane', 'C10'],
  'n-undecane': ['nC11', 'undecane'],
  'n-dodecane': ['nC12', 'dodecane'],
  'n-tridecane': ['nC13', 'tridecane'],
  'n-tetradecane': ['nC14', 'tetradecane'],
  'n-pentadecane': ['nC15', 'pentadecane'],
  ethylene: ['ethene', 'C2H4'],
  propylene: ['propene', 'C3H6'],
  '1-butene': ['1-butylene', 'but-1-ene'],
  'cis-2-butene': ['cis-but-2-ene'],
  'trans-2-butene': ['trans-but-2-ene'],
  isobutylene: ['isobutene', '2-methylpropene'],
  '1-pentene': ['pent-1-ene'],
  propadiene: ['allene'],
  '1,2-butadiene': [],
  '1,3-butadiene': [],
  acetylene: ['ethyne', 'C2H2'],
  cyclopentane: ['c-C5', 'cyclo-C5'],
  methylcyclopentane: ['M-cy-C5'],
  ethylcyclopentane: ['E-cy-C5'],
  cyclohexane: ['c-hexane', 'c-C6', 'cyclo-C6'],
  methylcyclohexane: ['M-cy-C6'],
  ethylcyclohexane: ['E-cy-C6'],
  benzene: [],
  toluene: [],
  ethylbenzene: [],
  'o-xylene': ['oxylene', '1,2-dimethylbenzene'],
  methanol: ['MeOH', 'CH3OH'],
  methanethiol: ['methyl mercaptan', 'CH3SH'],
  hydrogen: ['H2'],
  water: ['H2O'],
  'hydrogen sulphide': ['H2S', 'hydrogen sulfide'],
  ammonia: ['NH3'],
  'hydrogen cyanide': ['HCN', 'hydrogencyanide'],
  'carbon monoxide': ['CO', 'carbonmonoxide'],
  'carbonyl sulphide': ['COS', 'carbonyl sulfide', 'carbonylsulfide'],
  'carbon disulphide': ['CS2', 'carbon disulfide', 'carbondisulfide'],
  helium: ['He'],
  neon: ['Ne'],
  argon: ['Ar'],
  nitrogen: ['N2'],
  oxygen: ['O2'],
  'carbon dioxide': ['CO2'],
  'sulphur dioxide': ['SO2', 'sulfur dioxide', 'sulfurdioxide'],
};

const lookup = new Map<string, string>();
// Spellings exactly as listed, so the common case skips trimming and lower-casing.
const exact = new Map<string, string>();
for (const [key, aliases] of Object.entries(ALIASES)) {
  for (const n of [key, ...aliases]) {
    lookup.set(n.toLowerCase(), key);
    exact.set(n, key);
  }
}

/** ISO 6976:2016 key of a user-typed component name, or undefined. */
export function standardKey(name: string): string | undefined {
  return exact.get(name) ?? lookup.get(name.trim().toLowerCase());
}

export interface NormalizedComposition {
  /** standard key -> mole fraction, normalised to sum 1, zero entries dropped */
  fractions: Map<string, number>;
  /** sum of the fractions as given */
  inputSum: number;
  /** true when the input did not already sum to 1 within 1e-10 */
  normalized: boolean;
}

/**
 * Validates a composition (name -> mole fraction or any positive amount), maps names to standard
 * keys, rejects names that `isSupported` refuses, and normalises to a sum of 1.
 */
export function normalizeComposition(
  components: Record<string, number>,
  isSupported: (key: string) => boolean,
  supportedHint: () => string,
): NormalizedComposition {
  if (components === null || typeof components !== 'object' || Array.isArray(components)) {
    throw new StandardsError('MISSING_COMPONENTS', 'components must be an object of name -> mole fraction', 'Give components like {"methane": 0.9, "ethane": 0.1}.', 'components');
  }
  const fractions = new Map<string, number>();
  const origin = new Map<string, string>();
  let sum = 0;
  for (const [name, raw] of Object.entries(components)) {
    const field = `components.${name}`;
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0) {
      throw new StandardsError('INVALID_COMPOSITION', `Mole fraction of '${name}' must be a finite number >= 0, got ${String(raw)}`, 'Give every mole fraction as a non-negative number.', field);
    }
    const key = standardKey(name);
    if (key === undefined || !isSupported(key)) {
      throw new StandardsError('UNKNOWN_COMPONENT', `Component '${name}' is not in the table of this standard`, `Use one of: ${supportedHint()}.`, field);
    }
    if (origin.has(key)) {
      throw new StandardsError('DUPLICATE_COMPONENT', `'${name}' and '${origin.get(key)}' are the same component (${key})`, 'List each component once.', field);
    }
    origin.set(key, name);
    if (raw > 0) fractions.set(key, raw);
    sum += raw;
  }
  if (!(sum > 0)) {
    throw new StandardsError('MISSING_COMPONENTS', 'The composition is empty or sums to zero', 'Give at least one component with a mole fraction > 0.', 'components');
  }
  for (const [k, v] of fractions) fractions.set(k, v / sum);
  return { fractions, inputSum: sum, normalized: Math.abs(sum - 1) > 1e-10 };
}
