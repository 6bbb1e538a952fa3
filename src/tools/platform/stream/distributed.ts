/**
 * streamSimulation sweeps and Monte Carlo runs as distributed work (REDIS_URL set), on BullMQ
 * over the same Redis: each point of a sweep (each sample of a Monte Carlo run) is one job on the queue `<p>bull:neqsim-sweep-points`, which the workers
 * of every replica take (each runs its runFlash in its own worker pool). A point's result is
 * recorded once, whatever happens: the first result stored for an index wins (HSETNX) and only
 * that one advances the operation's count, in one script. A replica killed mid-sweep holds its
 * jobs' locks until they lapse (LOCK_MS); BullMQ's stalled-job check on the other replicas then
 * puts those jobs back on the queue and another worker runs them, so no point is lost.
 * State lives in the keys of shared-operations.ts; the operation hash carries distributed=1 and
 * the points are in `<p>op:<id>:points` (index -> result JSON).
 * The same queue and workers carry the cases of runBatch and runParametricStudy calls
 * (distributed-cases.ts): a 'case' job is a tool call whose whole envelope is stored as its result.
 */
// Types only: bullmq and ioredis are loaded when REDIS_URL is set (startDistributedSweeps), so a
// single node, and every worker thread (which loads this module with the tools), never pays for them.
import type { Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import type { Envelope } from '../../contract/envelope.js';
import { shared, SharedStateError, type SharedBackend } from '../../contract/shared-state/backend.js';
import { MAX_RUNNING, OPERATION_TIMEOUT_MS, RETAIN_MS } from './operations.js';
import { monteCarloSummary, pointOf } from './point.js';

export const QUEUE = 'neqsim-sweep-points';
/** A job's lock lasts this long without renewal: a killed replica's points are retried after it. */
export const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

export interface SweepPoint {
  index: number;
  /** A sweep point (reports every point) or a Monte Carlo sample (reports every 10th, then a summary). */
  kind: 'sweep' | 'mc';
  /** What the point's result carries besides the flash values: sweepValue/sweepUnit or temperature_C/pressure_bara. */
  meta: Record<string, number | string>;
  /** The runFlash input of the point. */
  flash: Record<string, unknown>;
}

/** Monte Carlo reports every MC_REPORT_EVERY-th sample (as the local run does). */
export const MC_REPORT_EVERY = 10;

interface PointJob extends SweepPoint {
  opId: string;
  subject: string;
}

/** One case of a fanned-out call (runBatch): a tool call whose whole envelope is the case's result. */
interface CaseJob {
  kind: 'case';
  opId: string;
  subject: string;
  index: number;
  tool: string;
  input: unknown;
}

/**
 * Runs one tool call as `subject` (the app's dispatcher); `asCase` marks a case of a fanned-out
 * call, which runs here and is never fanned out again.
 */
export type CallAs = (tool: string, input: unknown, subject: string, asCase?: boolean) => Promise<Envelope<unknown>>;

export type StartRefusal = { refused: 'LIMIT_REACHED'; message: string };

export interface DistributedSweeps {
  start(owner: string, subject: string, type: 'parametric_sweep' | 'monte_carlo', points: SweepPoint[], seed?: number): Promise<string | StartRefusal>;
  /**
   * Runs each input as one `tool` call on whichever replica's worker takes it and gathers the
   * envelopes; a slot stays undefined if `deadlineMs` (epoch) passes first (the rest is cancelled).
   */
  runCases(subject: string, tool: string, inputs: unknown[], deadlineMs: number, signal?: AbortSignal): Promise<(Envelope<unknown> | undefined)[]>;
}

let active: DistributedSweeps | undefined;

export function distributedSweeps(): DistributedSweeps | undefined {
  return active;
}

// KEYS: op hash, points hash. ARGV: index, result json, now ms, retain ms, '1' to complete here.
// Returns 0 (the index was recorded before), 1 (recorded), 2 (recorded, the last one).
const RECORD = `
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
local done = redis.call('HINCRBY', KEYS[1], 'completedSteps', 1)
redis.call('HSET', KEYS[1], 'updatedMs', ARGV[3])
local total = tonumber(redis.call('HGET', KEYS[1], 'totalSteps'))
if done >= total and redis.call('HGET', KEYS[1], 'status') == 'running' then
  if ARGV[5] == '1' then
    redis.call('HSET', KEYS[1], 'status', 'completed')
    redis.call('PEXPIRE', KEYS[1], ARGV[4])
    redis.call('PEXPIRE', KEYS[2], ARGV[4])
  end
  return 2
end
return 1`;

// KEYS: op hash. ARGV: now ms, retain ms. A running operation past its time limit ends as timed_out.
const TIME_OUT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'timed_out', 'updatedMs', ARGV[1], 'error', 'the operation ran past its time limit')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// KEYS: the running set, the new op hash. ARGV: key prefix, max running, now ms, id, timeout ms.
// The server-wide limit of running operations, over every replica: members whose hash is gone,
// no longer running or past the time limit leave the set; a new one joins if there is room.
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[5]))
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if redis.call('HGET', ARGV[1] .. 'op:' .. id, 'status') ~= 'running' then redis.call('ZREM', KEYS[1], id) end
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
-- Running from here on, so a start admitted at the same moment on another replica counts it.
redis.call('HSET', KEYS[2], 'status', 'running')
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1`;

/**
 * BullMQ's connections wait for Redis rather than fail (they must, for the workers): a job added
 * while Redis is away would hold the call for ever, so adding gives up after ADD_WAIT_MS.
 */
const ADD_WAIT_MS = 5_000;
async function bounded<T>(adding: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SharedStateError(`the job queue did not answer within ${ADD_WAIT_MS} ms`)), ADD_WAIT_MS);
  });
  try {
    return await Promise.race([adding, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

const keysOf = (prefix: string, id: string) => ({ op: `${prefix}op:${id}`, points: `${prefix}op:${id}:points`, cancel: `${prefix}op:${id}:cancel` });

/**
 * Starts this replica's share of the distributed work (a queue to add to and a worker taking
 * jobs) and makes streamSimulation use it. Returns the function that stops both.
 */
export async function startDistributedSweeps(b: SharedBackend, call: CallAs, concurrency: number): Promise<() => Promise<void>> {
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  // BullMQ needs connections of its own that wait for Redis instead of failing commands.
  const connection = () => {
    const r = new Redis(b.url, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(100 * n, 2_000) });
    r.on('error', () => {});
    return r;
  };
  const queueConnection = connection();
  const workerConnection = connection();
  const prefix = `${b.prefix}bull`;
  const queue = new Queue<PointJob | CaseJob>(QUEUE, { connection: queueConnection, prefix });
  queue.on('error', () => {});
  const liveMs = OPERATION_TIMEOUT_MS + RETAIN_MS;

  const worker = new Worker<PointJob | CaseJob>(
    QUEUE,
    async (job: Job<PointJob | CaseJob>) => {
      const p = job.data;
      const k = keysOf(b.prefix, p.opId);
      const [cancelled, status, createdMs] = await Promise.all([b.redis.exists(k.cancel), b.redis.hget(k.op, 'status'), b.redis.hget(k.op, 'createdMs')]);
      if (status !== 'running') return;
      if (cancelled === 1) {
        await b.redis.hset(k.op, { status: 'cancelled', updatedMs: String(Date.now()) });
        return;
      }
      // The 900 s limit of an operation holds wherever its points run: past it, none is started.
      if (Date.now() - Number(createdMs) > OPERATION_TIMEOUT_MS) {
        await b.redis.eval(TIME_OUT, 1, k.op, String(Date.now()), String(RETAIN_MS));
        return;
      }
      if (p.kind === 'case') {
        const env = await call(p.tool, p.input, p.subject, true);
        if (env.status === 'error' && env.errorKind === 'busy') throw new Error(env.errors?.[0]?.code ?? 'busy');
        await b.redis.eval(RECORD, 2, k.op, k.points, String(p.index), JSON.stringify(env), String(Date.now()), String(RETAIN_MS), '1');
        return;
      }
      const env = await call('runFlash', p.flash, p.subject);
      const mc = p.kind === 'mc';
      // A full pool or a replica shutting down (503) is no answer about the point: the job is
      // retried (here or on another replica) instead of recording an error for it.
      if (env.status === 'error' && env.errorKind === 'busy') throw new Error(env.errors?.[0]?.code ?? 'busy');
      const base = { index: p.index, ...p.meta };
      let result: Record<string, unknown>;
      if (env.status === 'success') {
        const pt = pointOf(env.data as Record<string, any>);
        result = mc ? { ...base, density_kg_m3: pt.density_kg_m3, compressibilityZ: pt.compressibilityZ, numberOfPhases: pt.numberOfPhases } : { ...base, ...pt };
      } else {
        result = { ...base, error: (env.errors ?? []).map((e) => `${e.code}: ${e.message}`).join('; ') || env.status };
      }
      const recorded = await b.redis.eval(RECORD, 2, k.op, k.points, String(p.index), JSON.stringify(result), String(Date.now()), String(RETAIN_MS), mc ? '0' : '1');
      // The last Monte Carlo sample: its worker adds the summary over all samples, then completes.
      if (recorded === 2 && mc) await summarize(k);
    },
    { connection: workerConnection, prefix, concurrency, lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS, maxStalledCount: 10 },
  );
  worker.on('error', () => {});

  async function summarize(k: ReturnType<typeof keysOf>): Promise<void> {
    const [points, seed] = await Promise.all([b.redis.hgetall(k.points), b.redis.hget(k.op, 'seed')]);
    const samples = Object.values(points)
      .map((t) => JSON.parse(t) as Record<string, unknown>)
      .sort((x, y) => (x.index as number) - (y.index as number));
    const good = samples.filter((r) => r.error === undefined);
    const summary = monteCarloSummary(good.map((r) => r.density_kg_m3 as number), good.map((r) => r.compressibilityZ as number), samples.length - good.length, samples.length, Number(seed));
    await b.redis.multi().hset(k.op, { summary: JSON.stringify(summary), status: 'completed', updatedMs: String(Date.now()) }).pexpire(k.op, RETAIN_MS).pexpire(k.points, RETAIN_MS).exec();
  }

  const runningKey = `${b.prefix}ops:running`;
  const jobOpts = (id: string, index: number) => ({
    // The job id makes a point's job unique; a failed run is retried, a completed one is removed.
    jobId: `${id}-${index}`,
    attempts: 8,
    backoff: { type: 'exponential', delay: 200 },
    removeOnComplete: true,
    removeOnFail: 1000,
  });

  active = {
    start: (owner, subject, type, points, seed) =>
      shared(async (): Promise<string | StartRefusal> => {
        const id = `${type === 'monte_carlo' ? 'mc' : 'sweep'}-${randomBytes(18).toString('base64url')}`;
        const k = keysOf(b.prefix, id);
        const t = Date.now();
        if (points.length > 0 && (await b.redis.eval(ADMIT, 2, runningKey, k.op, b.prefix, String(MAX_RUNNING), String(t), id, String(OPERATION_TIMEOUT_MS))) === 0) {
          return { refused: 'LIMIT_REACHED', message: `${MAX_RUNNING} operations are running on this service (every replica counted), its maximum` };
        }
        await b.redis
          .multi()
          .hset(k.op, { owner, type, status: points.length === 0 ? 'completed' : 'running', completedSteps: '0', totalSteps: String(points.length), createdMs: String(t), updatedMs: String(t), distributed: '1', ...(seed !== undefined ? { seed: String(seed) } : {}) })
          .pexpire(k.op, liveMs)
          .zadd(`${b.prefix}ops:owner:${owner}`, t, id)
          .pexpire(`${b.prefix}ops:owner:${owner}`, liveMs)
          .exec();
        await bounded(queue.addBulk(points.map((pt) => ({ name: 'point', data: { ...pt, opId: id, subject }, opts: jobOpts(id, pt.index) }))));
        return id;
      }),
    runCases: (subject, tool, inputs, deadlineMs, signal) =>
      shared(async () => {
        const id = `cases-${randomBytes(18).toString('base64url')}`;
        const k = keysOf(b.prefix, id);
        const t = Date.now();
        // Kept past the deadline by a margin, so a case finishing late still finds its operation.
        const ttl = Math.max(1, deadlineMs - t) + LOCK_MS;
        await b.redis
          .multi()
          .hset(k.op, { owner: '', type: 'cases', status: 'running', completedSteps: '0', totalSteps: String(inputs.length), createdMs: String(t), updatedMs: String(t) })
          .pexpire(k.op, ttl)
          .exec();
        await bounded(queue.addBulk(inputs.map((input, index) => ({ name: 'case', data: { kind: 'case' as const, opId: id, subject, index, tool, input }, opts: jobOpts(id, index) }))));
        try {
          // Gathered from Redis: each case's envelope is stored once (RECORD), whichever replica ran it.
          for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
            const done = Number(await b.redis.hget(k.op, 'completedSteps'));
            if (done >= inputs.length || Date.now() >= deadlineMs || signal?.aborted === true) break;
            await new Promise((r) => setTimeout(r, Math.min(wait, Math.max(1, deadlineMs - Date.now()))));
          }
          const stored = await b.redis.hgetall(k.points);
          return inputs.map((_, i) => (stored[String(i)] === undefined ? undefined : (JSON.parse(stored[String(i)]!) as Envelope<unknown>)));
        } finally {
          // Cases not run yet are skipped by the workers (the operation is no longer running).
          await b.redis.multi().hset(k.op, 'status', 'completed').pexpire(k.op, LOCK_MS).pexpire(k.points, LOCK_MS).exec();
        }
      }),
  };

  return async () => {
    active = undefined;
    await worker.close().catch(() => {});
    await queue.close().catch(() => {});
    queueConnection.disconnect();
    workerConnection.disconnect();
  };
}

/**
 * What poll hands out of a distributed operation: the results of the contiguous run of points
 * from index 0 (points finish in any order), for Monte Carlo only every MC_REPORT_EVERY-th
 * sample and then the summary once it is there — the list the local run builds.
 */
export function contiguousResults(points: Record<string, string>, type: string, summary: string | undefined): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const mc = type === 'monte_carlo';
  for (let i = 0; points[String(i)] !== undefined; i++) {
    if (!mc || (i + 1) % MC_REPORT_EVERY === 0) out.push(JSON.parse(points[String(i)]!) as Record<string, unknown>);
  }
  if (mc && summary !== undefined) out.push(JSON.parse(summary) as Record<string, unknown>);
  return out;
}
