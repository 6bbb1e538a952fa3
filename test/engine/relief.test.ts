/**
 * Relief sizing formulas against API 520 Part I Example 1 and the API 521 fire equation
 * (committed fixture test/fixtures/published/relief.json, so never skipped) to the example's
 * digits, and against the standard's own internal consistency: the subcritical gas equation meets
 * the critical one at the critical pressure ratio, the omega method's critical and subcritical
 * fluxes meet at η_c (and η_c = e^−½ at ω = 1), the liquid viscosity correction is a fixed point.
 */
import t from 'tap';
import { loadFixture } from '../physics/published-fixture.js';
import { withinTolerance } from '../helpers/reference.js';
import {
  API526_ORIFICES,
  criticalPressureRatio,
  fireHeatInput,
  gasAreaCritical,
  gasAreaSubcritical,
  gasCoefficientC,
  liquidArea,
  MM2_PER_IN2,
  omegaCriticalRatio,
  omegaMassFlux,
  selectOrifice,
  viscosityCorrection,
} from '../../src/engine/safety/relief.js';

const fixture = loadFixture('relief.json');
const byId = (id: string) => fixture.cases.find((c) => c.id === id)!;

t.test('API 520 Part I Example 1 (gas, critical flow) to its digits', (t) => {
  const c = byId('PSV-01');
  const i = c.inputs;
  const A = gasAreaCritical(i.W_kg_h, i.P1_kPa, i.T_K, i.Z, i.M_g_mol, i.k, i.Kd, i.Kb, i.Kc);
  const got: Record<string, number> = {
    A_mm2: A,
    A_m2: A * 1e-6,
    A_in2: A / MM2_PER_IN2,
    mass_flux_kg_s_m2: i.W_kg_h / 3600 / (A * 1e-6),
    C_API_metric: gasCoefficientC(i.k),
  };
  for (const [k, exp] of Object.entries(c.expected)) t.equal(withinTolerance(got[k]!, exp, c.tolerance[k]!), undefined, `${k}: ${got[k]} vs ${exp} (${JSON.stringify(c.tolerance[k])})`);
  t.end();
});

t.test('API 521 pool fire: both constants', (t) => {
  const c = byId('FIRE-01');
  const drained = fireHeatInput(c.inputs.A_wetted_m2, c.inputs.F, true);
  const undrained = fireHeatInput(c.inputs.A_wetted_m2, c.inputs.F, false);
  t.equal(withinTolerance(drained, c.expected.Q_W_drainage!, c.tolerance.Q_W_drainage!), undefined, `${drained} W with drainage and fire fighting`);
  t.equal(withinTolerance(undrained, c.expected.Q_W_no_drainage!, c.tolerance.Q_W_no_drainage!), undefined, `${undrained} W otherwise`);
  t.ok(Math.abs(fireHeatInput(100, 0.5, true) - drained / 2) < 1e-6, 'linear in F');
  t.end();
});

t.test('gas: the subcritical equation meets the critical one at the critical ratio', (t) => {
  for (const k of [1.05, 1.15, 1.3, 1.4, 1.66]) {
    const P1 = 1000;
    const rc = criticalPressureRatio(k);
    const crit = gasAreaCritical(10000, P1, 300, 0.95, 20, k, 0.975, 1, 1);
    const sub = gasAreaSubcritical(10000, P1, P1 * rc, 300, 0.95, 20, k, 0.975, 1);
    // API 520's two constants (0.03948 and 17.9) are rounded separately: they agree to about 0.2 %.
    t.ok(Math.abs(sub / crit - 1) < 3e-3, `k = ${k}: ${sub.toFixed(3)} vs ${crit.toFixed(3)} mm² at r_c = ${rc.toFixed(4)}`);
    t.ok(gasAreaSubcritical(10000, P1, P1 * (rc + 0.2), 300, 0.95, 20, k, 0.975, 1) > sub, 'more back pressure, more area');
  }
  t.ok(Math.abs(criticalPressureRatio(1.4) - 0.528281787717174) < 1e-12, 'r_c(1.4) = 0.5283');
  t.ok(Math.abs(gasCoefficientC(1 + 1e-12) - gasCoefficientC(1)) < 1e-9, 'C continuous at k = 1');
  t.end();
});

t.test('two-phase omega method: η_c(1) = e^−½ and continuous critical/subcritical flux', (t) => {
  t.ok(Math.abs(omegaCriticalRatio(1) - Math.exp(-0.5)) < 1e-12, 'η_c(ω = 1)');
  let last = 0;
  for (const omega of [0.2, 0.5, 1, 2, 5, 20]) {
    const eta = omegaCriticalRatio(omega);
    t.ok(eta > last, `η_c rises with ω (${omega}: ${eta.toFixed(5)})`);
    last = eta;
    const P0 = 1e6;
    const v0 = 0.01;
    const atC = omegaMassFlux(omega, P0, v0, eta * P0 * (1 - 1e-12));
    const justAbove = omegaMassFlux(omega, P0, v0, eta * P0 * (1 + 1e-9));
    t.equal(atC.critical, true);
    t.equal(justAbove.critical, false);
    t.ok(Math.abs(justAbove.flux / atC.flux - 1) < 1e-6, `ω = ${omega}: flux continuous at η_c`);
    t.ok(omegaMassFlux(omega, P0, v0, 0.95 * P0).flux < atC.flux, 'less flux at higher back pressure');
  }
  t.end();
});

t.test('liquid: Kv from the final area, and Kv → 1 at high Reynolds number', (t) => {
  const r = liquidArea(1200, 0.85, 2000, 50, 0.65, 1, 1);
  const Re = (18800 * 1200 * 0.85) / (50 * Math.sqrt(r.area_mm2));
  t.ok(Math.abs(r.reynolds - Re) < 1e-6 * Re, 'Re from the returned area');
  t.ok(Math.abs(r.Kv - viscosityCorrection(Re)) < 1e-10, 'Kv from that Re');
  t.ok(Math.abs(r.area_mm2 - ((11.78 * 1200) / (0.65 * r.Kv)) * Math.sqrt(0.85 / 2000)) < 1e-8 * r.area_mm2, 'area with that Kv');
  t.ok(r.Kv < 1 && r.Kv > 0.9, `Kv ${r.Kv} for a 50 mPa·s liquid`);
  t.ok(Math.abs(viscosityCorrection(1e9) - 1 / 0.9935) < 1e-3, 'Kv → 1/0.9935 as Re → ∞');
  t.end();
});

t.test('API 526 orifices: the smallest that covers the area, or several T', (t) => {
  t.equal(selectOrifice(1).letter, 'D');
  const K = API526_ORIFICES.find((o) => o.letter === 'K')!.area_in2 * MM2_PER_IN2;
  t.equal(selectOrifice(K).letter, 'K', 'exactly K');
  t.equal(selectOrifice(K + 1e-6).letter, 'L', 'just above K');
  const big = selectOrifice(40000);
  t.same([big.letter, big.count], ['T', 3], '40 000 mm² needs three T orifices');
  t.end();
});
