/**
 * API keys on several replicas sharing one Redis (NEQSIM_MCP_API_KEY_STORE=redis, the default
 * with REDIS_URL). Two stores on two connections stand for two replicas' key stores; then two
 * server processes with AUTH_API_KEYS: a key created on A works on B, one revoked on A is refused
 * on B within KEY_CACHE_BOUND_MS; while Redis is out of reach a key is answered 503, never
 * admitted and never 500; a stdio session on the same Redis is refused once its key is revoked.
 */
import t from 'tap';
import type { Redis as RedisClient } from 'ioredis';
import { KEY_CACHE_BOUND_MS, ApiKeyRevokedError, newKey, sha256Hex, verifyApiKey, type ApiKeyRecord } from '../../src/tools/contract/governance/api-keys.js';
import { MISMATCH_REREAD_MS, RedisApiKeyStore } from '../../src/tools/contract/shared-state/api-keys.js';
import { isSharedStateError } from '../../src/tools/contract/shared-state/backend.js';
import { loadConfig } from '../../src/config.js';
import { TOOLS } from '../../src/tools/registry.js';
import { connectStdio } from '../mcp/helpers.js';
import { ADMIN_TOKEN, ownRedis, startReplica, testPrefix, testRedis, waitFor } from '../helpers/redis.js';

type Json = Record<string, any>;
const flashInput = TOOLS.find((x) => x.name === 'runFlash')!.examples[0]!.input as Json;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past the stated bound, with a margin for a busy machine (not a timing assertion). */
const PAST_BOUND_MS = KEY_CACHE_BOUND_MS + 300;

function record(key: { id: string; key: string }, scopes = ['runFlash']): ApiKeyRecord {
  return { id: key.id, name: 'ci', tenant: 'default', scopes, hash: sha256Hex(key.key), createdAt: new Date().toISOString(), createdBy: 'test' };
}

t.test('config: redis is the default key store with REDIS_URL, and needs it', async (t) => {
  t.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).apiKeys?.store, 'redis');
  t.equal(loadConfig({}).apiKeys?.store, 'file');
  t.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', NEQSIM_MCP_API_KEY_STORE: 'file' }).apiKeys?.store, 'file', 'an explicit choice wins');
  t.throws(() => loadConfig({ NEQSIM_MCP_API_KEY_STORE: 'redis' }), /NEQSIM_MCP_API_KEY_STORE.*REDIS_URL/);
});

