/**
 * The tool and worker spans the service builds without SDK span objects (src/telemetry/direct-span.ts):
 * made only under a recording parent, nested and timed correctly, failures marked, ids valid, and
 * timestamps converted exactly. End-to-end export of these spans is in otel.test.ts (protobuf).
 */
import t from 'tap';
import fc from 'fast-check';
import { ROOT_CONTEXT, SpanStatusCode, TraceFlags, trace, type Span, type SpanContext } from '@opentelemetry/api';
import { hrTimeOfMs, randomSpanId, setDirectSpanSink, type EncodableSpan } from '../../src/telemetry/direct-span.js';
import { traceDispatch } from '../../src/telemetry/tool-span.js';
import type { CallContext, Dispatch, DispatchResult } from '../../src/tools/contract/dispatch-types.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';

/** The envelope is not read by the tool span (it reads the serialized body and the worker report). */
const envelopeOk = (): Envelope => ({ status: 'success' }) as unknown as Envelope;

const PARENT: SpanContext = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED, traceState: undefined as never };
const RESOURCE = { attributes: { 'service.name': 'direct-test' } };

/** A stand-in for a span the SDK is recording: what the tool span reads of its parent. */
function recordingParent(recording = true): Span {
  return { spanContext: () => PARENT, isRecording: () => recording, resource: RESOURCE } as unknown as Span;
}

function captureSink(): { spans: { span: EncodableSpan; resource: unknown; scope: { name: string } }[] } {
  const out = { spans: [] as { span: EncodableSpan; resource: unknown; scope: { name: string } }[] };
  setDirectSpanSink({ record: (span, resource, scope) => out.spans.push({ span, resource, scope }) });
  return out;
}

const nsOf = (h: [number, number]): bigint => BigInt(h[0]) * 1_000_000_000n + BigInt(h[1]);

t.afterEach(() => setDirectSpanSink(undefined));

t.test('under a recording parent: a tool span and a worker span, nested, timed and attributed', async (t) => {
  const sink = captureSink();
  const now = Date.now();
  const result: DispatchResult = {
    envelope: envelopeOk(),
    httpStatus: 200,
    body: '{}',
    operationId: 'op-1',
    workerSpan: { startMs: now + 0.25, endMs: now + 1.5, threadId: 7, status: 'success', model: 'SRK', converged: true, iterations: 4 },
  };
  let seen: CallContext | undefined;
  const dispatch: Dispatch = async (_n, _i, ctx) => {
    seen = ctx;
    await new Promise((r) => setTimeout(r, 5));
    return result;
  };
  const ctx: CallContext = { subject: 'alice', transport: 'rest', traceContext: trace.setSpan(ROOT_CONTEXT, recordingParent()) };
  const before = Date.now();
  const r = await traceDispatch(dispatch, true)('runFlash', {}, ctx);
  const after = Date.now();
  t.equal(r, result, 'the result passes through');
  t.equal(seen?.reportWorkerSpan, true, 'the pool is asked for the worker timing');
  t.equal(sink.spans.length, 2, 'tool and worker span recorded');
  const [tool, worker] = sink.spans.map((x) => x.span);
  t.equal(tool!.name, 'tool runFlash');
  t.equal(tool!.spanContext().traceId, PARENT.traceId, 'same trace as the parent');
  t.equal(tool!.parentSpanContext?.spanId, PARENT.spanId, 'child of the request span');
  t.equal(worker!.name, 'worker runFlash');
  t.equal(worker!.parentSpanContext?.spanId, tool!.spanContext().spanId, 'worker span under the tool span');
  t.not(worker!.spanContext().spanId, tool!.spanContext().spanId);
  t.ok(sink.spans.every((x) => x.resource === RESOURCE && x.scope.name === 'neqsim-ts'), 'parent resource, service scope');
  t.same(tool!.attributes, {
    'neqsim.tool.name': 'runFlash',
    'neqsim.profile': tool!.attributes['neqsim.profile'],
    'neqsim.transport': 'rest',
    'enduser.id': 'alice',
    'http.response.status_code': 200,
    'neqsim.status': 'success',
    'neqsim.model': 'SRK',
    'neqsim.converged': true,
    'neqsim.iterations': 4,
  });
  t.type(tool!.attributes['neqsim.profile'], 'string');
  t.same(worker!.attributes, { 'neqsim.tool.name': 'runFlash', 'thread.kind': 'worker', 'thread.id': 7, 'neqsim.status': 'success', 'neqsim.operation_id': 'op-1' });
  t.equal(tool!.status.code, SpanStatusCode.UNSET);
  const start = nsOf(tool!.startTime as [number, number]);
  const end = nsOf(tool!.endTime as [number, number]);
  t.ok(start >= BigInt(before) * 1_000_000n && end <= BigInt(after + 1) * 1_000_000n, 'tool span within the call');
  t.ok(end - start >= 4_000_000n, `tool span lasts the call (${end - start} ns)`);
  t.equal(nsOf(worker!.startTime as [number, number]), nsOf(hrTimeOfMs(now + 0.25)), 'worker start from the report');
  t.equal(nsOf(worker!.endTime as [number, number]), nsOf(hrTimeOfMs(now + 1.5)), 'worker end from the report');
});

