/**
 * The MCP server over the tool registry: tools (input schema = the tool's TypeBox schema, output
 * schema = the envelope), neqsim:// resources and guided prompts. Tool calls go through the same
 * Dispatch as REST, so governance, validation, the worker pool and time limits are shared.
 *
 * The low-level Server is used because McpServer.registerTool wants zod schemas, while our
 * schemas are plain JSON Schema. Build one server per HTTP request (stateless transport); the
 * expensive parts (schema JSON, catalogs) are cached at module level in the catalog modules.
 * A plain tools/call over HTTP skips the server (tool-call.ts) and gets the same result.
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type InitializeRequest,
  type InitializeResult,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallContext, Dispatch } from '../tools/contract/dispatch-types.js';
import { TOOLS } from '../tools/lazy-registry.js';
import type { AnyTool } from '../tools/contract/types.js';
import { availablePrompts, renderPrompt } from '../tools/contract/catalog/prompts.js';
import { concreteResources, readResource, resourceTemplates, staticResources } from '../tools/contract/catalog/resources.js';
import { HTTP_DEFAULT_PROTOCOL, toolCallResult } from './tool-call.js';
import { buildToolList } from './tool-list.js';
import { didYouMeanText } from '../tools/contract/spelling.js';
import { toolsInScope } from '../tools/contract/governance/api-keys.js';

/** JSON-RPC code the MCP specification assigns to "resource not found". */
export const RESOURCE_NOT_FOUND = -32002;
const JSON_MIME = 'application/json';

export interface McpServerOptions {
  transport: 'mcp' | 'stdio';
  /** Caller identity for governance and audit; 'anonymous' when none. */
  subject?: string;
  /** Tool scopes of an API-key caller; undefined = not restricted by a key. */
  scopes?: readonly string[] | undefined;
  /** Request id of the carrying HTTP request, for logs and traces. */
  requestId?: string;
  /** The trace context of the request carrying these MCP calls (parent of their tool spans). */
  traceContext?: unknown;
  /** Tools to expose (default: the registry); must be the set the dispatcher serves. */
  tools?: readonly AnyTool[];
}

/**
 * A JSON-RPC error for the SDK to send. McpError would prefix its own "MCP error <code>:" to the
 * message, which the client then prefixes again; the SDK only reads code, message and data.
 */
function protocolError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined ? { data } : {}) });
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Server version per the contract's scheme {engine-version}-mcp-{contract-version}. */
export const SERVER_VERSION = `${packageVersion()}-mcp-1.0`;

const INSTRUCTIONS =
  'NeqSim tools for thermodynamic and engineering calculations. Start with getCapabilities to see what is ' +
  'implemented, use searchComponents for component names, getExample {"toolName": "runFlash"} for a ready-to-run ' +
  'input and getSchema for a tool\'s full description and input/output schemas (tools/list carries summaries and ' +
  'compact input schemas). Every ' +
  'tool returns the contract envelope (apiVersion, status, tool, data, provenance, validation, qualityGate, warnings); ' +
  'on failure read errors[].fix. Results of engineering calculations require engineering review.';

/**
 * The Server constructor builds an Ajv instance (with formats) unless given one: ~1–2 ms that
 * would be paid on every stateless HTTP request. It is only used for elicitation; share one.
 */
const sharedValidator = new AjvJsonSchemaValidator();

/** tools/list payload (compact; see tool-list.ts); built once per tool list. */
export function mcpToolList(tools: readonly AnyTool[] = TOOLS): Tool[] {
  return buildToolList(tools);
}

/**
 * Remembers the protocol version this server negotiated (stdio: one initialize per process). The
 * SDK keeps it private, so the initialize handler is wrapped; if the SDK ever renames its handler,
 * nothing is remembered and calls fall back to the backwards-compatible text.
 */
