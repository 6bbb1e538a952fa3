/**
 * Request tracing for the Fastify app: starts the process's OpenTelemetry SDK (src/telemetry) and
 * adds the hooks that make each HTTP request's `request` span (kind SERVER), registered before
 * the routes and the auth hooks (a refused request is traced too).
 *
 * The span is what @fastify/otel made (this replaced it): name `request`, attributes
 * `fastify.root`, `http.request.method`, `url.path`, `http.route` (matched routes),
 * `neqsim.tool.name` (tool routes) and `http.response.status_code`; ERROR status on a 5xx or a
 * thrown error (with its `exception` event); an incoming W3C `traceparent`/`tracestate` (or what
 * the configured propagators read) is continued; /health and /metrics get no span. Why our own: measured
 * under load, @fastify/otel's hooks cost the main thread several µs per request, sampled or not —
 * request.routeOptions (a new 12-field object per read) rebuilt on four reads, a context copied
 * per request, an object with two closures per `request.opentelemetry()` call, and an onSend and
 * an onError hook added to every route. Here: one onRequest and one onResponse hook, the route's
 * config read once, the context a one-field object, no per-route hooks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROOT_CONTEXT, SpanStatusCode, propagation, trace, type Span, type SpanContext } from '@opentelemetry/api';
import { isProbePath, startTelemetry, type Telemetry, type TelemetryOptions } from '../../telemetry/otel.js';
import { SpanOnlyContext } from '../../telemetry/request-tracer.js';
import { REQUEST_TRACE_CONTEXT } from '../../telemetry/tool-span.js';

const REQUEST_SPAN = Symbol('neqsim request span');
/** Set when onError recorded the error's message as the span status (a later 5xx keeps it). */
const ERROR_RECORDED = Symbol('neqsim request span error recorded');

type TracedRequest = FastifyRequest & { [REQUEST_SPAN]: Span | null; [REQUEST_TRACE_CONTEXT]: SpanOnlyContext | null; [ERROR_RECORDED]: boolean };
type RouteConfig = { url?: unknown; toolName?: unknown } | undefined;

/**
 * Whether the configured propagators (NodeSDK sets them from OTEL_PROPAGATORS, default
 * tracecontext,baggage) read only W3C headers, judged by the header names they declare. Then a
 * request without a `traceparent` header has no remote parent and the header lookup alone
 * decides; any other propagator (b3, jaeger...) is asked on every request.
 */
export function onlyW3cPropagators(fields: readonly string[] = propagation.fields()): boolean {
  return fields.every((f) => f === 'traceparent' || f === 'tracestate' || f === 'baggage');
}

/**
 * The route's config object (Fastify copies `url` and `method` into it), read from the request's
 * route context by Fastify's own symbol, found on the first request; request.routeOptions builds
 * a 12-field object per read, and stays the fallback should the symbol not be found.
 */
let routeContextKey: symbol | null | undefined;
function routeConfigOf(req: FastifyRequest): RouteConfig {
  if (routeContextKey === undefined) routeContextKey = Object.getOwnPropertySymbols(req).find((s) => s.description === 'fastify.context') ?? null;
  if (routeContextKey === null) return req.routeOptions.config as RouteConfig;
  return (req as unknown as Record<symbol, { config?: RouteConfig } | undefined>)[routeContextKey]?.config;
}

export async function registerOtel(app: FastifyInstance, opts: TelemetryOptions): Promise<Telemetry> {
  const telemetry = startTelemetry(opts);
  const start = telemetry.startRequestSpan;
  const w3cOnly = onlyW3cPropagators();
  const remoteParent = (req: FastifyRequest): SpanContext | undefined =>
    w3cOnly && req.headers.traceparent === undefined ? undefined : trace.getSpanContext(propagation.extract(ROOT_CONTEXT, req.headers));

  app.decorateRequest(REQUEST_SPAN, null);
  app.decorateRequest(REQUEST_TRACE_CONTEXT, null);
  app.decorateRequest(ERROR_RECORDED, false);

  // Callback style and synchronous: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const req = request as TracedRequest;
    const url = req.url;
    if (isProbePath(url)) return done();
    const span = start(remoteParent(req));
    if (span.isRecording()) {
      // The attributes and order @fastify/otel wrote (the `fastify.root` value kept for dashboards that select on it).
      span.setAttribute('fastify.root', '@fastify/otel');
      span.setAttribute('http.request.method', req.method);
      span.setAttribute('url.path', url);
      const config = routeConfigOf(req);
      if (typeof config?.url === 'string') span.setAttribute('http.route', config.url);
      if (typeof config?.toolName === 'string') span.setAttribute('neqsim.tool.name', config.toolName);
    }
    req[REQUEST_SPAN] = span;
    // Ids drawn by the tracer's generator, or the remote parent's, which the tracer checked.
    req[REQUEST_TRACE_CONTEXT] = new SpanOnlyContext(span, true);
    done();
  });

  app.addHook('onError', (request, _reply, error, done) => {
    const span = (request as TracedRequest)[REQUEST_SPAN];
    if (span !== null) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      (request as TracedRequest)[ERROR_RECORDED] = true;
      span.recordException(error);
    }
    done();
  });

  // After the reply is written (onResponse), so the span covers the whole exchange.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const req = request as TracedRequest;
    const span = req[REQUEST_SPAN];
    if (span !== null) {
      req[REQUEST_SPAN] = null;
      if (span.isRecording()) {
        // A 5xx that never threw still marks the span; one that did keeps onError's description.
        if (reply.statusCode >= 500 && !req[ERROR_RECORDED]) span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('http.response.status_code', reply.statusCode);
      }
      span.end();
    }
    done();
  });

  // Spans still queued are exported before the process ends.
  app.addHook('onClose', async () => {
    await telemetry.forceFlush().catch(() => undefined);
  });
  return telemetry;
}
