/**
 * Beggs & Brill correlation and pipe march. The correlation's own formulas are checked at their
 * published coefficients (regime boundaries, holdup, inclination factor, friction multiplier,
 * Haaland against Colebrook within Haaland's stated 1.5 %); the state of NeqSim's correlation test
 * (reference/physical/beggs-brill.json BB-04) is recomputed from the fluid; and the march is
 * checked for first-order convergence, Darcy–Weisbach for a liquid line and ρgΔz for a static head.
 */
import t from 'tap';
import { createProcessFluid, overallMolarMass, resolveComponents, streamAtTP, type StreamState } from '../../src/engine/index.js';
import {
  beggsBrillGradient,
  darcyFriction,
  flowRegime,
  frictionExponent,
  G,
  horizontalHoldup,
  inclinationFactor,
  liquidHoldup,
  regimeBoundaries,
} from '../../src/engine/process/beggs-brill.js';
import { beggsBrillPipe } from '../../src/engine/process/pipe.js';
import { loadReference } from '../helpers/reference.js';

function stream(model: 'SRK' | 'PR', comps: Record<string, number>, T: number, Pbar: number, kgPerHour: number): StreamState {
  const names = Object.keys(comps);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error('components');
  const fluid = createProcessFluid(model, r.components, true);
  const z = Float64Array.from(names.map((n) => comps[n]!));
  const s = streamAtTP(fluid, z, kgPerHour / 3600 / overallMolarMass(fluid.model, z), T, Pbar * 1e5);
  if (!s.ok) throw new Error(s.message);
  return s.stream;
}

t.test('regime map: each side of the published boundaries L1–L4', (t) => {
  const lambda = 0.2;
  const { L1, L2, L3 } = regimeBoundaries(lambda);
  t.ok(Math.abs(L2 - 0.0009252 * 0.2 ** -2.4684) < 1e-15 && Math.abs(L3 - 0.1 * 0.2 ** -1.4516) < 1e-15, 'boundaries as published');
  t.equal(flowRegime(lambda, L2 * 0.99), 'SEGREGATED');
  t.equal(flowRegime(lambda, (L2 + L3) / 2), 'TRANSITION');
  t.equal(flowRegime(lambda, L3 * 1.01), 'INTERMITTENT');
  t.equal(flowRegime(lambda, L1 * 1.01), 'DISTRIBUTED');
  const high = regimeBoundaries(0.5);
  t.equal(flowRegime(0.5, high.L3 * 1.01), 'INTERMITTENT', 'λ ≥ 0.4 between L3 and L4');
  t.equal(flowRegime(0.5, high.L4 * 1.01), 'DISTRIBUTED', 'λ ≥ 0.4 above L4');
  t.equal(flowRegime(0.005, 1), 'SEGREGATED', 'λ < 0.01 below L1');
  t.end();
});

t.test('holdup: published coefficients, transition continuous with its neighbours, clamped to [λ, 1]', (t) => {
  t.ok(Math.abs(horizontalHoldup('SEGREGATED', 0.00395, 6.281) - (0.98 * 0.00395 ** 0.4846) / 6.281 ** 0.0868) < 1e-15);
  // BB-04's note: from its rounded λ and Fr the correlation gives 0.057183.
  t.ok(Math.abs(horizontalHoldup('SEGREGATED', 0.00395, 6.281) - 0.057183) < 5e-7, 'segregated H(0) of BB-04');
  const lambda = 0.2;
  const { L2, L3 } = regimeBoundaries(lambda);
  for (const theta of [0, 0.2, -0.3]) {
    const nLv = 2;
    const atL2 = liquidHoldup('TRANSITION', lambda, L2, nLv, theta);
    const seg = Math.max(lambda, Math.min(1, horizontalHoldup('SEGREGATED', lambda, L2) * inclinationFactor('SEGREGATED', lambda, L2, nLv, theta)));
    t.ok(Math.abs(atL2 - seg) < 1e-12, `θ=${theta}: transition = segregated at L2`);
    const atL3 = liquidHoldup('TRANSITION', lambda, L3, nLv, theta);
    const int = Math.max(lambda, Math.min(1, horizontalHoldup('INTERMITTENT', lambda, L3) * inclinationFactor('INTERMITTENT', lambda, L3, nLv, theta)));
    t.ok(Math.abs(atL3 - int) < 1e-12, `θ=${theta}: transition = intermittent at L3`);
  }
  t.equal(liquidHoldup('DISTRIBUTED', 0.9, 1e4, 1, 0), 0.9, 'never below the no-slip fraction');
  t.ok(liquidHoldup('SEGREGATED', 0.6, 1e-3, 1, 0) <= 1, 'never above 1');
  t.end();
});

