/**
 * Every request example of the OpenAPI document (the tools' own examples) works as Swagger UI's
 * "Try it out" would send it: POSTed to its operation it is answered 2xx, and the answer validates
 * with Ajv2020 against the tool's published (getSchema) output document. The data of each
 * answer is also checked against a closed copy of the schema (additionalProperties: false on
 * every object that lists its properties), so the published schema names every field the tool
 * really returns and a generated client types all of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { TOOLS } from '../../src/tools/registry.js';
import { outputJsonSchema, schemaDocument } from '../../src/tools/contract/catalog/schemas.js';
import { closedSchema } from '../helpers/closed-schema.js';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Ajv2020 = require('ajv/dist/2020').default as new (o: object) => any;

const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-openapi-examples-'));
t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));

const app = await buildApp(
  { ...loadConfig({ NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true' }), logLevel: 'silent' },
  { pool: false, mcp: false },
);
t.teardown(() => app.close());
await app.ready();

type Op = { operationId?: string; requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } };
const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Op>> };
const ajv = new Ajv2020({ strict: false, allErrors: true });

t.test('the closed copy of a schema refuses unnamed fields, leaves open records alone', async (t) => {
  const check = ajv.compile(closedSchema({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'number' } } }, m: { type: 'object', additionalProperties: { type: 'number' } } } }));
  t.ok(check({ a: { b: 1 }, m: { x: 1, y: 2 } }));
  t.notOk(check({ a: { b: 1 }, extra: 1 }), 'extra top-level field');
  t.notOk(check({ a: { b: 1, c: 2 } }), 'extra nested field');
});

t.test('every tool operation has request examples, the tool\'s own', async (t) => {
  for (const tool of TOOLS) {
    const examples = doc.paths[`/v1/tools/${tool.name}`]?.post?.requestBody?.content['application/json']?.examples ?? {};
    t.same(Object.keys(examples), tool.examples.map((e) => e.name), `${tool.name}: one request example per tool example, canonical first`);
    for (const ex of tool.examples) t.same(examples[ex.name]?.value, JSON.parse(JSON.stringify(ex.input)), `${tool.name}/${ex.name} as declared`);
  }
});

for (const tool of TOOLS) {
  t.test(`${tool.name}: its request examples answer 2xx and match the published schemas`, async (t) => {
    const op = doc.paths[`/v1/tools/${tool.name}`]?.post;
    const examples = op?.requestBody?.content['application/json']?.examples ?? {};
    const inputCheck = ajv.compile(schemaDocument(tool, 'input'));
    const outputCheck = ajv.compile(schemaDocument(tool, 'output'));
    const success = (outputJsonSchema(tool).anyOf as { properties: Record<string, Record<string, unknown>> }[])[0];
    const closedData = ajv.compile(closedSchema(success.properties.data!));
    for (const [name, { value }] of Object.entries(examples)) {
      t.ok(inputCheck(value), `${name} input validates against the input document (Ajv2020)${inputCheck.errors ? ` ${ajv.errorsText(inputCheck.errors)}` : ''}`);
      const res = await app.inject({ method: 'POST', url: `/v1/tools/${tool.name}`, payload: value as object });
      t.ok(res.statusCode >= 200 && res.statusCode < 300, `${name}: HTTP ${res.statusCode}${res.statusCode >= 300 ? ` ${res.body.slice(0, 400)}` : ''}`);
      const body = res.json() as { status: string; data?: unknown };
      t.equal(body.status, 'success', `${name} succeeds`);
      t.ok(outputCheck(body), `${name} envelope validates against the output document (Ajv2020)${outputCheck.errors ? ` ${ajv.errorsText(outputCheck.errors)}` : ''}`);
      t.ok(closedData(body.data), `${name} data has no field the output schema does not name${closedData.errors ? ` ${ajv.errorsText(closedData.errors)}` : ''}`);
    }
  });
}
