/**
 * API keys for deployments without an identity provider (manageSecurity; spec/neqsim-surface.md
 * §4.6, with deliberate fixes: enforcement is a start-up setting, AUTH_API_KEYS, not a runtime
 * switch anyone could flip while it is off; every key is scoped; keys are stored hashed).
 *
 * A key is "nqk_<id>_<secret>": id = 12 hex characters (public, names the key in lists and the
 * audit log), secret = 32 random bytes in base64url. Only sha256(key) is kept: the secret has 256
 * bits of entropy, so a slow hash (scrypt) would add nothing against guessing and cost every
 * request. The key itself is shown once, by create and rotate.
 *
 * Scopes: "*" (every tool), a tool name ("runFlash"), or "category:<CATEGORY>" (CALCULATION,
 * ADVISORY, EXECUTION, PLATFORM). The dispatcher refuses a tool outside the caller's scopes (403),
 * on every surface, sub-calls of workflows included.
 *
 * Storage sits behind ApiKeyStore: memory, a JSON file in a "security" folder of the manageState
 * directory (its sandbox rules apply), or Redis for several replicas (shared-state/api-keys.ts).
 * Verification reads through `lookup` where a store has one: an answer at most KEY_CACHE_BOUND_MS
 * old, so a change made by another process holds here within that bound without a store read
 * per request. A revocation is final: no store lets a later write (a concurrent rotate) undo it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { issue, type DiagnosticIssue, type Envelope } from '../envelope.js';
import { isSharedStateError, sharedStateUnavailable } from '../shared-state/backend.js';
import { audit } from './audit.js';
import { activeProfile, policyEnvelope } from './policy.js';

export interface ApiKeyRecord {
  id: string;
  name: string;
  tenant: string;
  scopes: string[];
  /** hex sha256 of the whole key string */
  hash: string;
  createdAt: string;
  createdBy: string;
  rotatedAt?: string;
  revokedAt?: string;
}

/**
 * How old a record verification may use is, at most: a revocation or rotation made by another
 * replica (Redis store) or process (file store) is enforced here within this bound; one made by
 * this process holds here at once.
 */
export const KEY_CACHE_BOUND_MS = 1_000;

/** Where key records live. Async so a networked backend (Redis) fits the same interface. */
export interface ApiKeyStore {
  readonly kind: string;
  /** The stored record, read now (admin actions). */
  get(id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * For verification: the record as stored at most KEY_CACHE_BOUND_MS ago (default: get).
   * `presentedHash`: the hash of the key being checked; a store that caches may read again when
   * its cached record does not match it (a key just rotated or created on another replica).
   */
  lookup?(id: string, presentedHash: string): Promise<ApiKeyRecord | undefined>;
  /** Stores the record; throws ApiKeyRevokedError rather than un-revoke a revoked key. */
  put(record: ApiKeyRecord): Promise<void>;
  list(): Promise<ApiKeyRecord[]>;
}

/** A write that would have undone a revocation (a rotate racing a revoke): the revocation stands. */
export class ApiKeyRevokedError extends Error {
  constructor(
    readonly keyId: string,
    readonly revokedAt: string,
  ) {
    super(`API key ${keyId} was revoked at ${revokedAt}`);
    this.name = 'ApiKeyRevokedError';
  }
}

/** Throws when `next` would overwrite a revoked `stored` record with an unrevoked one. */
export function keepRevocation(stored: Pick<ApiKeyRecord, 'id' | 'revokedAt'> | undefined, next: ApiKeyRecord): void {
  if (stored?.revokedAt !== undefined && next.revokedAt === undefined) throw new ApiKeyRevokedError(stored.id, stored.revokedAt);
}

export const copyRecord = (r: ApiKeyRecord): ApiKeyRecord => ({ ...r, scopes: [...r.scopes] });

export class MemoryApiKeyStore implements ApiKeyStore {
  readonly kind: string = 'memory';
  protected readonly records = new Map<string, ApiKeyRecord>();
  async get(id: string): Promise<ApiKeyRecord | undefined> {
    const r = this.records.get(id);
    return r === undefined ? undefined : copyRecord(r);
  }
  async put(record: ApiKeyRecord): Promise<void> {
    keepRevocation(this.records.get(record.id), record);
    this.records.set(record.id, copyRecord(record));
  }
  async list(): Promise<ApiKeyRecord[]> {
    return [...this.records.values()].map(copyRecord);
  }
}

/**
 * Records in <state dir>/security/api-keys.json (folder 0700, file 0600), written whole through a
 * temp file and rename. Read at first use, and again when the file has changed (another process,
 * e.g. the HTTP server beside a desktop stdio session, revoked a key): verification looks at the
 * file's identity (inode, size, mtime) at most once per KEY_CACHE_BOUND_MS. Several replicas need
 * the Redis store; this one has no cross-process locking for writes.
 */
export class FileApiKeyStore extends MemoryApiKeyStore {
  override readonly kind = 'file';
  private loaded: Promise<void> | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Identity of the file as last read or written here. */
  private seen = '';
  private checkedAt = -Infinity;
  /** Bumped by every put, so a re-read that raced a put does not drop it. */
  private version = 0;

