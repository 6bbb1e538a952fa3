/**
 * The MCP tools/list payload: for each tool a title, a short description that says when to use it
 * and where the full documentation is, the compact input schema and the behaviour hints. The
 * long description and the output (envelope) schema are served on demand by getSchema and the
 * neqsim://schemas/{tool}/{input|output} resources: listing every output schema cost an agent
 * ≈ 0.5 MB of context and made the SDK client compile 59 validators before the first call.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { inputJsonSchema } from '../tools/contract/catalog/schemas.js';
import { snakeName, type AnyTool, type Category } from '../tools/contract/types.js';
import { compactInputSchema, firstSentence, sharedInputs } from './compact-schema.js';

/** Listed descriptions are the tool's summary, else its first sentences up to about this length. */
const SUMMARY_MAX = 170;

type Hints = Required<Pick<NonNullable<Tool['annotations']>, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;

/**
 * Behaviour hints by contract category. ADVISORY and CALCULATION tools compute from their input
 * and change nothing, so the same call gives the same answer. EXECUTION tools run or change
 * server-side state (sessions, saved states, workflows of other tools): treated as possibly
 * destructive, as the MCP default assumes. No tool reaches outside this server.
 */
const BY_CATEGORY: Record<Category, Hints> = {
  ADVISORY: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  CALCULATION: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  EXECUTION: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  PLATFORM: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
};

/** Where a tool does more than its category says. */
const OVERRIDES: Record<string, Partial<Hints>> = {
  // PLATFORM, but its actions delete and overwrite saved state files.
  manageState: { destructiveHint: true },
};

export function toolAnnotations(tool: AnyTool): Hints {
  return { ...BY_CATEGORY[tool.category], ...OVERRIDES[tool.name] };
}

/** "runPVT" -> "Run PVT", "getSchema" -> "Get schema": a display name for clients' tool pickers. */
export function toolTitle(name: string): string {
  const words = name.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [name];
  return words
    .map((w, i) => (/^[A-Z]{2,}$/.test(w) ? w : i === 0 ? w[0].toUpperCase() + w.slice(1) : w.toLowerCase()))
    .join(' ');
}

/** When to use the tool, then where its full description and schemas are. */
export function listedDescription(tool: AnyTool): string {
  const snake = snakeName(tool.name);
  const summary = tool.summary ?? leadingSentences(tool.description, SUMMARY_MAX);
  // The resource URI (neqsim://schemas/<snake>/input) follows from the name; getSchema is enough to say.
  return `${summary} Full docs: getSchema ${snake}.`;
}

/** Whole sentences from the start while they fit in `max` (at least the first, cut if needed). */
function leadingSentences(text: string, max: number): string {
  const first = firstSentence(text, max);
  let taken = first;
  let rest = text.replace(/\s+/g, ' ').trim().slice(first.length).trim();
  while (rest.length > 0 && !first.endsWith('…')) {
    const next = firstSentence(rest, max);
    if (next.endsWith('…') || taken.length + 1 + next.length > max) break;
    taken = `${taken} ${next}`;
    rest = rest.slice(next.length).trim();
  }
  return taken;
}

const listCache = new WeakMap<readonly AnyTool[], Tool[]>();

/** tools/list payload; built once per tool list (the registry is a constant list). */
export function buildToolList(tools: readonly AnyTool[]): Tool[] {
  const cached = listCache.get(tools);
  if (cached) return cached;
  const shared = sharedInputs(tools.map((t) => ({ name: t.name, input: inputJsonSchema(t) })));
  const list = tools.map((t) => ({
    name: t.name,
    title: toolTitle(t.name),
    description: listedDescription(t),
    inputSchema: compactInputSchema(inputJsonSchema(t), shared, t.name) as Tool['inputSchema'],
    annotations: toolAnnotations(t),
  }));
  listCache.set(tools, list);
  return list;
}
