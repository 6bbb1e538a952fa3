/**
 * One value every replica holds a copy of (the active governance profile, the validation rule
 * sets): stored under `key`, published on the channel of the same name when it changes. Each
 * replica applies a published value at once (milliseconds) and also re-reads the key every
 * PROFILE_REFRESH_MS, so a message lost to a reconnect is made up within PROFILE_BOUND_MS. The
 * first replica to connect stores its own value if none is stored; after that the stored one wins.
 */
import type { SharedBackend } from './backend.js';

export const PROFILE_REFRESH_MS = 1_000;
/** Refresh interval plus one command timeout: a change on one replica holds on all within it. */
export const PROFILE_BOUND_MS = 3_000;

/** Keeps this replica's copy in step with `key`; returns the function that stops it. */
export function syncSharedKey(b: SharedBackend, key: string, localValue: () => string, apply: (value: string) => void): () => void {
  const refresh = async () => {
    try {
      await b.redis.set(key, localValue(), 'NX');
      const stored = await b.redis.get(key);
      if (stored !== null) apply(stored);
    } catch {
      /* Redis down: keep the last known value; the health check reports the outage */
    }
  };
  b.redis.on('ready', () => void refresh());
  if (b.redis.status === 'ready') void refresh();
  const timer = setInterval(() => void refresh(), PROFILE_REFRESH_MS);
  timer.unref();
  b.subscriber.on('message', (channel: string, message: string) => {
    if (channel === key) apply(message);
  });
  // Subscribed on every (re)connection: commands are not queued while disconnected.
  const subscribe = () => void b.subscriber.subscribe(key).catch(() => {});
  b.subscriber.on('ready', subscribe);
  if (b.subscriber.status === 'ready') subscribe();
  return () => clearInterval(timer);
}
