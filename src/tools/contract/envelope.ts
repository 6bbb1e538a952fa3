/**
 * The response envelope of the NeqSim MCP Tool Contract v1 and the helpers every tool uses
 * to build it. One shape on every surface (REST body, MCP structuredContent, runTool()).
 */

export const API_VERSION = '1.0' as const;

export type EnvelopeStatus = 'success' | 'error' | 'blocked' | 'approval_required';

/** The contract's machine-readable warning codes (seed 000, "Warning taxonomy"). */
export const WARNING_CODES = {
  MODEL_LIMITATION: 'INFO',
  EXTRAPOLATION: 'WARNING',
  MISSING_REFERENCE_DATA: 'WARNING',
  TWO_PHASE_UNCERTAINTY: 'CAUTION',
  NEAR_CRITICAL: 'CAUTION',
  CONVERGENCE_WARNING: 'WARNING',
  COMPOSITION_NORMALIZED: 'INFO',
  HYDRATE_APPROXIMATE: 'INFO',
  /**
   * Not in the contract's table (none of its codes fits): a variant spelling of an enumerated input
   * value ("ISO 6976", "tp") was read as the canonical one. The contract asks for its codes "where
   * a machine-readable code is available"; this one is informational.
   */
  INPUT_NORMALIZED: 'INFO',
} as const;
export type WarningCode = keyof typeof WARNING_CODES;
export type WarningSeverity = (typeof WARNING_CODES)[WarningCode];

export interface Warning {
  code: WarningCode;
  severity: WarningSeverity;
  message: string;
}

/** A structured error or validation finding with a fix hint (seed 001 DiagnosticIssue). */
export interface DiagnosticIssue {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  fix: string;
  /** JSON pointer / dotted path of the offending input field, when there is one. */
  field?: string;
}

export interface ProvenanceInput {
  model?: string;
  flashType?: string;
  calculationType: string;
  convergence: { converged: boolean; iterations: number; message?: string };
  assumptions: string[];
  limitations: string[];
  computationTimeMs: number;
  [extra: string]: unknown;
}

export interface Provenance extends ProvenanceInput {
  engine: 'neqsim-ts';
}

export interface ValidationBlock {
  valid: boolean;
  phase: string;
  message: string;
  [extra: string]: unknown;
}

export interface QualityGate {
  verdict: 'passed' | 'warning' | 'failed' | 'blocked' | 'approved';
  summary: string;
  engineeringReviewRequired: boolean;
}

export interface AutoValidation {
  overall: 'PASS' | 'WARNING' | 'FAIL';
  checks: { rule: string; status: 'PASS' | 'WARNING' | 'FAIL'; message: string }[];
  timestamp: string;
  /** The validation rule set applied, when not `default`. */
  ruleSet?: string;
}

export interface Envelope<D = unknown> {
  apiVersion: typeof API_VERSION;
  status: EnvelopeStatus;
  tool: string;
  data?: D;
  provenance?: Provenance;
  validation?: ValidationBlock;
  qualityGate?: QualityGate;
  warnings: Warning[];
  errors?: DiagnosticIssue[];
  autoValidation?: AutoValidation;
  /** Legacy top-level fields (flash, fluid, process, …) kept where the seeds show them. */
  [legacy: string]: unknown;
}

export function warning(code: WarningCode, message: string): Warning {
  return { code, severity: WARNING_CODES[code], message };
}

export function issue(code: string, message: string, fix: string, field?: string): DiagnosticIssue {
  return field === undefined
    ? { severity: 'error', code, message, fix }
    : { severity: 'error', code, message, fix, field };
}

export interface SuccessOptions<D> {
  tool: string;
  data: D;
  provenance: ProvenanceInput;
  warnings?: Warning[];
  validationPhase?: string;
  validationMessage?: string;
  /** Legacy top-level fields to copy next to data (e.g. flash, fluid). */
  legacy?: Record<string, unknown>;
  engineeringReviewRequired?: boolean;
}

export function success<D>(o: SuccessOptions<D>): Envelope<D> {
  const warnings = o.warnings ?? [];
  const cautious = warnings.some((w) => w.severity !== 'INFO');
  return {
    apiVersion: API_VERSION,
    status: 'success',
    tool: o.tool,
    data: o.data,
    ...(o.legacy ?? {}),
    provenance: { engine: 'neqsim-ts', ...o.provenance },
    validation: {
      valid: true,
      phase: o.validationPhase ?? 'runner',
      message: o.validationMessage ?? 'Runner input checks completed',
    },
    qualityGate: {
      verdict: cautious ? 'warning' : 'passed',
      summary: cautious ? 'Calculation completed with warnings' : 'Calculation completed',
      engineeringReviewRequired: o.engineeringReviewRequired ?? true,
    },
    warnings,
  };
}

/**
 * Error envelope. `kind` decides the HTTP status (see httpStatusFor): 'input' = 400 (shape/schema),
 * 'compute' = 422 (valid shape, not computable), 'not_found' = 404 (a server-side object of the
 * caller — a session — that does not exist, or belongs to someone else), 'rate_limited' = 429
 * (request rate or a quota), the rest map one to one.
 */
export type ErrorKind = 'input' | 'compute' | 'not_found' | 'auth' | 'too_large' | 'rate_limited' | 'busy' | 'timeout' | 'internal';

export function failure(tool: string, kind: ErrorKind, errors: DiagnosticIssue[], phase = 'input', warnings: Warning[] = []): Envelope<never> {
  const message = errors.map((e) => e.message).join('; ') || 'Tool failed';
  return {
    apiVersion: API_VERSION,
    status: 'error',
    tool,
    errorKind: kind,
    validation: { valid: false, phase, message },
    qualityGate: { verdict: 'failed', summary: message, engineeringReviewRequired: true },
    warnings,
    errors,
  };
}

/** The HTTP status of an envelope, per spec/service.md. */
export function httpStatusFor(env: Envelope): number {
  switch (env.status) {
    case 'success':
      return 200;
    case 'blocked':
    case 'approval_required':
      return 403;
    case 'error':
      switch (env.errorKind as ErrorKind | undefined) {
        case 'input':
          return 400;
        case 'not_found':
          return 404;
        case 'auth':
          return 401;
        case 'too_large':
          return 413;
        case 'rate_limited':
          return 429;
        case 'busy':
          return 503;
        case 'timeout':
          return 504;
        case 'internal':
          return 500;
        case 'compute':
        default:
          return 422;
      }
  }
}

/**
 * Success envelope of a lookup (catalog, policy, discovery): nothing was iterated, so convergence
 * is trivially true, and the answer is not an engineering result that needs review.
 */
export function lookupSuccess<D>(tool: string, calculationType: string, data: D, startedAt: number, phase: string, message: string): Envelope<D> {
  return success({
    tool,
    data,
    provenance: {
      calculationType,
      convergence: { converged: true, iterations: 0 },
      assumptions: [],
      limitations: [],
      computationTimeMs: performance.now() - startedAt,
    },
    validationPhase: phase,
    validationMessage: message,
    engineeringReviewRequired: false,
  });
}
