/**
 * Three-phase (vapour / oil / aqueous) TP flash with the multiphase check, and the original's
 * default of at most two phases without it. The answers are checked on the equilibrium
 * conditions themselves (material balance, equal fugacities, Gibbs energy, stability), not on
 * stored numbers.
 */
import t, { type Test } from 'tap';
import { flashTP, stabilityAnalysis, wilsonTrials } from '../../src/engine/index.js';
import { pureTrial } from '../../src/engine/flash/stability.js';
import type { FlashResult } from '../../src/engine/index.js';
import { cubicFluid as fluid } from '../helpers/fluids.js';

function checkEquilibrium(t: Test, f: ReturnType<typeof fluid>, r: FlashResult, label: string): void {
  const nc = f.components.length;
  for (let i = 0; i < nc; i++) {
    const s = r.phases.reduce((a, p) => a + p.beta * p.x[i], 0);
    t.ok(Math.abs(s - r.z[i]) < 1e-10, `${label}: material balance of ${f.components[i].name}`);
  }
  for (let q = 1; q < r.phases.length; q++) {
    let worst = 0;
    for (let i = 0; i < nc; i++) {
      const d = Math.log(r.phases[q].x[i]) + r.phases[q].lnPhi[i] - Math.log(r.phases[0].x[i]) - r.phases[0].lnPhi[i];
      worst = Math.max(worst, Math.abs(d));
    }
    t.ok(worst < 1e-7, `${label}: fugacities of phase ${q} equal phase 0's (max |Δln f| ${worst.toExponential(2)})`);
  }
  const at = f.model.atTemperature(r.T);
  const ref = r.phases[0];
  const d = Float64Array.from(ref.x, (x, i) => Math.log(x) + ref.lnPhi[i]);
  const trials = wilsonTrials(f.model, r.T, r.P, ref.x).trials;
  for (let i = 0; i < nc; i++) trials.push(pureTrial(nc, i));
  const stab = stabilityAnalysis(at, r.P, ref.x, d, trials);
  t.ok(stab.tmMin >= -1e-7, `${label}: no trial phase lowers G (tm_min ${stab.tmMin.toExponential(2)})`);
}

t.test('gas + oil + water splits into three phases with the multiphase check', (t) => {
  const f = fluid('SRK', { methane: 0.5, 'n-heptane': 0.2, water: 0.3 });
  const out = flashTP(f.model, 303.15, 20e5, f.z, { multiPhaseCheck: true });
  t.ok(out.ok, 'converges');
  if (!out.ok) return t.end();
  const r = out.result;
  t.same(r.phases.map((p) => p.label), ['gas', 'oil', 'aqueous'], 'labels, lightest first');
  const water = f.components.findIndex((c) => c.name === 'water');
  t.ok(r.phases[2].x[water] > 0.99, `aqueous phase is nearly pure water (${r.phases[2].x[water].toFixed(5)})`);
  t.ok(Math.abs(r.phases.reduce((a, p) => a + p.beta, 0) - 1) < 1e-12, 'phase fractions sum to 1');
  checkEquilibrium(t, f, r, 'three-phase');
  t.end();
});

t.test('without the multiphase check the flash stops at two phases (the original default)', (t) => {
  const f = fluid('SRK', { methane: 0.5, 'n-heptane': 0.2, water: 0.3 });
  const out = flashTP(f.model, 303.15, 20e5, f.z);
  t.ok(out.ok);
  if (out.ok) t.equal(out.result.phases.length, 2, 'two phases');
  t.end();
});

t.test('liquid–liquid split of CO2 and n-decane at −79 °C (both phases liquid)', (t) => {
  const f = fluid('PR', { CO2: 0.594414, nC10: 0.405586 });
  const out = flashTP(f.model, 194.26, 8.946e5, f.z);
  t.ok(out.ok);
  if (!out.ok) return t.end();
  t.equal(out.result.phases.length, 2, 'two liquid phases');
  t.same(out.result.phases.map((p) => p.label), ['oil', 'oil'], 'both labelled oil, as the original');
  // The original reports β = 0.5491537369694961 for the lighter phase (flash-tp.json tp-303).
  t.ok(Math.abs(out.result.phases[0].beta - 0.5491537369694961) < 1e-8, `β ${out.result.phases[0].beta}`);
  checkEquilibrium(t, f, out.result, 'LLE');
  t.end();
});

t.test('a single-phase gas stays single phase with the multiphase check on', (t) => {
  const f = fluid('PR', { methane: 0.85, ethane: 0.1, propane: 0.05 });
  const out = flashTP(f.model, 298.15, 50e5, f.z, { multiPhaseCheck: true });
  t.ok(out.ok);
  if (out.ok) t.equal(out.result.phases.length, 1);
  t.end();
});

t.test('bad engine input is an error code, not an exception', (t) => {
  const f = fluid('SRK', { methane: 0.9, ethane: 0.1 });
  for (const [T, P, z] of [
    [NaN, 1e5, f.z],
    [300, -1, f.z],
    [300, 1e5, Float64Array.of(0.5, -0.5)],
    [300, 1e5, Float64Array.of(1)],
  ] as const) {
    const out = flashTP(f.model, T, P, z);
    t.equal(out.ok, false, `T=${T}, P=${P}, z=${Array.from(z)}`);
    if (!out.ok) t.equal(out.code, 'FLASH_ERROR');
  }
  t.end();
});