function trackNegotiatedVersion(server: Server): () => string | undefined {
  let negotiated: string | undefined;
  const original = (server as unknown as { _oninitialize?: (r: InitializeRequest) => Promise<InitializeResult> })._oninitialize;
  if (typeof original === 'function') {
    server.setRequestHandler(InitializeRequestSchema, async (request) => {
      const result = await original.call(server, request);
      negotiated = result.protocolVersion;
      return result;
    });
  }
  return () => negotiated;
}

function headerValue(headers: Record<string, string | string[] | undefined> | undefined, name: string): string | undefined {
  const v = headers?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Scoped lists kept per tool list (one per distinct scope set, at most SCOPED_LISTS_MAX). */
const scopedLists = new WeakMap<readonly AnyTool[], Map<string, readonly AnyTool[]>>();
const SCOPED_LISTS_MAX = 64;

/**
 * The tools an API key's scopes allow, as the same array for the same scopes, so tools/list is
 * built (compact schemas, pointers between listed tools only) once per scope set, not per request.
 */
export function scopedTools(tools: readonly AnyTool[], scopes: readonly string[] | undefined): readonly AnyTool[] {
  if (scopes === undefined) return tools;
  const key = [...new Set(scopes)].sort().join('\n');
  let lists = scopedLists.get(tools);
  if (lists === undefined) scopedLists.set(tools, (lists = new Map()));
  let list = lists.get(key);
  if (list === undefined) {
    const allowed = toolsInScope(tools, scopes);
    list = allowed.length === tools.length ? tools : allowed;
    if (lists.size >= SCOPED_LISTS_MAX) lists.clear();
    lists.set(key, list);
  }
  return list;
}

/** The names tools/call accepts (the same list createMcpServer serves). */
export function toolNames(tools: readonly AnyTool[] = TOOLS): ReadonlySet<string> {
  return new Set(tools.map((t) => t.name));
}

export function createMcpServer(dispatch: Dispatch, opts: McpServerOptions): Server {
  const server = new Server(
    { name: 'neqsim-ts', version: SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: sharedValidator,
    },
  );
  const subject = opts.subject ?? 'anonymous';
  const tools = opts.tools ?? TOOLS;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const negotiatedVersion = trackNegotiatedVersion(server);

  // A key lists only the tools its scopes allow (calls outside them are refused 403 by the dispatcher).
  const listed = scopedTools(tools, opts.scopes);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolList(listed) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    if (!byName.has(name)) {
      throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${String(name).slice(0, 200)}.${didYouMeanText(String(name), [...byName.keys()])} Call tools/list (or getCapabilities) for the available tools.`);
    }
    const ctx: CallContext = {
      subject,
      transport: opts.transport,
      ...(opts.scopes !== undefined ? { scopes: opts.scopes } : {}),
      requestId: opts.requestId ?? String(extra.requestId),
      signal: extra.signal,
      ...(opts.traceContext !== undefined ? { traceContext: opts.traceContext } : {}),
    };
    const result = await dispatch(name, request.params.arguments ?? {}, ctx);
    // Stateless HTTP: every request carries its version header; stdio: the one negotiated at initialize.
    const protocol = headerValue(extra.requestInfo?.headers, 'mcp-protocol-version') ?? negotiatedVersion() ?? HTTP_DEFAULT_PROTOCOL;
    return toolCallResult(result, protocol);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [...staticResources(), ...concreteResources(tools)].map((r) => ({ ...r, mimeType: JSON_MIME })),
  }));

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: resourceTemplates().map((t) => ({ ...t, mimeType: JSON_MIME })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const read = readResource(tools, uri);
    if (!read) throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    if (!read.ok) throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${read.message}`, { uri });
    return { contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(read.content, null, 2) }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: availablePrompts(tools).map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })),
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const rendered = renderPrompt(tools, request.params.name, request.params.arguments ?? {});
    if (!rendered.ok) throw protocolError(ErrorCode.InvalidParams, rendered.message);
    return {
      description: rendered.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: rendered.text } }],
    };
  });

  return server;
}
