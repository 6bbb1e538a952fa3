/**
 * Phase envelope tracing (src/engine/flash/envelope.ts): complete envelopes through the critical
 * point; every low-pressure point confirmed by the independent successive-substitution saturation
 * solvers and by TP flashes either side; the critical point, cricondenbar and cricondentherm
 * stable under a 5 and 10 times denser trace; the original's dew curves
 * (reference/neqsim/envelope.json) on ours; one component; bad input.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { DeviationLedger } from '../helpers/deviation-ledger.js';

/** Distances in ln T, ln P of the original's dew points to our envelope, per case. */
const ledger = new DeviationLedger('phase-envelope');
import { bubblePointTemperature, dewPointTemperature, distanceToEnvelope, flashTP, phaseEnvelope, pureSaturationPressure } from '../../src/engine/index.js';
import { cubicFluid as fluid } from '../helpers/fluids.js';

const MIXTURES: [string, ReturnType<typeof fluid>][] = [
  ['natural gas (SRK)', fluid('SRK', { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 })],
  ['rich gas (PR)', fluid('PR', { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 })],
  ['methane/propane 50/50 (SRK)', fluid('SRK', { methane: 0.5, propane: 0.5 })],
  ['sour gas (SRK)', fluid('SRK', { methane: 0.648927, H2S: 0.265791, CO2: 0.021165, ethane: 0.033431, propane: 0.028003, 'n-pentane': 0.002683 })],
  ['i-butane/n-butane (SRK, narrow)', fluid('SRK', { 'i-butane': 0.503006, 'n-butane': 0.496994 })],
];

t.test('complete envelopes: dew curve up from 1 bar, through the critical point, bubble curve down to 1 bar', (t) => {
  for (const [name, f] of MIXTURES) {
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok) {
      t.fail(`${name}: ${e.message}`);
      continue;
    }
    t.ok(e.complete, `${name}: complete (${e.stopReason})`);
    t.ok(e.critical, `${name}: a critical point`);
    const firstBubble = e.points.findIndex((p) => p.branch === 'bubble');
    t.ok(firstBubble > 2 && e.points.slice(firstBubble).every((p) => p.branch === 'bubble'), `${name}: dew points, then bubble points`);
    t.ok(Math.abs(e.points[0].P / 1e5 - 1) < 1e-9 && Math.abs(e.points[e.points.length - 1].P / 1e5 - 1) < 1e-9, `${name}: starts and ends at 1 bar`);
    t.ok(e.cricondenbar!.P >= Math.max(...e.points.map((p) => p.P)) * (1 - 1e-9), `${name}: the cricondenbar is the highest pressure`);
    t.ok(e.cricondentherm.T >= Math.max(...e.points.map((p) => p.T)) * (1 - 1e-9), `${name}: the cricondentherm is the highest temperature`);
    const c = e.critical!;
    t.ok(c.P <= e.cricondenbar!.P * (1 + 1e-9) && c.T <= e.cricondentherm.T * (1 + 1e-9), `${name}: critical point ${c.T.toFixed(2)} K, ${(c.P / 1e5).toFixed(2)} bar inside the extremes`);
  }
  t.end();
});

