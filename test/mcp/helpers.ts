/**
 * Shared set-up of the MCP tests: an HTTP server carrying the /mcp routes, and MCP clients over
 * Streamable HTTP and stdio from @modelcontextprotocol/sdk (the real client, so protocol details
 * such as output-schema validation of structuredContent are exercised).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadConfig } from '../../src/config.js';
import { buildApp, type NeqsimApp } from '../../src/http/app.js';
import { MCP_PATH, registerMcpRoutes } from '../../src/mcp/http.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import type { Dispatch } from '../../src/tools/contract/dispatch-types.js';

interface Teardown {
  teardown: (fn: () => unknown) => void;
}

/**
 * The real application from buildApp (error handlers, enterprise plugins, dispatcher) listening
 * on a free port, with /mcp mounted by the app itself or, until the app mounts it, here.
 * The pool is off so pool tools run inline (no worker threads needed for protocol tests).
 */
export async function startRealApp(t: Teardown, env: Record<string, string> = {}): Promise<{ app: NeqsimApp; url: URL }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'neqsim-mcp-'));
  const config = loadConfig({ NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true', ...env });
  const app = await buildApp(config, { pool: false, logger: false });
  if (!app.hasRoute({ method: 'POST', url: MCP_PATH })) await registerMcpRoutes(app, app.dispatch);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await app.close();
    rmSync(stateDir, { recursive: true, force: true });
  });
  return { app, url: new URL(MCP_PATH, address) };
}

/** A Fastify instance with only the MCP routes and an inline dispatcher over the real registry. */
export async function startMcpApp(
  t: Teardown,
  opts: { decorate?: (app: FastifyInstance) => void; dispatch?: Dispatch; allowedOrigins?: string[] } = {},
): Promise<{ app: FastifyInstance; url: URL }> {
  const app = Fastify({ logger: false });
  opts.decorate?.(app);
  await registerMcpRoutes(app, opts.dispatch ?? createDispatcher({ timeoutMs: 60_000 }), {
    ...(opts.allowedOrigins ? { allowedOrigins: opts.allowedOrigins } : {}),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  return { app, url: new URL('/mcp', address) };
}

export async function connectHttp(t: Teardown, url: URL): Promise<Client> {
  const client = new Client({ name: 'neqsim-ts-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  t.teardown(() => client.close());
  return client;
}

/** Spawns the compiled stdio entry (dist/src/mcp/stdio.js) and connects a client to it. */
export async function connectStdio(
  t: Teardown,
  env: Record<string, string> = {},
): Promise<{ client: Client; stderr: () => string; transportErrors: () => string[] }> {
  const entry = resolve(process.cwd(), 'dist/src/mcp/stdio.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const errors: string[] = [];
  const client = new Client({ name: 'neqsim-ts-test', version: '0.0.0' });
  client.onerror = (err) => errors.push(err.message);
  await client.connect(transport);
  t.teardown(() => client.close());
  return { client, stderr: () => stderr, transportErrors: () => [...errors] };
}
