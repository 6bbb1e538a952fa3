/**
 * Accuracy of the envelope as returned: the polyline through the traced points (straight in
 * ln T, ln P between neighbours of one segment) lies within 1e-3 of the exact saturation curve.
 * Checked by independent saturation solves (src/engine/flash/saturation.ts, successive
 * substitution) at the quarter, half and three-quarter points of every chord: T at the chord's
 * pressure where the chord is steep in P, P at its temperature where it is flat; the exact point
 * must be within 1e-3 (ln units) of the polyline. Close to the critical point the solvers of one
 * branch are ill-conditioned, so chords within 3 % of it are left out (the critical point itself
 * is tested against denser traces in phase-envelope.test.ts).
 */
import t from 'tap';
import { bubblePointPressure, bubblePointTemperature, dewPointPressure, dewPointTemperature, distanceToEnvelope, phaseEnvelope } from '../../src/engine/index.js';
import { cubicFluid as fluid } from '../helpers/fluids.js';

const TOLERANCE = 1e-3;

const CASES: [string, ReturnType<typeof fluid>][] = [
  ['natural gas 6 (SRK)', fluid('SRK', { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 })],
  ['gas 8 (SRK)', fluid('SRK', { nitrogen: 0.01, CO2: 0.02, methane: 0.82, ethane: 0.07, propane: 0.04, 'i-butane': 0.01, 'n-butane': 0.02, 'n-pentane': 0.01 })],
  ['rich gas (PR)', fluid('PR', { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 })],
  ['methane/propane 50/50 (SRK)', fluid('SRK', { methane: 0.5, propane: 0.5 })],
  ['sour gas (SRK)', fluid('SRK', { methane: 0.648927, H2S: 0.265791, CO2: 0.021165, ethane: 0.033431, propane: 0.028003, 'n-pentane': 0.002683 })],
];

t.test('the returned polyline is within 1e-3 of exact saturation points along every chord', (t) => {
  for (const [name, f] of CASES) {
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok || !e.critical) {
      t.fail(`${name}: traced with a critical point`);
      continue;
    }
    const c = e.critical;
    let worst = 0;
    let checked = 0;
    let chords = 0;
    for (let i = 0; i + 1 < e.points.length; i++) {
      const a = e.points[i];
      const b = e.points[i + 1];
      if (a.segment !== b.segment || a.branch !== b.branch) continue;
      const nearCritical = (p: { T: number; P: number }) => Math.abs(Math.log(p.T / c.T)) < 0.03 && Math.abs(Math.log(p.P / c.P)) < 0.03;
      if (nearCritical(a) || nearCritical(b)) continue;
      chords++;
      const dlnT = Math.log(b.T / a.T);
      const dlnP = Math.log(b.P / a.P);
      for (const s of [0.25, 0.5, 0.75]) {
        const T = a.T * Math.exp(s * dlnT);
        const P = a.P * Math.exp(s * dlnP);
        const dew = a.branch === 'dew';
        const steep = Math.abs(dlnP) > Math.abs(dlnT);
        const sat = steep ? (dew ? dewPointTemperature(f.model, P, f.z, T) : bubblePointTemperature(f.model, P, f.z, T)) : dew ? dewPointPressure(f.model, T, f.z, P) : bubblePointPressure(f.model, T, f.z, P);
        // A solve that lands elsewhere on the curve (another root of the spec line) says nothing here.
        if (!sat.ok || Math.abs(Math.log(sat.T / T)) > 0.02 || Math.abs(Math.log(sat.P / P)) > 0.05) continue;
        worst = Math.max(worst, distanceToEnvelope(e.points, sat.T, sat.P));
        checked++;
      }
    }
    t.ok(checked >= 2 * chords, `${name}: ${checked} exact points on ${chords} chords (of ${e.points.length} points)`);
    t.ok(worst < TOLERANCE, `${name}: exact saturation points within ${worst.toExponential(2)} of the polyline (ln T, ln P)`);
  }
  t.end();
});
