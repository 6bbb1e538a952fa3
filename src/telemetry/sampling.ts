/**
 * The head sampler and span limits of the process, built once from the validated configuration
 * and given both to the SDK (NodeSDK `sampler`, `spanLimits`) and to the request tracer
 * (request-tracer.ts), so every span of a trace is sampled and limited by the same rules.
 */
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-base';
import type { TraceSampler } from '../config.js';

/** OTEL_TRACES_SAMPLER as the OpenTelemetry specification defines its values. */
export function samplerOf(name: TraceSampler, ratio = 1): Sampler {
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
