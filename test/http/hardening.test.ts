/**
 * Hard HTTP edges (issue 20), each a regression test of a problem seen on main:
 * - a cross-site page could drive REST tools (text/plain "simple" POSTs, no Origin check);
 * - no CORS allow-list, no nosniff / no-store / frame headers on API responses;
 * - a wrong method answered 404 instead of 405 with Allow;
 * - slow-header and slow-body connections stayed open for the Node defaults (≥ 40 s).
 */
import t from 'tap';
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const post = (app: App, url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

t.test('cross-site text/plain POST to manageState is refused with 415', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  // What a <form enctype="text/plain"> or fetch(no-cors) of any web page can send without a preflight.
  const res = await post(app, '/v1/tools/manageState', JSON.stringify({ action: 'list' }), { 'content-type': 'text/plain' });
  t.equal(res.statusCode, 415);
  t.equal(res.json().status, 'error');
  t.equal(res.json().errors[0].code, 'UNSUPPORTED_MEDIA_TYPE');
  t.match(res.json().errors[0].fix, /application\/json/);
  const form = await post(app, '/v1/tools/testEcho', 'value=1', { 'content-type': 'application/x-www-form-urlencoded' });
  t.equal(form.statusCode, 415);
  // The courtesy JSON-string body stays, sent as JSON.
  const asString = await post(app, '/v1/tools/testEcho', JSON.stringify(JSON.stringify({ value: 3 })));
  t.equal(asString.statusCode, 200);
  t.equal(asString.json().data.value, 3);
});

t.test('a foreign Origin is refused on REST as on /mcp; loopback and configured origins pass', async (t) => {
  const app = await buildTestApp(testConfig({ corsOrigins: ['https://app.example.com'] }), { pool: false });
  t.teardown(() => app.close());
  const evil = await post(app, '/v1/tools/manageState', JSON.stringify({ action: 'list' }), { origin: 'https://evil.example' });
  t.equal(evil.statusCode, 403);
  t.equal(evil.json().errors[0].code, 'ORIGIN_NOT_ALLOWED');
  t.match(evil.json().errors[0].fix, /CORS_ORIGINS/);
  // DNS rebinding: the page's own host name re-resolved to 127.0.0.1; Host matches Origin, still refused.
  const rebound = await post(app, '/v1/tools/testEcho', '{"value":1}', { origin: 'http://rebind.example:8080', host: 'rebind.example:8080' });
  t.equal(rebound.statusCode, 403);
  const nullOrigin = await post(app, '/v1/tools/testEcho', '{"value":1}', { origin: 'null' });
  t.equal(nullOrigin.statusCode, 403, 'the opaque "null" origin (sandboxed frame, file:) is refused');
  for (const origin of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:8080', 'https://app.example.com']) {
    const ok = await post(app, '/v1/tools/testEcho', '{"value":1}', { origin });
    t.equal(ok.statusCode, 200, origin);
  }
  t.equal((await post(app, '/v1/tools/testEcho', '{"value":1}')).statusCode, 200, 'no Origin: not a browser, passes');
  // Reads stay open to any origin (no side effects, and without CORS the page cannot read them).
  t.equal((await app.inject({ method: 'GET', url: '/v1/tools', headers: { origin: 'https://evil.example' } })).statusCode, 200);
});

t.test('CORS: off by default, an allow-listed origin gets the headers and its preflight', async (t) => {
  const closed = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => closed.close());
  const noCors = await post(closed, '/v1/tools/testEcho', '{"value":1}', { origin: 'http://localhost:3000' });
  t.equal(noCors.statusCode, 200);
  t.equal(noCors.headers['access-control-allow-origin'], undefined, 'no cross-origin read access unless configured');

  const app = await buildTestApp(testConfig({ corsOrigins: ['https://app.example.com'] }), { pool: false });
  t.teardown(() => app.close());
  const pre = await app.inject({
    method: 'OPTIONS',
    url: '/v1/tools/testEcho',
    headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  t.equal(pre.statusCode, 204);
  t.equal(pre.headers['access-control-allow-origin'], 'https://app.example.com');
  t.match(String(pre.headers['access-control-allow-methods']), /POST/);
  const res = await post(app, '/v1/tools/testEcho', '{"value":1}', { origin: 'https://app.example.com' });
  t.equal(res.headers['access-control-allow-origin'], 'https://app.example.com');
  const other = await app.inject({
    method: 'OPTIONS',
    url: '/v1/tools/testEcho',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  });
  t.not(other.headers['access-control-allow-origin'], 'https://evil.example');
  t.not(other.headers['access-control-allow-origin'], '*');
});

t.test('security headers suited to an API', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const tool = await post(app, '/v1/tools/testEcho', '{"value":1}');
  t.equal(tool.headers['x-content-type-options'], 'nosniff');
  t.equal(tool.headers['cache-control'], 'no-store');
  t.equal(tool.headers['x-frame-options'], 'DENY');
  t.match(String(tool.headers['content-security-policy']), /frame-ancestors 'none'/);
  t.equal(tool.headers['referrer-policy'], 'no-referrer');
  const failed = await post(app, '/v1/tools/testEcho', '{"value":"ten"}');
  t.equal(failed.statusCode, 400);
  t.equal(failed.headers['cache-control'], 'no-store', 'error envelopes too');
  t.equal(failed.headers['x-content-type-options'], 'nosniff');
  const missing = await app.inject({ method: 'GET', url: '/nowhere' });
  t.equal(missing.headers['x-content-type-options'], 'nosniff');
  const docs = await app.inject({ method: 'GET', url: '/docs/' });
  t.equal(docs.statusCode, 200);
  t.equal(docs.headers['x-frame-options'], 'DENY', 'the docs page cannot be framed either');
  t.notMatch(String(docs.headers['content-security-policy'] ?? ''), /default-src 'none'/, "the Swagger UI page keeps its scripts");
});

