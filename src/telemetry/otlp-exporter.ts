/**
 * A span processor that exports OTLP/HTTP protobuf: sampled spans are encoded as they end, a few
 * dozen at a time (see record), into a per-scope buffer (src/telemetry/otlp-encoder.ts), and the
 * buffers are posted to the collector when they reach a size or on a timer. Span objects are held
 * only until their encoding pass, so they die young (see the encoder for the measurement behind
 * this).
 *
 * Bounded: at most `maxConcurrentExports` requests are in flight and at most `maxQueueBytes` of
 * spans wait for one; beyond that spans are dropped and counted (a warning through the OTel diag
 * logger, at most every 10 s), never queued without limit. A failed export (network error, timeout, non-2xx) is retried once
 * when the collector says it is busy (429, 502, 503, 504), then dropped.
 */
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { diag, TraceFlags } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { encodeExportRequest, ProtoWriter, writeSpan, type ScopeBatch } from './otlp-encoder.js';
import type { DirectSpanSink, EncodableSpan } from './direct-span.js';

const gzipAsync = promisify(gzip);

export interface OtlpExporterOptions {
  /** Full traces URL (…/v1/traces). */
  url: string;
  headers?: Record<string, string>;
  compression?: 'none' | 'gzip';
  /** Per export request. */
  timeoutMs?: number;
  /** Export when this many encoded bytes are waiting. */
  maxBatchBytes?: number;
  /** Export at least this often while spans wait. */
  scheduledDelayMillis?: number;
  /** Spans are dropped while this many bytes wait (collector slow or down). */
  maxQueueBytes?: number;
  maxConcurrentExports?: number;
}

interface ScopeBuffer {
  name: string;
  version?: string;
  schemaUrl?: string;
  writer: ProtoWriter;
  spans: number;
}

type ResourceLike = ReadableSpan['resource'];
type ScopeLike = { name: string; version?: string; schemaUrl?: string };

const RETRYABLE = new Set([429, 502, 503, 504]);
const WARN_INTERVAL_MS = 10_000;
const MAX_RECENT_SCOPES = 8;
const MIN_WRITER_BYTES = 16 * 1024;
/** Spans encoded together (see record). */
const PENDING_SPANS = 48;

/**
 * Initial size of a scope's next writer after a batch of `last` bytes: a quarter more than that
 * batch, at least 16 KB, and not above a full batch plus a margin (a backlog held while the
 * collector was slow must not set the size of every later buffer).
 */
export function writerBytesAfter(last: number, maxBatchBytes: number): number {
  return Math.min(Math.max(MIN_WRITER_BYTES, Math.ceil(last * 1.25)), Math.max(MIN_WRITER_BYTES, maxBatchBytes + (maxBatchBytes >> 2)));
}

export class OtlpProtobufSpanProcessor implements SpanProcessor, DirectSpanSink {
  private readonly url: URL;
  private readonly agent: HttpAgent | HttpsAgent;
  private readonly headers: Record<string, string>;
  private readonly compression: 'none' | 'gzip';
  private readonly timeoutMs: number;
  private readonly maxBatchBytes: number;
  private readonly delayMs: number;
  private readonly maxQueueBytes: number;
  private readonly maxConcurrent: number;

  private resource: ResourceLike | undefined;
  private scopes = new Map<string, ScopeBuffer>();
  /**
   * Scope objects seen lately, matched by identity (see record). A call's spans alternate between
   * two or three long-lived scope objects (the request tracer's, the service's), so a cache of the
   * last one alone missed twice per call, each miss building and hashing a map key.
   */
  private readonly recentScopes: { scope: ScopeLike; buf: ScopeBuffer }[] = [];
  private queuedBytes = 0;
  /** Spans recorded and not encoded yet (see record), in three parallel arrays: no object per span. */
  private readonly pendingSpans: (EncodableSpan | undefined)[] = new Array<EncodableSpan | undefined>(PENDING_SPANS).fill(undefined);
  private readonly pendingResources: unknown[] = new Array<unknown>(PENDING_SPANS).fill(undefined);
  private readonly pendingScopes: (ScopeLike | undefined)[] = new Array<ScopeLike | undefined>(PENDING_SPANS).fill(undefined);
  private pendingCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Spans dropped since the last warning, and in total. */
  private dropped = 0;
  private droppedTotal = 0;
  private exportedTotal = 0;
  private lastWarn = -Infinity;

