/**
 * The exporter encodes spans several at a time (src/telemetry/otlp-exporter.ts record): spans
 * recorded between two encodings are neither lost, repeated nor reordered within a request, a full batch still goes out on
 * its own, forceFlush sends the ones not encoded yet, and a collector that never answers still
 * bounds what waits (the queue limit applies to spans as they are encoded).
 */
import t from 'tap';
import { SpanKind, TraceFlags } from '@opentelemetry/api';
import { FinishedSpan, randomSpanId, randomTraceId, hrTimeOfMs } from '../../src/telemetry/direct-span.js';
import { OtlpProtobufSpanProcessor } from '../../src/telemetry/otlp-exporter.js';
import { startOtlpReceiver } from '../helpers/otlp-receiver.js';

const RESOURCE = { attributes: { 'service.name': 'batched-test' } };
const SCOPE = { name: 'neqsim-ts' };

function span(i: number, traceId: string): FinishedSpan {
  const t = hrTimeOfMs(1_700_000_000_000 + i);
  const ctx = { traceId, spanId: randomSpanId(), traceFlags: TraceFlags.SAMPLED };
  return new FinishedSpan(ctx, { traceId, spanId: randomSpanId(), traceFlags: TraceFlags.SAMPLED }, `span ${i}`, SpanKind.INTERNAL, t, t, { 'neqsim.index': i, 'neqsim.text': `value ${i}` });
}

t.test('every recorded span arrives once, in order, across encodings and batches', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  // Small batches: several exports start from inside an encoding pass.
  const processor = new OtlpProtobufSpanProcessor({ url: `${rx.url}/v1/traces`, maxBatchBytes: 3000, scheduledDelayMillis: 60_000 });
  t.teardown(() => processor.shutdown());
  const traceId = randomTraceId();
  for (let i = 0; i < 250; i++) processor.record(span(i, traceId), RESOURCE, SCOPE);
  await new Promise((r) => setTimeout(r, 200));
  const before = rx.spans.length;
  t.ok(before > 0 && before < 250, `full batches went out without a flush (${before} spans), the rest waits`);
  await processor.forceFlush();
  t.equal(rx.spans.length, 250, 'forceFlush sends the spans not encoded yet');
  // Export requests run concurrently and may arrive in any order; within each, spans keep theirs.
  const indices = rx.spans.map((s) => s.attributes['neqsim.index'] as number);
  t.same([...indices].sort((a, b) => a - b), Array.from({ length: 250 }, (_, i) => i), 'each span once');
  t.ok(rx.spans.every((s) => s.name === `span ${s.attributes['neqsim.index']}`), 'names and attributes stay together');
  // Each request's spans are appended together: in recording order, the index falls only where
  // one request's spans end and another's begin.
  const falls = indices.filter((x, k) => k > 0 && x < indices[k - 1]!).length;
  t.ok(falls < rx.requests.length, `in recording order within each export request (${falls} falls, ${rx.requests.length} requests)`);
  t.equal(processor.stats().exported, 250);
  t.equal(processor.stats().dropped, 0);
});

t.test('the timer sends a few spans that never fill an encoding pass', async (t) => {
  const rx = await startOtlpReceiver();
  t.teardown(() => rx.close());
  const processor = new OtlpProtobufSpanProcessor({ url: `${rx.url}/v1/traces`, scheduledDelayMillis: 50 });
  t.teardown(() => processor.shutdown());
  const traceId = randomTraceId();
  for (let i = 0; i < 3; i++) processor.record(span(i, traceId), RESOURCE, SCOPE);
  const until = Date.now() + 5000;
  while (rx.spans.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  t.equal(rx.spans.length, 3, 'exported by the scheduled flush');
});

t.test('with the collector unreachable, the queue limit still bounds the spans kept', async (t) => {
  // A port nothing listens on: exports fail, spans wait, then are dropped past maxQueueBytes.
  const processor = new OtlpProtobufSpanProcessor({ url: 'http://127.0.0.1:9/v1/traces', maxBatchBytes: 1 << 30, maxQueueBytes: 4000, scheduledDelayMillis: 60_000, timeoutMs: 200 });
  const traceId = randomTraceId();
  for (let i = 0; i < 500; i++) processor.record(span(i, traceId), RESOURCE, SCOPE);
  await processor.forceFlush();
  const { exported, dropped } = processor.stats();
  t.equal(exported, 0);
  t.equal(dropped, 500, 'every span counted as dropped: past the queue limit or in the failed export');
  await processor.shutdown();
});
