/**
 * Span around the work a worker thread does for one tool call. Tracing is off unless the
 * enterprise/OTel configuration turns it on (the otel module replaces this pass-through).
 */
export async function withWorkerSpan<T>(
  _carrier: Record<string, string> | undefined,
  _attributes: Record<string, string | number | boolean>,
  fn: () => Promise<T> | T,
): Promise<T> {
  return await fn();
}
