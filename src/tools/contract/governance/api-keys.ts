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
 * Storage sits behind ApiKeyStore so another backend (Redis) can replace the default ones: memory,
 * or a JSON file in a "security" folder of the manageState directory (its sandbox rules apply).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Envelope } from '../envelope.js';
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

/** Where key records live. Async so a networked backend (Redis) fits the same interface. */
export interface ApiKeyStore {
  readonly kind: string;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  put(record: ApiKeyRecord): Promise<void>;
  list(): Promise<ApiKeyRecord[]>;
}

export class MemoryApiKeyStore implements ApiKeyStore {
  readonly kind: string = 'memory';
  protected readonly records = new Map<string, ApiKeyRecord>();
  async get(id: string): Promise<ApiKeyRecord | undefined> {
    const r = this.records.get(id);
    return r === undefined ? undefined : { ...r, scopes: [...r.scopes] };
  }
  async put(record: ApiKeyRecord): Promise<void> {
    this.records.set(record.id, { ...record, scopes: [...record.scopes] });
  }
  async list(): Promise<ApiKeyRecord[]> {
    return [...this.records.values()].map((r) => ({ ...r, scopes: [...r.scopes] }));
  }
}

/**
 * Records in <state dir>/security/api-keys.json (folder 0700, file 0600), written whole through a
 * temp file and rename, read once. manageState lists only *.json files of its own folder, so the
 * subfolder never shows there. One process owns the file; replicas need a shared backend.
 */
export class FileApiKeyStore extends MemoryApiKeyStore {
  override readonly kind = 'file';
  private loaded: Promise<void> | undefined;
  private writing: Promise<void> = Promise.resolve();

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

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const text = await fs.readFile(await this.path(), 'utf8').catch((err: NodeJS.ErrnoException) => {
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
      for (const r of records as ApiKeyRecord[]) this.records.set(r.id, r);
    })().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }

  override async get(id: string): Promise<ApiKeyRecord | undefined> {
    await this.load();
    return super.get(id);
  }
  override async list(): Promise<ApiKeyRecord[]> {
    await this.load();
    return super.list();
  }
  override async put(record: ApiKeyRecord): Promise<void> {
    await this.load();
    await super.put(record);
    const snapshot = JSON.stringify([...this.records.values()], null, 1);
    // Writes are serialised: a later put never lands before an earlier one.
    this.writing = this.writing.then(async () => {
      const file = await this.path();
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, snapshot, { mode: 0o600 });
      await fs.rename(temp, file);
    });
    await this.writing;
  }
}

let store: ApiKeyStore | undefined;

/**
 * Sets the process-wide key store. The app passes a FileApiKeyStore on the manageState directory
 * (src/http/plugins/enterprise.ts) unless NEQSIM_MCP_API_KEY_STORE=memory; a library user who
 * configures nothing gets memory.
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
  const record = await s.get(m[1]!);
  const want = Buffer.from(record?.hash ?? sha256Hex('no such key'), 'hex');
  const equal = timingSafeEqual(want, Buffer.from(sha256Hex(presented.trim()), 'hex'));
  if (record === undefined || !equal) return { ok: false, reason: 'The API key is not valid (unknown, or replaced by a rotation)' };
  if (record.revokedAt !== undefined) return { ok: false, reason: `The API key ${record.id} was revoked at ${record.revokedAt}` };
  return { ok: true, principal: { id: record.id, tenant: record.tenant, scopes: [...record.scopes], subject: `apikey:${record.id}` } };
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
