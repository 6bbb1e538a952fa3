/**
 * The generated liquid-hydrocarbon grid of benchmark trust (scripts/liquid-grid.ts; the cubic vs
 * GERG-2008 comparison runs in scripts/measure-trust.ts, held to the committed figures by
 * test/governance/trust.test.ts): the same states on every run, GERG's C3–C10 all used, the stated
 * T and P ranges covered, every state a compressed liquid for GERG-2008; and the published
 * pure-fluid 'liquid' bounds it is held to hold on it (measured through runFlash).
 */
import t from 'tap';
import { LIQUID_GRID_STATES, liquidGridStates } from '../../scripts/liquid-grid.js';
import { accuracyBound, type AccuracyQuantity } from '../../src/engine/properties/thermo-accuracy.js';
import { getTool, toolCatalog } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';

const states = liquidGridStates();

t.test('liquid grid states: deterministic, C3–C10 mixtures, compressed liquids in range', (t) => {
  t.equal(states.length, LIQUID_GRID_STATES, `${LIQUID_GRID_STATES} states`);
  t.same(liquidGridStates(), states, 'the same states on a second draw');
  const uses = new Map<string, number>();
  for (const s of states) for (const k of Object.keys(s.composition)) uses.set(k, (uses.get(k) ?? 0) + 1);
  for (const c of ['propane', 'n-butane', 'i-butane', 'n-pentane', 'i-pentane', 'n-hexane', 'n-heptane', 'n-octane', 'n-nonane', 'nC10', 'methane', 'ethane', 'CO2', 'nitrogen'])
    t.ok((uses.get(c) ?? 0) >= 5, `${c} in ${uses.get(c) ?? 0} mixtures`);
  t.ok(states.every((s) => Math.abs(Object.values(s.composition).reduce((x, y) => x + y, 0) - 1) < 1e-9), 'fractions sum to 1');
  t.ok(states.every((s) => s.T >= 200 && s.T <= 400 && s.Pbar >= 20 && s.Pbar <= 300), 'inside 200–400 K, 20–300 bar');
  t.ok(Math.min(...states.map((s) => s.T)) < 230 && Math.max(...states.map((s) => s.T)) > 370, 'cold and warm liquids both present');
  t.ok(states.every((s) => s.ref.density > 350 && s.ref.density < 800), 'GERG-2008 densities are liquid hydrocarbon densities (350–800 kg/m³)');
  t.end();
});

t.test('the published liquid bounds hold on the grid (SRK and PR through runFlash)', async (t) => {
  const tool = getTool('runFlash')!;
  const ctx = { catalog: toolCatalog, subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  const keys: Record<string, string> = { density: 'density', cp: 'Cp', speedOfSound: 'speedOfSound', jouleThomson: 'jouleThomsonCoefficient' };
  for (const model of ['SRK', 'PR'] as const) {
    const worst: Record<string, number> = {};
    for (const s of states) {
      const env = (await tool.run({ model, flashType: 'TP', temperature: { value: s.T, unit: 'K' }, pressure: { value: s.Pbar, unit: 'bara' }, components: s.composition } as never, ctx as never)) as Envelope<any>;
      const phase = env.data.flash.phases[0];
      t.equal(env.data.flash.numberOfPhases, 1);
      for (const q of Object.keys(keys) as (keyof typeof s.ref)[]) {
        const got = env.data.fluid.properties[phase][keys[q]].value as number;
        const dev = q === 'jouleThomson' ? Math.abs(got - s.ref[q]) : Math.abs(got / s.ref[q] - 1);
        worst[q] = Math.max(worst[q] ?? 0, dev);
      }
    }
    for (const [q, dev] of Object.entries(worst)) {
      const b = accuracyBound(model, 'liquid', q as AccuracyQuantity)!;
      t.ok(dev <= b.bound, `${model} liquid ${q}: worst ${dev.toPrecision(3)} within the published bound ${b.bound} (pure fluids measured ${b.measured})`);
    }
  }
});
