/**
 * Whose server-side state a call may see (manageSession's sessions, streamSimulation's
 * operations): the authenticated subject, or without authentication the `ownerId` the caller
 * sends (default "anonymous"). The two live in separate namespaces, so an unauthenticated caller
 * who sends a subject as its ownerId cannot reach that subject's state.
 */
import type { ToolContext } from '../../contract/types.js';

export interface Owner {
  /** Compared for access. */
  key: string;
  /** Shown back to the caller. */
  label: string;
}

export function ownerOf(ownerId: string | undefined, ctx: Pick<ToolContext, 'subject'>): Owner {
  if (ctx.subject !== 'anonymous') return { key: `subject:${ctx.subject}`, label: ctx.subject };
  const label = ownerId ?? 'anonymous';
  return { key: `owner:${label}`, label };
}
