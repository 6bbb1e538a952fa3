/**
 * The PH/PS fast paths (src/engine/flash/state-flash.ts: the stability probe, ph-start.ts, and the
 * Newton on the split and T, ph-two-phase.ts) against the bracketing solver alone (splitNewton:
 * false), over a grid of gas, rich-gas and condensate states: valve (same H at 40 % of P),
 * compressor (same S at 2.5× P), round trips at the same P and starts 120-150 K away, so that
 * specs land inside the two-phase region, outside it, and across the dew and bubble lines from
 * the starting temperature. Both must give the same state: T within 1e-6 relative, the same phase
 * count, phase fractions within 1e-8, compositions within 1e-7.
 */
import t from 'tap';
import { createFluid, resolveComponents, flashTP, flashPH, flashPS, flashEnthalpy, flashEntropy, type FlashOutcome } from '../../src/engine/index.js';
import { cubicFluid } from '../helpers/fluids.js';
import { compareFlashStates as compare, type Mismatch } from '../helpers/state-flash-compare.js';

const FLUIDS: [string, Record<string, number>][] = [
  ['gas3', { methane: 0.85, ethane: 0.1, propane: 0.05 }],
  ['rich gas', { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 }],
  [
    'condensate10',
    { nitrogen: 0.01, CO2: 0.02, methane: 0.72, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-hexane': 0.02, 'n-heptane': 0.02, nC10: 0.03 },
  ],
];
const TEMPERATURES = [200, 240, 280, 320, 360];
const PRESSURES = [5e5, 20e5, 50e5, 90e5];

for (const model of ['SRK', 'PR'] as const) {
  t.test(`${model}: the split Newton and the bracketing solver give the same PH and PS states`, (t) => {
    const mismatches: Mismatch[] = [];
    let cases = 0;
    let viaSplitNewton = 0;
    let twoPhaseAnswers = 0;
    let crossings = 0;
    for (const [label, comp] of FLUIDS) {
      const f = cubicFluid(model, comp);
      for (const T of TEMPERATURES) {
        for (const P of PRESSURES) {
          const tp = flashTP(f.model, T, P, f.z);
          if (!tp.ok) continue;
          const H = flashEnthalpy(f.model, tp.result);
          const S = flashEntropy(f.model, tp.result);
          const runs: [string, (split: boolean) => FlashOutcome][] = [
            ['PH valve', (split) => flashPH(f.model, 0.4 * P, H, f.z, { T0: T, splitNewton: split })],
            ['PS compressor', (split) => flashPS(f.model, 2.5 * P, S, f.z, { T0: T, splitNewton: split })],
            ['PH round trip', (split) => flashPH(f.model, P, H, f.z, { T0: T + 30, splitNewton: split })],
            ['PS round trip', (split) => flashPS(f.model, P, S, f.z, { T0: T - 30, splitNewton: split })],
            ['PH from far above', (split) => flashPH(f.model, 0.7 * P, H, f.z, { T0: T + 150, splitNewton: split })],
            ['PS from far below', (split) => flashPS(f.model, 1.5 * P, S, f.z, { T0: Math.max(80, T - 120), splitNewton: split })],
          ];
          for (const [name, run] of runs) {
            const what = `${label} ${name} from ${T} K, ${P / 1e5} bar`;
            const fast = run(true);
            const robust = run(false);
            cases++;
            compare(what, fast, robust, mismatches);
            if (fast.ok && fast.result.method.includes('Newton on T and the split')) viaSplitNewton++;
            if (fast.ok && fast.result.phases.length === 2) twoPhaseAnswers++;
            if (fast.ok && fast.result.phases.length !== tp.result.phases.length) crossings++;
            if (name.endsWith('round trip') && fast.ok) {
              if (!(Math.abs(fast.result.T - T) <= 1e-6 * T)) mismatches.push({ what, why: `round trip T ${fast.result.T} vs ${T}` });
            }
          }
        }
      }
    }
    t.same(mismatches, [], `${cases} PH/PS flashes agree`);
    // The comparison means something only if the fast path and phase changes were exercised.
    t.ok(viaSplitNewton >= 60, `${viaSplitNewton} answers came from the split Newton`);
    t.ok(twoPhaseAnswers >= 40, `${twoPhaseAnswers} two-phase answers`);
    t.ok(crossings >= 10, `${crossings} answers with another phase count than the starting TP state`);
    t.end();
  });
}

t.test('the stability probe of a stable feed gives the TP flash result field for field', async (t) => {
  const { feedStateByStability } = await import('../../src/engine/flash/ph-start.js');
  let stable = 0;
  let unstable = 0;
  for (const model of ['SRK', 'PR'] as const) {
    for (const [label, comp] of FLUIDS) {
      const f = cubicFluid(model, comp);
      const z = Float64Array.from(f.z);
      let sum = 0;
      for (const v of z) sum += v;
      for (let i = 0; i < z.length; i++) z[i] /= sum;
      for (const T of [180, 220, 260, 300, 340, 380, 420]) {
        for (const P of [1e5, 10e5, 40e5, 80e5, 150e5]) {
          const probe = feedStateByStability(f.model, T, P, z);
          const tp = flashTP(f.model, T, P, f.z);
          if (!tp.ok || probe === undefined) continue;
          if (probe.stable) {
            stable++;
            t.same(probe.result, tp.result, `${model} ${label} ${T} K ${P / 1e5} bar`);
          } else {
            unstable++;
            t.equal(tp.result.phases.length, 2, `${model} ${label} ${T} K ${P / 1e5} bar: unstable for the probe, two phases for the TP flash`);
          }
        }
      }
    }
  }
  t.ok(stable >= 50 && unstable >= 50, `${stable} stable and ${unstable} unstable probes`);
});

t.test('GERG-2008 and UMR-PRU: the split Newton and the bracketing solver agree; PC-SAFT keeps the bracketing solver', (t) => {
  const comp = { methane: 0.8, ethane: 0.08, propane: 0.05, 'n-butane': 0.04, 'n-pentane': 0.03 };
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(r.unknown.join(', '));
  for (const model of ['GERG2008', 'UMRPRU', 'PCSAFT'] as const) {
    const f = createFluid(model, r.components, names.map((n) => comp[n as keyof typeof comp]));
    const mismatches: Mismatch[] = [];
    let viaSplitNewton = 0;
    for (const T of [220, 260, 300, 340]) {
      for (const P of [10e5, 40e5, 80e5]) {
        const tp = flashTP(f.model, T, P, f.z);
        if (!tp.ok) continue;
        const H = flashEnthalpy(f.model, tp.result);
        const S = flashEntropy(f.model, tp.result);
        const runs: [string, (split: boolean) => FlashOutcome][] = [
          ['PH valve', (split) => flashPH(f.model, 0.4 * P, H, f.z, { T0: T, splitNewton: split })],
          ['PS compressor', (split) => flashPS(f.model, 2 * P, S, f.z, { T0: T, splitNewton: split })],
        ];
        for (const [name, run] of runs) {
          const fast = run(true);
          compare(`${model} ${name} from ${T} K, ${P / 1e5} bar`, fast, run(false), mismatches);
          if (fast.ok && fast.result.method.includes('Newton on T and the split')) viaSplitNewton++;
        }
      }
    }
    t.same(mismatches, [], `${model}: PH/PS states agree`);
    if (model === 'PCSAFT') t.equal(viaSplitNewton, 0, 'PC-SAFT: no split-Newton answers');
    else t.ok(viaSplitNewton >= 8, `${model}: ${viaSplitNewton} answers came from the split Newton`);
  }
  t.end();
});
