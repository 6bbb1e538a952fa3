/**
 * The request tracer (src/telemetry/request-tracer.ts) against the SDK it stands in for: the same
 * sampler gives the same decisions, and a span driven through the same API calls comes out with
 * the same attributes, status, events, links and kind as the SDK's (an SDK tracer provider with an
 * in-memory exporter, same sampler and limits, side by side). Plus what only ours does: finished
 * sampled spans go to the sink with the resource and scope, unsampled ones do not.
 */
import t from 'tap';
import fc from 'fast-check';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, createContextKey, trace, type Attributes, type Span, type SpanContext, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan, type Sampler } from '@opentelemetry/sdk-trace-base';
import { RequestTracerProvider, isAttributeValue } from '../../src/telemetry/request-tracer.js';
import { samplerOf, spanLimitsFromEnv, type SpanLimits } from '../../src/telemetry/sampling.js';
import type { EncodableSpan } from '../../src/telemetry/direct-span.js';
import { TRACE_SAMPLERS } from '../../src/config.js';

const RESOURCE = { attributes: { 'service.name': 'request-tracer-test' } };

function pair(sampler: Sampler, limits: SpanLimits = spanLimitsFromEnv({})) {
  const recorded: { span: EncodableSpan; resource: unknown; scope: { name: string; version?: string } }[] = [];
  const ours = new RequestTracerProvider({ sampler, limits, resource: RESOURCE, sink: { record: (span, resource, scope) => recorded.push({ span, resource, scope }) } }).getTracer('@fastify/otel', '0.21.2');
  const exporter = new InMemorySpanExporter();
  const sdk = new BasicTracerProvider({ sampler, spanLimits: limits, spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('@fastify/otel', '0.21.2');
  return { ours, sdk, recorded, exported: () => exporter.getFinishedSpans() };
}

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`)).filter((s) => !/^0+$/.test(s));
const parentArb = fc.option(fc.record({ traceId: hex(32), spanId: hex(16), sampled: fc.boolean() }), { nil: undefined });

function contextOf(p: { traceId: string; spanId: string; sampled: boolean } | undefined) {
  if (p === undefined) return ROOT_CONTEXT;
  const sc: SpanContext = { traceId: p.traceId, spanId: p.spanId, traceFlags: p.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true };
  return trace.setSpanContext(ROOT_CONTEXT, sc);
}

t.test('every configurable sampler: the same decision as the SDK for the same trace and parent', async (t) => {
  for (const name of TRACE_SAMPLERS) {
    for (const ratio of name.endsWith('traceidratio') ? [0, 0.1, 0.5, 1] : [1]) {
      const { ours, sdk } = pair(samplerOf(name, ratio));
      fc.assert(
        fc.property(parentArb, (p) => {
          // A root span gets a new, random trace id in each tracer; a ratio between 0 and 1 then
          // decides by that id (the test below checks the rate).
          if (p === undefined && ratio > 0 && ratio < 1) return true;
          const ctx = contextOf(p);
          const a = ours.startSpan('request', { kind: SpanKind.SERVER }, ctx);
          const b = sdk.startSpan('request', { kind: SpanKind.SERVER }, ctx);
          const sa = a.spanContext();
          const sb = b.spanContext();
          const same = a.isRecording() === b.isRecording() && sa.traceFlags === sb.traceFlags && (p === undefined || sa.traceId === sb.traceId);
          a.end();
          b.end();
          return same;
        }),
        { numRuns: 300 },
      );
    }
  }
  t.pass('decisions agree for every sampler');
});

t.test('a root trace-id-ratio decision follows the trace id as the SDK\'s does', async (t) => {
  const { ours } = pair(samplerOf('traceidratio', 0.25));
  let sampled = 0;
  const n = 4000;
  for (let i = 0; i < n; i++) {
    const s = ours.startSpan('request');
    if ((s.spanContext().traceFlags & TraceFlags.SAMPLED) !== 0) sampled++;
    s.end();
  }
  // Binomial(4000, 0.25): sd ≈ 27, so ±5 sd.
  t.ok(Math.abs(sampled - n * 0.25) < 140, `${sampled} of ${n} sampled at ratio 0.25`);
});

const BOOM = Object.assign(new TypeError('boom'), { code: 'E_BOOM' });

/** The same API calls on a span of each tracer. */
function drive(span: Span): void {
  span.setAttribute('http.route', '/v1/tools/:name');
  span.setAttribute('', 'empty key');
  span.setAttribute('bad', { nested: true } as never);
  span.setAttribute('mixed', [1, 'a'] as never);
  span.setAttribute('nulls', ['a', null, 'b'] as never);
  span.setAttribute('undefined', undefined as never);
  span.setAttributes({ 'http.response.status_code': 200, 'neqsim.tool.name': 'runFlash', long: 'x'.repeat(40), list: ['abcdefghijklmnopqrstuvwxyz', 'ok'] });
  span.addEvent('checkpoint', { step: 1, bad: {} as never });
  span.addEvent('at-a-time', [1_700_000_000, 5]);
  span.addLink({ context: { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 }, attributes: { why: 'batch' } });
  span.recordException(BOOM);
  span.recordException('plain message');
  span.setStatus({ code: SpanStatusCode.ERROR, message: 'failed' });
  span.setStatus({ code: SpanStatusCode.UNSET });
  span.updateName('request renamed');
}

const comparable = (s: EncodableSpan | ReadableSpan) => ({
  name: s.name,
  kind: s.kind,
  attributes: s.attributes,
  droppedAttributesCount: s.droppedAttributesCount,
  status: s.status,
  events: s.events.map((e) => ({ name: e.name, attributes: e.attributes, dropped: e.droppedAttributesCount ?? 0 })),
  links: s.links.map((l) => ({ context: l.context, attributes: l.attributes ?? {}, dropped: l.droppedAttributesCount ?? 0 })),
  droppedEventsCount: s.droppedEventsCount,
  droppedLinksCount: s.droppedLinksCount,
  parentSpanId: s.parentSpanContext?.spanId,
});

t.test('a span driven through the API comes out as the SDK\'s does, limits included', async (t) => {
  for (const limits of [
    spanLimitsFromEnv({}),
    spanLimitsFromEnv({ OTEL_ATTRIBUTE_COUNT_LIMIT: '4', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '10', OTEL_SPAN_EVENT_COUNT_LIMIT: '2', OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT: '1' }),
    // No room at all: every event and link is dropped and counted.
    spanLimitsFromEnv({ OTEL_SPAN_EVENT_COUNT_LIMIT: '0', OTEL_SPAN_LINK_COUNT_LIMIT: '0' }),
  ]) {
    const { ours, sdk, recorded, exported } = pair(samplerOf('parentbased_always_on'), limits);
    const ctx = contextOf({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', sampled: true });
    const opts = { kind: SpanKind.SERVER, attributes: { 'fastify.root': '@fastify/otel', 'http.request.method': 'POST' } as Attributes };
    const a = ours.startSpan('request', opts, ctx);
    const b = sdk.startSpan('request', opts, ctx);
    drive(a);
    drive(b);
    a.end();
    b.end();
    a.setAttribute('after.end', 1);
    t.equal(recorded.length, 1, 'one span to the sink');
    t.same(comparable(recorded[0]!.span), comparable(exported()[0]!), `same span as the SDK's (attribute/event/link count limits ${limits.attributeCountLimit}/${limits.eventCountLimit}/${limits.linkCountLimit})`);
    t.equal(recorded[0]!.resource, RESOURCE, 'the resource given to the provider');
    t.match(recorded[0]!.scope, { name: '@fastify/otel', version: '0.21.2' });
    t.notOk('after.end' in recorded[0]!.span.attributes, 'no change after end');
    t.equal(a.isRecording(), false, 'not recording once ended');
  }
});

