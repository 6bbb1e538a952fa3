/**
 * PC-SAFT through the generic flash algorithms (no PC-SAFT special case in src/engine/flash):
 * fugacity equality between the phases found and Gibbs energy of the result ≤ that of the
 * single-phase feed (each phase on its lower-G root), for hydrocarbon, water–hydrocarbon
 * (three phases) and glycol/alcohol–water–gas fluids; PH/PS round trips; dew and bubble points
 * whose incipient phase is in equilibrium with the feed; runFlash accepting the model names and
 * refusing components without parameters (422).
 */
import t from 'tap';
import { findComponent } from '../../src/engine/components/index.js';
import { createPcSaftFluid } from '../../src/engine/pcsaft-fluid.js';
import { flashTP } from '../../src/engine/flash/tp-flash.js';
import { flashEnthalpy, flashEntropy, flashPH, flashPS } from '../../src/engine/flash/state-flash.js';
import { bubblePointPressure, dewPointTemperature } from '../../src/engine/flash/saturation.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { reducedGibbs as gibbs } from '../helpers/gibbs.js';

function fluidOf(comp: Record<string, number>) {
  const names = Object.keys(comp);
  return createPcSaftFluid(names.map((n) => findComponent(n)!), names.map((n) => comp[n]));
}

const CASES: { label: string; comp: Record<string, number>; T: number; P: number; phases: number }[] = [
  {
    label: 'gas condensate',
    comp: { nitrogen: 0.01, CO2: 0.02, methane: 0.72, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-hexane': 0.02, 'n-heptane': 0.02, nC10: 0.03 },
    T: 313.15,
    P: 60e5,
    phases: 2,
  },
  { label: 'gas, oil and water', comp: { methane: 0.5, propane: 0.1, nC10: 0.2, water: 0.2 }, T: 323.15, P: 50e5, phases: 3 },
  { label: 'wet gas with MEG', comp: { methane: 0.6, water: 0.25, MEG: 0.15 }, T: 283.15, P: 80e5, phases: 2 },
  { label: 'wet gas with methanol', comp: { methane: 0.7, methanol: 0.1, water: 0.2 }, T: 278.15, P: 70e5, phases: 2 },
  { label: 'water-saturated gas (the original keeps it one phase)', comp: { methane: 0.892903, ethane: 0.043665, propane: 0.016156, water: 0.047276 }, T: 288.33, P: 53.484e5, phases: 2 },
];

for (const c of CASES) {
  t.test(`TP flash, ${c.label}: fugacity equality and Gibbs energy below the feed's`, (t) => {
    const f = fluidOf(c.comp);
    const out = flashTP(f.model, c.T, c.P, f.z, { multiPhaseCheck: true });
    if (!out.ok) {
      t.fail(out.message);
      return t.end();
    }
    const phases = out.result.phases;
    t.equal(phases.length, c.phases, `${phases.length} phases: ${phases.map((p) => `${p.label} β=${p.beta.toFixed(4)}`).join(', ')}`);
    const at = f.model.atTemperature(c.T);
    const lnf = phases.map((p) => {
      const l = new Float64Array(f.model.nc);
      at.lnPhi(c.P, p.x, 'stable', l);
      return Array.from(l, (v, i) => v + Math.log(p.x[i]));
    });
    for (let k = 1; k < phases.length; k++) {
      let worst = 0;
      for (let i = 0; i < f.model.nc; i++) worst = Math.max(worst, Math.abs(lnf[k][i] - lnf[0][i]));
      t.ok(worst < 1e-7, `ln f of ${phases[k].label} vs ${phases[0].label}: max |Δ| ${worst.toExponential(2)}`);
    }
    let mass = 0;
    for (let i = 0; i < f.model.nc; i++) {
      let s = 0;
      for (const p of phases) s += p.beta * p.x[i];
      mass = Math.max(mass, Math.abs(s - f.z[i]));
    }
    t.ok(mass < 1e-10, `material balance ${mass.toExponential(2)}`);
    const gFeed = gibbs(f.model, c.T, c.P, [{ beta: 1, x: f.z }]);
    const gSplit = gibbs(f.model, c.T, c.P, phases);
    t.ok(gSplit < gFeed, `G/RT split ${gSplit.toFixed(8)} < feed ${gFeed.toFixed(8)}`);
    t.end();
  });
}

t.test('PH and PS flashes return to the TP state they were specified from', (t) => {
  const f = fluidOf(CASES[0].comp);
  const tp = flashTP(f.model, 290, 40e5, f.z);
  if (!tp.ok) return t.end();
  const H = flashEnthalpy(f.model, tp.result);
  const S = flashEntropy(f.model, tp.result);
  const ph = flashPH(f.model, 40e5, H, f.z, { T0: 310 });
  const ps = flashPS(f.model, 40e5, S, f.z, { T0: 270 });
  t.ok(ph.ok && Math.abs(ph.result.T - 290) < 1e-6, `PH: ${ph.ok ? ph.result.T : ph.message} K`);
  t.ok(ps.ok && Math.abs(ps.result.T - 290) < 1e-6, `PS: ${ps.ok ? ps.result.T : ps.message} K`);
  t.end();
});

t.test('dew and bubble points: incipient phase in equilibrium with the feed, and the TP flash agrees on either side', (t) => {
  const gas = fluidOf({ methane: 0.85, ethane: 0.06, propane: 0.03, 'i-butane': 0.01, 'n-butane': 0.01, 'n-pentane': 0.005, 'n-hexane': 0.005, nitrogen: 0.01, CO2: 0.02 });
  const dew = dewPointTemperature(gas.model, 50e5, gas.z, 273.15);
  t.ok(dew.ok, dew.ok ? `dew T ${dew.T.toFixed(3)} K at 50 bar` : dew.message);
  if (dew.ok) {
    const inside = flashTP(gas.model, dew.T - 0.2, 50e5, gas.z);
    const outside = flashTP(gas.model, dew.T + 0.2, 50e5, gas.z);
    t.ok(inside.ok && inside.result.phases.length === 2, '0.2 K below: two phases');
    t.ok(outside.ok && outside.result.phases.length === 1, '0.2 K above: one phase');
    const g = gibbs(gas.model, dew.T, 50e5, [{ beta: 1, x: gas.z }]);
    t.ok(Number.isFinite(g));
  }
  const lng = fluidOf({ methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 });
  const bub = bubblePointPressure(lng.model, 123.15, lng.z, 5e5);
  t.ok(bub.ok, bub.ok ? `LNG bubble P ${(bub.P / 1e5).toFixed(4)} bar at 123.15 K` : bub.message);
  if (bub.ok) {
    const at = lng.model.atTemperature(123.15);
    const l = new Float64Array(4);
    const v = new Float64Array(4);
    at.lnPhi(bub.P, lng.z, 'liquid', l);
    at.lnPhi(bub.P, bub.incipient, 'vapor', v);
    let worst = 0;
    for (let i = 0; i < 4; i++) worst = Math.max(worst, Math.abs(l[i] + Math.log(lng.z[i]) - v[i] - Math.log(bub.incipient[i])));
    t.ok(worst < 1e-8, `ln f liquid vs incipient vapour: ${worst.toExponential(2)}`);
    t.ok(bub.P > 1e5 && bub.P < 10e5, 'physical bubble pressure (1–10 bar)');
  }
  t.end();
});

t.test('runFlash: model names, every flash type, components without parameters', (t) => {
  const gas = { methane: 0.85, ethane: 0.06, propane: 0.03, nitrogen: 0.01, CO2: 0.05 };
  for (const model of ['PCSAFT', 'PC-SAFT', 'pcsaft', 'pc_saft']) {
    const r = runFlash({ model, components: gas, temperature: { value: 20, unit: 'C' }, pressure: { value: 50, unit: 'bara' } });
    t.equal(r.status, 'success', `"${model}" accepted`);
  }
  const types: Record<string, unknown>[] = [
    { flashType: 'PH', enthalpy: { value: -2000, unit: 'J/mol' }, pressure: { value: 20, unit: 'bara' } },
    { flashType: 'PS', entropy: { value: -20, unit: 'J/molK' }, pressure: { value: 20, unit: 'bara' } },
    { flashType: 'TV', volume: { value: 0.0005, unit: 'm3/mol' }, temperature: { value: 10, unit: 'C' } },
    { flashType: 'dewPointT', pressure: { value: 30, unit: 'bara' } },
    { flashType: 'dewPointP', temperature: { value: -60, unit: 'C' } },
    { flashType: 'bubblePointP', temperature: { value: -150, unit: 'C' }, components: { methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 } },
    { flashType: 'bubblePointT', pressure: { value: 10, unit: 'bara' }, components: { propane: 0.5, 'n-butane': 0.5 } },
  ];
  for (const extra of types) {
    const r = runFlash({ model: 'PCSAFT', components: gas, temperature: { value: 0, unit: 'C' }, pressure: { value: 30, unit: 'bara' }, ...extra });
    t.equal(r.status, 'success', `${String(extra.flashType)}: ${r.status === 'success' ? `${r.data!.flash.numberOfPhases} phase(s)` : JSON.stringify(r).slice(0, 300)}`);
  }
  // A component of the table without PC-SAFT parameters: 422 naming it.
  const without = ['p-Xylene', 'o-Xylene', 'S8', 'c-propane', '3-M-C6', 'ethylcyclohexane'].map((n) => findComponent(n)).find((c) => c !== undefined && runFlash({ model: 'PCSAFT', components: { methane: 0.9, [c.name]: 0.1 } }).status !== 'success');
  t.ok(without !== undefined, `a component without PC-SAFT parameters exists in the table (${without?.name})`);
  if (without) {
    const r = runFlash({ model: 'PCSAFT', components: { methane: 0.9, [without.name]: 0.1 } }) as unknown as { status: string; errorKind: string; errors: { code: string; message: string; field?: string }[] };
    t.equal(r.errorKind, 'compute', '422 (compute)');
    t.equal(r.errors[0].code, 'UNSUPPORTED_COMPONENT');
    t.match(r.errors[0].message, without.name);
    t.equal(r.errors[0].field, `components.${without.name}`);
  }
  t.end();
});
