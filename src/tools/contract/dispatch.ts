/**
 * The one dispatcher behind REST, MCP and runTool(): unknown tool -> 404, governance check before
 * any work, then the tool runs inline (cheap tools) or in the worker pool (CPU work) under a time
 * budget, with admission control in front of the pool.
 */
import { CaseCallBusy, fanOutFor, threadCaseRunner, type ThreadFanOut } from './fan-out.js';
import { randomUUID } from 'node:crypto';
import { RECORDED_AUTOMATION_TOOLS, recordAutomationCall } from './automation-history.js';
import type { CallContext, Dispatch, DispatchResult } from './dispatch-types.js';
import { failure, httpStatusFor, issue, type Envelope } from './envelope.js';
import { envelopeContainsNonFinite, executeTool, internalError, serializeWithStatus } from './execute.js';
import { activeProfile, admitCall } from './governance/policy.js';
import { checkScope } from './governance/api-keys.js';
import { limitsForWorker, type ValidationLimits } from './governance/validation-rules.js';
import { progressStore, type ProgressStore } from './progress-store.js';
import type { AnyTool, ToolCatalog, ToolContext } from './types.js';
import { Admission, DEFAULT_SHED_POLICY, ServiceTimes, type ShedPolicy } from './service-times.js';
import { checkInputLimits } from './input-guard.js';
import { didYouMeanText } from './spelling.js';
import { readPoolReply } from './worker-report.js';

/** What the dispatcher sends to a worker thread (plain data: it is structured-cloned). */
export interface PoolTask {
  tool: string;
  input: unknown;
  subject: string;
  profile: string;
  operationId: string;
  /** Epoch ms after which the worker skips the task (its caller has been answered 504). */
  deadline: number;
  requestId?: string;
  /** The worker reports its timing of the task in its reply (worker-report.ts) for the main thread's trace. */
  traced?: boolean;
  /** Slot of the task's claim flag (task-claims.ts), set by the pool. */
  claim?: number;
  /** The worker writes the call summary into its reply (worker-report.ts): MCP callers. */
  summary?: boolean;
  /** The active validation rule set's limits, when it is not `default` (validation-rules.ts). */
  validationLimits?: ValidationLimits;
}

/**
 * A worker's reply: the 3-digit HTTP status followed by the serialized envelope (so the main
 * thread never parses or re-serializes it), with the worker's timing ahead of the envelope when
 * the task was traced (src/tools/contract/worker-report.ts).
 */
export type PoolReply = string;

/**
 * The worker pool as the dispatcher sees it. run() resolves to the worker's reply (PoolReply).
 * It rejects when the worker thread dies. cancel() terminates the thread running the task (if it
 * has started; a waiting task is skipped by the worker once its deadline has passed).
 * `isolated` runs the task alone on a worker, so a task that kills its thread takes nothing else with it.
 * (Cancellation is a method rather than an AbortSignal: an AbortController per call measured as one
 * of the larger main-thread costs of a pool call.)
 */
export interface ToolPool {
  run(task: PoolTask, options: { isolated: boolean }): Promise<PoolReply>;
  cancel(operationId: string): void;
  /** Tasks that can run at once (threads x tasks per thread). */
  readonly runningCapacity: number;
  readonly closing: boolean;
  /** Threads that run CPU-bound work side by side (default: runningCapacity). */
  readonly parallelism?: number;
  /** Per-tool service times the pool measures itself (default: the dispatcher times whole calls). */
  readonly serviceTimes?: ServiceTimes;
  /** Expected wait (ms) before a task submitted now could start (default: from the calls in flight). */
  expectedWaitMs?(unknownToolMs: number): number;
}

export interface DispatchMetrics {
  onResult(tool: string, httpStatus: number, durationMs: number): void;
}

