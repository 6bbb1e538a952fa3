/**
 * The tracer behind the HTTP request spans (src/http/plugins/otel.ts) when spans are exported as protobuf: it makes
 * the same sampling decision as the SDK (the one sampler instance of sampling.ts), applies the
 * same span limits, and hands each finished, sampled span to the exporter's encoder as the tool
 * and worker spans are (direct-span.ts), in the SDK's resource and batches.
 *
 * Why not the SDK's tracer: measured with `perf` under load (runFlash, every call recorded), the
 * SDK's request span cost the main thread 7-9 µs per call (startSpan, SpanImpl, time conversion,
 * attribute sanitizing, the processor chain) plus inline-cache misses in its generic code, and
 * 3-4 µs for an unsampled call.
 *
 * Implements the API's Span contract as the SDK does: attributes validated (invalid values and
 * empty keys dropped with a diag warning), count and value-length limits, events and links with
 * their limits, status rules (OK is final; a message only with ERROR), one end(), times from the
 * wall clock at start plus monotonic elapsed time. The SDK still makes every other span (root
 * spans of stdio and runTool calls, the JSON exporter's).
 */
import {
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  SamplingDecision,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context as apiContext,
  createContextKey,
  diag,
  isSpanContextValid,
  trace,
  type Attributes,
  type AttributeValue,
  type Context,
  type Exception,
  type HrTime,
  type Link,
  type Span,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  type TimeInput,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace-base';
import { hrTimeOfMs, randomSpanId, randomTraceId, randomTraceIdWords, type DirectSpanSink, type EncodableSpan } from './direct-span.js';
import { HeadSampler, type SpanLimits } from './sampling.js';

/** The key by which the SDK marks a context "do not trace" (@opentelemetry/core suppressTracing). */
const SUPPRESS_TRACING = createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');

export interface RequestTracerOptions {
  sampler: Sampler;
  limits: SpanLimits;
  /** The SDK's resource object (the exporter batches spans per resource object). */
  resource: unknown;
  sink: DirectSpanSink;
}

type Scope = { name: string; version?: string; schemaUrl?: string };
type EncodedEvent = EncodableSpan['events'][number];
type EncodedLink = EncodableSpan['links'][number];

function isPrimitive(v: unknown): boolean {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean';
}

/** The API's attribute value rule: a primitive, or an array of one primitive type (nulls allowed). */
export function isAttributeValue(v: unknown): v is AttributeValue {
  if (!Array.isArray(v)) return isPrimitive(v);
  let type: string | undefined;
  for (const item of v) {
    if (item === null || item === undefined) continue;
    if (!isPrimitive(item)) return false;
    if (type === undefined) type = typeof item;
    else if (typeof item !== type) return false;
  }
  return true;
}

function truncated(v: AttributeValue, max: number): AttributeValue {
  if (max === Infinity) return v;
  if (typeof v === 'string') return v.length > max ? v.slice(0, max) : v;
  if (Array.isArray(v)) return (v as unknown[]).map((x) => (typeof x === 'string' && x.length > max ? x.slice(0, max) : x)) as AttributeValue;
  return v;
}

/**
 * Room for one more event or link under a count limit, as the SDK makes it: with a limit of 0 the
 * new entry is dropped; at the limit the oldest entry goes. `dropped` is what this call drops (0 or 1).
 */
function makeRoom(list: unknown[], limit: number): { admit: boolean; dropped: number } {
  if (limit === 0) return { admit: false, dropped: 1 };
  if (list.length < limit) return { admit: true, dropped: 0 };
  list.shift();
  return { admit: true, dropped: 1 };
}

/** Valid attributes of a record, at most `count` of them, values cut to `length`. */
function limitedAttributes(attrs: Attributes | undefined, count: number, length: number): { attributes: Attributes; dropped: number } {
  const attributes: Attributes = {};
  let n = 0;
  let dropped = 0;
  if (attrs === undefined) return { attributes, dropped };
  for (const key in attrs) {
    if (!Object.prototype.hasOwnProperty.call(attrs, key) || key.length === 0) continue;
    const v = attrs[key];
    if (v === null || v === undefined || !isAttributeValue(v)) continue;
    if (n >= count) {
      dropped++;
      continue;
    }
    attributes[key] = truncated(v, length);
    n++;
  }
  return { attributes, dropped };
}

function isHrTime(v: unknown): v is HrTime {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';
}

const UNSET: SpanStatus = { code: SpanStatusCode.UNSET };
/** Shared (frozen) by the spans without events or links, most of them: a span gets its own array with its first. */
const NO_EVENTS = Object.freeze([]) as unknown as EncodedEvent[];
const NO_LINKS = Object.freeze([]) as unknown as EncodedLink[];

/** A span of the request tracer: an API Span while open, an EncodableSpan for the exporter once ended. */
export class RequestSpan implements Span, EncodableSpan {
  name: string;
  readonly kind: SpanKind;
  readonly parentSpanContext: SpanContext | undefined;
  readonly startTime: HrTime;
  endTime: HrTime;
  readonly attributes: Attributes = {};
  droppedAttributesCount = 0;
  events: EncodedEvent[] = NO_EVENTS;
  droppedEventsCount = 0;
  links: EncodedLink[] = NO_LINKS;
  droppedLinksCount = 0;
  status: SpanStatus = UNSET;
  /** The SDK resource, read by the tool span (direct-span.ts recordingResource). */
  readonly resource: unknown;
  private attributeCount = 0;
  private ended = false;
  private readonly startMs: number;
  private readonly perfStart: number;
  private readonly startTimeProvided: boolean;

  constructor(
    private readonly context: SpanContext,
    parent: SpanContext | undefined,
    name: string,
    kind: SpanKind,
    attributes: Attributes | undefined,
    links: Link[] | undefined,
    startTime: TimeInput | undefined,
    private readonly scope: Scope,
    private readonly opts: RequestTracerOptions,
  ) {
    this.name = name;
    this.kind = kind;
    this.parentSpanContext = parent;
    this.resource = opts.resource;
    this.startMs = Date.now();
    this.perfStart = performance.now();
    this.startTimeProvided = startTime !== undefined;
    this.startTime = startTime === undefined ? hrTimeOfMs(this.startMs) : this.timeOf(startTime);
    this.endTime = this.startTime;
    if (links !== undefined) for (const link of links) this.addLink(link);
    if (attributes !== undefined) this.setAttributes(attributes);
  }

  spanContext(): SpanContext {
    return this.context;
  }

  /** A time input as the SDK reads it: a performance timestamp, epoch milliseconds, a Date or an HrTime. */
  private timeOf(input: TimeInput | undefined): HrTime {
    if (typeof input === 'number') {
      const now = performance.now();
      // Not later than now on the monotonic clock: a performance timestamp, placed on the wall
      // clock by this span's own offset between the two.
      return input <= now ? hrTimeOfMs(input + (this.startMs - this.perfStart)) : hrTimeOfMs(input);
    }
    if (input instanceof Date) return hrTimeOfMs(input.getTime());
    if (isHrTime(input)) return input;
    if (this.startTimeProvided) return hrTimeOfMs(Date.now());
    return hrTimeOfMs(this.startMs + (performance.now() - this.perfStart));
  }

  setAttribute(key: string, value: AttributeValue | undefined): this {
    if (value === null || value === undefined || this.ended) return this;
    const type = typeof value;
    if ((type === 'number' || type === 'boolean' || (type === 'string' && this.opts.limits.attributeValueLengthLimit === Infinity)) && key.length > 0) {
      // The common case (a primitive, no value length limit to apply): no validation or copy to do.
      if (Object.prototype.hasOwnProperty.call(this.attributes, key)) this.attributes[key] = value;
      else if (this.attributeCount < this.opts.limits.attributeCountLimit) {
        this.attributes[key] = value;
        this.attributeCount++;
      } else this.droppedAttributesCount++;
      return this;
    }
    if (key.length === 0) {
      diag.warn(`Invalid attribute key: ${key}`);
      return this;
    }
    if (!isAttributeValue(value)) {
      diag.warn(`Invalid attribute value set for key: ${key}`);
      return this;
    }
    const isNew = !Object.prototype.hasOwnProperty.call(this.attributes, key);
    if (isNew && this.attributeCount >= this.opts.limits.attributeCountLimit) {
      this.droppedAttributesCount++;
      return this;
    }
    this.attributes[key] = truncated(value, this.opts.limits.attributeValueLengthLimit);
    if (isNew) this.attributeCount++;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const key in attributes) {
      if (Object.prototype.hasOwnProperty.call(attributes, key)) this.setAttribute(key, attributes[key]);
    }
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const limits = this.opts.limits;
    if (this.events === NO_EVENTS) this.events = [];
    const room = makeRoom(this.events, limits.eventCountLimit);
    this.droppedEventsCount += room.dropped;
    if (!room.admit) return this;
    let attrs: Attributes | undefined;
    if (typeof attributesOrTime === 'number' || attributesOrTime instanceof Date || isHrTime(attributesOrTime)) {
      if (time === undefined) time = attributesOrTime;
    } else attrs = attributesOrTime;
    const { attributes, dropped } = limitedAttributes(attrs, limits.attributePerEventCountLimit, limits.attributeValueLengthLimit);
    this.events.push({ name, attributes, time: this.timeOf(time), droppedAttributesCount: dropped });
    return this;
  }

  addLink(link: Link): this {
    if (this.ended) return this;
    const limits = this.opts.limits;
    if (this.links === NO_LINKS) this.links = [];
    const room = makeRoom(this.links, limits.linkCountLimit);
    this.droppedLinksCount += room.dropped;
    if (!room.admit) return this;
    const { attributes, dropped } = limitedAttributes(link.attributes, limits.attributePerLinkCountLimit, limits.attributeValueLengthLimit);
    this.links.push({ context: link.context, ...(Object.keys(attributes).length > 0 ? { attributes } : {}), ...(dropped > 0 ? { droppedAttributesCount: dropped } : {}) });
    return this;
  }

  addLinks(links: Link[]): this {
    for (const link of links) this.addLink(link);
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (this.ended || status.code === SpanStatusCode.UNSET || this.status.code === SpanStatusCode.OK) return this;
    const next: SpanStatus = { code: status.code };
    if (status.code === SpanStatusCode.ERROR && typeof status.message === 'string') next.message = status.message;
    this.status = next;
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) {
      diag.error(`${this.name} ${this.context.traceId}-${this.context.spanId} - You can only call end() on a span once.`);
      return;
    }
    const end = this.timeOf(endTime);
    // An end before the start (a caller's clock) gives a zero-length span, as in the SDK.
    this.endTime = end[0] < this.startTime[0] || (end[0] === this.startTime[0] && end[1] < this.startTime[1]) ? this.startTime : end;
    this.ended = true;
    if ((this.context.traceFlags & TraceFlags.SAMPLED) !== 0) this.opts.sink.record(this, this.opts.resource, this.scope);
  }

  isRecording(): boolean {
    return !this.ended;
  }

  /** The `exception` event of the OTel semantic conventions, as the SDK writes it. */
  recordException(exception: Exception, time?: TimeInput): void {
    const attributes: Attributes = {};
    if (typeof exception === 'string') attributes['exception.message'] = exception;
    else if (exception) {
      if (exception.code) attributes['exception.type'] = String(exception.code);
      else if (exception.name) attributes['exception.type'] = exception.name;
      if (exception.message) attributes['exception.message'] = exception.message;
      if (exception.stack) attributes['exception.stacktrace'] = exception.stack;
    }
    if (attributes['exception.type'] !== undefined || attributes['exception.message'] !== undefined) this.addEvent('exception', attributes, time);
    else diag.warn(`Failed to record an exception ${String(exception)}`);
  }
}

