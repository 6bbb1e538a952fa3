/**
 * runBatch and runParametricStudy over every replica (REDIS_URL set): each case is one job on the
 * sweep-point queue (distributed.ts), which any replica's worker takes and runs as a call of the
 * same tool with that one case, through its own dispatcher and pool — the very code the
 * single-process call runs per case. The replica that received the call gathers the case
 * envelopes from Redis (each stored once, whichever worker ran it, retried elsewhere if a replica
 * dies) and builds the answer with the single-process assembly (batchEnvelope, studyEnvelope),
 * so the two answers are the same.
 */
import { Value } from '@sinclair/typebox/value';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';
import { isSharedStateError, sharedStateHealthy, sharedStateUnavailable } from '../../contract/shared-state/backend.js';
import type { CallContext } from '../../contract/dispatch-types.js';
import type { CaseRunner, FanOut } from '../../contract/fan-out.js';
import { batchEnvelope, refuseUnknownCaseKeys, runBatchTool, type CaseSlot, type RunBatchInput } from '../../process/runBatch.js';
import { planStudy, runParametricStudyTool, studyEnvelope, writeStudyCase, type RunParametricStudyInput, type StudyCase, type StudyPlan } from '../../process/runParametricStudy.js';
import { distributedSweeps } from './distributed.js';

/**
 * Where a spread call's cases run (on the replicas through the job queue, or on this server's
 * worker threads: fan-out.ts): the runner, how many calls a batch becomes at most, and the words
 * for it in a timeout.
 */
export interface CaseSpread {
  runner: CaseRunner;
  jobs: number;
  where: string;
}

/**
 * Runs the one-case calls and reads each case's result from its envelope (`slotOf`: undefined when
 * it did not run); the slots in case order, or a timeout failure if the budget ran out first.
 */
async function runCases<S>(spread: CaseSpread, tool: string, ctx: CallContext, budgetMs: number, inputs: unknown[], slotOf: (i: number, env: Envelope<unknown>) => S | undefined): Promise<S[] | Envelope<never>> {
  const envs = await spread.runner(ctx.subject, tool, inputs, Date.now() + budgetMs, ctx.signal);
  const slots: S[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const slot = envs[i] === undefined ? undefined : slotOf(i, envs[i]!);
    if (slot === undefined) break;
    slots.push(slot);
  }
  if (slots.length === inputs.length) return slots;
  return failure(tool, 'timeout', [issue('TIMEOUT', `${tool} ran past its time budget of ${budgetMs} ms (its cases were spread over ${spread.where} as ${inputs.length} jobs; the first ${slots.length} in order were done)`, 'Use fewer cases per call, or ask the operator to raise TOOL_TIMEOUT_MS.')], 'runner');
}

/** A one-case call that failed as a whole because its case did: ALL_CASES_FAILED comes first. */
const allFailed = (env: Envelope<unknown>) => env.status === 'error' && env.errors?.[0]?.code === 'ALL_CASES_FAILED';

/**
 * The cases of a batch go in at most BATCH_JOBS jobs of consecutive cases: one flash takes well
 * under a millisecond, about what a job costs (queue, Redis, dispatch), so one job per case
 * would spend more on the queue than on the flashes.
 */
export const BATCH_JOBS = 32;
export const batchChunk = (cases: number, jobs = BATCH_JOBS) => Math.ceil(cases / jobs);

/** The cases from `from` on, from the batch of them that ran (undefined: it did not, or all of them failed). */
function chunkSlots(from: number, env: Envelope<unknown>): CaseSlot[] | undefined {
  if (env.status !== 'success') return undefined;
  const rename = (f: string | undefined) => {
    const m = f === undefined ? null : /^cases\.(\d+)\.([\s\S]*)$/.exec(f);
    return m === null ? f : `cases.${from + Number(m[1])}.${m[2]}`;
  };
  const results = (env.data as { results: CaseSlot[] }).results;
  // The chunk's iterations (its provenance) ride on its first case: batchEnvelope sums them.
  return results.map((r, j) => ({
    ...r,
    caseIndex: from + j,
    ...(r.errors !== undefined ? { errors: r.errors.map((e) => ({ ...e, ...(e.field !== undefined ? { field: rename(e.field)! } : {}) })) } : {}),
    iterations: j === 0 ? (env.provenance?.convergence.iterations ?? 0) : 0,
  }));
}

/** runBatch case i from the one-case batch that ran it. */
function batchSlot(i: number, env: Envelope<unknown>): CaseSlot | undefined {
  if (env.status === 'success') return chunkSlots(i, env)![0];
  if (!allFailed(env)) return undefined;
  // The case's own errors follow (a failed runFlash has no warnings); their fields name case 0.
  const own = env.errors!.slice(1).map((e: DiagnosticIssue) => ({ ...e, ...(e.field?.startsWith('cases.0.') ? { field: `cases.${i}.${e.field.slice('cases.0.'.length)}` } : {}) }));
  return { caseIndex: i, status: 'error', warnings: env.warnings, errors: own };
}