t.test('inclination factor: 1 when horizontal, 1 + 2C/3 at 50°, no uphill correction when distributed', (t) => {
  t.equal(inclinationFactor('SEGREGATED', 0.1, 1, 1, 0), 1);
  const lambda = 0.1;
  const Fr = 0.5;
  const nLv = 1.5;
  const C = Math.max(0, (1 - lambda) * Math.log(0.011 * lambda ** -3.768 * nLv ** 3.539 * Fr ** -1.614));
  t.ok(Math.abs(inclinationFactor('SEGREGATED', lambda, Fr, nLv, (50 * Math.PI) / 180) - (1 + (2 * C) / 3)) < 1e-12, 'uphill segregated at 50°');
  const Cd = Math.max(0, (1 - lambda) * Math.log(4.7 * lambda ** -0.3692 * nLv ** 0.1244 * Fr ** -0.5056));
  const th = (-20 * Math.PI) / 180;
  const s = Math.sin(1.8 * th);
  t.ok(Math.abs(inclinationFactor('INTERMITTENT', lambda, Fr, nLv, th) - (1 + Cd * (s - s ** 3 / 3))) < 1e-12, 'downhill');
  t.equal(inclinationFactor('DISTRIBUTED', lambda, Fr, nLv, 0.5), 1, 'uphill distributed: C = 0');
  t.end();
});

t.test('friction: 64/Re, Haaland within 1.5 % of Colebrook, continuous blend, e^S with S(1) = 0', (t) => {
  t.equal(darcyFriction(1000, 1e-4), 0.064);
  const colebrook = (Re: number, e: number) => {
    let f = 0.02;
    for (let i = 0; i < 100; i++) f = (-2 * Math.log10(e / 3.7 + 2.51 / (Re * Math.sqrt(f)))) ** -2;
    return f;
  };
  let worst = 0;
  for (const Re of [1e4, 1e5, 1e6, 1e7, 1e8]) for (const e of [0, 1e-6, 1e-4, 1e-3, 1e-2]) worst = Math.max(worst, Math.abs(darcyFriction(Re, e) / colebrook(Re, e) - 1));
  t.ok(worst < 0.015, `Haaland vs Colebrook: worst ${(100 * worst).toFixed(2)} %`);
  t.ok(Math.abs(darcyFriction(2300 - 1e-9, 1e-4) - darcyFriction(2300, 1e-4)) < 1e-9, 'continuous at 2300');
  t.ok(Math.abs(darcyFriction(4000 - 1e-9, 1e-4) - darcyFriction(4000, 1e-4)) < 1e-9, 'continuous at 4000');
  t.ok(Math.abs(frictionExponent(0.3, Math.sqrt(0.3))) < 1e-12, 'no-slip holdup: S = 0');
  const y = 2;
  const ly = Math.log(y);
  t.ok(Math.abs(frictionExponent(y * 0.25, 0.5) - ly / (-0.0523 + 3.182 * ly - 0.8725 * ly ** 2 + 0.01853 * ly ** 4)) < 1e-15, 'S(y) as published');
  t.ok(Math.abs(frictionExponent(1.1 * 0.25, 0.5) - Math.log(2.2 * 1.1 - 1.2)) < 1e-15, 'the 1 < y < 1.2 branch');
  t.end();
});

