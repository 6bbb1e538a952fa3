/**
 * Saturation points within 0.1 %–0.001 % of the cricondenbar, the cricondentherm and the critical
 * point (runFlash dewPointT/dewPointP/bubblePointT/bubblePointP through runSaturation), on a
 * natural gas, an LNG, a methane–propane mixture and a CO2-rich gas with SRK and PR:
 * - a spec inside the branch's reach gives the point, or SATURATION_NOT_CONVERGED saying that the
 *   point exists (never NO_SATURATION_POINT); before the near-extreme search 14 of 192 such specs
 *   were answered NO_SATURATION_POINT (dew points 0.01 % below the cricondenbar, among them);
 * - the point found is on the spec line and near the extreme (the curve is a parabola there);
 * - a spec just beyond the extreme, or between the critical point and the extreme of the other
 *   branch, is NO_SATURATION_POINT with the branch's reach in the message.
 */
import t from 'tap';
import { createCubicFluid, resolveComponents } from '../../src/engine/fluid.js';
import { phaseEnvelope } from '../../src/engine/flash/envelope.js';
import type { CubicKind } from '../../src/engine/index.js';
import { runSaturation } from '../../src/tools/thermo/runFlash/saturation.js';
import type { SaturationFlashType } from '../../src/tools/thermo/runFlash/flash-types.js';

const FLUIDS: Record<string, Record<string, number>> = {
  'natural gas': { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 },
  LNG: { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 },
  'methane-propane': { methane: 0.6, propane: 0.4 },
  'CO2-rich': { CO2: 0.9, methane: 0.07, nitrogen: 0.03 },
};

for (const model of ['SRK', 'PR'] as CubicKind[]) {
  for (const [name, comp] of Object.entries(FLUIDS)) {
    t.test(`${model} ${name}: near the cricondenbar, cricondentherm and critical point`, (t) => {
      const names = Object.keys(comp);
      const r = resolveComponents(names);
      if (!r.ok) throw new Error(r.unknown.join());
      const f = createCubicFluid(model, r.components, names.map((n) => comp[n]));
      const env = phaseEnvelope(f.model, f.z);
      if (!env.ok || env.critical === undefined || env.cricondenbar === undefined) throw new Error('envelope');
      const branchAt = (e: { T: number; P: number }) => {
        let best = env.points[0];
        for (const p of env.points) if (Math.hypot(Math.log(p.T / e.T), Math.log(p.P / e.P)) < Math.hypot(Math.log(best.T / e.T), Math.log(best.P / e.P))) best = p;
        return best.branch;
      };
      const cb = env.cricondenbar;
      const ct = env.cricondentherm;
      const cr = env.critical;
      const atCb: SaturationFlashType = branchAt(cb) === 'dew' ? 'dewPointT' : 'bubblePointT';
      const atCt: SaturationFlashType = branchAt(ct) === 'dew' ? 'dewPointP' : 'bubblePointP';
      let found = 0;
      let total = 0;
      for (const d of [1e-3, 1e-4, 1e-5]) {
        const specs: [SaturationFlashType, number, number, string][] = [
          [atCb, cb.T, cb.P * (1 - d), `${d} below the cricondenbar`],
          [atCt, ct.T * (1 - d), ct.P, `${d} below the cricondentherm`],
          ['bubblePointP', cr.T * (1 - d), cr.P, `${d} below Tc`],
          ['dewPointP', cr.T * (1 - d), cr.P, `${d} below Tc`],
        ];
        for (const [type, T, P, what] of specs) {
          total++;
          const o = runSaturation(type, f.model, f.z, T, P);
          if (!o.ok) {
            t.equal(o.issue.code, 'SATURATION_NOT_CONVERGED', `${type} ${what}: the point exists, so not NO_SATURATION_POINT (${o.issue.message})`);
            t.match(o.issue.message, /so the point exists/);
            continue;
          }
          found++;
          const onLine = type.endsWith('T') ? Math.abs(o.result.P / P - 1) : Math.abs(o.result.T / T - 1);
          // Near an extreme the other variable moves like the square root of the distance to it.
          const off = type === atCb && what.includes('cricondenbar') ? Math.abs(Math.log(o.result.T / cb.T)) : type === atCt && what.includes('cricondentherm') ? Math.abs(Math.log(o.result.P / ct.P)) : 0;
          t.ok(onLine < 1e-9 && off < 5 * Math.sqrt(d), `${type} ${what}: ${type.endsWith('T') ? `${o.result.T.toFixed(3)} K` : `${(o.result.P / 1e5).toFixed(4)} bara`} on the spec line (${onLine.toExponential(1)}), ${off.toExponential(1)} from the extreme`);
        }
      }
      // PR on the CO2-rich gas: 3 of the 0.01 %/0.001 % specs beside its critical point are not converged (reported so).
      t.ok(found >= total - 3, `${found}/${total} near-extreme points found`);
      // The other branch ends at the critical point: between Pc and the cricondenbar (Tc and the
      // cricondentherm) it has no point, and the answer must not claim one exists.
      const otherAtCb: SaturationFlashType = atCb === 'dewPointT' ? 'bubblePointT' : 'dewPointT';
      const otherAtCt: SaturationFlashType = atCt === 'dewPointP' ? 'bubblePointP' : 'dewPointP';
      for (const [type, T, P] of [
        [atCb, cb.T, cb.P * (1 + 1e-4)],
        [atCt, ct.T * (1 + 1e-4), ct.P],
        ...(cb.P > cr.P * (1 + 1e-3) ? [[otherAtCb, cr.T, (cb.P + cr.P) / 2]] : []),
        ...(ct.T > cr.T * (1 + 1e-4) ? [[otherAtCt, (ct.T + cr.T) / 2, cr.P]] : []),
      ] as [SaturationFlashType, number, number][]) {
        const o = runSaturation(type, f.model, f.z, T, P);
        t.ok(!o.ok && o.issue.code === 'NO_SATURATION_POINT' && /reaches at most/.test(o.issue.message), `${type} at ${T.toFixed(2)} K, ${(P / 1e5).toFixed(3)} bara, beyond its branch: NO_SATURATION_POINT naming the reach (${o.ok ? 'found' : o.issue.message.slice(0, 160)})`);
      }
      t.end();
    });
  }
}
