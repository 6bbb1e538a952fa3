/**
 * The piscina worker pool behind the dispatcher (ToolPool).
 *
 * Cancellation: for a call past its time budget the dispatcher calls cancel(operationId) and we
 * terminate the thread running that task (piscina replaces it). We do not give piscina an
 * AbortSignal: piscina runs an abortable task alone on a thread and pays for the signal on every
 * task, which measured at half the throughput of the plain path. Instead our balancer records which thread each task
 * went to (the operationId rides on the task under piscina's queue-options symbol, which is not
 * sent to the worker), so the right thread can be stopped. Tasks still waiting when their budget
 * runs out are skipped by the worker (deadline check).
 *
 * Pipelining: concurrentTasksPerWorker > 1 and string replies (spec/performance-notes.md), with
 * atomics 'async' (measured ~2x the calls/s of the default blocking wait for no-op tasks).
 * Tasks the dispatcher marks `isolated` (retries after a thread died) run alone on a thread.
 */
import { Piscina, queueOptionsSymbol } from 'piscina';
import type { PoolReply, PoolTask, ToolPool } from '../tools/contract/dispatch.js';
import { attachProgressChannel } from '../tools/contract/progress-store.js';

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
}

export interface PoolStats {
  threads: number;
  queueSize: number;
  utilization: number;
  completed: number;
  runningCapacity: number;
}

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

interface WorkerView {
  readonly id: number;
  readonly currentUsage: number;
  readonly terminating: boolean;
  readonly destroyed: boolean;
}
interface TaskView {
  readonly name: string;
  readonly [queueOptionsSymbol]?: { operationId?: string } | null;
}

const ISOLATED = 'isolated';

/** Where tasks went, so a task past its budget can be stopped by terminating its thread. */
class Placement {
  /** operationId -> thread id, for tasks handed to a thread and not finished yet. */
  readonly threadOf = new Map<string, number>();
  /** Threads being terminated: they take no new tasks. */
  readonly doomed = new Set<number>();
  /** Threads running an isolated task take nothing else until that task is done. */
  readonly isolated = new Set<number>();
}

function placingBalancer(maxUsage: number, placement: Placement) {
  return (task: TaskView, workers: WorkerView[]): WorkerView | null => {
    const alone = task.name === ISOLATED;
    let best: WorkerView | null = null;
    let bestUsage = Number.POSITIVE_INFINITY;
    for (const w of workers) {
      if (w.terminating || w.destroyed || placement.doomed.has(w.id)) continue;
      const usage = w.currentUsage;
      if (placement.isolated.has(w.id)) {
        if (usage !== 0) continue;
        placement.isolated.delete(w.id);
      }
      if (alone ? usage !== 0 : usage >= maxUsage) continue;
      if (usage < bestUsage) {
        best = w;
        bestUsage = usage;
        if (usage === 0) break;
      }
    }
    if (best !== null) {
      if (alone) placement.isolated.add(best.id);
      const op = task[queueOptionsSymbol]?.operationId;
      if (op !== undefined) placement.threadOf.set(op, best.id);
    }
    return best;
  };
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
  private readonly placement = new Placement();

  constructor(options: ToolPoolOptions) {
    const filename = options.filename ?? DEFAULT_WORKER_FILE;
    this.runningCapacity = options.maxThreads * options.concurrentTasksPerWorker;
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
      loadBalancer: placingBalancer(options.concurrentTasksPerWorker, this.placement) as unknown as NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer'],
    });
    this.detachProgress = attachProgressChannel();
    let failReady: (err: unknown) => void = () => {};
    // A worker error with no task to blame (e.g. the module failed to load) must not crash the process.
    this.piscina.on('workerDestroy', (w: { id: number }) => {
      this.placement.doomed.delete(w.id);
      this.placement.isolated.delete(w.id);
    });
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
    this.inFlight++;
    try {
      return await this.piscina.run(withPlacement, { name: options.isolated ? ISOLATED : 'default' });
    } finally {
      this.placement.threadOf.delete(op);
      if (--this.inFlight === 0) this.onDrained?.();
    }
  }

  /** Stops the thread running this operation (piscina fails its other tasks and starts a replacement). */
  cancel(operationId: string): boolean {
    const id = this.placement.threadOf.get(operationId);
    if (id === undefined) return false;
    const thread = this.piscina.threads.find((w) => w.threadId === id);
    if (thread === undefined) return false;
    this.placement.doomed.add(id);
    void thread.terminate();
    return true;
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
      clearTimeout(timer);
      this.onDrained = undefined;
      this.detachProgress();
    }
  }

}
