/** Envelope helpers for the governance tools (policy answers, no computation to converge). */
import { success, type Envelope } from '../envelope.js';

export function policySuccess<D>(tool: string, calculationType: string, data: D, startedAt: number, message = 'Policy lookup completed'): Envelope<D> {
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
    validationPhase: 'policy',
    validationMessage: message,
    // A policy answer is not an engineering result.
    engineeringReviewRequired: false,
  });
}
