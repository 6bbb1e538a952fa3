/**
 * Look-ups over a registered tool list, shared by registry.ts (the tool modules themselves) and
 * lazy-registry.ts (the same tools from their metadata, loaded on first call). Installing a view
 * also gives governance its tool classes (useRegisteredToolClasses), as the composition root must.
 */
import type { AnyTool, ToolCatalog } from './contract/types.js';
import { catalogOf, snakeName } from './contract/types.js';
import { useRegisteredToolClasses } from './contract/governance/policy.js';

export interface RegistryView {
  getTool(name: string): AnyTool | undefined;
  /** Looks a tool up by its snake_case schema name (run_flash). */
  getToolBySnakeName(name: string): AnyTool | undefined;
  toolNames(): string[];
  /** The catalog handed to dispatch and workers, and through them to the tools that describe the registry. */
  toolCatalog: ToolCatalog;
}

export function installRegistry(tools: readonly AnyTool[]): RegistryView {
  const byName = new Map<string, AnyTool>(tools.map((t) => [t.name, t]));
  const bySnake = new Map<string, AnyTool>(tools.map((t) => [snakeName(t.name), t]));
  const getTool = (name: string): AnyTool | undefined => byName.get(name);
  useRegisteredToolClasses((name) => {
    const t = getTool(name);
    return t === undefined ? undefined : { tier: t.tier, category: t.category };
  });
  return {
    getTool,
    getToolBySnakeName: (name) => bySnake.get(name),
    toolNames: () => tools.map((t) => t.name),
    toolCatalog: catalogOf(tools),
  };
}
