#!/usr/bin/env node
/**
 * MCP over stdin/stdout for desktop agents (`npm run mcp:stdio`, package bin `neqsim-ts-mcp`).
 * Tools run through the same dispatcher as the HTTP server (governance, validation, time budget),
 * inline on this process since a desktop session serves one client. stdout carries only protocol
 * messages; every log line goes to stderr.
 *
 * With AUTH_API_KEYS the session runs as NEQSIM_MCP_API_KEY: checked at start (a bad key stops
 * start-up) and again on every tools/call through the store's lookup (KEY_CACHE_BOUND_MS), so a
 * key revoked or rotated while the session runs is refused from then on with the envelope the
 * HTTP surface gives (401 UNAUTHORIZED; 503 when the key store cannot be read).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDispatcher } from '../tools/dispatcher.js';
import { configureAudit } from '../tools/contract/governance/audit.js';
import { configureGovernance } from '../tools/contract/governance/policy.js';
import { setInternalErrorLogger } from '../tools/contract/execute.js';
import { configureStateStore, localStateStore } from '../tools/process/state/config.js';
import { configureApiKeyStore, setApiKeysEnforced, verifyApiKey } from '../tools/contract/governance/api-keys.js';
import { apiKeyStoreOf } from '../tools/contract/shared-state/api-keys.js';
import { keyGuardedDispatch } from './key-guard.js';
import { configureFederation } from '../tools/platform/composeMultiServerWorkflow/config.js';
import { installRemoteClient } from './remote-client.js';
import { createMcpServer } from './server.js';

const log = (...parts: unknown[]): void => {
  process.stderr.write(`[neqsim-ts-mcp] ${parts.map(String).join(' ')}\n`);
};

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    log(err instanceof ConfigError ? err.message : `Start-up failed: ${(err as Error).message}`);
    process.exit(1);
  }
  // The same governance and state-store settings the HTTP app applies (src/http/plugins/enterprise.ts).
  configureGovernance({ profile: config.profile, ...(config.adminToken ? { adminToken: config.adminToken } : {}) });
  configureStateStore({ dir: config.stateDir, allowExternal: config.allowExternalStateDir });
  // stdout carries the protocol, so the audit log (stdout by default) goes to stderr or its file.
  const auditLog = process.env.NEQSIM_MCP_AUDIT_LOG?.trim();
  configureAudit({ destination: !auditLog || auditLog === 'stdout' ? 'stderr' : auditLog });
  setInternalErrorLogger((tool, err) => log(`internal error in ${tool}:`, err instanceof Error ? err.stack ?? err.message : err));

  configureFederation({ allowedServers: config.remoteMcpServers ?? [], credentials: config.remoteMcpCredentials ?? {} });
  installRemoteClient();
  const keys = config.apiKeys ?? { enabled: false, store: 'file' as const };
  // redis: this process connects to REDIS_URL only for the keys (sessions etc. stay local to a
  // desktop session); with keys enforced it waits for the connection to check NEQSIM_MCP_API_KEY.
  configureApiKeyStore(
    await apiKeyStoreOf(keys.store, { stateDir: () => localStateStore().storageDir(), ...(config.redis !== undefined ? { redis: config.redis } : {}), ...(keys.enabled ? { waitMs: 5_000 } : {}) }),
  );
  setApiKeysEnforced(keys.enabled);
  let subject = process.env.NEQSIM_MCP_SUBJECT?.trim() || 'anonymous';
  let scopes: string[] | undefined;
  if (keys.enabled) {
    // With AUTH_API_KEYS the session runs as the key in NEQSIM_MCP_API_KEY, with its scopes
    // (checked here, and again on every call by keyGuardedDispatch).
    const check = await verifyApiKey(process.env.NEQSIM_MCP_API_KEY?.trim() ?? '').catch((err: unknown) => ({ ok: false as const, reason: `the key store cannot be read: ${(err as Error).message}` }));
    if (!check.ok) {
      log(`AUTH_API_KEYS is on: NEQSIM_MCP_API_KEY must hold a valid key from manageSecurity (${check.reason})`);
      process.exit(1);
    }
    subject = check.principal.subject;
    scopes = check.principal.scopes;
  }

  const inner = createDispatcher({ timeoutMs: config.toolTimeoutMs });
  const dispatch = keys.enabled ? keyGuardedDispatch(inner, process.env.NEQSIM_MCP_API_KEY?.trim() ?? '') : inner;
  const server = createMcpServer(dispatch, { transport: 'stdio', subject, ...(scopes !== undefined ? { scopes } : {}) });
  const transport = new StdioServerTransport();
  server.onerror = (err) => log('protocol error:', err.message);

  const shutdown = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.stdin.on('end', shutdown);

  await server.connect(transport);
  log(`serving MCP on stdio (profile ${config.profile})`);
}

main().catch((err: unknown) => {
  log('fatal:', err instanceof Error ? err.stack ?? err.message : err);
  process.exit(1);
});
