/**
 * Interfacial tension methods and their validity domains (src/engine/properties/transport/
 * surface-tension.ts) against reference/physical/surface-tension.json (Mulero et al. 2012
 * correlations via CoolProp) with the saturated densities of the matching SG case of
 * saturation.json (reference EOS):
 *  - pure-fluid interfaces take the recommended correlation: equal to the reference within its
 *    round-off (same correlation), independent of the densities;
 *  - the parachor method (used for mixtures), fed the same reference densities, measures the
 *    cited parachors themselves: bound TRANSPORT_ACCURACY.surfaceTensionParachor.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { DeviationLedger } from '../helpers/deviation-ledger.js';

const ledger = new DeviationLedger('transport-surface-tension');
import {
  correlationSigma,
  PURE_SURFACE_TENSION,
  SIGMA_UPPER_BOUND,
  surfaceTension,
  surfaceTensionDetailed,
  TRANSPORT_ACCURACY,
  TransportPropertyError,
  type TransportPhaseInput,
} from '../../src/engine/properties/transport/index.js';
import { parachorTension } from '../../src/engine/properties/transport/surface-tension.js';
import { findComponent } from '../../src/engine/components/index.js';

interface StCase {
  id: string;
  inputs: { fluid: string; T_K: number };
  expected: { sigma_N_m: number };
  tolerance: { sigma_N_m: { rel: number } };
}
interface SatCase {
  id: string;
  expected: { Psat_bar: number; rhoL_kg_m3: number; rhoV_kg_m3: number };
}

const NEQSIM_NAME: Record<string, string> = { isobutane: 'i-butane', 'n-decane': 'nC10' };

function saturatedPair(name: string, T: number, sg: SatCase): [TransportPhaseInput, TransportPhaseInput] {
  const comp = findComponent(name)!;
  const base = { temperature: T, pressure: sg.expected.Psat_bar * 1e5, components: [comp], x: [1], molarMass: comp.molarMass };
  return [
    { ...base, density: sg.expected.rhoV_kg_m3, kind: 'gas' },
    { ...base, density: sg.expected.rhoL_kg_m3, kind: 'oil' },
  ];
}

t.test('pure fluids at saturation: recommended correlation and parachor method vs reference', (t) => {
  const st = loadReference<{ cases: StCase[] }>(t, 'physical/surface-tension.json');
  const sat = loadReference<{ cases: SatCase[] }>(t, 'physical/saturation.json');
  if (!st || !sat) return t.end();
  let checked = 0;
  let worstParachor = 0;
  for (const c of st.cases) {
    const name = NEQSIM_NAME[c.inputs.fluid] ?? c.inputs.fluid;
    const sg = sat.cases.find((s) => s.id === c.id.replace('STG-', 'SG-'));
    if (!findComponent(name) || !sg) {
      t.fail(`${c.id}: missing component ${name} or saturation state`);
      continue;
    }
    const [vapour, liquid] = saturatedPair(name, c.inputs.T_K, sg);
    const r = surfaceTensionDetailed(vapour, liquid);
    t.match(r.method, /Mulero/, `${c.id} ${name}: pure-fluid correlation used`);
    t.ok(Math.abs(r.sigma / c.expected.sigma_N_m - 1) < 1e-6, `${c.id} ${name} ${c.inputs.T_K} K: σ ${r.sigma.toExponential(5)} vs ${c.expected.sigma_N_m.toExponential(5)}`);
    t.equal(surfaceTension(liquid, vapour), r.sigma, `${c.id}: symmetric in the phase order`);
    // The parachor method on the same reference densities: accuracy of the cited parachors.
    const p = parachorTension(vapour, liquid);
    const err = p.sigma / c.expected.sigma_N_m - 1;
    worstParachor = Math.max(worstParachor, Math.abs(err));
    t.ok(Math.abs(err) <= TRANSPORT_ACCURACY.surfaceTensionParachor, `${c.id} ${name}: parachor σ ${p.sigma.toExponential(4)} (${(err * 100).toFixed(1)} %)`);
    const refTol = (c as { tolerance?: { sigma_N_m?: { rel?: number } } }).tolerance?.sigma_N_m?.rel ?? 0;
    ledger.record(t, `${c.id} correlation`, Math.abs(r.sigma / c.expected.sigma_N_m - 1), Math.abs(r.sigma / c.expected.sigma_N_m - 1) <= refTol);
    ledger.record(t, `${c.id} parachor`, Math.abs(err), Math.abs(err) <= refTol);
    checked++;
  }
  t.equal(checked, st.cases.length, `${checked} fluids checked`);
  t.ok(worstParachor > TRANSPORT_ACCURACY.surfaceTensionParachor / 2, `bound ${TRANSPORT_ACCURACY.surfaceTensionParachor} is not loose (worst ${(worstParachor * 100).toFixed(1)} %)`);
  t.end();
});

const c1 = findComponent('methane')!;
const c7 = findComponent('n-heptane')!;
const water = findComponent('water')!;
const state = (over: Partial<TransportPhaseInput>): TransportPhaseInput => ({ temperature: 300, pressure: 50e5, components: [c1, c7], x: [0.5, 0.5], molarMass: 0.05, density: 100, kind: 'gas', ...over });

t.test('Weinaug–Katz parachor sum by hand, liquid–liquid and bounds', (t) => {
  const gas = state({ x: [0.98, 0.02], molarMass: 0.98 * c1.molarMass + 0.02 * c7.molarMass, density: 40 });
  const oil = state({ x: [0.2, 0.8], molarMass: 0.2 * c1.molarMass + 0.8 * c7.molarMass, density: 620, kind: 'oil' });
  const cl = 620 / oil.molarMass / 1e6;
  const cv = 40 / gas.molarMass / 1e6;
  const s = c1.parachor! * (0.2 * cl - 0.98 * cv) + c7.parachor! * (0.8 * cl - 0.02 * cv);
  const r = surfaceTensionDetailed(gas, oil);
  t.match(r.method, /parachor/);
  t.ok(Math.abs(r.sigma / (s ** 4 / 1000) - 1) < 1e-12, 'matches the Weinaug–Katz sum');
  t.equal(c1.parachor, 71, 'methane parachor: Quayle C + 4 H');
  t.equal(c7.parachor, 311, 'n-heptane parachor: Quayle 7 C + 16 H');

  // Two gas-labelled phases are still two phases: parachor, not 0.
  const g2 = state({ x: [0.2, 0.8], molarMass: oil.molarMass, density: 300, kind: 'gas' });
  t.ok(surfaceTension(gas, g2) > 0, 'gas–gas interface of distinct phases > 0');
  t.equal(surfaceTension(gas, { ...gas }), 0, 'identical phases: 0 (critical point)');

  const oil2: TransportPhaseInput = { temperature: 320, pressure: 20e5, components: [c7, water], x: [0.999, 0.001], molarMass: 0.999 * c7.molarMass + 0.001 * water.molarMass, density: 660, kind: 'oil' };
  const aq: TransportPhaseInput = { temperature: 320, pressure: 20e5, components: [c7, water], x: [1e-6, 1 - 1e-6], molarMass: water.molarMass, density: 990, kind: 'aqueous' };
  // Firoozabadi–Ramey with Δρ = 0.33 g/cm3 (a = 2.915, b = −0.76852), Tr from the oil phase.
  const tr = 320 / (0.999 * c7.tc + 0.001 * water.tc);
  const expected = ((2.915 * Math.pow(0.33, 1 - 0.76852)) / Math.pow(tr, 0.3125)) ** 4 / 1000;
  const got = surfaceTension(aq, oil2);
  t.ok(Math.abs(got / expected - 1) < 1e-12, `aqueous–oil Firoozabadi–Ramey ${got.toExponential(4)} N/m`);
  t.ok(got > 0.02 && got < 0.08, 'hydrocarbon–water tension in the physical range (20–80 mN/m)');

  t.throws(() => surfaceTension({ ...aq, density: 995 }, { ...oil2, density: 990 }), { code: 'IFT_NOT_AVAILABLE', message: /Firoozabadi/ }, 'iso-dense aqueous and oil phases: outside Firoozabadi–Ramey');
  t.throws(() => surfaceTension(gas, { ...oil, density: NaN }), TransportPropertyError, 'NaN density is rejected');
  t.throws(() => surfaceTension(gas, { ...oil, components: [c1], x: [1] }), TransportPropertyError, 'mismatched component lists are rejected');
  t.end();
});

t.test('validity domains: missing parachor, triple point, critical point, upper bound', (t) => {
  const neon = findComponent('neon')!;
  t.equal(neon.parachor, null, 'neon has no published parachor');
  const comps = [c1, neon];
  const gas: TransportPhaseInput = { temperature: 150, pressure: 20e5, components: comps, x: [0.7, 0.3], molarMass: 0.017, density: 30, kind: 'gas' };
  const liq: TransportPhaseInput = { ...gas, x: [0.99, 0.01], density: 380, kind: 'oil' };
  t.throws(() => surfaceTension(gas, liq), { code: 'IFT_NOT_AVAILABLE', message: /neon/ }, 'no parachor for neon above a trace: not computed');
  const trace = { ...liq, x: [1 - 5e-5, 5e-5] };
  const gasTrace = { ...gas, x: [1 - 5e-5, 5e-5] };
  t.ok(surfaceTension(gasTrace, trace) > 0, 'a trace (< 1e-4) without a parachor does not block the parachor sum');

  // Pure methane below its triple point (90.69 K): no fluid interface.
  const pure = (T: number, rhoL: number, rhoV: number): [TransportPhaseInput, TransportPhaseInput] => {
    const base = { temperature: T, pressure: 1e5, components: [c1], x: [1], molarMass: c1.molarMass };
    return [{ ...base, density: rhoV, kind: 'gas' }, { ...base, density: rhoL, kind: 'oil' }];
  };
  t.throws(() => surfaceTension(...pure(85, 450, 0.2)), { code: 'IFT_NOT_AVAILABLE', message: /triple point/ });
  t.equal(surfaceTension(...pure(190.6, 170, 150)), 0, 'at/above the critical point of methane (190.564 K): 0');
  const corr = PURE_SURFACE_TENSION.methane;
  // Continuity at the start of the critical scaling (τ = 0.005) and positivity all the way to Tc.
  const Tswitch = corr.tc * (1 - 0.005);
  const below = surfaceTension(...pure(Tswitch - 1e-6, 300, 100));
  const above = surfaceTension(...pure(Tswitch + 1e-6, 300, 100));
  t.ok(Math.abs(below / above - 1) < 1e-4, 'continuous where the critical scaling takes over');
  for (const name of Object.keys(PURE_SURFACE_TENSION)) {
    const c = PURE_SURFACE_TENSION[name];
    const comp = findComponent(name)!;
    let ok = true;
    let max = 0;
    for (let k = 0; k <= 400; k++) {
      const T = c.tMin + ((c.tc - c.tMin) * k) / 400;
      const base = { temperature: T, pressure: 1e5, components: [comp], x: [1], molarMass: comp.molarMass };
      const s = surfaceTension({ ...base, density: 1, kind: 'gas' }, { ...base, density: 500, kind: name === 'water' ? 'aqueous' : 'oil' });
      if (!(s >= 0) || (T < c.tc && !(s > 0))) ok = false;
      max = Math.max(max, s);
    }
    t.ok(ok && max <= SIGMA_UPPER_BOUND, `${name}: σ > 0 from the triple point up to Tc, max ${(max * 1000).toFixed(2)} mN/m ≤ bound`);
  }
  t.ok(Math.abs(correlationSigma(PURE_SURFACE_TENSION.water, 1 - 298.15 / 647.096) - 0.07197) < 0.00001, 'IAPWS R1-76: 71.97 mN/m at 25 °C (table of the release)');
  t.ok(Math.abs(correlationSigma(PURE_SURFACE_TENSION.water, 1 - 373.15 / 647.096) - 0.05891) < 0.00001, 'IAPWS R1-76: 58.91 mN/m at 100 °C (table of the release)');

  // A parachor result above the physical bound is outside the domain.
  const dense = { ...liq, components: [c7, c1], x: [1, 0], molarMass: c7.molarMass, density: 5000 };
  t.throws(() => surfaceTension({ ...dense, x: [0, 1], density: 1, molarMass: c1.molarMass, kind: 'gas' }, dense), { code: 'IFT_NOT_AVAILABLE', message: /outside 0/ });
  t.end();
});

t.test('water-rich liquid against a low-pressure gas: IAPWS; at high pressure: parachor', (t) => {
  const n2 = findComponent('nitrogen')!;
  const comps = [n2, water];
  const aq: TransportPhaseInput = { temperature: 298.15, pressure: 1.01325e5, components: comps, x: [1.2e-5, 1 - 1.2e-5], molarMass: water.molarMass, density: 997, kind: 'aqueous' };
  const gas: TransportPhaseInput = { ...aq, x: [0.969, 0.031], molarMass: 0.028, density: 1.15, kind: 'gas' };
  const r = surfaceTensionDetailed(gas, aq);
  t.match(r.method, /IAPWS/);
  t.ok(Math.abs(r.sigma - 0.07197) < 1e-4, `water–air at 25 °C: ${(r.sigma * 1000).toFixed(2)} mN/m`);
  const hp = surfaceTensionDetailed({ ...gas, pressure: 100e5, density: 110 }, { ...aq, pressure: 100e5 });
  t.match(hp.method, /parachor/, 'N2 partial pressure above 5 bar: parachor');
  t.end();
});

t.test('per-case deviations have not grown (test/fixtures/deviations/transport-surface-tension.json)', (t) => {
  ledger.finish(t);
  t.end();
});
