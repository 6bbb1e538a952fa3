/**
 * The worker's timing of a traced task, carried inside the pool reply string, ahead of the body:
 *
 *   <3-digit status> NUL <startMs> SOH <endMs> SOH <threadId> SOH <status> SOH <model> SOH <converged 1|0> SOH <iterations> NUL <envelope JSON>
 *
 * Fixed fields (empty = absent), so the main thread reads a report with one split and builds a
 * fixed-shape record. Why not an object beside the string: a reply object with a nested record
 * costs the main thread a structured-clone deserialization per call, where a string crosses as
 * one copy. NUL and SOH never occur in serialized JSON (control characters are escaped), so an
 * untraced reply is told apart by its fourth character, and the body after the report is sliced,
 * not copied.
 */
import type { WorkerSpanReport } from './dispatch-types.js';

const NUL = '\u0000';
const SOH = '\u0001';
const NUL_CODE = 0;

/** A text field: empty when absent, or when it holds a separator and could not be read back. */
function field(v: string | undefined): string {
  return v === undefined || v.includes(NUL) || v.includes(SOH) ? '' : v;
}

/** A reply with the report: status + NUL + report + NUL + body. */
export function withWorkerReport(status: number, body: string, report: WorkerSpanReport): string {
  const converged = report.converged === undefined ? '' : report.converged ? '1' : '0';
  const iterations = report.iterations === undefined ? '' : String(report.iterations);
  return `${status}${NUL}${report.startMs}${SOH}${report.endMs}${SOH}${report.threadId}${SOH}${field(report.status)}${SOH}${field(report.model)}${SOH}${converged}${SOH}${iterations}${NUL}${body}`;
}

/** The HTTP status, the envelope JSON and the worker's report (when the reply carries one). */
export function readPoolReply(reply: string): { httpStatus: number; body: string; report: WorkerSpanReport | undefined } {
  const httpStatus = Number(reply.slice(0, 3));
  if (reply.charCodeAt(3) !== NUL_CODE) return { httpStatus, body: reply.slice(3), report: undefined };
  const end = reply.indexOf(NUL, 4);
  if (end < 0) return { httpStatus, body: reply.slice(4), report: undefined };
  const p = reply.slice(4, end).split(SOH);
  const status = p[3] ?? '';
  const model = p[4] ?? '';
  const converged = p[5] ?? '';
  const iterations = p[6] ?? '';
  return {
    httpStatus,
    body: reply.slice(end + 1),
    report: {
      startMs: Number(p[0]),
      endMs: Number(p[1]),
      threadId: Number(p[2]),
      status: status === '' ? undefined : status,
      model: model === '' ? undefined : model,
      converged: converged === '' ? undefined : converged === '1',
      iterations: iterations === '' ? undefined : Number(iterations),
    },
  };
}
