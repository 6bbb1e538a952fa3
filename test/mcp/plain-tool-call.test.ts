/**
 * The plain tools/call path of /mcp (src/mcp/tool-call.ts) answers exactly as the SDK path: the
 * same status, content type and body, byte for byte, for successes, failures, both result shapes
 * (protocol before and after structuredContent) and string ids; and every request it must not
 * take (unknown tool, _meta, batches, bad headers, odd ids or arguments) gets the SDK's own
 * answer. Callers interleaved on either path never see each other's subject or request id, and
 * a caller who goes away aborts the dispatch signal.
 */
import t from 'tap';
import Fastify, { type FastifyInstance } from 'fastify';
import { MCP_PATH, registerMcpRoutes } from '../../src/mcp/http.js';
import { plainToolCall } from '../../src/mcp/tool-call.js';
import { toolNames } from '../../src/mcp/server.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import type { CallContext, Dispatch, DispatchResult } from '../../src/tools/contract/dispatch-types.js';
import { API_VERSION } from '../../src/tools/contract/envelope.js';

type Json = Record<string, any>;

/** The real inline dispatcher, memoized per call so both apps reply with the same envelope (timings included). */
function memoizedDispatcher(): Dispatch {
  const inner = createDispatcher({ timeoutMs: 60_000 });
  const memo = new Map<string, Promise<DispatchResult>>();
  return (name, input, ctx) => {
    const key = `${name} ${JSON.stringify(input)}`;
    let r = memo.get(key);
    if (r === undefined) memo.set(key, (r = inner(name, input, ctx)));
    return r;
  };
}

async function mcpApp(dispatch: Dispatch, plainToolCalls: boolean, subjects = false): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  if (subjects) {
    app.addHook('onRequest', async (req) => {
      const sub = req.headers['x-test-subject'];
      if (typeof sub === 'string') (req as unknown as { user: { sub: string } }).user = { sub };
    });
  }
  await registerMcpRoutes(app, dispatch, { plainToolCalls });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  return { app, url: new URL(MCP_PATH, address).href };
}

const REGISTRY = toolNames();
const registered = (name: string) => REGISTRY.has(name);
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; length: string | null; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { ...HEADERS, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() };
}

const FLASH = { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
const call = (name: string, args?: unknown, id: unknown = 1, extra: Json = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args !== undefined ? { arguments: args } : {}), ...extra } });

t.test('plain tools/call replies are byte-identical to the SDK path', async (t) => {
  const dispatch = memoizedDispatcher();
  const plain = await mcpApp(dispatch, true);
  const sdk = await mcpApp(dispatch, false);
  const cases: [string, unknown, Record<string, string>][] = [
    ['runFlash, protocol 2025-11-25', call('runFlash', FLASH), { 'mcp-protocol-version': '2025-11-25' }],
    ['runFlash, protocol 2025-06-18', call('runFlash', FLASH, 2), { 'mcp-protocol-version': '2025-06-18' }],
    ['runFlash, protocol 2025-03-26 (envelope as text too)', call('runFlash', FLASH, 3), { 'mcp-protocol-version': '2025-03-26' }],
    ['runFlash, no protocol header (transport default)', call('runFlash', FLASH, 4), {}],
    ['string id', call('searchComponents', { query: 'meth' }, 'req-7'), { 'mcp-protocol-version': '2025-06-18' }],
    ['a failing call (schema error envelope, isError)', call('runFlash', { ...FLASH, temperature: { value: 'hot', unit: 'C' } }, 5), {}],
    ['no arguments at all', call('getCapabilities', undefined, 6), {}],
    ['negative integer id', call('getCapabilities', {}, -3), {}],
  ];
  for (const [what, body, headers] of cases) {
    t.ok(plainToolCall(body, { ...HEADERS, ...headers }, registered), `${what}: taken by the plain path`);
    const a = await post(plain.url, body, headers);
    const b = await post(sdk.url, body, headers);
    t.equal(a.status, 200, what);
    t.same(a, b, `${what}: status, content type, length and body as the SDK writes them`);
    t.equal(JSON.parse(a.text).result.structuredContent.apiVersion, API_VERSION, `${what}: the envelope is structuredContent`);
  }
});

t.test('requests the plain path must not take get the SDK answer', async (t) => {
  const dispatch = memoizedDispatcher();
  const plain = await mcpApp(dispatch, true);
  const sdk = await mcpApp(dispatch, false);
  const cases: [string, unknown, Record<string, string>][] = [
    ['unknown tool (did-you-mean error)', call('runFlsh', FLASH), {}],
    ['arguments an array', call('runFlash', [1, 2]), {}],
    ['arguments null', call('runFlash', null), {}],
    ['fractional id', call('getCapabilities', {}, 1.5), {}],
    ['null id', call('getCapabilities', {}, null), {}],
    ['_meta in params', call('getCapabilities', {}, 1, { _meta: { progressToken: 'p' } }), {}],
    ['an extra top-level key', { ...call('getCapabilities', {}), extra: true }, {}],
    ['a batch', [call('getCapabilities', {}, 1), call('searchComponents', { query: 'eth' }, 2)], {}],
    ['unsupported protocol version', call('getCapabilities', {}), { 'mcp-protocol-version': '1999-01-01' }],
    ['Accept without text/event-stream', call('getCapabilities', {}), { accept: 'application/json' }],
    ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, {}],
  ];
  for (const [what, body, headers] of cases) {
    t.equal(plainToolCall(body, { ...HEADERS, ...headers }, registered), undefined, `${what}: left to the SDK`);
    const a = await post(plain.url, body, headers);
    const b = await post(sdk.url, body, headers);
    t.same(a, b, what);
  }
  t.equal(JSON.parse((await post(plain.url, call('runFlsh', FLASH))).text).error.code, -32602, 'the unknown tool is a JSON-RPC invalid-params error');
});

