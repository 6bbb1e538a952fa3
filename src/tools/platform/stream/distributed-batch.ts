/**
 * runBatch over every replica (REDIS_URL set): each case is one job on the sweep-point queue
 * (distributed.ts), which any replica's worker takes and runs as a runBatch of that one case
 * through its own dispatcher and pool — the very code the single-process call runs per case.
 * The replica that received the call gathers the case envelopes from Redis (each stored once,
 * whichever worker ran it, retried elsewhere if a replica dies) and builds the answer with the
 * single-process assembly (runBatch.ts batchEnvelope), so the two answers are the same.
 */
import { Value } from '@sinclair/typebox/value';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';
import { sharedStateHealthy } from '../../contract/shared-state/backend.js';
import type { FanOut } from '../../contract/fan-out.js';
import { batchEnvelope, refuseUnknownCaseKeys, runBatchTool, type CaseSlot, type RunBatchInput } from '../../process/runBatch.js';
import { distributedSweeps } from './distributed.js';

const TOOL = 'runBatch';

/** Case i's slot from the envelope of the one-case runBatch that ran it (undefined: it did not run). */
function slotOf(i: number, env: Envelope<unknown> | undefined): CaseSlot | undefined {
  if (env === undefined) return undefined;
  if (env.status === 'success') {
    const one = (env.data as { results: CaseSlot[] }).results[0]!;
    return { ...one, caseIndex: i, iterations: env.provenance?.convergence.iterations ?? 0 };
  }
  // A one-case batch fails as ALL_CASES_FAILED followed by the case's own errors (a failed
  // runFlash has no warnings); their fields name case 0 and are renamed to case i.
  if (env.errors?.[0]?.code !== 'ALL_CASES_FAILED') return undefined;
  const own = env.errors.slice(1).map((e: DiagnosticIssue) => ({ ...e, ...(e.field?.startsWith('cases.0.') ? { field: `cases.${i}.${e.field.slice('cases.0.'.length)}` } : {}) }));
  return { caseIndex: i, status: 'error' as const, warnings: env.warnings, errors: own };
}

export const batchFanOut: FanOut = (tool, input, ctx, budgetMs) => {
  const spread = distributedSweeps();
  // Anything the single-process call would refuse is left to it, as is a batch of one case; so
  // is every call while Redis is unreachable (runBatch keeps working without shared state).
  if (tool !== TOOL || spread === undefined || !sharedStateHealthy() || !Value.Check(runBatchTool.input, input)) return undefined;
  const batch = input as RunBatchInput;
  if (batch.cases.length < 2 || refuseUnknownCaseKeys(batch.cases) !== undefined) return undefined;
  return (async () => {
    const started = performance.now();
    const { cases, ...base } = batch;
    const envs = await spread.runCases(ctx.subject, TOOL, cases.map((c) => ({ ...base, cases: [c] })), Date.now() + budgetMs, ctx.signal);
    const slots = [];
    for (let i = 0; i < cases.length; i++) {
      const slot = slotOf(i, envs[i]);
      if (slot === undefined) break;
      slots.push(slot);
    }
    if (slots.length < cases.length) {
      return failure(TOOL, 'timeout', [issue('TIMEOUT', `${TOOL} ran past its time budget of ${budgetMs} ms (${slots.length} of ${cases.length} cases in order were done, spread over the replicas)`, 'Use fewer cases per call, or ask the operator to raise TOOL_TIMEOUT_MS.')], 'runner');
    }
    return batchEnvelope(cases.length, slots, started);
  })();
};
