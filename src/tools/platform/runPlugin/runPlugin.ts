/**
 * runPlugin (experimental, PLATFORM, v1.1): lists the plugins loaded at start from
 * NEQSIM_MCP_PLUGIN_DIR (plugins.ts) or runs one. runPlugin is a pool tool, so a plugin runs in a
 * worker thread under runPlugin's time budget and governance (experimental PLATFORM: DESKTOP_ENGINEER
 * only); its input is checked against the plugin's own schema and its output against the plugin's
 * output schema exactly as a built-in tool's (executeTool).
 */
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { executeTool } from '../../contract/execute.js';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { defineTool, snakeName } from '../../contract/types.js';
import { inputJsonSchema } from '../../contract/catalog/schemas.js';
import { LOADED_PLUGINS } from './plugins.js';

const TOOL = 'runPlugin';

const Input = Type.Object(
  {
    action: Type.Union([Type.Literal('list'), Type.Literal('run')], { description: '"list" the loaded plugins, or "run" one' }),
    plugin: Type.Optional(Type.String({ maxLength: 64 })),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The plugin\'s input' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const PluginEntry = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    inputSchema: Type.Record(Type.String(), Type.Unknown()),
    examples: Type.Array(Type.Object({ name: Type.String(), description: Type.String(), input: Type.Unknown() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    action: Type.String(),
    pluginDirectoryConfigured: Type.Optional(Type.Boolean({ description: 'list: whether NEQSIM_MCP_PLUGIN_DIR is set' })),
    plugins: Type.Optional(Type.Array(PluginEntry)),
    rejected: Type.Optional(Type.Array(Type.Object({ file: Type.String(), reason: Type.String() }, { additionalProperties: false }), { description: 'list: plugin files that were not loaded, and why' })),
    plugin: Type.Optional(Type.String()),
    result: Type.Optional(Type.Unknown({ description: 'run: the plugin\'s data (its output schema)' })),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

async function run(input: In, ctx: Parameters<typeof executeTool>[2]): Promise<Envelope<Out>> {
  const started = performance.now();
  const plugins = LOADED_PLUGINS.plugins;
  if (input.action === 'list') {
    return success({
      tool: TOOL,
      data: {
        action: 'list',
        pluginDirectoryConfigured: LOADED_PLUGINS.directory !== null,
        plugins: plugins.map((p) => ({ name: p.name, description: p.description, inputSchema: inputJsonSchema(p), examples: p.examples.map((e) => ({ name: e.name, description: e.description, input: e.input })) })),
        rejected: LOADED_PLUGINS.rejected.map((r) => ({ file: r.file.split(/[\\/]/).pop()!, reason: r.reason })),
      },
      provenance: { calculationType: 'plugin list', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: performance.now() - started },
      validationMessage: 'Plugins listed',
    });
  }
  const plugin = plugins.find((p) => p.name === input.plugin);
  if (plugin === undefined) {
    return failure(TOOL, 'compute', [issue('UNKNOWN_PLUGIN', input.plugin === undefined ? 'run needs "plugin"' : `No plugin named ${JSON.stringify(input.plugin)} is loaded`, plugins.length > 0 ? `Loaded plugins: ${plugins.map((p) => p.name).join(', ')}` : 'No plugin is loaded: set NEQSIM_MCP_PLUGIN_DIR to a plugin directory and restart', 'plugin')]);
  }
  const env = await executeTool(plugin, input.input ?? {}, ctx);
  if (env.status !== 'success') {
    // The plugin's own errors, re-pointed under /input where they concern its input.
    return { ...env, tool: TOOL, errors: env.errors?.map((e) => ({ ...e, ...(e.field !== undefined ? { field: `input.${e.field.replace(/^\//, '').replace(/\//g, '.')}` } : {}) })) } as Envelope<Out>;
  }
  if (!TypeCompiler.Compile(plugin.output).Check(env.data)) {
    return failure(TOOL, 'internal', [issue('PLUGIN_OUTPUT_INVALID', `Plugin ${plugin.name} returned data that does not match its output schema`, 'Fix the plugin\'s run() or its output schema')], 'runner');
  }
  return { ...env, tool: TOOL, data: { action: 'run', plugin: plugin.name, result: env.data } } as Envelope<Out>;
}

export const runPluginTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.1',
  summary: 'Lists or runs the plugin tools loaded at start from NEQSIM_MCP_PLUGIN_DIR.',
  description:
    '{"action": "list"} lists the plugins loaded at start from the directory NEQSIM_MCP_PLUGIN_DIR (name, description, input schema, examples; and files not loaded, with why). ' +
    '{"action": "run", "plugin": name, "input": {…}} runs one in the worker pool under this tool\'s time budget: the input is checked against the plugin\'s schema and the answer against its output schema, as for a built-in tool. ' +
    'Plugins are declared like built-in tools (docs/contract.md). Experimental PLATFORM: allowed in DESKTOP_ENGINEER only.',
  input: Input,
  output: Output,
  exampleCategory: 'plugin',
  examples: [{ name: 'list', description: 'The loaded plugins (none unless NEQSIM_MCP_PLUGIN_DIR is set)', input: { action: 'list' } }],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});

/** For tests and docs: the snake_case name a plugin's schema would have. */
export const pluginSchemaName = snakeName;
