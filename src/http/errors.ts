/**
 * Every error path of the HTTP surface answers with the contract envelope. Framework errors
 * (body too large, malformed JSON, unsupported media type, auth and rate-limit plugins) are
 * mapped to envelope codes; anything unexpected is logged and answered 500 INTERNAL_ERROR
 * without its message or stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, issue, type DiagnosticIssue, type ErrorKind } from '../tools/contract/envelope.js';
import { serializeEnvelope } from '../tools/contract/execute.js';
import { didYouMeanText } from '../tools/contract/spelling.js';

/** Tool name for envelopes on routes that are not a tool route. */
export const HTTP_TOOL = 'http';

export function toolOfRequest(req: FastifyRequest): string {
  const cfg = req.routeOptions?.config as { toolName?: unknown } | undefined;
  return typeof cfg?.toolName === 'string' ? cfg.toolName : HTTP_TOOL;
}

export function sendEnvelopeError(reply: FastifyReply, status: number, tool: string, kind: ErrorKind, problem: DiagnosticIssue, headers: Record<string, string> = {}): FastifyReply {
  const env = failure(tool, kind, [problem], 'http');
  reply.code(status).headers(headers).header('content-type', 'application/json; charset=utf-8');
  return reply.send(serializeEnvelope(env));
}

interface Mapped {
  status: number;
  kind: ErrorKind;
  problem: DiagnosticIssue;
  headers?: Record<string, string>;
}

function mapError(err: FastifyError, bodyLimit: number): Mapped {
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        kind: 'too_large',
        problem: issue('PAYLOAD_TOO_LARGE', `The request body is larger than ${bodyLimit} bytes`, 'Send a smaller body, or split the work into several calls.'),
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        kind: 'input',
        problem: issue('JSON_PARSE_ERROR', 'The request body is not valid JSON', 'Send a JSON object with content-type application/json.'),
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        kind: 'input',
        problem: issue('JSON_PARSE_ERROR', 'The request body is empty but content-type says JSON', 'Send the tool input as a JSON object ({} if it has no required fields).'),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        kind: 'input',
        problem: issue('UNSUPPORTED_MEDIA_TYPE', 'The content-type of the request is not supported', 'Send the body as application/json.'),
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        kind: 'input',
        problem: issue('INVALID_CONTENT_LENGTH', 'content-length does not match the body', 'Send a correct content-length header or none.'),
      };
    case 'NEQSIM_JSON_TOO_DEEP':
      return {
        status: 400,
        kind: 'input',
        problem: issue('INPUT_TOO_DEEP', err.message, 'Flatten the input: no tool input needs more than a dozen levels of objects and arrays.'),
      };
    case 'FST_ERR_VALIDATION':
      return {
        status: 400,
        kind: 'input',
        problem: issue('SCHEMA_VALIDATION', err.message, 'Check the request against the OpenAPI document (GET /openapi.json).'),
      };
    default:
      break;
  }
  if (status === 401) {
    return {
      status,
      kind: 'auth',
      problem: issue('UNAUTHORIZED', 'A valid bearer token is required', 'Send Authorization: Bearer <token> issued by the configured identity provider.'),
      headers: { 'www-authenticate': 'Bearer' },
    };
  }
  if (status === 429) {
    return {
      status,
      kind: 'rate_limited',
      problem: issue('RATE_LIMITED', 'Too many requests', 'Slow down and retry after the time given in Retry-After.'),
    };
  }
  if (status >= 400 && status < 500) {
    return {
      status,
      kind: 'input',
      problem: issue(typeof err.code === 'string' ? err.code.replace(/^FST_ERR_/, '') : 'BAD_REQUEST', err.message, 'Check the request method, path, headers and body.'),
    };
  }
  return {
    status: 500,
    kind: 'internal',
    problem: issue('INTERNAL_ERROR', 'The server failed unexpectedly; this is a bug and has been logged.', 'Retry; if it persists report the request.'),
  };
}

/**
 * @param allowedMethods the methods served at a path (src/http/plugins/browser.ts trackRouteMethods),
 *   so a wrong method answers 405 with Allow rather than 404.
 * @param toolNames the registered tool names, for "did you mean" on an unknown tool route.
 */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number, allowedMethods?: (path: string) => string[] | undefined, toolNames: readonly string[] = []): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const m = mapError(err, bodyLimit);
    if (m.status >= 500) req.log.error({ err }, 'unhandled error');
    else req.log.debug({ err: { code: err.code, message: err.message } }, 'request rejected');
    // Headers set earlier (e.g. Retry-After from the rate limiter) are kept by reply.
    return sendEnvelopeError(reply, m.status, toolOfRequest(req), m.kind, m.problem, m.headers);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = allowedMethods?.(path);
    if (allowed !== undefined && allowed.length > 0 && !allowed.includes(req.method)) {
      const tool = /^\/v1\/tools\/([^/]+)$/.exec(path)?.[1] ?? HTTP_TOOL;
      return sendEnvelopeError(
        reply,
        405,
        tool,
        'input',
        issue('METHOD_NOT_ALLOWED', `${req.method} is not served at ${path.slice(0, 200)}`, `Use ${allowed.join(' or ')} (see GET /openapi.json).`),
        { allow: allowed.join(', ') },
      );
    }
    const toolRoute = /^\/v1\/tools\/([^/?#]+)/.exec(req.url);
    if (toolRoute !== null && req.method === 'POST') {
      const name = decodeURIComponentSafe(toolRoute[1]).slice(0, 200);
      return sendEnvelopeError(
        reply,
        404,
        name,
        'compute',
        issue('UNKNOWN_TOOL', `No tool named "${name}".${didYouMeanText(name, toolNames)}`, 'GET /v1/tools lists the tool names; names are camelCase, e.g. runFlash.'),
      );
    }
    return sendEnvelopeError(
      reply,
      404,
      HTTP_TOOL,
      'input',
      issue('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0].slice(0, 200)}`, 'See GET /openapi.json (or /docs) for the routes.'),
    );
  });
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