  constructor(opts: OtlpExporterOptions) {
    this.url = new URL(opts.url);
    const https = this.url.protocol === 'https:';
    this.agent = https ? new HttpsAgent({ keepAlive: true, maxSockets: 4 }) : new HttpAgent({ keepAlive: true, maxSockets: 4 });
    this.headers = { ...(opts.headers ?? {}) };
    this.compression = opts.compression ?? 'none';
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxBatchBytes = opts.maxBatchBytes ?? 256 * 1024;
    this.delayMs = opts.scheduledDelayMillis ?? 1000;
    this.maxQueueBytes = opts.maxQueueBytes ?? 16 * 1024 * 1024;
    this.maxConcurrent = opts.maxConcurrentExports ?? 4;
  }

  /** Spans sent to the collector (2xx) and spans dropped, since start. */
  stats(): { exported: number; dropped: number } {
    return { exported: this.exportedTotal, dropped: this.droppedTotal };
  }

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    this.record(span, span.resource, span.instrumentationScope);
  }

  /**
   * Takes a finished, sampled span for its scope's batch: the SDK's spans (onEnd) and the
   * service's own request, tool and worker spans (src/telemetry/direct-span.ts) alike. Spans are
   * encoded PENDING_SPANS at a time rather than one by one as they end: measured in the server
   * under load, encoding one span between two requests' work ran 2-3 times slower than the same
   * encoding in a loop (caches and branch history taken by the request path in between), and the
   * few dozen span objects held until then are still young when they die.
   */
  record(span: EncodableSpan, resource: unknown, scope: ScopeLike): void {
    if (this.closed) return;
    if (this.queuedBytes >= this.maxQueueBytes) return this.drop(1);
    const n = this.pendingCount;
    this.pendingSpans[n] = span;
    this.pendingResources[n] = resource;
    this.pendingScopes[n] = scope;
    this.pendingCount = n + 1;
    if (n + 1 >= PENDING_SPANS) this.encodePending();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Encodes the spans waiting in `pending*` (also first thing of every flush). */
  private encodePending(): void {
    const n = this.pendingCount;
    // Zero first: a flush started by encode() (full batch, new resource) finds nothing pending.
    this.pendingCount = 0;
    for (let i = 0; i < n; i++) {
      const span = this.pendingSpans[i]!;
      const resource = this.pendingResources[i];
      const scope = this.pendingScopes[i]!;
      this.pendingSpans[i] = undefined;
      this.pendingResources[i] = undefined;
      this.pendingScopes[i] = undefined;
      this.encode(span, resource, scope);
    }
  }

  /** Encodes one span into its scope's batch; exports when the batch is full. */
  private encode(span: EncodableSpan, resource: unknown, scope: ScopeLike): void {
    if (this.queuedBytes >= this.maxQueueBytes) return this.drop(1);
    // One resource per tracer provider; a span from another provider starts a new request body.
    if (this.resource !== undefined && resource !== this.resource) this.flush();
    this.resource = resource as ResourceLike;
    // Scopes are a few long-lived objects (one per tracer): found by identity first, so most
    // spans skip building the map key.
    let buf: ScopeBuffer | undefined;
    for (const recent of this.recentScopes) {
      if (recent.scope === scope) {
        buf = recent.buf;
        break;
      }
    }
    if (buf === undefined) buf = this.scopeBuffer(scope);
    const before = buf.writer.pos;

    writeSpan(buf.writer, 2, span);
    buf.spans++;
    this.queuedBytes += buf.writer.pos - before;
    if (this.queuedBytes >= this.maxBatchBytes) this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  private scopeBuffer(scope: ScopeLike): ScopeBuffer {
    const key = `${scope.name}\u0000${scope.version ?? ''}`;
    let buf = this.scopes.get(key);
    if (buf === undefined) {
      buf = { name: scope.name, writer: new ProtoWriter(MIN_WRITER_BYTES), spans: 0 };
      if (scope.version !== undefined) buf.version = scope.version;
      if (scope.schemaUrl !== undefined) buf.schemaUrl = scope.schemaUrl;
      this.scopes.set(key, buf);
    }
    // Bounded, should a caller make a new scope object per span.
    if (this.recentScopes.length >= MAX_RECENT_SCOPES) this.recentScopes.shift();
    this.recentScopes.push({ scope, buf });
    return buf;
  }

  /** Sends everything waiting, including spans held back by the in-flight limit. */
  async forceFlush(): Promise<void> {
    this.flush();
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      this.flush();
    }
  }

  async shutdown(): Promise<void> {
    if (this.closed) return;
    await this.forceFlush();
    this.closed = true;
    this.agent.destroy();
  }

  private drop(spans: number): void {
    this.dropped += spans;
    this.droppedTotal += spans;
    const now = performance.now();
    if (now - this.lastWarn >= WARN_INTERVAL_MS) {
      this.lastWarn = now;
      diag.warn(`OTLP export: dropped ${this.dropped} span(s) (collector at ${this.url.origin} slow, failing or unreachable)`);
      this.dropped = 0;
    }
  }

  /**
   * Hands the waiting spans to an export request and starts new buffers. With the maximum of
   * requests in flight the spans keep waiting (up to maxQueueBytes) for the next one to finish.
   */
  private flush(): void {
    this.encodePending();
    if (this.inFlight.size >= this.maxConcurrent) return;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const resource = this.resource;
    if (this.scopes.size === 0 || resource === undefined) return;
    const scopes: ScopeBatch[] = [];
    let spans = 0;
    for (const s of this.scopes.values()) {
      if (s.spans === 0) continue;
      spans += s.spans;
      // Hand the bytes over and start a fresh writer (no copy: encodeExportRequest copies once),
      // sized for a batch like this one so it does not grow by doubling and copying again.
      const bytes = s.writer.bytes();
      scopes.push({ name: s.name, ...(s.version !== undefined ? { version: s.version } : {}), ...(s.schemaUrl !== undefined ? { schemaUrl: s.schemaUrl } : {}), spans: bytes });
      s.writer = new ProtoWriter(writerBytesAfter(bytes.length, this.maxBatchBytes));
      s.spans = 0;
    }
    this.queuedBytes = 0;
    if (spans === 0) return;
    const done = this.export(resource, scopes, spans).finally(() => {
      this.inFlight.delete(done);
      this.afterExport();
    });
    this.inFlight.add(done);
  }

  /** Spans that waited for a free request: send them now if a batch is full, else on the timer. */
  private afterExport(): void {
    if (this.queuedBytes === 0) return;
    if (this.queuedBytes >= this.maxBatchBytes || this.closed) this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  private async export(resource: ResourceLike, scopes: ScopeBatch[], spans: number): Promise<void> {
    try {
      if (resource.asyncAttributesPending) await resource.waitForAsyncAttributes?.();
      const raw = encodeExportRequest({ attributes: resource.attributes, ...(resource.schemaUrl !== undefined ? { schemaUrl: resource.schemaUrl } : {}) }, scopes);
      const body = this.compression === 'gzip' ? await gzipAsync(raw) : raw;
      let status = await this.post(body);
      if (RETRYABLE.has(status)) {
        await new Promise((r) => setTimeout(r, 1000).unref());
        status = await this.post(body);
      }
      if (status >= 200 && status < 300) this.exportedTotal += spans;
      else this.drop(spans);
    } catch (err) {
      diag.debug(`OTLP export failed: ${(err as Error).message}`);
      this.drop(spans);
    }
  }

  /** POSTs one request body; resolves to the HTTP status (0 on a network error or timeout). */
  private post(body: Buffer): Promise<number> {
    return new Promise((resolve) => {
      const headers: Record<string, string | number> = {
        ...this.headers,
        'content-type': 'application/x-protobuf',
        'content-length': body.length,
      };
      if (this.compression === 'gzip') headers['content-encoding'] = 'gzip';
      const send = this.url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(this.url, { method: 'POST', agent: this.agent, headers, timeout: this.timeoutMs }, (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('timeout', () => req.destroy(new Error(`timed out after ${this.timeoutMs} ms`)));
      req.on('error', (err) => {
        diag.debug(`OTLP export request failed: ${err.message}`);
        resolve(0);
      });
      req.end(body);
    });
  }
}
