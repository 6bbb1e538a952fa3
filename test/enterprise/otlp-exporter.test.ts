/**
 * The encode-at-end OTLP protobuf span processor (src/telemetry/otlp-exporter.ts) against a
 * real receiver with an independent protobuf decoder (test/helpers/otlp-receiver.ts): every
 * field the SDK can put on a span round-trips (ids, parent, trace state, kind, times,
 * attributes of every type, events, links, status, dropped counts, scopes, resource), long
 * values exercise multi-byte lengths, and the delivery rules hold: headers and gzip, one retry
 * on 503, nothing but a drop count when the collector is down, a bounded queue.
 */
import t from 'tap';
import { SpanKind, SpanStatusCode, ROOT_CONTEXT, trace, TraceFlags, createTraceState } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OtlpProtobufSpanProcessor, writerBytesAfter, type OtlpExporterOptions } from '../../src/telemetry/otlp-exporter.js';
import { ProtoWriter } from '../../src/telemetry/otlp-encoder.js';
import { decodeTraceRequest, startOtlpReceiver } from '../helpers/otlp-receiver.js';

function providerWith(opts: OtlpExporterOptions) {
  const processor = new OtlpProtobufSpanProcessor(opts);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'encoder-test', 'service.instance.id': 'i-1', 'host.cores': 2 }),
    spanProcessors: [processor],
  });
  return { processor, provider };
}

t.test('every span field round-trips through the protobuf encoding', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: `${rx.url}/v1/traces` });
  t.teardown(() => provider.shutdown());
  const tracer = provider.getTracer('scope-a', '1.2.3');
  const other = provider.getTracer('scope-b');

  const remoteParent = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    spanId: '00f067aa0ba902b7',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
    traceState: createTraceState('vendor=abc,x=1'),
  });
  const longText = 'λ-unicode ✓ '.repeat(40); // > 127 UTF-8 bytes: multi-byte length prefixes
  const start = Date.now() - 5;
  const span = tracer.startSpan('tool runFlash', {
    kind: SpanKind.SERVER,
    startTime: start,
    attributes: { s: 'text', long: longText, t: true, f: false, i: 42, neg: -7, big: 2 ** 40, d: 0.125, nan: Number.NaN, arr: ['a', 'b'], nums: [1, 2.5], empty: [] },
    links: [{ context: { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 }, attributes: { why: 'follows' } }],
  }, remoteParent);
  span.addEvent('checkpoint', { step: 3 }, start + 1);
  span.recordException(new Error('boom'));
  span.setStatus({ code: SpanStatusCode.ERROR, message: 'failed: ' + longText });
  span.end(start + 4);
  const sibling = other.startSpan('worker runFlash', { attributes: { 'thread.id': 3 } }, trace.setSpan(ROOT_CONTEXT, span));
  sibling.end();
  const unsampled = tracer.startSpan('dropped', {}, trace.setSpanContext(ROOT_CONTEXT, { traceId: '1'.repeat(32), spanId: '2'.repeat(16), traceFlags: TraceFlags.NONE }));
  unsampled.end();
  await processor.forceFlush();

  t.equal(rx.requests.length, 1, 'one export request');
  t.equal(rx.requests[0]!.headers['content-type'], 'application/x-protobuf');
  const got = rx.spans.find((s) => s.name === 'tool runFlash');
  t.ok(got, 'span decoded');
  t.equal(got?.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
  t.equal(got?.spanId, span.spanContext().spanId);
  t.equal(got?.parentSpanId, '00f067aa0ba902b7');
  t.equal(got?.traceState, 'vendor=abc,x=1');
  t.equal(got?.kind, 2, 'SERVER is 2 in OTLP (API value + 1)');
  t.equal(got?.startNs, BigInt(start) * 1_000_000n);
  t.equal(got?.endNs, BigInt(start + 4) * 1_000_000n);
  t.same(got?.attributes, { s: 'text', long: longText, t: true, f: false, i: 42, neg: -7, big: 2 ** 40, d: 0.125, nan: Number.NaN, arr: ['a', 'b'], nums: [1, 2.5], empty: [] });
  t.equal(got?.events?.length, 2);
  t.same(got?.events?.[0], { name: 'checkpoint', timeNs: BigInt(start + 1) * 1_000_000n, attributes: { step: 3 } });
  t.equal(got?.events?.[1]?.name, 'exception');
  t.match(got?.events?.[1]?.attributes, { 'exception.type': 'Error', 'exception.message': 'boom' });
  t.same(got?.links, [{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', attributes: { why: 'follows' } }]);
  t.same(got?.status, { code: 2, message: 'failed: ' + longText });
  t.same(got?.scope, { name: 'scope-a', version: '1.2.3' });
  t.same(got?.resource, { 'service.name': 'encoder-test', 'service.instance.id': 'i-1', 'host.cores': 2 });
  const w = rx.spans.find((s) => s.name === 'worker runFlash');
  t.same(w?.scope, { name: 'scope-b' }, 'second scope in its own ScopeSpans');
  t.equal(w?.parentSpanId, got?.spanId);
  t.equal(w?.kind, 1, 'INTERNAL is 1');
  t.equal(w?.status, undefined, 'unset status is omitted');
  t.notOk(rx.spans.some((s) => s.name === 'dropped'), 'unsampled spans are not exported');
  t.same(processor.stats(), { exported: 2, dropped: 0 });
});

t.test('big batches: buffers grow, several requests, all spans arrive once', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: `${rx.url}/v1/traces`, maxBatchBytes: 64 * 1024 });
  t.teardown(() => provider.shutdown());
  const tracer = provider.getTracer('bulk');
  const n = 3000;
  for (let i = 0; i < n; i++) tracer.startSpan(`s${i}`, { attributes: { i, pad: 'x'.repeat(i % 200) } }).end();
  await processor.forceFlush();
  t.ok(rx.requests.length > 3, `split into ${rx.requests.length} requests by size`);
  t.equal(rx.spans.length, n);
  t.equal(new Set(rx.spans.map((s) => s.name)).size, n, 'no span lost or duplicated');
  t.ok(rx.spans.every((s) => s.attributes.pad === 'x'.repeat(Number(s.attributes.i) % 200)), 'contents intact');
});

