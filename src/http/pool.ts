/**
 * The piscina worker pool behind the dispatcher (ToolPool).
 *
 * Cancellation: for a call past its time budget the dispatcher calls cancel(operationId). A task
 * still waiting on its thread is withdrawn through a shared claim flag (src/tools/contract/task-claims.ts)
 * and never runs; only a task that is actually running has its thread terminated (piscina
 * replaces it). We do not give piscina an AbortSignal: piscina runs an abortable task alone on a
 * thread and pays for the signal on every task, which measured at half the throughput of the
 * plain path. Instead our balancer records which thread each task went to (the operationId rides
 * on the task under piscina's queue-options symbol, which is not sent to the worker).
 *
 * One long task costs nobody else (src/http/pool-placement.ts): tasks are pipelined only behind
 * work known to be short, tasks stuck behind a long neighbour are moved to another thread, tasks
 * beside a terminated one are run again rather than failed, and only warm threads take work.
 * Each task's service time for the shedding policy (src/tools/contract/service-times.ts) is the busy
 * time its worker reports with the reply (worker-report.ts), not the time until the main thread read
 * the reply: under a saturated main thread that included its lag and made cheap tools look costly.
 * That lag (reply posted -> read here) is recorded on its own for the admission policy.
 *
 * Pipelining: concurrentTasksPerWorker > 1 and string replies (spec/performance-notes.md), with
 * atomics 'async' (measured ~2x the calls/s of the default blocking wait for no-op tasks).
 * Tasks the dispatcher marks `isolated` (retries after a thread died) run alone on a thread.
 */
import { Piscina, queueOptionsSymbol } from 'piscina';
import { availableParallelism } from 'node:os';
import type { PoolReply, PoolTask, ToolPool } from '../tools/contract/dispatch.js';
import { attachProgressChannel } from '../tools/contract/progress-store.js';
import { ServiceTimes } from '../tools/contract/service-times.js';
import { workerTimesOf } from '../tools/contract/worker-report.js';
import { ClaimSlots, CLAIMS_KEY, WITHDRAWN_REPLY } from '../tools/contract/task-claims.js';
import { ISOLATED, Placement, type PlacedTask, type PlacementOptions } from './pool-placement.js';

export interface ToolPoolOptions {
  /** Compiled worker module (default: dist/workers/tool-worker.js next to this build). */
  filename?: string | URL;
  minThreads: number;
  maxThreads: number;
  concurrentTasksPerWorker: number;
  /** Bound on piscina's own queue; admission control in the dispatcher normally answers first. */
  maxQueue: number;
  onError?: (err: unknown) => void;
  /**
   * 'async' (default) keeps an idle worker's event loop running (progress messages and timers
   * of a task keep flowing); 'sync' parks idle workers in a blocking wait.
   */
  atomics?: 'sync' | 'async';
  /** Pipelining and task-moving thresholds (pool-placement.ts). */
  placement?: PlacementOptions;
}

export interface PoolStats {
  threads: number;
  queueSize: number;
  utilization: number;
  completed: number;
  runningCapacity: number;
}

/** run(): the task was withdrawn from a stuck thread and is submitted again. */
const MOVED = Symbol('moved');
/** run(): the task's thread died under it; innocent when it may simply run again. */
interface Died {
  err: unknown;
  innocent: boolean;
}
/** A task is run again at most this many times for others' faults (moves are not counted). */
const MAX_REQUEUES = 3;

export const DEFAULT_WORKER_FILE = new URL('../../workers/tool-worker.js', import.meta.url);

