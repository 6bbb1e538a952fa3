/**
 * Where the pool's tasks go, and when they move (the bookkeeping behind PiscinaToolPool).
 *
 * Placement rules, so that one long task delays and fails nobody else:
 *   - Only warm threads take work: a thread counts once it has loaded the worker module (piscina's
 *     'workerCreate'); a replacement for a terminated thread starts cold and would make the
 *     tasks handed to it wait for the module load.
 *   - A thread takes a second (third, ...) task while it runs one only when the work already on it
 *     is known to be short (sum of the tools' service-time estimates <= pipelineHorizonMs).
 *     Pipelining saves a message round trip (~50 us) per task, which only matters for tasks of
 *     about a millisecond; a task queued behind a long one would wait the whole of it. Tools not
 *     measured yet count as long. Otherwise the task stays in piscina's queue (kept FIFO) until
 *     any thread is free.
 *   - A task that has not started within max(stallMinMs, stallFactor x the estimated work ahead
 *     of it) is withdrawn from its thread (task-claims.ts) and submitted again; the thread takes
 *     no more pipelined work until its current task ends. This catches the call of a usually
 *     cheap tool that happens to be long.
 *   - Stopping a thread for a task past its budget first withdraws the tasks waiting behind it on
 *     that thread (they are resubmitted) and marks the ones running beside it (async tools) as
 *     collateral, which the pool runs again instead of failing them.
 */
import { queueOptionsSymbol } from 'piscina';
import type { ServiceTimes } from '../tools/contract/service-times.js';
import type { ClaimSlots } from '../tools/contract/task-claims.js';

export interface PlacementOptions {
  /** Work (ms, estimated) a thread may have on it and still take another task; default 5. */
  pipelineHorizonMs?: number;
  /** A task waiting on its thread is moved after max(stallMinMs, stallFactor x work ahead); defaults 20 ms, 4. */
  stallMinMs?: number;
  stallFactor?: number;
}

export interface WorkerView {
  readonly id: number;
  readonly currentUsage: number;
  readonly terminating: boolean;
  readonly destroyed: boolean;
}
export interface TaskView {
  readonly name: string;
  readonly [queueOptionsSymbol]?: { operationId?: string } | null;
}

export const ISOLATED = 'isolated';

const noop = (): void => {};

/** One submission of a task to piscina (a task moved to another thread gets a new one). */
export interface PlacedTask {
  readonly op: string;
  readonly tool: string;
  readonly slot: number | undefined;
  readonly isolated: boolean;
  /** Thread it was handed to, once handed. */
  thread?: number;
  placedAt: number;
  /** Moved after this time (performance.now()) if it has not started. */
  moveAfter: number;
  /** Its thread is being stopped for another task: a failure is not this task's fault. */
  collateral: boolean;
  /** Withdrawn from its thread: the pool must submit it again (set by the pool). */
  move: () => void;
  detached: boolean;
}

interface ThreadState {
  tasks: PlacedTask[];
  /** When this thread last answered a task (its next task can start no earlier). */
  lastFinish: number;
  /** Takes no pipelined work until a task of it ends. */
  stalled: boolean;
}

export class Placement {
  readonly tasks = new Map<string, PlacedTask>();
  /** Tasks submitted and not handed to a thread yet, per tool (for the expected wait). */
  private readonly unplaced = new Map<string, number>();
  private readonly threads = new Map<number, ThreadState>();
  /** Threads that have loaded the worker module. */
  private readonly warm = new Set<number>();
  /** Threads being terminated: they take no new tasks. */
  private readonly doomed = new Set<number>();
  /** Threads running an isolated task take nothing else until that task is done. */
  private readonly isolatedOn = new Set<number>();
  private readonly horizonMs: number;
  private readonly stallMinMs: number;
  private readonly stallFactor: number;

  constructor(
    private readonly times: ServiceTimes,
    private readonly claims: ClaimSlots,
    private readonly maxUsage: number,
    options: PlacementOptions = {},
  ) {
    this.horizonMs = options.pipelineHorizonMs ?? 5;
    this.stallMinMs = options.stallMinMs ?? 20;
    this.stallFactor = options.stallFactor ?? 4;
  }

