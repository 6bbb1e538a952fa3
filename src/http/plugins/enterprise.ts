/**
 * Enterprise features, registered by the app before the routes: governance and state-store
 * settings from the config, then OpenTelemetry, OIDC bearer auth and the per-identity rate
 * limit. Tracing and auth are off unless configured (AUTH_MODE=oidc, OTEL_* or
 * SERVICE_PROFILE=enterprise, which turns both on); see src/config.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from '../../config.js';
import { configureGovernance } from '../../tools/contract/governance/policy.js';
import { configureStateStore, localStateStore } from '../../tools/process/state/config.js';
import { sharedBackend } from '../../tools/contract/shared-state/backend.js';
import { configureApiKeyStore, setApiKeysEnforced } from '../../tools/contract/governance/api-keys.js';
import { apiKeyStoreOf } from '../../tools/contract/shared-state/api-keys.js';
import { configureFederation } from '../../tools/platform/composeMultiServerWorkflow/config.js';
import { installRemoteClient } from '../../mcp/remote-client.js';

export function authEnabled(config: Pick<Config, 'auth' | 'serviceProfile'>): boolean {
  return config.auth.mode === 'oidc' || config.serviceProfile === 'enterprise';
}

export async function registerEnterprise(app: FastifyInstance, config: Config): Promise<void> {
  configureGovernance({ profile: config.profile, ...(config.adminToken !== undefined ? { adminToken: config.adminToken } : {}) });
  configureStateStore({ dir: config.stateDir, allowExternal: config.allowExternalStateDir, keepPerName: config.stateKeepPerName });
  // After governance: the shared profile is seeded from the configured one.
  // Loaded only with REDIS_URL: the distributed sweeps and batch fan-out it installs import
  // runBatch, runParametricStudy and the engine, which a single server loads on first use (issue 25).
  if (config.redis !== undefined) await (await import('./shared-state.js')).registerSharedState(app, config.redis, { keepPerName: config.stateKeepPerName, concurrency: config.pool.maxThreads * config.pool.concurrentTasksPerWorker });

  const keys = config.apiKeys ?? { enabled: false, store: 'file' as const };
  // redis: the backend registerSharedState connected above (it already waited for it).
  configureApiKeyStore(await apiKeyStoreOf(keys.store, { stateDir: () => localStateStore().storageDir(), ...(config.redis !== undefined ? { redis: config.redis } : {}) }));
  setApiKeysEnforced(keys.enabled);
  configureFederation({ allowedServers: config.remoteMcpServers ?? [], credentials: config.remoteMcpCredentials ?? {} });
  installRemoteClient();

  if (config.otel.enabled) {
    // Loaded only when tracing is on: the OpenTelemetry SDK takes ~2 s to import and would dominate cold start.
    const { registerOtel } = await import('./otel.js');
    const o = config.otel;
    await registerOtel(app, {
      serviceName: o.serviceName,
      protocol: o.protocol,
      compression: o.compression,
      timeoutMs: o.timeoutMs,
      sampler: o.sampler,
      ...(o.samplerRatio !== undefined ? { samplerRatio: o.samplerRatio } : {}),
      ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
      ...(o.headers !== undefined ? { headers: o.headers } : {}),
    });
  }

  if (keys.enabled) {
    // Before the bearer-token hook: a request with a valid key is then left alone by it.
    const [{ DEFAULT_OPEN_PATHS }, { registerApiKeyAuth }] = await Promise.all([import('./open-paths.js'), import('./api-key-auth.js')]);
    await registerApiKeyAuth(app, { oidc: authEnabled(config), openPaths: config.auth.openPaths ?? DEFAULT_OPEN_PATHS });
  }

  if (authEnabled(config)) {
    const { issuer, audience, jwksUrl } = config.auth;
    if (issuer === undefined) throw new ConfigError('OIDC_ISSUER', 'is required when authentication is on (AUTH_MODE=oidc or SERVICE_PROFILE=enterprise)');
    if (audience === undefined) throw new ConfigError('OIDC_AUDIENCE', 'is required when authentication is on (AUTH_MODE=oidc or SERVICE_PROFILE=enterprise)');
    // Loaded only when auth is on: @fastify/jwt and the JWKS client cost about as much start-up as Fastify itself.
    const { DEFAULT_OPEN_PATHS, registerAuth } = await import('./auth.js');
    await registerAuth(app, { issuer, audience, ...(jwksUrl !== undefined ? { jwksUrl } : {}), openPaths: config.auth.openPaths ?? DEFAULT_OPEN_PATHS });
  }

  if (config.rateLimitPerMinute > 0) {
    const [{ DEFAULT_OPEN_PATHS }, { registerRateLimit }] = await Promise.all([import('./open-paths.js'), import('./rate-limit.js')]);
    const b = sharedBackend();
    await registerRateLimit(app, { perMinute: config.rateLimitPerMinute, openPaths: config.auth.openPaths ?? DEFAULT_OPEN_PATHS, ...(b !== undefined ? { redis: { client: b.redis, prefix: b.prefix } } : {}) });
  }
}