t.test('spans alternating between many scopes, over several batches, each land in their own scope', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: `${rx.url}/v1/traces`, maxBatchBytes: 8 * 1024 });
  t.teardown(() => provider.shutdown());
  // More scopes than the exporter's identity cache holds, interleaved span by span, as a call's
  // request, tool and worker spans interleave.
  const tracers = Array.from({ length: 12 }, (_, k) => provider.getTracer(`scope-${k}`, k % 2 === 0 ? `${k}.0` : undefined));
  const n = 1200;
  for (let i = 0; i < n; i++) tracers[(i * 7) % tracers.length]!.startSpan(`s${i}`, { attributes: { i } }).end();
  await processor.forceFlush();
  t.ok(rx.requests.length > 3, `${rx.requests.length} requests`);
  t.equal(rx.spans.length, n, 'every span once');
  const wrong = rx.spans.filter((s) => {
    const k = (Number(s.attributes.i) * 7) % tracers.length;
    return s.scope?.name !== `scope-${k}` || s.scope?.version !== (k % 2 === 0 ? `${k}.0` : undefined);
  });
  t.equal(wrong.length, 0, 'each span under the scope of the tracer that made it');
});

t.test('writer size after a flush: a quarter above the last batch, within [16 KB, 1.25 x batch limit]', async (t) => {
  t.equal(writerBytesAfter(0, 256 * 1024), 16 * 1024);
  t.equal(writerBytesAfter(100_000, 256 * 1024), 125_000);
  t.equal(writerBytesAfter(16 * 1024 * 1024, 256 * 1024), 320 * 1024, 'a backlog does not size later buffers');
  t.equal(writerBytesAfter(1000, 1024), 16 * 1024, 'never below 16 KB');
});

t.test('headers and gzip reach the collector', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: `${rx.url}/v1/traces`, headers: { 'x-api-key': 'secret value' }, compression: 'gzip' });
  t.teardown(() => provider.shutdown());
  provider.getTracer('h').startSpan('compressed').end();
  await processor.forceFlush();
  t.equal(rx.requests[0]?.headers['x-api-key'], 'secret value');
  t.equal(rx.requests[0]?.headers['content-encoding'], 'gzip');
  t.equal(rx.spans[0]?.name, 'compressed', 'decoded after gunzip');
});

t.test('a busy collector (503) gets one retry', async (t) => {
  const rx = await startOtlpReceiver({ status: (n) => (n === 0 ? 503 : 200) });
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: `${rx.url}/v1/traces` });
  t.teardown(() => provider.shutdown());
  provider.getTracer('r').startSpan('retried').end();
  await processor.forceFlush();
  t.same(rx.requests.map((r) => r.status), [503, 200]);
  t.equal(rx.spans[0]?.name, 'retried');
  t.same(processor.stats(), { exported: 1, dropped: 0 });
});

t.test('collector down or refusing: spans are dropped and counted, nothing throws', async (t) => {
  const refusing = await startOtlpReceiver({ status: () => 400 });
  t.teardown(() => refusing.close());
  const a = providerWith({ url: `${refusing.url}/v1/traces` });
  a.provider.getTracer('x').startSpan('refused').end();
  await a.processor.forceFlush();
  t.same(a.processor.stats(), { exported: 0, dropped: 1 }, '400 is not retried');
  t.equal(refusing.requests.length, 1);
  await a.provider.shutdown();

  // A port nobody listens on.
  const b = providerWith({ url: 'http://127.0.0.1:9/v1/traces', timeoutMs: 2000 });
  b.provider.getTracer('x').startSpan('lost').end();
  await b.processor.forceFlush();
  t.same(b.processor.stats(), { exported: 0, dropped: 1 });
  await b.provider.shutdown();
});

