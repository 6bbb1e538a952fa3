/**
 * The automation history in Redis (REDIS_URL set): `<p>automation:<subject>` is a list of the
 * caller's records (JSON), trimmed to the last MAX_PER_CALLER and expiring a day after the
 * caller's last recorded call. Recorded behind the call (never awaited).
 */
import { MAX_PER_CALLER, type AutomationHistoryMirror, type AutomationRecord } from '../automation-history.js';
import { shared, type SharedBackend } from './backend.js';

const HISTORY_TTL_MS = 24 * 60 * 60_000;

export function redisAutomationHistory(b: SharedBackend): AutomationHistoryMirror {
  const key = (subject: string) => `${b.prefix}automation:${subject}`;
  return {
    record(subject, rec) {
      b.redis
        .multi()
        .rpush(key(subject), JSON.stringify(rec))
        .ltrim(key(subject), -MAX_PER_CALLER, -1)
        .pexpire(key(subject), HISTORY_TTL_MS)
        .exec()
        .catch(() => {});
    },
    of: (subject) => shared(async () => (await b.redis.lrange(key(subject), 0, -1)).map((t) => JSON.parse(t) as AutomationRecord)),
  };
}
