/**
 * A span per tool call on every surface (REST, MCP, runTool): wraps a Dispatch so each call runs
 * inside a `tool <name>` span (child of the request span when there is one) with the tool name,
 * profile, subject, transport, envelope status, HTTP status, model and convergence as attributes.
 * A recorded call that runs in the worker pool also gets a `worker <name>` child span for the work
 * in the worker thread, built here from the timing the worker reports with its reply
 * (workers/tracing.ts), so one exporter per process sends every span. Under a request span the SDK
 * records, both are built without SDK span objects (src/telemetry/direct-span.ts). With tracing
 * off the dispatcher is returned unchanged.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, context, isSpanContextValid, trace, type Attributes, type Context, type Span, type SpanContext, type SpanStatus, type Tracer } from '@opentelemetry/api';
import type { CallContext, Dispatch, DispatchResult, WorkerSpanReport } from '../tools/contract/dispatch-types.js';
import { activeProfile } from '../tools/contract/governance/policy.js';
import { errorStatusOf, recordSpanError } from './span-error.js';
import { SpanOnlyContext } from './request-tracer.js';
import { FinishedSpan, SERVICE_SCOPE, SpanTimer, childContext, directSpanSink, exceptionEvent, hrTimeOfMs, recordingResource, type DirectSpanSink } from './direct-span.js';

/** Only this much of a body is scanned for span attributes. */
const MAX_INSPECTED_BODY = 64 * 1024;

/** What a call came out with, as the tool span records it. */
interface CallOutcome {
  status: string | undefined;
  model: string | undefined;
  converged: boolean | undefined;
  iterations: number | undefined;
  errorCode: string | undefined;
  /** The span status when the call failed on the server side (5xx). */
  spanStatus: SpanStatus | undefined;
}

/**
 * The outcome of a result: from the worker's report when there is one, else read from the
 * serialized envelope (cheaper than parsing a pool reply on the main thread).
 */
function outcomeOf(r: DispatchResult): CallOutcome {
  const w = r.workerSpan;
  if (w !== undefined && r.httpStatus < 400) {
    return { status: w.status, model: w.model, converged: w.converged, iterations: w.iterations, errorCode: undefined, spanStatus: undefined };
  }
  const head = r.body.length > MAX_INSPECTED_BODY ? r.body.slice(0, MAX_INSPECTED_BODY) : r.body;
  const status = /"status":"(\w+)"/.exec(head)?.[1];
  let model: string | undefined;
  let converged: boolean | undefined;
  let iterations: number | undefined;
  const prov = head.lastIndexOf('"provenance":{');
  if (prov >= 0) {
    const p = head.slice(prov, prov + 4096);
    model = /"model":"([^"]{1,40})"/.exec(p)?.[1];
    const conv = /"convergence":\{"converged":(true|false),"iterations":(\d+)/.exec(p);
    if (conv !== null) {
      converged = conv[1] === 'true';
      iterations = Number(conv[2]);
    }
  }
  let errorCode: string | undefined;
  let spanStatus: SpanStatus | undefined;
  if (status === 'error') {
    errorCode = /"errors":\[\{"severity":"\w+","code":"([^"]+)"/.exec(head)?.[1];
    if (r.httpStatus >= 500) spanStatus = { code: SpanStatusCode.ERROR, message: errorCode ?? 'error' };
  }
  return { status, model, converged, iterations, errorCode, spanStatus };
}

/**
 * The tool span's attributes: one object literal of one shape for every call (absent values are
 * undefined, which the SDK and the encoder skip), so the code reading them stays monomorphic.
 */
function toolAttributes(toolName: string, profile: string, ctx: CallContext, httpStatus: number, o: CallOutcome): Attributes {
  return {
    'neqsim.tool.name': toolName,
    'neqsim.profile': profile,
    'neqsim.transport': ctx.transport,
    'enduser.id': ctx.subject,
    'http.response.status_code': httpStatus,
    'neqsim.status': o.status,
    'neqsim.model': o.model,
    'neqsim.converged': o.converged,
    'neqsim.iterations': o.iterations,
    'neqsim.error.code': o.errorCode,
  };
}

