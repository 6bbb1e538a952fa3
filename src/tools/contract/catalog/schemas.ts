/**
 * The schema catalog, derived from the registry: every tool under its snake_case schema name with
 * its input JSON Schema and its output schema (the envelope with the tool's `data` schema).
 * Functions take the tool list as an argument so this module never imports the registry (the
 * registry imports the discovery tools, which use this module).
 */
import type { TSchema } from '@sinclair/typebox';
import type { AnyTool } from '../types.js';
import { snakeName } from '../types.js';
import { envelopeSchema } from './envelope-schema.js';
import { toJsonSchema2020 } from './json-schema-2020.js';

export const SCHEMA_TYPES = ['input', 'output'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];
export type JsonSchema = Record<string, unknown>;

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export function isSchemaType(value: string): value is SchemaType {
  return (SCHEMA_TYPES as readonly string[]).includes(value);
}

export function schemaUri(schemaToolName: string, type: SchemaType): string {
  return `neqsim://schemas/${schemaToolName}/${type}`;
}

/**
 * TypeBox schemas carry symbol keys; a JSON round trip leaves the plain JSON Schema clients see,
 * with tuples in the 2020-12 form the documents declare.
 */
function plain(schema: TSchema): JsonSchema {
  return toJsonSchema2020(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

const inputCache = new WeakMap<AnyTool, JsonSchema>();
const outputCache = new WeakMap<AnyTool, JsonSchema>();

/** The tool's input schema as plain JSON Schema (what MCP tools/list advertises). */
export function inputJsonSchema(tool: AnyTool): JsonSchema {
  let s = inputCache.get(tool);
  if (!s) {
    s = plain(tool.input);
    inputCache.set(tool, s);
  }
  return s;
}

/** The envelope schema with the tool's data schema, as plain JSON Schema. */
export function outputJsonSchema(tool: AnyTool): JsonSchema {
  let s = outputCache.get(tool);
  if (!s) {
    s = plain(envelopeSchema(tool.name, tool.output));
    outputCache.set(tool, s);
  }
  return s;
}

/** A standalone schema document (dialect and title added) as getSchema and the resource return it. */
export function schemaDocument(tool: AnyTool, type: SchemaType): JsonSchema {
  const body = type === 'input' ? inputJsonSchema(tool) : outputJsonSchema(tool);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: schemaUri(snakeName(tool.name), type),
    title: `${tool.name} ${type}`,
    ...body,
    // The tool's whole description goes with its input schema (before the schema's own note, if
    // any): MCP tools/list carries only a summary and points here.
    ...(type === 'input'
      ? { description: typeof body.description === 'string' ? `${tool.description}\n\nInput: ${body.description}` : tool.description }
      : {}),
  };
}

export interface SchemaCatalogEntry {
  tool: string;
  schemaToolName: string;
  inputSchemaUri: string;
  outputSchemaUri: string;
  input: JsonSchema;
  output: JsonSchema;
}

export function buildSchemaCatalog(tools: readonly AnyTool[]): Record<string, SchemaCatalogEntry> {
  const catalog: Record<string, SchemaCatalogEntry> = {};
  for (const tool of tools) {
    const snake = snakeName(tool.name);
    catalog[snake] = {
      tool: tool.name,
      schemaToolName: snake,
      inputSchemaUri: schemaUri(snake, 'input'),
      outputSchemaUri: schemaUri(snake, 'output'),
      input: inputJsonSchema(tool),
      output: outputJsonSchema(tool),
    };
  }
  return catalog;
}

/** Looks a schema up by snake_case tool name and type; anything but input/output is not found. */
export function findSchema(tools: readonly AnyTool[], schemaToolName: string, type: string): { tool: AnyTool; schema: JsonSchema } | undefined {
  if (!isSchemaType(type)) return undefined;
  const tool = tools.find((t) => snakeName(t.name) === schemaToolName);
  return tool ? { tool, schema: schemaDocument(tool, type) } : undefined;
}

export function schemaToolNames(tools: readonly AnyTool[]): string[] {
  return tools.map((t) => snakeName(t.name));
}