  constructor(private readonly dir: () => Promise<string>) {
    super();
  }

  private async path(): Promise<string> {
    const folder = join(await this.dir(), 'security');
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    // The state directory is sandbox-checked (realpath); a symlink planted here would lead out of it.
    const st = await fs.lstat(folder);
    if (st.isSymbolicLink() || !st.isDirectory()) throw new Error('the key store folder security/ must be a directory, not a link');
    const file = join(folder, 'api-keys.json');
    const fst = await fs.lstat(file).catch(() => undefined);
    if (fst !== undefined && !fst.isFile()) throw new Error('security/api-keys.json must be a regular file, not a link');
    return file;
  }

  private static async identity(file: string): Promise<string> {
    const st = await fs.stat(file).catch(() => undefined);
    return st === undefined ? 'absent' : `${st.ino}:${st.size}:${st.mtimeMs}`;
  }

  /** Replaces the records with the file's, unless a put came in meanwhile. */
  private async read(): Promise<void> {
    const version = this.version;
    const file = await this.path();
    const seen = await FileApiKeyStore.identity(file);
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '[]';
      throw err;
    });
    let records: unknown;
    try {
      records = JSON.parse(text);
    } catch {
      throw new Error('security/api-keys.json is not valid JSON');
    }
    if (!Array.isArray(records)) throw new Error('security/api-keys.json must hold an array of key records');
    if (version !== this.version) return;
    this.records.clear();
    for (const r of records as ApiKeyRecord[]) this.records.set(r.id, r);
    this.seen = seen;
  }

  private load(): Promise<void> {
    this.loaded ??= this.read().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }

  /** Re-reads the file when another process has replaced it since this one last read or wrote it. */
  private async refresh(): Promise<void> {
    await this.writing.catch(() => {});
    if ((await FileApiKeyStore.identity(await this.path())) !== this.seen) await this.read();
  }

  override async get(id: string): Promise<ApiKeyRecord | undefined> {
    await this.load();
    return super.get(id);
  }
  async lookup(id: string): Promise<ApiKeyRecord | undefined> {
    await this.load();
    const now = performance.now();
    if (now - this.checkedAt >= KEY_CACHE_BOUND_MS) {
      this.checkedAt = now;
      await this.refresh();
    }
    return super.get(id);
  }
  override async list(): Promise<ApiKeyRecord[]> {
    await this.load();
    return super.list();
  }
  override async put(record: ApiKeyRecord): Promise<void> {
    await this.load();
    await this.refresh();
    await super.put(record);
    this.version++;
    const snapshot = JSON.stringify([...this.records.values()], null, 1);
    // Writes are serialised: a later put never lands before an earlier one.
    this.writing = this.writing.catch(() => {}).then(async () => {
      const file = await this.path();
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, snapshot, { mode: 0o600 });
      await fs.rename(temp, file);
      this.seen = await FileApiKeyStore.identity(file);
    });
    await this.writing;
  }
}

let store: ApiKeyStore | undefined;

/**
 * Sets the process-wide key store. The app and the stdio server pass the one
 * NEQSIM_MCP_API_KEY_STORE names (apiKeyStoreOf in shared-state/api-keys.ts: file, memory, or
 * redis, the default with REDIS_URL); a library user who configures nothing gets memory.
 */
export function configureApiKeyStore(s: ApiKeyStore): void {
  store = s;
}

export function apiKeyStore(): ApiKeyStore {
  store ??= new MemoryApiKeyStore();
  return store;
}

const KEY = /^nqk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** A new key string and its id; the caller stores only sha256Hex(key). */
export function newKey(id = randomBytes(6).toString('hex')): { id: string; key: string } {
  return { id, key: `nqk_${id}_${randomBytes(32).toString('base64url')}` };
}

export interface ApiKeyPrincipal {
  id: string;
  tenant: string;
  scopes: string[];
  subject: string;
}

export type KeyCheck = { ok: true; principal: ApiKeyPrincipal } | { ok: false; reason: string };

