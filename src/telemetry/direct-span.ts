/**
 * Finished spans built by the service itself, without the SDK's Span objects: the `tool <name>`
 * and `worker <name>` spans of a call whose request span is recorded, handed straight to the
 * protobuf exporter's encoder (src/telemetry/otlp-exporter.ts), which writes them into the same
 * batch, resource and trace as the SDK's spans.
 *
 * Why: measured with `perf` on the server under load (runFlash, every call recorded), each SDK
 * span cost the main thread ~4-5 µs from startSpan to the end of onEnd — sampler, context,
 * attribute sanitizing, time conversions, and megamorphic inline-cache misses in the SDK's
 * generic code (the three spans of a call have three different attribute shapes) — several
 * times what the same calls cost in an isolated loop. These two spans are ours from start to end:
 * their attributes are known and valid, their parent is known, so none of that machinery is needed.
 *
 * Sampling stays the SDK's decision: a direct span is only made under a parent span the SDK is
 * recording, and every sampler the SDK configures from OTEL_TRACES_SAMPLER records such a child
 * too (parent-based ones follow the parent; always_on records everything; a trace-id ratio gives
 * the child the parent's decision, as they share the trace id). Everything else — root spans,
 * unrecorded parents, the JSON exporter — goes through the SDK as before.
 *
 * Loaded without the SDK (only @opentelemetry/api), so importing it costs nothing at start-up.
 */
import { SpanKind, TraceFlags, type Attributes, type HrTime, type Span, type SpanContext, type SpanStatus } from '@opentelemetry/api';

/** A finished span as the OTLP encoder reads it (the fields of the SDK's ReadableSpan it uses). */
export interface EncodableSpan {
  spanContext(): SpanContext;
  readonly parentSpanContext?: SpanContext | undefined;
  readonly name: string;
  readonly kind: SpanKind;
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly attributes: Attributes;
  readonly droppedAttributesCount: number;
  readonly events: readonly { name: string; time: HrTime; attributes?: Attributes; droppedAttributesCount?: number }[];
  readonly droppedEventsCount: number;
  readonly links: readonly { context: SpanContext; attributes?: Attributes; droppedAttributesCount?: number }[];
  readonly droppedLinksCount: number;
  readonly status: SpanStatus;
}

/** The instrumentation scope of the spans this service makes (the SDK tracer of the same name). */
export const SERVICE_SCOPE = { name: 'neqsim-ts' } as const;

/**
 * Where direct spans go: the exporter that batches the SDK's spans. `resource` is the SDK
 * resource of the parent span, so both land in one ResourceSpans.
 */
export interface DirectSpanSink {
  record(span: EncodableSpan, resource: unknown, scope: { name: string; version?: string }): void;
}

let sink: DirectSpanSink | undefined;

/** Set by the telemetry bootstrap when the protobuf exporter is active; cleared on shutdown. */
export function setDirectSpanSink(s: DirectSpanSink | undefined): void {
  sink = s;
}

export function directSpanSink(): DirectSpanSink | undefined {
  return sink;
}

/** The SDK resource of a span the SDK is recording; undefined for any other span. */
export function recordingResource(span: Span | undefined): unknown {
  if (span === undefined || !span.isRecording()) return undefined;
  return (span as { resource?: unknown }).resource;
}

const NONE: readonly never[] = [];
const UNSET: SpanStatus = { code: 0 };

/** Epoch milliseconds to [seconds, nanoseconds]. */
export function hrTimeOfMs(ms: number): HrTime {
  let s = Math.floor(ms / 1000);
  let ns = Math.round((ms - s * 1000) * 1e6);
  if (ns >= 1e9) {
    s += 1;
    ns -= 1e9;
  }
  return [s, ns];
}

/** Character codes of the lowercase hex digits. */
const HEX_CODE = Array.from({ length: 16 }, (_, i) => i.toString(16).charCodeAt(0));

function randomWord(): number {
  return (Math.random() * 4294967296) >>> 0;
}

/**
 * 8 hex digits of each word, as one flat string made by a single String.fromCharCode call: ids
 * joined from pieces are rope (cons) strings, which every later read (the encoder's hex parse, a
 * comparison) first has to flatten; measured 2-4 times slower to make and to read.
 */
function hexOfWords2(a: number, b: number): string {
  const h = HEX_CODE;
  return String.fromCharCode(
    h[a >>> 28]!, h[(a >>> 24) & 15]!, h[(a >>> 20) & 15]!, h[(a >>> 16) & 15]!, h[(a >>> 12) & 15]!, h[(a >>> 8) & 15]!, h[(a >>> 4) & 15]!, h[a & 15]!,
    h[b >>> 28]!, h[(b >>> 24) & 15]!, h[(b >>> 20) & 15]!, h[(b >>> 16) & 15]!, h[(b >>> 12) & 15]!, h[(b >>> 8) & 15]!, h[(b >>> 4) & 15]!, h[b & 15]!,
  );
}

