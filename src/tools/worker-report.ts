/**
 * The worker's timing of a traced task, carried inside the pool reply string, ahead of the body:
 *
 *   <3-digit status> NUL <startMs> SOH <endMs> SOH <threadId> (SOH <key> SOH <s|n|b><value>)* NUL <envelope JSON>
 *
 * Why not an object beside the string: a reply object with a nested attribute record costs the
 * main thread a structured-clone deserialization per call, where a string crosses as one copy.
 * NUL and SOH never occur in serialized JSON (control characters are escaped), so an untraced
 * reply is told apart by its fourth character, and the body after the report is sliced, not copied.
 */
import type { WorkerSpanReport } from './dispatch-types.js';

const NUL = '\u0000';
const SOH = '\u0001';
const NUL_CODE = 0;

/** A reply with the report: status + NUL + report + NUL + body. */
export function withWorkerReport(status: number, body: string, report: WorkerSpanReport): string {
  let out = `${status}${NUL}${report.startMs}${SOH}${report.endMs}${SOH}${report.threadId}`;
  for (const key in report.attributes) {
    const v = report.attributes[key]!;
    const text = typeof v === 'string' ? `s${v}` : typeof v === 'number' ? `n${v}` : `b${v ? 1 : 0}`;
    // A value or key holding a separator could not be read back, and `__proto__` cannot be an own
    // key of a plain record: such attributes are left out.
    if (key === '__proto__' || key.includes(NUL) || key.includes(SOH) || text.includes(NUL) || text.includes(SOH)) continue;
    out += `${SOH}${key}${SOH}${text}`;
  }
  return `${out}${NUL}${body}`;
}

/** The HTTP status, the envelope JSON and the worker's report (when the reply carries one). */
export function readPoolReply(reply: string): { httpStatus: number; body: string; report?: WorkerSpanReport } {
  const httpStatus = Number(reply.slice(0, 3));
  if (reply.charCodeAt(3) !== NUL_CODE) return { httpStatus, body: reply.slice(3) };
  const end = reply.indexOf(NUL, 4);
  if (end < 0) return { httpStatus, body: reply.slice(4) };
  const parts = reply.slice(4, end).split(SOH);
  const attributes: WorkerSpanReport['attributes'] = {};
  for (let i = 3; i + 1 < parts.length; i += 2) {
    const text = parts[i + 1]!;
    const kind = text.charCodeAt(0);
    const value = text.slice(1);
    if (parts[i] === '__proto__') continue;
    attributes[parts[i]!] = kind === 115 /* s */ ? value : kind === 110 /* n */ ? Number(value) : value === '1';
  }
  return {
    httpStatus,
    body: reply.slice(end + 1),
    report: { startMs: Number(parts[0]), endMs: Number(parts[1]), threadId: Number(parts[2]), attributes },
  };
}
