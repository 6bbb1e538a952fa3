/**
 * Process-simulation benchmarks (median of per-call wall times, ms): runProcess's tool function
 * (definition parsing, every unit's flashes, the report with per-phase properties) on each catalog
 * flowsheet, in this process (no HTTP, no pool).
 */
import { runProcess } from '../src/tools/runProcess.js';
import { RUN_PROCESS_EXAMPLES } from '../src/tools/runProcess/examples.js';

interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  [context: string]: unknown;
}

function medianMs(fn: () => void, iterations: number): number {
  for (let i = 0; i < Math.min(iterations, 5); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function benchProcess(): BenchLine[] {
  const out: BenchLine[] = [];
  for (const ex of RUN_PROCESS_EXAMPLES) {
    let units = 0;
    let iterations = 0;
    let ok = true;
    const ms = medianMs(() => {
      const env = runProcess(ex.input);
      ok &&= env.status === 'success';
      if (env.data) {
        units = Object.keys(env.data.units).length;
        iterations = env.data.iterations;
      }
    }, 30);
    out.push({ name: `process.runProcess.${ex.name}`, unit: 'ms', value: ok ? Number(ms.toFixed(3)) : null, units, passes: iterations, statistic: 'median of 30 calls' });
  }
  return out;
}
