/**
 * getSchema (core, ADVISORY, v1.0): the JSON Schema of one tool's input or output, looked up by
 * the tool's snake_case schema name (run_flash). Output schemas describe the whole envelope with
 * the tool's `data` payload. Unlike the original we return the schema inside the envelope.
 */
import { Type } from '@sinclair/typebox';
import { failure, issue } from '../contract/envelope.js';
import { catalogIn, defineTool, snakeName } from '../contract/types.js';
import { discoverySuccess, listForHint } from '../contract/catalog/discovery-envelope.js';
import { findSchema, schemaToolNames, schemaUri, type SchemaType } from '../contract/catalog/schemas.js';
import { HANDOFF_TYPES, handoffSchemaDocument, handoffSchemaUri, isHandoffType } from '../contract/catalog/handoff-schemas.js';

const Input = Type.Object(
  {
    toolName: Type.String({
      minLength: 1,
      description: 'snake_case schema name of the tool, e.g. run_flash (the camelCase name runFlash is accepted too)',
    }),
    schemaType: Type.String({ description: "'input' or 'output' (a handoff type with toolName \"handoff\"); any other value is reported as SCHEMA_NOT_FOUND" }),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    toolName: Type.String({ description: 'snake_case schema name ("handoff" for a handoff schema)' }),
    tool: Type.String({ description: 'camelCase tool name used in envelopes and MCP (bridgeTaskWorkflow, which emits and checks handoffs, for a handoff schema)' }),
    schemaType: Type.Union([Type.Literal('input'), Type.Literal('output'), ...HANDOFF_TYPES.map((h) => Type.Literal(h))]),
    uri: Type.String(),
    schema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema (draft 2020-12)' }),
  },
  { additionalProperties: false },
);

export const getSchemaTool = defineTool({
  name: 'getSchema',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'The full JSON Schema of a tool\'s input (with its complete description) or output envelope, by snake_case name (run_flash).',
  description:
    'Returns the JSON Schema (draft 2020-12) of a tool\'s input or output. toolName is the snake_case schema name ' +
    '(run_flash, run_process, search_components, get_schema, …); schemaType is "input" (the arguments the tool accepts) ' +
    'or "output" (the response envelope: apiVersion, status, tool, data, provenance, validation, qualityGate, warnings). ' +
    'toolName "handoff" with schemaType fluid_definition, process_simulation, mechanical_design, flow_assurance, safety_analysis or lifecycle_state gives the JSON Schema of that seed-002 agent handoff. ' +
    'Unknown tools or schema types give error SCHEMA_NOT_FOUND with the available names. Use getCapabilities to list tools.',
  input: Input,
  output: Output,
  exampleCategory: 'discovery',
  examples: [
    { name: 'schema-input', description: 'Input schema of getSchema itself', input: { toolName: 'get_schema', schemaType: 'input' } },
    { name: 'schema-output', description: 'Output (envelope) schema of searchComponents', input: { toolName: 'search_components', schemaType: 'output' } },
    { name: 'schema-handoff', description: 'JSON Schema of the fluid_definition agent handoff', input: { toolName: 'handoff', schemaType: 'fluid_definition' } },
  ],
  execution: 'inline',
  run(input, ctx) {
    const started = performance.now();
    const tools = catalogIn(ctx).tools;
    const wanted = snakeName(input.toolName.trim());
    if (wanted === 'handoff') {
      if (!isHandoffType(input.schemaType)) {
        return failure('getSchema', 'compute', [issue('SCHEMA_NOT_FOUND', `Handoff schema not found: ${input.schemaType}`, `Use schemaType one of: ${HANDOFF_TYPES.join(', ')}`, 'schemaType')], 'runner');
      }
      return discoverySuccess('getSchema', 'schema lookup', { toolName: 'handoff', tool: 'bridgeTaskWorkflow', schemaType: input.schemaType, uri: handoffSchemaUri(input.schemaType), schema: handoffSchemaDocument(input.schemaType) }, started);
    }
    const found = findSchema(tools, wanted, input.schemaType);
    if (!found) {
      return failure('getSchema', 'compute', [
        issue(
          'SCHEMA_NOT_FOUND',
          `Schema not found: ${input.toolName}/${input.schemaType}`,
          `Use schemaType "input" or "output" and one of these toolName values: ${listForHint(schemaToolNames(tools), 200)}`,
          (tools.some((t) => snakeName(t.name) === wanted) ? 'schemaType' : 'toolName'),
        ),
      ], 'runner');
    }
    const type = input.schemaType as SchemaType;
    return discoverySuccess('getSchema', 'schema lookup', {
      toolName: wanted,
      tool: found.tool.name,
      schemaType: type,
      uri: schemaUri(wanted, type),
      // A copy: the catalog caches schema objects, which in-process callers must not be able to edit.
      schema: structuredClone(found.schema),
    }, started);
  },
});
