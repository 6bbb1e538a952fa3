/**
 * Listening and graceful shutdown. On SIGTERM/SIGINT: readiness goes false, the listener stops
 * taking connections, in-flight calls finish (bounded by SHUTDOWN_TIMEOUT_MS), the pool closes
 * and the process exits 0. A second signal exits at once.
 */
import type { Config } from '../config.js';
import { buildApp, type AppOptions, type NeqsimApp } from './app.js';

export interface RunningServer {
  app: NeqsimApp;
  url: string;
  /** Resolves when the server has shut down (after a signal or stop()). */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(config: Config, opts: AppOptions = {}, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): Promise<RunningServer> {
  const app = await buildApp(config, opts);
  const url = await app.listen({ host: config.host, port: config.port });

  let stopping: Promise<void> | undefined;
  let markStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });

  const stop = (): Promise<void> => {
    if (stopping !== undefined) return stopping;
    app.serviceState.shuttingDown = true;
    app.log.info('shutting down: draining in-flight calls');
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs + 1_000).unref());
    stopping = Promise.race([app.close(), deadline]).then(() => {
      for (const s of signals) process.off(s, onSignal);
      markStopped();
    });
    return stopping;
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping !== undefined) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    app.log.info({ signal }, 'signal received');
    void stop();
  };
  for (const s of signals) process.on(s, onSignal);

  return { app, url, stopped, stop };
}
