/**
 * An API key sees only the tools its scopes allow in MCP tools/list (HTTP /mcp and stdio), and
 * calls outside them stay refused (403 blocked). A stdio session re-checks its key on every call:
 * a key revoked (or rotated away) by another process while the session runs is refused with the
 * HTTP surface's 401 envelope, not a crash, within KEY_CACHE_BOUND_MS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { FileApiKeyStore, KEY_CACHE_BOUND_MS, newKey, sha256Hex, type ApiKeyRecord } from '../../src/tools/contract/governance/api-keys.js';
import { scopedTools } from '../../src/mcp/server.js';
import { TOOLS } from '../../src/tools/registry.js';
import { connectStdio, startRealApp } from '../mcp/helpers.js';
import { createApiKey } from '../helpers/api-keys.js';

type Json = Record<string, any>;
configureAudit({ destination: 'off' });
const ADMIN = 'admin-token-for-tests';
const flashInput = TOOLS.find((x) => x.name === 'runFlash')!.examples[0]!.input as Json;
const CALCULATION = TOOLS.filter((x) => x.category === 'CALCULATION').map((x) => x.name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('scopedTools: the dispatcher scope rules, one array per scope set', async (t) => {
  t.equal(scopedTools(TOOLS, undefined), TOOLS, 'no key: the registry itself');
  t.equal(scopedTools(TOOLS, ['*']), TOOLS, '"*": the registry itself (the cached full list)');
  t.same(scopedTools(TOOLS, ['runFlash']).map((x) => x.name), ['runFlash']);
  t.same(scopedTools(TOOLS, ['category:CALCULATION']).map((x) => x.name), CALCULATION);
  t.ok(CALCULATION.length > 1 && CALCULATION.length < TOOLS.length, 'CALCULATION is a proper subset');
  t.equal(scopedTools(TOOLS, ['runFlash', 'getSchema']), scopedTools(TOOLS, ['getSchema', 'runFlash', 'runFlash']), 'same scope set, same array');
  t.same(scopedTools(TOOLS, []), [], 'no scope: nothing listed');
});

t.test('HTTP /mcp: tools/list follows the key scopes; calls outside stay 403', async (t) => {
  const { url } = await startRealApp(t, { NEQSIM_MCP_ADMIN_TOKEN: ADMIN, AUTH_API_KEYS: 'true', NEQSIM_MCP_API_KEY_STORE: 'memory' });
  const base = new URL('/', url).href;
  const create = (scopes: string[]): Promise<string> => createApiKey(t, base, ADMIN, scopes);
  const client = async (key: string): Promise<Client> => {
    const c = new Client({ name: 'scopes-test', version: '0.0.0' });
    await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-api-key': key } } }));
    t.teardown(() => c.close());
    return c;
  };

  const flash = await client(await create(['runFlash']));
  t.same((await flash.listTools()).tools.map((x) => x.name), ['runFlash'], 'a runFlash key lists runFlash only');
  const flashListed = (await flash.listTools()).tools[0]!;
  t.notMatch(JSON.stringify(flashListed.inputSchema), /see \w+'s inputSchema/, 'no pointer to a tool the key cannot see');
  const ok = await flash.callTool({ name: 'runFlash', arguments: flashInput });
  t.equal((ok.structuredContent as Json).status, 'success');
  const outside = await flash.callTool({ name: 'getCapabilities', arguments: {} });
  t.equal((outside.structuredContent as Json).status, 'blocked', 'a call outside the scopes is still refused');
  t.equal((outside.structuredContent as Json).data.policyCode, 'SCOPE');

  const calc = await client(await create(['category:CALCULATION']));
  t.same((await calc.listTools()).tools.map((x) => x.name), CALCULATION, 'a category key lists that category');

  const all = await client(await create(['*']));
  t.same((await all.listTools()).tools.map((x) => x.name), TOOLS.map((x) => x.name), 'a "*" key lists every tool');
});

t.test('stdio: tools/list follows the key; a key revoked while the session runs is refused', async (t) => {
  const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-keys-stdio-scopes-'));
  t.teardown(() => rmSync(stateDir, { recursive: true, force: true }));
  // The admin's process (an HTTP server on the same state directory) writes the key file.
  const admin = new FileApiKeyStore(async () => stateDir);
  const made = newKey();
  const record: ApiKeyRecord = { id: made.id, name: 'desktop', tenant: 'default', scopes: ['category:CALCULATION'], hash: sha256Hex(made.key), createdAt: new Date().toISOString(), createdBy: 'test' };
  await admin.put(record);
  const env = { NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true', AUTH_API_KEYS: 'true', NEQSIM_MCP_AUDIT_LOG: 'off', NEQSIM_MCP_API_KEY: made.key };
  const { client, stderr } = await connectStdio(t, env);

  t.same((await client.listTools()).tools.map((x) => x.name), CALCULATION, 'stdio lists the key scopes only');
  const before = await client.callTool({ name: 'runFlash', arguments: flashInput });
  t.equal((before.structuredContent as Json).status, 'success');

  await admin.put({ ...record, revokedAt: new Date().toISOString() });
  await sleep(KEY_CACHE_BOUND_MS + 300);
  const after = await client.callTool({ name: 'runFlash', arguments: flashInput });
  const env2 = after.structuredContent as Json;
  t.equal(after.isError, true);
  t.equal(env2.status, 'error');
  t.equal(env2.errorKind, 'auth');
  t.equal(env2.errors[0].code, 'UNAUTHORIZED', 'the HTTP surface code');
  t.match(env2.errors[0].message, new RegExp(`API key ${made.id} was revoked`));
  t.match(env2.errors[0].fix, /x-api-key/);
  t.equal(env2.data, undefined, 'no result for a revoked key');
  t.notMatch(stderr(), /fatal|internal error/, 'no crash');
  const again = await client.callTool({ name: 'getSchema', arguments: { toolName: 'runFlash' } });
  t.equal((again.structuredContent as Json).errors[0].code, 'UNAUTHORIZED', 'the session keeps answering, refusing every call');
});
