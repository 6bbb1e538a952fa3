/**
 * The envelope after the speed work of issue 25 (stability checked at every third point, the
 * points between two clear ones inferred; the stretch round the critical point solved only when
 * it can matter; the bubble curve traced up from the low pressure where the first trace does not
 * come back down): on the bench gases (8, 14 and 25 components, SRK) the returned polyline still
 * gives the dew and bubble temperatures of independent saturation solves (saturation.ts,
 * successive substitution) to 1e-3, every point's stable flag is what a TP flash with the
 * multiphase check at that point says, and the 14- and 25-component gases are complete.
 */
import t from 'tap';
import { bubblePointTemperature, dewPointTemperature, flashTP, phaseEnvelope, type EnvelopePoint } from '../../src/engine/index.js';
import { cubicFluid } from '../helpers/fluids.js';

const GAS8 = { nitrogen: 0.01, CO2: 0.02, methane: 0.82, ethane: 0.07, propane: 0.04, 'i-butane': 0.01, 'n-butane': 0.02, 'n-pentane': 0.01 };
const GAS14 = {
  methane: 0.752665, ethane: 0.071486, propane: 0.038336, 'i-butane': 0.01294, 'n-butane': 0.015804, 'i-pentane': 0.009362, 'n-pentane': 0.009388,
  'n-hexane': 0.007773, 'n-heptane': 0.011939, 'n-octane': 0.009438, 'n-nonane': 0.010649, nC10: 0.005872, nitrogen: 0.02, CO2: 0.024348,
};
const GAS25 = {
  nitrogen: 0.008, CO2: 0.015, H2S: 0.002, methane: 0.74, ethane: 0.07, propane: 0.04, 'i-butane': 0.01, 'n-butane': 0.015, 'i-pentane': 0.007,
  'n-pentane': 0.007, 'n-hexane': 0.008, 'n-heptane': 0.009, 'n-octane': 0.008, 'n-nonane': 0.007, nC10: 0.006, nC11: 0.006, nC12: 0.005,
  nC13: 0.005, nC14: 0.004, nC15: 0.004, nC16: 0.004, nC17: 0.003, nC18: 0.003, nC19: 0.002, nC20: 0.002,
};

/** Dew and bubble pressures (bar) checked per gas: below the cricondentherm pressure (dew) and where the bubble curve is a stable boundary. */
const CASES: { name: string; comp: Record<string, number>; dew: number[]; bubble: number[] }[] = [
  { name: 'gas8', comp: GAS8, dew: [2, 5, 20, 40], bubble: [2, 5, 20, 40, 70] },
  { name: 'gas14', comp: GAS14, dew: [2, 5, 20, 50], bubble: [2, 5, 10, 20] },
  { name: 'gas25', comp: GAS25, dew: [2, 5, 20, 50], bubble: [2, 5, 10, 20] },
];

/**
 * T on the polyline at pressure P: the first chord (in trace order) between two stable points of
 * one segment and branch that spans P, straight in (ln T, ln P) as the envelope is drawn.
 */
function polylineT(points: EnvelopePoint[], branch: 'dew' | 'bubble', P: number): number | undefined {
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (a.segment !== b.segment || a.branch !== branch || b.branch !== branch || !a.stable || !b.stable) continue;
    if ((a.P - P) * (b.P - P) > 0 || a.P === b.P) continue;
    const s = Math.log(P / a.P) / Math.log(b.P / a.P);
    return a.T * Math.exp(s * Math.log(b.T / a.T));
  }
  return undefined;
}

for (const c of CASES) {
  const f = cubicFluid('SRK', c.comp);
  const e = phaseEnvelope(f.model, f.z);
  t.test(`${c.name}: the polyline gives the exact dew and bubble temperatures to 1e-3`, (t) => {
    if (!e.ok) return t.fail(e.message), t.end();
    for (const [branch, pressures] of [['dew', c.dew], ['bubble', c.bubble]] as const) {
      for (const bar of pressures) {
        const P = bar * 1e5;
        const Tpoly = polylineT(e.points, branch, P);
        if (Tpoly === undefined) {
          t.fail(`${c.name}: no stable ${branch} chord at ${bar} bar`);
          continue;
        }
        const sat = branch === 'dew' ? dewPointTemperature(f.model, P, f.z, Tpoly) : bubblePointTemperature(f.model, P, f.z, Tpoly);
        if (!sat.ok) {
          t.fail(`${c.name}: ${branch} point at ${bar} bar: ${sat.message}`);
          continue;
        }
        const rel = Math.abs(Tpoly / sat.T - 1);
        t.ok(rel < 1e-3, `${c.name} ${branch} at ${bar} bar: polyline ${Tpoly.toFixed(3)} K, exact ${sat.T.toFixed(3)} K (${rel.toExponential(1)})`);
      }
    }
    t.end();
  });

  // Points whose flag is inferred lie between two points of the same flag; at the last point
  // before a flag change the screen (which stops trials near the feed and the incipient phase)
  // and a full flash can disagree, as they could before the inference: those are counted apart.
  t.test(`${c.name}: every point's stable flag away from a change of flag is what a TP flash at the point says`, (t) => {
    if (!e.ok) return t.fail(e.message), t.end();
    let differ = 0;
    let atChange = 0;
    let unstable = 0;
    e.points.forEach((p, k) => {
      const fl = flashTP(f.model, p.T, p.P, f.z, { multiPhaseCheck: true });
      if (!fl.ok) return;
      const betas = fl.result.phases.map((q) => q.beta).sort((a, b) => b - a);
      const stable = (betas[1] ?? 0) < 1e-3;
      if (!stable) unstable++;
      if (stable === p.stable) return;
      const same = (j: number) => j < 0 || j >= e.points.length || e.points[j].segment !== p.segment || e.points[j].stable === p.stable;
      if (same(k - 1) && same(k + 1)) differ++;
      else atChange++;
    });
    t.equal(differ, 0, `${c.name}: ${e.points.length} points, ${unstable} not stable boundaries by the flash; none differs away from a change of flag (${atChange} at one)`);
    t.ok(atChange <= 1, `${c.name}: at most one flag next to a change differs from the flash`);
    t.end();
  });
}

t.test('the 14- and 25-component gases are complete: the bubble curve up from 1 bar meets the three-phase region the other bubble curve ends in', (t) => {
  for (const [name, comp] of [['gas14', GAS14], ['gas25', GAS25]] as const) {
    const f = cubicFluid('SRK', comp);
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok) {
      t.fail(`${name}: ${e.message}`);
      continue;
    }
    t.ok(e.complete && e.segments === 2 && /three phases/.test(e.stopReason), `${name}: complete in ${e.segments} segments (${e.stopReason.slice(0, 80)}…)`);
    t.ok(e.critical !== undefined && e.cricondenbar !== undefined, `${name}: critical point and cricondenbar`);
    const up = e.points.filter((p) => p.segment === 1);
    t.ok(Math.abs(up[0].P / 1e5 - 1) < 1e-9 && up[0].branch === 'bubble' && up.some((p) => p.stable && p.P > 10e5), `${name}: the second segment is the bubble curve from 1 bar, a stable boundary above 10 bar`);
    // Both bubble curves end where the feed splits (not a stable boundary).
    for (const s of [0, 1]) {
      const pts = e.points.filter((p) => p.segment === s);
      t.notOk(pts[pts.length - 1].stable, `${name}: segment ${s} ends at a point where the feed splits`);
    }
  }
  t.end();
});
