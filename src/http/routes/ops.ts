/**
 * Operational routes: liveness, readiness, Prometheus metrics, and the benchmark's echo
 * baseline (only when BENCH_ECHO=1).
 */
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import type { MetricsRegistry } from '../metrics.js';
import { errorRef } from '../schemas.js';
import { sharedStateHealthy } from '../../tools/contract/shared-state/backend.js';

export interface ServiceState {
  /** True once the worker pool is up; false again while shutting down. */
  ready: boolean;
  shuttingDown: boolean;
}

export interface OpsRoutesOptions {
  state: ServiceState;
  metrics: MetricsRegistry;
  benchEcho: boolean;
}

const HealthSchema = Type.Object({ status: Type.String() });

/** Any other method on these GET routes answers 405 with Allow (src/http/errors.ts). */
const wrongMethod = () => errorRef('Wrong method: this route is served with GET', { allow: Type.String({ description: 'the methods served at this path' }) });

const Quantity = Type.Object({ value: Type.Number(), unit: Type.String() });
/** A runFlash-shaped body (what bench/http.ts sends to the echo baseline). */
const EchoBodySchema = Type.Object({
  model: Type.String({ maxLength: 40 }),
  temperature: Quantity,
  pressure: Quantity,
  flashType: Type.String({ maxLength: 10 }),
  components: Type.Record(Type.String(), Type.Number({ minimum: 0 })),
  mixingRule: Type.Optional(Type.String()),
  multiPhaseCheck: Type.Optional(Type.Boolean()),
});
/** Brings the echo reply to ~3 KB with a ~440 B body. */
const ECHO_PAD = '-'.repeat(2_560);

export async function opsRoutes(app: FastifyInstance, opts: OpsRoutesOptions): Promise<void> {
  app.get(
    '/health/live',
    { schema: { operationId: 'healthLive', summary: 'Liveness: the process is serving', tags: ['health'], response: { 200: HealthSchema, 405: wrongMethod() } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'healthReady',
        summary: 'Readiness: the worker pool is up, the shared state store (REDIS_URL, when set) is reachable and the server is not shutting down',
        tags: ['health'],
        response: { 200: HealthSchema, 405: wrongMethod(), 503: HealthSchema },
      },
    },
    async (_req, reply) => {
      const shared = sharedStateHealthy();
      if (opts.state.ready && !opts.state.shuttingDown && shared) return { status: 'ready' };
      reply.code(503);
      return { status: opts.state.shuttingDown ? 'shutting_down' : !opts.state.ready ? 'starting' : 'shared_state_unavailable' };
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'metrics',
        summary: 'Prometheus metrics',
        description: 'Tool call counts and latency histograms per tool and status, worker pool threads, queue depth and utilisation, process memory.',
        tags: ['health'],
        produces: ['text/plain'],
        response: {
          200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }),
          405: wrongMethod(),
          503: errorRef('The server is shutting down (SHUTTING_DOWN)', { 'retry-after': Type.Integer({ description: 'seconds to wait before retrying' }) }),
        },
      },
      serializerCompiler: () => (d: unknown) => String(d),
    },
    async (_req, reply) => reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').send(opts.metrics.render()),
  );

  if (opts.benchEcho) {
    // The ceiling in spec/performance-notes.md was measured with a ~440 B body validated by a JSON
    // Schema and a ~3 KB response; the baseline does the same (Fastify's own validator, a fixed
    // pad) so tool routes are compared with like, and stays otherwise free of work.
    app.post('/bench/echo', { schema: { hide: true, body: EchoBodySchema } }, async (req, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ echo: req.body, pad: ECHO_PAD })),
    );
  }
}
