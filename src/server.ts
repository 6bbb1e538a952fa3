/**
 * Entry point of `npm start`: read the configuration, serve, shut down gracefully.
 * Invalid configuration prints the message naming the variable and exits 1.
 */
import { ConfigError, loadConfig, type Config } from './config.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // Worker threads load the tool modules while this thread loads Fastify and the app: on two
  // cores the overlap takes a large share off the time to ready.
  const { PiscinaToolPool } = await import('./http/pool.js');
  const toolPool = new PiscinaToolPool({ ...config.pool, onError: (err) => process.stderr.write(`worker pool error: ${String(err)}\n`) });
  // Loaded after the configuration is known to be valid, so a bad variable fails fast.
  const { startServer } = await import('./http/lifecycle.js');
  const logger = { level: config.logLevel };
  const server = await startServer(config, { logger, toolPool });
  // A stray rejection is a bug to log, not a reason to drop every in-flight call.
  process.on('unhandledRejection', (reason) => server.app.log.error({ err: reason }, 'unhandled promise rejection'));
  server.app.log.info(
  {
    url: server.url,
    profile: config.profile,
    threads: config.pool,
    ...(config.otel.enabled ? { tracing: { endpoint: config.otel.endpoint ?? '(OTel default)', protocol: config.otel.protocol, sampler: config.otel.sampler, ratio: config.otel.samplerRatio } } : {}),
  },
  'neqsim-ts ready',
);
  await server.stopped;
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`neqsim-ts failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
