/**
 * MCP over Streamable HTTP with the SDK's real client: tool list = registry (compact; see
 * tool-list.test.ts), tool calls return the envelope as structuredContent with a short text, every
 * resource kind reads, prompts, protocol errors, identity from the request, stateless concurrency.
 * Served by the real app (buildApp); the identity test mounts the routes on a bare Fastify with a
 * recording dispatcher.
 */
import t from 'tap';
import { allComponents, findComponent } from '../../src/engine/components/index.js';
import type { CallContext, Dispatch } from '../../src/tools/contract/dispatch-types.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { TOOLS } from '../../src/tools/registry.js';
import { snakeName } from '../../src/tools/contract/types.js';
import { buildExampleCatalog } from '../../src/tools/contract/catalog/examples.js';
import { implementedModels } from '../../src/tools/contract/catalog/models.js';
import { availablePrompts } from '../../src/tools/contract/catalog/prompts.js';
import { inputJsonSchema } from '../../src/tools/contract/catalog/schemas.js';
import { mcpToolList, RESOURCE_NOT_FOUND } from '../../src/mcp/server.js';
import { connectHttp, startMcpApp, startRealApp } from './helpers.js';

type Json = Record<string, any>;

const { url } = await startRealApp(t);
const client = await connectHttp(t, url);
const { tools: listedTools } = await client.listTools();

async function readJson(uri: string): Promise<Json> {
  const r = await client.readResource({ uri });
  if (r.contents.length !== 1 || r.contents[0].mimeType !== 'application/json') throw new Error(`${uri}: expected one JSON content`);
  return JSON.parse((r.contents[0] as { text: string }).text) as Json;
}

t.test('server identifies itself with the contract version scheme', async (t) => {
  const info = client.getServerVersion();
  t.equal(info?.name, 'neqsim-ts');
  t.match(info?.version, /^\d+\.\d+\.\d+-mcp-1\.0$/);
  t.ok(client.getServerCapabilities()?.tools && client.getServerCapabilities()?.resources && client.getServerCapabilities()?.prompts);
});

t.test('tools/list is exactly the registry, compact, with hints and a pointer to the full docs', async (t) => {
  const tools = listedTools;
  t.same(tools.map((x) => x.name), TOOLS.map((x) => x.name));
  for (const tool of TOOLS) {
    const listed = tools.find((x) => x.name === tool.name)!;
    t.same(listed, mcpToolList().find((x) => x.name === tool.name), `${tool.name} as tool-list.ts builds it`);
    t.equal(listed.outputSchema, undefined, 'output schemas are served by getSchema, not listed');
    t.match(listed.description, `getSchema ${snakeName(tool.name)}`);
    t.equal(listed.annotations?.readOnlyHint, tool.category === 'ADVISORY' || tool.category === 'CALCULATION');
  }
});

t.test('names agree: MCP tool name -> getSchema snake name -> the same tool, with its whole description', async (t) => {
  for (const listed of listedTools) {
    const r = await client.callTool({ name: 'getSchema', arguments: { toolName: snakeName(listed.name), schemaType: 'input' } });
    const data = (r.structuredContent as Envelope<{ tool: string; schema: Record<string, unknown> }>).data!;
    t.equal(data.tool, listed.name, `${snakeName(listed.name)} maps back to ${listed.name}`);
    const tool = TOOLS.find((x) => x.name === listed.name)!;
    const { $schema: _d, $id: _i, title: _t, description, ...body } = data.schema;
    t.ok(String(description).startsWith(tool.description), 'the input schema document carries the long description');
    const { description: _own, ...full } = inputJsonSchema(tool);
    t.same(body, full, `getSchema serves ${listed.name}'s full input schema`);
  }
});

t.test('a tool call returns the envelope as structuredContent plus a short text (not the envelope again)', async (t) => {
  const r = await client.callTool({ name: 'searchComponents', arguments: { query: 'meth' } });
  const env = r.structuredContent as Envelope<{ components: string[]; matchCount: number }>;
  t.notOk(r.isError);
  t.equal(env.apiVersion, '1.0');
  t.equal(env.status, 'success');
  t.equal(env.tool, 'searchComponents');
  t.ok(env.data!.components.includes('methane'));
  const content = r.content as { type: string; text: string }[];
  t.equal(content.length, 1, 'a 2025-06-18+ client reads structuredContent: one short text block');
  t.match(content[0].text, /searchComponents: success/);
  t.match(content[0].text, `matchCount=${env.data!.matchCount}`);
  t.match(content[0].text, /in structuredContent/);
  t.ok(content[0].text.length < JSON.stringify(env).length / 2, 'the text is a summary');
});

