/**
 * Gas hydrates (src/engine/hydrate): the van der Waals–Platteeuw water fugacity, the formation
 * temperature and the TP hydrate flash.
 *
 * Checked here without reference data: the empty-lattice term against its closed form, the
 * occupancy algebra, the formation temperature as a root (zero driving force, rising with
 * pressure, structure sI for methane and sII with propane), and the hydrate flash's equilibrium
 * (equal water fugacities at the answer, component balances, phase fractions, hydrate only below
 * the formation temperature). The original's formation temperatures on its reference cases are
 * checked in test/tools/runFlash-hydrate.test.ts.
 */
import t from 'tap';
import { createCubicFluid, resolveComponents, R } from '../../src/engine/index.js';
import { emptyLatticeTerm, hydrateSystem, hydrateWaterOf, pureLiquidWaterLnFugacity } from '../../src/engine/hydrate/vdwp.js';
import { flashTPHydrate, hydrateDrivingForce, hydrateFormationTemperature } from '../../src/engine/hydrate/hydrate-flash.js';
import { LATTICE } from '../../src/engine/hydrate/parameters.js';

function fluidOf(model: 'SRK' | 'PR', comp: Record<string, number>) {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown ${r.unknown.join(', ')}`);
  return createCubicFluid(model, r.components, names.map((n) => comp[n]));
}

const METHANE_WATER = { methane: 0.3, water: 0.7 };
const GAS_WATER = { methane: 0.8, ethane: 0.06, propane: 0.03, 'i-butane': 0.005, 'n-butane': 0.005, CO2: 0.02, nitrogen: 0.01, water: 0.07 };

t.test('empty lattice term: Δμ0/(RT0) at T0 and zero pressure, and its temperature slope is −Δh/(RT²)', (t) => {
  for (const s of ['sI', 'sII'] as const) {
    const l = LATTICE[s];
    t.ok(Math.abs(emptyLatticeTerm(s, 273.15, 0) - l.dMu0 / (R * 273.15)) < 1e-12, `${s}: value at T0`);
    // d(Δμ/RT)/dT = −Δh(T)/(RT²) with Δh = Δh0 + ΔCp(T − T0), at P = 0.
    for (const T of [260, 280, 300]) {
      const h = 1e-4;
      const slope = (emptyLatticeTerm(s, T + h, 0) - emptyLatticeTerm(s, T - h, 0)) / (2 * h);
      const expected = -(l.dH0 + l.dCp * (T - 273.15)) / (R * T * T);
      t.ok(Math.abs(slope - expected) < 1e-7 * Math.abs(expected), `${s} at ${T} K: slope ${slope} vs ${expected}`);
    }
    // The volume term: d/dP = Δv/(RT).
    t.ok(Math.abs((emptyLatticeTerm(s, 280, 2e7) - emptyLatticeTerm(s, 280, 1e7)) / 1e7 - l.dV / (R * 280)) < 1e-15, `${s}: pressure term`);
  }
  t.end();
});

t.test('occupancies: θ in [0, 1), the water term equals Σν·ln(1 − Σθ), guests only in the cavities they enter', (t) => {
  const f = fluidOf('SRK', GAS_WATER);
  const sys = hydrateSystem(f.model.components);
  if (!sys.ok) throw new Error('no hydrate system');
  const at = f.model.atTemperature(280);
  const P = 80e5;
  const lnFw = pureLiquidWaterLnFugacity(at, sys.system, P);
  const lnF = new Float64Array(f.model.nc).fill(Math.log(1e6));
  const names = f.model.components.map((c) => c.name);
  for (const s of ['sI', 'sII'] as const) {
    const h = hydrateWaterOf(sys.system, s, 280, P, lnF, lnFw);
    let sumS = 0;
    let sumL = 0;
    for (let i = 0; i < names.length; i++) {
      t.ok(h.thetaSmall[i] >= 0 && h.thetaLarge[i] >= 0, `${s} ${names[i]}: θ ≥ 0`);
      sumS += h.thetaSmall[i];
      sumL += h.thetaLarge[i];
    }
    t.ok(sumS < 1 && sumL < 1, `${s}: cavities not over-filled (${sumS}, ${sumL})`);
    const l = LATTICE[s];
    const expected = lnFw + emptyLatticeTerm(s, 280, P) + l.nuSmall * Math.log(1 - sumS) + l.nuLarge * Math.log(1 - sumL);
    t.ok(Math.abs(h.lnFugacity - expected) < 1e-12, `${s}: water fugacity from the occupancies`);
    t.equal(h.thetaSmall[names.indexOf('propane')], 0, `${s}: propane never in a small cavity`);
    t.equal(h.thetaSmall[names.indexOf('water')], 0, `${s}: water is not a guest`);
  }
  t.equal(hydrateWaterOf(sys.system, 'sI', 280, P, lnF, lnFw).thetaLarge[names.indexOf('propane')], 0, 'propane does not enter sI');
  t.end();
});

t.test('formation temperature: zero driving force, rising with pressure, sI for methane and sII with propane', (t) => {
  for (const [label, comp, structure] of [
    ['methane + water', METHANE_WATER, 'sI'],
    ['natural gas + water', GAS_WATER, 'sII'],
  ] as const) {
    for (const model of ['SRK', 'PR'] as const) {
      const f = fluidOf(model, comp);
      let previous = 0;
      for (const bar of [20, 50, 100, 200]) {
        const r = hydrateFormationTemperature(f.model, bar * 1e5, f.z, 280);
        if (!r.ok) {
          t.fail(`${label} ${model} ${bar} bar: ${r.message}`);
          continue;
        }
        const d = hydrateDrivingForce(f.model, r.temperature, bar * 1e5, f.z);
        t.ok(d.ok && Math.abs(d.drivingForce) < 1e-8, `${label} ${model} ${bar} bar: driving force ${d.ok ? d.drivingForce : d.message} at ${r.temperature.toFixed(3)} K`);
        t.ok(r.temperature > previous, `${label} ${model}: rises with pressure (${bar} bar: ${r.temperature.toFixed(3)} K)`);
        t.equal(r.structure, structure, `${label} ${model} ${bar} bar: structure`);
        previous = r.temperature;
        // Below: hydrate more stable than the fluid's water; above: less.
        const below = hydrateDrivingForce(f.model, r.temperature - 0.5, bar * 1e5, f.z);
        const above = hydrateDrivingForce(f.model, r.temperature + 0.5, bar * 1e5, f.z);
        t.ok(below.ok && below.drivingForce < 0 && above.ok && above.drivingForce > 0, `${label} ${model} ${bar} bar: sign change across the curve`);
      }
    }
  }
  t.end();
});

t.test('hydrate TP flash: equilibrium, balances and phase fractions; no hydrate above the curve', (t) => {
  for (const [label, comp] of [
    ['methane + water (water in excess)', METHANE_WATER],
    ['natural gas + water (gas in excess)', GAS_WATER],
    ['methane + little water', { methane: 0.97, water: 0.03 }],
  ] as const) {
    const f = fluidOf('SRK', comp);
    const P = 100e5;
    const curve = hydrateFormationTemperature(f.model, P, f.z, 285);
    if (!curve.ok) {
      t.fail(`${label}: ${curve.message}`);
      continue;
    }
    const above = flashTPHydrate(f.model, curve.temperature + 2, P, f.z);
    t.ok(above.ok && above.hydrate === undefined && above.fluidFraction === 1, `${label}: no hydrate 2 K above the curve`);
    for (const dT of [0.5, 3, 8]) {
      const T = curve.temperature - dT;
      const r = flashTPHydrate(f.model, T, P, f.z);
      if (!r.ok) {
        t.fail(`${label} −${dT} K: ${r.message}`);
        continue;
      }
      const h = r.hydrate;
      t.ok(h !== undefined, `${label} −${dT} K: hydrate forms`);
      if (h === undefined) continue;
      t.ok(r.balanceError < 1e-12, `${label} −${dT} K: component balance ${r.balanceError}`);
      t.ok(Math.abs(r.fluidFraction + h.beta - 1) < 1e-12, `${label} −${dT} K: fluid + hydrate = feed (${r.fluidFraction} + ${h.beta})`);
      let sumX = 0;
      for (const v of h.x) sumX += v;
      t.ok(Math.abs(sumX - 1) < 1e-12, `${label}: hydrate mole fractions sum to 1`);
      const water = f.model.components.findIndex((c) => c.name === 'water');
      // Water per cell: at least 46/54 (every cavity of sI filled) or 136/160 (sII).
      t.ok(h.x[water] >= 46 / 54 - 1e-12 && h.x[water] < 1, `${label}: hydrate water fraction ${h.x[water]}`);
      t.ok(h.density > 850 && h.density < 1150, `${label}: hydrate density ${h.density} kg/m3`);
      // At the answer the fluid left is in equilibrium with the hydrate: zero driving force.
      const fluidZ = new Float64Array(f.model.nc);
      for (const p of r.fluid.phases) for (let i = 0; i < fluidZ.length; i++) fluidZ[i] += p.beta * p.x[i];
      const d = hydrateDrivingForce(f.model, T, P, fluidZ);
      t.ok(d.ok && Math.abs(d.drivingForce) < 1e-7, `${label} −${dT} K: fluid left is at hydrate equilibrium (${d.ok ? d.drivingForce : d.message})`);
    }
  }
  t.end();
});

t.test('no water or no former: no hydrate system, said so', (t) => {
  const dry = fluidOf('SRK', { methane: 0.9, ethane: 0.1 });
  const r = flashTPHydrate(dry.model, 275, 100e5, dry.z);
  t.ok(!r.ok && r.code === 'NO_HYDRATE_SYSTEM' && /no water/.test(r.message));
  const noGuest = fluidOf('SRK', { 'n-heptane': 0.5, water: 0.5 });
  const g = hydrateFormationTemperature(noGuest.model, 100e5, noGuest.z);
  t.ok(!g.ok && g.code === 'NO_HYDRATE_SYSTEM' && /former/.test(g.message));
  t.end();
});

t.test('out of range: no formation temperature, no flash below the liquid-water limit; reported, not invented', (t) => {
  const f = fluidOf('SRK', { nitrogen: 0.5, water: 0.5 });
  const r = hydrateFormationTemperature(f.model, 1e5, f.z, 280);
  t.ok(!r.ok && r.code === 'NO_HYDRATE_POINT' && /too low/.test(r.message), r.ok ? `found ${r.temperature}` : r.message);
  const cold = flashTPHydrate(f.model, 230, 100e5, f.z);
  t.ok(!cold.ok && cold.code === 'HYDRATE_OUT_OF_RANGE', cold.ok ? 'flashed' : cold.message);
  t.end();
});
