/** Envelope helpers shared by the discovery tools (no computation, so no convergence to report). */
import { lookupSuccess, type Envelope } from '../envelope.js';

export function discoverySuccess<D>(tool: string, calculationType: string, data: D, startedAt: number): Envelope<D> {
  return lookupSuccess(tool, calculationType, data, startedAt, 'discovery', 'Catalog lookup completed');
}

/** Short "a, b, c (+N more)" list for fix hints, so a hint stays readable with many tools. */
export function listForHint(items: readonly string[], max = 40): string {
  if (items.length === 0) return '(none)';
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}
