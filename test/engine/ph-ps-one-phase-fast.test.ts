/**
 * The PH/PS one-phase fast path (issue 25): the feed's enthalpy, entropy and Cp from
 * CubicFeedCaloric (src/engine/eos/cubic-feed.ts, no model build per temperature) against
 * phaseThermo on the model's own evaluation, and the flashes with every fast path on against the
 * bracketing solver alone (onePhaseNewton and splitNewton false) over one-phase gas, liquid,
 * dense/supercritical states and states stepping across the dew and bubble lines. Both must give
 * the same state: T within 1e-6 relative, the same phase count, phase fractions within 1e-8,
 * compositions within 1e-7. Also CubicAtT's temperature derivatives of a_ij (built from √a_i and its
 * derivatives) against central differences.
 */
import t from 'tap';
import { createFluid, flashEnthalpy, flashEntropy, flashPH, flashPS, flashTP, resolveComponents, type FlashOutcome } from '../../src/engine/index.js';
import { CubicFeedCaloric } from '../../src/engine/eos/cubic-feed.js';
import { CubicModel } from '../../src/engine/eos/cubic.js';
import { phaseThermo } from '../../src/engine/properties/thermo.js';
import { compareFlashStates as compare, type Mismatch } from '../helpers/state-flash-compare.js';