t.test('low-pressure points agree with the successive-substitution saturation solvers and with TP flashes either side', (t) => {
  let checked = 0;
  for (const [name, f] of MIXTURES.slice(0, 4)) {
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok || !e.critical) continue;
    const low = e.points.filter((p) => p.P < 0.5 * e.critical!.P);
    for (const p of low.filter((_, i) => i % 4 === 0)) {
      // An independent solve of the same point, started 5 K away.
      const sat = p.branch === 'dew' ? dewPointTemperature(f.model, p.P, f.z, p.T + 5) : bubblePointTemperature(f.model, p.P, f.z, p.T - 5);
      t.ok(sat.ok && Math.abs(sat.T / p.T - 1) < 1e-7, `${name}: ${p.branch} point ${p.T.toFixed(3)} K at ${(p.P / 1e5).toFixed(3)} bar (solver: ${sat.ok ? sat.T.toFixed(5) : sat.message})`);
      // The feed is one phase on the outside and splits on the inside (stability analysis); where
      // the envelope marks the point unstable, it splits on the outside too (another phase pair).
      const outside = p.branch === 'dew' ? p.T + 0.5 : p.T - 0.5;
      const inside = p.branch === 'dew' ? p.T - 0.5 : p.T + 0.5;
      const a = flashTP(f.model, outside, p.P, f.z, { multiPhaseCheck: true });
      const b = flashTP(f.model, inside, p.P, f.z, { multiPhaseCheck: true });
      if (p.stable) t.ok(a.ok && a.result.phases.length === 1 && b.ok && b.result.phases.length >= 2, `${name}: one phase 0.5 K outside, two inside`);
      else t.ok(a.ok && a.result.phases.length >= 2, `${name}: marked unstable at ${p.T.toFixed(2)} K, and split 0.5 K outside as well`);
      checked++;
    }
  }
  t.ok(checked >= 20, `${checked} points checked`);
  t.end();
});

t.test('the sour gas bubble curve below about 220 K is marked unstable (the cold liquid splits), the rest stable', (t) => {
  const [, f] = MIXTURES[3];
  const e = phaseEnvelope(f.model, f.z);
  if (!e.ok) return t.fail(e.message);
  const unstable = e.points.filter((p) => !p.stable);
  t.ok(unstable.length > 10 && unstable.every((p) => p.branch === 'bubble' && p.T < 225), `${unstable.length} cold bubble points marked`);
  t.ok(e.points.filter((p) => p.branch === 'dew').every((p) => p.stable), 'every dew point stable');
  for (const [name, g] of [MIXTURES[0], MIXTURES[2]]) {
    const other = phaseEnvelope(g.model, g.z);
    t.ok(other.ok && other.points.every((p) => p.stable), `${name}: every point stable`);
  }
  t.end();
});

t.test('critical point, cricondenbar and cricondentherm do not move with a 5 and 10 times denser trace', (t) => {
  for (const [name, f] of MIXTURES) {
    const coarse = phaseEnvelope(f.model, f.z);
    for (const scale of [0.2, 0.1]) {
      const fine = phaseEnvelope(f.model, f.z, { stepScale: scale, maxPoints: 5000 });
      if (!coarse.ok || !fine.ok || !coarse.critical || !fine.critical) {
        t.fail(`${name}: both traces complete`);
        continue;
      }
      t.ok(fine.points.length > 3 * coarse.points.length, `${name} ×${1 / scale}: denser (${fine.points.length} vs ${coarse.points.length} points)`);
      t.ok(Math.abs(coarse.critical.T - fine.critical.T) < 0.05 && Math.abs(coarse.critical.P - fine.critical.P) < 5e3, `${name} ×${1 / scale}: critical point within 0.05 K and 0.05 bar`);
      t.ok(Math.abs(coarse.cricondenbar!.P - fine.cricondenbar!.P) < 5e3, `${name} ×${1 / scale}: cricondenbar within 0.05 bar`);
      t.ok(Math.abs(coarse.cricondentherm.T - fine.cricondentherm.T) < 0.05, `${name} ×${1 / scale}: cricondentherm within 0.05 K`);
    }
  }
  t.end();
});