  /** The watchdog's period: half the shortest time a task may wait on a busy thread. */
  get tickMs(): number {
    return Math.max(1, this.stallMinMs / 2);
  }

  threadWarm(id: number): void {
    this.warm.add(id);
  }

  threadGone(id: number): void {
    this.warm.delete(id);
    this.doomed.delete(id);
    this.isolatedOn.delete(id);
    this.threads.delete(id);
  }

  register(op: string, tool: string, slot: number | undefined, isolated: boolean): PlacedTask {
    const placed: PlacedTask = { op, tool, slot, isolated, placedAt: 0, moveAfter: Number.POSITIVE_INFINITY, collateral: false, move: noop, detached: false };
    this.tasks.set(op, placed);
    this.unplaced.set(tool, (this.unplaced.get(tool) ?? 0) + 1);
    return placed;
  }

  private leaveQueue(tool: string): void {
    const n = (this.unplaced.get(tool) ?? 1) - 1;
    if (n <= 0) this.unplaced.delete(tool);
    else this.unplaced.set(tool, n);
  }

  /**
   * Expected wait (ms) before a task submitted now could start, from the service-time estimates:
   * each of the `slots` threads that run side by side is busy for the estimated rest of the work
   * on it (a task past its estimate is given a quarter of it again); tasks not yet on a thread
   * spread over them. With nothing queued the wait is the earliest thread's; with a queue, the
   * queue's work shared over all slots (never less than the earliest thread).
   */
  expectedWaitMs(now: number, slots: number, unknownToolMs: number): number {
    const est = (tool: string): number => this.times.estimate(tool) ?? unknownToolMs;
    const busy: number[] = [];
    for (const [id, state] of this.threads) {
      if (this.doomed.has(id) || state.tasks.length === 0) {
        busy.push(0);
        continue;
      }
      let work = 0;
      for (const t of state.tasks) work += est(t.tool);
      const head = state.tasks[0]!;
      const elapsed = now - Math.max(head.placedAt, state.lastFinish);
      const headEst = est(head.tool);
      busy.push(work - headEst + Math.max(headEst - elapsed, headEst / 4));
    }
    while (busy.length < slots) busy.push(0);
    busy.sort((a, b) => a - b);
    busy.length = slots;
    let queued = 0;
    for (const [tool, n] of this.unplaced) queued += n * est(tool);
    const earliest = busy[0]!;
    if (queued === 0) return earliest;
    let total = queued;
    for (const b of busy) total += b;
    return Math.max(earliest, total / slots);
  }

  private workAheadMs(state: ThreadState): number {
    let sum = 0;
    for (const t of state.tasks) sum += this.times.estimate(t.tool) ?? Number.POSITIVE_INFINITY;
    return sum;
  }

  /** piscina's loadBalancer: a thread for the task, or null to keep it queued. */
  readonly balancer = (task: TaskView, workers: WorkerView[]): WorkerView | null => {
    const op = task[queueOptionsSymbol]?.operationId;
    const placed = op === undefined ? undefined : this.tasks.get(op);
    const alone = task.name === ISOLATED;
    let best: WorkerView | null = null;
    let bestUsage = Number.POSITIVE_INFINITY;
    for (const w of workers) {
      if (w.terminating || w.destroyed || this.doomed.has(w.id) || !this.warm.has(w.id)) continue;
      const usage = w.currentUsage;
      if (this.isolatedOn.has(w.id)) {
        if (usage !== 0) continue;
        this.isolatedOn.delete(w.id);
      }
      if (usage !== 0) {
        if (alone || usage >= this.maxUsage) continue;
        const state = this.threads.get(w.id);
        if (state !== undefined && (state.stalled || this.workAheadMs(state) > this.horizonMs)) continue;
      }
      if (usage < bestUsage) {
        best = w;
        bestUsage = usage;
        if (usage === 0) break;
      }
    }
    if (best !== null) {
      if (alone) this.isolatedOn.add(best.id);
      if (placed !== undefined) this.place(placed, best.id);
    }
    return best;
  };

