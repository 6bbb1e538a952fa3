/**
 * One place for "what did the caller mean": the spelling-insensitive key of a name, the unique
 * candidate a variant spelling stands for (ISO 6976 → ISO6976, tp → TP), and the closest
 * candidates by edit distance for a "did you mean" hint. Used by the schema error messages
 * (standards, flash types, any enum), tool names and model names.
 */
import { levenshtein } from '../../engine/components/levenshtein.js';

/** Lower case, letters and digits only: "ISO 6976" ~ "iso-6976" ~ "iso6976". */
export function spellingKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * Other accepted spellings of a value, by the canonical value, used only where that canonical
 * value is one of the allowed ones and the variant is not itself allowed. PT/HP/SP/VT: the
 * flash variable pairs named the other way round, as engineers often do (a PT flash is a TP flash).
 */
const EXTRA_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  TP: ['PT', 'tpflash', 'ptflash'],
  PH: ['HP', 'phflash'],
  PS: ['SP', 'psflash'],
  TV: ['VT', 'tvflash'],
};

/**
 * The one allowed value a variant spelling means: equal up to case and separators, or one of the
 * extra spellings above. undefined when none or more than one candidate matches (ambiguous).
 */
export function canonicalSpelling(typed: string, allowed: readonly string[]): string | undefined {
  if (allowed.includes(typed) || typed.length > 100) return allowed.includes(typed) ? typed : undefined;
  const key = spellingKey(typed);
  if (key === '') return undefined;
  const same = allowed.filter((a) => spellingKey(a) === key);
  if (same.length === 1) return same[0];
  if (same.length > 1) return undefined;
  const extra = allowed.filter((a) => Object.hasOwn(EXTRA_SPELLINGS, a) && EXTRA_SPELLINGS[a]!.some((x) => spellingKey(x) === key));
  return extra.length === 1 ? extra[0] : undefined;
}

/** Field names callers bring from other tools, by the name our schemas use. */
const FIELD_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  model: ['eos', 'equationofstate', 'thermomodel'],
  components: ['composition', 'fluid', 'molefractions'],
  flashType: ['flash'],
  standard: ['standardcode'],
};

/**
 * Up to `max` allowed values close to what was typed (edit distance on spelling keys: one edit for
 * names up to 4 characters, two up to 8, three beyond — so a transposition like "modle" still finds
 * "model"; a key containing the other also counts), best first.
 */
export function didYouMean(typed: string, allowed: readonly string[], max = 3): string[] {
  if (typed.length === 0 || typed.length > 100) return [];
  const key = spellingKey(typed);
  if (key === '') return [];
  const limit = key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
  const synonym = allowed.find((a) => Object.hasOwn(FIELD_SYNONYMS, a) && FIELD_SYNONYMS[a]!.includes(key));
  if (synonym !== undefined) return [synonym];
  return allowed
    .map((a) => {
      const k = spellingKey(a);
      const d = k === key ? 0 : k.length >= 3 && key.length >= 3 && (k.includes(key) || key.includes(k)) ? 1 : levenshtein(key, k);
      return { a, d };
    })
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d)
    .slice(0, max)
    .map((x) => x.a);
}

/** " Did you mean "X"?" (or "X" or "Y"), or '' when nothing is close. */
export function didYouMeanText(typed: string, allowed: readonly string[]): string {
  const near = didYouMean(typed, allowed);
  if (near.length === 0) return '';
  return ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`;
}
