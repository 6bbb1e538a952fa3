/**
 * Piscina worker entry: runs one registered tool by name and returns the 3-digit HTTP status
 * followed by the serialized envelope. Serializing here keeps the main thread's share of a pool
 * call to a string hand-off (spec/performance-notes.md: the cheapest path measured).
 *
 * Tools load on first use (src/tools/tool-loaders.ts): a thread starts with the contract
 * machinery only and imports a tool's module when the first call for it arrives, so start-up
 * and an idle thread's memory do not grow with the number of tools (issue 25).
 */
import { BroadcastChannel, workerData } from 'node:worker_threads';
import { failure, issue } from '../src/tools/contract/envelope.js';
import { executeTool, serializeWithStatus } from '../src/tools/contract/execute.js';
import type { PoolReply, PoolTask } from '../src/tools/contract/dispatch.js';
import { PROGRESS_CHANNEL, type ProgressMessage } from '../src/tools/contract/progress-store.js';
import { TOOL_LOADERS } from '../src/tools/tool-loaders.js';
import type { AnyTool, ToolCatalog, ToolContext } from '../src/tools/contract/types.js';
import { CLAIMS_KEY, claimTask, WITHDRAWN_REPLY } from '../src/tools/contract/task-claims.js';
import { timeTask } from './tracing.js';
import { busySection, summarySection, withWorkerReport } from '../src/tools/contract/worker-report.js';
import { summaryHead } from '../src/tools/contract/summary.js';
import { httpStatusFor, type Envelope } from '../src/tools/contract/envelope.js';

/** Progress updates without a message are sent at most this often per task. */
const PROGRESS_INTERVAL_MS = 50;

/** Claim flags shared with the pool (task-claims.ts); absent when run outside PiscinaToolPool. */
const claims = (workerData as Record<string, unknown> | null | undefined)?.[CLAIMS_KEY] as Int32Array | undefined;

let channel: BroadcastChannel | undefined;

function postProgress(msg: ProgressMessage): void {
  if (channel === undefined) {
    channel = new BroadcastChannel(PROGRESS_CHANNEL);
    (channel as unknown as { unref?: () => void }).unref?.();
  }
  channel.postMessage(msg);
}

function progressReporter(operationId: string): ToolContext['progress'] {
  let last = 0;
  return (fraction, message) => {
    if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return;
    const now = performance.now();
    if (message === undefined && fraction < 1 && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    postProgress(message === undefined ? { id: operationId, fraction } : { id: operationId, fraction, message });
  };
}

/** The registry's catalog once this thread has loaded it (registryCatalog()). */
let loadedCatalog: ToolCatalog | undefined;

/** Loads the whole registry: only for a tool that reads the catalog (below). */
async function registryCatalog(): Promise<ToolCatalog> {
  loadedCatalog ??= (await import('../src/tools/registry.js')).toolCatalog;
  return loadedCatalog;
}

/**
 * The default catalog of the pool's tasks. Only inline tools read the catalog (catalogIn: the
 * discovery and governance tools, run on the main thread; test/api/lazy-tool-loading.test.ts
 * checks that no pool tool does), so a thread loads the registry only when it is handed a
 * non-pool tool (tests' workers do); reading it before then is a bug that says so.
 */
const lazyRegistryCatalog: ToolCatalog = {
  get tools() {
    return needCatalog().tools;
  },
  get: (name) => needCatalog().get(name),
};

function needCatalog(): ToolCatalog {
  if (loadedCatalog === undefined) throw new Error('The tool catalog is not loaded in this worker thread: a pool tool read it (only inline tools may)');
  return loadedCatalog;
}

const loadedTools = new Map<string, AnyTool>();

/** A registered tool by name, importing its module on the first call (a promise then). */
export function lazyRegisteredTool(name: string): AnyTool | undefined | Promise<AnyTool> {
  const tool = loadedTools.get(name);
  if (tool !== undefined) return tool;
  const load = Object.hasOwn(TOOL_LOADERS, name) ? TOOL_LOADERS[name] : undefined;
  return load?.().then((t) => {
    loadedTools.set(name, t);
    return t;
  });
}

/**
 * The worker function for a tool lookup (tests build one over their own test tools); `catalog` is
 * what the tools that describe the registry see (default: the registry).
 */
export function createToolWorker(
  lookup: (name: string) => AnyTool | undefined | Promise<AnyTool | undefined>,
  catalog: ToolCatalog = lazyRegistryCatalog,
): (task: PoolTask) => Promise<PoolReply> {
  return async (task) => {
    const startedAt = performance.now();
    // The pool took this task back (moved to another thread, or its caller was answered): skip it.
    if (claims !== undefined && task.claim !== undefined && !claimTask(claims, task.claim)) return WITHDRAWN_REPLY;
    const found = lookup(task.tool);
    // Loaded tools come back at once; only a tool's first call waits for its module.
    const tool = found instanceof Promise ? await found : found;
    if (tool !== undefined && tool.execution !== 'pool' && catalog === lazyRegistryCatalog) await registryCatalog();
    if (tool === undefined) {
      const env = failure(task.tool, 'compute', [issue('UNKNOWN_TOOL', `No tool named "${task.tool}" in the worker`, 'Call getCapabilities for the tool list.')], 'dispatch');
      const s = serializeWithStatus(env);
      return `404${s.body}`;
    }
    if (Date.now() > task.deadline) {
      // The caller was answered 504 while this task waited for a thread: skip the work.
      const late = failure(task.tool, 'timeout', [issue('TIMEOUT', 'The time budget ran out before a worker thread was free', 'Retry when the server is less busy.')], 'runner');
      return `504${serializeWithStatus(late).body}`;
    }
    const ctx: ToolContext = { catalog, subject: task.subject, profile: task.profile, progress: progressReporter(task.operationId) };
    if (task.validationLimits !== undefined) ctx.validationLimits = task.validationLimits;
    const { result: env, report } = await timeTask(task.traced === true, () => executeTool(tool, task.input, ctx));
    if (env.provenance !== undefined) env.provenance.operationId = task.operationId;
    const s = serializeWithStatus(env);
    // The summary is of what was serialized (a non-finite number swaps in another envelope).
    let body = s.body;
    if (task.summary === true) {
      const sent = s.status === httpStatusFor(env) ? env : (JSON.parse(s.body) as Envelope);
      body = summarySection({ status: sent.status, head: summaryHead(sent) }) + body;
    }
    // This thread's busy time on the task, for the pool's service-time estimates (worker-report.ts).
    const now = performance.now();
    const busy = busySection(now - startedAt, performance.timeOrigin + now);
    return report === undefined ? `${s.status}${busy}${body}` : withWorkerReport(s.status, body, report, busy);
  };
}

const runTask = createToolWorker(lazyRegisteredTool);
export default runTask;
/** Same function under the name the pool uses for tasks that must run alone on a thread. */
export const isolated = runTask;
