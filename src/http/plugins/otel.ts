/**
 * Request tracing for the Fastify app: starts the process's OpenTelemetry SDK (src/telemetry)
 * and registers the @fastify/otel plugin, which must come before the routes.
 */
import type { FastifyInstance } from 'fastify';
import { startTelemetry, type Telemetry, type TelemetryOptions } from '../../telemetry/otel.js';

export async function registerOtel(app: FastifyInstance, opts: TelemetryOptions): Promise<Telemetry> {
  const telemetry = startTelemetry(opts);
  await app.register(telemetry.fastifyOtel.plugin());
  // Spans still queued are exported before the process ends.
  app.addHook('onClose', async () => {
    await telemetry.forceFlush().catch(() => undefined);
  });
  return telemetry;
}
