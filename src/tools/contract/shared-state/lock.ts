/**
 * A lock in Redis with an owner token and a time to live: SET NX PX to take it, a compare-and-
 * delete script to release it (only the holder's token releases), a compare-and-extend script
 * renewed while the holder works. If the holder dies, the lock lapses after its TTL.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SharedStateError } from './backend.js';

const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
const EXTEND = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";

export interface LockOptions {
  /** How long the lock lives without renewal (a dead holder blocks others at most this long). */
  ttlMs: number;
  /** How long to wait for the lock before giving up. */
  waitMs: number;
}

/** Runs fn holding the lock `key`; throws SharedStateError when it cannot be had within waitMs. */
export async function withLock<T>(redis: Redis, key: string, opts: LockOptions, fn: () => Promise<T>): Promise<T> {
  const token = randomBytes(16).toString('base64url');
  const giveUp = Date.now() + opts.waitMs;
  let delay = 2;
  for (;;) {
    const got = await redis.set(key, token, 'PX', opts.ttlMs, 'NX');
    if (got === 'OK') break;
    if (Date.now() > giveUp) throw new SharedStateError(`the lock ${key} stayed busy for ${opts.waitMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 50);
  }
  // Renew at a third of the TTL while fn runs (a long solve keeps its lock; a crash lets it lapse).
  const renew = setInterval(() => {
    redis.eval(EXTEND, 1, key, token, String(opts.ttlMs)).catch(() => {});
  }, Math.max(50, Math.floor(opts.ttlMs / 3)));
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  }
}
