/** Envelope helpers shared by the discovery tools (no computation, so no convergence to report). */
import { success, type Envelope } from '../envelope.js';

export function discoverySuccess<D>(tool: string, calculationType: string, data: D, startedAt: number): Envelope<D> {
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
    validationPhase: 'discovery',
    validationMessage: 'Catalog lookup completed',
    // A catalog read has no engineering result to review.
    engineeringReviewRequired: false,
  });
}

/** Short "a, b, c (+N more)" list for fix hints, so a hint stays readable with many tools. */
export function listForHint(items: readonly string[], max = 40): string {
  if (items.length === 0) return '(none)';
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}
