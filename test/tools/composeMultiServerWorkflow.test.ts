/**
 * composeMultiServerWorkflow against a second instance of this service on a real port: remote
 * steps go through the SDK client (the remote's own metrics count them), results flow from a
 * remote step into a local one, the allow-list refuses everything else (403 naming
 * NEQSIM_MCP_REMOTE_SERVERS), and per-step time budgets and unreachable servers end in 422 with
 * the step named.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { allowedServers, configureFederation } from '../../src/tools/platform/composeMultiServerWorkflow/config.js';
import { TOOLS } from '../../src/tools/registry.js';
import { apiKeyStore, configureApiKeyStore } from '../../src/tools/contract/governance/api-keys.js';
import { loadConfig } from '../../src/config.js';
import { startRealApp } from '../mcp/helpers.js';

type Json = Record<string, any>;
configureAudit({ destination: 'off' });

const flashInput = TOOLS.find((x) => x.name === 'runFlash')!.examples[0]!.input as Json;

// A server that accepts connections and never answers (the step time budget must end the wait).
const sockets = new Set<import('node:net').Socket>();
const silent: Server = createServer(() => undefined);
silent.on('connection', (s) => sockets.add(s));
await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
t.teardown(() => {
  for (const s of sockets) s.destroy();
  silent.close();
});
const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
// A port nobody listens on: bind, note it, close.
const closed: Server = createServer();
await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
await new Promise<void>((r) => closed.close(() => r()));

// The second instance first (its start-up sets an empty allow-list), then the caller.
const remote = await startRealApp(t);
const remoteUrl = remote.url.href;
// A third instance that needs an API key (AUTH_API_KEYS); its key is made through its own manageSecurity.
const ADMIN = 'admin-token-for-tests';
const secured = await startRealApp(t, { AUTH_API_KEYS: 'true', NEQSIM_MCP_API_KEY_STORE: 'memory', NEQSIM_MCP_ADMIN_TOKEN: ADMIN });
const securedUrl = secured.url.href;
const securedStore = apiKeyStore();
const made = await fetch(new URL('/v1/tools/manageSecurity', secured.url), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ action: 'create', adminToken: ADMIN, name: 'federation', scopes: ['runFlash'] }),
});
const securedKey = ((await made.json()) as Json).data.apiKey as string;
const local = await startRealApp(t, {
  NEQSIM_MCP_REMOTE_SERVERS: [remoteUrl, silentUrl, closedUrl, securedUrl].join(','),
  NEQSIM_MCP_REMOTE_CREDENTIALS: `${securedUrl}=${securedKey}`,
  NEQSIM_MCP_ADMIN_TOKEN: ADMIN,
});
// The key store is process-wide and the caller's start-up replaced it: in this one-process test
// the secured instance gets its store back (separate processes each have their own).
configureApiKeyStore(securedStore);
const localBase = new URL('/', local.url).href;

async function compose(body: Json): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${localBase}v1/tools/composeMultiServerWorkflow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

async function remoteFlashCalls(): Promise<number> {
  const text = await (await fetch(new URL('/metrics', remote.url))).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('neqsim_tool_calls_total{') && l.includes('tool="runFlash"'))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

t.test('listServers and listTools', async (t) => {
  const servers = await compose({ action: 'listServers' });
  t.equal(servers.status, 200);
  t.same(servers.body.data.allowedServers, [remoteUrl, silentUrl, closedUrl, securedUrl]);
  const tools = await compose({ action: 'listTools', server: remoteUrl });
  t.equal(tools.status, 200);
  const names = (tools.body.data.tools as { name: string }[]).map((x) => x.name);
  t.ok(names.includes('runFlash') && names.includes('composeMultiServerWorkflow'), `${names.length} remote tools listed`);
});

t.test('a remote step feeds a local step', async (t) => {
  const before = await remoteFlashCalls();
  const r = await compose({
    workflow: 'remote-then-local',
    steps: [
      { name: 'remoteFlash', server: remoteUrl, tool: 'runFlash', input: flashInput, timeoutMs: 30_000 },
      {
        name: 'localFlash',
        tool: 'runFlash',
        input: {
          ...flashInput,
          temperature: { value: '${remoteFlash.data.fluid.conditions.overall.temperature}', unit: 'K' },
          pressure: { value: '${remoteFlash.data.fluid.conditions.overall.pressure}', unit: 'bara' },
        },
      },
    ],
  });
  t.equal(r.status, 200, JSON.stringify(r.body.errors ?? '').slice(0, 300));
  t.equal(await remoteFlashCalls(), before + 1, 'the remote instance ran exactly one runFlash');
  const d = r.body.data;
  t.same(d.steps.map((s: Json) => [s.server, s.status]), [[remoteUrl, 'success'], ['local', 'success']]);
  const remoteRho = d.combinedData.remoteFlash.fluid.properties.overall.density.value;
  const localRho = d.combinedData.localFlash.fluid.properties.overall.density.value;
  t.equal(d.combinedData.localFlash.fluid.conditions.overall.temperature, 298.15, 'the temperature came through from the remote step');
  t.equal(localRho, remoteRho, `same engine, same state: ${remoteRho} kg/m3 on both`);
  t.ok(remoteRho > 40 && remoteRho < 47, 'a gas density at 50 bara, 25 °C');
});

t.test('a remote tool error fails the workflow with the remote errors', async (t) => {
  const r = await compose({ steps: [{ name: 'bad', server: remoteUrl, tool: 'runFlash', input: { ...flashInput, model: 'NOPE' } }, { tool: 'getCapabilities' }] });
  t.equal(r.status, 422);
  t.equal(r.body.errors[0].code, 'WORKFLOW_STEP_FAILED');
  t.match(r.body.errors[0].message, /Step "bad" \(runFlash on http:\/\/127\.0\.0\.1:\d+\/mcp\) ended with status error/);
  t.ok(r.body.errors.length > 1, 'the remote errors follow');
});

t.test('the allow-list', async (t) => {
  const other = await compose({ steps: [{ server: 'http://127.0.0.1:9/mcp', tool: 'runFlash', input: flashInput }] });
  t.equal(other.status, 403);
  t.equal(other.body.data.policyCode, 'SERVER_NOT_ALLOWED');
  t.match(other.body.reason, /NEQSIM_MCP_REMOTE_SERVERS/);
  const saved = [...allowedServers()];
  configureFederation({ allowedServers: [] });
  try {
    const none = await compose({ steps: [{ server: remoteUrl, tool: 'runFlash', input: flashInput }] });
    t.equal(none.status, 403);
    t.equal(none.body.data.policyCode, 'FEDERATION_NOT_CONFIGURED');
    t.match(none.body.reason, /NEQSIM_MCP_REMOTE_SERVERS is empty/);
    t.equal((await compose({ action: 'listServers' })).body.data.allowedServers.length, 0);
  } finally {
    configureFederation({ allowedServers: saved, credentials: { [securedUrl]: securedKey } });
  }
  const badUrl = await compose({ steps: [{ server: 'ftp://x/mcp', tool: 'runFlash' }] });
  t.equal(badUrl.status, 400);
  t.equal(badUrl.body.errors[0].code, 'INVALID_SERVER_URL');
});

t.test('per-step time budget and unreachable servers', async (t) => {
  const started = Date.now();
  const slow = await compose({ steps: [{ name: 'hangs', server: silentUrl, tool: 'runFlash', input: flashInput, timeoutMs: 400 }, { tool: 'getCapabilities' }] });
  const took = Date.now() - started;
  t.equal(slow.status, 422);
  t.equal(slow.body.errors[1].code, 'REMOTE_TIMEOUT');
  t.match(slow.body.errors[1].message, /within 400 ms/);
  t.ok(took < 10_000, `the budget ended the wait (${took} ms)`);
  t.same(slow.body.errors[0].message.match(/later steps were not run/) !== null, true);
  const down = await compose({ steps: [{ server: closedUrl, tool: 'runFlash', input: flashInput, timeoutMs: 5_000 }] });
  t.equal(down.status, 422);
  t.equal(down.body.errors[1].code, 'REMOTE_UNREACHABLE');
});

t.test('a remote that needs an API key gets the one NEQSIM_MCP_REMOTE_CREDENTIALS names', async (t) => {
  const direct = await fetch(new URL('/v1/tools/runFlash', secured.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(flashInput) });
  t.equal(direct.status, 401, 'the secured instance refuses calls without a key');
  const r = await compose({ steps: [{ name: 'securedFlash', server: securedUrl, tool: 'runFlash', input: flashInput }] });
  t.equal(r.status, 200, JSON.stringify(r.body.errors ?? '').slice(0, 300));
  t.equal(r.body.data.steps[0].status, 'success');
  const scoped = await compose({ steps: [{ server: securedUrl, tool: 'getCapabilities', input: {} }] });
  t.equal(scoped.status, 422, 'the remote key scopes hold');
  t.match(scoped.body.errors[0].message, /blocked/);
  t.notOk(JSON.stringify(r.body).includes(securedKey), 'the credential is never echoed');
});

t.test('NEQSIM_MCP_REMOTE_CREDENTIALS names only allowed servers and never echoes the credential', async (t) => {
  t.throws(() => loadConfig({ NEQSIM_MCP_REMOTE_SERVERS: 'http://a.example/mcp', NEQSIM_MCP_REMOTE_CREDENTIALS: 'http://b.example/mcp=secret-value' }), /NEQSIM_MCP_REMOTE_CREDENTIALS names http:\/\/b\.example\/mcp, which is not in NEQSIM_MCP_REMOTE_SERVERS/);
  try {
    loadConfig({ NEQSIM_MCP_REMOTE_SERVERS: 'http://a.example/mcp', NEQSIM_MCP_REMOTE_CREDENTIALS: 'secret-value' });
    t.fail('a pair without a URL is refused');
  } catch (err) {
    t.notMatch((err as Error).message, /secret-value/);
  }
  t.throws(() => loadConfig({ NEQSIM_MCP_REMOTE_SERVERS: 'ftp://a.example/mcp' }), /must use http or https/);
  t.same(loadConfig({ NEQSIM_MCP_REMOTE_SERVERS: 'http://a.example/mcp', NEQSIM_MCP_REMOTE_CREDENTIALS: 'http://a.example/mcp=Bearer abc' }).remoteMcpCredentials, { 'http://a.example/mcp': 'Bearer abc' });
});
