/**
 * The dispatcher of the registered tools: contract/dispatch.ts given the registry (lazy-registry.ts:
 * the tools from their metadata, each module loaded on its first call). Entry points
 * (HTTP, MCP stdio, runTool) build theirs here; the contract machinery itself never imports the
 * registry, which is what keeps the discovery tools out of an import cycle with it.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { createDispatcher as createContractDispatcher, type Dispatcher, type DispatcherOptions } from './contract/dispatch.js';
import type { Envelope } from './contract/envelope.js';
import type { ThreadFanOut } from './contract/fan-out.js';
import type { RunBatchInput } from './process/runBatch.js';
import { toolCatalog } from './lazy-registry.js';

export type { Dispatcher, DispatcherOptions } from './contract/dispatch.js';

/**
 * Below this many cases a runBatch call stays one pool task: its flashes take about as long as
 * the extra tasks, the structured clones and the merge would.
 */
export const MIN_THREAD_SPREAD_CASES = 16;

/** Fewest cases in a chunk of a spread batch (so a batch of MIN_THREAD_SPREAD_CASES is two chunks). */
const MIN_CHUNK_CASES = MIN_THREAD_SPREAD_CASES / 2;

const RUN_BATCH = 'runBatch';
/** The merge code, loaded on the first spread batch (it imports runBatch and the flash tool). */
interface SpreadCode {
  spreadBatch: typeof import('./platform/stream/distributed-cases.js').spreadBatch;
  refuseUnknownCaseKeys: typeof import('./process/runBatch.js').refuseUnknownCaseKeys;
}
let spreadCode: SpreadCode | undefined;
let batchCheck: ReturnType<typeof TypeCompiler.Compile> | undefined;

/**
 * runBatch over the pool's threads: chunks of consecutive cases, each a runBatch call of its own
 * (a pool task), merged in case order by the same code as the spread over replicas
 * (distributed-cases.ts), so the answer is the single-task answer.
 */
export const batchOverThreads: ThreadFanOut = {
  tools: new Set([RUN_BATCH]),
  spread: (tool, input, ctx, budgetMs, threads) => {
    if (tool !== RUN_BATCH) return undefined;
    // The schema from the catalog (tool metadata on the main thread): the merge code, which
    // imports runBatch and the flash tool, loads on the first batch that is spread.
    batchCheck ??= TypeCompiler.Compile(toolCatalog.get(RUN_BATCH)!.input);
    if (!batchCheck.Check(input) || (input as RunBatchInput).cases.length < MIN_THREAD_SPREAD_CASES) return undefined;
    const batch = input as RunBatchInput;
    // At least MIN_CHUNK_CASES cases a chunk: a pool task costs about what a few flashes do.
    const jobs = Math.max(1, Math.min(threads.jobs, Math.floor(batch.cases.length / MIN_CHUNK_CASES)));
    const run = (code: SpreadCode): Promise<Envelope<unknown>> =>
      // spreadBatch declines only a batch with unknown case fields: the refusal one task would give.
      code.spreadBatch(batch, ctx, budgetMs, { runner: threads.runner, jobs, where: 'the worker threads' }) ?? Promise.resolve(code.refuseUnknownCaseKeys(batch.cases)!);
    if (spreadCode !== undefined) return run(spreadCode);
    return Promise.all([import('./platform/stream/distributed-cases.js'), import('./process/runBatch.js')]).then(([cases, batchTool]) => {
      spreadCode = { spreadBatch: cases.spreadBatch, refuseUnknownCaseKeys: batchTool.refuseUnknownCaseKeys };
      return run(spreadCode);
    });
  },
};

/**
 * `spreadBatches: false` runs every runBatch call as one pool task (the default spreads big ones
 * over the threads of a pool that has several).
 */
export function createDispatcher(options: Omit<DispatcherOptions, 'catalog'> & { catalog?: DispatcherOptions['catalog']; spreadBatches?: boolean }): Dispatcher {
  const { spreadBatches, ...rest } = options;
  return createContractDispatcher({ threadFanOut: spreadBatches === false ? undefined : batchOverThreads, ...rest, catalog: options.catalog ?? toolCatalog });
}
