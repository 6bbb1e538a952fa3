/**
 * The compact MCP tools/list (src/mcp/tool-list.ts, compact-schema.ts): small enough for an
 * agent's context, and still complete enough to call every tool correctly. The listed input
 * schemas must keep every property, its types and its enum values (compared path by path with the
 * full TypeBox schema, following $refs and the pointers to other tools' inputs), and every catalog
 * example must still validate against them.
 */
import t from 'tap';
import { Ajv } from 'ajv';
import { mcpToolList } from '../../src/mcp/server.js';
import { compactInputSchema, firstSentence } from '../../src/mcp/compact-schema.js';
import { toolTitle } from '../../src/mcp/tool-list.js';
import { inputJsonSchema } from '../../src/tools/contract/catalog/schemas.js';
import { snakeName } from '../../src/tools/contract/types.js';
import { TOOLS } from '../../src/tools/registry.js';

type Json = Record<string, any>;
const LIMIT_BYTES = 100_000;

const listed = mcpToolList();
const byName = new Map(listed.map((x) => [x.name, x]));

t.test(`tools/list for all tools together is at most ${LIMIT_BYTES} bytes`, async (t) => {
  const bytes = Buffer.byteLength(JSON.stringify({ tools: listed }));
  t.ok(bytes <= LIMIT_BYTES, `tools/list is ${bytes} bytes for ${listed.length} tools`);
  t.equal(listed.length, TOOLS.length);
});

/**
 * Path -> what the schema allows there ("type:number", "enum:\"TP\"", …). Properties go by name,
 * array items by [] (tuples by [i]), record values by *; anyOf branches share their path.
 */
function shape(schema: Json, root: Json, out = new Map<string, Set<string>>(), path = ''): Map<string, Set<string>> {
  const note = (what: string): void => {
    if (!out.has(path)) out.set(path, new Set());
    out.get(path)!.add(what);
  };
  if (typeof schema !== 'object' || schema === null) return out;
  if (typeof schema.$ref === 'string') {
    const target = root.$defs?.[schema.$ref.replace('#/$defs/', '')];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return shape(target, root, out, path);
  }
  const pointer = typeof schema.description === 'string' ? pointerTarget(schema.description) : undefined;
  if (pointer) return shape(pointer.schema, pointer.root, out, path);
  note('seen');
  for (const type of [schema.type].flat()) if (type !== undefined) note(`type:${type}`);
  if ('const' in schema) note(`enum:${JSON.stringify(schema.const)}`);
  for (const v of schema.enum ?? []) note(`enum:${JSON.stringify(v)}`);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) shape(sub as Json, root, out, `${path}/${name}`);
  // A record of anything ({} for every key) constrains nothing: the same as a plain object.
  const constrains = (sub: unknown): boolean => typeof sub === 'object' && sub !== null && Object.keys(sub).length > 0;
  for (const sub of Object.values(schema.patternProperties ?? {})) if (constrains(sub)) shape(sub as Json, root, out, `${path}/*`);
  if (constrains(schema.additionalProperties)) shape(schema.additionalProperties, root, out, `${path}/*`);
  if (Array.isArray(schema.items)) schema.items.forEach((sub: Json, i: number) => shape(sub, root, out, `${path}/[${i}]`));
  else if (schema.items) shape(schema.items, root, out, `${path}/[]`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const sub of schema[key] ?? []) shape(sub, root, out, path);
  return out;
}

/** The listed schema a pointer description names ("Takes the runProcess input", "Same as "register" in …"). */
function pointerTarget(description: string): { schema: Json; root: Json } | undefined {
  const whole = /Takes the (\w+) input: see \1's inputSchema\.$/.exec(description);
  if (whole) {
    const root = byName.get(whole[1])!.inputSchema as Json;
    return { schema: { ...root, $defs: undefined }, root };
  }
  const part = /Same as "(\w+)" in (\w+)'s inputSchema\.$/.exec(description);
  if (part) {
    const root = byName.get(part[2])!.inputSchema as Json;
    return { schema: root.properties[part[1]], root };
  }
  return undefined;
}

const flat = (m: Map<string, Set<string>>): Record<string, string[]> =>
  Object.fromEntries([...m.entries()].map(([k, v]) => [k, [...v].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))));

