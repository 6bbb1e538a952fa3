/**
 * Access policy hook on the dispatch path. Called once per tool call, before any work, for
 * REST, MCP and runTool() alike. Returns null when the call may proceed, otherwise the
 * contract's `blocked` or `approval_required` envelope.
 *
 * Initial version: the default DESKTOP_ENGINEER profile (everything allowed, no approval gate).
 * The governance module extends this with the other profiles and one-shot approvals.
 */
import type { Envelope } from '../envelope.js';

export function checkAccess(_toolName: string, _subject: string): Envelope | null {
  return null;
}

export function activeProfile(): string {
  return 'DESKTOP_ENGINEER';
}
