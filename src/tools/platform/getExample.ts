/**
 * getExample (core, ADVISORY, v1.0): one ready-to-run input from the example catalog, by
 * (category, name) as the contract has it, or by the tool's registered name as agents see it in
 * tools/list (toolName: runFlash). The catalog is derived from the examples every registered tool declares;
 * category "tool" holds one canonical example per tool under its snake_case name.
 */
import { Type } from '@sinclair/typebox';
import { failure, issue, type DiagnosticIssue } from '../contract/envelope.js';
import { catalogIn, defineTool, snakeName, type AnyTool } from '../contract/types.js';
import { discoverySuccess, listForHint } from '../contract/catalog/discovery-envelope.js';
import { buildExampleCatalog, exampleKeys, findExample, TOOL_EXAMPLE_CATEGORY, type ExampleEntry } from '../contract/catalog/examples.js';
import { didYouMeanText } from '../contract/spelling.js';

const Input = Type.Object(
  {
    toolName: Type.Optional(Type.String({
      minLength: 1,
      description: 'The tool as registered (camelCase, e.g. runFlash; run_flash works too): alone gives its canonical example, with name one of its named examples',
    })),
    category: Type.Optional(Type.String({ minLength: 1, description: 'Example category, e.g. flash, discovery, validation, or tool (with name)' })),
    name: Type.Optional(Type.String({ minLength: 1, description: 'Example name within the category (kebab-case; snake_case tool name in category "tool")' })),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    category: Type.String(),
    name: Type.String(),
    tool: Type.String({ description: 'camelCase name of the tool this input is for' }),
    description: Type.String(),
    uri: Type.String(),
    input: Type.Unknown({ description: 'The example input; send it as the tool\'s arguments / request body' }),
  },
  { additionalProperties: false },
);

export const getExampleTool = defineTool({
  name: 'getExample',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'A ready-to-run input for a tool: {"toolName": "runFlash"} gives its canonical example; {"category", "name"} any catalog example.',
  description:
    'Returns a ready-to-run example input for a tool: {"toolName": "runFlash"} (the tool as registered; run_flash ' +
    'works too) gives its canonical example, {"toolName", "name"} one of its named examples, and {"category", "name"} ' +
    'looks the catalog up (exact, case-sensitive; category "tool" maps every snake_case tool name to its canonical ' +
    'example). data.tool names the tool and data.input is the argument object to send to it. An unknown tool gives ' +
    'TOOL_NOT_FOUND with the closest names, an unknown example EXAMPLE_NOT_FOUND with the available ones; the resource ' +
    'neqsim://example-catalog has the whole list.',
  input: Input,
  output: Output,
  exampleCategory: 'discovery',
  examples: [
    { name: 'example-lookup', description: 'The canonical example of getSchema', input: { category: 'tool', name: 'get_schema' } },
    { name: 'example-by-tool', description: 'The canonical example of runFlash, by its registered name', input: { toolName: 'runFlash' } },
  ],
  execution: 'inline',
  run(input, ctx) {
    const started = performance.now();
    const tools = catalogIn(ctx).tools;
    const found = input.toolName !== undefined ? byTool(tools, input.toolName, input.category, input.name) : byCategory(tools, input.category, input.name);
    if (!found.ok) return failure('getExample', found.kind, [found.issue], 'runner');
    const entry = found.entry;
    return discoverySuccess('getExample', 'example lookup', {
      category: entry.category,
      name: entry.name,
      tool: entry.tool,
      description: entry.description,
      uri: entry.uri,
      // A copy: in-process callers (runTool) must not be able to edit the registry's example.
      input: structuredClone(entry.input),
    }, started);
  },
});

type Lookup = { ok: true; entry: ExampleEntry } | { ok: false; kind: 'input' | 'compute'; issue: DiagnosticIssue };

function notFound(category: string | undefined, name: string, tools: readonly AnyTool[]): Lookup {
  const categories = Object.keys(buildExampleCatalog(tools));
  const knownCategory = category !== undefined && categories.includes(category);
  const fix = knownCategory
    ? `Use one of the examples in category "${category}": ${listForHint(exampleKeys(tools, category))}`
    : `Use a listed category (${listForHint(categories)}); examples: ${listForHint(exampleKeys(tools), 30)}`;
  return { ok: false, kind: 'compute', issue: issue('EXAMPLE_NOT_FOUND', `Example not found: ${category}/${name}`, fix, knownCategory ? 'name' : 'category') };
}

/** The contract's form: {category, name}, both required when no toolName is given. */
function byCategory(tools: readonly AnyTool[], category: string | undefined, name: string | undefined): Lookup {
  if (category === undefined || name === undefined) {
    const missing = category === undefined ? 'category' : 'name';
    return {
      ok: false,
      kind: 'input',
      issue: issue('MISSING_FIELD', `getExample needs "toolName", or "category" and "name"; "${missing}" is missing`, 'Send {"toolName": "runFlash"} for a tool\'s canonical example, or {"category": "tool", "name": "run_flash"}', missing),
    };
  }
  const entry = findExample(tools, category, name);
  return entry ? { ok: true, entry } : notFound(category, name, tools);
}

/** By the tool's registered (camelCase) or snake_case name; `name` picks one of its own examples. */
function byTool(tools: readonly AnyTool[], toolName: string, category: string | undefined, name: string | undefined): Lookup {
  const typed = toolName.trim();
  const tool = tools.find((t) => t.name === typed) ?? tools.find((t) => snakeName(t.name) === snakeName(typed));
  if (!tool) {
    const names = tools.map((t) => t.name);
    return {
      ok: false,
      kind: 'compute',
      issue: issue('TOOL_NOT_FOUND', `No registered tool is named "${typed.slice(0, 100)}".${didYouMeanText(typed, names)}`, `Use a tool name as tools/list or getCapabilities give it: ${listForHint(names, 80)}`, 'toolName'),
    };
  }
  if (name === undefined) {
    const entry = findExample(tools, TOOL_EXAMPLE_CATEGORY, snakeName(tool.name));
    if (entry) return { ok: true, entry };
    return { ok: false, kind: 'compute', issue: issue('EXAMPLE_NOT_FOUND', `${tool.name} declares no example`, 'Read its input schema with getSchema instead', 'toolName') };
  }
  const entry = findExample(tools, category ?? tool.exampleCategory, name);
  if (entry && entry.tool === tool.name) return { ok: true, entry };
  const own = tool.examples.map((e) => e.name);
  return {
    ok: false,
    kind: 'compute',
    issue: issue('EXAMPLE_NOT_FOUND', `${tool.name} has no example "${name}"`, `Use one of its examples: ${listForHint(own)}, or leave name out for its canonical example`, 'name'),
  };
}
