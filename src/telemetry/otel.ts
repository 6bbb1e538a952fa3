/**
 * OpenTelemetry bootstrap for the main thread: NodeSDK with an OTLP/HTTP trace export
 * (protobuf by default, encoded as spans end; JSON on request through the standard exporter)
 * and the source of the HTTP request spans (started and ended by src/http/plugins/otel.ts).
 * Off unless the configuration enables tracing (OTEL_TRACES_EXPORTER / OTEL_EXPORTER_OTLP_ENDPOINT
 * or SERVICE_PROFILE=enterprise). One SDK per process: a second start with the same endpoint
 * reuses it. Worker threads run no SDK: their spans are built here from the timing they report
 * (src/telemetry/tool-span.ts), so this one exporter sends every span of the process.
 */
import { isMainThread } from 'node:worker_threads';
import { ROOT_CONTEXT, SpanKind, propagation, trace, type Span, type SpanContext } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  osDetector,
  processDetector,
  resourceFromAttributes,
  serviceInstanceIdDetector,
  type Resource,
  type ResourceDetector,
} from '@opentelemetry/resources';
import type { OtlpProtocol, TraceSampler } from '../config.js';
import { OtlpProtobufSpanProcessor } from './otlp-exporter.js';
import { SERVICE_SCOPE, fastIdGenerator, setDirectSpanSink } from './direct-span.js';
import { RequestTracer } from './request-tracer.js';
import { samplerOf, spanLimitsFromEnv } from './sampling.js';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP base endpoint (…:4318) or the full traces URL (…/v1/traces); default per OTel env vars. */
  endpoint?: string;
  /** OTLP encoding over HTTP (default http/protobuf, the OTel default and the cheaper to encode). */
  protocol?: OtlpProtocol;
  /** Extra headers on export requests (OTEL_EXPORTER_OTLP_[TRACES_]HEADERS). */
  headers?: Record<string, string>;
  compression?: 'none' | 'gzip';
  timeoutMs?: number;
  /** Batch export delay; short in tests so spans arrive promptly. */
  scheduledDelayMillis?: number;
  /** Head sampler (validated OTEL_TRACES_SAMPLER[_ARG], see loadConfig); default parentbased_always_on. */
  sampler?: TraceSampler;
  samplerRatio?: number;
}

/** Starts the span of an HTTP request (name `request`, kind SERVER). */
export type RequestSpanStarter = (parent: SpanContext | undefined) => Span;

export interface Telemetry {
  readonly tracesUrl: string;
  readonly protocol: OtlpProtocol;
  /** The request span under the remote parent extracted from the request's headers, or a new trace. */
  readonly startRequestSpan: RequestSpanStarter;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

/**
 * /health and /metrics, alone or with a sub-path (what the old /^\/(health|metrics)(\/|$)/ matched),
 * by prefix comparison: asked for every request (probes get no request span).
 */
export function isProbePath(url: string): boolean {
  const n = url.startsWith('/health') ? 7 : url.startsWith('/metrics') ? 8 : 0;
  return n > 0 && (url.length === n || url.charCodeAt(n) === 47);
}

/** The OTLP/HTTP traces URL for an endpoint, following the OTel exporter conventions. */
export function tracesUrlFor(endpoint: string | undefined, env: Record<string, string | undefined> = process.env): string {
  const explicit = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (endpoint === undefined && explicit) return explicit;
  const base = (endpoint ?? env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ?? 'http://localhost:4318').replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}

/** Resource detectors as NodeSDK picks them: OTEL_NODE_RESOURCE_DETECTORS, else env, process and host. */
function resourceDetectors(env: Record<string, string | undefined>): ResourceDetector[] {
  const all: Record<string, ResourceDetector> = { host: hostDetector, os: osDetector, serviceinstance: serviceInstanceIdDetector, process: processDetector, env: envDetector };
  const names = env.OTEL_NODE_RESOURCE_DETECTORS?.split(',').map((x) => x.trim()).filter((x) => x !== '');
  if (names === undefined || names.length === 0) return [envDetector, processDetector, hostDetector];
  if (names.includes('all')) return Object.values(all);
  if (names.includes('none')) return [];
  return names.flatMap((n) => all[n] ?? []);
}

/**
 * The process's resource, built here rather than by NodeSDK's auto-detection so that the SDK and
 * the request tracer hold the same object: the SDK's defaults, the service name, then what the
 * detectors find (OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win, as in the SDK).
 */
export function serviceResource(serviceName: string, env: Record<string, string | undefined> = process.env): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ 'service.name': serviceName }))
    .merge(detectResources({ detectors: resourceDetectors(env) }));
}

