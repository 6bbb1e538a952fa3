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
import type { WorkerSpanReport } from '../src/tools/contract/dispatch-types.js';

/** Epoch milliseconds with sub-millisecond resolution (performance.timeOrigin is per thread). */
function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Status, model and convergence of an envelope (what the tool and worker spans record). */
function describeResult(result: unknown): Pick<WorkerSpanReport, 'status' | 'model' | 'converged' | 'iterations'> {
  if (result === null || typeof result !== 'object') return {};
  const env = result as { status?: unknown; provenance?: { model?: unknown; convergence?: { converged?: unknown; iterations?: unknown } } };
  const prov = env.provenance;
  const conv = prov?.convergence;
  return {
    status: typeof env.status === 'string' ? env.status : undefined,
    model: typeof prov?.model === 'string' ? prov.model : undefined,
    converged: typeof conv?.converged === 'boolean' ? conv.converged : undefined,
    iterations: typeof conv?.iterations === 'number' ? conv.iterations : undefined,
  };
}

/**
 * Runs fn and, when the task is traced, measures it. A throwing fn propagates its error (the
 * pool then fails the call and the main thread marks the tool span failed); no report is made.
 */
export async function timeTask<T>(traced: boolean, fn: () => Promise<T> | T): Promise<{ result: T; report?: WorkerSpanReport }> {
  if (!traced) return { result: await fn() };
  const startMs = epochMs();
  const result = await fn();
  return { result, report: { startMs, endMs: epochMs(), threadId, ...describeResult(result) } };
}
