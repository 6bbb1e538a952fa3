/**
 * The head samplers of sampling.ts against the SDK samplers they replace: the same decision for the
 * same trace id and parent (valid or not, remote or local, sampled or not), for every configurable
 * sampler and several ratios; and the request tracer's shortcut for a new trace (the decision from
 * the words the id is drawn from) agrees with the SDK's ratio rule on the id itself.
 */
import t from 'tap';
import fc from 'fast-check';
import { ROOT_CONTEXT, SamplingDecision, SpanKind, TraceFlags, trace, type SpanContext } from '@opentelemetry/api';
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-base';
import { samplerOf, traceIdAccumulation } from '../../src/telemetry/sampling.js';
import { randomTraceIdWords } from '../../src/telemetry/direct-span.js';
import { TRACE_SAMPLERS, type TraceSampler } from '../../src/config.js';

/** The SDK's sampler for a configured name, as sampling.ts built it before. */
function sdkSampler(name: TraceSampler, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

const hexId = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${n}}$`));
// Mostly valid ids, some all-zero or malformed (invalid parents, invalid trace ids).
const traceIdArb = fc.oneof(hexId(32), hexId(32), hexId(32), fc.constant('00000000000000000000000000000000'), fc.string({ maxLength: 33 }));
const parentArb = fc.option(
  fc.record({ traceId: traceIdArb, spanId: fc.oneof(hexId(16), fc.constant('0000000000000000'), fc.string({ maxLength: 17 })), sampled: fc.boolean(), isRemote: fc.boolean() }),
  { nil: undefined },
);

t.test('every configurable sampler decides as the SDK sampler of the same name', async (t) => {
  for (const name of TRACE_SAMPLERS) {
    for (const ratio of name.endsWith('traceidratio') ? [0, 0.001, 0.1, 0.25, 0.5, 0.999, 1, Number.NaN, 2, -1] : [1]) {
      const ours = samplerOf(name, ratio);
      const sdk = sdkSampler(name, ratio);
      t.equal(ours.toString(), sdk.toString(), `${name} ${ratio}: description`);
      fc.assert(
        fc.property(traceIdArb, parentArb, (traceId, p) => {
          const ctx = p === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, { traceId: p.traceId, spanId: p.spanId, traceFlags: p.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: p.isRemote } as SpanContext);
          const a = ours.shouldSample(ctx, traceId, 'request', SpanKind.SERVER, {}, []);
          const b = sdk.shouldSample(ctx, traceId, 'request', SpanKind.SERVER, {}, []);
          return a.decision === b.decision && a.attributes === undefined && a.traceState === b.traceState;
        }),
        { numRuns: 400 },
      );
    }
  }
});

t.test('a new trace: the accumulation of the drawn words is the ratio rule on the id', async (t) => {
  for (const ratio of [0.1, 0.5, 0.9]) {
    const ours = samplerOf('parentbased_traceidratio', ratio);
    const sdk = new TraceIdRatioBasedSampler(ratio);
    let sampled = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const { traceId, accumulation } = randomTraceIdWords();
      if (accumulation !== traceIdAccumulation(traceId)) return t.fail(`accumulation of ${traceId}`);
      const decided = ours.rootSampled(accumulation);
      if (decided !== (sdk.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED)) return t.fail(`decision for ${traceId}`);
      if (decided) sampled++;
    }
    // Binomial(4000, ratio): sd <= 32, so about ±5 sd.
    t.ok(Math.abs(sampled - n * ratio) < 160, `${sampled} of ${n} sampled at ratio ${ratio}`);
  }
});

t.test('drawn trace ids are 32 lowercase hex digits, never all zeros', async (t) => {
  for (let i = 0; i < 1000; i++) {
    const { traceId } = randomTraceIdWords();
    if (!/^[0-9a-f]{32}$/.test(traceId) || /^0+$/.test(traceId)) return t.fail(traceId);
  }
  t.pass('1000 ids well formed');
});