export interface DispatcherOptions {
  pool?: ToolPool;
  /** Default time budget per call (TOOL_TIMEOUT_MS). */
  timeoutMs: number;
  /** Per-tool overrides of the time budget. */
  toolTimeoutsMs?: Record<string, number>;
  /** Tasks allowed to wait for a pool thread; beyond that calls get 503 POOL_BUSY. */
  maxQueue?: number;
  /** Load shedding by expected wait (service-times.ts); fields not given take DEFAULT_SHED_POLICY. */
  shed?: Partial<ShedPolicy>;
  /**
   * When a caller goes away, how long its running task may still finish before its thread is
   * stopped (default 250 ms).
   */
  cancelGraceMs?: number;
  /** The registered tools (src/tools/dispatcher.ts passes the registry). */
  catalog: ToolCatalog;
  /** Where the tool to run is looked up (default: the catalog); tests inject their own tools here. */
  lookup?: (name: string) => AnyTool | undefined;
  /** The names `lookup` knows, for "did you mean" (default: the registry's). */
  toolNames?: () => readonly string[];
  /** Run pool tools inline instead (library use without a pool). Default: true when no pool is given. */
  inlineFallback?: boolean;
  metrics?: DispatchMetrics;
  progress?: ProgressStore;
  /**
   * Spreads a call made of independent cases (runBatch) over the pool's threads when it has more
   * than one (src/tools/dispatcher.ts gives the runBatch one; undefined: every call is one task).
   */
  threadFanOut?: ThreadFanOut;
}

export interface Dispatcher extends Dispatch {
  /** Calls currently admitted to the pool (running + waiting). */
  readonly poolInFlight: () => number;
}

const RETRY_AFTER_BUSY_S = 1;

/** Inline calls have no progress channel (they finish within one turn of the event loop). */
const ignoreProgress: ToolContext['progress'] = () => {};

function result(env: Envelope, httpStatus?: number, extra: Partial<DispatchResult> = {}): DispatchResult {
  const s = serializeWithStatus(env);
  // A non-finite number made the serializer swap in a NON_FINITE_RESULT envelope: report that one.
  if (s.status !== httpStatusFor(env)) return { envelope: JSON.parse(s.body) as Envelope, httpStatus: s.status, body: s.body, ...extra };
  return { envelope: env, httpStatus: httpStatus ?? s.status, body: s.body, ...extra };
}

/**
 * Results whose JSON text (or envelope object) is made only when someone reads it. Classes with
 * the getter on the prototype, not object literals with a `get` per result: a literal's getter is
 * a new closure each time, which gives every result its own hidden class (allocated in old space
 * and kept until a full GC), and that cost more per runTool call than the lazy text saves.
 */
class LazyBodyResult implements DispatchResult {
  #text: string | undefined;
  retryAfter?: number;
  operationId?: string;
  constructor(
    readonly envelope: Envelope,
    readonly httpStatus: number,
  ) {}
  get body(): string {
    this.#text ??= JSON.stringify(this.envelope);
    return this.#text;
  }
}

class LazyEnvelopeResult implements DispatchResult {
  #parsed: Envelope | undefined;
  retryAfter?: number;
  summary?: { status: string; head: string };
  constructor(
    readonly httpStatus: number,
    readonly body: string,
    readonly operationId: string,
    readonly workerSpan: DispatchResult['workerSpan'],
  ) {}
  get envelope(): Envelope {
    this.#parsed ??= JSON.parse(this.body) as Envelope;
    return this.#parsed;
  }
}

/**
 * For callers that take the envelope object (runTool): the non-finite check without serializing,
 * the JSON text made only if someone reads `body`.
 */
function objectResult(env: Envelope): DispatchResult {
  if (envelopeContainsNonFinite(env)) return result(env);
  return new LazyBodyResult(env, httpStatusFor(env));
}

/** A pool reply: status prefix + body; the envelope object is parsed only if someone asks for it. */
function fromPoolReply(reply: PoolReply, operationId: string): DispatchResult {
  const { httpStatus, body, report, summary } = readPoolReply(reply);
  const out = new LazyEnvelopeResult(httpStatus, body, operationId, report);
  if (summary !== undefined) out.summary = summary;
  return out;
}