t.test("the original's dew curves lie on ours (reference/neqsim/envelope.json)", (t) => {
  const ref = loadReference<{ cases: { id: string; input: { model: 'SRK' | 'PR'; components: Record<string, number> }; expected: any }[] }>(t, 'neqsim/envelope.json');
  if (!ref) return t.end();
  let compared = 0;
  for (const c of ref.cases) {
    const f = fluid(c.input.model, c.input.components);
    // Dense trace, so the straight segments between our points add < 1e-5 to the distance.
    const e = phaseEnvelope(f.model, f.z, { stepScale: 0.1, maxPoints: 5000 });
    if (!e.ok) {
      t.fail(`${c.id}: ${e.message}`);
      continue;
    }
    t.ok(e.complete, `${c.id}: complete`);
    // The original labels its dew temperature pressure_bara and its dew pressure temperature_K
    // (see the dataset notes) and ends with NaN break points.
    const theirs = (c.expected.asLabelled.envelope as { pressure_bara: unknown; temperature_K: unknown }[]).filter((p) => typeof p.pressure_bara === 'number' && typeof p.temperature_K === 'number');
    let worst = 0;
    for (const p of theirs) {
      worst = Math.max(worst, distanceToEnvelope(e.points, p.pressure_bara as number, (p.temperature_K as number) * 1e5));
      compared++;
    }
    // Measured ≤ 2e-5 (0.002 % in T and P) on all six cases.
    t.ok(worst < 5e-5, `${c.id} (${c.input.model}): ${theirs.length} dew points of the original within ${worst.toExponential(1)} of our envelope in ln T, ln P`);
    ledger.record(t, c.id, worst, worst < 5e-5, 2e-6);
  }
  t.ok(compared > 100, `${compared} points compared`);
  t.end();
});

t.test('one component: the vapour-pressure curve up to the critical point', (t) => {
  const f = fluid('PR', { CO2: 1 });
  const e = phaseEnvelope(f.model, f.z);
  if (!e.ok) return t.fail(e.message);
  t.ok(e.complete && e.critical, 'complete, with the critical point');
  for (const p of e.points.filter((_, i) => i % 5 === 0)) {
    const sat = pureSaturationPressure(f.model, p.T, p.P);
    t.ok(sat.ok && Math.abs(sat.P / p.P - 1) < 1e-8, `${p.T.toFixed(2)} K: vapour pressure ${(p.P / 1e5).toFixed(4)} bar`);
  }
  t.ok(Math.abs(e.critical!.T - 304.13) < 5, `critical temperature ${e.critical!.T.toFixed(2)} K near CO2's 304.13 K`);
  t.end();
});

t.test('bad input and traces that cannot close are reported, not papered over', (t) => {
  const f = fluid('SRK', { methane: 0.5, propane: 0.5 });
  const bad = phaseEnvelope(f.model, [0.5, 0.3, 0.2]);
  t.notOk(bad.ok, 'wrong composition length fails');
  // Hydrogen and nitrogen with a little methane: the dew curve climbs past 1000 bar. The trace
  // lands exactly on the limit, says so, and reports no cricondenbar (it lies above the limit).
  const h2 = fluid('PR', { hydrogen: 0.615226, nitrogen: 0.309887, argon: 0.020546, methane: 0.054341 });
  const e = phaseEnvelope(h2.model, h2.z);
  t.ok(e.ok && !e.complete && /still rises at the pressure limit 1000 bara/.test(e.stopReason), `stops at the pressure limit and says so (${e.ok ? e.stopReason : e.message})`);
  if (e.ok) {
    t.ok(Math.abs(Math.max(...e.points.map((p) => p.P)) / 1e8 - 1) < 1e-12, 'the last point is on the 1000 bar limit');
    t.equal(e.cricondenbar, undefined, 'no cricondenbar reported below the limit');
    // The highest traced dew points are real: one phase 0.2 K above them, two phases 0.2 K below.
    for (const p of e.points.filter((q) => q.P > 900e5)) {
      const out = flashTP(h2.model, p.T + 0.2, p.P, h2.z);
      const inn = flashTP(h2.model, p.T - 0.2, p.P, h2.z);
      t.ok(out.ok && out.result.phases.length === 1 && inn.ok && inn.result.phases.length === 2, `${(p.P / 1e5).toFixed(1)} bar, ${p.T.toFixed(2)} K: one phase above, two below`);
    }
  }
  // A gas condensate whose bubble curve closes in on K = 1 again near 180 K (SRK): a second,
  // liquid–liquid critical point, where the bubble curve ends.
  const gc = fluid('SRK', { methane: 0.806598, ethane: 0.060588, propane: 0.050727, 'i-butane': 0.006454, 'n-butane': 0.019557, 'i-pentane': 0.005018, 'n-pentane': 0.004683, 'n-hexane': 0.00472, 'n-heptane': 0.015679, 'n-octane': 0.012319, 'n-nonane': 0.002812, nC10: 0.010845 });
  const g = phaseEnvelope(gc.model, gc.z);
  t.ok(g.ok && !g.complete && g.critical !== undefined && /second critical point/.test(g.stopReason), `stops at the second critical point and says so (${g.ok ? g.stopReason : g.message})`);
  t.end();
});

