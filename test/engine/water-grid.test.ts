/**
 * The generated water-rich liquid grid of benchmark trust (scripts/water-grid.ts; measured in
 * scripts/measure-trust.ts, held to the committed figures by test/governance/trust.test.ts):
 * - its reference, GERG-2008's water, against IAPWS-95 at 298.15 K, 1 bar (Wagner & Pruss,
 *   J. Phys. Chem. Ref. Data 31 (2002) 387: ρ 997.047 kg/m³, w 1496.69 m/s, cp 4181.3 J/(kg·K))
 *   and at 453 K, 121 bar (physical/pure-density.json PD-096, CoolProp's IAPWS-95), when present:
 *   density within 0.2 %, speed of sound within 3 %; its cp is 5.3 % off, so cp is not measured;
 * - deterministic states, water-rich liquids, the stated ranges, pure water and every solute used;
 * - the water bounds it is held to: the grid's own bound (speed of sound) is its measured
 *   worst case plus a margin and only where the pure-water bound fails; every value measured
 *   through runFlash is within the published bound.
 */
import t from 'tap';
import { WATER_GRID_STATES, waterGridStates } from '../../scripts/water-grid.js';
import { WATER_RICH_ACCURACY, accuracyBound, waterAccuracyBound, type AccuracyQuantity } from '../../src/engine/properties/thermo-accuracy.js';
import { gerg2008State } from '../../src/engine/reference-eos/index.js';
import { getTool, toolCatalog } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { loadReference } from '../helpers/reference.js';

const states = waterGridStates();

t.test("the grid's reference: GERG-2008's water against IAPWS-95", (t) => {
  const g = gerg2008State(298.15, 1e5, { water: 1 }, { densitySearch: 'liquid' });
  if (!g.ok) throw new Error(g.message);
  t.ok(Math.abs(g.massDensity / 997.047 - 1) < 1e-3, `ρ ${g.massDensity.toFixed(3)} vs 997.047 kg/m³`);
  t.ok(Math.abs(g.w / 1496.69 - 1) < 0.01, `w ${g.w.toFixed(2)} vs 1496.69 m/s`);
  // Why the grid measures no cp: GERG-2008's liquid-water cp is 5.3 % above IAPWS-95 here.
  const dCp = g.Cp / g.molarMass / 4181.3 - 1;
  t.ok(dCp > 0.04 && dCp < 0.07, `cp ${(g.Cp / g.molarMass).toFixed(1)} vs 4181.3 J/(kg·K): ${(100 * dCp).toFixed(1)} % off, too far to be a cp reference`);
  const ref = loadReference<{ cases: { id: string; inputs: { fluid: string; T_K: number; P_bar: number }; expected: { rho_kg_m3: number; w_m_s?: number } }[] }>(t, 'physical/pure-density.json');
  for (const c of ref?.cases.filter((x) => x.inputs.fluid === 'water') ?? []) {
    const s = gerg2008State(c.inputs.T_K, c.inputs.P_bar * 1e5, { water: 1 }, { densitySearch: 'liquid' });
    if (!s.ok) throw new Error(s.message);
    t.ok(Math.abs(s.massDensity / c.expected.rho_kg_m3 - 1) < 2e-3 && Math.abs(s.w / c.expected.w_m_s! - 1) < 0.03, `${c.id}: GERG ρ ${s.massDensity.toFixed(2)}, w ${s.w.toFixed(1)} vs IAPWS-95 ${c.expected.rho_kg_m3.toFixed(2)}, ${c.expected.w_m_s!.toFixed(1)}`);
  }
  t.end();
});

t.test('water grid states: deterministic, water-rich liquids in range', (t) => {
  t.equal(states.length, WATER_GRID_STATES, `${WATER_GRID_STATES} states`);
  t.same(waterGridStates(), states, 'the same states on a second draw');
  t.ok(states.every((s) => s.composition.water >= 0.98 && s.T >= 280 && s.T <= 450 && s.Pbar >= 5 && s.Pbar <= 300), 'water ≥ 98 %, 280–450 K, 5–300 bar');
  const pure = states.filter((s) => Object.keys(s.composition).length === 1).length;
  t.ok(pure >= 10 && states.length - pure >= 10, `${pure} pure water, ${states.length - pure} with dissolved gas`);
  for (const solute of ['methane', 'CO2', 'nitrogen', 'H2S']) t.ok(states.some((s) => solute in s.composition), `${solute} dissolved in some states`);
  t.ok(Math.min(...states.map((s) => s.T)) < 300 && Math.max(...states.map((s) => s.T)) > 430, 'cold and hot water both present');
  t.end();
});

t.test('water bounds: the grid bounds are its worst case plus a margin, where the pure-water bound fails or is missing', (t) => {
  for (const b of WATER_RICH_ACCURACY) {
    t.ok(b.bound >= b.measured && b.bound <= b.measured * 1.2, `${b.model} ${b.quantity}: bound ${b.bound} over measured ${b.measured} (${b.points} points)`);
    const pure = accuracyBound(b.model, 'water', b.quantity);
    t.ok(pure === undefined || b.measured > pure.bound, `${b.model} ${b.quantity}: the pure-water bound ${pure?.bound ?? 'none'} does not cover the grid`);
  }
  t.end();
});

t.test('every value on the grid is within the published water bound (SRK and PR through runFlash)', async (t) => {
  const tool = getTool('runFlash')!;
  const ctx = { catalog: toolCatalog, subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  const keys: Record<string, string> = { density: 'density', speedOfSound: 'speedOfSound' };
  for (const model of ['SRK', 'PR'] as const) {
    const worst: Record<string, number> = {};
    for (const s of states) {
      const env = (await tool.run({ model, flashType: 'TP', temperature: { value: s.T, unit: 'K' }, pressure: { value: s.Pbar, unit: 'bara' }, components: s.composition } as never, ctx as never)) as Envelope<any>;
      const phase = env.data.flash.phases[0];
      for (const q of Object.keys(keys) as (keyof typeof s.ref)[]) {
        const got = env.data.fluid.properties[phase][keys[q]].value as number;
        worst[q] = Math.max(worst[q] ?? 0, Math.abs(got / s.ref[q] - 1));
      }
    }
    for (const [q, dev] of Object.entries(worst)) {
      const b = waterAccuracyBound(model, q as AccuracyQuantity)!;
      t.ok(dev <= b.bound, `${model} water ${q}: worst ${dev.toPrecision(4)} within the published bound ${b.bound}`);
    }
  }
});