t.test('a client on a protocol older than structuredContent also gets the envelope as JSON text', async (t) => {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'searchComponents', arguments: { query: 'meth' } } };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith('data: '));
  const msg = JSON.parse(line ? line.slice(6) : text) as { result: { content: { text: string }[]; structuredContent: Envelope } };
  t.equal(msg.result.content.length, 2);
  t.same(JSON.parse(msg.result.content[1].text), msg.result.structuredContent, 'second block is the serialized envelope');
  t.match(msg.result.content[0].text, /next content block/);
});

t.test('failures set isError and carry the error code and fix', async (t) => {
  const r = await client.callTool({ name: 'getSchema', arguments: { toolName: 'no_such_tool', schemaType: 'input' } });
  t.equal(r.isError, true);
  const env = r.structuredContent as Envelope;
  t.equal(env.status, 'error');
  t.equal(env.errors?.[0].code, 'SCHEMA_NOT_FOUND');
  t.match((r.content as { text: string }[])[0].text, /SCHEMA_NOT_FOUND.*Fix: /);

  const invalid = await client.callTool({ name: 'getSchema', arguments: { toolName: 'get_schema', schemaType: 'input', extra: 1 } });
  t.equal(invalid.isError, true, 'schema-invalid arguments are a tool error, not a protocol error');
  t.equal((invalid.structuredContent as Envelope).status, 'error');

  await t.rejects(client.callTool({ name: 'noSuchTool', arguments: {} }), { code: -32602 }, 'unknown tool is a protocol error');
});

t.test('resources: static catalogs, templates and their not-found errors', async (t) => {
  const { resources } = await client.listResources();
  const uris = resources.map((r) => r.uri);
  for (const u of ['neqsim://example-catalog', 'neqsim://schema-catalog', 'neqsim://components', 'neqsim://models']) t.ok(uris.includes(u), u);
  for (const tool of TOOLS) t.ok(uris.includes(`neqsim://schemas/${snakeName(tool.name)}/input`));
  const { resourceTemplates } = await client.listResourceTemplates();
  t.same(resourceTemplates.map((r) => r.uriTemplate).sort(), ['neqsim://components/{name}', 'neqsim://examples/{category}/{name}', 'neqsim://schemas/{tool}/{type}', 'neqsim://standards/{code}']);

  const examples = await readJson('neqsim://example-catalog');
  t.same(Object.keys(examples), Object.keys(buildExampleCatalog(TOOLS)));
  t.same(examples.discovery['schema-input'].input, { toolName: 'get_schema', schemaType: 'input' });

  const schemas = await readJson('neqsim://schema-catalog');
  t.same(Object.keys(schemas), TOOLS.map((x) => snakeName(x.name)));

  const one = await readJson('neqsim://examples/tool/search_components');
  t.equal(one.tool, 'searchComponents');
  const input = await readJson('neqsim://schemas/search_components/input');
  t.equal(input.$id, 'neqsim://schemas/search_components/input');
  t.ok(input.properties.query);
  const output = await readJson('neqsim://schemas/search_components/output');
  t.equal(output.type, 'object');

  const families = await readJson('neqsim://components');
  t.equal(families.count, allComponents().length);
  const listed = Object.values(families.families as Record<string, string[]>).flat();
  t.equal(listed.length, allComponents().length, 'every component is in exactly one family');

  const methane = await readJson('neqsim://components/CH4');
  const ref = findComponent('methane')!;
  t.equal(methane.name, 'methane', 'aliases resolve to the canonical record');
  t.equal(methane.properties.criticalTemperature.value, ref.tc);
  t.equal(methane.properties.criticalPressure.value, ref.pc);
  t.equal(methane.properties.acentricFactor.value, ref.omega);
  t.equal(methane.properties.molarMass.value, ref.molarMass);

  const models = await readJson('neqsim://models');
  t.same(models.models.map((m: Json) => m.code), implementedModels(TOOLS).map((m) => m.code));

  for (const [uri, pattern] of [
    ['neqsim://schemas/search_components/example', /input or output/],
    ['neqsim://schemas/no_such_tool/input', /Schema not found/],
    ['neqsim://examples/discovery/nope', /Example not found/],
    ['neqsim://components/metane', /did you mean methane/],
    ['neqsim://nothing-here', /Resource not found/],
  ] as const) {
    await t.rejects(client.readResource({ uri }), { code: RESOURCE_NOT_FOUND, message: pattern }, uri);
  }
});