/**
 * Worker threads load their module with import(), not require(). piscina tries require() first,
 * and on Node versions where require() can load ES modules (20.19+, 22.12+) that goes through
 * V8's synchronous instantiation, which aborts the whole process (FATAL "IsGraphAsync must be used
 * on an instantiated module") when the thread is terminated during it, as a cancellation may do
 * to a thread still starting. Turning require(esm) off in the workers makes require() fail fast
 * and piscina fall back to import(), whose asynchronous loader survives termination.
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const off = '--no-experimental-require-module';
  return process.allowedNodeEnvironmentFlags.has(off) && !parent.includes(off) ? [...parent, off] : [...parent];
}

export class PiscinaToolPool implements ToolPool {
  readonly runningCapacity: number;
  private readonly piscina: Piscina<PoolTask, PoolReply>;
  private readonly readyPromise: Promise<void>;
  private closingFlag = false;
  /** Tasks handed to piscina and not settled yet (our own count: see close()). */
  private inFlight = 0;
  private onDrained: (() => void) | undefined;
  /** Stops feeding getProgress from this pool's workers. */
  private readonly detachProgress: () => void;
  /** Service-time estimates measured here, read by the dispatcher's shedding policy. */
  readonly serviceTimes = new ServiceTimes();
  /** Threads that can run CPU-bound tasks side by side (pipelined tasks on one thread take turns). */
  readonly parallelism: number;
  private readonly claims: ClaimSlots;
  private readonly placement: Placement;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(options: ToolPoolOptions) {
    const filename = options.filename ?? DEFAULT_WORKER_FILE;
    this.runningCapacity = options.maxThreads * options.concurrentTasksPerWorker;
    this.parallelism = Math.max(1, Math.min(options.maxThreads, availableParallelism()));
    // One flag per task that can be in flight, twice over for tasks moved while their old copy still waits.
    this.claims = new ClaimSlots(2 * (this.runningCapacity + Math.max(1, options.maxQueue)) + 64);
    this.placement = new Placement(this.serviceTimes, this.claims, options.concurrentTasksPerWorker, options.placement);
    this.piscina = new Piscina<PoolTask, PoolReply>({
      filename: filename instanceof URL ? filename.href : filename,
      execArgv: workerExecArgv(),
      minThreads: options.minThreads,
      maxThreads: options.maxThreads,
      concurrentTasksPerWorker: options.concurrentTasksPerWorker,
      maxQueue: Math.max(1, options.maxQueue),
      // Threads above minThreads go after a minute idle; respawning costs a module load.
      idleTimeout: 60_000,
      atomics: options.atomics ?? 'async',
      // A task the balancer cannot place yet goes back to the head of the queue, not the tail.
      stricterFIFO: true,
      workerData: { [CLAIMS_KEY]: this.claims.flags },
      loadBalancer: this.placement.balancer as unknown as NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer'],
    });
    this.detachProgress = attachProgressChannel();
    let failReady: (err: unknown) => void = () => {};
    // A worker error with no task to blame (e.g. the module failed to load) must not crash the process.
    this.piscina.on('workerDestroy', (w: { id: number }) => this.placement.threadGone(w.id));
    // Emitted once a thread has loaded the worker module: only then does it take tasks.
    this.piscina.on('workerCreate', (w: { id: number }) => this.placement.threadWarm(w.id));
    this.piscina.on('error', (err: unknown) => {
      failReady(err);
      options.onError?.(err);
    });
    const wanted = options.minThreads;
    this.readyPromise = new Promise<void>((resolve, reject) => {
      failReady = reject;
      if (wanted === 0) return resolve();
      let created = 0;
      const onCreate = (): void => {
        if (++created >= wanted) {
          this.piscina.off('workerCreate', onCreate);
          resolve();
        }
      };
      this.piscina.on('workerCreate', onCreate);
    });
  }

  /** Resolves once minThreads threads have loaded the worker module; rejects if they cannot. */
  ready(timeoutMs = 60_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the worker pool did not start within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.readyPromise, timeout]).finally(() => clearTimeout(timer));
  }

  get closing(): boolean {
    return this.closingFlag;
  }

  async run(task: PoolTask, options: { isolated: boolean }): Promise<PoolReply> {
    const op = task.operationId;
    // The symbol-keyed options are read by our balancer and are not structured-cloned to the worker.
    const withPlacement = Object.assign(task, { [queueOptionsSymbol]: { operationId: op } });
    const name = options.isolated ? ISOLATED : 'default';
    this.inFlight++;
    this.startWatchdog();
    try {
      // Each pass submits the task once; it passes again when the task was moved off a stuck
      // thread or failed only because a neighbour's thread was stopped.
      let requeues = 0;
      for (;;) {
        const slot = this.claims.alloc();
        if (slot === undefined) delete task.claim;
        else task.claim = slot;
        const placed = this.placement.register(op, task.tool, slot, options.isolated);
        // One promise per pass settles with the reply, MOVED, or the thread's death (with the
        // verdict on whether the task was innocent, taken before its claim flag is released:
        // the worker reads the flag no more once its copy has answered or died).
        const outcome = await new Promise<PoolReply | typeof MOVED | Died>((resolve) => {
          placed.move = () => resolve(MOVED);
          this.piscina.run(withPlacement, { name }).then(
            (reply) => {
              if (slot !== undefined) this.claims.release(slot);
              resolve(reply);
            },
            (err: unknown) => {
              // Its thread died under it: run it again if that was a neighbour's doing (stopped
              // for its budget) or if it never started there (so it cannot have killed the thread).
              const innocent = placed.collateral || (placed.thread !== undefined && slot !== undefined && this.claims.withdraw(slot));
              if (slot !== undefined) this.claims.release(slot);
              resolve({ err, innocent });
            },
          );
        });
        if (typeof outcome === 'object') {
          this.placement.detach(placed);
          if (outcome.innocent && !this.closingFlag && requeues++ < MAX_REQUEUES) continue;
          throw outcome.err;
        }
        if (outcome === MOVED) continue;
        this.finish(placed, outcome);
        if (outcome === WITHDRAWN_REPLY) throw new Error('the task was withdrawn before it started');
        return outcome;
      }
    } finally {
      if (--this.inFlight === 0) this.onDrained?.();
    }
  }

  private finish(placed: PlacedTask, reply: PoolReply): void {
    const now = performance.now();
    if (reply === WITHDRAWN_REPLY) return this.placement.finish(placed, now, false);
    const times = workerTimesOf(reply);
    if (times !== undefined) this.serviceTimes.observeReplyLag(Math.max(0, performance.timeOrigin + now - times.endEpochMs), now);
    this.placement.finish(placed, now, true, times?.busyMs);
  }

  /** Expected wait (ms) of a task submitted now (pool-placement.ts); tools not measured yet count unknownToolMs. */
  expectedWaitMs(unknownToolMs: number): number {
    return this.placement.expectedWaitMs(performance.now(), this.parallelism, unknownToolMs);
  }

  /** Checks for tasks stuck behind a long neighbour while any task is placed (pool-placement.ts). */
  private startWatchdog(): void {
    if (this.watchdog !== undefined) return;
    this.watchdog = setInterval(() => {
      if (!this.placement.tick(performance.now())) this.stopWatchdog();
    }, this.placement.tickMs);
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  /**
   * Cancels this operation: withdrawn if it has not started; otherwise its thread is terminated
   * (tasks waiting behind it move to other threads, tasks running beside it are run again).
   * Returns true when a thread was terminated.
   */
  cancel(operationId: string): boolean {
    const id = this.placement.cancel(operationId);
    if (id === undefined) return false;
    const thread = this.piscina.threads.find((w) => w.threadId === id);
    if (thread === undefined) return false;
    void thread.terminate();
    return true;
  }

  /** True once a worker thread has started this operation's task (and it has not ended). */
  isRunning(operationId: string): boolean {
    const slot = this.placement.tasks.get(operationId)?.slot;
    return slot !== undefined && this.claims.started(slot);
  }

  /** Thread ids of the live workers (a terminated thread's id never comes back). */
  threadIds(): number[] {
    return this.piscina.threads.map((w) => w.threadId);
  }

  stats(): PoolStats {
    return {
      threads: this.piscina.threads.length,
      queueSize: this.piscina.queueSize,
      utilization: this.piscina.utilization,
      completed: this.piscina.completed,
      runningCapacity: this.runningCapacity,
    };
  }

  /**
   * Lets started tasks finish (up to timeoutMs), then stops every thread. The drain counts our
   * own in-flight tasks rather than using piscina's close(): piscina 5.3's close() counts a worker
   * once per registered callback, so with two or more threads it can decide the pool is idle
   * while another thread still runs tasks, destroy it, and fail those calls (seen as "Unexpected
   * message from Worker" when their replies arrive).
   */
  async close(timeoutMs = 30_000): Promise<void> {
    if (this.closingFlag) return;
    this.closingFlag = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (this.inFlight > 0) {
        await new Promise<void>((resolve) => {
          this.onDrained = resolve;
          timer = setTimeout(resolve, timeoutMs);
        });
      }
      await this.piscina.destroy();
    } finally {
      this.stopWatchdog();
      clearTimeout(timer);
      this.onDrained = undefined;
      this.detachProgress();
    }
  }

}
