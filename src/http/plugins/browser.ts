/**
 * What a browser may do with the API, and the headers that keep responses out of pages:
 *
 * - Bodies are application/json only (415 otherwise). Fastify also parses text/plain by default,
 *   which any web page can POST cross-site without a CORS preflight; that parser is removed.
 * - State-changing requests (POST, PUT, PATCH, DELETE) carrying a browser Origin must come from a
 *   loopback or listed origin (src/mcp/origin.ts, the check /mcp uses; /mcp answers its own
 *   JSON-RPC error). Reads stay open: they change nothing and without CORS a page cannot read them.
 * - CORS headers only for CORS_ORIGINS (@fastify/cors); unset, there are none.
 * - Every response: nosniff, no framing, no referrer; API responses (everything but the Swagger UI
 *   under /docs) also `cache-control: no-store` (results are per call, and may be private) and a
 *   CSP that forbids all content, since JSON is never meant to render as a page.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import { issue } from '../../tools/contract/envelope.js';
import { OriginPolicy } from '../../mcp/origin.js';
import { MCP_PATH } from '../../mcp/http.js';
import { sendEnvelopeError, toolOfRequest } from '../errors.js';

export interface BrowserOptions {
  /** Origins given CORS headers (CORS_ORIGINS). */
  corsOrigins: readonly string[];
  /** Further origins allowed to call (NEQSIM_MCP_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DOCS_PREFIX = '/docs';

export async function registerBrowserPolicy(app: FastifyInstance, opts: BrowserOptions): Promise<void> {
  app.removeContentTypeParser('text/plain');
  const policy = new OriginPolicy([...opts.corsOrigins, ...opts.allowedOrigins]);

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    const path = req.url.split('?')[0];
    if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('content-security-policy', "frame-ancestors 'none'");
    } else {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      reply.header('cache-control', 'no-store');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && UNSAFE_METHODS.has(req.method) && path !== MCP_PATH && !policy.allows(origin)) {
      sendEnvelopeError(
        reply,
        403,
        toolOfRequest(req),
        'auth',
        issue(
          'ORIGIN_NOT_ALLOWED',
          `Requests from the browser origin ${JSON.stringify(origin.slice(0, 200))} are not allowed`,
          'Call from a loopback origin or a non-browser client, or add the origin to CORS_ORIGINS (comma-separated) on the server.',
        ),
      );
      return;
    }
    done();
  });

  if (opts.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...opts.corsOrigins],
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['content-type', 'authorization', 'x-request-id', 'traceparent', 'tracestate', 'mcp-protocol-version'],
      exposedHeaders: ['retry-after', 'x-operation-id', 'x-request-id'],
      maxAge: 600,
    });
  }
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Records the methods of every fixed path as routes are added, so the not-found handler can tell
 * a wrong method (405 with Allow) from a wrong path (404). Call before any route is registered.
 * Wildcard and parametric paths (the docs assets, the CORS preflight) are not indexed.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] | undefined {
  const byPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.includes('*') || route.url.includes(':')) return;
    let methods = byPath.get(route.url);
    if (methods === undefined) byPath.set(route.url, (methods = new Set()));
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      methods.add(m);
      if (m === 'GET') methods.add('HEAD');
    }
  });
  return (path) => {
    const methods = byPath.get(path);
    return methods === undefined ? undefined : METHOD_ORDER.filter((m) => methods.has(m));
  };
}
