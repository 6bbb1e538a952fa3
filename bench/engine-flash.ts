/**
 * Engine TP-flash benchmarks (median of per-call wall times, µs):
 *   - engine flashTP of a 3-component gas (single phase, the stability test decides) and of a
 *     10-component gas condensate (two-phase split), SRK and PR, fluid built once;
 *   - the same including fluid construction from database names (what a tool call pays);
 *   - the runFlash tool: tool.run (parse, flash, properties with transport, envelope), and the
 *     full runTool('runFlash') through the inline dispatcher (schema check, auto-validation,
 *     serialisation). Target (issue 25): runTool for the 3-component gas ≤ 20 µs median.
 *   - engine PH flash (valve to 40 % of the pressure, same enthalpy) and PS flash (compression to
 *     2.5× the pressure, same entropy) of the same fluids from the TP state, initial guess the
 *     inlet temperature (iterations: TP flashes plus split-Newton steps; ratio_to_TP against
 *     the TP flash of the same fluid measured just before, target ≤ 1.5; cpu_ratio_to_TP the
 *     same from CPU-time medians of batches, steadier under load; method names the path:
 *     one-phase Newton, split Newton, or the bracketing solver's TP-flash count).
 *   - engine saturation points of the same fluids: dew T at the TP pressure (guess 20 K off), the
 *     dew P at that temperature − 20 K (guess the TP pressure), the bubble P at 150 K, and the
 *     cost of proving there is no dew point (dew P above the cricondentherm: the full scan).
 * A seeded random-grid robustness count (2,400 flashes) lives in test/engine/flash-random-grid.
 */
import { createCpaFluid } from '../src/engine/cpa-fluid.js';
import { flashTPHydrate, hydrateFormationTemperature } from '../src/engine/hydrate/hydrate-flash.js';
import { bubblePointPressure, createCubicFluid, dewPointPressure, dewPointTemperature, flashEnthalpy, flashEntropy, flashPH, flashPS, flashTP, resolveComponents, type CubicKind, type SaturationOutcome } from '../src/engine/index.js';
import { getTool } from '../src/tools/registry.js';
import { runTool } from '../src/index.js';

interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  [context: string]: unknown;
}

const GAS = { methane: 0.85, ethane: 0.1, propane: 0.05 };
const CONDENSATE = {
  nitrogen: 0.01, CO2: 0.02, methane: 0.72, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02,
  'n-hexane': 0.02, 'n-heptane': 0.02, nC10: 0.03,
};
const GAS_T = 298.15;
const GAS_P = 50e5;
const COND_T = 313.15;
const COND_P = 60e5;

/** Median of per-call wall times after a warm-up of the same length, or `warmup` calls (µs). */
function medianUs(fn: () => void, iterations: number, warmup = iterations): number {
  for (let i = 0; i < warmup; i++) fn();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times[i] = Number(process.hrtime.bigint() - t0) / 1e3;
  }
  times.sort();
  return times[iterations >> 1];
}

/** Median over 21 batches of the CPU time per call (µs, process.cpuUsage), after one warm-up batch. */
function medianCpuUs(fn: () => void, batch: number): number {
  const rounds = 21;
  for (let i = 0; i < batch; i++) fn();
  const means = new Float64Array(rounds);
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < batch; i++) fn();
    const c = process.cpuUsage(c0);
    means[r] = (c.user + c.system) / batch;
  }
  means.sort();
  return means[rounds >> 1];
}

async function medianUsAsync(fn: () => Promise<unknown>, iterations: number): Promise<number> {
  for (let i = 0; i < iterations; i++) await fn();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times[i] = Number(process.hrtime.bigint() - t0) / 1e3;
  }
  times.sort();
  return times[iterations >> 1];
}

