/**
 * Batch throughput (issue 25): 1,000 TP flashes of a 10-component natural gas as runBatch calls
 * through a real 2-thread worker pool dispatcher (the one HTTP and runTool({pool}) use), two calls
 * of 500 cases (runBatch's limit, as NeqSim's BatchRunner), beside NeqSim's 79 cases/s for its
 * flash set. Same run, interleaved rounds, medians:
 *   - spread: the default dispatcher, which runs each call's cases as chunks over the threads;
 *   - one task: spreadBatches: false, each call one pool task (one thread), the baseline.
 * Per round: wall time (cases/s), CPU of the whole process per case, and each pool thread's busy
 * share (event-loop utilisation of the thread over the round: every thread used or not).
 * On a machine shared with other work the wall figures move with the load; the CPU per case and
 * the shares are the steadier ones.
 */
import { createDispatcher } from '../src/tools/dispatcher.js';
import { PiscinaToolPool } from '../src/http/pool.js';
import type { EventLoopUtilization } from 'node:perf_hooks';

const NEQSIM_CASES_PER_S = 79;
const GAS10 = { nitrogen: 0.01, CO2: 0.02, methane: 0.8, ethane: 0.07, propane: 0.04, 'i-butane': 0.015, 'n-butane': 0.015, 'i-pentane': 0.01, 'n-pentane': 0.01, 'n-hexane': 0.01 };
const CASES_PER_CALL = 500;
const CALLS = 2;
const ROUNDS = 7;
const WARM_ROUNDS = 2;

/** A T-P grid over the gas's one- and two-phase regions (-20..53.5 °C, 5..86 bara). */
function batchInput() {
  const cases = Array.from({ length: CASES_PER_CALL }, (_, i) => ({
    temperature: { value: -20 + (i % 50) * 1.5, unit: 'C' },
    pressure: { value: 5 + Math.floor(i / 50) * 9, unit: 'bara' },
  }));
  return { model: 'SRK', flashType: 'TP', components: GAS10, cases };
}

interface Round {
  wallMs: number;
  cpuUsPerCase: number;
  shares: number[];
}

/** The pool's worker threads (piscina's, for their event-loop utilisation). */
function poolThreads(pool: PiscinaToolPool): { performance: { eventLoopUtilization(prev?: EventLoopUtilization): EventLoopUtilization } }[] {
  return (pool as unknown as { piscina: { threads: { performance: { eventLoopUtilization(prev?: EventLoopUtilization): EventLoopUtilization } }[] } }).piscina.threads;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const r1 = (x: number): number => Math.round(x * 10) / 10;

export async function benchBatch(): Promise<object[]> {
  const pool = new PiscinaToolPool({ minThreads: 2, maxThreads: 2, concurrentTasksPerWorker: 4, maxQueue: 256 });
  await pool.ready();
  try {
    const dispatchers = {
      spread: createDispatcher({ pool, timeoutMs: 120_000 }),
      oneTask: createDispatcher({ pool, timeoutMs: 120_000, spreadBatches: false }),
    };
    const input = batchInput();
    const ctx = { subject: 'bench', transport: 'api' as const };
    const threads = poolThreads(pool);
    const rounds: Record<keyof typeof dispatchers, Round[]> = { spread: [], oneTask: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const name of ['oneTask', 'spread'] as const) {
        const elu0 = threads.map((w) => w.performance.eventLoopUtilization());
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        for (let c = 0; c < CALLS; c++) {
          const out = await dispatchers[name]('runBatch', input, ctx);
          const summary = (out.envelope.data as { summary?: { succeeded: number } } | undefined)?.summary;
          if (out.httpStatus !== 200 || summary?.succeeded !== CASES_PER_CALL) throw new Error(`bench runBatch ${name}: ${out.httpStatus} ${out.body.slice(0, 300)}`);
        }
        const wallMs = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        const shares = threads.map((w, i) => w.performance.eventLoopUtilization(elu0[i]).utilization);
        if (r >= WARM_ROUNDS) rounds[name].push({ wallMs, cpuUsPerCase: (cpu.user + cpu.system) / (CALLS * CASES_PER_CALL), shares });
      }
    }
    const cases = CALLS * CASES_PER_CALL;
    const lines: object[] = [];
    const base = median(rounds.oneTask.map((x) => cases / (x.wallMs / 1000)));
    for (const name of ['spread', 'oneTask'] as const) {
      const rs = rounds[name];
      const perS = median(rs.map((x) => cases / (x.wallMs / 1000)));
      const shares = threads.map((_, i) => Math.round(1000 * median(rs.map((x) => x.shares[i] ?? 0))) / 1000);
      const context = {
        cases,
        calls: CALLS,
        casesPerCall: CASES_PER_CALL,
        components: Object.keys(GAS10).length,
        model: 'SRK',
        threads: threads.length,
        threadBusyShare: shares,
        everyThreadUsed: shares.every((s) => s >= 0.2),
        neqsim_cases_per_s: NEQSIM_CASES_PER_S,
        ratio_to_neqsim: r1(perS / NEQSIM_CASES_PER_S),
        rounds: rs.length,
      };
      lines.push({ name: `batch.runBatch.gas10.${name}.cases_per_s`, unit: 'cases/s', value: Math.round(perS), ...context, ...(name === 'spread' ? { ratio_to_one_task: r1(perS / base) } : {}), note: name === 'spread' ? 'cases spread over the pool threads (default)' : 'each runBatch call one pool task (spreadBatches: false), same run' });
      lines.push({ name: `batch.runBatch.gas10.${name}.cpu_per_case`, unit: 'us', value: r1(median(rs.map((x) => x.cpuUsPerCase))), note: 'process CPU (main + workers + GC) per case' });
    }
    return lines;
  } finally {
    await pool.close();
  }
}