t.test('a nitrogen-rich gas (PR) whose first trace loses the stable branch is restarted and traced to its cricondenbar', (t) => {
  // At low pressure a CO2-rich liquid condenses first; above ~40 bar a methane-rich one does, and
  // the CO2 branch turns back: the first trace fails there, the restart follows the other liquid.
  const f = fluid('PR', { nitrogen: 0.58, methane: 0.4, CO2: 0.02 });
  const e = phaseEnvelope(f.model, f.z);
  if (!e.ok) return t.fail(e.message);
  t.ok(e.segments >= 2 && /restarted/.test(e.stopReason), `restarted (${e.segments} segments)`);
  t.ok(e.complete && e.critical !== undefined, 'complete, with a critical point');
  const stableDew = e.points.filter((p) => p.stable && p.branch === 'dew');
  const top = Math.max(...stableDew.map((p) => p.P));
  t.ok(top > 50e5 && e.cricondenbar !== undefined && e.cricondenbar.P >= top * (1 - 1e-9), `stable dew curve up to ${(top / 1e5).toFixed(1)} bar; cricondenbar ${(e.cricondenbar!.P / 1e5).toFixed(2)} bar`);
  // Every stable dew point of the restarted segments, away from the critical point: one phase
  // 0.2 K outside, two inside.
  let checked = 0;
  for (const p of stableDew.filter((q) => q.segment > 0 && q.P < 0.97 * e.critical!.P)) {
    const out = flashTP(f.model, p.T + 0.2, p.P, f.z, { multiPhaseCheck: true });
    const inn = flashTP(f.model, p.T - 0.2, p.P, f.z, { multiPhaseCheck: true });
    t.ok(out.ok && out.result.phases.length === 1 && inn.ok && inn.result.phases.length >= 2, `${p.T.toFixed(2)} K, ${(p.P / 1e5).toFixed(2)} bar: one phase outside, two inside`);
    checked++;
  }
  t.ok(checked >= 3, `${checked} restarted points checked by TP flashes`);
  t.end();
});

t.test('the cricondentherm and cricondenbar are stationary points of the traced curve', (t) => {
  for (const [name, f] of MIXTURES.slice(0, 2)) {
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok || !e.cricondenbar) {
      t.fail(`${name}: traced`);
      continue;
    }
    // Dew temperature at the cricondentherm pressure ± 0.5 bar is below the cricondentherm.
    const ct = e.cricondentherm;
    for (const dP of [-0.5e5, 0.5e5]) {
      const sat = dewPointTemperature(f.model, ct.P + dP, f.z, ct.T);
      t.ok(sat.ok && sat.T < ct.T && ct.T - sat.T < 0.05, `${name}: dew T ${sat.ok ? sat.T.toFixed(4) : '-'} K at cricondentherm P ${dP > 0 ? '+' : '−'} 0.5 bar, below ${ct.T.toFixed(4)} K`);
    }
    const at = dewPointTemperature(f.model, ct.P, f.z, ct.T);
    t.ok(at.ok && Math.abs(at.T - ct.T) < 1e-6, `${name}: the cricondentherm is on the dew curve`);
  }
  t.end();
});

t.test('per-case deviations have not grown (test/fixtures/deviations/phase-envelope.json)', (t) => {
  ledger.finish(t);
  t.end();
});
