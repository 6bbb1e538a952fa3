/**
 * Structured audit log: who did what with which outcome, for every EXECUTION/PLATFORM tool call
 * and every admin action (profile change, approval, refused admin attempt). Written as pino
 * JSON lines to stdout (default), stderr, a file, or nowhere; the last entries are also kept in
 * memory so operators and tests can read them back without parsing the stream.
 */
import pino, { type Logger } from 'pino';

export type AuditEventKind = 'tool_call' | 'admin_action';

export interface AuditEvent {
  event: AuditEventKind;
  subject: string;
  tool: string;
  /** allowed | blocked | approval_required | approval_consumed | success | error | refused | granted | changed … */
  outcome: string;
  profile: string;
  category?: string;
  action?: string;
  detail?: string;
  transport?: string;
}

export interface AuditRecord extends AuditEvent {
  time: string;
}

/** 'stdout' | 'stderr' | 'off' | a file path. The MCP stdio entry must not use 'stdout' (it carries the protocol). */
export type AuditDestination = string;

const MEMORY_LIMIT = 1000;
const memory: AuditRecord[] = [];
let logger: Logger | null | undefined;
let destination: AuditDestination = process.env.NEQSIM_MCP_AUDIT_LOG ?? 'stdout';

function build(dest: AuditDestination): Logger | null {
  if (dest === 'off') return null;
  const base = { name: 'neqsim-audit', base: { log: 'audit' }, timestamp: pino.stdTimeFunctions.isoTime };
  if (dest === 'stdout') return pino(base, pino.destination({ fd: 1, sync: false }));
  if (dest === 'stderr') return pino(base, pino.destination({ fd: 2, sync: false }));
  return pino(base, pino.destination({ dest, mkdir: true, sync: false }));
}

export function configureAudit(opts: { destination?: AuditDestination }): void {
  if (opts.destination !== undefined && opts.destination !== destination) {
    logger?.flush();
    destination = opts.destination;
    logger = undefined;
  }
}

export function audit(event: AuditEvent): void {
  const record: AuditRecord = { time: new Date().toISOString(), ...event };
  memory.push(record);
  if (memory.length > MEMORY_LIMIT) memory.splice(0, memory.length - MEMORY_LIMIT);
  if (logger === undefined) logger = build(destination);
  logger?.info(event, `${event.event} ${event.tool} ${event.outcome}`);
}

/** Most recent audit records, oldest first. */
export function recentAuditEvents(limit = MEMORY_LIMIT): AuditRecord[] {
  return memory.slice(-limit);
}

export function flushAudit(): void {
  logger?.flush();
}
