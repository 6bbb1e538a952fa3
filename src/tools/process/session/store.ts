/**
 * manageSession's sessions: in the memory of the process that serves the call (the main thread:
 * manageSession runs inline and sends its solves to the pool). A session is a process definition
 * ({fluid, process: [units]}) built up call by call, with its run count and last results.
 * Bounded (50 sessions, 30 minutes idle), owned by the caller who created it: another caller gets
 * SESSION_NOT_FOUND, as if it did not exist. This in-memory store is not shared between replicas
 * and is lost on restart; with REDIS_URL set, shared-store.ts keeps sessions in Redis instead
 * (the SessionBackend interface below is what manageSession uses either way).
 */
import { randomBytes } from 'node:crypto';

export const MAX_SESSIONS = 50;
export const SESSION_TTL_MS = 30 * 60_000;

export interface Session {
  id: string;
  name: string;
  /** Whose it is: a key that keeps authenticated subjects and unauthenticated owner names apart. */
  owner: string;
  /** The owner as the caller named it (the subject, or the ownerId). */
  ownerLabel: string;
  createdMs: number;
  lastAccessMs: number;
  /** The process definition as runProcess takes it. */
  definition: { fluid: Record<string, unknown>; process: Record<string, unknown>[]; [k: string]: unknown };
  runCount: number;
  hasRun: boolean;
  /** Tail of the session's queue: calls on one session run one after the other. */
  tail: Promise<unknown>;
}

/**
 * Runs `fn` after every earlier call on the session has finished, so two concurrent writes
 * (addEquipment and setValues, say) cannot both start from the same definition and lose one.
 */
export function serialized<T>(s: Session, fn: () => Promise<T>): Promise<T> {
  const run = s.tail.then(fn, fn);
  s.tail = run.catch(() => undefined);
  return run;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly now: () => number = Date.now,
    readonly max = MAX_SESSIONS,
    readonly ttlMs = SESSION_TTL_MS,
  ) {}

  private evictExpired(): void {
    const t = this.now();
    for (const [id, s] of this.sessions) if (t - s.lastAccessMs > this.ttlMs) this.sessions.delete(id);
  }

  /** A new session, or undefined when the store is full (after evicting expired ones). */
  create(owner: string, name: string | undefined, definition: Session['definition'], ownerLabel = owner): Session | undefined {
    this.evictExpired();
    if (this.sessions.size >= this.max) return undefined;
    // 24 random bytes, URL-safe Base64: 32 characters, unguessable.
    const id = randomBytes(24).toString('base64url');
    const t = this.now();
    const s: Session = { id, name: name ?? `Session-${id}`, owner, ownerLabel, createdMs: t, lastAccessMs: t, definition, runCount: 0, hasRun: false, tail: Promise.resolve() };
    this.sessions.set(id, s);
    return s;
  }

  /** The caller's live session with this id (touching it), else undefined. */
  get(id: string, owner: string): Session | undefined {
    const s = this.sessions.get(id);
    if (s === undefined) return undefined;
    if (this.now() - s.lastAccessMs > this.ttlMs) {
      this.sessions.delete(id);
      return undefined;
    }
    if (s.owner !== owner) return undefined;
    s.lastAccessMs = this.now();
    return s;
  }

  list(owner: string): Session[] {
    this.evictExpired();
    return [...this.sessions.values()].filter((s) => s.owner === owner);
  }

  close(id: string, owner: string): boolean {
    const s = this.get(id, owner);
    if (s === undefined) return false;
    this.sessions.delete(id);
    return true;
  }

  get size(): number {
    return this.sessions.size;
  }
}

/** The process's store (one per process, like the progress store). */
export const sessionStore = new SessionStore();

/** What a session backend hands to a call: the record, changed in place by the call. */
export type SessionRecord = Omit<Session, 'tail'>;

/**
 * Where manageSession keeps sessions: this process's memory (MemorySessions) or Redis
 * (shared-store.ts). `withSession` runs one call on a session with every other call on that
 * session held off (across replicas for Redis) and saves what the call changed.
 */
export interface SessionBackend {
  readonly shared: boolean;
  /** `ran`: the definition was solved on creation (runCount 1). */
  create(owner: string, name: string | undefined, definition: Session['definition'], ownerLabel: string, ran?: boolean): Promise<SessionRecord | undefined>;
  list(owner: string): Promise<SessionRecord[]>;
  close(id: string, owner: string): Promise<boolean>;
  withSession<T>(id: string, owner: string, fn: (s: SessionRecord) => Promise<T>): Promise<{ found: true; value: T } | { found: false }>;
}

export class MemorySessions implements SessionBackend {
  readonly shared = false;
  constructor(private readonly store: SessionStore = sessionStore) {}
  async create(owner: string, name: string | undefined, definition: Session['definition'], ownerLabel: string, ran = false) {
    const s = this.store.create(owner, name, definition, ownerLabel);
    if (s !== undefined && ran) {
      s.runCount = 1;
      s.hasRun = true;
    }
    return s;
  }
  async list(owner: string) {
    return this.store.list(owner);
  }
  async close(id: string, owner: string) {
    return this.store.close(id, owner);
  }
  async withSession<T>(id: string, owner: string, fn: (s: SessionRecord) => Promise<T>): Promise<{ found: true; value: T } | { found: false }> {
    const s = this.store.get(id, owner);
    if (s === undefined) return { found: false };
    return { found: true, value: await serialized(s, () => fn(s)) };
  }
}

let active: SessionBackend = new MemorySessions();

/** The session backend in use (memory unless configureSessions installed the Redis one). */
export function sessions(): SessionBackend {
  return active;
}

export function useSessionBackend(b: SessionBackend): void {
  active = b;
}
