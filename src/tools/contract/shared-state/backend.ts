/**
 * The shared backend behind the stateful tools when REDIS_URL is set: one command connection and
 * one subscriber connection per process (ioredis), a key prefix, and the answer a stateful call
 * gives while Redis cannot be reached (503 SHARED_STATE_UNAVAILABLE). Without REDIS_URL nothing
 * here is created and every store keeps its state in this process's memory (the embedded default).
 *
 * Commands fail fast while disconnected (no offline queue, 2 s command timeout): a call that
 * needs shared state answers 503 within about two seconds instead of hanging, and calls that need
 * no shared state (runFlash, runProcess, ...) never touch Redis.
 */
// Types only: ioredis is loaded when REDIS_URL is set (its import costs start-up time otherwise).
import type { Redis } from 'ioredis';
import { failure, issue, type Envelope } from '../envelope.js';

export interface SharedBackend {
  redis: Redis;
  /** Subscriber connection (pub/sub needs a connection of its own). */
  subscriber: Redis;
  /** Every key starts with it (REDIS_KEY_PREFIX, default "neqsim:"). */
  prefix: string;
  url: string;
}

let backend: SharedBackend | undefined;
const closeHooks: (() => void)[] = [];
const readyHooks: ((b: SharedBackend) => void)[] = [];

/** Thrown by the shared stores when Redis fails; tools turn it into a 503 envelope. */
export class SharedStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedStateError';
  }
}

export function isSharedStateError(err: unknown): err is SharedStateError {
  return err instanceof SharedStateError;
}

/** Runs a Redis operation, turning any failure into a SharedStateError. */
export async function shared<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof SharedStateError) throw err;
    throw new SharedStateError(err instanceof Error ? err.message : String(err));
  }
}

const COMMAND_TIMEOUT_MS = 2_000;

function connect(RedisClass: typeof Redis, url: string): Redis {
  return new RedisClass(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect for ever, at most every 2 s: an outage ends without a restart.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
}

/**
 * Connects to Redis (once per process). Errors are not thrown: while Redis is down the process
 * still serves stateless calls, /health/ready reports not ready and stateful calls answer 503.
 */
export async function configureSharedBackend(settings: { url: string; keyPrefix: string } | undefined): Promise<SharedBackend | undefined> {
  if (settings === undefined) return backend;
  if (backend !== undefined) return backend;
  const { Redis: RedisClass } = await import('ioredis');
  if (backend !== undefined) return backend;
  const redis = connect(RedisClass, settings.url);
  const subscriber = connect(RedisClass, settings.url);
  // ioredis logs unhandled 'error' events; the health check and the 503s report the outage instead.
  redis.on('error', () => {});
  subscriber.on('error', () => {});
  backend = { redis, subscriber, prefix: settings.keyPrefix, url: settings.url };
  for (const hook of readyHooks) hook(backend);
  return backend;
}

/** The shared backend, when REDIS_URL is configured. */
export function sharedBackend(): SharedBackend | undefined {
  return backend;
}

/** Registers a store to be told when the backend is configured (stores are created before it). */
export function onSharedBackend(hook: (b: SharedBackend) => void): void {
  readyHooks.push(hook);
  if (backend !== undefined) hook(backend);
}

export function onSharedBackendClose(hook: () => void): void {
  closeHooks.push(hook);
}

/** True when no shared backend is configured, or its command connection is up. */
export function sharedStateHealthy(): boolean {
  return backend === undefined || backend.redis.status === 'ready';
}

/** Waits (bounded) for the first connection, so a replica is not marked ready before Redis is. */
export async function waitForSharedBackend(timeoutMs: number): Promise<boolean> {
  const b = backend;
  if (b === undefined || b.redis.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      b.redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    b.redis.once('ready', onReady);
  });
}

export async function closeSharedBackend(): Promise<void> {
  const b = backend;
  if (b === undefined) return;
  backend = undefined;
  for (const hook of closeHooks) hook();
  b.redis.disconnect();
  b.subscriber.disconnect();
}

/** The envelope of a stateful call while Redis cannot be reached: 503 with a fix. */
export function sharedStateUnavailable(tool: string, err: unknown): Envelope<never> {
  const why = err instanceof Error ? err.message : String(err);
  return failure(tool, 'busy', [
    issue(
      'SHARED_STATE_UNAVAILABLE',
      `${tool} needs the shared state store (Redis at REDIS_URL), which cannot be reached: ${why}`,
      'Retry in a few seconds; if it persists, the operator should check the Redis server named by REDIS_URL (GET /health/ready reports it). Stateless tools such as runFlash and runProcess keep working.',
    ),
  ], 'dispatch');
}