t.test('plainToolCall takes exactly the plain calls', async (t) => {
  const known = (n: string) => n === 'runFlash';
  const h = { ...HEADERS, 'mcp-protocol-version': '2025-06-18' };
  t.same(plainToolCall(call('runFlash', FLASH, 9), h, known), { id: 9, name: 'runFlash', arguments: FLASH, protocol: '2025-06-18' });
  t.same(plainToolCall(call('runFlash', undefined, 'a'), HEADERS, known), { id: 'a', name: 'runFlash', arguments: {}, protocol: '2025-03-26' }, 'no header: the transport default');
  t.equal(plainToolCall(call('getCapabilities', {}), h, known), undefined, 'a tool this server does not list');
  t.equal(plainToolCall({ ...call('runFlash', FLASH), method: 'tools/list' }, h, known), undefined);
  t.equal(plainToolCall({ ...call('runFlash', FLASH), jsonrpc: '1.0' }, h, known), undefined);
  t.equal(plainToolCall(call('runFlash', FLASH, 2 ** 60), h, known), undefined, 'an id beyond safe integers');
  t.equal(plainToolCall(call('runFlash', FLASH), { ...h, 'content-type': 'text/plain' }, known), undefined);
  t.equal(plainToolCall(call('runFlash', FLASH), { ...h, 'content-type': 'application/json; charset=utf-8' }, known)?.name, 'runFlash', 'a JSON type with parameters');
  t.equal(plainToolCall(call('runFlash', FLASH), { 'content-type': 'application/json' }, known), undefined, 'no Accept header');
});

t.test('interleaved callers with different subjects never see each other\'s context (both paths)', async (t) => {
  // Replies finish in the reverse order of arrival, so every call overlaps the others.
  const calls = 24;
  let arrived = 0;
  const release: (() => void)[] = [];
  const seen: CallContext[] = [];
  const dispatch: Dispatch = async (name, _input, ctx) => {
    seen.push(ctx);
    await new Promise<void>((resolve) => {
      release.push(resolve);
      if (++arrived % calls === 0) for (const r of release.splice(0).reverse()) r();
    });
    const envelope = { apiVersion: API_VERSION, status: 'success', tool: name, data: { subject: ctx.subject, requestId: ctx.requestId } };
    return { envelope, httpStatus: 200, body: JSON.stringify(envelope) } as unknown as DispatchResult;
  };
  for (const plainToolCalls of [true, false]) {
    const { url } = await mcpApp(dispatch, plainToolCalls, true);
    seen.length = 0;
    const subjects = Array.from({ length: calls }, (_, i) => (i % 2 === 0 ? 'alice@example.com' : 'bob@example.com'));
    const replies = await Promise.all(subjects.map((sub, i) => post(url, call('runFlash', { i }, i), { 'x-test-subject': sub })));
    const requestIds = new Set<string>();
    for (const [i, r] of replies.entries()) {
      const reply = JSON.parse(r.text) as Json;
      t.equal(reply.id, i, 'the reply answers its own request');
      t.equal(reply.result.structuredContent.data.subject, subjects[i], `call ${i} ran as its own caller (plain path ${plainToolCalls})`);
      requestIds.add(reply.result.structuredContent.data.requestId);
    }
    t.equal(requestIds.size, calls, 'every call carried its own request id');
    t.same(seen.map((c) => c.transport), subjects.map(() => 'mcp'));
    t.equal(seen.filter((c) => c.subject === 'alice@example.com').length, calls / 2);
  }
});

t.test('a caller who goes away aborts the dispatch signal and gets no reply written', async (t) => {
  let aborted: () => void = () => undefined;
  const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
  let started: () => void = () => undefined;
  const startedSeen = new Promise<void>((resolve) => (started = resolve));
  const dispatch: Dispatch = (_name, _input, ctx) =>
    new Promise((_resolve, reject) => {
      t.ok(ctx.signal instanceof AbortSignal, 'an AbortSignal, as the SDK path passes');
      ctx.signal!.addEventListener('abort', () => {
        aborted();
        reject(new Error('cancelled'));
      });
      started();
    });
  const { url } = await mcpApp(dispatch, true);
  const client = new AbortController();
  const pending = fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(call('runFlash', FLASH)), signal: client.signal }).catch((err: Error) => err.name);
  await startedSeen;
  client.abort();
  t.equal(await pending, 'AbortError');
  await abortSeen;
  t.pass('the dispatch signal was aborted when the connection closed');
});