/** Where the request hook (src/http/plugins/otel.ts) keeps a request's trace context. */
export const REQUEST_TRACE_CONTEXT = Symbol('neqsim request trace context');

/**
 * The trace context of an HTTP request: the request span's context when tracing is on (set by
 * the request hook), else the active context. The SDK runs without a context manager
 * (src/telemetry/otel.ts), so callers pass this on explicitly (CallContext.traceContext) instead
 * of relying on context.active() surviving the awaits between the onRequest hook and the handler.
 */
export function requestTraceContext(req: unknown): Context {
  return ((req as { [REQUEST_TRACE_CONTEXT]?: Context | null })[REQUEST_TRACE_CONTEXT] as Context | null | undefined) ?? context.active();
}

/**
 * True when the parent is a valid span context that was not sampled. Every standard sampler then
 * leaves the child unrecorded too (parent-based ones follow the parent; a trace-id ratio decides
 * the same for the same trace id), so the tool span can be skipped instead of created and dropped.
 */
function parentNotSampled(parent: Context): boolean {
  // The request hook's context (src/http/plugins/otel.ts): its ids are known valid, the flag decides.
  if (parent instanceof SpanOnlyContext && parent.idsValid) return (parent.span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0;
  const sc = trace.getSpanContext(parent);
  // The flag first: the validity check (two regular expressions) only for unsampled parents.
  return sc !== undefined && (sc.traceFlags & TraceFlags.SAMPLED) === 0 && isSpanContextValid(sc);
}

/**
 * The worker thread's share of a call, a child of the tool span timed by the worker's own clock.
 * The result attributes (model, convergence) are on the tool span already; this one says where
 * and when the work ran.
 */
function workerAttributes(toolName: string, operationId: string | undefined, report: WorkerSpanReport): Attributes {
  return {
    'neqsim.tool.name': toolName,
    'thread.kind': 'worker',
    'thread.id': report.threadId,
    'neqsim.status': report.status,
    'neqsim.operation_id': operationId,
  };
}

function recordWorkerSpan(tracer: Tracer, toolSpan: Span, toolName: string, operationId: string | undefined, report: WorkerSpanReport): void {
  const attributes = workerAttributes(toolName, operationId, report);
  const span = tracer.startSpan(`worker ${toolName}`, { kind: SpanKind.INTERNAL, startTime: report.startMs, attributes }, trace.setSpan(ROOT_CONTEXT, toolSpan));
  span.end(report.endMs);
}

/**
 * The caller's context with worker timing asked for: every field listed (Required<> makes a new
 * CallContext field a compile error here), so no object spread per call.
 */
function recordedContext(ctx: CallContext): CallContext {
  const out: Required<CallContext> = {
    subject: ctx.subject,
    transport: ctx.transport,
    requestId: ctx.requestId!,
    traceContext: ctx.traceContext,
    reportWorkerSpan: true,
    signal: ctx.signal!,
    scopes: ctx.scopes!,
    wantSummary: ctx.wantSummary!,
    distributedCase: ctx.distributedCase!,
  };
  return out;
}

/** The tool span's attributes known before the call. */
function callAttributes(toolName: string, ctx: CallContext, profile: string = activeProfile()): Attributes {
  return {
    'neqsim.tool.name': toolName,
    'neqsim.profile': profile,
    'neqsim.transport': ctx.transport,
    'enduser.id': ctx.subject,
  };
}

/**
 * Span names per tool, made once: a name built per call is a new (cons) string the encoder then
 * flattens. Bounded (names come from callers too); past the bound names are built per call.
 */
const spanNames = new Map<string, { tool: string; worker: string }>();
function spanNamesOf(toolName: string): { tool: string; worker: string } {
  let names = spanNames.get(toolName);
  if (names === undefined) {
    names = { tool: `tool ${toolName}`, worker: `worker ${toolName}` };
    if (spanNames.size < 1000) spanNames.set(toolName, names);
  }
  return names;
}

/**
 * The tool and worker spans of a call under a request span the SDK records, built without SDK
 * span objects and handed to the exporter (src/telemetry/direct-span.ts explains why).
 */
async function inDirectSpan(dispatch: Dispatch, sink: DirectSpanSink, resource: unknown, parent: SpanContext, toolName: string, input: unknown, ctx: CallContext): Promise<DispatchResult> {
  const timer = new SpanTimer(parent);
  const profile = activeProfile();
  const names = spanNamesOf(toolName);
  const name = names.tool;
  let r: DispatchResult;
  try {
    r = await dispatch(toolName, input, recordedContext(ctx));
  } catch (err) {
    sink.record(timer.finish(name, callAttributes(toolName, ctx, profile), errorStatusOf(err), [exceptionEvent(err)]), resource, SERVICE_SCOPE);
    throw err;
  }
  const outcome = outcomeOf(r);
  sink.record(timer.finish(name, toolAttributes(toolName, profile, ctx, r.httpStatus, outcome), outcome.spanStatus), resource, SERVICE_SCOPE);
  const report = r.workerSpan;
  if (report !== undefined) {
    sink.record(
      new FinishedSpan(childContext(timer.context), timer.context, names.worker, SpanKind.INTERNAL, hrTimeOfMs(report.startMs), hrTimeOfMs(report.endMs), workerAttributes(toolName, r.operationId, report)),
      resource,
      SERVICE_SCOPE,
    );
  }
  return r;
}

export function traceDispatch<D extends Dispatch>(dispatch: D, enabled: boolean): D {
  if (!enabled) return dispatch;
  const tracer = trace.getTracer('neqsim-ts');
  // Not async: a call under an unsampled parent goes straight to the dispatcher, without a
  // promise and a microtask of its own.
  const traced = (toolName: string, input: unknown, ctx: CallContext): Promise<DispatchResult> => {
    const parent = (ctx.traceContext as Context | undefined) ?? context.active();
    if (parentNotSampled(parent)) return dispatch(toolName, input, ctx);
    const sink = directSpanSink();
    if (sink !== undefined) {
      const parentSpan = trace.getSpan(parent);
      const resource = recordingResource(parentSpan);
      if (resource !== undefined) return inDirectSpan(dispatch, sink, resource, parentSpan!.spanContext(), String(toolName), input, ctx);
    }
    // A root span (stdio, runTool), an unrecorded parent or the JSON exporter: through the SDK.
    return inSpan(toolName, input, ctx, parent);
  };
  const inSpan = async (toolName: string, input: unknown, ctx: CallContext, parent: Context): Promise<DispatchResult> => {
    const profile = activeProfile();
    const span = tracer.startSpan(`tool ${String(toolName)}`, { kind: SpanKind.INTERNAL, attributes: callAttributes(String(toolName), ctx, profile) }, parent);
    try {
      // Not sampled: no worker timing, no attribute scraping: work for a span nobody exports.
      if (!span.isRecording()) return await dispatch(toolName, input, ctx);
      const r = await dispatch(toolName, input, recordedContext(ctx));
      const outcome = outcomeOf(r);
      span.setAttributes(toolAttributes(String(toolName), profile, ctx, r.httpStatus, outcome));
      if (outcome.spanStatus !== undefined) span.setStatus(outcome.spanStatus);
      if (r.workerSpan !== undefined) recordWorkerSpan(tracer, span, String(toolName), r.operationId, r.workerSpan);
      return r;
    } catch (err) {
      recordSpanError(span, err);
      throw err;
    } finally {
      span.end();
    }
  };
  // Keep extra members of the dispatcher (e.g. poolInFlight).
  return Object.assign(traced, dispatch) as unknown as D;
}
