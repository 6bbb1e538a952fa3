/**
 * HTTP surface: the envelope -> status table of spec/service.md, unknown fields named, courtesy
 * parsing of JSON strings, error envelopes on framework errors, names consistency between the
 * registry, the routes' operationIds and GET /v1/tools.
 */
import t from 'tap';
import { TOOLS } from '../../src/tools/registry.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const post = (app: App, tool: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: payload as string, headers: { 'content-type': 'application/json', ...headers } });

type Tap = Pick<typeof t, 'equal' | 'type' | 'ok'>;
function assertEnvelope(t: Tap, body: Record<string, unknown>, status: string) {
  t.equal(body.apiVersion, '1.0');
  t.equal(body.status, status);
  t.type(body.tool, 'string');
  t.ok(Array.isArray(body.warnings), 'warnings array');
}

t.test('status mapping without a pool', async (t) => {
  const app = await buildTestApp(testConfig({ bodyLimitBytes: 2048 }), { pool: false });
  t.teardown(() => app.close());

  const ok = await post(app, 'getProgress', JSON.stringify({ action: 'listActive' }));
  t.equal(ok.statusCode, 200);
  t.match(ok.headers['content-type'], /^application\/json/);
  assertEnvelope(t, ok.json(), 'success');
  t.same(ok.json().data, { activeCount: 0, operations: [] });

  const unknownField = await post(app, 'getProgress', JSON.stringify({ action: 'listActive', colour: 'red' }));
  t.equal(unknownField.statusCode, 400);
  assertEnvelope(t, unknownField.json(), 'error');
  t.equal(unknownField.json().errors[0].code, 'SCHEMA_VALIDATION');
  t.equal(unknownField.json().errors[0].field, '/colour', 'the unknown field is named');
  t.match(unknownField.json().errors[0].fix, /allowed fields here: action, operationId/);

  const wrongType = await post(app, 'testEcho', JSON.stringify({ value: 'ten' }));
  t.equal(wrongType.statusCode, 400);
  t.equal(wrongType.json().errors[0].field, '/value');
  t.match(wrongType.json().errors[0].message, /Expected number, got "ten"/);

  const missing = await post(app, 'testEcho', JSON.stringify({}));
  t.equal(missing.statusCode, 400);
  t.equal(missing.json().errors[0].field, '/value');
  t.match(missing.json().errors[0].message, /Missing required field/);

  const badJson = await post(app, 'getProgress', '{"action": ');
  t.equal(badJson.statusCode, 400);
  assertEnvelope(t, badJson.json(), 'error');
  t.equal(badJson.json().errors[0].code, 'JSON_PARSE_ERROR');
  t.equal(badJson.json().tool, 'getProgress');

  const empty = await post(app, 'getProgress', '');
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().errors[0].code, 'JSON_PARSE_ERROR');

  const proto = await post(app, 'getProgress', '{"__proto__": {"x": 1}}');
  t.equal(proto.statusCode, 400, 'prototype poisoning is rejected');

  const unknownTool = await post(app, 'noSuchTool', '{}');
  t.equal(unknownTool.statusCode, 404);
  t.equal(unknownTool.json().errors[0].code, 'UNKNOWN_TOOL');

  const unknownRoute = await app.inject({ method: 'GET', url: '/nowhere' });
  t.equal(unknownRoute.statusCode, 404);
  assertEnvelope(t, unknownRoute.json(), 'error');
  t.equal(unknownRoute.json().errors[0].code, 'NOT_FOUND');

  const tooLarge = await post(app, 'testEcho', JSON.stringify({ value: 1, pad: 'x'.repeat(4096) }));
  t.equal(tooLarge.statusCode, 413);
  assertEnvelope(t, tooLarge.json(), 'error');
  t.equal(tooLarge.json().errors[0].code, 'PAYLOAD_TOO_LARGE');

  const xml = await post(app, 'testEcho', '<value>1</value>', { 'content-type': 'application/xml' });
  t.equal(xml.statusCode, 415);
  t.equal(xml.json().errors[0].code, 'UNSUPPORTED_MEDIA_TYPE');

  const notComputable = await post(app, 'getProgress', JSON.stringify({ action: 'get', operationId: 'op_missing' }));
  t.equal(notComputable.statusCode, 422);
  t.equal(notComputable.json().errors[0].code, 'OPERATION_NOT_FOUND');

  const nan = await post(app, 'testNaN', JSON.stringify({ mode: 'nan' }));
  t.equal(nan.statusCode, 422, 'a NaN in a result is not computable: 422 naming the quantity, never a null number');
  t.equal(nan.json().errors[0].code, 'NON_FINITE_RESULT');
  t.equal(nan.json().errors[0].field, '/data/value');
  t.match(nan.json().errors[0].message, /NaN for value/);

  const thrown = await post(app, 'testNaN', JSON.stringify({ mode: 'throw' }));
  t.equal(thrown.statusCode, 500);
  t.equal(thrown.json().errors[0].code, 'INTERNAL_ERROR');
  t.notMatch(thrown.body, /secret internal detail|at .*\.js/, 'no message or stack leaks');
});

