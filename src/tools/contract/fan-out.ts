/**
 * The hook through which a pool call may be spread over every replica (REDIS_URL: runBatch cases
 * as BullMQ jobs, platform/stream/distributed-batch.ts). The dispatcher asks it before running a
 * pool call; undefined means "run it here as usual". A call that is itself one case of a spread
 * call (CallContext.distributedCase) is never spread again.
 */
import type { CallContext } from './dispatch-types.js';
import type { Envelope } from './envelope.js';

export type FanOut = (tool: string, input: unknown, ctx: CallContext, budgetMs: number) => Promise<Envelope<unknown>> | undefined;

let current: FanOut | undefined;

export function useFanOut(f: FanOut | undefined): void {
  current = f;
}

export function fanOutFor(tool: string, input: unknown, ctx: CallContext, budgetMs: number): Promise<Envelope<unknown>> | undefined {
  if (current === undefined || ctx.distributedCase === true) return undefined;
  return current(tool, input, ctx, budgetMs);
}
