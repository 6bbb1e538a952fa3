/**
 * Progress of pool tasks, kept on the main thread. The dispatcher opens a record per pool task
 * (operationId = the task id); workers report fractions over a BroadcastChannel (cheaper than a
 * MessagePort per task, and only used by tasks that report); getProgress reads the records.
 * With REDIS_URL set, a ProgressMirror (shared-state/progress.ts) copies each record to Redis
 * (write-behind, never awaited on the call path) so getProgress answers for operations running
 * on any replica.
 */
import { BroadcastChannel } from 'node:worker_threads';
export const PROGRESS_CHANNEL = 'neqsim-ts:progress';

/** Wire format of a progress message posted by a worker thread. */
export interface ProgressMessage {
  id: string;
  fraction: number;
  message?: string;
}

export interface OperationView {
  operationId: string;
  operationType: string;
  /** Steps are percentage points: currentStep of totalSteps (100). */
  currentStep: number;
  totalSteps: number;
  percentComplete: number;
  message: string;
  completed: boolean;
  failed: boolean;
  elapsedMs: number;
  recentMilestones: { step: number; message: string }[];
}

/** The shared copy of the records (Redis). */
export interface ProgressMirror {
  write(rec: Readonly<OperationRecord>, active: boolean): void;
  get(id: string, subject?: string): Promise<OperationView | undefined>;
  listActive(subject?: string): Promise<OperationView[]>;
}

export interface OperationRecord {
  id: string;
  type: string;
  /** Caller who started it: operations are visible to their owner only. */
  subject: string;
  startedAt: number;
  finishedAt?: number;
  fraction: number;
  message: string;
  completed: boolean;
  failed: boolean;
  milestones: { step: number; message: string }[];
}

const MAX_MILESTONES = 5;
/** Finished operations stay readable for a while so a client can ask how its call ended. */
const FINISHED_RETENTION = 256;
const FINISHED_TTL_MS = 10 * 60_000;

export class ProgressStore {
  private readonly active = new Map<string, OperationRecord>();
  private readonly finished = new Map<string, OperationRecord>();
  private mirror: ProgressMirror | undefined;

  useMirror(m: ProgressMirror | undefined): void {
    this.mirror = m;
  }

  start(id: string, type: string, subject = 'anonymous'): void {
    const rec: OperationRecord = { id, type, subject, startedAt: Date.now(), fraction: 0, message: 'queued', completed: false, failed: false, milestones: [] };
    this.active.set(id, rec);
    this.mirror?.write(rec, true);
  }

  update(id: string, fraction: number, message?: string): void {
    const rec = this.active.get(id);
    // Progress can arrive after the result (separate channels); a finished record stays as it ended.
    if (rec === undefined || !Number.isFinite(fraction)) return;
    rec.fraction = Math.min(1, Math.max(rec.fraction, fraction));
    if (message !== undefined && message !== '') {
      rec.message = message;
      rec.milestones.push({ step: Math.round(rec.fraction * 100), message });
      if (rec.milestones.length > MAX_MILESTONES) rec.milestones.shift();
    } else if (rec.message === 'queued') {
      rec.message = 'running';
    }
    this.mirror?.write(rec, true);
  }

  finish(id: string, ok: boolean, message?: string): void {
    const rec = this.active.get(id);
    if (rec === undefined) return;
    this.active.delete(id);
    rec.completed = ok;
    rec.failed = !ok;
    if (ok) rec.fraction = 1;
    rec.message = message ?? (ok ? 'completed' : 'failed');
    rec.finishedAt = Date.now();
    this.finished.set(id, rec);
    this.prune(rec.finishedAt);
    this.mirror?.write(rec, false);
  }

  /** get, or from the shared copy for an operation of another replica (rejects when Redis fails). */
  async find(id: string, subject?: string): Promise<OperationView | undefined> {
    return this.get(id, subject) ?? (await this.mirror?.get(id, subject));
  }

  /** listActive, across replicas when shared. */
  async listAllActive(subject?: string): Promise<OperationView[]> {
    return this.mirror === undefined ? this.listActive(subject) : this.mirror.listActive(subject);
  }

  /** One operation, if it exists and belongs to `subject` (when given). */
  get(id: string, subject?: string): OperationView | undefined {
    const rec = this.active.get(id) ?? this.finished.get(id);
    return rec === undefined || (subject !== undefined && rec.subject !== subject) ? undefined : view(rec);
  }

  /** Running operations, of `subject` only when given. */
  listActive(subject?: string): OperationView[] {
    const out: OperationView[] = [];
    for (const rec of this.active.values()) if (subject === undefined || rec.subject === subject) out.push(view(rec));
    return out;
  }

  clear(): void {
    this.active.clear();
    this.finished.clear();
  }

  private prune(now: number): void {
    for (const [id, rec] of this.finished) {
      if (this.finished.size <= FINISHED_RETENTION && now - (rec.finishedAt ?? now) < FINISHED_TTL_MS) break;
      this.finished.delete(id);
    }
  }
}

export function view(rec: OperationRecord): OperationView {
  const pct = Math.round(rec.fraction * 1000) / 10;
  return {
    operationId: rec.id,
    operationType: rec.type,
    currentStep: Math.round(rec.fraction * 100),
    totalSteps: 100,
    percentComplete: pct,
    message: rec.message,
    completed: rec.completed,
    failed: rec.failed,
    elapsedMs: (rec.finishedAt ?? Date.now()) - rec.startedAt,
    recentMilestones: rec.milestones.map((m) => ({ ...m })),
  };
}

/** The process-wide store (one main thread, one store). */
export const progressStore = new ProgressStore();

let channel: BroadcastChannel | undefined;
let listeners = 0;

/** Starts feeding the store from worker messages; call the returned function to stop. */
export function attachProgressChannel(store: ProgressStore = progressStore): () => void {
  if (channel === undefined) {
    channel = new BroadcastChannel(PROGRESS_CHANNEL);
    // The channel must not keep the process alive on its own (graceful shutdown, tests).
    (channel as unknown as { unref?: () => void }).unref?.();
    channel.onmessage = (ev: MessageEvent) => {
      const m = ev.data as Partial<ProgressMessage> | null;
      if (m !== null && typeof m === 'object' && typeof m.id === 'string' && typeof m.fraction === 'number') {
        store.update(m.id, m.fraction, typeof m.message === 'string' ? m.message : undefined);
      }
    };
  }
  listeners++;
  let detached = false;
  return () => {
    if (detached) return;
    detached = true;
    listeners--;
    if (listeners === 0 && channel !== undefined) {
      channel.close();
      channel = undefined;
    }
  };
}
