/**
 * UV flash (src/engine/flash/uv-flash.ts): TP flash → total internal energy and reported volume
 * of n mol → UV flash gives the same T and P back, single- and two-phase; the internal energy is
 * H − P·V_EOS of the phases; a spec no temperature reaches is reported, not hidden.
 */
import t from 'tap';
import { flashTP, flashReport, phaseThermo, type FlashResult, type ThermoModel } from '../../src/engine/index.js';
import { flashUV, molarInternalEnergy } from '../../src/engine/flash/uv-flash.js';
import { cubicFluid as fluid, mustFlash as must } from '../helpers/fluids.js';

const volumeOf = (model: ThermoModel, r: FlashResult) => flashReport(model, r).overall.molarVolume;

const RICH = { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 };
const CASES = [
  { name: 'natural gas (one phase)', f: fluid('SRK', { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 }), T: 300, P: 50e5, phases: 1, tolP: 1e-8 },
  { name: 'low-pressure gas (one phase)', f: fluid('PR', { methane: 0.95, CO2: 0.05 }), T: 280, P: 2e5, phases: 1, tolP: 1e-8 },
  { name: 'rich gas (two phases)', f: fluid('SRK', RICH), T: 260, P: 40e5, phases: 2, tolP: 1e-8 },
  {
    name: '10-component condensate (two phases)',
    f: fluid('PR', { nitrogen: 0.01, CO2: 0.02, methane: 0.6, ethane: 0.09, propane: 0.07, 'i-butane': 0.03, 'n-butane': 0.04, 'n-pentane': 0.04, 'n-heptane': 0.05, 'n-decane': 0.05 }),
    T: 320,
    P: 60e5,
    phases: 2,
    tolP: 1e-8,
  },
  // A compressed liquid: the TV flash holds its pressure to ~1e-6 (tv-flash.test.ts), so does this.
  { name: 'n-decane (compressed liquid)', f: fluid('PR', { 'n-decane': 1 }), T: 300, P: 50e5, phases: 1, tolP: 1e-6 },
];

t.test('TP state → (U, V, n) → UV flash returns T and P', (t) => {
  for (const c of CASES) {
    const tp = must(t, flashTP(c.f.model, c.T, c.P, c.f.z), `${c.name} TP`);
    if (!tp) continue;
    t.equal(tp.phases.length, c.phases, `${c.name}: ${c.phases} phase(s)`);
    const N = 37.5; // mol: the flash is of total amounts, not per mole
    const n = Array.from(c.f.z, (zi) => zi * N);
    const U = N * molarInternalEnergy(c.f.model, tp);
    const V = N * volumeOf(c.f.model, tp);
    // Start 15 K and 30 % away so the outer solve has work to do.
    const uv = flashUV(c.f.model, U, V, n, { T0: c.T + 15, P0: c.P * 0.7 });
    if (!uv.ok) {
      t.fail(`${c.name}: ${uv.code} ${uv.message}`);
      continue;
    }
    t.ok(Math.abs(uv.result.T / c.T - 1) <= 1e-8, `${c.name}: T ${uv.result.T} back to ${c.T} K`);
    t.ok(Math.abs(uv.result.P / c.P - 1) <= c.tolP, `${c.name}: P ${uv.result.P} back to ${c.P} Pa (${c.tolP})`);
    t.equal(uv.result.phases.length, c.phases, `${c.name}: same number of phases`);
    t.ok(Math.abs(uv.internalEnergy - U / N) <= 1e-9 * Math.max(Math.abs(U / N), 1000), `${c.name}: internal energy matches the spec`);
    t.ok(Math.abs(volumeOf(c.f.model, uv.result) * N / V - 1) <= 1e-9, `${c.name}: volume matches the spec`);
    t.match(uv.result.method, /^UV: /, `${c.name}: method says UV`);
  }
  t.end();
});

t.test('the internal energy is Σβ(h − P·v_EOS), and the ideal-gas limit has u = h − RT', (t) => {
  const c = CASES[1];
  const tp = flashTP(c.f.model, c.T, c.P, c.f.z);
  if (!tp.ok) return t.fail(tp.message);
  const p = tp.result.phases[0];
  const th = phaseThermo(c.f.model, c.f.model.atTemperature(c.T), c.P, p.x, p.V);
  t.equal(molarInternalEnergy(c.f.model, tp.result), th.enthalpy - c.P * p.V, 'one phase: h − P·v');
  // Near vacuum P·v → RT.
  const low = flashTP(c.f.model, c.T, 10, c.f.z);
  if (!low.ok) return t.fail(low.message);
  const q = low.result.phases[0];
  const hLow = phaseThermo(c.f.model, c.f.model.atTemperature(c.T), 10, q.x, q.V).enthalpy;
  t.ok(Math.abs(hLow - molarInternalEnergy(c.f.model, low.result) - 8.314462618 * c.T) < 1e-3, 'h − u = RT at 10 Pa');
  t.end();
});

t.test('a warm start at the answer converges at once; the energy rises with T at fixed volume', (t) => {
  const c = CASES[2];
  const tp = flashTP(c.f.model, c.T, c.P, c.f.z);
  if (!tp.ok) return t.fail(tp.message);
  const u = molarInternalEnergy(c.f.model, tp.result);
  const v = volumeOf(c.f.model, tp.result);
  const at = flashUV(c.f.model, u, v, c.f.z, { T0: c.T, P0: c.P });
  t.ok(at.ok && at.tvFlashes === 1, `one TV flash from the answer (${at.ok ? at.tvFlashes : 'failed'})`);
  const warmer = flashUV(c.f.model, u + 500, v, c.f.z, { T0: c.T, P0: c.P });
  t.ok(warmer.ok && warmer.result.T > c.T && warmer.result.P > c.P, 'more energy in the same volume: hotter and at a higher pressure');
  t.end();
});

t.test('specs out of range are reported', (t) => {
  const c = CASES[0];
  const n = Array.from(c.f.z, (zi) => zi * 10);
  const cold = flashUV(c.f.model, -1e9, 1, n);
  t.notOk(cold.ok, 'an energy below the lowest temperature searched');
  if (!cold.ok) t.match(cold.message, /UV flash/);
  t.notOk(flashUV(c.f.model, 0, -1, n).ok, 'negative volume');
  t.notOk(flashUV(c.f.model, 0, 1, [0, 0, 0, 0]).ok, 'no material');
  t.notOk(flashUV(c.f.model, Number.NaN, 1, n).ok, 'NaN energy');
  t.end();
});
