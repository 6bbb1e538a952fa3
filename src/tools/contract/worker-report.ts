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
 *
 * Every reply the production worker makes for a task it ran starts with its busy time (how long the
 * thread worked on the task, in ms, measured in the worker: the pool's service-time estimates for
 * load shedding, src/tools/contract/service-times.ts), right after the status:
 *
 *   <3-digit status> ETX <busyMs> SOH <end, epoch ms> ETX [report] [summary] <envelope JSON>
 *
 * Measured on the main thread instead, a cheap tool's service time included the main thread's lag
 * in reading replies when it was saturated, so 50 clients of 30 us calls looked like a queue of
 * milliseconds and were shed.
 *
 * A task that asked for the call summary (PoolTask.summary: MCP calls) carries it next, before the
 * body:  ... STX ["<envelope status>","<summary head>"] STX <envelope JSON>  (a JSON array, so no
 * raw control character can occur inside it). The main thread then answers an MCP call without
 * parsing the envelope.
 */
import type { WorkerSpanReport } from './dispatch-types.js';

const NUL = '\u0000';
const SOH = '\u0001';
const NUL_CODE = 0;
const STX = '\u0002';
const STX_CODE = 2;
const ETX = '\u0003';
const ETX_CODE = 3;

/**
 * The busy-time section that follows the status: the worker's busy time on the task (ms) and when
 * it finished (epoch ms, performance.timeOrigin + now: one clock for every thread of the process).
 */
export function busySection(busyMs: number, endEpochMs: number): string {
  return `${ETX}${Math.round(busyMs * 1000) / 1000}${SOH}${Math.round(endEpochMs * 1000) / 1000}${ETX}`;
}

/** Where the part after the busy-time section starts (3 when the reply has none). */
function afterBusy(reply: string): number {
  if (reply.charCodeAt(3) !== ETX_CODE) return 3;
  const end = reply.indexOf(ETX, 4);
  return end < 0 ? 3 : end + 1;
}

export interface WorkerTimes {
  /** How long the worker worked on the task (ms). */
  busyMs: number;
  /** When it finished (epoch ms). */
  endEpochMs: number;
}

/** The worker's busy time and finish time, when the reply carries them. */
export function workerTimesOf(reply: string): WorkerTimes | undefined {
  if (reply.charCodeAt(3) !== ETX_CODE) return undefined;
  const end = reply.indexOf(ETX, 4);
  const sep = reply.indexOf(SOH, 4);
  if (end < 0 || sep < 0 || sep > end) return undefined;
  const busyMs = Number(reply.slice(4, sep));
  const endEpochMs = Number(reply.slice(sep + 1, end));
  return Number.isFinite(busyMs) && busyMs >= 0 && Number.isFinite(endEpochMs) ? { busyMs, endEpochMs } : undefined;
}

/** What an MCP reply needs besides the envelope text: its status and the summary head (summary.ts). */
export interface CallSummary {
  status: string;
  head: string;
}

/** The summary section that goes between the status (or the report) and the body. */
export function summarySection(summary: CallSummary): string {
  return `${STX}${JSON.stringify([summary.status, summary.head])}${STX}`;
}

/** The summary section at `pos`, if there is one, and where the body starts. */
function readSummary(reply: string, pos: number): { summary: CallSummary | undefined; bodyAt: number } {
  if (reply.charCodeAt(pos) !== STX_CODE) return { summary: undefined, bodyAt: pos };
  const end = reply.indexOf(STX, pos + 1);
  if (end < 0) return { summary: undefined, bodyAt: pos };
  const [status, head] = JSON.parse(reply.slice(pos + 1, end)) as [string, string];
  return { summary: { status, head }, bodyAt: end + 1 };
}

/** A text field: empty when absent, or when it holds a separator and could not be read back. */
function field(v: string | undefined): string {
  return v === undefined || v.includes(NUL) || v.includes(SOH) ? '' : v;
}

/** A reply with the report: status + [busy time] + NUL + report + NUL + body. */
export function withWorkerReport(status: number, body: string, report: WorkerSpanReport, busy = ''): string {
  const converged = report.converged === undefined ? '' : report.converged ? '1' : '0';
  const iterations = report.iterations === undefined ? '' : String(report.iterations);
  return `${status}${busy}${NUL}${report.startMs}${SOH}${report.endMs}${SOH}${report.threadId}${SOH}${field(report.status)}${SOH}${field(report.model)}${SOH}${converged}${SOH}${iterations}${NUL}${body}`;
}

export interface PoolReplyParts {
  httpStatus: number;
  body: string;
  report: WorkerSpanReport | undefined;
  /** Present when the task asked for it and the worker wrote one. */
  summary?: CallSummary;
}

function withSummary(httpStatus: number, reply: string, pos: number, report: WorkerSpanReport | undefined): PoolReplyParts {
  const { summary, bodyAt } = readSummary(reply, pos);
  const body = reply.slice(bodyAt);
  return summary === undefined ? { httpStatus, body, report } : { httpStatus, body, report, summary };
}

/** The HTTP status, the envelope JSON, the worker's report and the call summary (when the reply carries them). */
export function readPoolReply(reply: string): PoolReplyParts {
  const httpStatus = Number(reply.slice(0, 3));
  const at = afterBusy(reply);
  if (reply.charCodeAt(at) !== NUL_CODE) return withSummary(httpStatus, reply, at, undefined);
  const end = reply.indexOf(NUL, at + 1);
  if (end < 0) return { httpStatus, body: reply.slice(at + 1), report: undefined };
  const p = reply.slice(at + 1, end).split(SOH);
  const status = p[3] ?? '';
  const model = p[4] ?? '';
  const converged = p[5] ?? '';
  const iterations = p[6] ?? '';
  return withSummary(httpStatus, reply, end + 1, {
    startMs: Number(p[0]),
    endMs: Number(p[1]),
    threadId: Number(p[2]),
    status: status === '' ? undefined : status,
    model: model === '' ? undefined : model,
    converged: converged === '' ? undefined : converged === '1',
    iterations: iterations === '' ? undefined : Number(iterations),
  });
}
