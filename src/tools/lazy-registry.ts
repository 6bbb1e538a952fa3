/**
 * The registry as the server's main thread holds it (issue 25: cold start and idle memory): every
 * registered tool with its full metadata and live TypeBox schemas from the generated
 * tool-metadata.json (scripts/write-tool-metadata.ts), and a run() that imports the tool's module on the first call and
 * delegates to it. Routes, OpenAPI, the MCP tool list, the catalogue and dispatch (which validates
 * against these schemas) see every tool from the start; no tool module, and none of the engine
 * under it, is loaded until a tool is called on this thread (the inline tools; pool tools run in
 * the worker threads, which load their own, workers/tool-worker.ts).
 *
 * Same exports as registry.ts; test/api/lazy-registry.test.ts checks that both hold the same
 * tools with equal metadata and that the generated module is up to date.
 */
import type { AnyTool } from './contract/types.js';
import { installRegistry } from './registry-view.js';
import { TOOL_LOADERS } from './tool-loaders.js';
// Node parses a JSON module once and keeps no copy of its text (a string in a module would stay).
import metadata from './tool-metadata.json' with { type: 'json' };
import { reviveToolMetadata, type ToolMetadata } from './tool-metadata.js';

export { DOMAIN_TOOLS, TOOL_DOMAIN, toolDomain } from './domains.js';

function lazyTool(meta: ToolMetadata): AnyTool {
  const load = Object.hasOwn(TOOL_LOADERS, meta.name) ? TOOL_LOADERS[meta.name] : undefined;
  if (load === undefined) throw new Error(`${meta.name} has metadata but no loader in src/tools/tool-loaders.ts`);
  let loaded: AnyTool | undefined;
  return {
    ...meta,
    async run(input, ctx) {
      loaded ??= await load();
      return loaded.run(input, ctx);
    },
  };
}

export const TOOLS: readonly AnyTool[] = reviveToolMetadata(metadata).map(lazyTool);

const view = installRegistry(TOOLS);
export const { getTool, getToolBySnakeName, toolNames, toolCatalog } = view;