t.test('the queue is bounded while exports are stuck', async (t) => {
  // Exports never finish (the collector does not answer within the test): the in-flight limit and
  // the byte bound must drop spans instead of buffering without limit.
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const { processor, provider } = providerWith({ url: 'http://10.255.255.1:4318/v1/traces', timeoutMs: 500, maxBatchBytes: 1024, maxQueueBytes: 4096, maxConcurrentExports: 1 });
  const tracer = provider.getTracer('q');
  for (let i = 0; i < 500; i++) tracer.startSpan('q', { attributes: { pad: 'y'.repeat(50) } }).end();
  const { dropped } = processor.stats();
  t.ok(dropped > 400, `most spans dropped at once (${dropped} of 500), not queued`);
  await provider.shutdown();
  t.equal(processor.stats().exported, 0);
});

t.test('ProtoWriter: nested lengths of every size class', async (t) => {
  for (const len of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
    const w = new ProtoWriter(8);
    const m = w.begin(1);
    w.raw(Buffer.alloc(len, 7));
    w.end(m);
    const out = w.bytes();
    // tag 0x0a, varint length, body
    let p = 1;
    let v = 0;
    let shift = 1;
    for (;;) {
      const b = out[p++]!;
      v += (b & 127) * shift;
      if (b < 128) break;
      shift *= 128;
    }
    t.equal(v, len, `length ${len} decoded`);
    t.equal(out.length - p, len, `body of ${len} bytes follows`);
    t.ok(out.subarray(p).every((b) => b === 7), 'body intact after the shift');
  }
  // A decoded request with no spans is still a valid (empty) message.
  t.same(decodeTraceRequest(Buffer.alloc(0)), []);
});

t.test('ProtoWriter: timestamps, ids and text without BigInt or native writes agree with the exact encodings', async (t) => {
  const fc = (await import('fast-check')).default;
  const exact = (sec: number, ns: number): bigint => BigInt(sec) * 1_000_000_000n + BigInt(ns);
  const timeOf = (sec: number, ns: number): bigint => {
    const w = new ProtoWriter(4);
    w.time(1, [sec, ns]);
    const out = w.bytes();
    // tag 0x09 (field 1, fixed64) and exactly eight bytes of value
    return out.length === 9 && out[0] === 0x09 ? out.readBigUInt64LE(1) : -1n;
  };
  // Edges: zero, carries out of the low word, the largest second count a fixed64 of ns can hold.
  for (const [sec, ns] of [[0, 0], [0, 999_999_999], [1, 0], [4, 294_967_295], [4, 294_967_296], [65_535, 999_999_999], [65_536, 0], [1_764_520_000, 123_456_789], [18_446_744_072, 999_999_999]] as const) {
    t.equal(timeOf(sec, ns), exact(sec, ns), `time [${sec}, ${ns}]`);
  }
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 18_446_744_072 }), fc.integer({ min: 0, max: 999_999_999 }), (sec, ns) => timeOf(sec, ns) === exact(sec, ns)),
    { numRuns: 5000 },
  );

  const idBytes = (id: string): Buffer => {
    const w = new ProtoWriter(4);
    w.hex(2, id);
    const out = w.bytes();
    // the declared length is half the hex digits
    return out[1] === id.length >> 1 ? Buffer.from(out.subarray(2)) : Buffer.alloc(0);
  };
  fc.assert(fc.property(fc.uint8Array({ minLength: 8, maxLength: 16 }), (bytes) => idBytes(Buffer.from(bytes).toString('hex')).equals(Buffer.from(bytes))), { numRuns: 2000 });
  t.same([...idBytes('ABCDEF0123456789')], [0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89], 'upper-case digits');
  t.same([...idBytes('12zz5678')], [0x12, 0, 0, 0], 'zero-filled from the first bad digit on');

  const textOf = (s: string): string => {
    const w = new ProtoWriter(4);
    w.string(1, s);
    const out = w.bytes();
    let p = 1;
    let n = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = out[p++]!;
      n += (b & 127) * shift;
      if (b < 128) break;
    }
    // a length prefix that disagrees with the bytes decodes to a marker no input equals
    return out.length - p === n ? out.subarray(p).toString('utf8') : '\u0000length mismatch';
  };
  fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (s) => textOf(s) === Buffer.from(s, 'utf8').toString('utf8')), { numRuns: 3000 });
  for (const s of ['', 'runFlash', 'x'.repeat(127), 'x'.repeat(128), 'é', 'a'.repeat(40) + 'é', 'ü'.repeat(42), 'ü'.repeat(43)]) t.equal(textOf(s), s, `text of ${s.length} chars`);
});
