/**
 * Mixture critical points from the criticality conditions (src/engine/flash/critical-point.ts,
 * Heidemann and Khalil 1980 in Michelsen's scaled form) and their use in the phase envelope:
 * - the solved point is where a much denser envelope trace puts the ln K = 0 crossing (the
 *   interpolation converges to it as the step shrinks), and the default trace reports it;
 * - the pure-component limit: a trace of a second component moves the point off the
 *   component's Tc, Pc (which a cubic reproduces exactly) only by a small amount;
 * - the cricondentherm and cricondenbar never lie beyond a 20× denser trace of the same curve
 *   (n-pentane/n-hexane with SRK reported 497.64 K against a true top of 490.74 K before: a
 *   parabola through the points either side of the critical point overshot), and next to the
 *   critical point the cricondentherm is a solved dew point;
 * - the dew and bubble points in the narrow band below the critical pressure that the trace
 *   steps over are found (they answered NO_SATURATION_POINT before).
 */
import t from 'tap';
import { phaseEnvelope, saturationFromEnvelope } from '../../src/engine/index.js';
import { smallestEigen, solveCriticalPoint } from '../../src/engine/flash/critical-point.js';
import { cubicFluid as fluid } from '../helpers/fluids.js';

const BINARIES: [string, ReturnType<typeof fluid>][] = [
  ['methane/ethane 50/50 (PR)', fluid('PR', { methane: 0.5, ethane: 0.5 })],
  ['methane/propane 50/50 (SRK)', fluid('SRK', { methane: 0.5, propane: 0.5 })],
  ['ethane/n-heptane 50/50 (PR)', fluid('PR', { ethane: 0.5, 'n-heptane': 0.5 })],
  ['n-pentane/n-hexane 50/50 (SRK)', fluid('SRK', { 'n-pentane': 0.5, 'n-hexane': 0.5 })],
  ['n-pentane/n-hexane 10/90 (SRK)', fluid('SRK', { 'n-pentane': 0.1, 'n-hexane': 0.9 })],
  ['natural gas (SRK)', fluid('SRK', { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 })],
];

t.test('smallest eigenvalue of a symmetric matrix', (t) => {
  // [[2,1,0],[1,2,1],[0,1,2]]: eigenvalues 2−√2, 2, 2+√2; the smallest has vector (1, −√2, 1)/2.
  const e = smallestEigen(Float64Array.from([2, 1, 0, 1, 2, 1, 0, 1, 2]), 3);
  t.ok(Math.abs(e.value - (2 - Math.SQRT2)) < 1e-12, `λ = ${e.value}`);
  const s = Math.sign(e.vector[0]);
  t.ok(Math.abs(s * e.vector[0] - 0.5) < 1e-12 && Math.abs(s * e.vector[1] + Math.SQRT1_2) < 1e-12 && Math.abs(s * e.vector[2] - 0.5) < 1e-12, 'eigenvector');
  t.end();
});

