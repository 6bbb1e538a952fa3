/**
 * streamSimulation's operations copied to Redis (REDIS_URL set), so any replica can poll, list and
 * cancel them:
 * - `<p>op:<id>`: hash of the operation's state (owner, type, status, steps, times, error);
 * - `<p>op:<id>:results`: list of its results in order;
 * - `<p>op:<id>:cancel`: set by a cancel on any replica; the running replica reads it before
 *   each step;
 * - `<p>ops:owner:<owner>`: sorted set of the owner's operation ids by start time.
 * Writes go out in order on the one command connection without being awaited (a step never
 * waits for Redis); a reader sees the state at most one round trip behind. An operation whose
 * replica died stops being updated: a reader reports it failed once it is older than STALE_MS
 * without an update.
 */
import { shared, type SharedBackend } from '../../contract/shared-state/backend.js';
import { contiguousResults } from './distributed.js';
import { OPERATION_TIMEOUT_MS, RETAIN_MS, type Operation, type OperationMirror, type OperationStatus } from './operations.js';

/** No update for this long while "running": its replica is gone. */
export const STALE_MS = 120_000;

export function redisOperationMirror(b: SharedBackend, now: () => number = Date.now): OperationMirror {
  const key = (id: string) => `${b.prefix}op:${id}`;
  const resultsKey = (id: string) => `${b.prefix}op:${id}:results`;
  const cancelKey = (id: string) => `${b.prefix}op:${id}:cancel`;
  const ownerKey = (owner: string) => `${b.prefix}ops:owner:${owner}`;
  const liveMs = OPERATION_TIMEOUT_MS + RETAIN_MS;
  const ignore = () => {};

  const state = (op: Operation): Record<string, string> => ({
    owner: op.owner,
    type: op.type,
    status: op.status,
    completedSteps: String(op.completedSteps),
    totalSteps: String(op.totalSteps),
    createdMs: String(op.createdMs),
    updatedMs: String(op.updatedMs),
    ...(op.error !== undefined ? { error: op.error } : {}),
  });

  async function read(id: string, owner: string): Promise<Operation | undefined> {
    const [[, h], [, results], [, cancel], [, points]] = (await b.redis.multi().hgetall(key(id)).lrange(resultsKey(id), 0, -1).exists(cancelKey(id)).hgetall(`${key(id)}:points`).exec()) as [
      [unknown, Record<string, string>],
      [unknown, string[]],
      [unknown, number],
      [unknown, Record<string, string>],
    ];
    if (h === undefined || h.owner === undefined || h.owner !== owner) return undefined;
    const op: Operation = {
      id,
      owner: h.owner,
      type: h.type as Operation['type'],
      status: h.status as OperationStatus,
      completedSteps: Number(h.completedSteps),
      totalSteps: Number(h.totalSteps),
      // A distributed sweep's points finish in any order: poll hands out the contiguous run from 0.
      results: h.distributed === '1' ? contiguousResults(points, h.type ?? '', h.summary) : results.map((r) => JSON.parse(r) as Record<string, unknown>),
      createdMs: Number(h.createdMs),
      updatedMs: Number(h.updatedMs),
      cancelRequested: cancel === 1,
      ...(h.error !== undefined ? { error: h.error } : {}),
    };
    // A distributed operation is never orphaned (its points wait on the queue for any replica,
    // possibly behind other operations' points); one driven by a single replica is, if that dies.
    // A distributed one past its time limit (its remaining points are skipped by the workers).
    if (h.distributed === '1' && op.status === 'running' && now() - op.createdMs > OPERATION_TIMEOUT_MS) {
      op.status = 'timed_out';
      op.error = 'the operation ran past its time limit';
    }
    if (h.distributed !== '1' && op.status === 'running' && now() - op.updatedMs > STALE_MS) {
      op.status = 'failed';
      op.error = `the replica running this operation stopped updating it ${Math.round((now() - op.updatedMs) / 1000)} s ago (it was probably stopped); start it again`;
    }
    return op;
  }

  return {
    started(op) {
      b.redis
        .multi()
        .hset(key(op.id), state(op))
        .pexpire(key(op.id), liveMs)
        .zadd(ownerKey(op.owner), op.createdMs, op.id)
        .pexpire(ownerKey(op.owner), liveMs)
        .exec()
        .catch(ignore);
    },
    stepped(op, result) {
      const m = b.redis.multi();
      if (result !== undefined) m.rpush(resultsKey(op.id), JSON.stringify(result)).pexpire(resultsKey(op.id), liveMs);
      m.hset(key(op.id), { completedSteps: String(op.completedSteps), updatedMs: String(op.updatedMs) })
        .exec()
        .catch(ignore);
    },
    ended(op) {
      b.redis
        .multi()
        .hset(key(op.id), state(op))
        .pexpire(key(op.id), RETAIN_MS)
        .pexpire(resultsKey(op.id), RETAIN_MS)
        .del(cancelKey(op.id))
        .exec()
        .catch(ignore);
    },
    cancelAsked: (id) => shared(async () => (await b.redis.exists(cancelKey(id))) === 1),
    get: (id, owner) => shared(() => read(id, owner)),
    list: (owner) =>
      shared(async () => {
        const t = now();
        await b.redis.zremrangebyscore(ownerKey(owner), '-inf', t - liveMs);
        const ids = await b.redis.zrange(ownerKey(owner), 0, -1);
        const ops = await Promise.all(ids.map((id) => read(id, owner)));
        return ops.filter((o): o is Operation => o !== undefined);
      }),
    requestCancel: (id, owner) =>
      shared(async () => {
        const op = await read(id, owner);
        if (op === undefined) return undefined;
        if (op.status === 'running') {
          await b.redis.set(cancelKey(id), '1', 'PX', liveMs);
          op.cancelRequested = true;
        }
        return op;
      }),
  };
}
