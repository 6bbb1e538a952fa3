/**
 * Span around the work a worker thread does for one tool call, as a child of the caller's tool
 * span. A worker thread has no access to the main thread's tracer provider, so it runs its own
 * (BasicTracerProvider + BatchSpanProcessor + OTLP/HTTP exporter), created on first use. Tracing
 * is on for a task only when the main thread sent a W3C carrier; the OTLP traces URL comes from
 * the carrier (src/telemetry/tool-span.ts) or the standard OTEL_EXPORTER_OTLP_* variables.
 */
import { ROOT_CONTEXT, SpanKind, TraceFlags, trace, type Tracer } from '@opentelemetry/api';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { recordSpanError } from '../src/telemetry/span-error.js';

// The SDK is loaded on the first traced task only: importing it costs every worker thread
// ~0.5 s of start-up and tens of MB even when tracing is off.
let sdk: Promise<{
  base: typeof import('@opentelemetry/sdk-trace-base');
  otlp: typeof import('@opentelemetry/exporter-trace-otlp-http');
  resources: typeof import('@opentelemetry/resources');
}> | undefined;
function loadSdk(): NonNullable<typeof sdk> {
  sdk ??= Promise.all([import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/resources')]).then(
    ([base, otlp, resources]) => ({ base, otlp, resources }),
  );
  return sdk;
}

const OTLP_URL_CARRIER_KEY = 'x-neqsim-otlp-traces-url';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** Worker-side export cadence: spans are exported from inside a task at most this often. */
const FLUSH_INTERVAL_MS = 200;

interface WorkerTracer {
  tracer: Tracer;
  provider: BasicTracerProvider;
  lastFlush: number;
}
const tracers = new Map<string, WorkerTracer>();

function tracesUrl(carrier: Record<string, string>): string | undefined {
  const fromCarrier = carrier[OTLP_URL_CARRIER_KEY];
  if (fromCarrier) return fromCarrier;
  const explicit = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (explicit) return explicit;
  const base = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

async function tracerFor(url: string): Promise<WorkerTracer> {
  let wt = tracers.get(url);
  if (wt === undefined) {
    const { base, otlp, resources } = await loadSdk();
    const { BasicTracerProvider, BatchSpanProcessor } = base;
    const { OTLPTraceExporter } = otlp;
    const { resourceFromAttributes } = resources;
    // Another task may have created it while the SDK was loading.
    const existing = tracers.get(url);
    if (existing !== undefined) return existing;
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'neqsim-ts', 'neqsim.thread': 'worker' }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url, timeoutMillis: 5000 }), { scheduledDelayMillis: FLUSH_INTERVAL_MS })],
    });
    wt = { tracer: provider.getTracer('neqsim-ts-worker'), provider, lastFlush: -Infinity };
    tracers.set(url, wt);
  }
  return wt;
}

function describeResult(result: unknown): Record<string, string | number | boolean> {
  if (result === null || typeof result !== 'object') return {};
  const env = result as { status?: unknown; provenance?: { model?: unknown; convergence?: { converged?: unknown; iterations?: unknown } } };
  const out: Record<string, string | number | boolean> = {};
  if (typeof env.status === 'string') out['neqsim.status'] = env.status;
  if (typeof env.provenance?.model === 'string') out['neqsim.model'] = env.provenance.model;
  if (typeof env.provenance?.convergence?.converged === 'boolean') out['neqsim.converged'] = env.provenance.convergence.converged;
  if (typeof env.provenance?.convergence?.iterations === 'number') out['neqsim.iterations'] = env.provenance.convergence.iterations;
  return out;
}

/**
 * Kicks an export at most once per interval without holding up the task (the batch processor's
 * own timer covers the rest). This relies on the pool's atomics 'async' (src/http/pool.ts): with
 * piscina's blocking wait an idle thread's event loop stops and its spans would wait for the next
 * task. Awaiting the export inside a task instead was measured to cost throughput whenever the
 * collector answers slowly.
 */
function flushIfDue(wt: WorkerTracer): void {
  const now = performance.now();
  if (now - wt.lastFlush < FLUSH_INTERVAL_MS) return;
  wt.lastFlush = now;
  void wt.provider.forceFlush().catch(() => undefined);
}

export async function withWorkerSpan<T>(
  carrier: Record<string, string> | undefined,
  attributes: Record<string, string | number | boolean>,
  fn: () => Promise<T> | T,
): Promise<T> {
  const parent = carrier === undefined ? null : TRACEPARENT.exec(carrier.traceparent ?? '');
  // An unsampled parent (flags without the sampled bit) gets no worker span at all: with head
  // sampling most tasks arrive like this, and a non-recording span would still cost the SDK work.
  if (parent === null || (Number.parseInt(parent[3], 16) & TraceFlags.SAMPLED) === 0) return await fn();
  const url = tracesUrl(carrier!);
  if (url === undefined) return await fn();

  const parentCtx = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent[1],
    spanId: parent[2],
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  });
  const tool = attributes['neqsim.tool'] ?? attributes['neqsim.tool.name'] ?? 'task';
  const wt = await tracerFor(url);
  const span = wt.tracer.startSpan(`worker ${String(tool)}`, { kind: SpanKind.INTERNAL, attributes: { ...attributes, 'neqsim.tool.name': String(tool), 'thread.kind': 'worker' } }, parentCtx);
  try {
    const result = await fn();
    span.setAttributes(describeResult(result));
    return result;
  } catch (err) {
    recordSpanError(span, err);
    throw err;
  } finally {
    span.end();
    flushIfDue(wt);
  }
}