t.test('the solved critical point is the limit of denser traces, and the envelope reports it', (t) => {
  for (const [name, f] of BINARIES) {
    const e = phaseEnvelope(f.model, f.z);
    const dense = phaseEnvelope(f.model, f.z, { stepScale: 0.05, maxPoints: 20000 });
    if (!e.ok || !dense.ok || !e.critical) {
      t.fail(`${name}: envelope`);
      continue;
    }
    // The seed far off (1 %, 3 %): the same point.
    const c = solveCriticalPoint(f.model, f.z, { T: e.critical.T * 1.01, P: e.critical.P * 0.97 });
    if (!c) {
      t.fail(`${name}: no critical point`);
      continue;
    }
    t.ok(Math.abs(c.T / e.critical.T - 1) < 1e-9 && Math.abs(c.P / e.critical.P - 1) < 1e-8, `${name}: reported = solved (${c.T.toFixed(3)} K, ${(c.P / 1e5).toFixed(3)} bar)`);
    // A 20× denser trace's interpolated crossing (its own seed) converges on it.
    t.ok(Math.abs(dense.critical!.T / c.T - 1) < 1e-8 && Math.abs(dense.critical!.P / c.P - 1) < 1e-8, `${name}: dense trace agrees`);
    // Extremes never beyond the curve: not beyond a 20× denser trace (its points, critical point
    // and the states it solves next to the critical point) by more than 2 mK / 20 Pa, and where
    // the extreme lies next to the critical point, the dew (bubble) point at its pressure is it.
    const topT = Math.max(...dense.points.map((p) => p.T), c.T, dense.cricondentherm.T);
    const topP = Math.max(...dense.points.map((p) => p.P), c.P, dense.cricondenbar?.P ?? 0);
    t.ok(e.cricondentherm.T <= topT + 2e-3 && e.cricondentherm.T >= Math.max(...e.points.map((p) => p.T)), `${name}: cricondentherm ${e.cricondentherm.T.toFixed(4)} K (dense ${topT.toFixed(4)} K)`);
    t.ok(e.cricondenbar!.P <= topP + 20 && e.cricondenbar!.P >= Math.max(...e.points.map((p) => p.P)), `${name}: cricondenbar ${(e.cricondenbar!.P / 1e5).toFixed(5)} bar (dense ${(topP / 1e5).toFixed(5)} bar)`);
    if (Math.abs(e.cricondentherm.T - c.T) < 0.1) {
      const dew = saturationFromEnvelope(f.model, 'dew', 'T', e.cricondentherm.P, f.z);
      t.ok(dew && Math.abs(dew.T - e.cricondentherm.T) < 1e-6, `${name}: the cricondentherm is a dew point (${dew?.T.toFixed(4)} K)`);
    }
    t.ok(e.cricondentherm.T >= c.T - 1e-9 && e.cricondenbar!.P >= c.P * (1 - 1e-12), `${name}: the critical point is inside the extremes`);
  }
  t.end();
});

t.test('pure-component limit', (t) => {
  for (const model of ['SRK', 'PR'] as const) {
    const f = fluid(model, { ethane: 0.9999, 'n-butane': 0.0001 });
    const c1 = f.model.components[0];
    const c = solveCriticalPoint(f.model, f.z, { T: c1.tc, P: c1.pc });
    t.ok(c && Math.abs(c.T / c1.tc - 1) < 2e-4 && Math.abs(c.P / c1.pc - 1) < 5e-4, `${model}: ${c?.T.toFixed(3)} K, ${((c?.P ?? 0) / 1e5).toFixed(3)} bar vs ethane ${c1.tc} K, ${(c1.pc / 1e5).toFixed(3)} bar`);
  }
  t.end();
});

t.test('saturation points in the band below the critical pressure', (t) => {
  for (const x of [0.5, 0.1]) {
    const f = fluid('SRK', { 'n-pentane': x, 'n-hexane': 1 - x });
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok || !e.critical) {
      t.fail('envelope');
      continue;
    }
    let previous = 0;
    for (const r of [0.99, 0.995, 0.999]) {
      const P = r * e.critical.P;
      const dew = saturationFromEnvelope(f.model, 'dew', 'T', P, f.z);
      const bubble = saturationFromEnvelope(f.model, 'bubble', 'T', P, f.z);
      // Closer to the critical point: both rise towards it, the dew point stays the warmer one
      // (it may pass Tc by a little: the cricondentherm lies on the dew side of the critical point).
      t.ok(dew && bubble && bubble.T < dew.T && dew.T > previous && dew.T < e.critical.T + 0.05 && bubble.T < e.critical.T, `x(nC5) = ${x} at ${(P / 1e5).toFixed(3)} bar: bubble ${bubble?.T.toFixed(3)} K, dew ${dew?.T.toFixed(3)} K (critical ${e.critical.T.toFixed(3)} K)`);
      previous = dew?.T ?? Infinity;
    }
  }
  t.end();
});

t.test('no critical point for a pure fluid or a seed far from any', (t) => {
  const pure = fluid('SRK', { methane: 1 });
  t.equal(solveCriticalPoint(pure.model, pure.z, { T: 190, P: 46e5 }), undefined, 'one component: none (the envelope uses Tc, Pc)');
  const f = fluid('SRK', { methane: 0.5, propane: 0.5 });
  t.equal(solveCriticalPoint(f.model, f.z, { T: 150, P: 10e5 }), undefined, 'a seed 170 K off: not accepted');
  t.end();
});
