/**
 * Column benchmarks (median of per-call wall times, ms): runProcess's tool function on the
 * original's reboiled-stabiliser flowsheets of reference/neqsim/process-units.json (feed, column,
 * overhead and bottoms separators, rundown cooler, export pump; GasScrubber run as the Separator it
 * is for one gas phase), each line with the original's warm-JVM time for the same flowsheet
 * (neqsim_ms), plus a refluxed deethaniser the original does not converge (neqsim_ms null).
 * The reference folder is $NEQSIM_REFERENCE_DIR or ../shared/reference; without it only the
 * deethaniser runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runProcess } from '../src/tools/process/runProcess/runProcess.js';
import type { RunProcessInput } from '../src/tools/process/runProcess/schema.js';

interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  [context: string]: unknown;
}

function medianMs(fn: () => void, iterations: number): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const DEETHANISER = {
  fluid: { model: 'PR', temperature: 300, pressure: 25, components: { methane: 0.02, ethane: 0.18, propane: 0.4, 'n-butane': 0.25, 'n-pentane': 0.15 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'DistillationColumn', name: 'Deethaniser', inlet: 'feed', properties: { numberOfTrays: 10, feedTray: 5, topPressure: [24, 'bara'], bottomPressure: [24.5, 'bara'], refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] } },
  ],
};

function line(name: string, input: unknown, neqsimMs: number | null, columnName: string, iterations: number): BenchLine {
  let ok = true;
  let newton = 0;
  let stages = 0;
  const ms = medianMs(() => {
    const env = runProcess(input as RunProcessInput);
    ok &&= env.status === 'success';
    const col = (env.data as any)?.units?.[columnName];
    newton = col?.iterations ?? 0;
    stages = col?.numberOfStages ?? 0;
  }, iterations);
  return { name, unit: 'ms', value: ok ? Number(ms.toFixed(3)) : null, neqsim_ms: neqsimMs, stages, newtonIterations: newton, statistic: `median of ${iterations} calls` };
}

export function benchColumn(): BenchLine[] {
  const out: BenchLine[] = [];
  const file = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'), 'neqsim/process-units.json');
  if (existsSync(file)) {
    const ref = JSON.parse(readFileSync(file, 'utf8'));
    for (const c of ref.cases.filter((x: any) => x.family === 'stabilizer_reboiled')) {
      const input = structuredClone(c.input);
      input.process = input.process.map((u: any) => (u.type === 'GasScrubber' ? { ...u, type: 'Separator' } : u));
      const column = Object.keys(c.meta.columns)[0];
      out.push(line(`process.column.${c.family}.${c.id}`, input, c.neqsim_ms, column, 10));
    }
  } else {
    process.stderr.write(`bench column: ${file} not found; the stabiliser lines with neqsim_ms are skipped\n`);
  }
  out.push(line('process.column.deethaniser-reflux', DEETHANISER, null, 'Deethaniser', 10));
  return out;
}