function fluid(kind: CubicKind, comp: Record<string, number>) {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown components ${r.unknown.join(', ')}`);
  return createCubicFluid(kind, r.components, names.map((n) => comp[n]));
}

function phasesOf(kind: CubicKind, comp: Record<string, number>, T: number, P: number): number {
  const f = fluid(kind, comp);
  const out = flashTP(f.model, T, P, f.z);
  if (!out.ok) throw new Error(`bench flash failed: ${out.message}`);
  return out.result.phases.length;
}

export async function benchEngineFlash(): Promise<BenchLine[]> {
  // Tool figures first: the engine loops below make call sites polymorphic (SRK and PR models,
  // several mixtures), which would penalise the tool measurement taken after them.
  const lines: BenchLine[] = await benchTool();
  for (const kind of ['SRK', 'PR'] as const) {
    for (const [label, comp, T, P, n] of [
      ['gas3', GAS, GAS_T, GAS_P, 20000],
      ['condensate10', CONDENSATE, COND_T, COND_P, 3000],
    ] as const) {
      const f = fluid(kind, comp);
      const phases = phasesOf(kind, comp, T, P);
      const flashOnly = medianUs(() => {
        flashTP(f.model, T, P, f.z);
      }, n);
      lines.push({ name: `engine.flashTP.${label}.${kind}`, unit: 'us', value: flashOnly, components: f.components.length, phases, T_K: T, P_bar: P / 1e5, note: 'fluid built once' });
      const withBuild = medianUs(() => {
        const g = fluid(kind, comp);
        flashTP(g.model, T, P, g.z);
      }, n);
      lines.push({ name: `engine.flashTP+fluid.${label}.${kind}`, unit: 'us', value: withBuild, components: f.components.length, phases, note: 'includes name lookup, kij matrix and model construction' });
      // CPU time over batches as well (median of batch means): the wall-time ratio swings with the
      // machine's load, the CPU-time ratio much less.
      const tpCpu = medianCpuUs(() => {
        flashTP(f.model, T, P, f.z);
      }, label === 'gas3' ? 200 : 30);
      const inlet = flashTP(f.model, T, P, f.z);
      if (!inlet.ok) throw new Error(`bench flash failed: ${inlet.message}`);
      const H = flashEnthalpy(f.model, inlet.result);
      const S = flashEntropy(f.model, inlet.result);
      for (const [what, run] of [
        ['flashPH', () => flashPH(f.model, 0.4 * P, H, f.z, { T0: T })],
        ['flashPS', () => flashPS(f.model, 2.5 * P, S, f.z, { T0: T })],
      ] as const) {
        const out = run();
        if (!out.ok) throw new Error(`bench ${what} failed: ${out.message}`);
        // The same warm-up as the TP flash it is compared with: V8 optimizes a function called once
        // per flash after ~1,500-2,000 calls, so a shorter warm-up times PH/PS partly unoptimized.
        const us = medianUs(
          () => {
            run();
          },
          Math.max(300, n >> 4),
          n,
        );
        const cpu = medianCpuUs(() => {
          run();
        }, label === 'gas3' ? 100 : 15);
        lines.push({
          name: `engine.${what}.${label}.${kind}`,
          unit: 'us',
          value: us,
          ratio_to_TP: Number((us / flashOnly).toFixed(2)),
          cpu_us: Number(cpu.toFixed(2)),
          cpu_ratio_to_TP: Number((cpu / tpCpu).toFixed(2)),
          target_ratio: 1.5,
          components: f.components.length,
          phases: out.result.phases.length,
          iterations: out.result.iterations,
          T_K: Number(out.result.T.toFixed(3)),
          P_bar: out.result.P / 1e5,
          method: out.result.method,
          note: what === 'flashPH' ? 'valve: same H at 40 % of P' : 'compressor: same S at 2.5x P',
        });
      }
    }
  }
  lines.push(...benchSaturation(), ...benchCpaAndHydrate());
  return lines;
}

/** SRK-CPA flashes of wet gas (with and without MEG) and hydrate calculations (SRK and CPA). */
export function benchCpaAndHydrate(): BenchLine[] {
  const lines: BenchLine[] = [];
  const WET = { methane: 0.8, ethane: 0.05, water: 0.15 };
  const WET_MEG = { methane: 0.7, water: 0.2, MEG: 0.1 };
  for (const [label, comp, T, P] of [
    ['wetgas3', WET, 278.15, 100e5],
    ['wetgasMEG3', WET_MEG, 298.15, 70e5],
  ] as const) {
    const names = Object.keys(comp);
    const r = resolveComponents(names);
    if (!r.ok) throw new Error('bench components');
    const f = createCpaFluid(r.components, names.map((n) => comp[n as keyof typeof comp]));
    const out = flashTP(f.model, T, P, f.z, { multiPhaseCheck: true });
    if (!out.ok) throw new Error(`bench CPA flash failed: ${out.message}`);
    const us = medianUs(() => {
      flashTP(f.model, T, P, f.z, { multiPhaseCheck: true });
    }, 200);
    lines.push({ name: `engine.flashTP.${label}.CPA`, unit: 'us', value: us, components: names.length, phases: out.result.phases.length, T_K: T, P_bar: P / 1e5, note: 'multiphase check on' });
  }
  const GAS_WATER = { methane: 0.8, ethane: 0.06, propane: 0.03, 'i-butane': 0.005, 'n-butane': 0.005, CO2: 0.02, nitrogen: 0.01, water: 0.07 };
  const names = Object.keys(GAS_WATER);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error('bench components');
  const z = names.map((n) => GAS_WATER[n as keyof typeof GAS_WATER]);
  for (const [kind, f] of [
    ['SRK', createCubicFluid('SRK', r.components, z)],
    ['CPA', createCpaFluid(r.components, z)],
  ] as const) {
    const curve = medianUs(() => {
      hydrateFormationTemperature(f.model, 100e5, f.z, 285);
    }, kind === 'SRK' ? 200 : 20);
    lines.push({ name: `engine.hydrateFormationTemperature.gas8.${kind}`, unit: 'us', value: curve, components: names.length, P_bar: 100 });
    const flash = medianUs(() => {
      flashTPHydrate(f.model, 283.15, 100e5, f.z);
    }, kind === 'SRK' ? 30 : 3);
    lines.push({ name: `engine.flashTPHydrate.gas8.${kind}`, unit: 'us', value: flash, components: names.length, T_K: 283.15, P_bar: 100, note: 'hydrate forms: amount solved by repeated TP flashes of the fluid left' });
  }
  return lines;
}

export function benchSaturation(): BenchLine[] {
  const lines: BenchLine[] = [];
  for (const kind of ['SRK', 'PR'] as const) {
    for (const [label, comp, P] of [
      ['gas3', GAS, GAS_P],
      ['condensate10', CONDENSATE, COND_P],
    ] as const) {
      const f = fluid(kind, comp);
      const dew = dewPointTemperature(f.model, P, f.z, 250);
      if (!dew.ok) throw new Error(`bench dew point failed: ${dew.message}`);
      const cases: [string, () => SaturationOutcome, string][] = [
        ['dewPointT', () => dewPointTemperature(f.model, P, f.z, dew.T + 20), 'dew T at the TP pressure, guess 20 K above'],
        ['dewPointP', () => dewPointPressure(f.model, dew.T - 20, f.z, P), 'lower dew P 20 K below that dew T, guess the TP pressure'],
        ['bubblePointP', () => bubblePointPressure(f.model, 150, f.z, 10e5), 'bubble P at 150 K, guess 10 bara'],
        ['noDewPoint', () => dewPointPressure(f.model, dew.T + 150, f.z, P), 'NO_SATURATION_POINT: dew P 150 K above the dew T (full scan of the spec line)'],
      ];
      for (const [what, run, note] of cases) {
        const out = run();
        if (what === 'noDewPoint' ? out.ok || out.code !== 'NO_SATURATION_POINT' : !out.ok) throw new Error(`bench ${what} ${label} ${kind}: unexpected ${out.ok ? out.value : out.code}`);
        const us = medianUs(() => {
          run();
        }, label === 'gas3' ? 300 : 100);
        lines.push({ name: `engine.${what}.${label}.${kind}`, unit: 'us', value: us, components: f.components.length, ...(out.ok ? { T_K: Number(out.T.toFixed(3)), P_bar: Number((out.P / 1e5).toFixed(5)), evaluations: out.iterations } : {}), note });
      }
    }
  }
  return lines;
}

async function benchTool(): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const tool = getTool('runFlash');
  if (tool) {
    const ctx = { subject: 'bench', profile: 'bench', progress: () => {} };
    for (const [label, comp, T, P] of [
      ['gas3', GAS, GAS_T, GAS_P],
      ['condensate10', CONDENSATE, COND_T, COND_P],
    ] as const) {
      const input = { model: 'SRK', temperature: { value: T - 273.15, unit: 'C' }, pressure: { value: P / 1e5, unit: 'bara' }, flashType: 'TP', components: comp, mixingRule: 'classic' };
      const run = medianUs(() => {
        tool.run(input, ctx);
      }, label === 'gas3' ? 5000 : 1000);
      lines.push({ name: `tool.runFlash.run.${label}.SRK`, unit: 'us', value: run, note: 'tool.run: input checks, flash, thermo + transport properties, envelope' });
      const full = await medianUsAsync(() => runTool('runFlash', input), label === 'gas3' ? 3000 : 600);
      lines.push({ name: `runTool.runFlash.${label}.SRK`, unit: 'us', value: full, target_us: label === 'gas3' ? 20 : undefined, note: 'runTool inline: dispatcher, schema validation, auto-validation, serialisation' });
    }
  }
  return lines;
}
