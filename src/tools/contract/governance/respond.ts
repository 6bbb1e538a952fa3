/** Envelope helpers for the governance tools (policy answers, no computation to converge). */
import { lookupSuccess, type Envelope } from '../envelope.js';

export function policySuccess<D>(tool: string, calculationType: string, data: D, startedAt: number, message = 'Policy lookup completed'): Envelope<D> {
  return lookupSuccess(tool, calculationType, data, startedAt, 'policy', message);
}