  private place(placed: PlacedTask, thread: number): void {
    let state = this.threads.get(thread);
    if (state === undefined) {
      state = { tasks: [], lastFinish: 0, stalled: false };
      this.threads.set(thread, state);
    }
    const now = performance.now();
    const ahead = state.tasks.length === 0 ? 0 : this.workAheadMs(state);
    if (placed.thread === undefined && !placed.detached) this.leaveQueue(placed.tool);
    placed.thread = thread;
    placed.placedAt = now;
    placed.moveAfter = state.tasks.length === 0 ? Number.POSITIVE_INFINITY : now + Math.max(this.stallMinMs, this.stallFactor * ahead);
    state.tasks.push(placed);
  }

  /** Takes a task off its thread's list (answered, failed or moved). */
  detach(placed: PlacedTask): void {
    if (placed.detached) return;
    placed.detached = true;
    if (this.tasks.get(placed.op) === placed) this.tasks.delete(placed.op);
    if (placed.thread === undefined) this.leaveQueue(placed.tool);
    const state = placed.thread === undefined ? undefined : this.threads.get(placed.thread);
    if (state === undefined) return;
    const i = state.tasks.indexOf(placed);
    if (i >= 0) state.tasks.splice(i, 1);
  }

  /**
   * A task answered: its service time is the busy time its worker reported (busyMs), else the time
   * since its thread could start it (placement, or the previous answer of that thread when it was
   * queued behind others), which includes the main thread's delay in reading the reply.
   */
  finish(placed: PlacedTask, now: number, sample: boolean, busyMs?: number): void {
    const state = placed.thread === undefined ? undefined : this.threads.get(placed.thread);
    if (state !== undefined) {
      if (sample) this.times.observe(placed.tool, busyMs ?? now - Math.max(placed.placedAt, state.lastFinish), now);
      state.lastFinish = now;
      state.stalled = false;
    }
    this.detach(placed);
  }

  /** Withdraws a task that has not started; true when it will now never run where it was. */
  private withdraw(placed: PlacedTask): boolean {
    return placed.slot !== undefined && this.claims.withdraw(placed.slot);
  }

  private moveElsewhere(placed: PlacedTask): void {
    this.detach(placed);
    placed.move();
  }

  /**
   * Cancels one task: a task not started yet is withdrawn (its thread keeps running); a running
   * one has its thread terminated, after its neighbours are withdrawn and resubmitted or marked
   * collateral. Returns the thread to terminate, if any.
   */
  cancel(op: string): number | undefined {
    const placed = this.tasks.get(op);
    if (placed === undefined) return undefined;
    if (this.withdraw(placed)) {
      this.detach(placed);
      return undefined;
    }
    const thread = placed.thread;
    if (thread === undefined) return undefined;
    const state = this.threads.get(thread);
    if (state !== undefined) {
      const now = performance.now();
      this.times.observe(placed.tool, now - Math.max(placed.placedAt, state.lastFinish), now);
      for (const other of [...state.tasks]) {
        if (other === placed) continue;
        if (this.withdraw(other)) this.moveElsewhere(other);
        else other.collateral = true;
      }
    }
    this.doomed.add(thread);
    this.detach(placed);
    return thread;
  }

  /** Watchdog: moves tasks that have waited on a busy thread too long; true while any task is placed. */
  tick(now: number): boolean {
    let any = false;
    for (const state of this.threads.values()) {
      if (state.tasks.length === 0) continue;
      any = true;
      for (const t of [...state.tasks]) {
        if (now <= t.moveAfter || (t.slot !== undefined && this.claims.started(t.slot))) continue;
        if (this.withdraw(t)) {
          state.stalled = true;
          this.moveElsewhere(t);
        }
      }
    }
    return any || this.tasks.size > 0;
  }
}