function hexOfWords4(a: number, b: number, c: number, d: number): string {
  const h = HEX_CODE;
  return String.fromCharCode(
    h[a >>> 28]!, h[(a >>> 24) & 15]!, h[(a >>> 20) & 15]!, h[(a >>> 16) & 15]!, h[(a >>> 12) & 15]!, h[(a >>> 8) & 15]!, h[(a >>> 4) & 15]!, h[a & 15]!,
    h[b >>> 28]!, h[(b >>> 24) & 15]!, h[(b >>> 20) & 15]!, h[(b >>> 16) & 15]!, h[(b >>> 12) & 15]!, h[(b >>> 8) & 15]!, h[(b >>> 4) & 15]!, h[b & 15]!,
    h[c >>> 28]!, h[(c >>> 24) & 15]!, h[(c >>> 20) & 15]!, h[(c >>> 16) & 15]!, h[(c >>> 12) & 15]!, h[(c >>> 8) & 15]!, h[(c >>> 4) & 15]!, h[c & 15]!,
    h[d >>> 28]!, h[(d >>> 24) & 15]!, h[(d >>> 20) & 15]!, h[(d >>> 16) & 15]!, h[(d >>> 12) & 15]!, h[(d >>> 8) & 15]!, h[(d >>> 4) & 15]!, h[d & 15]!,
  );
}

/** A random 64-bit span id in lowercase hex, never all zeros (an invalid id in W3C trace context). */
export function randomSpanId(): string {
  for (;;) {
    const a = randomWord();
    const b = randomWord();
    if ((a | b) !== 0) return hexOfWords2(a, b);
  }
}

/** A random 128-bit trace id in lowercase hex, never all zeros. */
export function randomTraceId(): string {
  return randomTraceIdWords().traceId;
}

/**
 * A random trace id and the XOR of its four 32-bit words, the quantity the trace-id ratio rule
 * compares (sampling.ts traceIdAccumulation): a new trace is decided without parsing its id.
 * Reused result object: read both fields before the next call.
 */
const drawn = { traceId: '', accumulation: 0 };
export function randomTraceIdWords(): { readonly traceId: string; readonly accumulation: number } {
  for (;;) {
    const a = randomWord();
    const b = randomWord();
    const c = randomWord();
    const d = randomWord();
    if ((a | b | c | d) === 0) continue;
    drawn.traceId = hexOfWords4(a, b, c, d);
    drawn.accumulation = (a ^ b ^ c ^ d) >>> 0;
    return drawn;
  }
}

/**
 * The SDK's id generator (NodeSDK idGenerator): the same Math.random source as the SDK's default
 * RandomIdGenerator, without its Buffer write and native hex conversion per id.
 */
export const fastIdGenerator = { generateTraceId: randomTraceId, generateSpanId: randomSpanId };

/**
 * A finished span. Fixed shape, so the encoder's reads of it stay monomorphic. Start and end times
 * follow the SDK's convention: the start from the wall clock, the end from the start plus the
 * elapsed monotonic time.
 */
export class FinishedSpan implements EncodableSpan {
  readonly droppedAttributesCount = 0;
  readonly droppedEventsCount = 0;
  readonly droppedLinksCount = 0;
  readonly links = NONE;

  constructor(
    private readonly context: SpanContext,
    readonly parentSpanContext: SpanContext,
    readonly name: string,
    readonly kind: SpanKind,
    readonly startTime: HrTime,
    readonly endTime: HrTime,
    readonly attributes: Attributes,
    readonly status: SpanStatus = UNSET,
    readonly events: EncodableSpan['events'] = NONE,
  ) {}

  spanContext(): SpanContext {
    return this.context;
  }
}

/** The context of a new child span of `parent` (same trace, new span id, sampled). */
export function childContext(parent: SpanContext): SpanContext {
  // One shape for every context: traceState possibly undefined, as in the SDK's span contexts.
  return { traceId: parent.traceId, spanId: randomSpanId(), traceFlags: TraceFlags.SAMPLED, traceState: parent.traceState };
}

/** A child span being timed: its context and start, for a FinishedSpan at the end. */
export class SpanTimer {
  readonly context: SpanContext;
  readonly startTime: HrTime;
  private readonly startMs: number;
  private readonly perfStart: number;

  constructor(readonly parent: SpanContext) {
    this.context = childContext(parent);
    this.startMs = Date.now();
    this.perfStart = performance.now();
    this.startTime = hrTimeOfMs(this.startMs);
  }

  finish(name: string, attributes: Attributes, status?: SpanStatus, events?: EncodableSpan['events']): FinishedSpan {
    const endTime = hrTimeOfMs(this.startMs + (performance.now() - this.perfStart));
    return new FinishedSpan(this.context, this.parent, name, SpanKind.INTERNAL, this.startTime, endTime, attributes, status, events);
  }
}

/** The `exception` event the SDK's recordException writes (OTel semantic conventions). */
export function exceptionEvent(err: unknown): EncodableSpan['events'][number] {
  const e = err as { name?: unknown; message?: unknown; stack?: unknown };
  const attributes: Attributes = {};
  if (typeof e?.name === 'string') attributes['exception.type'] = e.name;
  attributes['exception.message'] = typeof e?.message === 'string' ? e.message : String(err);
  if (typeof e?.stack === 'string') attributes['exception.stacktrace'] = e.stack;
  return { name: 'exception', time: hrTimeOfMs(Date.now()), attributes };
}
