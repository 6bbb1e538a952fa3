/**
 * A span per tool call on every surface (REST, MCP, runTool): wraps a Dispatch so each call runs
 * inside a `tool <name>` span (child of the request span when there is one) with the tool name,
 * profile, subject, transport, envelope status, HTTP status, model and convergence as attributes.
 * The call's traceCarrier is replaced by this span's W3C context, plus the OTLP traces URL, so the
 * worker thread's span (workers/tracing.ts) is a child of the tool span and exports to the same
 * collector. With tracing off the dispatcher is returned unchanged.
 */
import { SpanKind, SpanStatusCode, context, propagation, trace, type Context, type Span } from '@opentelemetry/api';
import type { CallContext, Dispatch, DispatchResult } from '../tools/dispatch-types.js';
import { activeProfile } from '../tools/governance/policy.js';
import type * as OtelModule from './otel.js';
import { recordSpanError } from './span-error.js';

// The SDK module is loaded only when tracing is on (registerOtel imports it before any request);
// a static import would put the ~2 s OpenTelemetry SDK load on every cold start.
let otel: typeof OtelModule | undefined;

/** Carrier key for the OTLP traces URL (read by workers/tracing.ts). */
export const OTLP_URL_CARRIER_KEY = 'x-neqsim-otlp-traces-url';
/** Only this much of a body is scanned for span attributes. */
const MAX_INSPECTED_BODY = 64 * 1024;

function carrierOf(span: Span, tracesUrl: string | undefined): Record<string, string> {
  const sc = span.spanContext();
  const carrier: Record<string, string> = { traceparent: `00-${sc.traceId}-${sc.spanId}-0${(sc.traceFlags & 1).toString(16)}` };
  if (sc.traceState !== undefined) carrier.tracestate = sc.traceState.serialize();
  if (tracesUrl !== undefined) carrier[OTLP_URL_CARRIER_KEY] = tracesUrl;
  return carrier;
}

/** Span attributes read from the serialized envelope: cheaper than parsing a pool reply on the main thread. */
function recordResult(span: Span, r: DispatchResult): void {
  span.setAttribute('http.response.status_code', r.httpStatus);
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
 * (src/telemetry/otel.ts), so callers pass this on explicitly, as a carrier, instead of relying on
 * context.active() surviving the awaits between the onRequest hook and the handler.
 */
export function requestTraceContext(req: unknown): Context {
  const otelApi = (req as { opentelemetry?: () => { context?: Context | null } }).opentelemetry;
  return (typeof otelApi === 'function' ? otelApi.call(req).context : undefined) ?? context.active();
}

/** Parent of a tool span: the caller's carrier (request span, upstream service), else the active context. */
function parentContext(carrier: Record<string, string> | undefined): Context {
  if (carrier === undefined || carrier.traceparent === undefined) return context.active();
  return propagation.extract(context.active(), carrier);
}

export function traceDispatch<D extends Dispatch>(dispatch: D, enabled: boolean): D {
  if (!enabled) return dispatch;
  void import('./otel.js').then((m) => {
    otel = m;
  });
  const tracer = trace.getTracer('neqsim-ts');
  const traced = async (toolName: string, input: unknown, ctx: CallContext): Promise<DispatchResult> => {
    const span = tracer.startSpan(`tool ${String(toolName)}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        'neqsim.tool.name': String(toolName),
        'neqsim.profile': activeProfile(),
        'neqsim.transport': ctx.transport,
        'enduser.id': ctx.subject,
      },
    }, parentContext(ctx.traceCarrier));
    try {
      if (!span.isRecording()) {
        // Not sampled: no carrier for the worker (it would record nothing; cloning it into the
        // task costs), no attribute scraping, no context switch: work for a span nobody exports.
        const { traceCarrier: _unsampled, ...untraced } = ctx;
        return await dispatch(toolName, input, untraced);
      }
      const withCarrier: CallContext = { ...ctx, traceCarrier: carrierOf(span, otel?.activeTelemetry()?.tracesUrl) };
      const r = await context.with(trace.setSpan(context.active(), span), () => dispatch(toolName, input, withCarrier));
      recordResult(span, r);
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