function busy(tool: string, code: string, message: string, fix: string, retryAfter = RETRY_AFTER_BUSY_S): DispatchResult {
  return result(failure(tool, 'busy', [issue(code, message, fix)], 'dispatch'), 503, { retryAfter });
}

function isQueueFull(err: unknown): boolean {
  const m = (err as Error | undefined)?.message ?? '';
  return m === 'Task queue is at limit' || m === 'No task queue available and all Workers are busy';
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const catalog = options.catalog;
  const lookup = options.lookup ?? ((name: string) => catalog.get(name));
  const toolNames = (): readonly string[] => options.toolNames?.() ?? catalog.tools.map((t) => t.name);
  const pool = options.pool;
  const inlineFallback = options.inlineFallback ?? pool === undefined;
  const store = options.progress ?? progressStore;
  const maxQueue = options.maxQueue ?? 256;
  const cancelGraceMs = options.cancelGraceMs ?? 250;
  let inFlight = 0;
  // A pool that measures service times feeds the estimates; otherwise whole call times do.
  const ownTimes = pool?.serviceTimes === undefined ? new ServiceTimes() : undefined;
  const admission = pool === undefined
    ? undefined
    : new Admission(
        pool.serviceTimes ?? ownTimes!,
        { ...DEFAULT_SHED_POLICY, ...options.shed },
        pool.runningCapacity,
        pool.parallelism ?? pool.runningCapacity,
        pool.expectedWaitMs === undefined ? undefined : (unknownMs) => pool.expectedWaitMs!(unknownMs),
      );

  function budgetFor(tool: string): number {
    return options.toolTimeoutsMs?.[tool] ?? options.timeoutMs;
  }

  async function runInline(tool: AnyTool, input: unknown, ctx: CallContext): Promise<DispatchResult> {
    const toolCtx: ToolContext = { catalog, subject: ctx.subject, profile: activeProfile(), progress: ignoreProgress };
    if (ctx.signal !== undefined) toolCtx.signal = ctx.signal;
    // Sub-calls go through the whole dispatch path (access check, pool, budget) as the same caller
    // (their contexts are made when a tool makes one: most make none).
    toolCtx.callTool = async (name, input, opts) => {
      const subCtx: CallContext = {
        subject: ctx.subject,
        transport: ctx.transport,
        ...(ctx.requestId !== undefined ? { requestId: ctx.requestId } : {}),
        // A key's scopes bind its workflows' steps too.
        ...(ctx.scopes !== undefined ? { scopes: ctx.scopes } : {}),
      };
      const out = await dispatch(name, input, opts?.detached === true || ctx.signal === undefined ? subCtx : { ...subCtx, signal: ctx.signal });
      return { envelope: out.envelope, httpStatus: out.httpStatus };
    };
    const env = await executeTool(tool, input, toolCtx);
    return ctx.transport === 'api' ? objectResult(env) : result(env);
  }

  /**
   * `asCase`: one case call of a call spread over the threads, which was admitted as a whole: it
   * is not shed by expected wait (its own sibling cases are what it would wait for) and keeps no
   * progress record of its own (the spread call has one).
   */
  async function runOnPool(p: ToolPool, tool: AnyTool, input: unknown, ctx: CallContext, asCase = false): Promise<DispatchResult> {
    if (p.closing) {
      return busy(tool.name, 'SHUTTING_DOWN', 'The server is shutting down and takes no new calculations', 'Retry against another instance or after restart.');
    }
    if (inFlight >= p.runningCapacity + maxQueue) {
      return busy(tool.name, 'POOL_BUSY', `All ${p.runningCapacity} worker slots are busy and ${maxQueue} calls are waiting`, `Retry after ${RETRY_AFTER_BUSY_S} s or reduce concurrency.`);
    }
    const budgetMs = budgetFor(tool.name);
    // Shed at once a call that would wait longer than the queue target or its own budget allows.
    const shed = asCase ? undefined : admission?.shouldShed(tool.name, budgetMs);
    if (shed != null) {
      const why = shed.reason === 'budget' ? `its time budget of ${budgetMs} ms` : 'the queue target';
      return busy(
        tool.name,
        'POOL_BUSY',
        `The worker pool is overloaded: a new ${tool.name} call would wait about ${Math.round(shed.waitMs)} ms for a thread, more than ${why} allows (${Math.round(shed.limitMs)} ms)`,
        `Retry after ${shed.retryAfterS} s or reduce concurrency.`,
        shed.retryAfterS,
      );
    }
    const started = performance.now();
    const deadline = started + budgetMs;
    const operationId = `op_${randomUUID()}`;
    const task: PoolTask = {
      tool: tool.name,
      input,
      subject: ctx.subject,
      profile: activeProfile(),
      operationId,
      deadline: Date.now() + budgetMs,
      requestId: ctx.requestId,
      traced: ctx.reportWorkerSpan === true,
      ...(ctx.wantSummary === true ? { summary: true } : {}),
    };
    const limits = limitsForWorker();
    if (limits !== undefined) task.validationLimits = limits;
    inFlight++;
    admission?.enter(tool.name);
    // A case call's updates go to an id nobody opened: the store ignores them.
    if (!asCase) store.start(operationId, tool.name, ctx.subject);
    try {
      for (let attempt = 0; ; attempt++) {
        const remaining = deadline - performance.now();
        // On timeout the pool stops the thread running the task; `stopped` lets this call answer at
        // once even when the task is still waiting for a thread (the worker then skips it).
        let stop: (why: 'timeout' | 'cancelled') => void = () => {};
        const stopped = new Promise<'timeout' | 'cancelled'>((resolve) => {
          stop = resolve;
        });
        const handle = setTimeout(() => {
          stop('timeout');
          p.cancel(operationId);
        }, Math.max(1, remaining));
        let running: Promise<PoolReply> | undefined;
        const onCallerGone = (): void => {
          stop('cancelled');
          // A task still waiting for a thread is skipped by the worker (the task is cloned to the
          // thread only when it is handed over). A running one gets a grace period: most calls
          // end within it, and stopping a thread fails its neighbours' tasks and costs a thread
          // start, so only work still going after it is stopped.
          task.deadline = 0;
          const grace = setTimeout(() => p.cancel(operationId), cancelGraceMs);
          void running?.then(
            () => clearTimeout(grace),
            () => clearTimeout(grace),
          );
        };
        ctx.signal?.addEventListener('abort', onCallerGone, { once: true });
        try {
          running = p.run(task, { isolated: attempt > 0 });
          const outcome = await Promise.race([running, stopped]);
          if (outcome === 'timeout' || outcome === 'cancelled') {
            // The thread is being terminated (or the task will be skipped); its rejection is expected.
            running.catch(() => {});
            if (outcome === 'cancelled') {
              store.finish(operationId, false, 'cancelled by the caller');
              return result(failure(tool.name, 'timeout', [issue('CANCELLED', 'The caller went away; the calculation was cancelled', 'Retry the call.')], 'runner'), 499, { operationId });
            }
            store.finish(operationId, false, 'timed out');
            return result(
              failure(tool.name, 'timeout', [
                issue('TIMEOUT', `${tool.name} ran past its time budget of ${budgetMs} ms and was cancelled`, 'Simplify the request (fewer points, components or units) or ask the operator to raise TOOL_TIMEOUT_MS.'),
              ], 'runner'),
              504,
              { operationId },
            );
          }
          const out = fromPoolReply(outcome, operationId);
          store.finish(operationId, out.httpStatus === 200);
          ownTimes?.observe(tool.name, performance.now() - started);
          return out;
        } catch (err) {
          if (isQueueFull(err)) {
            store.finish(operationId, false, 'rejected: pool busy');
            return busy(tool.name, 'POOL_BUSY', 'The worker pool queue is full', `Retry after ${RETRY_AFTER_BUSY_S} s or reduce concurrency.`);
          }
          if (p.closing) {
            store.finish(operationId, false, 'server shutting down');
            return busy(tool.name, 'SHUTTING_DOWN', 'The server shut down before the calculation finished', 'Retry against another instance or after restart.');
          }
          // The worker thread died (a crash, or a sibling task's timeout terminated it). Tools are
          // stateless, so run the task once more alone on a fresh thread: a bystander succeeds,
          // the culprit dies again by itself and its caller gets WORKER_CRASHED.
          if (attempt === 0 && deadline - performance.now() > 1) continue;
          store.finish(operationId, false, 'worker crashed');
          return {
            ...busy(tool.name, 'WORKER_CRASHED', `The worker thread running ${tool.name} stopped unexpectedly (${(err as Error)?.message ?? 'unknown'}); it has been replaced`, 'Retry the call; if it fails again the input triggers a bug: report it.'),
            operationId,
          };
        } finally {
          clearTimeout(handle);
          ctx.signal?.removeEventListener('abort', onCallerGone);
        }
      }
    } finally {
      inFlight--;
      admission?.leave(tool.name);
    }
  }

  /**
   * The call spread over the pool's threads by options.threadFanOut (undefined: run it as one
   * task): its case calls go straight to the pool as this caller, with the call's own progress
   * record (parts done), cancellation and time budget.
   */
  function spreadOverThreads(p: ToolPool, tool: AnyTool, input: unknown, ctx: CallContext): Promise<DispatchResult> | undefined {
    const fanOut = options.threadFanOut;
    const threads = p.parallelism ?? p.runningCapacity;
    if (fanOut === undefined || !fanOut.tools.has(tool.name) || ctx.distributedCase === true || threads < 2) return undefined;
    // A call the pool would shed as one task is shed as such (runOnPool answers it): spread, its
    // cases would not be (they are parts of an admitted call).
    if (admission?.shouldShed(tool.name, budgetFor(tool.name)) != null) return undefined;
    const operationId = `op_${randomUUID()}`;
    const caseCtx: CallContext = {
      subject: ctx.subject,
      transport: ctx.transport,
      distributedCase: true,
      ...(ctx.requestId !== undefined ? { requestId: ctx.requestId } : {}),
      ...(ctx.scopes !== undefined ? { scopes: ctx.scopes } : {}),
    };
    let done = 0;
    let parts = 0;
    const runner = threadCaseRunner(async (name, caseInput, signal) => {
      parts++;
      const caseTool = lookup(name);
      const r = caseTool === undefined ? result(internalError(name, new Error(`no tool ${name} for a case call`))) : await runOnPool(p, caseTool, caseInput, { ...caseCtx, signal }, true);
      done++;
      store.update(operationId, done / Math.max(parts, 1), `${done} of ${parts} parts done`);
      return r;
    }, 2 * threads);
    // Two case calls per thread at a time (one running, one waiting on it, so no thread idles
    // while the main thread hands out the next), the next one sent as one ends: a thread slowed
    // by other work gets fewer of the (4 per thread) chunks instead of holding back the call.
    const spread = fanOut.spread(tool.name, input, ctx, budgetFor(tool.name), { runner, jobs: 4 * threads });
    if (spread === undefined) return undefined;
    store.start(operationId, tool.name, ctx.subject);
    return spread.then(
      (env) => {
        let out: DispatchResult;
        if (ctx.signal?.aborted === true) {
          out = result(failure(tool.name, 'timeout', [issue('CANCELLED', 'The caller went away; the calculation was cancelled', 'Retry the call.')], 'runner'), 499);
          store.finish(operationId, false, 'cancelled by the caller');
        } else {
          // As the worker marks the envelope of a call it runs (workers/tool-worker.ts).
          if (env.provenance !== undefined) env.provenance.operationId = operationId;
          // No non-finite check: its numbers were read from the case calls' JSON text (checked by
          // the serializer in the worker) or counted here.
          out = new LazyBodyResult(env, httpStatusFor(env));
          store.finish(operationId, out.httpStatus === 200, out.httpStatus === 200 ? undefined : env.errors?.[0]?.code);
        }
        out.operationId = operationId;
        return out;
      },
      (err: unknown) => {
        store.finish(operationId, false, err instanceof CaseCallBusy ? 'rejected: pool busy' : 'failed');
        if (err instanceof CaseCallBusy) return { ...result(err.envelope), operationId };
        throw err;
      },
    );
  }

  const dispatch = async (toolName: string, input: unknown, ctx: CallContext): Promise<DispatchResult> => {
    const started = performance.now();
    let out: DispatchResult;
    const tool = typeof toolName === 'string' ? lookup(toolName) : undefined;
    if (tool === undefined) {
      out = result(
        failure(String(toolName), 'compute', [
          issue(
            'UNKNOWN_TOOL',
            `No tool named "${String(toolName).slice(0, 200)}".${typeof toolName === 'string' ? didYouMeanText(toolName, toolNames()) : ''}`,
            'Call getCapabilities (or GET /v1/tools) for the list of tool names; names are camelCase, e.g. runFlash.',
          ),
        ], 'dispatch'),
        404,
      );
    } else {
      try {
        const scopeDenied = checkScope(tool.name, tool.category, ctx.scopes, ctx.subject);
        const access = scopeDenied ?? admitCall(tool.name, ctx.subject);
        // A promise only when a one-shot approval is consumed in the shared store (REDIS_URL).
        const denied = access instanceof Promise ? await access : access;
        const tooBig = denied === null ? checkInputLimits(input) : undefined;
        // blocked / approval_required: 403; an error (shared store unreachable) keeps its own status.
        if (denied !== null) out = result(denied, denied.status === 'error' ? undefined : 403);
        // Before any recursion over the input (schema check, structured clone to a worker).
        else if (tooBig !== undefined) out = result(failure(tool.name, tooBig.kind === 'size' ? 'too_large' : 'input', [tooBig.issue], 'schema'));
        else if (tool.execution === 'pool' && pool !== undefined) {
          // REDIS_URL: a call made of independent cases may run them on every replica's workers.
          // A full server answers busy as for any pool call (runOnPool), spread or not. A spread
          // call takes no pool slot itself (its cases do, wherever they run): counting it would
          // let it block its own cases on a server with no queue (POOL_MAX_QUEUE=0).
          // Without it, on a pool of several threads, such a call's cases run as pool tasks side by side.
          const full = pool.closing || inFlight >= pool.runningCapacity + maxQueue;
          const spread = full ? undefined : fanOutFor(tool.name, input, ctx, budgetFor(tool.name));
          const threads = full || spread !== undefined ? undefined : spreadOverThreads(pool, tool, input, ctx);
          if (threads !== undefined) out = await threads;
          else if (spread === undefined) out = await runOnPool(pool, tool, input, ctx);
          else {
            const env = await spread;
            out = ctx.transport === 'api' ? objectResult(env) : result(env);
          }
        }
        else if (tool.execution === 'inline' || inlineFallback) out = await runInline(tool, input, ctx);
        else out = busy(tool.name, 'POOL_UNAVAILABLE', 'No worker pool is running for this CPU-bound tool', 'Retry shortly.');
      } catch (err) {
        // executeTool never throws; this catches a failing policy hook or pool, which is still our bug.
        out = result(internalError(tool.name, err));
      }
    }
    // Every 503 says when to retry; one from a tool (its shared state store unreachable) too.
    if (out.httpStatus === 503 && out.retryAfter === undefined) out.retryAfter = RETRY_AFTER_BUSY_S;
    // The automation history (getAutomationLearningReport): answers about the address only, not
    // refusals by policy, load or schema.
    if (tool !== undefined && RECORDED_AUTOMATION_TOOLS.has(tool.name) && (out.httpStatus === 200 || out.httpStatus === 422)) {
      try {
        recordAutomationCall(tool.name, input, ctx.subject, out.envelope);
      } catch {
        /* a call never fails over its history */
      }
    }
    options.metrics?.onResult(tool?.name ?? 'unknown', out.httpStatus, performance.now() - started);
    return out;
  };
  return Object.assign(dispatch, { poolInFlight: () => inFlight });
}