t.test('courtesy parsing of JSON strings', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const asString = await post(app, 'testEcho', JSON.stringify(JSON.stringify({ value: 3 })));
  t.equal(asString.statusCode, 200, 'a body that is a JSON string is parsed');
  t.equal(asString.json().data.value, 3);
  const wrapped = await post(app, 'testEcho', JSON.stringify({ echoJson: JSON.stringify({ value: 4 }) }));
  t.equal(wrapped.statusCode, 200, "the original's single wrapper parameter is unwrapped");
  t.equal(wrapped.json().data.value, 4);
  const badString = await post(app, 'testEcho', JSON.stringify({ echoJson: '{value: 4' }));
  t.equal(badString.statusCode, 400);
  t.equal(badString.json().errors[0].code, 'JSON_PARSE_ERROR');
  t.equal(badString.json().errors[0].field, '/echoJson');
  // text/plain is what a cross-site page can POST without a preflight: refused (test/http/hardening.test.ts).
  const plain = await post(app, 'testEcho', JSON.stringify({ value: 5 }), { 'content-type': 'text/plain' });
  t.equal(plain.statusCode, 415, 'text/plain is refused, even when it holds JSON');
  t.equal(plain.json().errors[0].code, 'UNSUPPORTED_MEDIA_TYPE');
});

t.test('403 when the active profile forbids the tool', async (t) => {
  const app = await buildTestApp(testConfig({ profile: 'ENTERPRISE' }), { pool: false });
  t.teardown(async () => {
    await app.close();
    // Governance state is process-wide: put the default profile back for the next tests.
    const again = await buildTestApp(testConfig(), { pool: false });
    await again.close();
  });
  const platformTool = TOOLS.find((x) => x.category === 'PLATFORM');
  const target = platformTool?.name ?? 'testSpin';
  const res = await post(app, target, '{}');
  t.equal(res.statusCode, 403);
  t.equal(res.json().status, 'blocked');
  t.equal(res.json().apiVersion, '1.0');
  const allowed = await post(app, 'getProgress', '{}');
  t.equal(allowed.statusCode, 200, 'core ADVISORY tools stay allowed');
});

t.test('names: registry = operationIds = GET /v1/tools', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false, tools: TOOLS });
  t.teardown(() => app.close());
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
  const toolOps = Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/v1/tools/'))
    .map(([p, ops]) => ({ path: p, op: ops.post?.operationId }));
  const names = TOOLS.map((x) => x.name).sort();
  t.same(toolOps.map((o) => o.op).sort(), names, 'one POST route per tool, operationId = tool name');
  for (const o of toolOps) t.equal(o.path, `/v1/tools/${o.op}`);
  const cat = await app.inject({ method: 'GET', url: '/v1/tools' });
  t.equal(cat.statusCode, 200);
  const body = cat.json();
  t.same(body.tools.map((x: { name: string }) => x.name).sort(), names);
  t.equal(body.count, names.length);
  for (const entry of body.tools) {
    t.equal(entry.inputSchema.type, 'object', `${entry.name} input is an object schema`);
    t.ok(['core', 'advanced', 'experimental'].includes(entry.tier));
    t.match(entry.since, /^v1\.\d+$/);
  }
});
