/**
 * Service-time estimates per tool and the admission policy built on them (load shedding by
 * expected wait).
 *
 * ServiceTimes keeps an exponentially time-weighted moving average (EWMA) of how long one call of
 * each tool keeps a worker thread busy. The pool feeds it with the busy time each worker reports with
 * its reply (src/http/pool.ts, worker-report.ts: measured in the worker, so neither waiting behind
 * pipelined neighbours nor the main thread's delay in reading replies is counted); a dispatcher without such a pool feeds it whole call times instead.
 *
 * Admission (shouldShed): a new call expects to wait W before a thread can start it. The pool
 * computes W from what is on each thread and in its queue (src/http/pool-placement.ts); without
 * such a pool, W is the admitted work (sum over tools of calls in flight x their estimate) shared
 * over the `parallelism` threads, or 0 while fewer calls than threads are in flight. The call then
 * runs for its own estimate S. It is refused at once with 503 and a Retry-After when W exceeds
 * the smaller of
 *   - budget - S: the call would most likely still be waiting or running when its time budget
 *     runs out, so it would end in 504 after holding a queue place (and the client's patience);
 *   - max(minWaitMs, waitFactor x S x runningCapacity / parallelism): the queue target. The
 *     product S x runningCapacity / parallelism is the wait such a call sees when every running
 *     slot is taken by calls like it (the pool exactly at capacity), so admitted calls wait at
 *     most waitFactor times what they wait at capacity, however many clients push. The floor
 *     keeps microsecond tools from being refused over estimate noise. A cheap call arriving
 *     while long calls fill every thread and the queue is refused too: it would wait for them.
 * The main thread's lag counts too: how long a worker's reply waited before the main thread read
 * it (measured per reply from the worker's clock, ServiceTimes.observeReplyLag). When the main
 * thread is the bound (cheap tools under many clients: it parses, hands off and writes every
 * call), a new call waits about that long behind the others whatever the pool's queue says.
 * That wait has its own target, max(the call's queue target, waitFactor x minWaitMs): a few ms
 * behind 50 clients of a 30 us tool is the main thread's normal working state, not an overload.
 * An idle pool (W = 0) admits every call, so a tool whose estimate exceeds its budget (after a run
 * of timeouts, say) is never starved and its estimate keeps being refreshed.
 * Retry-After is the time for the backlog to drain back under the limit, rounded up to whole seconds.
 */

/**
 * Samples lose weight with age at this time constant (ms). Averaging over time rather than over
 * the last n samples matters for cheap tools: at thousands of calls a second their samples come
 * in bursts (a thread's replies are read together after the main thread was busy, so one sample
 * holds the whole gap and the next ones hold almost nothing), and a per-sample average of the
 * last few swings by an order of magnitude while the time average stays at the true cost per call.
 * A tool called once in a while is estimated from its last few calls.
 */
const DEFAULT_DECAY_MS = 1_000;

export class ServiceTimes {
  private readonly byTool = new Map<string, { sum: number; weight: number; at: number }>();

  constructor(private readonly decayMs = DEFAULT_DECAY_MS) {}

  /** Records one measured service time (ms) taken at `now` (performance.now() by default). */
  observe(tool: string, ms: number, now = performance.now()): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const s = this.byTool.get(tool);
    if (s === undefined) {
      this.byTool.set(tool, { sum: ms, weight: 1, at: now });
      return;
    }
    const keep = now > s.at ? Math.exp((s.at - now) / this.decayMs) : 1;
    s.sum = s.sum * keep + ms;
    s.weight = s.weight * keep + 1;
    s.at = Math.max(s.at, now);
  }

  /** Estimated service time of one call (ms): the time-weighted mean of its samples; undefined before the first. */
  estimate(tool: string): number | undefined {
    const s = this.byTool.get(tool);
    return s === undefined ? undefined : s.sum / s.weight;
  }

  /** Records how long a worker's reply waited for the main thread to read it (ms). */
  observeReplyLag(ms: number, now = performance.now()): void {
    this.observe(REPLY_LAG, ms, now);
  }

  /**
   * The main thread's recent lag in reading replies (ms): undefined before the first reply and
   * once no reply has been read for a time constant (an old lag says nothing about now).
   */
  replyLagMs(now = performance.now()): number | undefined {
    const s = this.byTool.get(REPLY_LAG);
    return s === undefined || now - s.at > this.decayMs ? undefined : s.sum / s.weight;
  }
}

