/**
 * Plugins: tools loaded at start from the directory NEQSIM_MCP_PLUGIN_DIR (unset: none). Every
 * .js/.mjs file there is imported once per thread (the main thread and each pool worker, since
 * both load the registry) and must export as default either a tool definition (the same
 * ToolDefinition as the built-in tools: name, description, TypeBox input/output, examples, run)
 * or a function that receives the plugin API (TypeBox's Type and the envelope helpers, so a
 * plugin needs no package of its own) and returns one. A file that does not give a valid
 * definition is skipped and reported (runPlugin list, and the server log), never half-loaded.
 * Loading code from a directory is the operator's decision: only set the variable to a directory
 * whose files you trust as you trust the server's own code.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Type } from '@sinclair/typebox';
import { failure, issue, success, warning } from '../../contract/envelope.js';
import { defineTool, type AnyTool } from '../../contract/types.js';

/** What a plugin's default-exported function receives. */
export const PLUGIN_API = Object.freeze({ Type, defineTool, success, failure, issue, warning });

export interface LoadedPlugins {
  /** The directory read, or null when NEQSIM_MCP_PLUGIN_DIR is not set. */
  directory: string | null;
  plugins: AnyTool[];
  /** Files skipped, with why. */
  rejected: { file: string; reason: string }[];
}

const NAME = /^[a-z][A-Za-z0-9]{1,63}$/;

function definitionProblem(d: unknown, taken: Set<string>): string | undefined {
  if (d === null || typeof d !== 'object') return 'the default export is neither a tool definition nor a function returning one';
  const t = d as Record<string, unknown>;
  if (typeof t.name !== 'string' || !NAME.test(t.name)) return 'name must be a camelCase identifier (2 to 64 characters)';
  if (taken.has(t.name)) return `a plugin named ${t.name} is already loaded`;
  if (typeof t.description !== 'string' || t.description.length < 10) return 'description must say what the tool computes';
  for (const k of ['input', 'output'] as const) {
    const s = t[k] as Record<string, unknown> | undefined;
    if (s === undefined || s === null || typeof s !== 'object' || s.type !== 'object') return `${k} must be a TypeBox object schema (Type.Object)`;
  }
  if ((t.input as Record<string, unknown>).additionalProperties !== false) return 'input must set additionalProperties: false, as every built-in tool does';
  if (!Array.isArray(t.examples) || t.examples.length === 0) return 'examples must hold at least one {name, description, input}';
  if (typeof t.run !== 'function') return 'run(input, ctx) must be a function returning an envelope';
  return undefined;
}

export async function loadPlugins(dir: string | undefined): Promise<LoadedPlugins> {
  if (dir === undefined || dir.trim() === '') return { directory: null, plugins: [], rejected: [] };
  const directory = resolve(dir);
  const out: LoadedPlugins = { directory, plugins: [], rejected: [] };
  let files: string[];
  try {
    files = readdirSync(directory).filter((f) => /\.(m?js)$/.test(f) && statSync(join(directory, f)).isFile()).sort();
  } catch (err) {
    out.rejected.push({ file: directory, reason: `cannot read the plugin directory: ${(err as Error).message}` });
    return out;
  }
  const taken = new Set<string>();
  for (const file of files) {
    try {
      const mod = (await import(pathToFileURL(join(directory, file)).href)) as { default?: unknown };
      const exported = typeof mod.default === 'function' ? (mod.default as (api: typeof PLUGIN_API) => unknown)(PLUGIN_API) : mod.default;
      const problem = definitionProblem(exported, taken);
      if (problem !== undefined) {
        out.rejected.push({ file, reason: problem });
        continue;
      }
      const def = exported as AnyTool;
      // Governed as the contract's runPlugin: experimental PLATFORM, whatever the file says.
      out.plugins.push({ ...def, tier: 'experimental', category: 'PLATFORM', since: def.since ?? 'plugin', exampleCategory: 'plugin', execution: 'pool' });
      taken.add(def.name);
    } catch (err) {
      out.rejected.push({ file, reason: `import failed: ${(err as Error).message}` });
    }
  }
  for (const r of out.rejected) console.warn(`[neqsim-ts] plugin ${r.file} not loaded: ${r.reason}`);
  return out;
}

/** The plugins of this process, loaded once when the registry is first imported. */
export const LOADED_PLUGINS: LoadedPlugins = await loadPlugins(process.env.NEQSIM_MCP_PLUGIN_DIR);
