/**
 * API-key records shared by every replica (NEQSIM_MCP_API_KEY_STORE=redis, the default with
 * REDIS_URL): one Redis hash `<prefix>apikeys`, field = key id, value = the record as JSON (the
 * sha256 of the key, never the key). A key made, rotated or revoked through manageSecurity on one
 * replica is known to all.
 *
 * Verification (`lookup`) does not cost a Redis round trip per request: each replica keeps the
 * records it looked up for at most KEY_CACHE_BOUND_MS (timed from the start of the read), so a
 * revocation or rotation made on another replica is enforced here within that bound; one made on
 * this replica replaces the cached record at once. A miss while Redis is out of reach throws
 * SharedStateError: the caller answers 503 and admits nothing (no stale record is served past the
 * bound). Concurrent lookups of one id share a single read. A key that does not match the cached
 * record of its id (rotated or created on another replica a moment ago) is read again after
 * MISMATCH_REREAD_MS, so a new key works everywhere at once, not only after the bound.
 */
import type { Redis } from 'ioredis';
import { KEY_CACHE_BOUND_MS, ApiKeyRevokedError, FileApiKeyStore, MemoryApiKeyStore, copyRecord, type ApiKeyRecord, type ApiKeyStore } from '../governance/api-keys.js';
import { configureSharedBackend, shared, waitForSharedBackend } from './backend.js';

export { KEY_CACHE_BOUND_MS } from '../governance/api-keys.js';

/** How soon a key that does not match the cached record of its id is checked against Redis again. */
export const MISMATCH_REREAD_MS = 100;

/** Looked-up ids remembered at most (oldest dropped first): a flood of made-up ids stays bounded. */
export const KEY_CACHE_MAX_ENTRIES = 10_000;

/**
 * Writes the record unless the stored one is revoked and the new one is not (a rotate racing a
 * revoke on another replica must not undo it). Returns the stored record's JSON when refused.
 */
const PUT_SCRIPT = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and ARGV[3] == '0' then
  local ok, stored = pcall(cjson.decode, old)
  if ok and type(stored) == 'table' and type(stored.revokedAt) == 'string' then return old end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return false`;

function parse(id: string, text: string | null): ApiKeyRecord | undefined {
  if (text === null) return undefined;
  const r = JSON.parse(text) as ApiKeyRecord;
  if (typeof r !== 'object' || r === null || r.id !== id || typeof r.hash !== 'string' || !Array.isArray(r.scopes)) throw new Error(`the stored record of API key ${id} is malformed`);
  return r;
}

interface Cached {
  /** performance.now() when the read that produced it started (or when this replica wrote it). */
  at: number;
  record: ApiKeyRecord | undefined;
}

export class RedisApiKeyStore implements ApiKeyStore {
  readonly kind = 'redis';
  private readonly hash: string;
  private readonly cache = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<ApiKeyRecord | undefined>>();

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly boundMs = KEY_CACHE_BOUND_MS,
  ) {
    this.hash = `${prefix}apikeys`;
  }

  get(id: string): Promise<ApiKeyRecord | undefined> {
    return shared(async () => parse(id, await this.redis.hget(this.hash, id)));
  }

  async lookup(id: string, presentedHash?: string): Promise<ApiKeyRecord | undefined> {
    const hit = this.cache.get(id);
    const age = hit === undefined ? Infinity : performance.now() - hit.at;
    // A cached record that does not match the presented key may be one rotated (or created) since
    // on another replica: read again, but at most once per MISMATCH_REREAD_MS per id, so repeated
    // wrong keys for one id cannot turn into a Redis read each.
    const stale = presentedHash !== undefined && hit?.record?.hash !== presentedHash && age >= MISMATCH_REREAD_MS;
    if (hit !== undefined && age < this.boundMs && !stale) return hit.record && copyRecord(hit.record);
    let pending = this.reading.get(id);
    if (pending === undefined) {
      const at = performance.now();
      pending = this.get(id)
        .then((record) => {
          this.remember(id, { at, record });
          return record;
        })
        .finally(() => this.reading.delete(id));
      this.reading.set(id, pending);
    }
    const record = await pending;
    return record && copyRecord(record);
  }

  async put(record: ApiKeyRecord): Promise<void> {
    const refused = await shared(async () => (await this.redis.eval(PUT_SCRIPT, 1, this.hash, record.id, JSON.stringify(record), record.revokedAt === undefined ? '0' : '1')) as string | null);
    if (refused !== null) {
      const stored = parse(record.id, refused)!;
      this.remember(record.id, { at: performance.now(), record: stored });
      throw new ApiKeyRevokedError(record.id, stored.revokedAt!);
    }
    this.remember(record.id, { at: performance.now(), record: copyRecord(record) });
  }

  async list(): Promise<ApiKeyRecord[]> {
    const all = await shared(() => this.redis.hgetall(this.hash));
    return Object.entries(all).map(([id, text]) => parse(id, text)!);
  }

  /** Keeps the newer of two answers (a read that started before a local write loses to it). */
  private remember(id: string, entry: Cached): void {
    const had = this.cache.get(id);
    if (had !== undefined && had.at > entry.at) return;
    this.cache.delete(id);
    if (this.cache.size >= KEY_CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, entry);
  }
}

export type ApiKeyStoreKind = 'file' | 'memory' | 'redis';

/**
 * The key store a process configures from NEQSIM_MCP_API_KEY_STORE. `redis` connects the shared
 * backend if this process has not (stdio) and waits up to `waitMs` for it, so the first check is
 * not refused only because the connection was still opening.
 */
export async function apiKeyStoreOf(
  kind: ApiKeyStoreKind,
  opts: { stateDir: () => Promise<string>; redis?: { url: string; keyPrefix: string }; waitMs?: number },
): Promise<ApiKeyStore> {
  if (kind === 'memory') return new MemoryApiKeyStore();
  if (kind === 'file') return new FileApiKeyStore(opts.stateDir);
  const b = await configureSharedBackend(opts.redis);
  // loadConfig refuses NEQSIM_MCP_API_KEY_STORE=redis without REDIS_URL; a library caller may not.
  if (b === undefined) throw new Error('NEQSIM_MCP_API_KEY_STORE=redis needs REDIS_URL');
  if (opts.waitMs !== undefined) await waitForSharedBackend(opts.waitMs);
  return new RedisApiKeyStore(b.redis, b.prefix);
}