/** The key of the reply-lag samples (no tool name is empty). */
const REPLY_LAG = '';

export interface ShedPolicy {
  /** Admitted calls wait at most this many times their wait at capacity (0: only the budget bounds the wait). */
  waitFactor: number;
  /** The queue target is never below this (ms). */
  minWaitMs: number;
  /** Estimate used for a tool not measured yet (ms). */
  unknownToolMs: number;
}

export const DEFAULT_SHED_POLICY: ShedPolicy = { waitFactor: 2, minWaitMs: 5, unknownToolMs: 10 };

export interface ShedDecision {
  /** Expected wait before the call could start (ms). */
  waitMs: number;
  /** The longest expected wait at which it would have been admitted (ms). */
  limitMs: number;
  /** Whole seconds after which a retry is expected to be admitted. */
  retryAfterS: number;
  /** Which bound refused the call. */
  reason: 'budget' | 'queue target';
}

/** Counts of admitted calls per tool and the shedding decision for the next one (see the file comment). */
export class Admission {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly times: ServiceTimes,
    private readonly policy: ShedPolicy,
    private readonly runningCapacity: number,
    private readonly parallelism: number,
    /** The pool's own estimate of the wait, given the estimate to use for unmeasured tools. */
    private readonly poolWaitMs?: (unknownToolMs: number) => number,
  ) {}

  private estimate(tool: string): number {
    return this.times.estimate(tool) ?? this.policy.unknownToolMs;
  }

  /** Wait (ms) for the main thread: its recent lag in reading replies (see the file comment). */
  private mainThreadWaitMs(): number {
    return this.times.replyLagMs() ?? 0;
  }

  /** Expected wait (ms) of a call admitted now, before it can start. */
  expectedWaitMs(): number {
    return Math.max(this.workerWaitMs(), this.mainThreadWaitMs());
  }

  /** Expected wait (ms) for a worker thread. */
  private workerWaitMs(): number {
    if (this.poolWaitMs !== undefined) return this.poolWaitMs(this.policy.unknownToolMs);
    let calls = 0;
    let backlog = 0;
    for (const [tool, n] of this.inFlight) {
      calls += n;
      backlog += n * this.estimate(tool);
    }
    return calls < this.parallelism ? 0 : backlog / this.parallelism;
  }

  /** null: admit; otherwise why and for how long the call is refused. */
  shouldShed(tool: string, budgetMs: number): ShedDecision | null {
    if (this.inFlight.size === 0) return null;
    const workerWait = this.workerWaitMs();
    const mainWait = this.mainThreadWaitMs();
    if (workerWait === 0 && mainWait === 0) return null;
    const s = this.estimate(tool);
    const budgetRoom = Math.max(0, budgetMs - s);
    const { waitFactor, minWaitMs } = this.policy;
    const target = waitFactor > 0 ? Math.max(minWaitMs, (waitFactor * s * this.runningCapacity) / this.parallelism) : Number.POSITIVE_INFINITY;
    const limitMs = Math.min(budgetRoom, target);
    // The main thread's queue target: never below waitFactor x the floor (see the file comment).
    const mainTarget = Math.max(target, waitFactor * minWaitMs);
    const mainLimitMs = Math.min(budgetRoom, mainTarget);
    let waitMs: number;
    let limit: number;
    let byBudget: boolean;
    if (workerWait > limitMs) [waitMs, limit, byBudget] = [workerWait, limitMs, budgetRoom <= target];
    else if (mainWait > mainLimitMs) [waitMs, limit, byBudget] = [mainWait, mainLimitMs, budgetRoom <= mainTarget];
    else return null;
    return {
      waitMs,
      limitMs: limit,
      retryAfterS: Math.min(3600, Math.max(1, Math.ceil((waitMs - limit) / 1000))),
      reason: byBudget ? 'budget' : 'queue target',
    };
  }

  enter(tool: string): void {
    this.inFlight.set(tool, (this.inFlight.get(tool) ?? 0) + 1);
  }

  leave(tool: string): void {
    const n = (this.inFlight.get(tool) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(tool);
    else this.inFlight.set(tool, n);
  }
}
