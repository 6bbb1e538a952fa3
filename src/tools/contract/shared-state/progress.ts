/**
 * getProgress's records in Redis (REDIS_URL set): `<p>progress:<id>` holds the record as JSON,
 * `<p>progress:active:<subject>` the ids running for a caller. Written behind the call (never
 * awaited); kept as long as the in-memory store keeps finished ones.
 */
import { view, type OperationRecord, type OperationView, type ProgressMirror } from '../progress-store.js';
import { shared, type SharedBackend } from './backend.js';

const ACTIVE_TTL_MS = 60 * 60_000;
const FINISHED_TTL_MS = 10 * 60_000;

export function redisProgressMirror(b: SharedBackend): ProgressMirror {
  const key = (id: string) => `${b.prefix}progress:${id}`;
  const activeKey = (subject: string) => `${b.prefix}progress:active:${subject}`;
  const parse = (text: string | null, subject?: string): OperationView | undefined => {
    if (text === null) return undefined;
    const rec = JSON.parse(text) as OperationRecord;
    return subject !== undefined && rec.subject !== subject ? undefined : view(rec);
  };
  return {
    write(rec, active) {
      const m = b.redis.multi().set(key(rec.id), JSON.stringify(rec), 'PX', active ? ACTIVE_TTL_MS : FINISHED_TTL_MS);
      if (active) m.zadd(activeKey(rec.subject), rec.startedAt, rec.id).pexpire(activeKey(rec.subject), ACTIVE_TTL_MS);
      else m.zrem(activeKey(rec.subject), rec.id);
      m.exec().catch(() => {});
    },
    get: (id, subject) => shared(async () => parse(await b.redis.get(key(id)), subject)),
    listActive: (subject) =>
      shared(async () => {
        if (subject === undefined) return [];
        await b.redis.zremrangebyscore(activeKey(subject), '-inf', Date.now() - ACTIVE_TTL_MS);
        const ids = await b.redis.zrange(activeKey(subject), 0, -1);
        if (ids.length === 0) return [];
        const texts = await b.redis.mget(ids.map(key));
        return texts.map((t) => parse(t, subject)).filter((v): v is OperationView => v !== undefined && !v.completed && !v.failed);
      }),
  };
}
