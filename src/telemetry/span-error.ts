/** Marks a span failed by an exception; shared by the main-thread tool span and the worker span. */
import { SpanStatusCode, type Span } from '@opentelemetry/api';

export function recordSpanError(span: Span, err: unknown): void {
  span.recordException(err as Error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
}