export class RequestTracer implements Tracer {
  constructor(
    private readonly scope: Scope,
    private readonly opts: RequestTracerOptions,
  ) {}

  startSpan(name: string, options: SpanOptions = {}, ctx: Context = apiContext.active()): Span {
    if (options.root === true) ctx = trace.deleteSpan(ctx);
    if (ctx.getValue(SUPPRESS_TRACING) === true) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const parent = trace.getSpanContext(ctx);
    const validParent = parent !== undefined && isSpanContextValid(parent) ? parent : undefined;
    const kind = options.kind ?? SpanKind.INTERNAL;
    const sampler = this.opts.sampler;
    if (sampler instanceof HeadSampler) return this.headSampled(sampler, name, kind, validParent, options.attributes, options.links, options.startTime);
    const spanId = randomSpanId();
    const traceId = validParent?.traceId ?? randomTraceId();
    // The samplers of sampling.ts read neither attributes nor links: they get the caller's as given.
    const result = this.opts.sampler.shouldSample(ctx, traceId, name, kind, options.attributes ?? {}, options.links ?? []);
    const traceState = result.traceState ?? validParent?.traceState;
    // One shape for every span context (traceState possibly undefined, as the SDK's).
    const sc: SpanContext = { traceId, spanId, traceFlags: result.decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE, traceState };
    if (result.decision === SamplingDecision.NOT_RECORD) return trace.wrapSpanContext(sc);
    const attributes = result.attributes === undefined ? options.attributes : { ...options.attributes, ...result.attributes };
    return new RequestSpan(sc, validParent, name, kind, attributes, options.links, options.startTime, this.scope, this.opts);
  }

