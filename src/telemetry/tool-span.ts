/**
 * A span per tool call on every surface (REST, MCP, runTool): wraps a Dispatch so each call runs
 * inside a `tool <name>` span (child of the request span when there is one) with the tool name,
 * profile, subject, transport, envelope status, HTTP status, model and convergence as attributes.
 * A recorded call that runs in the worker pool also gets a `worker <name>` child span for the work
 * in the worker thread, built here from the timing the worker reports with its reply
 * (workers/tracing.ts), so one exporter per process sends every span. With tracing off the
 * dispatcher is returned unchanged.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, context, isSpanContextValid, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { CallContext, Dispatch, DispatchResult, WorkerSpanReport } from '../tools/dispatch-types.js';
import { activeProfile } from '../tools/governance/policy.js';
import { recordSpanError } from './span-error.js';

/** Only this much of a body is scanned for span attributes. */
const MAX_INSPECTED_BODY = 64 * 1024;

/**
 * Span attributes of a result: from the worker's report when there is one, else read from the
 * serialized envelope (cheaper than parsing a pool reply on the main thread).
 */
function recordResult(span: Span, r: DispatchResult): void {
  span.setAttribute('http.response.status_code', r.httpStatus);
  if (r.workerSpan !== undefined && r.httpStatus < 400) {
    span.setAttributes(r.workerSpan.attributes);
    return;
  }
  const head = r.body.length > MAX_INSPECTED_BODY ? r.body.slice(0, MAX_INSPECTED_BODY) : r.body;
  const status = /"status":"(\w+)"/.exec(head)?.[1];
  if (status !== undefined) span.setAttribute('neqsim.status', status);
  const prov = head.lastIndexOf('"provenance":{');
  if (prov >= 0) {
    const p = head.slice(prov, prov + 4096);
    const model = /"model":"([^"]{1,40})"/.exec(p)?.[1];
    if (model !== undefined) span.setAttribute('neqsim.model', model);
    const conv = /"convergence":\{"converged":(true|false),"iterations":(\d+)/.exec(p);
    if (conv !== null) {
      span.setAttribute('neqsim.converged', conv[1] === 'true');
      span.setAttribute('neqsim.iterations', Number(conv[2]));
    }
  }
  if (status === 'error') {
    const code = /"errors":\[\{"severity":"\w+","code":"([^"]+)"/.exec(head)?.[1];
    if (code !== undefined) span.setAttribute('neqsim.error.code', code);
    if (r.httpStatus >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: code ?? 'error' });
  }
}

/**
 * The trace context of an HTTP request: the @fastify/otel request span's context when the
 * instrumentation is registered, else the active context. The SDK runs without a context manager
 * (src/telemetry/otel.ts), so callers pass this on explicitly (CallContext.traceContext) instead
 * of relying on context.active() surviving the awaits between the onRequest hook and the handler.
 */
export function requestTraceContext(req: unknown): Context {
  const otelApi = (req as { opentelemetry?: () => { context?: Context | null } }).opentelemetry;
  return (typeof otelApi === 'function' ? otelApi.call(req).context : undefined) ?? context.active();
}

/**
 * True when the parent is a valid span context that was not sampled. Every standard sampler then
 * leaves the child unrecorded too (parent-based ones follow the parent; a trace-id ratio decides
 * the same for the same trace id), so the tool span can be skipped instead of created and dropped.
 */
function parentNotSampled(parent: Context): boolean {
  const sc = trace.getSpanContext(parent);
  // The flag first: the validity check (two regular expressions) only for unsampled parents.
  return sc !== undefined && (sc.traceFlags & TraceFlags.SAMPLED) === 0 && isSpanContextValid(sc);
}

/**
 * The worker thread's share of a call, as a child of the tool span, timed by the worker's own
 * clock. The result attributes (model, convergence) are on the tool span already; this one says
 * where and when the work ran.
 */
function recordWorkerSpan(tracer: Tracer, toolSpan: Span, toolName: string, operationId: string | undefined, report: WorkerSpanReport): void {
  const attributes: Record<string, string | number | boolean> = { 'neqsim.tool.name': toolName, 'thread.kind': 'worker', 'thread.id': report.threadId };
  const status = report.attributes['neqsim.status'];
  if (status !== undefined) attributes['neqsim.status'] = status;
  if (operationId !== undefined) attributes['neqsim.operation_id'] = operationId;
  const span = tracer.startSpan(`worker ${toolName}`, { kind: SpanKind.INTERNAL, startTime: report.startMs, attributes }, trace.setSpan(ROOT_CONTEXT, toolSpan));
  span.end(report.endMs);
}

export function traceDispatch<D extends Dispatch>(dispatch: D, enabled: boolean): D {
  if (!enabled) return dispatch;
  const tracer = trace.getTracer('neqsim-ts');
  // Not async: a call under an unsampled parent goes straight to the dispatcher, without a
  // promise and a microtask of its own.
  const traced = (toolName: string, input: unknown, ctx: CallContext): Promise<DispatchResult> => {
    const parent = (ctx.traceContext as Context | undefined) ?? context.active();
    if (parentNotSampled(parent)) return dispatch(toolName, input, ctx);
    return inSpan(toolName, input, ctx, parent);
  };
  const inSpan = async (toolName: string, input: unknown, ctx: CallContext, parent: Context): Promise<DispatchResult> => {
    const span = tracer.startSpan(`tool ${String(toolName)}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        'neqsim.tool.name': String(toolName),
        'neqsim.profile': activeProfile(),
        'neqsim.transport': ctx.transport,
        'enduser.id': ctx.subject,
      },
    }, parent);
    try {
      // Not sampled: no worker timing, no attribute scraping: work for a span nobody exports.
      if (!span.isRecording()) return await dispatch(toolName, input, ctx);
      const r = await dispatch(toolName, input, { ...ctx, reportWorkerSpan: true });
      recordResult(span, r);
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
