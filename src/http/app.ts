/**
 * The Fastify application: worker pool, dispatcher, error envelopes, OpenAPI + Swagger UI,
 * enterprise plugins, one route per tool, the catalogue, MCP, health and metrics.
 * buildApp does not listen; src/server.ts (and tests via inject) do.
 */
import { readFileSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import { createDispatcher, type Dispatcher } from '../tools/dispatcher.js';
import { setInternalErrorLogger } from '../tools/contract/execute.js';
import { TOOLS, toolDomain } from '../tools/lazy-registry.js';
import type { AnyTool } from '../tools/contract/types.js';
import { registerMcpRoutes } from '../mcp/http.js';
import { installErrorHandlers, sendEnvelopeError, toolOfRequest } from './errors.js';
import { installJsonBodyParser } from './json-body.js';
import { setInputLimits } from '../tools/contract/input-guard.js';
import { issue } from '../tools/contract/envelope.js';
import { Counter, Gauge, Histogram, LATENCY_BUCKETS_S, MetricsRegistry } from './metrics.js';
import { registerEnterprise } from './plugins/enterprise.js';
import { registerBrowserPolicy, trackRouteMethods } from './plugins/browser.js';
import { traceDispatch } from '../telemetry/tool-span.js';
import { PiscinaToolPool } from './pool.js';
import { DEFAULT_SHED_POLICY } from '../tools/contract/service-times.js';
import { opsRoutes, type ServiceState } from './routes/ops.js';
import { toolRoutes } from './routes/tools.js';
import { ErrorEnvelopeSchema } from './schemas.js';
import { swaggerOptions } from './openapi.js';

export interface AppOptions {
  /** Tools to serve (default: the registry). Tests pass their own. */
  tools?: readonly AnyTool[];
  /** Worker module for the pool (default: dist/workers/tool-worker.js). */
  workerFile?: string | URL;
  /** false: no pool, pool tools run inline (used by tests that need no threads). */
  pool?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Per-tool time budget overrides (ms). */
  toolTimeoutsMs?: Record<string, number>;
  /** How long a running task of a caller who went away may finish before its thread is stopped (ms). */
  cancelGraceMs?: number;
  /** A pool started earlier (src/server.ts starts it before loading the app, so threads boot in parallel). Closed with the app. */
  toolPool?: PiscinaToolPool;
  /** Mount the MCP routes (default true). */
  mcp?: boolean;
}

export interface NeqsimApp extends FastifyInstance {
  dispatch: Dispatcher;
  serviceState: ServiceState;
  toolPool: PiscinaToolPool | undefined;
}

const PACKAGE = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string; description: string; license: string };