  /**
   * An HTTP request's span (kind SERVER) under the remote parent extracted from its headers, or a
   * new trace: startSpan's decision without a Context to build or read (src/http/plugins/otel.ts
   * calls this for every request). Attributes are set by the caller on a recording span.
   */
  startServerSpan(name: string, parent: SpanContext | undefined): Span {
    const validParent = parent !== undefined && isSpanContextValid(parent) ? parent : undefined;
    const sampler = this.opts.sampler;
    if (sampler instanceof HeadSampler) return this.headSampled(sampler, name, SpanKind.SERVER, validParent, undefined, undefined, undefined);
    return this.startSpan(name, { kind: SpanKind.SERVER }, validParent === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, validParent));
  }

  /**
   * Our samplers read neither name, kind, attributes nor links, and return no attributes or trace
   * state: the decision comes from the parent, or from the words of a new trace id.
   */
  private headSampled(sampler: HeadSampler, name: string, kind: SpanKind, validParent: SpanContext | undefined, attributes: Attributes | undefined, links: Link[] | undefined, startTime: TimeInput | undefined): Span {
    const spanId = randomSpanId();
    let traceId: string;
    let sampled: boolean;
    if (validParent !== undefined) {
      traceId = validParent.traceId;
      sampled = sampler.sampled(validParent, traceId);
    } else {
      const drawn = randomTraceIdWords();
      traceId = drawn.traceId;
      sampled = sampler.rootSampled(drawn.accumulation);
    }
    const sc: SpanContext = { traceId, spanId, traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, traceState: validParent?.traceState };
    if (!sampled) return trace.wrapSpanContext(sc);
    return new RequestSpan(sc, validParent, name, kind, attributes, links, startTime, this.scope, this.opts);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...args: [F] | [SpanOptions, F] | [SpanOptions, Context, F]): ReturnType<F> {
    const fn = args[args.length - 1] as F;
    const options = args.length >= 2 ? (args[0] as SpanOptions) : {};
    const parent = args.length === 3 ? (args[1] as Context) : apiContext.active();
    const span = this.startSpan(name, options, parent);
    return apiContext.with(trace.setSpan(parent, span), fn as (s: Span) => ReturnType<F>, undefined, span);
  }
}

