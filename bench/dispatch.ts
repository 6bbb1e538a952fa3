/**
 * What the dispatch path costs without HTTP: calls/s and main-thread CPU per call of a no-op tool
 * run inline (64 calls in flight) versus through the worker pool (string reply, tasks pipelined
 * per thread) with as many calls in flight as the pool runs at once (threads x tasks per thread):
 * within capacity, so admission control has nothing to shed (64 calls against 8 slots made it
 * answer 503 POOL_BUSY as soon as the machine was loaded, and the bench stopped). A call shed
 * anyway is counted (`shed`) and left out of calls/s. The pool figure is the floor under every
 * pool tool's latency.
 */
import { createDispatcher } from '../src/tools/dispatcher.js';
import { PiscinaToolPool } from '../src/http/pool.js';
import { noopTool } from './noop-tool.js';

const IN_FLIGHT = 64;
const CALLS = 20_000;

async function measure(dispatch: ReturnType<typeof createDispatcher>, inFlight: number): Promise<{ perSec: number; cpuUsPerCall: number; shed: number }> {
  const ctx = { subject: 'bench', transport: 'api' as const };
  let next = 0;
  let shed = 0;
  const worker = async (): Promise<void> => {
    while (next < CALLS) {
      next++;
      const r = await dispatch('benchNoop', { value: next }, ctx);
      if (r.httpStatus === 503) shed++;
      else if (r.httpStatus !== 200) throw new Error(`bench call failed: ${r.body.slice(0, 200)}`);
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // process.cpuUsage counts every thread of the process; subtract nothing, report it as an upper bound.
  return { perSec: ((CALLS - shed) / ms) * 1000, cpuUsPerCall: (cpu.user + cpu.system) / CALLS, shed };
}

export async function benchDispatch(): Promise<object[]> {
  const lookup = (n: string) => (n === noopTool.name ? noopTool : undefined);
  const inline = createDispatcher({ timeoutMs: 10_000, lookup, inlineFallback: true });
  await measure(inline, IN_FLIGHT);
  const inl = await measure(inline, IN_FLIGHT);

  const pool = new PiscinaToolPool({ filename: new URL('./noop-worker.js', import.meta.url), minThreads: 2, maxThreads: 2, concurrentTasksPerWorker: 4, maxQueue: 1024 });
  await pool.ready();
  try {
    const pooled = createDispatcher({ pool, timeoutMs: 10_000, lookup, maxQueue: 1024 });
    await measure(pooled, pool.runningCapacity);
    const p = await measure(pooled, pool.runningCapacity);
    const ctx = { inFlight: IN_FLIGHT, calls: CALLS, tool: 'no-op' };
    const poolCtx = { ...ctx, inFlight: pool.runningCapacity, threads: 2, tasksPerThread: 4, shed: p.shed };
    return [
      { name: 'dispatch.inline.calls_per_s', unit: 'calls/s', value: Math.round(inl.perSec), ...ctx },
      { name: 'dispatch.inline.cpu_per_call', unit: 'us', value: Math.round(inl.cpuUsPerCall * 10) / 10, ...ctx },
      { name: 'dispatch.pool.calls_per_s', unit: 'calls/s', value: Math.round(p.perSec), ...poolCtx },
      { name: 'dispatch.pool.cpu_per_call', unit: 'us', value: Math.round(p.cpuUsPerCall * 10) / 10, note: 'all threads (main + workers)', ...poolCtx },
    ];
  } finally {
    await pool.close();
  }
}
