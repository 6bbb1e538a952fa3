/**
 * The piscina worker pool behind the dispatcher (ToolPool). Every task carries an AbortSignal so
 * a call past its time budget terminates the thread running it; piscina's default balancer would
 * then run each task alone on a thread, so a small balancer of our own keeps
 * concurrentTasksPerWorker > 1 (the cheap path of spec/performance-notes.md) and only isolates the
 * tasks the dispatcher asks to run alone (retries after a thread died).
 */
import { Piscina } from 'piscina';
import type { PoolTask, ToolPool } from '../tools/dispatch.js';
import { attachProgressChannel } from '../tools/progress-store.js';

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
   * 'async' keeps an idle worker's event loop running (piscina otherwise parks it in a blocking
   * Atomics.wait): needed when tracing is on, so worker spans are exported between tasks.
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

interface WorkerView {
  readonly id: number;
  readonly currentUsage: number;
  readonly terminating: boolean;
  readonly destroyed: boolean;
}
interface TaskView {
  readonly name: string;
}

const ISOLATED = 'isolated';

function sharingBalancer(maxUsage: number) {
  // Threads running an isolated task take nothing else until that task is done.
  const isolatedThreads = new Set<number>();
  return (task: TaskView, workers: WorkerView[]): WorkerView | null => {
    const alone = task.name === ISOLATED;
    let best: WorkerView | null = null;
    let bestUsage = Number.POSITIVE_INFINITY;
    for (const w of workers) {
      if (w.terminating || w.destroyed) continue;
      // piscina reports Infinity for a thread running exactly one abortable task; every task is abortable here.
      const usage = w.currentUsage === Number.POSITIVE_INFINITY ? 1 : w.currentUsage;
      if (isolatedThreads.has(w.id)) {
        if (usage !== 0) continue;
        isolatedThreads.delete(w.id);
      }
      if (alone ? usage !== 0 : usage >= maxUsage) continue;
      if (usage < bestUsage) {
        best = w;
        bestUsage = usage;
        if (usage === 0) break;
      }
    }
    if (best !== null && alone) isolatedThreads.add(best.id);
    return best;
  };
}

export class PiscinaToolPool implements ToolPool {
  readonly runningCapacity: number;
  private readonly piscina: Piscina<PoolTask, string>;
  private readonly readyPromise: Promise<void>;
  private closingFlag = false;
  /** Stops feeding getProgress from this pool's workers. */
  private readonly detachProgress: () => void;

  constructor(options: ToolPoolOptions) {
    const filename = options.filename ?? DEFAULT_WORKER_FILE;
    this.runningCapacity = options.maxThreads * options.concurrentTasksPerWorker;
    this.piscina = new Piscina<PoolTask, string>({
      filename: filename instanceof URL ? filename.href : filename,
      minThreads: options.minThreads,
      maxThreads: options.maxThreads,
      concurrentTasksPerWorker: options.concurrentTasksPerWorker,
      maxQueue: Math.max(1, options.maxQueue),
      // Threads above minThreads go after a minute idle; respawning costs a module load.
      idleTimeout: 60_000,
      ...(options.atomics !== undefined ? { atomics: options.atomics } : {}),
      loadBalancer: sharingBalancer(options.concurrentTasksPerWorker) as unknown as NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer'],
    });
    this.detachProgress = attachProgressChannel();
    let failReady: (err: unknown) => void = () => {};
    // A worker error with no task to blame (e.g. the module failed to load) must not crash the process.
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

  run(task: PoolTask, options: { signal: AbortSignal; isolated: boolean }): Promise<string> {
    return this.piscina.run(task, { signal: options.signal, name: options.isolated ? ISOLATED : 'default' });
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

  /** Lets started tasks finish (up to timeoutMs), then stops every thread. */
  async close(timeoutMs = 30_000): Promise<void> {
    if (this.closingFlag) return;
    this.closingFlag = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([this.piscina.close().then(() => 'closed' as const), timedOut]);
      if (outcome === 'timeout') await this.piscina.destroy();
    } catch {
      await this.piscina.destroy();
    } finally {
      clearTimeout(timer);
      this.detachProgress();
    }
  }
}
