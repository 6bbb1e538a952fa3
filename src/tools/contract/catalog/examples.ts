/**
 * The example catalog, derived from the registry: every registered tool's examples grouped by the
 * tool's example category, plus the `tool` category that maps each snake_case tool name to that
 * tool's first (canonical) example, as the contract's catalog does. Nothing here is hand-written:
 * an example exists iff a registered tool declares it.
 */
import type { AnyTool } from '../types.js';
import { snakeName } from '../types.js';

/** Category that holds one canonical example per tool, keyed by its snake_case schema name. */
export const TOOL_EXAMPLE_CATEGORY = 'tool';

export interface ExampleEntry {
  category: string;
  name: string;
  /** Contract camelCase name of the tool the example is an input for. */
  tool: string;
  description: string;
  input: unknown;
  uri: string;
}

export type ExampleCatalog = Record<string, Record<string, ExampleEntry>>;

export function exampleUri(category: string, name: string): string {
  return `neqsim://examples/${category}/${name}`;
}

const catalogCache = new WeakMap<readonly AnyTool[], ExampleCatalog>();

export function buildExampleCatalog(tools: readonly AnyTool[]): ExampleCatalog {
  const cached = catalogCache.get(tools);
  if (cached) return cached;
  const catalog: ExampleCatalog = {};
  const add = (entry: ExampleEntry): void => {
    const group = (catalog[entry.category] ??= {});
    // First declaration wins; the discovery tests assert names are unique so this never hides one.
    if (!(entry.name in group)) group[entry.name] = entry;
  };
  for (const tool of tools) {
    for (const ex of tool.examples) {
      add({
        category: tool.exampleCategory,
        name: ex.name,
        tool: tool.name,
        description: ex.description,
        input: ex.input,
        uri: exampleUri(tool.exampleCategory, ex.name),
      });
    }
  }
  for (const tool of tools) {
    const first = tool.examples[0];
    if (!first) continue;
    const snake = snakeName(tool.name);
    add({
      category: TOOL_EXAMPLE_CATEGORY,
      name: snake,
      tool: tool.name,
      description: `Canonical input example for ${tool.name} (same as ${tool.exampleCategory}/${first.name}): ${first.description}`,
      input: first.input,
      uri: exampleUri(TOOL_EXAMPLE_CATEGORY, snake),
    });
  }
  catalogCache.set(tools, catalog);
  return catalog;
}

export function findExample(tools: readonly AnyTool[], category: string, name: string): ExampleEntry | undefined {
  const group = buildExampleCatalog(tools)[category];
  return group && Object.prototype.hasOwnProperty.call(group, name) ? group[name] : undefined;
}

/** "category/name" keys of every example, for fix hints. */
export function exampleKeys(tools: readonly AnyTool[], category?: string): string[] {
  const catalog = buildExampleCatalog(tools);
  const keys: string[] = [];
  for (const [cat, group] of Object.entries(catalog)) {
    if (category !== undefined && cat !== category) continue;
    for (const name of Object.keys(group)) keys.push(`${cat}/${name}`);
  }
  return keys;
}
