/**
 * TP flash time per model (issue 26): the same 10-component rich natural gas (the composition of
 * NeqSim models.json case mod-35) with each of the six runFlash models, at a single-phase state
 * (343.59 K, 52.856 bara: mod-35's own state) and a two-phase state (250 K, 40 bara: every model
 * splits it, vapour fraction 0.86–0.88). Two figures per model and state:
 *   - engine: flashTP on a fluid built once (stability test, split, no properties);
 *   - runTool: runTool('runFlash') inline (schema, fluid construction, flash, thermo and
 *     transport properties, envelope, serialisation): what a caller of the tool pays.
 * Beside each model, the original NeqSim's median warm runner time (ms) of its runFlash TP cases
 * for that model, read from the reference results files (neqsim_ms per case: one FlashRunner.run
 * call in a warm JVM, 2 vCPU): models.json for GERG2008, PCSAFT and UMRPRU, flash-tp.json's
 * 10-component cases for SRK and PR. The original's cases have their own generated compositions
 * and states (listed in the line), so the comparison is of magnitudes, not the same calculation;
 * the files hold no CPA runFlash timing. Without the reference folder the NeqSim figures are left
 * out with a message on stderr.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createFluid, flashTP, resolveComponents, type FluidModelName } from '../src/engine/index.js';
import { runTool } from '../src/index.js';

const RICH_GAS_10 = {
  methane: 0.775367, ethane: 0.079763, propane: 0.061034, 'i-butane': 0.013757, 'n-butane': 0.021448, 'i-pentane': 0.004359,
  'n-pentane': 0.005277, 'n-hexane': 0.001334, nitrogen: 0.012637, CO2: 0.025024,
};
const STATES = [
  { label: 'singlePhase', T: 343.59, P: 52.856e5 },
  { label: 'twoPhase', T: 250, P: 40e5 },
] as const;
const MODELS: FluidModelName[] = ['SRK', 'PR', 'CPA', 'GERG2008', 'PCSAFT', 'UMRPRU'];

interface NeqsimTiming {
  median_ms: number;
  cases: string[];
  file: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h] : (s[h - 1] + s[h]) / 2;
}

interface RefCase {
  id: string;
  stateKind?: string;
  input: { model?: string; flashType?: string; components?: Record<string, number> };
  neqsim_ms?: number;
}

/** The original's median warm runFlash TP time per model, or undefined without the reference folder. */
export function neqsimTpTimings(): Map<string, NeqsimTiming> | undefined {
  const dir = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'), 'neqsim');
  if (!existsSync(resolve(dir, 'models.json'))) return undefined;
  const read = (name: string): RefCase[] =>
    existsSync(resolve(dir, name)) ? (JSON.parse(readFileSync(resolve(dir, name), 'utf8').replace(/:\s*NaN\b/g, ': null')) as { cases: RefCase[] }).cases : [];
  const out = new Map<string, NeqsimTiming>();
  const add = (model: string, file: string, cases: RefCase[]) => {
    const timed = cases.filter((c) => typeof c.neqsim_ms === 'number');
    if (timed.length > 0) out.set(model, { median_ms: Number(median(timed.map((c) => c.neqsim_ms!)).toFixed(3)), cases: timed.map((c) => `${c.id} (${Object.keys(c.input.components ?? {}).length} comp.)`), file });
  };
  const tp = (c: RefCase) => (c.input.flashType ?? 'TP') === 'TP';
  const models = read('models.json');
  for (const m of ['GERG2008', 'PCSAFT', 'UMRPRU']) add(m, 'models.json', models.filter((c) => c.input.model === m && tp(c)));
  const flash = read('flash-tp.json');
  for (const m of ['SRK', 'PR']) add(m, 'flash-tp.json', flash.filter((c) => (c.input.model ?? 'SRK') === m && tp(c) && Object.keys(c.input.components ?? {}).length === 10));
  return out;
}

function medianUs(fn: () => void, iterations: number): number {
  for (let i = 0; i < Math.min(iterations, 50); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  return median(times);
}

async function medianUsAsync(fn: () => Promise<unknown>, iterations: number): Promise<number> {
  for (let i = 0; i < Math.min(iterations, 20); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  return median(times);
}

export async function benchModels(): Promise<object[]> {
  const neqsim = neqsimTpTimings();
  if (neqsim === undefined) process.stderr.write('bench models: reference folder (NEQSIM_REFERENCE_DIR or ../shared/reference) not found; NeqSim timings left out\n');
  const names = Object.keys(RICH_GAS_10);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`bench components ${r.unknown.join(', ')}`);
  const lines: object[] = [];
  for (const model of MODELS) {
    const f = createFluid(model, r.components, Object.values(RICH_GAS_10));
    // Slow models get fewer timed calls so the whole bench stays within about a minute.
    const n = model === 'GERG2008' || model === 'PCSAFT' ? 60 : 300;
    for (const s of STATES) {
      const out = flashTP(f.model, s.T, s.P, f.z);
      if (!out.ok) throw new Error(`bench ${model} ${s.label} flash failed: ${out.message}`);
      const engine = medianUs(() => void flashTP(f.model, s.T, s.P, f.z), n);
      const input = { model, temperature: { value: s.T - 273.15, unit: 'C' }, pressure: { value: s.P / 1e5, unit: 'bara' }, flashType: 'TP', components: RICH_GAS_10, mixingRule: 'classic' };
      const env = (await runTool('runFlash', input)) as { status?: string };
      if (env.status !== 'success') throw new Error(`bench runTool ${model} ${s.label}: ${JSON.stringify(env).slice(0, 300)}`);
      const tool = await medianUsAsync(() => runTool('runFlash', input), Math.max(20, n >> 1));
      const ref = neqsim?.get(model);
      lines.push({
        name: `models.flashTP.${s.label}.${model}`,
        unit: 'us',
        value: Number(engine.toFixed(1)),
        runTool_us: Number(tool.toFixed(1)),
        phases: out.result.phases.length,
        components: names.length,
        T_K: s.T,
        P_bar: s.P / 1e5,
        ...(neqsim === undefined ? {} : { neqsim_runFlash_TP_median_ms: ref?.median_ms ?? null, neqsim_cases: ref ? `${ref.file}: ${ref.cases.join(', ')}` : 'no runFlash timing for this model in the reference files' }),
        note: 'value: engine flashTP, fluid built once; runTool_us: full runFlash tool call inline; medians',
      });
    }
  }
  return lines;
}

// Run directly: node dist/bench/models.js
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchModels()) console.log(JSON.stringify(line));
}