export function activeTelemetry(): Telemetry | undefined {
  return active;
}

export function startTelemetry(opts: TelemetryOptions): Telemetry {
  if (!isMainThread) throw new Error('startTelemetry is for the main thread; workers use workers/tracing.ts');
  const tracesUrl = tracesUrlFor(opts.endpoint);
  const protocol = opts.protocol ?? 'http/protobuf';
  if (active !== undefined) {
    if (active.tracesUrl === tracesUrl && active.protocol === protocol) return active;
    throw new Error(`Tracing already exports to ${active.tracesUrl} (${active.protocol}); call shutdown() before exporting to ${tracesUrl} (${protocol})`);
  }
  // Protobuf (the default) goes through our encode-at-end processor (src/telemetry/otlp-exporter.ts);
  // JSON through the standard batch processor and exporter.
  const exportOptions = { ...(opts.headers !== undefined ? { headers: opts.headers } : {}), ...(opts.timeoutMs !== undefined ? { timeoutMillis: opts.timeoutMs } : {}) };
  const processor: SpanProcessor =
    protocol === 'http/json'
      ? new BatchSpanProcessor(new OTLPJsonTraceExporter({ url: tracesUrl, ...exportOptions, ...(opts.compression !== undefined ? { compression: opts.compression as never } : {}) }), {
          scheduledDelayMillis: opts.scheduledDelayMillis ?? 1000,
          maxQueueSize: 8192,
          maxExportBatchSize: 512,
        })
      : new OtlpProtobufSpanProcessor({
          url: tracesUrl,
          ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
          ...(opts.compression !== undefined ? { compression: opts.compression } : {}),
          ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
          ...(opts.scheduledDelayMillis !== undefined ? { scheduledDelayMillis: opts.scheduledDelayMillis } : {}),
        });
  const sampler = samplerOf(opts.sampler ?? 'parentbased_always_on', opts.samplerRatio);
  const limits = spanLimitsFromEnv();
  const resource = serviceResource(opts.serviceName);
  const sdk = new NodeSDK({
    resource,
    autoDetectResources: false,
    sampler,
    spanLimits: limits,
    spanProcessors: [processor],
    idGenerator: fastIdGenerator,
    // No instrumentations: the request span is started and ended by our own two Fastify hooks
    // (src/http/plugins/otel.ts), which replaced @fastify/otel (its hooks rebuilt
    // request.routeOptions on each of several reads, copied a context per request and put an onSend
    // and an onError hook on every route).
    instrumentations: [],
    // No context manager: on Node 20 AsyncLocalStorage turns on promise hooks, a cost on every
    // promise of the main thread, sampled or not (measured ~20-50 us per runFlash call). Trace
    // context travels explicitly instead: the request hook keeps it on the request, the routes
    // pass it on as CallContext.traceContext (requestTraceContext) and traceDispatch parents the
    // tool span on it.
    contextManager: null as never,
    // Traces only. Without these NodeSDK also starts an OTLP metrics exporter (every 60 s) and an
    // OTLP logs pipeline by default, sending to the collector what nobody asked for: the service's
    // metrics are served at /metrics (Prometheus) and its logs go to stdout (pino). (With no
    // processors the SDK still registers a logger provider; it exports nothing.)
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  let startRequestSpan: RequestSpanStarter;
  if (processor instanceof OtlpProtobufSpanProcessor) {
    // The service's own tool and worker spans go straight to the protobuf encoder (direct-span.ts),
    // and so do the request spans, from a tracer sharing the SDK's sampler, limits and resource
    // (request-tracer.ts), in the service's instrumentation scope.
    setDirectSpanSink(processor);
    const tracer = new RequestTracer(SERVICE_SCOPE, { sampler, limits, resource, sink: processor });
    startRequestSpan = (parent) => tracer.startServerSpan('request', parent);
  } else {
    const tracer = trace.getTracer(SERVICE_SCOPE.name);
    startRequestSpan = (parent) => tracer.startSpan('request', { kind: SpanKind.SERVER }, parent === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, parent));
  }
  const telemetry: Telemetry = {
    tracesUrl,
    protocol,
    startRequestSpan,
    forceFlush: () => processor.forceFlush(),
    async shutdown() {
      if (active === telemetry) active = undefined;
      setDirectSpanSink(undefined);
      await sdk.shutdown();
      // Unregister the global tracer provider and propagator, so a later startTelemetry in this
      // process (an app rebuilt with another exporter, as in tests) registers its own.
      trace.disable();
      propagation.disable();
    },
  };
  active = telemetry;
  return telemetry;
}
