/**
 * Reference-EOS benchmarks: one (T, P) state (density solve + all properties) of the NIST
 * 21-component gas with GERG-2008 and AGA8 DETAIL, the same with the composition folded once
 * (prepared fluid), and one AGA8 GROSS density. Median over several timed rounds, µs per call.
 * States cycle over 16 temperatures and pressures so the per-temperature cache is exercised.
 *
 * GERG-2008 as a full flash model (engine/reference-eos/gerg2008-model.ts): engine TP flash of the
 * 10-component gas condensate of bench/engine-flash.ts (two phases at 313.15 K, 60 bara) and of a
 * 10-component rich natural gas (one phase at 343.59 K, 52.856 bara, NeqSim models.json mod-35),
 * beside SRK on the same fluids and the original's median warm runFlash time for its GERG2008 TP
 * cases (reference/neqsim/models.json neqsim_ms, different generated compositions; the whole
 * runner call, so an upper bound on its flash).
 */
import {
  aga8DetailState,
  aga8Gross,
  gerg2008State,
  prepareReferenceFluid,
  referenceStateAtPressure,
} from '../src/engine/reference-eos/index.js';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createFluid, flashTP, resolveComponents, type FluidModelName } from '../src/engine/index.js';

/** AGA Report No. 8 / NIST AGA8 test gas (all 21 components). */
const GAS_21 = {
  methane: 0.77824, nitrogen: 0.02, CO2: 0.06, ethane: 0.08, propane: 0.03, 'i-butane': 0.0015, 'n-butane': 0.003,
  'i-pentane': 0.0005, 'n-pentane': 0.00165, 'n-hexane': 0.00215, 'n-heptane': 0.00088, 'n-octane': 0.00024,
  'n-nonane': 0.00015, nC10: 0.00009, hydrogen: 0.004, oxygen: 0.005, CO: 0.002, water: 0.0001, H2S: 0.0025,
  helium: 0.007, argon: 0.001,
};

const STATES = Array.from({ length: 16 }, (_, i) => ({ T: 260 + 10 * i, P: (1 + 1.2 * i) * 1e6 }));

function medianUs(fn: (i: number) => void, iterations: number, rounds = 7): number {
  for (let i = 0; i < Math.min(2000, iterations); i++) fn(i);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e3 / iterations);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(rounds / 2)];
}

function must(r: { ok: boolean }): void {
  if (!r.ok) throw new Error(`bench state failed: ${JSON.stringify(r)}`);
}

export async function benchGerg(): Promise<object[]> {
  const iterations = 5000;
  const context = { components: 21, states: '260–410 K, 1–19 MPa', iterations, rounds: 7 };
  const gergFluid = prepareReferenceFluid('GERG-2008', GAS_21);
  const detailFluid = prepareReferenceFluid('AGA8-DETAIL', GAS_21);
  if (!gergFluid.ok || !detailFluid.ok) throw new Error('bench composition rejected');

  const gergCall = medianUs((i) => must(gerg2008State(STATES[i & 15].T, STATES[i & 15].P, GAS_21)), iterations);
  const gergPrepared = medianUs((i) => must(referenceStateAtPressure(gergFluid, STATES[i & 15].T, STATES[i & 15].P)), iterations);
  const detailCall = medianUs((i) => must(aga8DetailState(STATES[i & 15].T, STATES[i & 15].P, GAS_21)), iterations);
  const detailPrepared = medianUs((i) => must(referenceStateAtPressure(detailFluid, STATES[i & 15].T, STATES[i & 15].P)), iterations);
  const gross = medianUs((i) => must(aga8Gross(STATES[i & 15].T, STATES[i & 15].P, { method: 'composition', composition: GAS_21 })), iterations);

  return [
    ...benchGergFlash(),
    { name: 'gerg2008.state', unit: 'us', value: Number(gergCall.toFixed(2)), note: 'composition parse + fold, density solve, all properties', ...context },
    { name: 'gerg2008.state.preparedFluid', unit: 'us', value: Number(gergPrepared.toFixed(2)), note: 'density solve + all properties', ...context },
    { name: 'aga8Detail.state', unit: 'us', value: Number(detailCall.toFixed(2)), note: 'composition parse + fold, density solve, all properties', ...context },
    { name: 'aga8Detail.state.preparedFluid', unit: 'us', value: Number(detailPrepared.toFixed(2)), note: 'density solve + all properties', ...context },
    { name: 'aga8Gross.composition', unit: 'us', value: Number(gross.toFixed(2)), note: 'heating value, relative density, density and Z', ...context },
  ];
}

const CONDENSATE_10 = {
  nitrogen: 0.01, CO2: 0.02, methane: 0.72, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02,
  'n-hexane': 0.02, 'n-heptane': 0.02, nC10: 0.03,
};
const RICH_GAS_10 = {
  methane: 0.775367, ethane: 0.079763, propane: 0.061034, 'i-butane': 0.013757, 'n-butane': 0.021448, 'i-pentane': 0.004359,
  'n-pentane': 0.005277, 'n-hexane': 0.001334, nitrogen: 0.012637, CO2: 0.025024,
};

/** Median warm runner time (ms) of the original's GERG2008 TP cases, when the reference folder is there. */
function neqsimGergTpMs(): number | undefined {
  const file = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'), 'neqsim/models.json');
  if (!existsSync(file)) return undefined;
  const cases = (JSON.parse(readFileSync(file, 'utf8').replace(/:\s*NaN\b/g, ': null')) as { cases: { stateKind: string; input: { model: string }; neqsim_ms: number }[] }).cases;
  const ms = cases.filter((c) => c.input.model === 'GERG2008' && c.stateKind === 'TP').map((c) => c.neqsim_ms).sort((a, b) => a - b);
  return ms.length > 0 ? ms[ms.length >> 1] : undefined;
}

export function benchGergFlash(): object[] {
  const lines: object[] = [];
  const neqsim = neqsimGergTpMs();
  for (const [label, comp, T, P] of [
    ['condensate10', CONDENSATE_10, 313.15, 60e5],
    ['richgas10', RICH_GAS_10, 343.59, 52.856e5],
  ] as const) {
    const names = Object.keys(comp);
    const r = resolveComponents(names);
    if (!r.ok) throw new Error(`bench components ${r.unknown.join(', ')}`);
    for (const model of ['GERG2008', 'SRK'] as FluidModelName[]) {
      const f = createFluid(model, r.components, Object.values(comp));
      const out = flashTP(f.model, T, P, f.z);
      if (!out.ok) throw new Error(`bench ${model} flash failed: ${out.message}`);
      const us = medianUs(() => void flashTP(f.model, T, P, f.z), model === 'GERG2008' ? 50 : 1000, 5);
      lines.push({
        name: `engine.flashTP.${label}.${model}`,
        unit: 'us',
        value: Number(us.toFixed(1)),
        components: names.length,
        phases: out.result.phases.length,
        T_K: T,
        P_bar: P / 1e5,
        ...(model === 'GERG2008' && neqsim !== undefined ? { neqsim_runFlash_GERG2008_TP_median_ms: neqsim } : {}),
        note: 'fluid built once; median of 5 timed rounds',
      });
    }
  }
  return lines;
}

// Run directly: node dist/bench/gerg.js
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchGerg()) console.log(JSON.stringify(line));
}
