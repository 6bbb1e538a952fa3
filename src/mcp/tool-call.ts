/**
 * tools/call over Streamable HTTP without the SDK's per-request machinery (issue 25: MCP per-call
 * overhead over REST ≤ 0.3 ms). Stateless MCP over HTTP built an SDK Server, registered its
 * handlers, built a transport, converted the Node request to a web Request and the reply back, and
 * ran zod over the message, the params and the result, for every call: about 1 ms against REST's
 * route. A plain tools/call of a known tool (one message, only `name` and `arguments`, headers the
 * transport would accept) is answered here instead, with the same reply: the same CallToolResult
 * (toolCallResult, which the SDK handler in server.ts uses too), the same JSON-RPC framing, the
 * envelope spliced in as the dispatcher serialized it; for a pool call the worker thread writes
 * the summary too, so the main thread never parses the envelope. Anything else (initialize, lists, batches,
 * _meta or task params, unknown tools, a header the transport refuses) goes to the SDK, which
 * then also produces every protocol error.
 *
 * Loaded with the SDK (src/mcp/http.ts loads both on the first /mcp request).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { DispatchResult } from '../tools/contract/dispatch-types.js';
import { summaryHead, summaryText } from '../tools/contract/summary.js';

/**
 * structuredContent came with protocol 2025-06-18. The specification asks a tool that returns it to
 * also return the serialized JSON as text "for backwards compatibility": clients that negotiated
 * an older protocol read only `content`, so they get the envelope as JSON text; newer ones get a
 * short summary beside structuredContent instead of the same envelope a second time.
 */
const STRUCTURED_CONTENT_SINCE = '2025-06-18';
/** What the Streamable HTTP transport assumes when a request carries no MCP-Protocol-Version header. */
export const HTTP_DEFAULT_PROTOCOL = '2025-03-26';

export function readsStructuredContent(protocolVersion: string): boolean {
  // Protocol versions are ISO dates, so string order is date order.
  return protocolVersion >= STRUCTURED_CONTENT_SINCE;
}

/** Status and summary head: from the worker when it wrote them, else read from the envelope. */
function summaryOf(result: DispatchResult): { status: string; head: string } {
  if (result.summary !== undefined) return result.summary;
  const env = result.envelope;
  return { status: env.status, head: summaryHead(env) };
}

/** The content blocks of a tool call's result for a client on this protocol version. */
function contentFor(head: string, result: DispatchResult, protocol: string): CallToolResult['content'] {
  return readsStructuredContent(protocol)
    ? [{ type: 'text', text: summaryText(head, 'structured') }]
    : [{ type: 'text', text: summaryText(head, 'text') }, { type: 'text', text: result.body }];
}

/** The CallToolResult of a dispatched call: the envelope as structuredContent, a summary as text. */
export function toolCallResult(result: DispatchResult, protocol: string): CallToolResult {
  const { status, head } = summaryOf(result);
  return {
    content: contentFor(head, result, protocol),
    structuredContent: result.envelope as unknown as Record<string, unknown>,
    isError: status !== 'success',
  };
}

/**
 * The JSON-RPC response text the SDK would write for toolCallResult (its key order: result,
 * jsonrpc, id; inside the result: content, structuredContent, isError), with the envelope text
 * the dispatcher already serialized spliced in rather than serialized a second time.
 */
export function toolCallResponseText(id: string | number, result: DispatchResult, protocol: string): string {
  const { status, head } = summaryOf(result);
  return `{"result":{"content":${JSON.stringify(contentFor(head, result, protocol))},"structuredContent":${result.body},"isError":${status !== 'success'}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** The JSON-RPC error response the SDK's Protocol writes when a request handler throws. */
export function toolCallErrorText(id: string | number, err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const error = {
    code: Number.isSafeInteger(e.code) ? e.code : -32603,
    message: e.message ?? 'Internal error',
    ...(e.data !== undefined ? { data: e.data } : {}),
  };
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}

export interface PlainToolCall {
  id: string | number;
  name: string;
  arguments: Record<string, unknown>;
  /** The protocol version the reply is built for (header, else the transport's default). */
  protocol: string;
}

type Headers = Record<string, string | string[] | undefined>;

function single(headers: Headers, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

const JSONRPC_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The call when this POST is a plain tools/call of a known tool that the SDK would accept and
 * dispatch as is; undefined otherwise (the SDK path then answers it, errors included). Mirrors
 * the transport's checks (Accept with both types, JSON content type, a supported or absent
 * protocol version header) and the SDK schemas a plain call passes (strict JSON-RPC request,
 * id a string or an integer, name a string, arguments an object).
 */
export function plainToolCall(body: unknown, headers: Headers, isKnownTool: (name: string) => boolean): PlainToolCall | undefined {
  if (!isPlainObject(body) || body.method !== 'tools/call' || body.jsonrpc !== '2.0') return undefined;
  for (const key in body) if (!JSONRPC_KEYS.has(key)) return undefined;
  const id = body.id;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  const params = body.params;
  if (!isPlainObject(params)) return undefined;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return undefined;
  const name = params.name;
  const args = params.arguments;
  if (typeof name !== 'string' || !isKnownTool(name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;

  const accept = single(headers, 'accept');
  if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!isJsonContentType(single(headers, 'content-type'))) return undefined;
  const version = single(headers, 'mcp-protocol-version');
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  return { id: id as string | number, name, arguments: args ?? {}, protocol: version ?? HTTP_DEFAULT_PROTOCOL };
}