const redis = await testRedis();
if ('skip' in redis) {
  t.test('API keys on Redis', { skip: redis.skip }, async () => {});
} else {
  t.teardown(() => redis.stop());
  const { Redis } = await import('ioredis');
  const connect = (): RedisClient => {
    const c = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    c.on('error', () => {});
    return c;
  };

  await t.test('two replicas stores: create, revoke, rotate', async (t) => {
    const [ra, rb] = [connect(), connect()];
    t.teardown(() => {
      ra.disconnect();
      rb.disconnect();
    });
    await waitFor(async () => ra.status === 'ready' && rb.status === 'ready', 5_000, 'connections');
    const prefix = testPrefix();
    const a = new RedisApiKeyStore(ra, prefix);
    const b = new RedisApiKeyStore(rb, prefix);

    const k = newKey();
    await a.put(record(k));
    const stored = await ra.hget(`${prefix}apikeys`, k.id);
    t.ok(stored !== null, 'one hash field per key id');
    t.equal(JSON.parse(stored!).hash, sha256Hex(k.key), 'the sha256 of the key is stored');
    t.notOk(stored!.includes(k.key.slice(17)), 'the key secret is not');

    const onB = await verifyApiKey(k.key, b);
    t.ok(onB.ok, 'created on A, valid on B');
    t.same(onB.ok && onB.principal.scopes, ['runFlash']);
    t.same((await b.list()).map((r) => r.id), [k.id]);

    await a.put({ ...record(k), revokedAt: new Date().toISOString() });
    t.match(await verifyApiKey(k.key, a), { ok: false, reason: /revoked/ }, 'revoked on A: refused on A at once');
    await sleep(PAST_BOUND_MS);
    t.match(await verifyApiKey(k.key, b), { ok: false, reason: /revoked/ }, 'refused on B past the bound');

    const r = newKey();
    await a.put(record(r));
    t.ok((await verifyApiKey(r.key, b)).ok, 'B has the record cached');
    const rotated = newKey(r.id);
    await sleep(MISMATCH_REREAD_MS + 50);
    await a.put({ ...record(r), hash: sha256Hex(rotated.key), rotatedAt: new Date().toISOString() });
    t.notOk((await verifyApiKey(r.key, a)).ok, 'the old key is refused on A at once');
    t.ok((await verifyApiKey(rotated.key, b)).ok, 'the new key works on B although B cached the old record');
    await sleep(PAST_BOUND_MS);
    t.match(await verifyApiKey(r.key, b), { ok: false, reason: /not valid/ }, 'the old key is refused on B past the bound');

    // A rotate on A racing a revoke on B: the revocation stands.
    const x = newKey();
    await a.put(record(x));
    const read = (await a.get(x.id))!;
    await b.put({ ...read, revokedAt: new Date().toISOString() });
    await t.rejects(a.put({ ...read, hash: sha256Hex(newKey(x.id).key), rotatedAt: new Date().toISOString() }), ApiKeyRevokedError);
    t.ok((await b.get(x.id))!.revokedAt !== undefined, 'still revoked in Redis');
  });

  await t.test('Redis out of reach: lookups throw SharedStateError past the bound, never admit', async (t) => {
    const rc = connect();
    await waitFor(async () => rc.status === 'ready', 5_000, 'connection');
    const prefix = testPrefix();
    const store = new RedisApiKeyStore(rc, prefix);
    const k = newKey();
    await store.put(record(k));
    rc.disconnect();
    await sleep(PAST_BOUND_MS);
    const err = await verifyApiKey(k.key, store).then(() => undefined, (e: unknown) => e);
    t.ok(isSharedStateError(err), `a SharedStateError (${String(err)})`);
    t.ok(isSharedStateError(await verifyApiKey(newKey().key, store).then(() => undefined, (e: unknown) => e)), 'an unknown id too');
  });

  await t.test('two server processes: create on A, use on B, revoke on A, refused on B', async (t) => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: testPrefix(), AUTH_API_KEYS: 'true' };
    const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    t.teardown(() => Promise.all([a.stop(), b.stop()]));
    const status = await a.call('manageSecurity', { action: 'status' });
    t.equal(status.body.data.store, 'redis', 'redis is the default with REDIS_URL');
    const made = await a.call('manageSecurity', { action: 'create', adminToken: ADMIN_TOKEN, name: 'pipeline', scopes: ['runFlash'] });
    t.equal(made.status, 200, JSON.stringify(made.body.errors));
    const key = made.body.data.apiKey as string;
    const id = made.body.data.key.id as string;

    t.equal((await b.call('runFlash', flashInput, { 'x-api-key': key })).status, 200, 'created on A, accepted on B');
    t.equal((await b.call('getCapabilities', {}, { 'x-api-key': key })).status, 403, 'with its scopes on B');
    const listed = await b.call('manageSecurity', { action: 'list', adminToken: ADMIN_TOKEN });
    t.same(listed.body.data.keys.map((k: Json) => k.id), [id], 'B lists the key A made');

    const revoked = await a.call('manageSecurity', { action: 'revoke', adminToken: ADMIN_TOKEN, keyId: id });
    t.equal(revoked.status, 200);
    t.equal((await a.call('runFlash', flashInput, { 'x-api-key': key })).status, 401, 'refused on A at once');
    await sleep(PAST_BOUND_MS);
    const onB = await b.call('runFlash', flashInput, { 'x-api-key': key });
    t.equal(onB.status, 401, 'refused on B past the bound');
    t.match(onB.body.errors[0].message, /revoked/);
    const again = await b.call('manageSecurity', { action: 'rotate', adminToken: ADMIN_TOKEN, keyId: id });
    t.equal(again.body.errors[0].code, 'KEY_REVOKED', 'B cannot rotate the key A revoked');
  });

  await t.test('Redis goes away: a key is answered 503 SHARED_STATE_UNAVAILABLE, not admitted, not 500', async (t) => {
    const own = await ownRedis();
    t.teardown(() => own.stop());
    const replica = await startReplica({ REDIS_URL: own.url, REDIS_KEY_PREFIX: testPrefix(), AUTH_API_KEYS: 'true' });
    t.teardown(() => replica.stop());
    const made = await replica.call('manageSecurity', { action: 'create', adminToken: ADMIN_TOKEN, name: 'k', scopes: ['runFlash'] });
    const key = made.body.data.apiKey as string;
    t.equal((await replica.call('runFlash', flashInput, { 'x-api-key': key })).status, 200);

    await own.kill();
    await sleep(PAST_BOUND_MS);
    const down = await replica.call('runFlash', flashInput, { 'x-api-key': key });
    t.equal(down.status, 503, 'the valid key cannot be verified: 503');
    t.equal(down.body.errors[0].code, 'SHARED_STATE_UNAVAILABLE');
    t.match(down.body.errors[0].fix, /REDIS_URL/);
    t.equal(down.body.data, undefined, 'nothing was computed');
    const unknown = await replica.call('runFlash', flashInput, { 'x-api-key': newKey().key });
    t.equal(unknown.status, 503, 'an unknown key: 503 too, not admitted');
    const admin = await replica.call('manageSecurity', { action: 'list', adminToken: ADMIN_TOKEN });
    t.equal(admin.status, 503, 'key management answers 503');
    t.equal(admin.body.errors[0].code, 'SHARED_STATE_UNAVAILABLE');

    own.restart();
    await waitFor(async () => (await fetch(`${replica.url}/health/ready`)).status === 200, 15_000, 'Redis back');
    // This test Redis keeps nothing on disk: the key went with it (docs: give the key store a persistent Redis).
    const back = await replica.call('runFlash', flashInput, { 'x-api-key': key });
    t.equal(back.status, 401, 'Redis answers again: the key is checked (and, lost with the empty Redis, refused)');
  });

  await t.test('stdio on the shared Redis: a key revoked elsewhere is refused in a running session', async (t) => {
    const prefix = testPrefix();
    const rc = connect();
    t.teardown(() => rc.disconnect());
    await waitFor(async () => rc.status === 'ready', 5_000, 'connection');
    const admin = new RedisApiKeyStore(rc, prefix);
    const k = newKey();
    await admin.put(record(k));
    const { client } = await connectStdio(t, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, AUTH_API_KEYS: 'true', NEQSIM_MCP_AUDIT_LOG: 'off', NEQSIM_MCP_API_KEY: k.key });
    t.same((await client.listTools()).tools.map((x) => x.name), ['runFlash']);
    t.equal(((await client.callTool({ name: 'runFlash', arguments: flashInput })).structuredContent as Json).status, 'success');
    await admin.put({ ...record(k), revokedAt: new Date().toISOString() });
    await sleep(PAST_BOUND_MS);
    const refused = (await client.callTool({ name: 'runFlash', arguments: flashInput })).structuredContent as Json;
    t.equal(refused.errors[0].code, 'UNAUTHORIZED');
    t.match(refused.errors[0].message, /revoked/);
  });
}
