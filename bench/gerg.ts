/**
 * Reference-EOS benchmarks: one (T, P) state (density solve + all properties) of the NIST
 * 21-component gas with GERG-2008 and AGA8 DETAIL, the same with the composition folded once
 * (prepared fluid), and one AGA8 GROSS density. Median over several timed rounds, µs per call.
 * States cycle over 16 temperatures and pressures so the per-temperature cache is exercised.
 */
import {
  aga8DetailState,
  aga8Gross,
  gerg2008State,
  prepareReferenceFluid,
  referenceStateAtPressure,
} from '../src/engine/reference-eos/index.js';

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
    { name: 'gerg2008.state', unit: 'us', value: Number(gergCall.toFixed(2)), note: 'composition parse + fold, density solve, all properties', ...context },
    { name: 'gerg2008.state.preparedFluid', unit: 'us', value: Number(gergPrepared.toFixed(2)), note: 'density solve + all properties', ...context },
    { name: 'aga8Detail.state', unit: 'us', value: Number(detailCall.toFixed(2)), note: 'composition parse + fold, density solve, all properties', ...context },
    { name: 'aga8Detail.state.preparedFluid', unit: 'us', value: Number(detailPrepared.toFixed(2)), note: 'density solve + all properties', ...context },
    { name: 'aga8Gross.composition', unit: 'us', value: Number(gross.toFixed(2)), note: 'heating value, relative density, density and Z', ...context },
  ];
}

// Run directly: node dist/bench/gerg.js
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchGerg()) console.log(JSON.stringify(line));
}
