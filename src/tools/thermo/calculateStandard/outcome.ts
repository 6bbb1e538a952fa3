/**
 * What one standard's runner hands back to calculateStandard: the payload pieces plus the
 * warnings and provenance notes that belong in the envelope.
 */
import type { Warning } from '../../contract/envelope.js';

export interface StandardOutcome {
  /** Edition or revision actually applied, e.g. "2016". */
  edition: string;
  /** Reference and operating conditions the numbers refer to (echoed as applied, not as asked). */
  referenceConditions: Record<string, unknown>;
  results: Record<string, unknown>;
  warnings: Warning[];
  assumptions: string[];
  limitations: string[];
  /** Set when the standard iterates (density or discharge-coefficient solve); closed form otherwise. */
  convergence?: { iterations: number; message: string };
}
