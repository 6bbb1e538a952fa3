/**
 * GERG-2008 beyond the NIST test points: liquid and dense roots of the density solver against
 * reference-EOS data, two-root states (the 'stable' search and the Maxwell criterion against
 * reference saturation data), input handling and typed errors.
 */
import t from 'tap';
import fc from 'fast-check';
import { loadReference, withinTolerance, type ReferenceCase } from '../helpers/reference.js';
import {
  aga8DetailState,
  gerg2008Helmholtz,
  gerg2008PropertiesAtDensity,
  gerg2008State,
  molarMassGerg2008,
  prepareReferenceFluid,
  referenceStateAtPressure,
  type PreparedFluid,
  type ReferenceState,
} from '../../src/engine/reference-eos/index.js';

type RefCase = ReferenceCase<{ fluid: string; T_K: number; P_bar?: number }>;

function ok(r: ReturnType<typeof gerg2008State>): ReferenceState {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

// Methane, nitrogen, CO2 and ethane have full-length (22–24 term) equations in GERG-2008
// (Kunz & Wagner 2012, Table A1), close to the reference EOS also for liquid states.
const FULL_EQUATION_FLUIDS = new Set(['methane', 'nitrogen', 'CO2', 'ethane']);

t.test('dense and liquid roots agree with the reference EOS (pure-density.json)', (t) => {
  const ref = loadReference<{ cases: RefCase[] }>(t, 'physical/pure-density.json');
  if (!ref) return t.end();
  const cases = ref.cases.filter((c) => c.id.startsWith('PD-') && FULL_EQUATION_FLUIDS.has(c.inputs.fluid));
  t.ok(cases.length >= 4, 'cases for the full-equation fluids present');
  for (const c of cases) {
    for (const mode of ['gas', 'stable', 'liquid'] as const) {
      const r = gerg2008State(c.inputs.T_K, c.inputs.P_bar! * 1e5, { [c.inputs.fluid]: 1 }, { densitySearch: mode });
      // A 'liquid' search on a gas-like state returns the only root there, the gas one.
      if (!r.ok) {
        t.fail(`${c.id} ${mode}: ${r.code} ${r.message}`);
        continue;
      }
      const msg = withinTolerance(r.massDensity, c.expected.rho_kg_m3, c.tolerance.rho_kg_m3);
      t.notOk(msg, `${c.id} ${c.inputs.fluid} ${c.inputs.T_K} K ${c.inputs.P_bar} bar (${mode}) density${msg ? `: ${msg}` : ''}`);
    }
  }
  t.end();
});

/** Saturation pressure from the Maxwell criterion: the gas-like and liquid-like roots have equal G. */
function maxwell(p: PreparedFluid, T: number, Plo: number, Phi: number): { P: number; vap: ReferenceState; liq: ReferenceState } {
  const roots = (P: number) => {
    const vap = referenceStateAtPressure(p, T, P, { densitySearch: 'gas' });
    const liq = referenceStateAtPressure(p, T, P, { densitySearch: 'liquid' });
    if (!vap.ok || !liq.ok) throw new Error(`no two roots at ${P} Pa`);
    return { vap, liq };
  };
  for (let i = 0; i < 60; i++) {
    const P = 0.5 * (Plo + Phi);
    const { vap, liq } = roots(P);
    if (liq.G > vap.G) Plo = P;
    else Phi = P;
  }
  return { P: 0.5 * (Plo + Phi), ...roots(0.5 * (Plo + Phi)) };
}

t.test('two-root states: Maxwell saturation matches reference saturation data; stable search picks the lower G', (t) => {
  const ref = loadReference<{ cases: RefCase[] }>(t, 'physical/saturation.json');
  if (!ref) return t.end();
  for (const id of ['SG-035', 'SG-004']) {
    const c = ref.cases.find((x) => x.id === id);
    if (!c) {
      t.fail(`${id} missing`);
      continue;
    }
    const { fluid, T_K } = c.inputs;
    const p = prepareReferenceFluid('GERG-2008', { [fluid]: 1 });
    if (!p.ok) throw new Error(p.message);
    const Psat = c.expected.Psat_bar * 1e5;
    const sat = maxwell(p, T_K, 0.8 * Psat, 1.2 * Psat);
    for (const [key, got] of [['Psat_bar', sat.P / 1e5], ['rhoL_kg_m3', sat.liq.massDensity], ['rhoV_kg_m3', sat.vap.massDensity]] as const) {
      const msg = withinTolerance(got, c.expected[key], c.tolerance[key]);
      t.notOk(msg, `${id} ${fluid} ${T_K} K ${key}${msg ? `: ${msg}` : ''}`);
    }
    t.equal(sat.vap.phaseHint, 'vapor-like', `${id}: gas root is vapor-like`);
    t.equal(sat.liq.phaseHint, 'liquid-like', `${id}: liquid root is liquid-like`);
    const below = referenceStateAtPressure(p, T_K, 0.95 * sat.P, { densitySearch: 'stable' });
    const above = referenceStateAtPressure(p, T_K, 1.05 * sat.P, { densitySearch: 'stable' });
    if (!below.ok || !above.ok) throw new Error('stable search failed');
    t.equal(below.phaseHint, 'vapor-like', `${id}: stable root below Psat is the vapour`);
    t.equal(above.phaseHint, 'liquid-like', `${id}: stable root above Psat is the liquid`);
    t.equal(below.roots, 2, `${id}: both roots found below Psat`);
    t.equal(above.roots, 2, `${id}: both roots found above Psat`);
  }
  t.end();
});

t.test('GERG-2008 and AGA8 DETAIL agree within their stated uncertainty for pipeline-quality gas', (t) => {
  // AGA8 Part 1/2: both reproduce pipeline-gas densities to ~0.1 % for 250–350 K, ≤ 12 MPa.
  const gas = fc.record({
    ethane: fc.double({ min: 0, max: 0.1, noNaN: true }),
    propane: fc.double({ min: 0, max: 0.04, noNaN: true }),
    nitrogen: fc.double({ min: 0, max: 0.1, noNaN: true }),
    CO2: fc.double({ min: 0, max: 0.1, noNaN: true }),
    'n-butane': fc.double({ min: 0, max: 0.01, noNaN: true }),
  });
  fc.assert(
    fc.property(gas, fc.double({ min: 260, max: 340, noNaN: true }), fc.double({ min: 0.1e6, max: 12e6, noNaN: true }), (x, T, P) => {
      const comp = { methane: 1 - Object.values(x).reduce((a, b) => a + b, 0), ...x };
      const g = gerg2008State(T, P, comp);
      const d = aga8DetailState(T, P, comp);
      if (!g.ok || !d.ok) return false;
      const back = gerg2008PropertiesAtDensity(T, g.density, comp);
      return back.ok && Math.abs(back.P / P - 1) < 1e-9 && Math.abs(g.density / d.density - 1) < 0.003 && g.Z > 0.6 && g.Z < 1.05;
    }),
    { numRuns: 60, seed: 20261130 },
  );
  t.pass('random pipeline gases: GERG vs DETAIL within 0.3 %, (T, P) → ρ → P round trip exact');
  t.end();
});

t.test('composition handling', (t) => {
  const canonical = ok(gerg2008State(300, 5e6, { methane: 0.9, 'i-butane': 0.05, nC10: 0.05 }));
  const aliases = ok(gerg2008State(300, 5e6, { CH4: 0.9, isobutane: 0.05, 'N-DECANE': 0.05 }));
  t.equal(aliases.density, canonical.density, 'aliases and case-insensitive names map to the same components');
  const percent = ok(gerg2008State(300, 5e6, { methane: 90, 'i-butane': 5, nC10: 5 }));
  t.ok(Math.abs(percent.density / canonical.density - 1) < 1e-14, 'mole percents are normalised');
  t.same(percent.warnings.map((w) => w.code), ['COMPOSITION_NORMALIZED'], 'normalisation is reported');
  const mm = molarMassGerg2008({ methane: 0.5, ethane: 0.5 });
  t.ok(mm.ok && Math.abs(mm.molarMass - (16.04246 + 30.06904) / 2 / 1000) < 1e-15, 'molar mass from the GERG-2008 table, kg/mol');
  t.end();
});

t.test('bad input gives typed errors, never a throw or NaN', (t) => {
  const unknown = gerg2008State(300, 1e6, { methane: 0.9, unobtainium: 0.1 });
  t.match(unknown, { ok: false, code: 'UNKNOWN_COMPONENT', field: 'composition.unobtainium' });
  t.match(gerg2008State(300, 1e6, { methane: -0.1, ethane: 1.1 }), { ok: false, code: 'INVALID_COMPOSITION' });
  t.match(gerg2008State(300, 1e6, { methane: Number.NaN }), { ok: false, code: 'INVALID_COMPOSITION' });
  t.match(gerg2008State(300, 1e6, {}), { ok: false, code: 'INVALID_COMPOSITION' });
  t.match(gerg2008State(300, 1e6, null as unknown as Record<string, number>), { ok: false, code: 'INVALID_COMPOSITION' });
  t.match(gerg2008State(Number.NaN, 1e6, { methane: 1 }), { ok: false, code: 'INVALID_INPUT', field: 'T' });
  t.match(gerg2008State(300, -5, { methane: 1 }), { ok: false, code: 'INVALID_INPUT', field: 'P' });
  t.match(gerg2008State(300, Infinity, { methane: 1 }), { ok: false, code: 'INVALID_INPUT', field: 'P' });
  t.match(gerg2008PropertiesAtDensity(300, -1, { methane: 1 }), { ok: false, code: 'INVALID_INPUT', field: 'density' });
  t.match(gerg2008State(300, 1e6, { methane: 1 }, { densitySearch: 'sideways' as never }), { ok: false, code: 'INVALID_INPUT' });
  t.match(gerg2008State(300, 1e6, { methane: 1 }, { initialDensity: -3 }), { ok: false, code: 'INVALID_INPUT' });
  for (const r of [unknown]) t.type(r.ok ? '' : r.fix, 'string', 'errors carry a fix hint');
  // A state far outside the equation's range still gives numbers or a typed error, never NaN.
  const far = gerg2008State(5000, 1e9, { methane: 1 });
  t.ok(far.ok ? Number.isFinite(far.density) && far.warnings.some((w) => w.code === 'EXTRAPOLATION') : typeof far.code === 'string', 'extreme state handled');
  t.end();
});

t.test('explicit initial density and the checked searches', (t) => {
  const comp = { methane: 0.9, ethane: 0.1 };
  const plain = ok(gerg2008State(300, 8e6, comp));
  const seeded = ok(gerg2008State(300, 8e6, comp, { initialDensity: plain.density * 1.3 }));
  t.ok(Math.abs(seeded.density / plain.density - 1) < 1e-12, 'a seeded search converges to the same root');
  t.ok(seeded.iterations >= 1, 'iterations are reported');
  const checked = ok(gerg2008State(300, 8e6, comp, { densitySearch: 'gas-checked' }));
  t.equal(checked.density, plain.density, "'gas-checked' accepts a single-phase gas");
  // Propane at 227.7 K lies inside the two-phase region between its spinodals; GERG-2008's short
  // equation has a spurious root there with ∂P/∂ρ > 0 but unphysical derivatives.
  const pf = prepareReferenceFluid('GERG-2008', { propane: 1 }) as PreparedFluid;
  const liquid = referenceStateAtPressure(pf, 227.7, 0.7e5, { densitySearch: 'liquid' });
  t.ok(liquid.ok && liquid.phaseHint === 'liquid-like' && liquid.massDensity > 580, 'liquid search finds the liquid root, not the spurious one');
  t.end();
});

t.test('reduced Helmholtz energy export is consistent with the property routine', (t) => {
  const comp = { methane: 0.8, ethane: 0.1, CO2: 0.05, nitrogen: 0.05 };
  const h = gerg2008Helmholtz(310, 7000, comp);
  const s = gerg2008PropertiesAtDensity(310, 7000, comp);
  if (!h.ok || !s.ok) throw new Error('evaluation failed');
  t.ok(Math.abs(h.tau - h.Tr / 310) < 1e-15 && Math.abs(h.delta - 7000 / h.Dr) < 1e-15, 'τ = Tr/T, δ = ρ/ρr');
  t.ok(Math.abs(1 + h.residual[1] - s.Z) < 1e-14, 'Z = 1 + δα^r_δ');
  const R = 8.314472;
  t.ok(Math.abs(s.Cv + R * (h.ideal[2] + h.residual[7])) < 1e-10, 'cv = −R τ²(α°_ττ + α^r_ττ)');
  t.ok(Math.abs(s.A - R * 310 * (h.ideal[0] + h.residual[0])) < 1e-8, 'a = RT(α° + α^r)');
  t.match(gerg2008Helmholtz(310, -1, comp), { ok: false, code: 'INVALID_INPUT' });
  t.end();
});
