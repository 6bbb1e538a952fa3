/**
 * The dispatch contract shared by every surface. REST routes, the MCP bridge and runTool()
 * all call one Dispatcher, which enforces governance, validates the input, and runs the tool
 * inline or in the worker pool.
 */
import type { Envelope } from './envelope.js';

export type Transport = 'rest' | 'mcp' | 'api' | 'stdio';

export interface CallContext {
  /** Authenticated subject, or 'anonymous'. */
  subject: string;
  transport: Transport;
  requestId?: string;
  /**
   * The caller's trace context, the parent of the tool span: an OpenTelemetry Context, opaque
   * outside src/telemetry (the request span of REST and MCP calls).
   */
  traceContext?: unknown;
  /** Set by the tool span when it records: pool calls then report their worker timing (workerSpan). */
  reportWorkerSpan?: boolean;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** Tool scopes of an API-key caller (manageSecurity); undefined = not restricted by a key. */
  scopes?: readonly string[] | undefined;
  /** Ask a pool call for DispatchResult.summary (the MCP HTTP route's plain tools/call does). */
  wantSummary?: boolean;
  /** This call is one case of a call spread over the replicas (fan-out.ts): run it here. */
  distributedCase?: boolean;
}

export interface DispatchResult {
  envelope: Envelope;
  /** HTTP status per spec/service.md (httpStatusFor). */
  httpStatus: number;
  /** The envelope already serialized (the pool path returns strings; send it as is). */
  body: string;
  /** Seconds, set with 503 when the pool is full or overloaded (from the expected wait: service-times.ts). */
  retryAfter?: number;
  /** Set for calls run in the worker pool: the getProgress operationId (header x-operation-id). */
  operationId?: string;
  /** The worker thread's timing of the task, when the call asked for it (reportWorkerSpan). */
  workerSpan?: WorkerSpanReport;
  /**
   * Pool calls of MCP callers: the envelope's status and summary head (summary.ts), written by the
   * worker so the MCP reply is built without parsing `body` on the main thread.
   */
  summary?: { status: string; head: string };
}

/** When and where a worker thread ran a task, and what came out: the data of the worker span. */
export interface WorkerSpanReport {
  /** Epoch milliseconds (sub-millisecond resolution) by the worker thread's clock. */
  startMs: number;
  endMs: number;
  threadId: number;
  /** What came out, read from the envelope by the worker: status, model and convergence. */
  status?: string;
  model?: string;
  converged?: boolean;
  iterations?: number;
}

export type Dispatch = (toolName: string, input: unknown, ctx: CallContext) => Promise<DispatchResult>;
