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
  /** W3C trace-context carrier of the caller's span, forwarded into worker threads. */
  traceCarrier?: Record<string, string>;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

export interface DispatchResult {
  envelope: Envelope;
  /** HTTP status per spec/service.md (httpStatusFor). */
  httpStatus: number;
  /** The envelope already serialized (the pool path returns strings; send it as is). */
  body: string;
  /** Seconds, set with 503 when the pool queue is full. */
  retryAfter?: number;
  /** Set for calls run in the worker pool: the getProgress operationId (header x-operation-id). */
  operationId?: string;
}

export type Dispatch = (toolName: string, input: unknown, ctx: CallContext) => Promise<DispatchResult>;