t.test('a wrong method answers 405 with Allow, on every route', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const cases: [method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, allow: RegExp][] = [
    ['GET', '/v1/tools/runFlash', /^POST$/],
    ['PUT', '/v1/tools/testEcho', /^POST$/],
    ['DELETE', '/v1/tools', /^GET, HEAD$/],
    ['POST', '/health/live', /^GET, HEAD$/],
    ['POST', '/health/ready', /^GET, HEAD$/],
    ['PATCH', '/metrics', /^GET, HEAD$/],
    ['POST', '/openapi.json', /^GET, HEAD$/],
    ['GET', '/v1/tools/testEcho?x=1', /^POST$/],
  ];
  for (const [method, url, allow] of cases) {
    const res = await app.inject({ method, url });
    t.equal(res.statusCode, 405, `${method} ${url}`);
    t.match(String(res.headers.allow), allow, `${method} ${url} Allow`);
    t.equal(res.json().errors[0].code, 'METHOD_NOT_ALLOWED');
  }
  t.equal((await app.inject({ method: 'GET', url: '/v1/tools/noSuchTool' })).statusCode, 404, 'an unknown path stays 404');
  t.equal((await post(app, '/v1/tools/noSuchTool', '{}')).json().errors[0].code, 'UNKNOWN_TOOL');
});

t.test('timeouts: configured from the environment and validated', async (t) => {
  const d = loadConfig({});
  t.same(d.http, { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 });
  const c = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000' });
  t.same(c.http, { headersTimeoutMs: 2000, requestTimeoutMs: 5000, keepAliveTimeoutMs: 4000 });
  t.throws(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' }), /HTTP_HEADERS_TIMEOUT_MS .*must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  t.throws(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' }), /HTTP_REQUEST_TIMEOUT_MS must be a whole number/);
  t.throws(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/app' }), /CORS_ORIGINS/);
  t.same(loadConfig({ CORS_ORIGINS: ' https://a.example.com, http://localhost:3000/ ' }).corsOrigins, ['https://a.example.com', 'http://localhost:3000']);
  t.same(loadConfig({}).corsOrigins, []);
});

/** Opens a raw connection, sends `first`, then drips one byte per `dripMs`; resolves with what the server sent once it closes. */
function slowClient(port: number, first: string, drip: string, dripMs: number): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(first);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]);
      }, dripMs);
    });
    socket.on('data', (b) => (received += b.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    // Safety net only (the test fails by assertion, not by this): never hang the suite.
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a slow connection open for 20 s'));
    }, 20_000).unref();
  });
}

t.test('slow-header and slow-body clients are cut off by the configured timeouts', async (t) => {
  const app = await buildTestApp(testConfig({ http: { headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 500 } }), { pool: false });
  t.teardown(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;

  const headers = await slowClient(port, 'POST /v1/tools/testEcho HTTP/1.1\r\nHost: x\r\n', 'X-Slow: a\r\n', 100);
  t.match(headers.received, /^HTTP\/1\.1 408/, 'slow headers: 408 Request Timeout, then closed');
  t.comment(`slow headers closed after ${headers.closedAfterMs} ms (HTTP_HEADERS_TIMEOUT_MS=400)`);

  const body = await slowClient(port, 'POST /v1/tools/testEcho HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{', ' ', 100);
  t.match(body.received, /^HTTP\/1\.1 408/, 'slow body: 408 Request Timeout, then closed');
  t.comment(`slow body closed after ${body.closedAfterMs} ms (HTTP_REQUEST_TIMEOUT_MS=800)`);

  // The request timeout covers receiving the request, not computing the answer.
  const res = await fetch(`http://127.0.0.1:${port}/v1/tools/testEcho`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value: 2, waitMs: 1500 }) });
  t.equal(res.status, 200, 'a call computing longer than the request timeout still answers');
});
