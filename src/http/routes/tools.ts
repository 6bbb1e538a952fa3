/**
 * One typed route per registered tool (POST /v1/tools/{name}, operationId = tool name) and the
 * catalogue (GET /v1/tools). Bodies are validated by the dispatcher (executeTool), not by Ajv, so
 * every surface reports the same SCHEMA_VALIDATION errors; responses go out as the already
 * serialized envelope string.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requestTraceContext } from '../../telemetry/tool-span.js';
import type { Dispatch } from '../../tools/contract/dispatch-types.js';
import { envelopeSchema } from '../../tools/contract/catalog/envelope-schema.js';
import { inputJsonSchema, outputJsonSchema } from '../../tools/contract/catalog/schemas.js';
import { API_VERSION } from '../../tools/contract/envelope.js';
import type { AnyTool, ToolDomain } from '../../tools/contract/types.js';
import { scopesOfUser, toolsInScope } from '../../tools/contract/governance/api-keys.js';
import { CatalogueSchema, errorRef, toolResponses } from '../schemas.js';

export interface ToolRoutesOptions {
  tools: readonly AnyTool[];
  dispatch: Dispatch;
  /** Forward the W3C trace context into worker threads (only when tracing is on). */
  propagateTrace: boolean;
  /** Engineering domain of a tool (the OpenAPI tag); a tool without one is tagged "platform". */
  domainOf?: (name: string) => ToolDomain | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Caller identity set by the auth plugin (request.user from @fastify/jwt), else anonymous. */
export function subjectOf(req: FastifyRequest): string {
  const user = (req as unknown as { user?: { sub?: unknown } }).user;
  return typeof user?.sub === 'string' && user.sub !== '' ? user.sub : 'anonymous';
}

function summaryOf(description: string): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(description)?.[1] ?? description;
  return first.length > 120 ? `${first.slice(0, 117)}…` : first;
}

export function toolPath(name: string): string {
  return `/v1/tools/${name}`;
}

export function buildCatalogue(tools: readonly AnyTool[]): string {
  return JSON.stringify({
    apiVersion: API_VERSION,
    count: tools.length,
    tools: tools.map((t) => ({
      name: t.name,
      tier: t.tier,
      category: t.category,
      since: t.since,
      description: t.description,
      execution: t.execution,
      path: toolPath(t.name),
      inputSchema: inputJsonSchema(t),
      outputSchema: outputJsonSchema(t),
    })),
  });
}

/**
 * The caller-gone signal of one REST call: aborted when the connection closes before the response
 * was written, so the dispatcher cancels the pool task (or an inline tool stops at its next check)
 * instead of computing for nobody. A minimal AbortSignal (the dispatcher and tools use `aborted`,
 * addEventListener and removeEventListener only): a real AbortController per request costs the
 * hot path more than this.
 */
class CallerGone {
  aborted = false;
  private listener: (() => void) | undefined;
  addEventListener(_type: 'abort', fn: () => void): void {
    this.listener = fn;
  }
  removeEventListener(): void {
    this.listener = undefined;
  }
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.listener?.();
  }
}

/** Where a response keeps its call's CallerGone, so one shared 'close' listener serves every request. */
const GONE = Symbol('callerGone');
type TrackedResponse = ServerResponse & { [GONE]?: CallerGone };

/** The response closed: before it was written, the caller went away (no closure per request). */
function onResponseClose(this: TrackedResponse): void {
  if (!this.writableFinished) this[GONE]?.abort();
}

// Validation and serialization happen in the dispatcher; Fastify only documents the schemas.
const acceptAll = () => () => true;
const passThrough = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

export async function toolRoutes(app: FastifyInstance, opts: ToolRoutesOptions): Promise<void> {
  for (const tool of opts.tools) {
    app.route({
      method: 'POST',
      url: toolPath(tool.name),
      schema: {
        operationId: tool.name,
        summary: summaryOf(tool.description),
        description: tool.description,
        tags: [opts.domainOf?.(tool.name) ?? 'platform'],
        body: tool.input,
        response: toolResponses(envelopeSchema(tool.name, tool.output)),
      },
      config: { toolName: tool.name },
      validatorCompiler: acceptAll,
      serializerCompiler: passThrough,
      handler: async (req, reply) => {
        const gone = new CallerGone();
        const res = reply.raw as TrackedResponse;
        res[GONE] = gone;
        res.on('close', onResponseClose);
        const r = await opts.dispatch(tool.name, req.body, {
          subject: subjectOf(req),
          transport: 'rest',
          scopes: scopesOfUser((req as unknown as { user?: unknown }).user),
          requestId: String(req.id),
          traceContext: opts.propagateTrace === true ? requestTraceContext(req) : undefined,
          signal: gone as unknown as AbortSignal,
        });
        reply.code(r.httpStatus).header('content-type', JSON_TYPE);
        if (r.retryAfter !== undefined) reply.header('retry-after', String(r.retryAfter));
        if (r.operationId !== undefined) reply.header('x-operation-id', r.operationId);
        return reply.send(r.body);
      },
    });
  }

  // Built on the first request, not at start (issue 25: cold start; it holds every tool's JSON Schema).
  let catalogue: string | undefined;
  // An API key sees the tools its scopes allow (as MCP tools/list does); one text per scope set.
  const scopedCatalogues = new Map<string, string>();
  const catalogueFor = (scopes: string[] | undefined): string => {
    if (scopes === undefined) return (catalogue ??= buildCatalogue(opts.tools));
    const key = [...new Set(scopes)].sort().join('\n');
    let text = scopedCatalogues.get(key);
    if (text === undefined) {
      text = buildCatalogue(toolsInScope(opts.tools, scopes));
      // Scope sets come from keys an admin made: few, but the map is bounded all the same.
      if (scopedCatalogues.size >= 64) scopedCatalogues.clear();
      scopedCatalogues.set(key, text);
    }
    return text;
  };
  app.get(
    '/v1/tools',
    {
      schema: {
        operationId: 'listTools',
        summary: 'The tool catalogue',
        description: 'Every registered tool with tier, category, contract version, description, REST path and input/output JSON Schema; a caller with an API key sees the tools its scopes allow.',
        tags: ['catalogue'],
        response: {
          200: CatalogueSchema,
          401: errorRef('Authentication is on and the bearer token is missing or invalid'),
          405: errorRef('Wrong method: the catalogue is served with GET'),
          429: errorRef('Rate limit exceeded', { 'retry-after': Type.Integer({ description: 'seconds to wait before retrying' }) }),
          503: errorRef('The server is shutting down (SHUTTING_DOWN)', { 'retry-after': Type.Integer({ description: 'seconds to wait before retrying' }) }),
        },
      },
      serializerCompiler: passThrough,
    },
    async (req, reply) => reply.header('content-type', JSON_TYPE).send(catalogueFor(scopesOfUser((req as unknown as { user?: unknown }).user))),
  );
}
