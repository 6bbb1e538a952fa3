/**
 * The committed openapi/openapi.json equals the document generated from the route table (drift
 * check: run `npm run openapi` after changing a tool), and it is a valid OpenAPI 3.1 document.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApi } from '../../scripts/openapi-document.js';
import { TOOLS } from '../../src/tools/registry.js';

const COMMITTED = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));

t.test('committed document matches the route table', async (t) => {
  const generated = await generateOpenApi();
  const committed = readFileSync(COMMITTED, 'utf8');
  t.equal(committed, generated, 'openapi/openapi.json is up to date (run `npm run openapi`)');
});

t.test('valid OpenAPI 3.1 with one operation per tool', async (t) => {
  const doc = JSON.parse(await generateOpenApi()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
  t.equal(doc.openapi, '3.1.0');
  const validated = (await SwaggerParser.validate(structuredClone(doc) as never)) as { openapi: string };
  t.equal(validated.openapi, '3.1.0', 'swagger-parser accepts the document');
  for (const tool of TOOLS) {
    const op = doc.paths[`/v1/tools/${tool.name}`]?.post;
    t.ok(op, `POST /v1/tools/${tool.name} documented`);
    t.equal(op?.operationId, tool.name);
    t.same(Object.keys(op?.responses ?? {}).sort(), ['200', '400', '401', '403', '404', '405', '413', '415', '422', '429', '503', '504']);
  }
  t.ok(doc.paths['/v1/tools']?.get, 'catalogue documented');
  t.ok(doc.paths['/health/ready']?.get, 'readiness documented');
  t.ok(doc.paths['/metrics']?.get, 'metrics documented');
});
