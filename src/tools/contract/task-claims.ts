/**
 * Claim flags shared between the main thread and the pool's worker threads (one Int32 per task in
 * a SharedArrayBuffer handed to the workers as workerData).
 *
 * A task handed to a thread waits in that thread's message queue while the thread finishes what
 * it was given before (tasks are pipelined: spec/performance-notes.md). Whoever changes the flag
 * from FREE first decides the task's fate with one atomic compare-and-swap:
 *   - the worker, on reaching the task: FREE -> TAKEN, and runs it;
 *   - the main thread, to take it back: FREE -> WITHDRAWN; the worker then skips it.
 * So the main thread knows for certain whether a task has started: a waiting task can be moved to
 * another thread (its thread is stuck on a long neighbour) or dropped (its budget ran out) without
 * stopping the thread, and a thread is terminated only for a task that is actually running.
 */
export const CLAIM_FREE = 0;
export const CLAIM_TAKEN = 1;
export const CLAIM_WITHDRAWN = 2;

/** The reply of a worker that skipped a withdrawn task (never shown to a caller: see pool.ts). */
export const WITHDRAWN_REPLY = '000';

/** The workerData key under which the pool passes the flags to its threads. */
export const CLAIMS_KEY = 'neqsimTaskClaims';

/** Worker side: true when this thread may run the task (it was not withdrawn). */
export function claimTask(flags: Int32Array, slot: number): boolean {
  return Atomics.compareExchange(flags, slot, CLAIM_FREE, CLAIM_TAKEN) === CLAIM_FREE;
}

/** Main-thread side: a fixed set of flag slots, one per task in flight. */
export class ClaimSlots {
  readonly flags: Int32Array;
  private readonly free: number[] = [];

  constructor(size: number) {
    this.flags = new Int32Array(new SharedArrayBuffer(size * Int32Array.BYTES_PER_ELEMENT));
    for (let i = size - 1; i >= 0; i--) this.free.push(i);
  }

  /** A slot for a new task, or undefined when all are in use (the task then runs unclaimed, as before). */
  alloc(): number | undefined {
    const slot = this.free.pop();
    if (slot !== undefined) Atomics.store(this.flags, slot, CLAIM_FREE);
    return slot;
  }

  /** Only once the worker has answered or died: it reads the slot no more. */
  release(slot: number): void {
    this.free.push(slot);
  }

  /** True when the task had not started and now never will. */
  withdraw(slot: number): boolean {
    return Atomics.compareExchange(this.flags, slot, CLAIM_FREE, CLAIM_WITHDRAWN) === CLAIM_FREE;
  }

  started(slot: number): boolean {
    return Atomics.load(this.flags, slot) === CLAIM_TAKEN;
  }
}
