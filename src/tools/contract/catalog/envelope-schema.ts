/**
 * JSON Schema (TypeBox) of the contract's response envelope, parameterised by a tool's `data`
 * schema. It is the tool's "output" schema in the schema catalog and the MCP outputSchema, so it
 * must accept every envelope the dispatcher can produce for that tool: success, error, blocked and
 * approval_required alike (data is only present on success).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { API_VERSION, WARNING_CODES } from '../envelope.js';

export const WarningSchema = Type.Object({
  code: Type.Union(Object.keys(WARNING_CODES).map((c) => Type.Literal(c))),
  severity: Type.Union([Type.Literal('INFO'), Type.Literal('WARNING'), Type.Literal('CAUTION')]),
  message: Type.String(),
});

export const IssueSchema = Type.Object({
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
  code: Type.String(),
  message: Type.String(),
  fix: Type.String(),
  field: Type.Optional(Type.String()),
});

const ProvenanceSchema = Type.Object(
  {
    engine: Type.Literal('neqsim-ts'),
    model: Type.Optional(Type.String()),
    flashType: Type.Optional(Type.String()),
    calculationType: Type.String(),
    convergence: Type.Object(
      { converged: Type.Boolean(), iterations: Type.Number(), message: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    assumptions: Type.Array(Type.String()),
    limitations: Type.Array(Type.String()),
    computationTimeMs: Type.Number(),
  },
  { additionalProperties: true },
);

const ValidationSchema = Type.Object(
  { valid: Type.Boolean(), phase: Type.String(), message: Type.String() },
  { additionalProperties: true },
);

const QualityGateSchema = Type.Object({
  verdict: Type.Union(['passed', 'warning', 'failed', 'blocked', 'approved'].map((v) => Type.Literal(v))),
  summary: Type.String(),
  engineeringReviewRequired: Type.Boolean(),
});

const CheckStatus = Type.Union([Type.Literal('PASS'), Type.Literal('WARNING'), Type.Literal('FAIL')]);
const AutoValidationSchema = Type.Object({
  overall: CheckStatus,
  checks: Type.Array(Type.Object({ rule: Type.String(), status: CheckStatus, message: Type.String() })),
  timestamp: Type.String(),
  ruleSet: Type.Optional(Type.String({ description: 'Validation rule set applied, when not default' })),
});

const Status = {
  success: Type.Literal('success'),
  other: Type.Union([Type.Literal('error'), Type.Literal('blocked'), Type.Literal('approval_required')]),
};

/**
 * The envelope with `data` typed by the tool's output schema on success. Error and policy envelopes
 * (blocked / approval_required carry their own small `data` block) form the second branch.
 * Legacy top-level fields stay allowed.
 */
export function envelopeSchema(toolName: string, data: TSchema): TSchema {
  const shared = {
    apiVersion: Type.Literal(API_VERSION),
    tool: Type.String(),
    provenance: Type.Optional(ProvenanceSchema),
    validation: Type.Optional(ValidationSchema),
    qualityGate: Type.Optional(QualityGateSchema),
    warnings: Type.Array(WarningSchema),
    errors: Type.Optional(Type.Array(IssueSchema)),
    autoValidation: Type.Optional(AutoValidationSchema),
  };
  const successEnvelope = Type.Object(
    { ...shared, status: Status.success, data, provenance: ProvenanceSchema, validation: ValidationSchema, qualityGate: QualityGateSchema },
    { additionalProperties: true },
  );
  const otherEnvelope = Type.Object(
    { ...shared, status: Status.other, data: Type.Optional(Type.Unknown()) },
    { additionalProperties: true },
  );
  return Type.Union([successEnvelope, otherEnvelope], {
    // MCP requires outputSchema.type === 'object' at the top level; it is also true of both branches.
    type: 'object',
    title: `${toolName} response envelope`,
    description: 'NeqSim MCP Tool Contract v1 envelope; `data` holds the payload on success.',
  });
}
