import { activeTelemetry } from '../../src/telemetry/otel.js';

/**
 * Flushes the active telemetry and polls `fn` every 50 ms until it returns a value or `ms` pass
 * (spans reach the test's OTLP receiver asynchronously).
 */
export async function waitForTelemetry<T>(fn: () => T | undefined, ms = 8000): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    await activeTelemetry()?.forceFlush();
    const v = fn();
    if (v !== undefined || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
