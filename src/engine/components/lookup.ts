/**
 * Name resolution over the component database: exact (case-insensitive, aliases), substring
 * search and "did you mean" suggestions. Mirrors the original's ComponentQuery behaviour
 * (isValid / search / closestMatch) but resolves our aliases too.
 */
import type { ComponentData } from './types.js';
import { COMPONENTS } from './database.js';
import { REFUSED_COMPONENTS } from './data/refused.js';
import { boundedLevenshtein } from './levenshtein.js';

export { levenshtein } from './levenshtein.js';

const byKey = new Map<string, ComponentData>();
for (const c of COMPONENTS) {
  for (const key of [c.name, ...c.aliases]) {
    const k = key.toLowerCase();
    // Spellings are unique across records (test/engine/components.test.ts); keep the first anyway.
    if (!byKey.has(k)) byKey.set(k, c);
  }
}

/** Every accepted spelling (canonical names and aliases), in database order, with its lower case. */
const allSpellings: readonly { spelling: string; lower: string }[] = COMPONENTS.flatMap((c) =>
  [c.name, ...c.aliases].map((spelling) => ({ spelling, lower: spelling.toLowerCase() })),
);

/** Per record in database order: its canonical name and every spelling in lower case. */
const lowerSpellings: readonly { name: string; lower: readonly string[] }[] = COMPONENTS.map((c) => ({
  name: c.name,
  lower: [c.name, ...c.aliases].map((s) => s.toLowerCase()),
}));

/** Case-insensitive lookup by canonical name or alias. */
export function findComponent(name: string): ComponentData | undefined {
  if (typeof name !== 'string') return undefined;
  return byKey.get(name.trim().toLowerCase());
}

/** Canonical name of a user-typed component name, or undefined when unknown. */
export function canonicalName(name: string): string | undefined {
  return findComponent(name)?.name;
}

const refusedByKey = new Map(Object.entries(REFUSED_COMPONENTS).map(([name, why]) => [name.toLowerCase(), { name, reason: why }]));

/**
 * A COMP.csv record the engine refuses on purpose (ion, salt, pseudo entry, placeholder or wrong
 * constants without a second source), with the reason; undefined for usable or unheard-of names.
 * Lets a request naming one be answered "refused because …" rather than "unknown".
 */
export function refusedComponent(name: string): { name: string; reason: string } | undefined {
  if (typeof name !== 'string' || findComponent(name) !== undefined) return undefined;
  return refusedByKey.get(name.trim().toLowerCase());
}

/** The 422 answer for a refused COMP.csv name (same code, message and fix on every tool). */
export function refusedComponentIssue(name: string): { code: 'UNSUPPORTED_COMPONENT'; message: string; fix: string } | undefined {
  const r = refusedComponent(name);
  if (r === undefined) return undefined;
  return {
    code: 'UNSUPPORTED_COMPONENT',
    message: `'${name}' is in the original's component table (COMP.csv record "${r.name}") but is not supported here: ${r.reason}`,
    fix: 'Leave it out or replace it by a supported component (searchComponents lists them); the reason says what a usable record would need',
  };
}

export function isKnownComponent(name: string): boolean {
  return findComponent(name) !== undefined;
}

export function allComponents(): readonly ComponentData[] {
  return COMPONENTS;
}

/**
 * Case-insensitive substring search over canonical names and aliases. Returns canonical names
 * in database order, each once; an empty (or blank) query returns every component.
 */
export function searchComponents(query: string): string[] {
  const q = (query ?? '').trim().toLowerCase();
  if (q === '') return COMPONENTS.map((c) => c.name);
  // Lower-cased spellings are computed once: lower-casing every name on each call was most of a search's cost.
  return lowerSpellings.filter((e) => e.lower.some((n) => n.includes(q))).map((e) => e.name);
}


/**
 * Closest known spelling (canonical name or alias) to a misspelt name, compared
 * case-insensitively, when the edit distance is at most max(3, len/2) as in the original's
 * closestMatch. Ties keep the earlier entry in database order. Undefined when nothing is close
 * or when the name is already known.
 */
export function suggestComponent(name: string): string | undefined {
  if (typeof name !== 'string') return undefined;
  const q = name.trim().toLowerCase();
  if (q === '' || byKey.has(q)) return undefined;
  const limit = Math.max(3, Math.floor(q.length / 2));
  let best: string | undefined;
  let bestD = Infinity;
  for (const { spelling, lower } of allSpellings) {
    // Only a strictly closer spelling can replace the best, so ties keep database order.
    const d = boundedLevenshtein(q, lower, Math.min(bestD, limit + 1));
    if (d < bestD) {
      bestD = d;
      best = spelling;
    }
  }
  return bestD <= limit ? best : undefined;
}

/** Canonical names grouped by family (for the neqsim://components resource). */
export function componentFamilies(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of COMPONENTS) (out[c.family] ??= []).push(c.name);
  return out;
}