/** runParametricStudy case c from the one-case study that ran it. */
function studySlot(c: number, env: Envelope<unknown>, study: RunParametricStudyInput, plan: StudyPlan): StudyCase | undefined {
  if (env.status === 'success') return { ...(env.data as { cases: StudyCase[] }).cases[0]!, caseIndex: c };
  if (!allFailed(env)) return undefined;
  // "Every case failed; the first: <CODE> <message>": the one case's error. The inputs it wrote
  // before failing are those its writes reach (replayed here: cheap, and only for failed cases).
  const first = /the first: (\S+) ([\s\S]*)$/.exec(env.errors![0]!.message);
  if (first === null) return undefined;
  const { inputs } = writeStudyCase(plan, study.baseProcess, c);
  return { caseIndex: c, inputs, converged: false, outputs: {}, error: { code: first[1]!, message: first[2]! } };
}

const replicas = (): CaseSpread => ({ runner: (...a) => distributedSweeps()!.runCases(...a), jobs: BATCH_JOBS, where: 'the replicas' });

export const casesFanOut: FanOut = (tool, input, ctx, budgetMs) => {
  // Anything the single-process call would refuse is left to it, as is a call of one case; so is
  // every call while Redis is unreachable (these tools keep working without shared state).
  if (distributedSweeps() === undefined || !sharedStateHealthy()) return undefined;
  let spread: Promise<Envelope<unknown>> | undefined;
  if (tool === runBatchTool.name && Value.Check(runBatchTool.input, input)) spread = spreadBatch(input as RunBatchInput, ctx, budgetMs, replicas());
  else if (tool === runParametricStudyTool.name && Value.Check(runParametricStudyTool.input, input)) spread = spreadStudy(input as RunParametricStudyInput, ctx, budgetMs);
  // Redis lost mid-call: 503, retry (the replicas then run such calls alone until it is back).
  return spread?.catch((err: unknown) => {
    if (isSharedStateError(err)) return sharedStateUnavailable(tool, err);
    throw err;
  });
};

/**
 * A runBatch call (already checked against its schema) as chunks of consecutive cases, each a
 * runBatch call of its own run by `spread`, merged in case order into the single call's answer;
 * undefined for a call the single-process run should answer (one case, unknown case keys).
 */
export function spreadBatch(batch: RunBatchInput, ctx: CallContext, budgetMs: number, spread: CaseSpread): Promise<Envelope<unknown>> | undefined {
  if (batch.cases.length < 2 || refuseUnknownCaseKeys(batch.cases) !== undefined) return undefined;
  return (async () => {
    const started = performance.now();
    const deadline = Date.now() + budgetMs;
    const { cases, ...base } = batch;
    const size = batchChunk(cases.length, spread.jobs);
    const starts = Array.from({ length: Math.ceil(cases.length / size) }, (_, k) => k * size);
    // A chunk whose cases all failed answers ALL_CASES_FAILED with its first errors only, not
    // each case's: those cases run again one per job, which gives each its own errors.
    const chunks = await runCases(spread, runBatchTool.name, ctx, budgetMs, starts.map((s) => ({ ...base, cases: cases.slice(s, s + size) })), (k, env) =>
      allFailed(env) ? ('all failed' as const) : chunkSlots(starts[k]!, env),
    );
    if (!Array.isArray(chunks)) return chunks;
    const again = starts.flatMap((s, k) => (chunks[k] === 'all failed' ? cases.slice(s, s + size).map((_, j) => s + j) : []));
    const single = again.length === 0 ? [] : await runCases(spread, runBatchTool.name, ctx, Math.max(1, deadline - Date.now()), again.map((i) => ({ ...base, cases: [cases[i]!] })), (j, env) => batchSlot(again[j]!, env));
    if (!Array.isArray(single)) return single;
    const slots = chunks.flatMap((c) => (c === 'all failed' ? [] : c)).concat(single).sort((x, y) => x.caseIndex - y.caseIndex);
    return batchEnvelope(cases.length, slots, started);
  })();
}

function spreadStudy(study: RunParametricStudyInput, ctx: CallContext, budgetMs: number): Promise<Envelope<unknown>> | undefined {
  // The plan (process, addresses, values) is checked here, on the main thread: it is cheap beside
  // the cases, and a refused study never reaches the queue.
  const planned = planStudy(study);
  if (!planned.ok || planned.plan.combos.length < 2) return undefined;
  const { plan } = planned;
  return (async () => {
    const started = performance.now();
    // Case c as a study of its own: each sweep it sets, at its one value, in sweep order.
    const caseOf = (combo: number[]) => {
      const sweeps = combo.flatMap((j, k) => (j === -1 ? [] : [{ address: study.sweeps[k]!.address, ...(study.sweeps[k]!.unit !== undefined ? { unit: study.sweeps[k]!.unit } : {}), values: [plan.sweeps[k]!.values[j]!] }]));
      return { baseProcess: study.baseProcess, sweeps, outputs: study.outputs, mode: 'full_factorial' as const };
    };
    const slots = await runCases(replicas(), runParametricStudyTool.name, ctx, budgetMs, plan.combos.map(caseOf), (c, env) => studySlot(c, env, study, plan));
    return Array.isArray(slots) ? studyEnvelope(study, plan, slots, started) : slots;
  })();
}
