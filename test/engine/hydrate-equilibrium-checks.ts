/**
 * The equilibrium checks of a hydrate TP flash answer, shared by the multi-guest and the
 * non-former tests: component balances closed, the fluid's phases in equilibrium with each other,
 * the hydrate's water fugacity equal to the fluid's, occupancies from the fluid's guest
 * fugacities, and the fluid left stable as it is (a TP flash of it gives the same phases).
 */
import type { Test } from 'tap';
import { createCubicFluid, flashTP, resolveComponents } from '../../src/engine/index.js';
import { createCpaFluid } from '../../src/engine/cpa-fluid.js';
import { flashTPHydrate } from '../../src/engine/hydrate/hydrate-flash.js';
import { hydrateSystem, hydrateWaterOf, pureLiquidWaterLnFugacity } from '../../src/engine/hydrate/vdwp.js';

export type HydrateModel = 'SRK' | 'PR' | 'CPA';

/** What the caller may check further: the answer and its label; undefined when the flash failed. */
export function checkHydrateAnswer(
  t: Test,
  model: HydrateModel,
  comp: Record<string, number>,
  T: number,
  P: number,
  opts: { waterLeft: boolean },
): { label: string; beta: number } | undefined {
  const label = `${model} ${Object.entries(comp)
    .map(([k, v]) => `${k} ${v.toPrecision(3)}`)
    .join(', ')}`;
  const cn = Object.keys(comp);
  const res = resolveComponents(cn);
  if (!res.ok) throw new Error('components');
  const x = cn.map((n) => comp[n]);
  const fl = model === 'CPA' ? createCpaFluid(res.components, x) : createCubicFluid(model, res.components, x);
  const r = flashTPHydrate(fl.model, T, P, fl.z);
  if (!r.ok || r.hydrate === undefined) {
    t.fail(`${label}: ${r.ok ? 'no hydrate' : `${r.code} ${r.message}`}`);
    return undefined;
  }
  const lnFugacities = (p: { x: Float64Array; lnPhi: Float64Array }): number[] => Array.from(p.x, (v, i) => Math.log(v) + p.lnPhi[i] + Math.log(P));
  const h = r.hydrate;
  const w = cn.indexOf('water');
  t.ok(r.balanceError <= 1e-10, `${label}: component balance ${r.balanceError.toExponential(2)}`);
  t.ok(Math.abs(h.beta + r.fluidFraction - 1) < 1e-10 && h.beta > 0 && h.beta < 1, `${label}: hydrate ${h.beta} + fluid ${r.fluidFraction} = feed`);
  // Every component: in the fluid's phases plus in the hydrate = feed.
  let worst = 0;
  for (let i = 0; i < cn.length; i++) {
    const inFluid = r.fluid.phases.reduce((a, p) => a + r.fluidFraction * p.beta * p.x[i], 0);
    worst = Math.max(worst, Math.abs(inFluid + h.beta * h.x[i] - fl.z[i]));
  }
  t.ok(worst < 1e-10, `${label}: fluid phases + hydrate = feed, component by component (${worst.toExponential(2)})`);
  const k = r.fluid.phases.reduce((b, p, i) => (p.x[w] > r.fluid.phases[b].x[w] ? i : b), 0);
  const ref = r.fluid.phases[k];
  const listed = r.fluid.phases.map((p) => `${p.label} ${p.beta.toPrecision(3)}`).join(', ');
  if (opts.waterLeft) t.ok(ref.label === 'aqueous' && ref.x[w] > 0.99, `${label}: liquid water left (${listed})`);
  else t.ok(r.fluid.phases.every((p) => p.label !== 'aqueous'), `${label}: all the water in hydrate (${listed})`);
  const lnF = lnFugacities(ref);
  for (const p of r.fluid.phases) {
    const other = lnFugacities(p);
    t.ok(
      other.every((v, i) => Math.abs(v - lnF[i]) < 1e-8),
      `${label}: ${p.label} phase in equilibrium with the ${ref.label} phase`,
    );
  }
  const sys = hydrateSystem(fl.model.components, model === 'CPA' ? 'GF' : 'PVTsim');
  if (!sys.ok) throw new Error('hydrate system');
  const lnFwPure = model === 'CPA' ? NaN : pureLiquidWaterLnFugacity(fl.model.atTemperature(T), sys.system, P);
  const hw = hydrateWaterOf(sys.system, h.structure, T, P, lnF, lnFwPure);
  t.ok(Math.abs(hw.lnFugacity - lnF[w]) < 1e-9, `${label}: water fugacity of ${h.structure} hydrate = fluid (${(hw.lnFugacity - lnF[w]).toExponential(2)})`);
  let occ = 0;
  for (const g of sys.system.guests) occ = Math.max(occ, Math.abs(hw.thetaSmall[g.index] - h.thetaSmall[g.index]), Math.abs(hw.thetaLarge[g.index] - h.thetaLarge[g.index]));
  t.ok(occ < 1e-9, `${label}: every guest's occupancies from the fluid's fugacities (${occ.toExponential(2)})`);
  // The fluid left, flashed on its own, is what the hydrate flash lists (no phase missed or extra).
  const left = cn.map((_, i) => r.fluid.phases.reduce((a, p) => a + p.beta * p.x[i], 0));
  const again = flashTP(fl.model, T, P, left, { multiPhaseCheck: true });
  if (!again.ok) throw new Error(again.message);
  t.same(
    again.result.phases.map((p) => p.label),
    r.fluid.phases.map((p) => p.label),
    `${label}: a TP flash of the fluid left gives the same phases`,
  );
  const fracs = again.result.phases.map((p) => p.beta);
  t.ok(
    fracs.every((b, i) => Math.abs(b - r.fluid.phases[i].beta) < 1e-6),
    `${label}: … with the same fractions (${fracs.map((b) => b.toPrecision(6)).join(', ')})`,
  );
  // The other structure against the same fluid: reported when it is the more stable.
  const other = hydrateWaterOf(sys.system, h.structure === 'sI' ? 'sII' : 'sI', T, P, lnF, lnFwPure);
  const margin = other.lnFugacity - hw.lnFugacity;
  if (r.otherStructureMargin === undefined) t.ok(margin > -1e-9, `${label}: the other structure is not more stable (${margin.toFixed(4)})`);
  else t.ok(r.otherStructureMargin < 0 && Math.abs(r.otherStructureMargin - margin) < 1e-9, `${label}: the other structure more stable by ${(-margin).toFixed(4)}, reported`);
  return { label, beta: h.beta };
}
