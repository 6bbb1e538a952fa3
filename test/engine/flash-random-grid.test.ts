/**
 * Robustness of the TP flash over a seeded random grid: 2,400 flashes of 2–15 components from
 * the common natural-gas/oil set, −150…300 °C, 0.1…1000 bar (log-uniform), SRK and PR; a sixth
 * of them contain water. All run with the multiphase check, because the verification below asks
 * for the global Gibbs minimum (without the check a flash stops at two phases, as the original,
 * and cold mixtures can hide a third liquid). Every answer must be either
 *   - a verified equilibrium: material balance to 1e-10, equal fugacities in all phases, Gibbs
 *     energy not above the feed's, and stable: a fresh stability test of the result (Wilson
 *     trials plus near-pure trials of every component) finds no trial phase with tm < −1e-7;
 *   - or an error with a flash error code (never an exception, never NaN).
 * The counts are printed.
 */
import t from 'tap';
import { findComponent, binaryInteraction, type ComponentData } from '../../src/engine/components/index.js';
import { createCubicModel } from '../../src/engine/eos/cubic.js';
import { flashTP } from '../../src/engine/flash/tp-flash.js';
import { stabilityAnalysis, wilsonTrials } from '../../src/engine/flash/stability.js';

const POOL = ['methane', 'ethane', 'propane', 'i-butane', 'n-butane', 'i-pentane', 'n-pentane', 'n-hexane', 'n-heptane', 'n-octane', 'n-nonane', 'nC10', 'nC12', 'nitrogen', 'CO2', 'H2S'];
const N = 2400;

/** mulberry32: small deterministic PRNG so the grid is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

t.test(`seeded random grid of ${N} TP flashes`, (t) => {
  const rand = rng(20261130);
  const counts = { twoPhase: 0, singlePhase: 0, threePhase: 0, errors: 0, failures: 0 };
  const failures: string[] = [];
  const errors: string[] = [];
  for (let k = 0; k < N; k++) {
    const withWater = k % 6 === 5;
    const multiPhaseCheck = true; // see the header: the check below is for the global minimum
    const nc = 2 + Math.floor(rand() * (withWater ? 13 : 14));
    const names = new Set<string>();
    while (names.size < nc) names.add(POOL[Math.floor(rand() * POOL.length)]);
    if (withWater) names.add('water');
    const comps = [...names].map((n) => findComponent(n) as ComponentData);
    const z = comps.map(() => -Math.log(1 - rand() * 0.999));
    const model = rand() < 0.5 ? 'SRK' : 'PR';
    const T = 273.15 - 150 + rand() * 450;
    const P = Math.exp(Math.log(0.1e5) + rand() * Math.log(1000e5 / 0.1e5));
    const m = comps.length;
    const kij = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) kij[i * m + j] = binaryInteraction(model, comps[i].name, comps[j].name);
    const eos = createCubicModel(model, comps, kij);
    const tag = `#${k} ${model} T=${(T - 273.15).toFixed(1)} C P=${(P / 1e5).toFixed(2)} bar [${[...names].join(',')}]`;
    let out;
    try {
      out = flashTP(eos, T, P, z, { multiPhaseCheck });
    } catch (e) {
      counts.failures++;
      failures.push(`${tag}: threw ${(e as Error).message}`);
      continue;
    }
    if (!out.ok) {
      counts.errors++;
      errors.push(`${tag}: ${out.code} ${out.message}`);
      if (out.code !== 'FLASH_NOT_CONVERGED' && out.code !== 'FLASH_ERROR') {
        counts.failures++;
        failures.push(`${tag}: unexpected code ${out.code}`);
      }
      continue;
    }
    const r = out.result;
    const np = r.phases.length;
    if (np === 1) counts.singlePhase++;
    else if (np === 2) counts.twoPhase++;
    else counts.threePhase++;
    const problems: string[] = [];
    // Material balance and finite numbers.
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (const p of r.phases) s += p.beta * p.x[i];
      if (!(Math.abs(s - r.z[i]) < 1e-10)) problems.push(`material balance of ${comps[i].name}: ${s} vs ${r.z[i]}`);
    }
    for (const p of r.phases) if (![p.beta, p.V, p.Z, ...p.lnPhi, ...p.x].every(Number.isFinite)) problems.push('non-finite phase value');
    // Equal fugacities across phases.
    for (let q = 1; q < np; q++) {
      for (let i = 0; i < m; i++) {
        const d = Math.log(r.phases[q].x[i]) + r.phases[q].lnPhi[i] - Math.log(r.phases[0].x[i]) - r.phases[0].lnPhi[i];
        if (!(Math.abs(d) < 1e-7)) problems.push(`fugacity of ${comps[i].name} differs by ${d.toExponential(2)} between phases 0 and ${q}`);
      }
    }
    // Gibbs energy not above the feed's.
    const at = eos.atTemperature(T);
    const lnPhiZ = new Float64Array(m);
    at.lnPhi(P, r.z, 'stable', lnPhiZ);
    let gFeed = 0;
    let gSplit = 0;
    for (let i = 0; i < m; i++) gFeed += r.z[i] * (Math.log(r.z[i]) + lnPhiZ[i]);
    for (const p of r.phases) for (let i = 0; i < m; i++) gSplit += p.beta * p.x[i] * (Math.log(p.x[i]) + p.lnPhi[i]);
    if (!(gSplit <= gFeed + 1e-10)) problems.push(`G of the result ${gSplit} above the feed's ${gFeed}`);
    // Stability of the result: d from phase 0 (all phases share it at equilibrium).
    const ref = r.phases[0];
    const d = Float64Array.from(ref.x, (x, i) => Math.log(x) + ref.lnPhi[i]);
    const trials = wilsonTrials(eos, T, P, ref.x).trials;
    for (let i = 0; i < m; i++) trials.push(Float64Array.from({ length: m }, (_, j) => Math.log(j === i ? 0.99 : 0.01 / (m - 1))));
    const stab = stabilityAnalysis(at, P, ref.x, d, trials);
    if (stab.tmMin < -1e-7) problems.push(`result unstable: tm ${stab.tmMin.toExponential(2)} (${r.method})`);
    if (problems.length) {
      counts.failures++;
      failures.push(`${tag} ${np} phase(s): ${problems.slice(0, 3).join('; ')}`);
    }
  }
  t.comment(`single ${counts.singlePhase}, two-phase ${counts.twoPhase}, three-phase ${counts.threePhase}, error codes ${counts.errors}, failed checks ${counts.failures}`);
  for (const f of failures.slice(0, 30)) t.comment(f);
  for (const e of errors) t.comment(e);
  t.equal(counts.failures, 0, 'every answer is a verified stable equilibrium or an error code');
  t.ok(counts.errors <= N * 0.005, `error codes are rare: ${counts.errors}/${N}`);
  t.ok(counts.twoPhase > N * 0.1 && counts.singlePhase > N * 0.1, 'the grid covers both one- and two-phase states');
  t.end();
});
