/**
 * The generated natural-gas grid of benchmark trust (scripts/natural-gas-grid.ts; the cubic vs
 * GERG-2008 comparison itself runs in scripts/measure-trust.ts, held to the committed figures by
 * test/governance/trust.test.ts): the same states on every run, GERG's 21 components all used,
 * both state classes and the stated T, P ranges covered, and the natural-gas bounds that replace
 * a pure-fluid bound are the measured worst case with a margin, where the pure-fluid bound failed.
 */
import t from 'tap';
import { GRID_STATES, gridStates } from '../../scripts/natural-gas-grid.js';
import { NATURAL_GAS_ACCURACY, accuracyBound } from '../../src/engine/properties/thermo-accuracy.js';
import { REFERENCE_COMPONENTS } from '../../src/engine/reference-eos/index.js';

t.test('grid states: deterministic, natural-gas-like, single-phase classes', (t) => {
  const a = gridStates();
  t.equal(a.length, GRID_STATES, `${GRID_STATES} states`);
  t.same(gridStates(), a, 'the same states on a second draw');
  const uses = new Map<string, number>();
  for (const s of a) for (const k of Object.keys(s.composition)) uses.set(k, (uses.get(k) ?? 0) + 1);
  t.equal(uses.size, REFERENCE_COMPONENTS.length, `every GERG-2008 component used (${[...uses].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  t.ok([...uses.values()].every((n) => n >= 10), 'each in at least 10 mixtures');
  t.ok(a.every((s) => s.composition.methane >= 0.5 && Math.abs(Object.values(s.composition).reduce((x, y) => x + y, 0) - 1) < 1e-9), 'methane ≥ 0.5, fractions sum to 1');
  t.ok(a.every((s) => s.T >= 250 && s.T <= 450 && s.Pbar >= 5 && s.Pbar <= 300), 'inside 250–450 K, 5–300 bar');
  const gas = a.filter((s) => s.cls === 'gas').length;
  t.ok(gas >= 30 && a.length - gas >= 30, `both classes: ${gas} gas, ${a.length - gas} dense`);
  t.end();
});

t.test('natural-gas bounds: measured worst case plus a margin, only where the pure-fluid bound failed', (t) => {
  for (const b of NATURAL_GAS_ACCURACY) {
    const pure = accuracyBound(b.model, b.stateClass, b.quantity)!;
    t.ok(b.bound >= b.measured && b.bound <= b.measured * 1.2, `${b.model} ${b.stateClass} ${b.quantity}: bound ${b.bound} over measured ${b.measured} (${b.points} points)`);
    t.ok(b.measured > pure.bound, `the pure-fluid bound ${pure.bound} does not hold for the mixtures`);
  }
  t.end();
});
