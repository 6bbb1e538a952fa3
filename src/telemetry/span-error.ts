/** How a tool span is marked failed by an exception: on an SDK span, and for a direct span (direct-span.ts). */
import { SpanStatusCode, type Span, type SpanStatus } from '@opentelemetry/api';

/** ERROR with the exception's message (its string form when it has none). */
export function errorStatusOf(err: unknown): SpanStatus {
  const message = (err as { message?: unknown } | null | undefined)?.message;
  return { code: SpanStatusCode.ERROR, message: typeof message === 'string' ? message : String(err) };
}

export function recordSpanError(span: Span, err: unknown): void {
  span.recordException(err as Error);
  span.setStatus(errorStatusOf(err));
}