export async function buildApp(config: Config, opts: AppOptions = {}): Promise<NeqsimApp> {
  const tools = opts.tools ?? TOOLS;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    // Requests arriving during the drain get our SHUTTING_DOWN envelope (hook below), not Fastify's plain 503.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
    // Per-request access logs cost main-thread time on every call; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Slow clients (src/config.ts HttpTimeouts). Node enforces the header and request timeouts on a
    // periodic check (default every 30 s, so a 10 s limit became 10-40 s): check at a quarter of
    // the header timeout, at most every second.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const allowedMethods = trackRouteMethods(app);
  setInternalErrorLogger((tool, err) => app.log.error({ err, tool }, 'tool raised an exception'));

  const state: ServiceState = { ready: false, shuttingDown: false };
  const metrics = new MetricsRegistry();
  const calls = metrics.register(new Counter('neqsim_tool_calls_total', 'Tool calls by tool and HTTP status'));
  const latency = metrics.register(new Histogram('neqsim_tool_call_duration_seconds', 'Tool call latency (dispatch to envelope) by tool and HTTP status', LATENCY_BUCKETS_S));

  // tool -> status -> its two series, so a call does two Map lookups instead of building label text.
  const seriesByTool = new Map<string, Map<number, { calls: { value: number }; latency: { observe(v: number): void } }>>();
  const seriesOf = (tool: string, status: number) => {
    let byStatus = seriesByTool.get(tool);
    if (byStatus === undefined) seriesByTool.set(tool, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (s === undefined) {
      const labels = { tool, status: String(status) };
      s = { calls: calls.series(labels), latency: latency.child(labels) };
      byStatus.set(status, s);
    }
    return s;
  };

  let pool: PiscinaToolPool | undefined;
  if (opts.toolPool !== undefined) {
    pool = opts.toolPool;
  } else if (opts.pool !== false && tools.some((t) => t.execution === 'pool')) {
    pool = new PiscinaToolPool({
      ...config.pool,
      ...(opts.workerFile !== undefined ? { filename: opts.workerFile } : {}),
      onError: (err) => app.log.error({ err }, 'worker pool error'),
    });
  }
  const activePool = pool;
  metrics.register(new Gauge('neqsim_pool_threads', 'Worker threads running', () => activePool?.stats().threads ?? 0));
  metrics.register(new Gauge('neqsim_pool_queue_depth', 'Pool calls waiting for a thread', () => activePool?.stats().queueSize ?? 0));
  metrics.register(new Gauge('neqsim_pool_utilization', 'Share of pool capacity in use since start (0..1)', () => activePool?.stats().utilization ?? 0));
  metrics.register(new Gauge('neqsim_pool_capacity', 'Pool calls that can run at once (threads x tasks per thread)', () => activePool?.runningCapacity ?? 0));
  metrics.register(new Gauge('neqsim_pool_in_flight', 'Pool calls admitted (running + waiting)', () => dispatch.poolInFlight()));
  metrics.register(new Gauge('neqsim_pool_expected_wait_seconds', 'Expected wait of a pool call submitted now, from measured service times (what load shedding compares)', () => (activePool?.expectedWaitMs(DEFAULT_SHED_POLICY.unknownToolMs) ?? 0) / 1000));
  metrics.register(new Gauge('process_resident_memory_bytes', 'Resident set size', () => process.memoryUsage.rss()));
  metrics.register(new Gauge('nodejs_heap_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed));
  metrics.register(new Gauge('process_uptime_seconds', 'Process uptime', () => process.uptime()));

  const dispatch = traceDispatch(createDispatcher({
    ...(pool !== undefined ? { pool } : {}),
    timeoutMs: config.toolTimeoutMs,
    maxQueue: config.pool.maxQueue,
    shed: config.shed,
    lookup: (name) => byName.get(name),
    toolNames: () => tools.map((t) => t.name),
    inlineFallback: pool === undefined,
    ...(opts.toolTimeoutsMs !== undefined ? { toolTimeoutsMs: opts.toolTimeoutsMs } : {}),
    ...(opts.cancelGraceMs !== undefined ? { cancelGraceMs: opts.cancelGraceMs } : {}),
    metrics: {
      onResult(tool, status, ms) {
        const s = seriesOf(tool, status);
        s.calls.value++;
        s.latency.observe(ms / 1000);
      },
    },
  }), config.otel.enabled);

  app.decorate('dispatch', dispatch);
  app.decorate('serviceState', state);
  app.decorate('toolPool', pool);

  installErrorHandlers(app, config.bodyLimitBytes, allowedMethods, tools.map((t) => t.name));
  setInputLimits({ maxDepth: config.maxJsonDepth, maxBytes: config.bodyLimitBytes });
  installJsonBodyParser(app, config.maxJsonDepth);
  await registerBrowserPolicy(app, { corsOrigins: config.corsOrigins, allowedOrigins: config.mcpAllowedOrigins });
  // Response schemas are documentation: envelopes go out pre-serialized and every other reply is
  // small, so plain JSON.stringify replaces fast-json-stringify (whose per-route compile costs
  // start-up time and which would drop fields a schema does not list).
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  app.addSchema(ErrorEnvelopeSchema);

  await app.register(swagger, swaggerOptions({ config, tools, pkg: PACKAGE }));
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerEnterprise(app, config);

  await toolRoutes(app, { tools, dispatch, propagateTrace: config.otel.enabled, domainOf: toolDomain });
  await opsRoutes(app, { state, metrics, benchEcho: config.benchEcho });
  if (opts.mcp !== false) await registerMcpRoutes(app, dispatch, { tools, allowedOrigins: [...config.corsOrigins, ...config.mcpAllowedOrigins] });

  app.addHook('onRequest', (req, reply, done) => {
    if (!state.shuttingDown || req.url.startsWith('/health/')) return done();
    reply.header('connection', 'close');
    sendEnvelopeError(
      reply,
      503,
      toolOfRequest(req),
      'busy',
      issue('SHUTTING_DOWN', 'The server is shutting down and takes no new calls', 'Retry against another instance or after the restart.'),
      { 'retry-after': '1' },
    );
  });
  app.addHook('preClose', async () => {
    state.shuttingDown = true;
  });
  app.addHook('onClose', async () => {
    await pool?.close(config.shutdownTimeoutMs);
  });

  try {
    await pool?.ready();
  } catch (err) {
    await pool?.close(0);
    throw err;
  }
  state.ready = true;
  return app as unknown as NeqsimApp;
}
