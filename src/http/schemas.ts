/**
 * OpenAPI-facing schemas of the HTTP surface (documentation only: tool bodies are validated by
 * executeTool and responses are sent pre-serialized). The error envelope is registered once as
 * a shared schema and referenced from every tool route.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { API_VERSION } from '../tools/contract/envelope.js';

export const ERROR_ENVELOPE_ID = 'ErrorEnvelope';

export const ErrorEnvelopeSchema = Type.Object(
  {
    apiVersion: Type.Literal(API_VERSION),
    status: Type.Union([Type.Literal('error'), Type.Literal('blocked'), Type.Literal('approval_required')]),
    tool: Type.String({ description: 'camelCase tool name, or "http" for errors outside a tool route' }),
    errorKind: Type.Optional(Type.String({ description: 'input | compute | not_found | auth | too_large | rate_limited | busy | timeout | internal' })),
    validation: Type.Optional(Type.Object({ valid: Type.Boolean(), phase: Type.String(), message: Type.String() }, { additionalProperties: true })),
    qualityGate: Type.Optional(
      Type.Object({ verdict: Type.String(), summary: Type.String(), engineeringReviewRequired: Type.Boolean() }, { additionalProperties: true }),
    ),
    warnings: Type.Array(Type.Object({ code: Type.String(), severity: Type.String(), message: Type.String() })),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          severity: Type.String(),
          code: Type.String({ description: 'machine-readable code, e.g. SCHEMA_VALIDATION, UNKNOWN_TOOL, POOL_BUSY, TIMEOUT' }),
          message: Type.String(),
          fix: Type.String({ description: 'what to change to make the call succeed' }),
          field: Type.Optional(Type.String({ description: 'JSON pointer of the offending input field' })),
        }),
      ),
    ),
  },
  {
    $id: ERROR_ENVELOPE_ID,
    additionalProperties: true,
    title: 'Error envelope',
    description: 'Contract envelope for error, blocked and approval_required responses; errors[] says what failed and how to fix it.',
  },
);

export function errorRef(description: string, headers?: Record<string, TSchema>): TSchema {
  return Type.Unsafe({ $ref: `${ERROR_ENVELOPE_ID}#`, description, ...(headers ? { headers } : {}) });
}

const RetryAfter = Type.Integer({ description: 'seconds to wait before retrying' });
const OperationId = Type.String({ description: 'operationId of a pool call (see getProgress)' });

/** Response table of a tool route, per spec/service.md. */
export function toolResponses(success: TSchema): Record<number, TSchema> {
  return {
    200: { ...success, description: 'The calculation ran (warnings may be present)', headers: { 'x-operation-id': OperationId } } as TSchema,
    400: errorRef('The body is not JSON or fails the tool schema; errors[].field names the field'),
    401: errorRef('Authentication is on and the bearer token is missing or invalid'),
    403: errorRef('blocked or approval_required: the active profile forbids the tool or it needs a one-shot approval; or a browser origin that is not allowed (ORIGIN_NOT_ALLOWED)'),
    404: errorRef('No such tool, or no such session/object of the caller (another caller\'s answers the same as a missing one)'),
    405: errorRef('Wrong method: tools are called with POST', { allow: Type.String({ description: 'the methods served at this path' }) }),
    413: errorRef('The body is larger than BODY_LIMIT_BYTES'),
    415: errorRef('The body is not application/json'),
    422: errorRef('Valid shape but not computable as asked (unknown component, missing spec, non-convergence)'),
    429: errorRef('Rate limit or quota exceeded (requests per minute, running background operations, sessions)', { 'retry-after': RetryAfter }),
    503: errorRef('The worker pool is full or its expected wait is too long, a worker failed or the server is shutting down; retry after Retry-After seconds', { 'retry-after': RetryAfter }),
    504: errorRef('The tool ran past its time budget and was cancelled', { 'x-operation-id': OperationId }),
  };
}

export const CatalogueEntrySchema = Type.Object({
  name: Type.String(),
  tier: Type.String(),
  category: Type.String(),
  since: Type.String(),
  description: Type.String(),
  execution: Type.String({ description: 'inline (main thread) or pool (worker threads)' }),
  path: Type.String({ description: 'REST route of the tool' }),
  inputSchema: Type.Record(Type.String(), Type.Unknown()),
  outputSchema: Type.Record(Type.String(), Type.Unknown()),
});

export const CatalogueSchema = Type.Object({
  apiVersion: Type.Literal(API_VERSION),
  count: Type.Integer(),
  tools: Type.Array(CatalogueEntrySchema),
});