/** The key under which the API keeps a context's span (trace.getSpan / setSpan; createContextKey is Symbol.for). */
const SPAN_KEY = createContextKey('OpenTelemetry Context Key SPAN');

/**
 * A context holding one span and nothing else: what trace.setSpan(ROOT_CONTEXT, span) gives,
 * without copying the root context's Map for every request. Setting a value makes a real one.
 * `idsValid`: the maker vouches that the span's trace and span ids are valid (drawn by a tracer's
 * generator, or a parent's already checked), so readers may skip isSpanContextValid.
 */
export class SpanOnlyContext implements Context {
  constructor(
    readonly span: Span,
    readonly idsValid = false,
  ) {}

  getValue(key: symbol): unknown {
    return key === SPAN_KEY ? this.span : undefined;
  }

  setValue(key: symbol, value: unknown): Context {
    return trace.setSpan(ROOT_CONTEXT, this.span).setValue(key, value);
  }

  deleteValue(key: symbol): Context {
    return key === SPAN_KEY ? ROOT_CONTEXT : this;
  }
}

/** One tracer per instrumentation scope, as the SDK's provider keeps them. */
export class RequestTracerProvider implements TracerProvider {
  private readonly tracers = new Map<string, RequestTracer>();

  constructor(private readonly opts: RequestTracerOptions) {}

  getTracer(name: string, version?: string, options?: { schemaUrl?: string }): Tracer {
    const key = `${name}@${version ?? ''}:${options?.schemaUrl ?? ''}`;
    let tracer = this.tracers.get(key);
    if (tracer === undefined) {
      const scope: Scope = { name, ...(version ? { version } : {}), ...(options?.schemaUrl ? { schemaUrl: options.schemaUrl } : {}) };
      tracer = new RequestTracer(scope, this.opts);
      this.tracers.set(key, tracer);
    }
    return tracer;
  }
}