t.test("BB-04: NeqSim's correlation-test state recomputed from the fluid", (t) => {
  const ref = loadReference<{ cases: { id: string; inputs: Record<string, number>; expected: { HL: number; regime: string }; tolerance: { HL: { abs: number } } }[] }>(t, 'physical/beggs-brill.json');
  if (!ref) return t.end();
  const c = ref.cases.find((x) => x.id === 'BB-04')!;
  const s = stream('SRK', { methane: 0.995, nC10: 0.005 }, c.inputs.T_C! + 273.15, c.inputs.P_bara!, c.inputs.m_kg_h!);
  const r = beggsBrillPipe(s, { length: c.inputs.L_m!, diameter: c.inputs.D_m!, roughness: c.inputs.roughness_m!, elevation: 0, increments: 1 });
  if (!r.ok) return t.fail(r.message);
  const g = r.nodes[0]!.gradient;
  t.ok(Math.abs(g.lambda - c.inputs.lambdaL!) < 5e-6, `λ ${g.lambda} vs ${c.inputs.lambdaL}`);
  t.ok(Math.abs(g.froude - c.inputs.Froude!) < 5e-4, `Fr ${g.froude} vs ${c.inputs.Froude}`);
  t.ok(Math.abs(g.nLv - c.inputs.N_Lv!) < 5e-5, `N_Lv ${g.nLv} vs ${c.inputs.N_Lv}`);
  t.equal(g.regime.toLowerCase(), c.expected.regime);
  t.ok(Math.abs(g.holdup - c.expected.HL) <= c.expected.HL * 1e-3, `H_L ${g.holdup} vs ${c.expected.HL} (reference tolerance ±${c.tolerance.HL.abs})`);
  t.end();
});

t.test('single-phase liquid: Darcy–Weisbach with Haaland, and ρgΔz uphill', (t) => {
  const s = stream('PR', { 'n-decane': 1 }, 300, 50, 200000);
  const geom = { length: 2000, diameter: 0.2, roughness: 4.6e-5, elevation: 0, increments: 1 };
  const r = beggsBrillPipe(s, geom);
  if (!r.ok) return t.fail(r.message);
  const g0 = r.nodes[0]!.gradient;
  t.equal(g0.regime, 'SINGLE_PHASE');
  const rho = g0.noSlipDensity;
  const v = r.nodes[0]!.vsl;
  const Re = (rho * v * 0.2) / g0.noSlipViscosity;
  const expected = (darcyFriction(Re, 4.6e-5 / 0.2) * rho * v * v * 2000) / (2 * 0.2);
  t.ok(Math.abs(r.pressureDrop - expected) < 1e-9 * expected, `ΔP ${r.pressureDrop} Pa = f ρ v² L / 2D`);
  const up = beggsBrillPipe(s, { ...geom, elevation: 100 });
  if (!up.ok) return t.fail(up.message);
  t.ok(Math.abs(up.gravityDrop - rho * G * 100) < 1e-9 * rho * G * 100, 'gravity part ρ g Δz');
  t.ok(Math.abs(up.frictionDrop - r.frictionDrop) < 1e-9 * r.frictionDrop, 'friction unchanged by the incline');
  t.end();
});

t.test('the march converges at first order as increments double', (t) => {
  const s = stream('PR', { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.05, 'n-decane': 0.02 }, 323.15, 90, 150000);
  const P = (n: number) => {
    const r = beggsBrillPipe(s, { length: 20000, diameter: 0.3, roughness: 4.6e-5, elevation: 100, increments: n });
    if (!r.ok) throw new Error(r.message);
    return r.outlet.flash.P;
  };
  const [p10, p20, p40, p80] = [P(10), P(20), P(40), P(80)];
  const d1 = p10 - p20;
  const d2 = p20 - p40;
  const d3 = p40 - p80;
  t.ok(Math.abs(d1 / d2 - 2) < 0.25 && Math.abs(d2 / d3 - 2) < 0.15, `successive differences ${d1.toFixed(1)}, ${d2.toFixed(1)}, ${d3.toFixed(1)} Pa halve`);
  t.end();
});

t.test('two-phase gradient: consistent parts', (t) => {
  const g = beggsBrillGradient({ vsg: 5, vsl: 0.5, rhoG: 80, rhoL: 650, muG: 1.3e-5, muL: 3e-4, sigma: 0.012, diameter: 0.3, roughness: 4.6e-5, theta: 0.1 });
  t.ok(Math.abs(g.lambda - 0.5 / 5.5) < 1e-15);
  t.ok(Math.abs(g.froude - 5.5 ** 2 / (G * 0.3)) < 1e-12);
  t.ok(Math.abs(g.slipDensity - (g.holdup * 650 + (1 - g.holdup) * 80)) < 1e-12);
  t.ok(Math.abs(g.gravityGradient - g.slipDensity * G * Math.sin(0.1)) < 1e-9);
  t.ok(Math.abs(g.frictionGradient - (g.friction * g.noSlipDensity * 5.5 ** 2) / 0.6) < 1e-9);
  t.ok(g.holdup > g.lambda, 'liquid slips: holdup above the no-slip fraction');
  t.end();
});
