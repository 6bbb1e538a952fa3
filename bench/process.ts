/**
 * Process-simulation benchmarks (median of per-call wall times, ms): runProcess's tool function
 * (definition parsing, every unit's flashes, the report with per-phase properties) on each catalog
 * flowsheet, and runReservoir's depletion examples (a TV flash per half step), in this process
 * (no HTTP, no pool).
 */
import { runProcess } from '../src/tools/process/runProcess/runProcess.js';
import { runReservoirTool } from '../src/tools/studies/runReservoir/runReservoir.js';
import { RUN_PROCESS_EXAMPLES } from '../src/tools/process/runProcess/examples.js';

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
  // A dry-gas tank (the catalog example, 244 steps) and a gas condensate below its dew point
  // (two phases throughout, 73 steps of 30 days).
  const condensate = { components: { methane: 0.78, ethane: 0.07, propane: 0.04, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-hexane': 0.02, 'n-heptane': 0.02, 'n-octane': 0.02 }, reservoirTemperature_C: 100, reservoirPressure_bara: 150, gasVolume_Sm3: 1e10, producers: [{ flowRate: 2 }], simulationYears: 6 };
  const noProgress = { subject: 'bench', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  for (const [name, input] of [['gas-depletion', runReservoirTool.examples[0]!.input], ['condensate-two-phase', condensate]] as const) {
    let steps = 0;
    let ok = true;
    const ms = medianMs(() => {
      const env = runReservoirTool.run(input as never, noProgress) as { status: string; data?: { steps?: number } };
      ok &&= env.status === 'success';
      steps = env.data?.steps ?? 0;
    }, 10);
    out.push({ name: `process.runReservoir.${name}`, unit: 'ms', value: ok ? Number(ms.toFixed(3)) : null, steps, statistic: 'median of 10 calls' });
  }
  return out;
}
