/**
 * Contract tests over the whole registry, so they cover every tool as other engineers add them:
 * names agree across registry, schema catalog and MCP naming; every tool has examples; every
 * example validates against its tool's input schema AND runs successfully through the dispatcher,
 * and the response matches the tool's declared output (data schema and envelope schema, checked
 * both with TypeBox and with Ajv as an MCP client does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createRequire } from 'node:module';
import { Value } from '@sinclair/typebox/value';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { getToolBySnakeName, TOOLS } from '../../src/tools/registry.js';
import { snakeName } from '../../src/tools/contract/types.js';
import { envelopeSchema } from '../../src/tools/contract/catalog/envelope-schema.js';
import { buildExampleCatalog, exampleKeys, TOOL_EXAMPLE_CATEGORY } from '../../src/tools/contract/catalog/examples.js';
import { buildSchemaCatalog, outputJsonSchema } from '../../src/tools/contract/catalog/schemas.js';
import { configureStateStore } from '../../src/tools/process/state/config.js';

// Examples that save state must not write into the user's home directory.
const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-discovery-'));
configureStateStore({ dir: stateDir, allowExternal: true });
t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));

const dispatch = createDispatcher({ timeoutMs: 60_000 });
// The published schemas are JSON Schema 2020-12 (tuples as prefixItems), as an MCP client reads them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020').default as new (o: object) => any;
const ajv = new Ajv2020({ strict: false, allErrors: true });

t.test('names agree: registry = schema catalog = snake_case lookups', async (t) => {
  const names = TOOLS.map((x) => x.name);
  t.equal(new Set(names).size, names.length, 'tool names are unique');
  for (const name of names) t.match(name, /^[a-z][A-Za-z0-9]*$/, `${name} is camelCase`);
  const snakes = names.map(snakeName);
  t.equal(new Set(snakes).size, snakes.length, 'snake_case names are unique');
  t.same(Object.keys(buildSchemaCatalog(TOOLS)), snakes, 'schema catalog keys are the snake names, in registry order');
  for (const tool of TOOLS) {
    t.equal(getToolBySnakeName(snakeName(tool.name)), tool, `${snakeName(tool.name)} maps back to ${tool.name}`);
    t.match(snakeName(tool.name), /^[a-z][a-z0-9_]*$/);
  }
});

t.test('every tool declares examples with unique names per category', async (t) => {
  const seen = new Set<string>();
  for (const tool of TOOLS) {
    t.ok(tool.examples.length > 0, `${tool.name} has at least one example`);
    t.not(tool.exampleCategory, TOOL_EXAMPLE_CATEGORY, `${tool.name} does not use the reserved category "tool"`);
    for (const ex of tool.examples) {
      const key = `${tool.exampleCategory}/${ex.name}`;
      t.notOk(seen.has(key), `${key} is unique`);
      seen.add(key);
      t.match(ex.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${key} is kebab-case`);
    }
  }
  const keys = exampleKeys(TOOLS);
  t.equal(keys.length, seen.size + TOOLS.filter((x) => x.examples.length > 0).length, 'catalog = every example + one canonical per tool');
  const catalog = buildExampleCatalog(TOOLS);
  for (const tool of TOOLS) t.equal(catalog[TOOL_EXAMPLE_CATEGORY][snakeName(tool.name)]?.tool, tool.name);
});

for (const tool of TOOLS) {
  t.test(`${tool.name}: every example validates and runs successfully`, async (t) => {
    const envelopeCheck = ajv.compile(outputJsonSchema(tool));
    const envelopeTypeBox = envelopeSchema(tool.name, tool.output);
    for (const ex of tool.examples) {
      const label = `${tool.exampleCategory}/${ex.name}`;
      const inputErrors = [...Value.Errors(tool.input, ex.input)].map((e) => `${e.path}: ${e.message}`);
      t.same(inputErrors, [], `${label} input matches the input schema`);
      const r = await dispatch(tool.name, structuredClone(ex.input), { subject: 'catalog-test', transport: 'api' });
      const env = r.envelope;
      t.equal(env.status, 'success', `${label} succeeds${env.errors ? `: ${JSON.stringify(env.errors)}` : ''}`);
      t.equal(r.httpStatus, 200);
      t.equal(env.tool, tool.name);
      if (env.status !== 'success') continue;
      const dataErrors = [...Value.Errors(tool.output, env.data)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
      t.same(dataErrors, [], `${label} data matches the output schema`);
      t.ok(Value.Check(envelopeTypeBox, env), `${label} envelope matches the envelope schema (TypeBox)`);
      const wire = JSON.parse(r.body) as unknown;
      t.ok(envelopeCheck(wire), `${label} serialized envelope matches the published output schema (Ajv)${envelopeCheck.errors ? ` ${ajv.errorsText(envelopeCheck.errors)}` : ''}`);
    }
  });
}

t.test('error envelopes also match the published output schema', async (t) => {
  const check = ajv.compile(outputJsonSchema(getToolBySnakeName('get_schema')!));
  const r = await dispatch('getSchema', { toolName: 'nope', schemaType: 'input' }, { subject: 'catalog-test', transport: 'api' });
  t.equal(r.envelope.status, 'error');
  t.ok(check(JSON.parse(r.body)), ajv.errorsText(check.errors));
  const bad = await dispatch('getSchema', { toolName: 1 }, { subject: 'catalog-test', transport: 'api' });
  t.equal(bad.httpStatus, 400);
  t.ok(check(JSON.parse(bad.body)), ajv.errorsText(check.errors));
});
