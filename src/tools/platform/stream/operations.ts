/**
 * streamSimulation's background operations: each is a list of steps run one after the other on
 * the main thread's event loop (every step a tool call into the worker pool), whose results a
 * caller polls incrementally. Bounded: 20 running at once on the server, 5 per owner, 900 s per
 * operation; finished ones are kept 30 minutes for polling. Owner-scoped like sessions.
 * With REDIS_URL set, an OperationMirror (shared-operations.ts) copies each operation's state and
 * results to Redis as it runs, so poll, list and cancel work on any replica; the steps still run
 * from the replica that started the operation (its pool threads).
 */
import { randomBytes } from 'node:crypto';

export const MAX_RUNNING = 20;
export const MAX_RUNNING_PER_OWNER = 5;
export const OPERATION_TIMEOUT_MS = 900_000;
export const RETAIN_MS = 30 * 60_000;
const MAX_KEPT = 500;

export type OperationStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'timed_out';
export type OperationType = 'parametric_sweep' | 'monte_carlo';

export interface Operation {
  id: string;
  owner: string;
  type: OperationType;
  status: OperationStatus;
  completedSteps: number;
  totalSteps: number;
  results: Record<string, unknown>[];
  error?: string;
  createdMs: number;
  updatedMs: number;
  cancelRequested: boolean;
}

/** One step: its result (or undefined for none), given the results so far. */
export type Step = () => Promise<Record<string, unknown> | undefined>;

/** The shared copy of operations (Redis), read by replicas that do not run them. */
export interface OperationMirror {
  /** Write-behind, in order (one connection): started, each step, the end. */
  started(op: Operation): void;
  stepped(op: Operation, result: Record<string, unknown> | undefined): void;
  ended(op: Operation): void;
  /** Whether a cancel was asked for on another replica. */
  cancelAsked(id: string): Promise<boolean>;
  get(id: string, owner: string): Promise<Operation | undefined>;
  list(owner: string): Promise<Operation[]>;
  requestCancel(id: string, owner: string): Promise<Operation | undefined>;
}

export type StartOutcome = { ok: true; op: Operation } | { ok: false; code: 'LIMIT_REACHED' | 'CONCURRENCY_LIMIT'; message: string };

export class OperationStore {
  private readonly ops = new Map<string, Operation>();
  private mirror: OperationMirror | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  useMirror(m: OperationMirror | undefined): void {
    this.mirror = m;
  }

  get shared(): boolean {
    return this.mirror !== undefined;
  }

  private prune(): void {
    const t = this.now();
    for (const [id, op] of this.ops) if (op.status !== 'running' && t - op.updatedMs > RETAIN_MS) this.ops.delete(id);
    // Beyond the cap the oldest finished operations go first.
    if (this.ops.size > MAX_KEPT) {
      for (const [id, op] of this.ops) {
        if (this.ops.size <= MAX_KEPT) break;
        if (op.status !== 'running') this.ops.delete(id);
      }
    }
  }

  /**
   * Starts an operation: its steps run in the background; `finish` (optional) adds a last result
   * from all the others once they are done.
   */
  start(owner: string, type: OperationType, prefix: string, steps: Step[], finish?: (results: Record<string, unknown>[]) => Record<string, unknown>): StartOutcome {
    this.prune();
    const running = [...this.ops.values()].filter((o) => o.status === 'running');
    if (running.length >= MAX_RUNNING) return { ok: false, code: 'LIMIT_REACHED', message: `${MAX_RUNNING} operations are running on this server, its maximum` };
    if (running.filter((o) => o.owner === owner).length >= MAX_RUNNING_PER_OWNER) return { ok: false, code: 'CONCURRENCY_LIMIT', message: `You have ${MAX_RUNNING_PER_OWNER} operations running, the maximum per caller` };
    const t = this.now();
    const op: Operation = { id: `${prefix}-${randomBytes(18).toString('base64url')}`, owner, type, status: 'running', completedSteps: 0, totalSteps: steps.length, results: [], createdMs: t, updatedMs: t, cancelRequested: false };
    this.ops.set(op.id, op);
    this.mirror?.started(op);
    void this.drive(op, steps, finish);
    return { ok: true, op };
  }

  private async drive(op: Operation, steps: Step[], finish?: (results: Record<string, unknown>[]) => Record<string, unknown>): Promise<void> {
    try {
      for (const step of steps) {
        if (!op.cancelRequested && this.mirror !== undefined) op.cancelRequested = await this.mirror.cancelAsked(op.id).catch(() => false);
        if (op.cancelRequested) return this.end(op, 'cancelled');
        if (this.now() - op.createdMs > OPERATION_TIMEOUT_MS) return this.end(op, 'timed_out', `stopped after ${OPERATION_TIMEOUT_MS / 1000} s`);
        const r = await step();
        if (r !== undefined) op.results.push(r);
        op.completedSteps++;
        op.updatedMs = this.now();
        this.mirror?.stepped(op, r);
      }
      if (op.cancelRequested) return this.end(op, 'cancelled');
      if (finish !== undefined) {
        const last = finish(op.results);
        op.results.push(last);
        this.mirror?.stepped(op, last);
      }
      this.end(op, 'completed');
    } catch (err) {
      this.end(op, 'failed', err instanceof Error ? err.message : String(err));
    }
  }

  private end(op: Operation, status: OperationStatus, error?: string): void {
    op.status = status;
    if (error !== undefined) op.error = error;
    op.updatedMs = this.now();
    this.mirror?.ended(op);
  }

  get(id: string, owner: string): Operation | undefined {
    this.prune();
    const op = this.ops.get(id);
    return op !== undefined && op.owner === owner ? op : undefined;
  }

  list(owner: string): Operation[] {
    this.prune();
    return [...this.ops.values()].filter((o) => o.owner === owner);
  }

  /** Asks a running operation to stop after its current step. */
  cancel(id: string, owner: string): Operation | undefined {
    const op = this.get(id, owner);
    if (op !== undefined && op.status === 'running') op.cancelRequested = true;
    return op;
  }

  /** get, or from the shared copy when another replica runs it (rejects when Redis fails). */
  async find(id: string, owner: string): Promise<Operation | undefined> {
    return this.get(id, owner) ?? (await this.mirror?.get(id, owner));
  }

  /** list, across replicas when shared. */
  async listAll(owner: string): Promise<Operation[]> {
    return this.mirror === undefined ? this.list(owner) : this.mirror.list(owner);
  }

  /** cancel, across replicas when shared. */
  async requestCancel(id: string, owner: string): Promise<Operation | undefined> {
    const local = this.cancel(id, owner);
    if (this.mirror === undefined) return local;
    const remote = await this.mirror.requestCancel(id, owner);
    return local ?? remote;
  }

  runningCount(): number {
    return [...this.ops.values()].filter((o) => o.status === 'running').length;
  }
}

export const operationStore = new OperationStore();