/** Checks a presented key: well formed, known, hash equal (constant time), not revoked. */
export async function verifyApiKey(presented: string, s: ApiKeyStore = apiKeyStore()): Promise<KeyCheck> {
  const m = KEY.exec(presented.trim());
  if (m === null) return { ok: false, reason: 'The API key is malformed (expected nqk_<id>_<secret>)' };
  const presentedHash = sha256Hex(presented.trim());
  const record = await (s.lookup !== undefined ? s.lookup(m[1]!, presentedHash) : s.get(m[1]!));
  const want = Buffer.from(record?.hash ?? sha256Hex('no such key'), 'hex');
  const equal = timingSafeEqual(want, Buffer.from(presentedHash, 'hex'));
  if (record === undefined || !equal) return { ok: false, reason: 'The API key is not valid (unknown, or replaced by a rotation)' };
  if (record.revokedAt !== undefined) return { ok: false, reason: `The API key ${record.id} was revoked at ${record.revokedAt}` };
  return { ok: true, principal: { id: record.id, tenant: record.tenant, scopes: [...record.scopes], subject: `apikey:${record.id}` } };
}

/** How to send a key (the `fix` of a 401); `oidc`: a bearer token is accepted as well. */
export function apiKeyFix(oidc: boolean): string {
  return oidc
    ? 'Send x-api-key: <key> (or Authorization: ApiKey <key>) with a key from manageSecurity, or Authorization: Bearer <access token>.'
    : 'Send x-api-key: <key> (or Authorization: ApiKey <key>) with a key created by manageSecurity (action create, admin token).';
}

/** A presented key that does not verify (malformed, unknown, rotated away, revoked): 401, audited. */
export function keyRefusal(tool: string, reason: string, oidc: boolean): DiagnosticIssue {
  audit({ event: 'tool_call', subject: 'apikey:invalid', tool, outcome: 'refused', profile: activeProfile(), detail: reason });
  return issue('UNAUTHORIZED', reason, apiKeyFix(oidc));
}

/**
 * The key store could not be read, so the key is not admitted (503, never 500): Redis out of
 * reach gives the SHARED_STATE_UNAVAILABLE issue every shared-state call gives; a broken file
 * store KEY_STORE_UNAVAILABLE.
 */
export function keyStoreFailure(tool: string, err: unknown): DiagnosticIssue {
  if (isSharedStateError(err)) return sharedStateUnavailable(tool, err).errors![0]!;
  return issue('KEY_STORE_UNAVAILABLE', 'The API key store cannot be read', 'Retry shortly; if it persists, the operator must fix the key store (security/api-keys.json in NEQSIM_MCP_STATE_DIR).');
}

/** The tools of `tools` that `scopes` allow (all of them when scopes is undefined: no key restricts the caller). */
export function toolsInScope<T extends { name: string; category: string }>(tools: readonly T[], scopes: readonly string[] | undefined): readonly T[] {
  return scopes === undefined ? tools : tools.filter((t) => scopeAllows(scopes, t.name, t.category));
}

export const CATEGORY_SCOPE = /^category:(CALCULATION|ADVISORY|EXECUTION|PLATFORM)$/;

/** Whether `scopes` cover a tool of `category`. */
export function scopeAllows(scopes: readonly string[], tool: string, category: string): boolean {
  return scopes.some((s) => s === '*' || s === tool || s === `category:${category}`);
}

/** The scopes an authenticated API-key caller carries (request.user set by the key plugin), else undefined. */
export function scopesOfUser(user: unknown): string[] | undefined {
  const scopes = (user as { apiKeyScopes?: unknown } | undefined)?.apiKeyScopes;
  return Array.isArray(scopes) ? (scopes as string[]) : undefined;
}

/** Headers that carry a key: x-api-key, or Authorization: ApiKey <key>. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const x = headers['x-api-key'];
  if (typeof x === 'string' && x.trim() !== '') return x.trim();
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^apikey\s+/i.test(auth)) return auth.replace(/^apikey\s+/i, '').trim();
  return undefined;
}

/**
 * null = the caller's scopes cover the tool (or the caller has none: OIDC, anonymous, library);
 * otherwise the contract's `blocked` envelope (HTTP 403, policyCode SCOPE), audited.
 */
export function checkScope(toolName: string, category: string, scopes: readonly string[] | undefined, subject: string): Envelope | null {
  if (scopes === undefined || scopeAllows(scopes, toolName, category)) return null;
  const mode = activeProfile();
  audit({ event: 'tool_call', subject, tool: toolName, outcome: 'blocked', profile: mode, category, detail: 'outside the API key scopes' });
  const reason = `Tool '${toolName}' (${category}) is outside the scopes of this API key (${scopes.join(', ') || 'none'}).`;
  return policyEnvelope({
    status: 'blocked',
    tool: toolName,
    mode,
    tier: 'SECURITY',
    reason,
    remediation: `Use a key whose scopes include "${toolName}" or "category:${category}"; an administrator can create one with manageSecurity (action create).`,
    policyCode: 'SCOPE',
  });
}

let enforced = false;

/** Set by the app from AUTH_API_KEYS (the transport hook enforces; this only reports it). */
export function setApiKeysEnforced(on: boolean): void {
  enforced = on;
}

export function apiKeysEnforced(): boolean {
  return enforced;
}