t.test('times: start from the wall clock, end after it; explicit times honoured; an end before the start is clamped', async (t) => {
  const { ours, recorded } = pair(samplerOf('always_on'));
  const ms = (h: [number, number]) => h[0] * 1000 + h[1] / 1e6;
  const before = Date.now();
  const s = ours.startSpan('request');
  await new Promise((r) => setTimeout(r, 5));
  s.end();
  const a = recorded[0]!.span;
  t.ok(ms(a.startTime) >= before - 1 && ms(a.startTime) <= Date.now(), 'start on the wall clock');
  t.ok(ms(a.endTime) - ms(a.startTime) >= 4, 'elapsed time on the monotonic clock');

  const given = ours.startSpan('given', { startTime: 1_700_000_000_000 });
  given.end(1_700_000_000_250);
  t.same([recorded[1]!.span.startTime, recorded[1]!.span.endTime], [[1_700_000_000, 0], [1_700_000_000, 250_000_000]], 'epoch milliseconds');

  const perf = ours.startSpan('perf');
  const p0 = performance.now();
  perf.end(p0);
  const wall = ms(recorded[2]!.span.endTime);
  t.ok(Math.abs(wall - (performance.timeOrigin + p0)) < 5, 'a performance timestamp lands on the wall clock');

  const backwards = ours.startSpan('backwards', { startTime: 1_700_000_000_000 });
  backwards.end(1_600_000_000_000);
  t.same(recorded[3]!.span.endTime, recorded[3]!.span.startTime, 'zero length, as the SDK');
});

t.test('not recorded: unsampled parent, always_off, suppressed tracing; nothing reaches the sink', async (t) => {
  const { ours, recorded } = pair(samplerOf('parentbased_always_on'));
  const unsampled = ours.startSpan('request', {}, contextOf({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', sampled: false }));
  t.equal(unsampled.isRecording(), false);
  t.equal(unsampled.spanContext().traceId, '0af7651916cd43dd8448eb211c80319c', 'the trace goes on');
  t.equal(unsampled.spanContext().traceFlags, TraceFlags.NONE);
  unsampled.end();

  const suppressed = ours.startSpan('request', {}, ROOT_CONTEXT.setValue(createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING'), true));
  t.equal(suppressed.isRecording(), false);
  t.equal(trace.isSpanContextValid(suppressed.spanContext()), false, 'suppressed: an invalid context, as the SDK');

  const off = pair(samplerOf('always_off'));
  const s = off.ours.startSpan('request');
  t.equal(s.isRecording(), false);
  s.end();
  t.equal(recorded.length + off.recorded.length, 0, 'no span to the sink');
});

t.test('startActiveSpan runs the callback with the span and returns its value', async (t) => {
  const { ours, recorded } = pair(samplerOf('always_on'));
  const tracer: Tracer = ours;
  const v = tracer.startActiveSpan('active', (span) => {
    span.end();
    return 42;
  });
  t.equal(v, 42);
  t.equal(recorded[0]?.span.name, 'active');
});

t.test('attribute values: primitives and one-type arrays only', async (t) => {
  t.ok(isAttributeValue('a') && isAttributeValue(1) && isAttributeValue(true) && isAttributeValue([]) && isAttributeValue(['a', null]));
  t.notOk(isAttributeValue({}) || isAttributeValue([1, 'a']) || isAttributeValue([{}]) || isAttributeValue(null));
});