t.test('every property, type and enum value of the full schema is in the listed one', async (t) => {
  for (const tool of TOOLS) {
    const full = inputJsonSchema(tool) as Json;
    const compact = byName.get(tool.name)!.inputSchema as Json;
    t.strictSame(flat(shape(compact, compact)), flat(shape(full, full)), `${tool.name}: same properties, types and enums`);
    t.same(compact.required ?? [], full.required ?? [], `${tool.name}: same required list`);
    t.equal(compact.additionalProperties, full.additionalProperties, `${tool.name}: unknown top-level keys refused as in the full schema`);
  }
});

t.test('every catalog example validates against the listed schema (as a client validating arguments would)', async (t) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const tool of TOOLS) {
    const validate = ajv.compile(byName.get(tool.name)!.inputSchema);
    for (const ex of tool.examples) t.ok(validate(ex.input), `${tool.name}/${ex.name}${validate.errors ? ` ${ajv.errorsText(validate.errors)}` : ''}`);
  }
});

t.test('the compaction: enums from constants, records as additionalProperties, repeats in $defs', async (t) => {
  const compact = compactInputSchema({
    type: 'object',
    additionalProperties: false,
    required: ['a'],
    properties: {
      a: { description: 'First field. Second sentence is dropped.', anyOf: [{ const: 'x', type: 'string' }, { const: 'y', type: 'string' }] },
      b: { type: 'object', patternProperties: { '^(.*)$': { type: 'number' } } },
      c: { type: 'object', additionalProperties: false, maxProperties: 3, properties: { v: { type: 'number', description: 'deep' }, u: { type: 'string', maxLength: 9 }, w: { type: 'number', maximum: 1e12, minimum: 0 }, flag: { type: 'boolean' } } },
      d: { type: 'object', additionalProperties: false, properties: { v: { type: 'number' }, u: { type: 'string' }, w: { type: 'number', minimum: 0 }, flag: { type: 'boolean' } } },
    },
  });
  t.strictSame(compact, {
    type: 'object',
    additionalProperties: false,
    required: ['a'],
    properties: {
      a: { description: 'First field.', type: 'string', enum: ['x', 'y'] },
      b: { type: 'object', additionalProperties: { type: 'number' } },
      c: { $ref: '#/$defs/c' },
      d: { $ref: '#/$defs/c' },
    },
    $defs: { c: { type: 'object', properties: { v: { type: 'number' }, u: { type: 'string' }, w: { type: 'number', minimum: 0 }, flag: { type: 'boolean' } } } },
  });
});

t.test('first sentences: "e.g." does not end one, long ones are cut at a word', async (t) => {
  t.equal(firstSentence('Reads a variable (e.g. "feed.flowRate"). Then more.', 100), 'Reads a variable (e.g. "feed.flowRate").');
  t.equal(firstSentence('Runs a flash. {"x": 1}', 100), 'Runs a flash.');
  t.equal(firstSentence('one two three four five six', 15), 'one two three…');
});

t.test('titles, descriptions that point to the full docs, hints by category', async (t) => {
  t.equal(toolTitle('runPVT'), 'Run PVT');
  t.equal(toolTitle('runHAZOP'), 'Run HAZOP');
  t.equal(toolTitle('getSchema'), 'Get schema');
  for (const tool of TOOLS) {
    const entry = byName.get(tool.name)!;
    t.equal(entry.title, toolTitle(tool.name));
    t.ok(entry.description!.length <= 320, `${tool.name}: a short description (${entry.description!.length} characters)`);
    t.match(entry.description, `getSchema ${snakeName(tool.name)}`, `${tool.name} points to getSchema`);
    t.equal(entry.outputSchema, undefined);
    const a = entry.annotations!;
    const calculates = tool.category === 'ADVISORY' || tool.category === 'CALCULATION';
    t.strictSame(
      [a.readOnlyHint, a.idempotentHint, a.openWorldHint],
      [calculates, calculates, false],
      `${tool.name} (${tool.category}): read-only and idempotent iff it only computes; nothing reaches outside the server`,
    );
    if (calculates) t.equal(a.destructiveHint, false);
  }
  t.equal(byName.get('manageState')!.annotations!.destructiveHint, true, 'manageState deletes and overwrites saved states');
  t.equal(byName.get('manageSession')!.annotations!.destructiveHint, true, 'manageSession closes sessions');
  t.equal(byName.get('setSimulationVariable')!.annotations!.readOnlyHint, false);
});