t.test('a failing dispatcher: the tool span is marked failed with the exception, and the error propagates', async (t) => {
  const sink = captureSink();
  const dispatch: Dispatch = async () => {
    throw new TypeError('pool exploded');
  };
  const ctx: CallContext = { subject: 'bob', transport: 'mcp', traceContext: trace.setSpan(ROOT_CONTEXT, recordingParent()) };
  await t.rejects(traceDispatch(dispatch, true)('runFlash', {}, ctx), { message: 'pool exploded' });
  t.equal(sink.spans.length, 1, 'only the tool span');
  const span = sink.spans[0]!.span;
  t.same(span.status, { code: SpanStatusCode.ERROR, message: 'pool exploded' });
  t.equal(span.events.length, 1);
  t.equal(span.events[0]!.name, 'exception');
  t.match(span.events[0]!.attributes, { 'exception.type': 'TypeError', 'exception.message': 'pool exploded' });
  t.type(span.events[0]!.attributes?.['exception.stacktrace'], 'string');
});

t.test('a 5xx envelope marks the tool span failed with its code', async (t) => {
  const sink = captureSink();
  const body = '{"status":"error","errors":[{"severity":"error","code":"INTERNAL_ERROR","message":"x"}]}';
  const dispatch: Dispatch = async () => ({ envelope: envelopeOk(), httpStatus: 500, body });
  await traceDispatch(dispatch, true)('runFlash', {}, { subject: 's', transport: 'rest', traceContext: trace.setSpan(ROOT_CONTEXT, recordingParent()) });
  const span = sink.spans[0]!.span;
  t.same(span.status, { code: SpanStatusCode.ERROR, message: 'INTERNAL_ERROR' });
  t.match(span.attributes, { 'neqsim.status': 'error', 'neqsim.error.code': 'INTERNAL_ERROR', 'http.response.status_code': 500 });
});

t.test('no direct span under a parent that is not recording, or without a sink', async (t) => {
  const sink = captureSink();
  const dispatch: Dispatch = async () => ({ envelope: envelopeOk(), httpStatus: 200, body: '{}' });
  await traceDispatch(dispatch, true)('runFlash', {}, { subject: 's', transport: 'rest', traceContext: trace.setSpan(ROOT_CONTEXT, recordingParent(false)) });
  t.equal(sink.spans.length, 0, 'an ended or unrecorded parent gets no direct child');
  setDirectSpanSink(undefined);
  await traceDispatch(dispatch, true)('runFlash', {}, { subject: 's', transport: 'rest', traceContext: trace.setSpan(ROOT_CONTEXT, recordingParent()) });
  t.equal(sink.spans.length, 0, 'no sink (JSON exporter): the SDK path, nothing here');
});

t.test('span ids: 16 lowercase hex digits, never all zeros, not repeated', async (t) => {
  const ids = new Set<string>();
  for (let i = 0; i < 20_000; i++) {
    const id = randomSpanId();
    if (!/^[0-9a-f]{16}$/.test(id) || id === '0000000000000000') t.fail(`bad id ${id}`);
    ids.add(id);
  }
  t.equal(ids.size, 20_000, 'no collisions in 20,000 ids');
});

t.test('hrTimeOfMs: exact nanoseconds, carried into seconds, for epoch milliseconds', async (t) => {
  // Exactly representable inputs convert exactly (epoch milliseconds as doubles resolve ~0.24 µs).
  t.same(hrTimeOfMs(1_700_000_000_123.5), [1_700_000_000, 123_500_000]);
  t.same(hrTimeOfMs(1_700_000_000_123.25), [1_700_000_000, 123_250_000]);
  t.same(hrTimeOfMs(1_700_000_000_999.9999999), [1_700_000_001, 0], 'rounding up to a whole second carries');
  t.same(hrTimeOfMs(0), [0, 0]);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 0, max: 999_999 }), (ms, micro) => {
      const [s, ns] = hrTimeOfMs(ms + micro / 1e6);
      // Microsecond inputs survive the float round trip to within a few ns.
      const expected = BigInt(ms) * 1_000_000n + BigInt(micro);
      const got = BigInt(s) * 1_000_000_000n + BigInt(ns);
      const diff = got > expected ? got - expected : expected - got;
      return ns >= 0 && ns < 1e9 && diff <= 1000n;
    }),
    { numRuns: 3000 },
  );
});