t.test('prompts: only workflows the registered tools can serve', async (t) => {
  const { prompts } = await client.listPrompts();
  t.same(prompts.map((p) => p.name), availablePrompts(TOOLS).map((p) => p.name));
  if (TOOLS.some((x) => x.name === 'runFlash')) {
    const p = await client.getPrompt({ name: 'design_gas_processing', arguments: { feedGasDescription: '85 % methane at 70 bara', processingGoal: 'cricondentherm below 0 °C' } });
    t.equal(p.messages.length, 1);
    t.equal(p.messages[0].role, 'user');
    const text = (p.messages[0].content as { text: string }).text;
    t.match(text, '85 % methane at 70 bara');
    t.match(text, 'runFlash');
    await t.rejects(client.getPrompt({ name: 'design_gas_processing', arguments: { feedGasDescription: 'x' } }), { code: -32602, message: /processingGoal/ });
  } else {
    t.same(prompts, [], 'no flash tool registered: no workflow prompt can be served');
  }
  await t.rejects(client.getPrompt({ name: 'biorefinery_analysis', arguments: {} }), { code: -32602 }, 'a contract prompt we cannot serve is not offered');
});

t.test('GET and DELETE /mcp answer 405 (stateless endpoint)', async (t) => {
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
    t.equal(res.status, 405, method);
    t.equal(res.headers.get('allow'), 'POST');
    t.equal(((await res.json()) as Json).jsonrpc, '2.0');
  }
});

t.test('the subject comes from the request and the call goes through the given dispatcher', async (t) => {
  const seen: CallContext[] = [];
  const inner = createDispatcher({ timeoutMs: 30_000 });
  const recording: Dispatch = (name, input, ctx) => {
    seen.push(ctx);
    return inner(name, input, ctx);
  };
  const { url: authUrl } = await startMcpApp(t, {
    dispatch: recording,
    decorate: (app) => {
      app.addHook('onRequest', async (req) => {
        (req as unknown as { user: { sub: string } }).user = { sub: 'alice@example.com' };
      });
    },
  });
  const c = await connectHttp(t, authUrl);
  const r = await c.callTool({ name: 'getCapabilities', arguments: {} });
  t.notOk(r.isError);
  t.equal(seen.length, 1);
  t.equal(seen[0].subject, 'alice@example.com');
  t.equal(seen[0].transport, 'mcp');
  t.ok(seen[0].signal instanceof AbortSignal, 'cancellation signal is forwarded');

  await client.callTool({ name: 'getCapabilities', arguments: {} });
  t.equal(seen.length, 1, 'the other app used its own dispatcher');
});

t.test('concurrent clients are served independently (fresh server per request)', async (t) => {
  const clients = await Promise.all(Array.from({ length: 8 }, () => connectHttp(t, url)));
  const results = await Promise.all(clients.map((c, i) => c.callTool({ name: 'searchComponents', arguments: { query: ['meth', 'eth', 'prop', 'but'][i % 4] } })));
  for (const [i, r] of results.entries()) {
    t.notOk(r.isError);
    t.equal((r.structuredContent as Envelope<{ query: string }>).data!.query, ['meth', 'eth', 'prop', 'but'][i % 4]);
  }
});

t.test('browser origins: loopback and configured ones pass, others are refused (DNS rebinding)', async (t) => {
  const { url: guarded } = await startMcpApp(t, {
    dispatch: createDispatcher({ timeoutMs: 30_000 }),
    allowedOrigins: ['https://agent.example.com'],
  });
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'browser', version: '0' } },
  });
  const post = (origin?: string) =>
    fetch(guarded, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(origin ? { origin } : {}) },
      body: init,
    });
  for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:3000', 'https://agent.example.com']) {
    const res = await post(origin);
    t.equal(res.status, 200, `origin ${origin ?? '(none)'} is served`);
    t.equal(((await res.json()) as Json).result?.serverInfo?.name, 'neqsim-ts');
  }
  for (const origin of ['http://evil.example:8080', 'http://localhost.evil.example', 'null']) {
    const res = await post(origin);
    t.equal(res.status, 403, `origin ${origin} is refused`);
    t.match(((await res.json()) as Json).error?.message, 'Origin not allowed');
  }
});
