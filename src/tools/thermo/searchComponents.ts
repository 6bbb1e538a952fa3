/**
 * searchComponents (core, ADVISORY, v1.0): case-insensitive substring search over the component
 * database's canonical names and aliases (empty query = every component). When nothing contains
 * the query, near spellings (edit distance) are offered as suggestions instead of an empty answer.
 */
import { Type } from '@sinclair/typebox';
import { allComponents, levenshtein, searchComponents as searchNames } from '../../engine/components/index.js';
import { defineTool } from '../contract/types.js';
import { discoverySuccess } from '../contract/catalog/discovery-envelope.js';

const MAX_SUGGESTIONS = 5;

const Input = Type.Object(
  {
    query: Type.String({
      maxLength: 100,
      description: 'Part of a component name or alias, case-insensitive (e.g. "meth", "butane", "C10", "co2"); "" lists all',
    }),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    query: Type.String(),
    matchCount: Type.Integer({ minimum: 0 }),
    components: Type.Array(Type.String(), { description: 'Canonical names (as runFlash accepts them), in database order' }),
    suggestions: Type.Optional(
      Type.Array(Type.String(), { description: 'Closest canonical names by edit distance, only when nothing matched' }),
    ),
  },
  { additionalProperties: false },
);

/** Canonical names whose name or an alias is within max(3, len/2) edits of the query, closest first. */
function nearNames(query: string): string[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const limit = Math.max(3, Math.floor(q.length / 2));
  const scored: { name: string; d: number; order: number }[] = [];
  allComponents().forEach((c, order) => {
    const d = Math.min(...[c.name, ...c.aliases].map((s) => levenshtein(q, s.toLowerCase())));
    if (d <= limit) scored.push({ name: c.name, d, order });
  });
  scored.sort((a, b) => a.d - b.d || a.order - b.order);
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.name);
}

export const searchComponentsTool = defineTool({
  name: 'searchComponents',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Finds component names in the database (substring over names and aliases): use it for the spelling runFlash and runProcess accept.',
  description:
    'Searches the component database by name: case-insensitive substring match over canonical names and aliases ' +
    '(e.g. "meth" → methane, methanol; "C4" → i-butane, n-butane). Returns canonical names, the spelling runFlash and ' +
    'runProcess accept. An empty query lists every component. When nothing matches, data.suggestions holds the closest ' +
    'names by spelling. Read neqsim://components/{name} for Tc, Pc, acentric factor and molar mass.',
  input: Input,
  output: Output,
  exampleCategory: 'components',
  examples: [
    { name: 'search-meth', description: 'Components whose name contains "meth"', input: { query: 'meth' } },
    { name: 'search-misspelt', description: 'A misspelt name returns no match but suggestions', input: { query: 'metane' } },
  ],
  execution: 'inline',
  run(input) {
    const started = performance.now();
    const components = searchNames(input.query);
    const data: { query: string; matchCount: number; components: string[]; suggestions?: string[] } = {
      query: input.query,
      matchCount: components.length,
      components,
    };
    if (components.length === 0) data.suggestions = nearNames(input.query);
    return discoverySuccess('searchComponents', 'component search', data, started);
  },
});
