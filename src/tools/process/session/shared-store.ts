/**
 * manageSession's sessions in Redis (REDIS_URL set): every replica sees the same sessions.
 * - `<p>session:<id>`: the session as JSON, expiring after the idle time (renewed on each use);
 * - `<p>sessions`: sorted set id -> expiry (ms), for the server-wide limit of MAX_SESSIONS;
 * - `<p>sessions:owner:<owner>`: the ids an owner created, for list;
 * - `<p>session:<id>:lock`: the per-session lock (shared-state/lock.ts), so calls on one session
 *   run one after the other whichever replica they land on.
 * Owner scoping and the limit are checked in Redis (one script for create), as in memory.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { shared, SharedStateError } from '../../contract/shared-state/backend.js';
import { withLock } from '../../contract/shared-state/lock.js';
import { MAX_SESSIONS, SESSION_TTL_MS, type Session, type SessionBackend, type SessionRecord } from './store.js';

// KEYS: all-set, session key, owner set. ARGV: now, max, ttl, json, id.
const CREATE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[5])
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
redis.call('SADD', KEYS[3], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

export interface RedisSessionOptions {
  /** Longest a session call may hold its lock before it lapses (renewed while the call runs). */
  lockTtlMs?: number;
  /** Longest a call waits for another call on the same session (default: the lock TTL). */
  lockWaitMs?: number;
  now?: () => number;
}

export class RedisSessions implements SessionBackend {
  readonly shared = true;
  private readonly lockTtlMs: number;
  private readonly lockWaitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    opts: RedisSessionOptions = {},
    readonly max = MAX_SESSIONS,
    readonly ttlMs = SESSION_TTL_MS,
  ) {
    this.lockTtlMs = opts.lockTtlMs ?? 30_000;
    this.lockWaitMs = opts.lockWaitMs ?? 120_000;
    this.now = opts.now ?? Date.now;
  }

  private key = (id: string) => `${this.prefix}session:${id}`;
  private ownerKey = (owner: string) => `${this.prefix}sessions:owner:${owner}`;
  private get allKey() {
    return `${this.prefix}sessions`;
  }

  create(owner: string, name: string | undefined, definition: Session['definition'], ownerLabel: string, ran = false): Promise<SessionRecord | undefined> {
    return shared(async () => {
      const id = randomBytes(24).toString('base64url');
      const t = this.now();
      const s: SessionRecord = { id, name: name ?? `Session-${id}`, owner, ownerLabel, createdMs: t, lastAccessMs: t, definition, runCount: ran ? 1 : 0, hasRun: ran };
      const ok = await this.redis.eval(CREATE, 3, this.allKey, this.key(id), this.ownerKey(owner), String(t), String(this.max), String(this.ttlMs), JSON.stringify(s), id);
      return ok === 1 ? s : undefined;
    });
  }

  /** Writes the record back after a call, renewing its idle expiry. */
  private async save(s: SessionRecord): Promise<void> {
    s.lastAccessMs = this.now();
    await this.redis
      .multi()
      .set(this.key(s.id), JSON.stringify(s), 'PX', this.ttlMs, 'XX')
      .zadd(this.allKey, 'XX', s.lastAccessMs + this.ttlMs, s.id)
      .pexpire(this.ownerKey(s.owner), this.ttlMs)
      .exec();
  }

  private async load(id: string, owner: string): Promise<SessionRecord | undefined> {
    const text = await this.redis.get(this.key(id));
    if (text === null) return undefined;
    const s = JSON.parse(text) as SessionRecord;
    return s.owner === owner ? s : undefined;
  }

  list(owner: string): Promise<SessionRecord[]> {
    return shared(async () => {
      const ids = await this.redis.smembers(this.ownerKey(owner));
      if (ids.length === 0) return [];
      const texts = await this.redis.mget(ids.map(this.key));
      const out: SessionRecord[] = [];
      const gone: string[] = [];
      texts.forEach((t, i) => {
        if (t === null) gone.push(ids[i]!);
        else {
          const s = JSON.parse(t) as SessionRecord;
          if (s.owner === owner) out.push(s);
        }
      });
      if (gone.length > 0) await this.redis.srem(this.ownerKey(owner), ...gone);
      return out.sort((a, b) => a.createdMs - b.createdMs);
    });
  }

  private locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return withLock(this.redis, `${this.key(id)}:lock`, { ttlMs: this.lockTtlMs, waitMs: this.lockWaitMs }, fn);
  }

  close(id: string, owner: string): Promise<boolean> {
    return shared(() =>
      this.locked(id, async () => {
        const s = await this.load(id, owner);
        if (s === undefined) return false;
        await this.redis.multi().del(this.key(id)).zrem(this.allKey, id).srem(this.ownerKey(owner), id).exec();
        return true;
      }),
    );
  }

  async withSession<T>(id: string, owner: string, fn: (s: SessionRecord) => Promise<T>): Promise<{ found: true; value: T } | { found: false }> {
    return shared(() =>
      this.locked(id, async () => {
        const s = await this.load(id, owner);
        if (s === undefined) return { found: false as const };
        const value = await fn(s);
        // The call's solves ran in the pool; if Redis went away meanwhile the write fails with 503.
        try {
          await this.save(s);
        } catch (err) {
          throw new SharedStateError(`the session could not be saved: ${(err as Error).message}`);
        }
        return { found: true as const, value };
      }),
    );
  }
}
