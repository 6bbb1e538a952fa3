/**
 * Calls to other MCP servers (composeMultiServerWorkflow) with the official SDK client over
 * Streamable HTTP. It lives in the MCP layer (tools do not import the SDK); the app and the stdio
 * entry hand it to the tool with installRemoteClient(). One client per
 * server per workflow run, connected on first use and closed when the run ends. Redirects are
 * refused (an allow-listed URL must not forward the call elsewhere). The SDK is imported on first
 * use, like the server side (src/mcp/http.ts), so a deployment that never federates never loads it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

const CLIENT_VERSION = '1.0';

import { credentialHeaders, useRemoteSessions, type RemoteOutcome, type RemoteSession } from '../tools/platform/composeMultiServerWorkflow/config.js';

type Sdk = {
  Client: typeof import('@modelcontextprotocol/sdk/client/index.js').Client;
  StreamableHTTPClientTransport: typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js').StreamableHTTPClientTransport;
};
let sdk: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/streamableHttp.js')]).then(([c, t]) => ({
    Client: c.Client,
    StreamableHTTPClientTransport: t.StreamableHTTPClientTransport,
  }));
  return sdk;
}

/** The envelope a tool result carries: structuredContent, else the first text item parsed as JSON, else the text. */
export function responseOf(result: { structuredContent?: unknown; content?: unknown; isError?: unknown }): Record<string, unknown> {
  if (result.structuredContent !== null && typeof result.structuredContent === 'object') return result.structuredContent as Record<string, unknown>;
  const first = Array.isArray(result.content) ? (result.content as { type?: string; text?: unknown }[]).find((c) => c.type === 'text') : undefined;
  const text = typeof first?.text === 'string' ? first.text : '';
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* plain text: kept as such */
  }
  return { text };
}

function failureOf(err: unknown, server: string, timeoutMs: number): NonNullable<RemoteOutcome['failure']> {
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  // McpError RequestTimeout is -32001; an aborted fetch is a timeout of ours as well.
  if (e.code === -32001 || e.name === 'AbortError' || /timed? ?out/i.test(message)) {
    return { code: 'REMOTE_TIMEOUT', message: `${server} did not answer within ${timeoutMs} ms` };
  }
  if (typeof e.code === 'number') return { code: 'REMOTE_PROTOCOL_ERROR', message: `${server} answered with MCP error ${e.code}: ${message}` };
  return { code: 'REMOTE_UNREACHABLE', message: `${server} could not be reached: ${message}` };
}

export class RemoteSessions implements RemoteSession {
  private readonly clients = new Map<string, Promise<Client>>();
  /**
   * A real AbortSignal for the SDK, aborted when the call's signal is: the dispatcher may hand a
   * minimal one (the REST caller-gone signal has only aborted and the listener methods).
   */
  private readonly controller = new AbortController();
  private readonly signal = this.controller.signal;
  private readonly unlink: () => void;

  constructor(callSignal?: AbortSignal) {
    const abort = () => this.controller.abort();
    if (callSignal?.aborted === true) abort();
    callSignal?.addEventListener('abort', abort);
    this.unlink = () => callSignal?.removeEventListener('abort', abort);
  }

  private client(server: string, timeoutMs: number): Promise<Client> {
    let c = this.clients.get(server);
    if (c === undefined) {
      c = (async () => {
        const { Client, StreamableHTTPClientTransport } = await loadSdk();
        const client = new Client({ name: 'neqsim-ts-composeMultiServerWorkflow', version: CLIENT_VERSION });
        const transport = new StreamableHTTPClientTransport(new URL(server), { requestInit: { redirect: 'error', headers: credentialHeaders(server) } });
        await client.connect(transport, { timeout: timeoutMs, signal: this.signal });
        return client;
      })();
      // A failed connection is not cached: a later step to the same server tries again.
      c.catch(() => this.clients.delete(server));
      this.clients.set(server, c);
    }
    return c;
  }

  /** Calls `tool` on `server`; never throws. The timeout covers connecting and the call. */
  async call(server: string, tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<RemoteOutcome> {
    const deadline = Date.now() + timeoutMs;
    try {
      const client = await this.client(server, timeoutMs);
      const left = Math.max(1, deadline - Date.now());
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: left,
        signal: this.signal,
      });
      const response = responseOf(result as { structuredContent?: unknown; content?: unknown; isError?: unknown });
      const status = response.status;
      const ok = result.isError !== true && (status === undefined || status === 'success');
      return { ok, response };
    } catch (err) {
      return { ok: false, response: {}, failure: failureOf(err, server, timeoutMs) };
    }
  }

  /** The tools a server offers (name and description). */
  async listTools(server: string, timeoutMs: number): ReturnType<RemoteSession['listTools']> {
    try {
      const client = await this.client(server, timeoutMs);
      const r = await client.listTools(undefined, { timeout: timeoutMs, signal: this.signal });
      return { tools: r.tools.map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description.slice(0, 300) } : {}) })) };
    } catch (err) {
      return { failure: failureOf(err, server, timeoutMs) };
    }
  }

  async close(): Promise<void> {
    this.unlink();
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.then((client) => client.close(), () => undefined).catch(() => undefined)));
  }
}

/** Gives composeMultiServerWorkflow this client (called by the app and the stdio entry). */
export function installRemoteClient(): void {
  useRemoteSessions((signal) => new RemoteSessions(signal));
}