const FLUIDS: [string, Record<string, number>][] = [
  ['gas3', { methane: 0.85, ethane: 0.1, propane: 0.05 }],
  ['CO2-rich gas', { CO2: 0.6, methane: 0.3, nitrogen: 0.05, ethane: 0.05 }],
  ['LPG liquid', { propane: 0.6, 'n-butane': 0.3, 'n-pentane': 0.1 }],
  [
    'condensate10',
    { nitrogen: 0.01, CO2: 0.02, methane: 0.72, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-hexane': 0.02, 'n-heptane': 0.02, nC10: 0.03 },
  ],
];

function fluid(model: 'SRK' | 'PR', comp: Record<string, number>, alpha: 'classic' | 'mathias-copeman' | 'twu' = 'classic') {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(r.unknown.join(', '));
  return createFluid(model, r.components, names.map((n) => comp[n]), alpha);
}

t.test('CubicFeedCaloric gives the model’s root and phaseThermo’s H, S and Cp of the feed to round-off', (t) => {
  let checked = 0;
  let worst = 0;
  for (const [model, alpha] of [['SRK', 'classic'], ['PR', 'classic'], ['SRK', 'mathias-copeman'], ['PR', 'mathias-copeman'], ['SRK', 'twu']] as const) {
    for (const [label, comp] of FLUIDS) {
      const f = fluid(model, comp, alpha);
      if (!(f.model instanceof CubicModel)) throw new Error('expected a cubic model');
      const z = Float64Array.from(f.z);
      const feed = new CubicFeedCaloric(f.model, z);
      for (const T of [120, 200, 260, 300, 350, 420, 550, 800]) {
        for (const P of [1e5, 20e5, 60e5, 150e5, 400e5]) {
          const at = f.model.atTemperature(T);
          const V = at.molarVolume(P, z, 'stable');
          const ok = feed.evaluate(T, P);
          if (ok !== Number.isFinite(V)) t.fail(`${model}/${alpha} ${label} ${T} K ${P / 1e5} bar: a root for one and not the other`);
          if (!ok) continue;
          const th = phaseThermo(f.model, at, P, z, V);
          const dh = Math.abs(feed.out.h - th.enthalpy) / Math.max(Math.abs(th.enthalpy), 1000);
          const ds = Math.abs(feed.out.s - th.entropy) / Math.max(Math.abs(th.entropy), 10);
          const dcp = Math.abs(feed.out.cp - th.cp) / Math.abs(th.cp);
          const dV = Math.abs(feed.out.V - V) / V;
          worst = Math.max(worst, dh, ds, dcp, dV);
          if (!(dh <= 1e-11 && ds <= 1e-11 && dcp <= 1e-9 && dV <= 1e-12)) t.fail(`${model}/${alpha} ${label} ${T} K ${P / 1e5} bar: h ${feed.out.h} vs ${th.enthalpy}, s ${feed.out.s} vs ${th.entropy}, cp ${feed.out.cp} vs ${th.cp}`);
          checked++;
        }
      }
    }
  }
  t.ok(checked >= 700, `${checked} states compared, worst relative difference ${worst.toExponential(2)}`);
  t.end();
});

const ROBUST = { splitNewton: false, onePhaseNewton: false } as const;

for (const model of ['SRK', 'PR'] as const) {
  t.test(`${model}: PH/PS with the fast paths equal the bracketing solver alone`, (t) => {
    const mismatches: Mismatch[] = [];
    let cases = 0;
    let onePhaseNewton = 0;
    let crossings = 0;
    let worst = 0;
    let robustFailedSplitAnswered = 0;
    for (const [label, comp] of FLUIDS) {
      const f = fluid(model, comp);
      // Gas and liquid, dense and supercritical (to 400 bar, 500 K), and a fine temperature step
      // near 250-290 K where the lines of these mixtures cross 20-60 bar.
      for (const T of [150, 200, 250, 255, 260, 265, 270, 275, 280, 290, 320, 380, 500]) {
        for (const P of [2e5, 20e5, 40e5, 60e5, 150e5, 400e5]) {
          const tp = flashTP(f.model, T, P, f.z);
          if (!tp.ok) continue;
          const H = flashEnthalpy(f.model, tp.result);
          const S = flashEntropy(f.model, tp.result);
          const runs: [string, (o: object) => FlashOutcome][] = [
            ['PH valve', (o) => flashPH(f.model, 0.4 * P, H, f.z, { T0: T, ...o })],
            ['PS compressor', (o) => flashPS(f.model, 2.5 * P, S, f.z, { T0: T, ...o })],
            ['PH round trip', (o) => flashPH(f.model, P, H, f.z, { T0: T + 40, ...o })],
            ['PS round trip', (o) => flashPS(f.model, P, S, f.z, { T0: Math.max(100, T - 40), ...o })],
          ];
          for (const [name, run] of runs) {
            const what = `${label} ${name} from ${T} K, ${P / 1e5} bar`;
            const fast = run({});
            const robust = run(ROBUST);
            cases++;
            // Below a three-phase line (CO2-rich gas at 135-150 K) the bracketing solver meets the
            // jump it cannot resolve without the multiphase check, where the split Newton (as
            // before issue 25's one-phase work) certifies a two-phase state: not this test's subject.
            if (!robust.ok && fast.ok && fast.result.method.includes('Newton on T and the split')) {
              robustFailedSplitAnswered++;
              continue;
            }
            compare(what, fast, robust, mismatches);
            if (fast.ok && robust.ok) worst = Math.max(worst, Math.abs(fast.result.T - robust.result.T) / robust.result.T);
            if (fast.ok && fast.result.method.includes('one-phase Newton')) onePhaseNewton++;
            if (fast.ok && fast.result.phases.length !== tp.result.phases.length) crossings++;
          }
        }
      }
    }
    t.same(mismatches, [], `${cases} PH/PS flashes agree (worst relative T difference ${worst.toExponential(2)}; ${robustFailedSplitAnswered} left out where only the split Newton answers)`);
    t.ok(robustFailedSplitAnswered <= 6, `${robustFailedSplitAnswered} states near a three-phase line left out`);
    // The comparison means something only if the one-phase path and phase changes were exercised.
    t.ok(onePhaseNewton >= 300, `${onePhaseNewton} answers came from the one-phase Newton`);
    t.ok(crossings >= 10, `${crossings} answers with another phase count than the starting TP state`);
    t.end();
  });
}

t.test('CubicAtT: da_ij/dT and d²a_ij/dT² equal central differences of a_ij (classic, Mathias–Copeman, Twu; k_ij linear in T)', async (t) => {
  const { createCpaFluid } = await import('../../src/engine/cpa-fluid.js');
  const { CpaModel } = await import('../../src/engine/eos/cpa.js');
  const comp = { methane: 0.7, CO2: 0.1, water: 0.1, 'n-heptane': 0.1 };
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(r.unknown.join(', '));
  const cpa = createCpaFluid(r.components, names.map((n) => comp[n as keyof typeof comp]));
  if (!(cpa.model instanceof CpaModel)) throw new Error('expected a CPA model');
  const models: [string, CubicModel][] = [['CPA physical part (k_ij linear in T)', cpa.model.physical]];
  t.ok(cpa.model.physical.kijT !== undefined && cpa.model.physical.kijT.some((v) => v !== 0), 'the CPA case has a temperature-dependent k_ij');
  for (const [model, alpha] of [['SRK', 'classic'], ['PR', 'mathias-copeman'], ['SRK', 'twu']] as const) {
    const f = fluid(model, comp, alpha);
    if (f.model instanceof CubicModel) models.push([`${model}/${alpha}`, f.model]);
  }
  let worst = 0;
  for (const [label, m] of models) {
    for (const T of [250, 400, 700]) {
      const h = 1e-4 * T;
      const at = m.atTemperature(T);
      const aT = Float64Array.from(at.aT);
      const aTT = Float64Array.from(at.aTT);
      const up = m.atTemperature(T + h);
      const aUp = Float64Array.from(up.a);
      const aTUp = Float64Array.from(up.aT);
      const down = m.atTemperature(T - h);
      for (let k = 0; k < aT.length; k++) {
        const fd = (aUp[k] - down.a[k]) / (2 * h);
        const fdT = (aTUp[k] - down.aT[k]) / (2 * h);
        const e1 = Math.abs(fd - aT[k]) / Math.max(Math.abs(aT[k]), 1e-12 * Math.abs(at.a[k]) / T);
        const e2 = Math.abs(fdT - aTT[k]) / Math.max(Math.abs(aTT[k]), 1e-12 * Math.abs(at.a[k]) / (T * T));
        worst = Math.max(worst, e1, e2);
        if (!(e1 <= 2e-6 && e2 <= 2e-6)) t.fail(`${label} ${T} K entry ${k}: aT ${aT[k]} vs ${fd}, aTT ${aTT[k]} vs ${fdT}`);
      }
    }
  }
  t.ok(worst <= 2e-6, `${models.length} models, worst relative difference ${worst.toExponential(2)}`);
});
