/**
 * The hooks through which a pool call made of independent cases may be spread:
 *  - over every replica (REDIS_URL: runBatch cases as BullMQ jobs, platform/stream/distributed-batch.ts),
 *    installed process-wide with useFanOut;
 *  - over this server's worker threads (a ThreadFanOut given to the dispatcher: its cases run as
 *    pool tasks of their own, side by side, through threadCaseRunner).
 * The dispatcher asks them before running a pool call; undefined means "run it here as usual". A
 * call that is itself one case of a spread call (CallContext.distributedCase) is never spread again.
 */
import type { CallContext, DispatchResult } from './dispatch-types.js';
import type { Envelope } from './envelope.js';

export type FanOut = (tool: string, input: unknown, ctx: CallContext, budgetMs: number) => Promise<Envelope<unknown>> | undefined;

/**
 * Runs each input as one `tool` call and gathers the envelopes in input order; a slot stays
 * undefined when its call did not run before `deadlineMs` (epoch) or the caller went away.
 */
export type CaseRunner = (subject: string, tool: string, inputs: unknown[], deadlineMs: number, signal?: AbortSignal) => Promise<(Envelope<unknown> | undefined)[]>;

/** What the dispatcher offers a ThreadFanOut: a runner over its worker threads and how many calls make sense at once. */
export interface ThreadSpread {
  runner: CaseRunner;
  jobs: number;
}

/** Spreads a call of one of `tools` over this server's worker threads, or answers undefined (run it as one task). */
export interface ThreadFanOut {
  tools: ReadonlySet<string>;
  spread(tool: string, input: unknown, ctx: CallContext, budgetMs: number, threads: ThreadSpread): Promise<Envelope<unknown>> | undefined;
}

let current: FanOut | undefined;

export function useFanOut(f: FanOut | undefined): void {
  current = f;
}

export function fanOutFor(tool: string, input: unknown, ctx: CallContext, budgetMs: number): Promise<Envelope<unknown>> | undefined {
  if (current === undefined || ctx.distributedCase === true) return undefined;
  return current(tool, input, ctx, budgetMs);
}

/**
 * A case call came back 503 (the pool full, the server shutting down, a worker crashed): the
 * spread call answers with that envelope, as the call run as one task would have.
 */
export class CaseCallBusy extends Error {
  constructor(readonly envelope: Envelope) {
    super('a case call of a spread call was refused: busy');
    this.name = 'CaseCallBusy';
  }
}

/** One case call through the dispatcher, stopped by `signal`. */
export type CaseCall = (tool: string, input: unknown, signal: AbortSignal) => Promise<DispatchResult>;

/**
 * A CaseRunner over the worker threads: at most `concurrency` case calls at once (a batch whose
 * chunks all failed re-runs its cases one call each; they must not flood the queue), all of them
 * stopped at the deadline or when the caller goes away. Throws CaseCallBusy when a call is refused.
 */
export function threadCaseRunner(call: CaseCall, concurrency: number): CaseRunner {
  return async (_subject, tool, inputs, deadlineMs, signal) => {
    // The replies are kept as they come (a pool reply is JSON text) and read once all are in: the
    // objects of a chunk parsed early would outlive several collections waiting for the others.
    const done: (DispatchResult | undefined)[] = new Array<DispatchResult | undefined>(inputs.length).fill(undefined);
    if (signal?.aborted === true) return done.map(() => undefined);
    const stop = new AbortController();
    const halt = (): void => stop.abort();
    signal?.addEventListener('abort', halt, { once: true });
    const timer = setTimeout(halt, Math.max(1, deadlineMs - Date.now()));
    let next = 0;
    let busy: Envelope | undefined;
    const lane = async (): Promise<void> => {
      while (next < inputs.length && !stop.signal.aborted) {
        const i = next++;
        const r = await call(tool, inputs[i], stop.signal);
        if (r.httpStatus === 503) {
          busy ??= r.envelope;
          halt();
        } else if (!stop.signal.aborted && r.httpStatus !== 504 && r.httpStatus !== 499) done[i] = r;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), inputs.length) }, lane));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', halt);
    }
    if (busy !== undefined) throw new CaseCallBusy(busy);
    return done.map((r) => r?.envelope);
  };
}
