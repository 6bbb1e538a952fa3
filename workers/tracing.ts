/**
 * What a worker thread reports about one traced task: when it ran (epoch milliseconds, read from
 * this thread's own clock), on which thread, and what came out (status, model, convergence).
 * The main thread turns the report into the `worker <tool>` span, a child of the tool span
 * (src/telemetry/tool-span.ts), and exports it with the request's other spans.
 *
 * Why not a tracer in each worker: an OpenTelemetry provider per thread meant an OTLP exporter
 * per thread (its own batches, HTTP connections and serialization) and ~0.5 s and tens of MB per
 * thread to load the SDK; measured, it was the larger part of the tracing cost per request.
 * A report is a few numbers on a reply that crosses to the main thread anyway.
 */
import { threadId } from 'node:worker_threads';
import type { WorkerSpanReport } from '../src/tools/dispatch-types.js';

/** Epoch milliseconds with sub-millisecond resolution (performance.timeOrigin is per thread). */
function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

function describeResult(result: unknown): WorkerSpanReport['attributes'] {
  const out: WorkerSpanReport['attributes'] = {};
  if (result === null || typeof result !== 'object') return out;
  const env = result as { status?: unknown; provenance?: { model?: unknown; convergence?: { converged?: unknown; iterations?: unknown } } };
  if (typeof env.status === 'string') out['neqsim.status'] = env.status;
  const prov = env.provenance;
  if (typeof prov?.model === 'string') out['neqsim.model'] = prov.model;
  if (typeof prov?.convergence?.converged === 'boolean') out['neqsim.converged'] = prov.convergence.converged;
  if (typeof prov?.convergence?.iterations === 'number') out['neqsim.iterations'] = prov.convergence.iterations;
  return out;
}

/**
 * Runs fn and, when the task is traced, measures it. A throwing fn propagates its error (the
 * pool then fails the call and the main thread marks the tool span failed); no report is made.
 */
export async function timeTask<T>(traced: boolean, fn: () => Promise<T> | T): Promise<{ result: T; report?: WorkerSpanReport }> {
  if (!traced) return { result: await fn() };
  const startMs = epochMs();
  const result = await fn();
  return { result, report: { startMs, endMs: epochMs(), threadId, attributes: describeResult(result) } };
}
