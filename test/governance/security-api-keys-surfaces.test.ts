/**
 * API keys beside OIDC (AUTH_MODE=oidc + AUTH_API_KEYS=true, a real local identity provider):
 * a key or a bearer token works, a bad key is refused even when a token could have been sent,
 * nothing at all is refused by the bearer check. And the stdio server with AUTH_API_KEYS runs as
 * NEQSIM_MCP_API_KEY with that key's scopes, and refuses to start with a bad key.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';
import { startIdp } from '../helpers/oidc.js';
import { connectStdio } from '../mcp/helpers.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { FileApiKeyStore, newKey, sha256Hex } from '../../src/tools/contract/governance/api-keys.js';
import { TOOLS } from '../../src/tools/registry.js';

configureAudit({ destination: 'off' });
const ADMIN = 'admin-token-for-tests';
const AUDIENCE = 'neqsim-api';
const flashInput = TOOLS.find((x) => x.name === 'runFlash')!.examples[0]!.input as object;

t.test('API keys beside OIDC', async (t) => {
  const idp = await startIdp(t, 'rsa-1');
  const issuer = idp.issuer.url as string;
  const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-keys-oidc-'));
  t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));
  const config = loadConfig({
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: issuer,
    OIDC_AUDIENCE: AUDIENCE,
    AUTH_API_KEYS: 'true',
    NEQSIM_MCP_API_KEY_STORE: 'memory',
    NEQSIM_MCP_ADMIN_TOKEN: ADMIN,
    NEQSIM_MCP_STATE_DIR: stateDir,
    NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true',
  });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  const token = await idp.issuer.buildToken({
    expiresIn: 300,
    scopesOrTransform: (_h, payload) => {
      payload.iss = issuer;
      payload.aud = AUDIENCE;
      payload.sub = 'alice@example.com';
    },
  });
  const call = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });

  // With OIDC on, creating a key needs a bearer token at the transport and the admin token in the tool.
  const made = await call('/v1/tools/manageSecurity', { action: 'create', adminToken: ADMIN, name: 'flash', scopes: ['runFlash'] }, { authorization: `Bearer ${token}` });
  t.equal(made.statusCode, 200, made.body);
  const key = made.json().data.apiKey as string;
  t.equal((await call('/v1/tools/manageSecurity', { action: 'status' })).statusCode, 401, 'with OIDC on, no credential at all is refused');

  t.equal((await call('/v1/tools/runFlash', flashInput, { 'x-api-key': key })).statusCode, 200, 'a key passes without a bearer token');
  t.equal((await call('/v1/tools/runFlash', flashInput, { authorization: `Bearer ${token}` })).statusCode, 200, 'a bearer token passes without a key');
  const calc = await call('/v1/tools/getCapabilities', {}, { 'x-api-key': key });
  t.equal(calc.statusCode, 403, 'the key keeps its scopes');
  t.equal((await call('/v1/tools/getCapabilities', {}, { authorization: `Bearer ${token}` })).statusCode, 200, 'OIDC callers are not scoped by keys');
  const bad = await call('/v1/tools/runFlash', flashInput, { 'x-api-key': `${key.slice(0, -2)}xx`, authorization: `Bearer ${token}` });
  t.equal(bad.statusCode, 401, 'a wrong key is refused even beside a valid token');
  t.match(bad.json().errors[0].message, /not valid/);
  t.equal((await call('/v1/tools/runFlash', flashInput)).statusCode, 401, 'nothing: the bearer check refuses');
});

t.test('stdio with AUTH_API_KEYS runs as NEQSIM_MCP_API_KEY', async (t) => {
  const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-keys-stdio-'));
  t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));
  const store = new FileApiKeyStore(async () => stateDir);
  const made = newKey();
  await store.put({ id: made.id, name: 'desktop', tenant: 'default', scopes: ['runFlash'], hash: sha256Hex(made.key), createdAt: new Date().toISOString(), createdBy: 'test' });
  const env = { NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true', AUTH_API_KEYS: 'true', NEQSIM_MCP_AUDIT_LOG: 'off' };

  const { client } = await connectStdio(t, { ...env, NEQSIM_MCP_API_KEY: made.key });
  const ok = await client.callTool({ name: 'runFlash', arguments: flashInput as Record<string, unknown> });
  t.equal((ok.structuredContent as { status: string }).status, 'success');
  const out = await client.callTool({ name: 'getCapabilities', arguments: {} });
  t.equal((out.structuredContent as { status: string }).status, 'blocked', 'outside the key scopes');

  const refused = spawnSync(process.execPath, [resolve(process.cwd(), 'dist/src/mcp/stdio.js')], {
    env: { ...process.env, ...env, NEQSIM_MCP_API_KEY: 'nqk_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    input: '',
    timeout: 30_000,
    encoding: 'utf8',
  });
  t.equal(refused.status, 1, 'a bad key stops start-up');
  t.match(refused.stderr, /NEQSIM_MCP_API_KEY must hold a valid key/);
});

t.test('a broken key store answers 503, never 500', async (t) => {
  const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-keys-broken-'));
  t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));
  mkdirSync(join(stateDir, 'security'));
  writeFileSync(join(stateDir, 'security', 'api-keys.json'), '{not json');
  const config = loadConfig({ AUTH_API_KEYS: 'true', NEQSIM_MCP_ADMIN_TOKEN: ADMIN, NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true' });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  const withKey = await app.inject({ method: 'POST', url: '/v1/tools/runFlash', payload: flashInput, headers: { 'x-api-key': newKey().key } });
  t.equal(withKey.statusCode, 503);
  t.equal(withKey.json().errors[0].code, 'KEY_STORE_UNAVAILABLE');
  const list = await app.inject({ method: 'POST', url: '/v1/tools/manageSecurity', payload: { action: 'list', adminToken: ADMIN } });
  t.equal(list.statusCode, 503);
  t.match(list.json().errors[0].message, /not valid JSON/);
  t.notOk(list.body.includes(stateDir), 'no server path in the answer');
});
