/**
 * The head sampler and span limits of the process, built once from the validated configuration
 * and given both to the SDK (NodeSDK `sampler`, `spanLimits`) and to the request tracer
 * (request-tracer.ts), so every span of a trace is sampled and limited by the same rules.
 */
import { SamplingDecision, TraceFlags, isSpanContextValid, isValidTraceId, trace, type Context, type SpanContext } from '@opentelemetry/api';
import type { Sampler, SamplingResult } from '@opentelemetry/sdk-trace-base';
import type { TraceSampler } from '../config.js';

/** Shared, frozen results: a decision carries no attributes or trace state, so one object each serves every call. */
const SAMPLED: SamplingResult = Object.freeze({ decision: SamplingDecision.RECORD_AND_SAMPLED });
const NOT_SAMPLED: SamplingResult = Object.freeze({ decision: SamplingDecision.NOT_RECORD });

type RootRule = 'on' | 'off' | 'ratio';

/** Value of an ASCII hex digit by character code (either case); the ids reaching here are valid hex. */
function hexDigit(c: number): number {
  return c < 58 ? c - 48 : c < 71 ? c - 55 : c - 87;
}

/**
 * The trace-id ratio rule of the OTel SDK's TraceIdRatioBasedSampler: the 32-character id read as
 * four 32-bit words, XORed; sampled when the result is below floor(ratio x (2^32 - 1)) (2^32 for a
 * ratio of 1). Every process using the SDK's rule decides the same for the same trace id.
 */
export function traceIdAccumulation(traceId: string): number {
  let acc = 0;
  for (let i = 0; i < 32; i += 8) {
    let part = 0;
    for (let j = 0; j < 8; j++) part = (part << 4) | hexDigit(traceId.charCodeAt(i + j));
    acc = (acc ^ part) >>> 0;
  }
  return acc;
}

/**
 * The head samplers of OTEL_TRACES_SAMPLER, with the decisions of the SDK's AlwaysOn, AlwaysOff,
 * TraceIdRatioBased and ParentBased samplers (parent-based with the SDK's default delegates: a
 * valid parent, remote or local, is followed by its sampled flag).
 *
 * Why not the SDK's objects: the request tracer (request-tracer.ts) decides each request span
 * from the parent it already has and, for a new trace, from the random words it draws the trace
 * id from (rootSampled), with no context lookup, hex parsing or result object per request. The
 * SDK gets the same object through shouldSample, so its spans follow the same rules.
 */
export class HeadSampler implements Sampler {
  /** Accumulations below this are sampled (the ratio rule); 0 samples nothing, 2^32 everything. */
  readonly upperBound: number;

  constructor(
    private readonly root: RootRule,
    readonly parentBased: boolean,
    private readonly ratio = 1,
  ) {
    this.upperBound = root === 'on' ? 0x100000000 : root === 'off' ? 0 : ratio === 1 ? 0x100000000 : Math.floor(ratio * 0xffffffff);
  }

  /** A new trace's decision from the XOR of its id's four 32-bit words (see traceIdAccumulation). */
  rootSampled(accumulation: number): boolean {
    return accumulation < this.upperBound;
  }

  /** The decision for a span of `traceId` under `parent` (undefined or invalid: a root span). */
  sampled(parent: SpanContext | undefined, traceId: string): boolean {
    if (this.parentBased && parent !== undefined && isSpanContextValid(parent)) return (parent.traceFlags & TraceFlags.SAMPLED) !== 0;
    if (this.root === 'ratio') return isValidTraceId(traceId) && traceIdAccumulation(traceId) < this.upperBound;
    return this.root === 'on';
  }

  /** The SDK's Sampler call; name, kind, attributes and links do not enter the decision. */
  shouldSample(context: Context, traceId: string, ..._unused: unknown[]): SamplingResult {
    const parent = this.parentBased ? trace.getSpanContext(context) : undefined;
    return this.sampled(parent, traceId) ? SAMPLED : NOT_SAMPLED;
  }

  /** The SDK samplers' descriptions (NodeSDK logs them). */
  toString(): string {
    const root = this.root === 'on' ? 'AlwaysOnSampler' : this.root === 'off' ? 'AlwaysOffSampler' : `TraceIdRatioBased{${this.ratio}}`;
    return this.parentBased
      ? `ParentBased{root=${root}, remoteParentSampled=AlwaysOnSampler, remoteParentNotSampled=AlwaysOffSampler, localParentSampled=AlwaysOnSampler, localParentNotSampled=AlwaysOffSampler}`
      : root;
  }
}

/** A ratio as the SDK normalizes it: not a number gives 0, and it is clamped to [0, 1]. */
function normalizedRatio(ratio: number): number {
  if (typeof ratio !== 'number' || Number.isNaN(ratio)) return 0;
  return ratio >= 1 ? 1 : ratio <= 0 ? 0 : ratio;
}

/** OTEL_TRACES_SAMPLER as the OpenTelemetry specification defines its values. */
export function samplerOf(name: TraceSampler, ratio = 1): HeadSampler {
  switch (name) {
    case 'always_on':
      return new HeadSampler('on', false);
    case 'always_off':
      return new HeadSampler('off', false);
    case 'traceidratio':
      return new HeadSampler('ratio', false, normalizedRatio(ratio));
    case 'parentbased_always_off':
      return new HeadSampler('off', true);
    case 'parentbased_traceidratio':
      return new HeadSampler('ratio', true, normalizedRatio(ratio));
    case 'parentbased_always_on':
      return new HeadSampler('on', true);
  }
}

export interface SpanLimits {
  attributeCountLimit: number;
  /** Strings (and strings in arrays) longer than this are cut; Infinity = no limit. */
  attributeValueLengthLimit: number;
  eventCountLimit: number;
  linkCountLimit: number;
  attributePerEventCountLimit: number;
  attributePerLinkCountLimit: number;
}

function limit(env: Record<string, string | undefined>, names: string[], fallback: number): number {
  for (const name of names) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const v = Number(raw);
    if (Number.isInteger(v) && v >= 0) return v;
  }
  return fallback;
}

/** The OTEL_*_LIMIT variables with the specification's defaults (128 each, no value length limit). */
export function spanLimitsFromEnv(env: Record<string, string | undefined> = process.env): SpanLimits {
  return {
    attributeCountLimit: limit(env, ['OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT', 'OTEL_ATTRIBUTE_COUNT_LIMIT'], 128),
    attributeValueLengthLimit: limit(env, ['OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT'], Infinity),
    eventCountLimit: limit(env, ['OTEL_SPAN_EVENT_COUNT_LIMIT'], 128),
    linkCountLimit: limit(env, ['OTEL_SPAN_LINK_COUNT_LIMIT'], 128),
    attributePerEventCountLimit: limit(env, ['OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT'], 128),
    attributePerLinkCountLimit: limit(env, ['OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT'], 128),
  };
}
