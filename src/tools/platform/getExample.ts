/**
 * getExample (core, ADVISORY, v1.0): one ready-to-run input from the example catalog, by
 * (category, name). The catalog is derived from the examples every registered tool declares;
 * category "tool" holds one canonical example per tool under its snake_case name.
 */
import { Type } from '@sinclair/typebox';
import { failure, issue } from '../contract/envelope.js';
import { catalogIn, defineTool } from '../contract/types.js';
import { discoverySuccess, listForHint } from '../contract/catalog/discovery-envelope.js';
import { buildExampleCatalog, exampleKeys, findExample } from '../contract/catalog/examples.js';

const Input = Type.Object(
  {
    category: Type.String({ minLength: 1, description: 'Example category, e.g. flash, discovery, validation, or tool' }),
    name: Type.String({ minLength: 1, description: 'Example name within the category (kebab-case; snake_case tool name in category "tool")' }),
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
  description:
    'Returns a ready-to-run example input for a tool, by category and name (exact, case-sensitive). data.tool names ' +
    'the tool and data.input is the argument object to send to it. Category "tool" maps every snake_case tool name ' +
    '(run_flash, search_components, …) to that tool\'s canonical example. Unknown entries give EXAMPLE_NOT_FOUND with ' +
    'the available ones; read the resource neqsim://example-catalog for the whole list.',
  input: Input,
  output: Output,
  exampleCategory: 'discovery',
  examples: [
    { name: 'example-lookup', description: 'The canonical example of getSchema', input: { category: 'tool', name: 'get_schema' } },
  ],
  execution: 'inline',
  run(input, ctx) {
    const started = performance.now();
    const tools = catalogIn(ctx).tools;
    const entry = findExample(tools, input.category, input.name);
    if (!entry) {
      const categories = Object.keys(buildExampleCatalog(tools));
      const knownCategory = categories.includes(input.category);
      const fix = knownCategory
        ? `Use one of the examples in category "${input.category}": ${listForHint(exampleKeys(tools, input.category))}`
        : `Use a listed category (${listForHint(categories)}); examples: ${listForHint(exampleKeys(tools), 30)}`;
      return failure('getExample', 'compute', [
        issue('EXAMPLE_NOT_FOUND', `Example not found: ${input.category}/${input.name}`, fix, knownCategory ? 'name' : 'category'),
      ], 'runner');
    }
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
