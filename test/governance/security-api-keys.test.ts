/**
 * manageSecurity and AUTH_API_KEYS end to end on the real app (real HTTP, the SDK's MCP client):
 * the admin token gates key management; a key works on REST and /mcp within its scopes, is refused
 * 403 outside them (also inside a composeWorkflow step), 401 once rotated away or revoked; keys
 * are shown once and stored only as hashes; every admin action is in the audit log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';
import { localStateStore } from '../../src/tools/process/state/config.js';
import { sha256Hex } from '../../src/tools/contract/governance/api-keys.js';
import { TOOLS } from '../../src/tools/registry.js';
import { startRealApp } from '../mcp/helpers.js';

type Json = Record<string, any>;
configureAudit({ destination: 'off' });

const ADMIN = 'admin-token-for-tests';
const { app, url } = await startRealApp(t, { NEQSIM_MCP_ADMIN_TOKEN: ADMIN, AUTH_API_KEYS: 'true' });
const base = new URL('/', url).href;
const flashInput = TOOLS.find((x) => x.name === 'runFlash')!.examples[0]!.input as Json;

async function post(tool: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}v1/tools/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

async function mcpCall(key: string | undefined, tool: string, args: Json): Promise<Json> {
  const client = new Client({ name: 'security-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, key === undefined ? {} : { requestInit: { headers: { 'x-api-key': key } } }));
  try {
    const r = await client.callTool({ name: tool, arguments: args });
    return r.structuredContent as Json;
  } finally {
    await client.close();
  }
}

const admin = (body: Json) => post('manageSecurity', { adminToken: ADMIN, ...body });

t.test('without a key: tool routes and /mcp answer 401; status of manageSecurity stays open', async (t) => {
  const r = await post('runFlash', flashInput);
  t.equal(r.status, 401);
  t.equal(r.body.errors[0].code, 'UNAUTHORIZED');
  t.match(r.body.errors[0].fix, /x-api-key/);
  await t.rejects(mcpCall(undefined, 'runFlash', flashInput), /401|Unauthorized|No API key/i, '/mcp refuses the connection');
  const s = await post('manageSecurity', { action: 'status' });
  t.equal(s.status, 200);
  t.equal(s.body.data.apiKeysEnforced, true);
  t.equal(s.body.data.store, 'file');
});

t.test('the OpenAPI document names the key scheme', async (t) => {
  const doc = app.swagger() as unknown as { components: { securitySchemes: Json }; paths: Record<string, { post?: { security?: Json[] } }> };
  t.match(doc.components.securitySchemes.apiKeyAuth, { type: 'apiKey', in: 'header', name: 'x-api-key' });
  t.same(doc.paths['/v1/tools/runFlash']!.post!.security, [{ apiKeyAuth: [] }]);
  t.same(doc.paths['/v1/tools/manageSecurity']!.post!.security, [{}, { apiKeyAuth: [] }], 'the bootstrap route also without');
});

t.test('admin token required for every key action, refusals audited', async (t) => {
  for (const action of ['create', 'list', 'rotate', 'revoke']) {
    const r = await post('manageSecurity', { action, name: 'x', scopes: ['*'], keyId: '0123456789ab' });
    t.equal(r.status, 403, `${action} without token`);
    t.equal(r.body.data.policyCode, 'ADMIN_REQUIRED');
    const wrong = await post('manageSecurity', { action, adminToken: 'not-the-token', name: 'x', scopes: ['*'], keyId: '0123456789ab' });
    t.equal(wrong.status, 403, `${action} with a wrong token`);
  }
  const refused = recentAuditEvents().filter((e) => e.tool === 'manageSecurity' && e.outcome === 'refused');
  t.ok(refused.length >= 8, `refusals audited (${refused.length})`);
});

t.test('create → scoped access on REST and MCP; list never shows keys; rotate and revoke', async (t) => {
  const bad = await admin({ action: 'create', name: 'typo', scopes: ['runFlsh'] });
  t.equal(bad.status, 400, 'an unknown scope is refused');
  t.match(bad.body.errors[0].message, /runFlash/, 'with a suggestion');

  const made = await admin({ action: 'create', name: 'flash-team', tenant: 'acme', scopes: ['runFlash', 'category:ADVISORY'] });
  t.equal(made.status, 200);
  const key = made.body.data.apiKey as string;
  const id = made.body.data.key.id as string;
  t.match(key, /^nqk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  t.equal(made.body.data.key.tenant, 'acme');

  // REST, both header forms
  t.equal((await post('runFlash', flashInput, { 'x-api-key': key })).status, 200, 'x-api-key on REST');
  t.equal((await post('runFlash', flashInput, { authorization: `ApiKey ${key}` })).status, 200, 'Authorization: ApiKey on REST');
  t.equal((await post('getCapabilities', {}, { 'x-api-key': key })).status, 200, 'a tool of a scoped category');
  const out = await post('calculateStandard', TOOLS.find((x) => x.name === 'calculateStandard')!.examples[0]!.input, { 'x-api-key': key });
  t.equal(out.status, 403, 'a CALCULATION tool outside the scopes');
  t.equal(out.body.data.policyCode, 'SCOPE');
  t.match(out.body.reason, /outside the scopes/);

  // MCP
  const viaMcp = await mcpCall(key, 'runFlash', flashInput);
  t.equal(viaMcp.status, 'success', 'runFlash over /mcp with the key');
  const blocked = await mcpCall(key, 'runProcess', TOOLS.find((x) => x.name === 'runProcess')!.examples[0]!.input as Json);
  t.equal(blocked.status, 'blocked', 'out of scope over /mcp');
  t.equal(blocked.data.policyCode, 'SCOPE');

  // A workflow cannot widen the scopes: its steps run with the caller's scopes.
  const wf = await admin({ action: 'create', name: 'workflow-only', scopes: ['composeWorkflow'] });
  const wfKey = wf.body.data.apiKey as string;
  const viaWorkflow = await post('composeWorkflow', { steps: [{ tool: 'runFlash', name: 'f', input: flashInput }] }, { 'x-api-key': wfKey });
  t.ok(viaWorkflow.status === 401 || viaWorkflow.status === 403, `the step is refused, so the workflow fails (${viaWorkflow.status})`);
  t.match(JSON.stringify(viaWorkflow.body.errors), /blocked/);

  // list: metadata only
  const list = await admin({ action: 'list', tenant: 'acme' });
  t.equal(list.status, 200);
  t.equal(list.body.data.count, 1);
  const listed = JSON.stringify(list.body);
  t.notOk(listed.includes(key), 'the key is not in the list');
  t.notOk(listed.includes(sha256Hex(key)), 'nor its hash');
  t.notOk('apiKey' in list.body.data);

  // storage: hashes only
  const stored = readFileSync(join(await localStateStore().storageDir(), 'security', 'api-keys.json'), 'utf8');
  t.notOk(stored.includes(key), 'the file does not hold the key');
  t.ok(stored.includes(sha256Hex(key)), 'it holds the hash');

  // rotate
  const rotated = await admin({ action: 'rotate', keyId: id });
  t.equal(rotated.status, 200);
  const newKey = rotated.body.data.apiKey as string;
  t.not(newKey, key);
  t.ok(newKey.startsWith(`nqk_${id}_`), 'same id, new secret');
  const old = await post('runFlash', flashInput, { 'x-api-key': key });
  t.equal(old.status, 401, 'the old key stops working');
  t.equal((await post('runFlash', flashInput, { 'x-api-key': newKey })).status, 200, 'the new one works');

  // revoke
  t.equal((await admin({ action: 'revoke', keyId: id })).status, 200);
  const revoked = await post('runFlash', flashInput, { 'x-api-key': newKey });
  t.equal(revoked.status, 401);
  t.match(revoked.body.errors[0].message, /revoked/);
  await t.rejects(mcpCall(newKey, 'runFlash', flashInput), /401|revoked/i, '/mcp refuses a revoked key');
  t.equal((await admin({ action: 'revoke', keyId: id })).status, 422, 'revoking twice is refused');
  t.equal((await admin({ action: 'rotate', keyId: 'ffffffffffff' })).status, 404, 'unknown key id');
  t.equal((await post('runFlash', flashInput, { 'x-api-key': 'nqk_nonsense' })).status, 401, 'a malformed key');

  const actions = recentAuditEvents().filter((e) => e.tool === 'manageSecurity' && e.event === 'admin_action').map((e) => e.outcome);
  for (const o of ['created', 'listed', 'rotated', 'revoked']) t.ok(actions.includes(o), `audit has ${o}`);
  const scopeBlocks = recentAuditEvents().filter((e) => e.detail === 'outside the API key scopes');
  t.ok(scopeBlocks.length >= 2, 'scope refusals audited');
  t.ok(recentAuditEvents().some((e) => e.subject === `apikey:${id}`), 'calls are audited under the key id');
});
