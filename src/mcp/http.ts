/**
 * MCP over Streamable HTTP at /mcp, stateless: every POST gets a fresh server and transport
 * (sharing one server across concurrent requests fails with "Already connected"), except a plain
 * tools/call of a known tool, which tool-call.ts answers with the same reply without building
 * them (most of MCP's per-call cost over REST). There is no session, so GET (server-to-client
 * stream) and DELETE (end session) answer 405.
 *
 * Identity comes from the request (request.user.sub, set by the OIDC plugin when auth is on), so
 * governance and audit see the same subject as the REST routes.
 */
import { requestTraceContext } from '../telemetry/tool-span.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Dispatch } from '../tools/contract/dispatch-types.js';
import type { AnyTool } from '../tools/contract/types.js';
import { OriginPolicy } from './origin.js';
import { scopesOfUser } from '../tools/contract/governance/api-keys.js';
import type { PlainToolCall } from './tool-call.js';

/**
 * The MCP SDK (and zod under it) is loaded on the first /mcp request, not at start: a REST-only
 * deployment never pays its ≈20 MB of resident memory and its share of the cold start.
 */
type McpModules = {
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
  createMcpServer: typeof import('./server.js').createMcpServer;
  toolNames: typeof import('./server.js').toolNames;
  toolCall: typeof import('./tool-call.js');
};
let mcpModules: Promise<McpModules> | undefined;
function loadMcp(): Promise<McpModules> {
  mcpModules ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server.js'), import('./tool-call.js')]).then(([t, s, c]) => ({
    StreamableHTTPServerTransport: t.StreamableHTTPServerTransport,
    createMcpServer: s.createMcpServer,
    toolNames: s.toolNames,
    toolCall: c,
  }));
  return mcpModules;
}

export const MCP_PATH = '/mcp';

// JSON-RPC over one URL is not a REST operation: keep it out of the OpenAPI document (@fastify/swagger `hide`).
const HIDDEN = { schema: { hide: true } as FastifySchema };

function subjectOf(request: FastifyRequest): string {
  const user = (request as FastifyRequest & { user?: { sub?: unknown } }).user;
  return typeof user?.sub === 'string' && user.sub !== '' ? user.sub : 'anonymous';
}

/** Headers other hooks have set so far (CORS, request id), which reply.hijack() would skip. */
function hijackWithHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | readonly string[]);
  }
  reply.hijack();
}

/**
 * Answers a plain tools/call (see tool-call.ts) as the SDK would: the same call context, the same
 * JSON-RPC reply, and nothing written once the client has gone (the SDK aborts the handler's
 * signal when the connection closes and drops its reply).
 */
async function answerPlainToolCall(request: FastifyRequest, reply: FastifyReply, dispatch: Dispatch, call: PlainToolCall, toolCall: McpModules['toolCall']): Promise<void> {
  hijackWithHeaders(reply);
  const res = reply.raw;
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  let text: string;
  try {
    const result = await dispatch(call.name, call.arguments, {
      subject: subjectOf(request),
      // An API key's scopes hold on the fast path exactly as through the SDK handler.
      scopes: scopesOfUser((request as FastifyRequest & { user?: unknown }).user),
      transport: 'mcp',
      requestId: String(request.id),
      signal: gone.signal,
      traceContext: requestTraceContext(request),
      wantSummary: true,
    });
    text = toolCall.toolCallResponseText(call.id, result, call.protocol);
  } catch (err) {
    request.log.error({ err }, 'MCP tool call failed');
    text = toolCall.toolCallErrorText(call.id, err);
  }
  if (gone.signal.aborted || res.destroyed) return;
  res.writeHead(200, { 'content-length': Buffer.byteLength(text), 'content-type': 'application/json' });
  res.end(text);
}

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export interface McpRouteOptions {
  /** Tools to expose (default: the registry); pass the same list the dispatcher serves. */
  tools?: readonly AnyTool[];
  /**
   * Browser origins allowed besides loopback ones (exact "scheme://host[:port]"). The app passes
   * CORS_ORIGINS and NEQSIM_MCP_ALLOWED_ORIGINS; default: NEQSIM_MCP_ALLOWED_ORIGINS, else none.
   */
  allowedOrigins?: readonly string[];
  /** Answer plain tools/call requests without the SDK (default true; false sends every request through it). */
  plainToolCalls?: boolean;
}

function configuredOrigins(options: McpRouteOptions): OriginPolicy {
  return new OriginPolicy(options.allowedOrigins ?? (process.env.NEQSIM_MCP_ALLOWED_ORIGINS ?? '').split(','));
}

export async function registerMcpRoutes(app: FastifyInstance, dispatch: Dispatch, options: McpRouteOptions = {}): Promise<void> {
  // Origin validation is required by the MCP transport spec (DNS rebinding); REST shares the check.
  const origins = configuredOrigins(options);
  const plainToolCalls = options.plainToolCalls !== false;
  let loaded: McpModules | undefined;
  let known: ReadonlySet<string> | undefined;
  const isKnownTool = (name: string): boolean => known!.has(name);
  app.post(MCP_PATH, HIDDEN, async (request, reply) => {
    if (!origins.allows(request.headers.origin)) {
      return jsonRpcError(reply, 403, -32000, `Origin not allowed: ${request.headers.origin}. Add it to CORS_ORIGINS (or NEQSIM_MCP_ALLOWED_ORIGINS) to allow this browser client.`);
    }
    const mods = loaded ?? (loaded = await loadMcp());
    if (plainToolCalls) {
      known ??= mods.toolNames(options.tools);
      const call = mods.toolCall.plainToolCall(request.body, request.headers, isKnownTool);
      if (call !== undefined) return answerPlainToolCall(request, reply, dispatch, call, mods.toolCall);
    }
    const { StreamableHTTPServerTransport, createMcpServer } = mods;
    const server = createMcpServer(dispatch, {
      transport: 'mcp',
      subject: subjectOf(request),
      scopes: scopesOfUser((request as FastifyRequest & { user?: unknown }).user),
      requestId: String(request.id),
      ...(options.tools ? { tools: options.tools } : {}),
      traceContext: requestTraceContext(request),
    });
    // JSON responses: every tool call is request/response, so no SSE stream has to stay open.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });

    // The transport writes to the raw response; hijack so Fastify does not send a second reply.
    hijackWithHeaders(reply);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
      }
    }
  });

  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    jsonRpcError(reply.header('allow', 'POST'), 405, -32000, 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC requests with POST.');
  app.get(MCP_PATH, HIDDEN, methodNotAllowed);
  app.delete(MCP_PATH, HIDDEN, methodNotAllowed);
}
