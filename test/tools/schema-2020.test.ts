/**
 * getSchema's documents declare JSON Schema 2020-12, so each must compile under Ajv2020 in strict
 * mode (no draft-07 `items: [..]` / `additionalItems` tuples, no unknown keywords) and accept the
 * tool's own example inputs. Also the tuple rewrite (json-schema-2020.ts) itself.
 */
import { createRequire } from 'node:module';
import t from 'tap';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { TOOLS } from '../../src/tools/registry.js';
import { snakeName } from '../../src/tools/contract/types.js';
import { toJsonSchema2020 } from '../../src/tools/contract/catalog/json-schema-2020.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020').default as new (o: object) => any;
const dispatch = createDispatcher({ timeoutMs: 60_000 });

t.test('draft-07 tuples become prefixItems; data keywords are left alone', async (t) => {
  const tuple = { type: 'array', items: [{ type: 'number' }, { type: 'string' }], additionalItems: false, minItems: 2, maxItems: 2 };
  t.same(toJsonSchema2020(tuple), { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], minItems: 2, maxItems: 2 }, 'closed by maxItems: no items keyword');
  t.same(toJsonSchema2020({ type: 'array', items: [{ type: 'number' }], additionalItems: { type: 'string' } }), { type: 'array', prefixItems: [{ type: 'number' }], items: { type: 'string' } });
  t.same(toJsonSchema2020({ type: 'array', items: [{ type: 'number' }], additionalItems: false }), { type: 'array', prefixItems: [{ type: 'number' }], items: false }, 'no maxItems: items false keeps it closed');
  t.same(toJsonSchema2020({ type: 'array', items: { type: 'number' }, additionalItems: false }), { type: 'array', items: { type: 'number' } }, 'stray additionalItems dropped');
  const nested = { properties: { items: { type: 'array', items: [{ const: 1 }] } }, default: { items: [1] }, examples: [{ items: [1, 2] }] };
  t.same(toJsonSchema2020(nested), { properties: { items: { type: 'array', prefixItems: [{ const: 1 }] } }, default: { items: [1] }, examples: [{ items: [1, 2] }] });
});

const ajv = new Ajv2020({ strict: true, allErrors: true });

type Check = ((v: unknown) => boolean) & { errors?: unknown };
function compileOrReport(schema: unknown): Check | string {
  try {
    return ajv.compile(schema) as Check;
  } catch (err) {
    return (err as Error).message;
  }
}

t.test('every getSchema document compiles under Ajv2020 (strict) and is free of draft-07 tuples', async (t) => {
  for (const tool of TOOLS) {
    for (const schemaType of ['input', 'output'] as const) {
      const r = await dispatch('getSchema', { toolName: snakeName(tool.name), schemaType }, { subject: 'schema-2020-test', transport: 'api' });
      t.equal(r.envelope.status, 'success', `getSchema ${tool.name}/${schemaType}`);
      const schema = (r.envelope.data as { schema: Record<string, unknown> }).schema;
      t.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
      const text = JSON.stringify(schema);
      t.notMatch(text, /"additionalItems"/, `${tool.name}/${schemaType}: no additionalItems`);
      const compiled = compileOrReport(schema);
      if (typeof compiled === 'string') {
        t.fail(`${tool.name}/${schemaType} compiles: ${compiled}`);
        continue;
      }
      t.pass(`${tool.name}/${schemaType} compiles`);
      if (schemaType === 'input') {
        for (const ex of tool.examples) t.ok(compiled(ex.input), `${tool.name}/${ex.name} validates against the input document${compiled.errors ? ` ${ajv.errorsText(compiled.errors)}` : ''}`);
      }
    }
  }
});
