/**
 * Thermodynamic consistency of GERG-2008 and AGA8 DETAIL beyond the reference points: every
 * derivative and caloric property the models return must agree with finite differences of the
 * models' own P, U, H and A, and with the exact identities between them. These catch a wrong
 * coefficient or derivative at states (liquid, dense, dilute) that the tabulated cases do not cover.
 */
import t from 'tap';
import {
  prepareReferenceFluid,
  referenceStateAtDensity,
  referenceStateAtPressure,
  type PreparedFluid,
  type ReferenceModel,
  type ReferenceState,
} from '../../src/engine/reference-eos/index.js';

const NIST_21 = {
  methane: 0.77824, nitrogen: 0.02, CO2: 0.06, ethane: 0.08, propane: 0.03, 'i-butane': 0.0015, 'n-butane': 0.003,
  'i-pentane': 0.0005, 'n-pentane': 0.00165, 'n-hexane': 0.00215, 'n-heptane': 0.00088, 'n-octane': 0.00024,
  'n-nonane': 0.00015, nC10: 0.00009, hydrogen: 0.004, oxygen: 0.005, CO: 0.002, water: 0.0001, H2S: 0.0025,
  helium: 0.007, argon: 0.001,
};

function prep(model: ReferenceModel, x: Record<string, number>): PreparedFluid {
  const p = prepareReferenceFluid(model, x);
  if (!p.ok) throw new Error(`${p.code}: ${p.message}`);
  return p;
}
function atD(p: PreparedFluid, T: number, D: number): ReferenceState {
  const r = referenceStateAtDensity(p, T, D);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
function atP(p: PreparedFluid, T: number, P: number): ReferenceState {
  const r = referenceStateAtPressure(p, T, P, { densitySearch: 'stable' });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
const rel = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

/** (model, composition, T K, ρ mol/m³) covering dilute gas, dense gas and liquid-like states. */
const STATES: [ReferenceModel, string, Record<string, number>, number, number][] = [
  ['GERG-2008', '21-component gas, dense', NIST_21, 400, 12798],
  ['GERG-2008', '21-component gas, dilute', NIST_21, 280, 50],
  ['GERG-2008', 'methane + ethane + CO2, cold dense', { methane: 0.85, ethane: 0.1, CO2: 0.05 }, 220, 15000],
  ['GERG-2008', 'compressed liquid propane', { propane: 1 }, 250, 12800],
  ['GERG-2008', 'hydrogen-rich gas', { hydrogen: 0.6, methane: 0.4 }, 320, 4000],
  ['GERG-2008', 'wet sour gas', { methane: 0.9, water: 0.02, H2S: 0.05, CO2: 0.03 }, 330, 6000],
  ['AGA8-DETAIL', '21-component gas, dense', NIST_21, 400, 12808],
  ['AGA8-DETAIL', 'methane + ethane + CO2, cold dense', { methane: 0.85, ethane: 0.1, CO2: 0.05 }, 250, 9000],
  ['AGA8-DETAIL', 'high-CO2 gas', { methane: 0.7, CO2: 0.25, nitrogen: 0.05 }, 300, 3000],
];

t.test('derivatives and caloric properties agree with finite differences of the model', (t) => {
  for (const [model, label, x, T, D] of STATES) {
    const p = prep(model, x);
    const s = atD(p, T, D);
    const hD = D * 1e-5;
    const hT = T * 1e-5;
    const dp = atD(p, T, D + hD);
    const dm = atD(p, T, D - hD);
    const tp = atD(p, T + hT, D);
    const tm = atD(p, T - hT, D);
    const name = `${model} ${label}`;
    t.ok(rel((dp.P - dm.P) / (2 * hD), s.dPdD) < 1e-7, `${name}: ∂P/∂ρ`);
    t.ok(rel((dp.dPdD - dm.dPdD) / (2 * hD), s.d2PdD2) < 1e-6, `${name}: ∂²P/∂ρ²`);
    t.ok(rel((tp.P - tm.P) / (2 * hT), s.dPdT) < 1e-7, `${name}: ∂P/∂T`);
    t.ok(rel((tp.dPdD - tm.dPdD) / (2 * hT), s.d2PdTD) < 1e-6, `${name}: ∂²P/∂T∂ρ`);
    t.ok(rel((tp.U - tm.U) / (2 * hT), s.Cv) < 1e-6, `${name}: cv = (∂u/∂T)_ρ`);
    t.ok(rel(-(tp.A - tm.A) / (2 * hT), s.S) < 1e-6, `${name}: s = −(∂a/∂T)_ρ`);
    // (∂a/∂ρ)_T = P/ρ²: ties the Helmholtz energy to the pressure.
    t.ok(rel((dp.A - dm.A) / (2 * hD), s.P / (D * D)) < 1e-6, `${name}: (∂a/∂ρ)_T = P/ρ²`);
    // Exact identities between the returned quantities.
    t.ok(rel(s.H, s.U + s.P / D) < 1e-12 || Math.abs(s.H - s.U - s.P / D) < 1e-9, `${name}: h = u + P/ρ`);
    t.ok(Math.abs(s.G - (s.H - T * s.S)) < 1e-8 * Math.max(1, Math.abs(s.G)), `${name}: g = h − Ts`);
    t.ok(Math.abs(s.A - (s.U - T * s.S)) < 1e-8 * Math.max(1, Math.abs(s.A)), `${name}: a = u − Ts`);
    t.ok(rel(s.Z, s.P / (D * (s.P / (D * s.Z)))) < 1e-14, `${name}: Z`);
    t.ok(rel(s.w * s.w, ((s.Cp / s.Cv) * s.dPdD) / s.molarMass) < 1e-12, `${name}: w² = (cp/cv)(∂P/∂ρ)_T / M`);
    t.ok(rel(s.Cp, s.Cv + (T * (s.dPdT / D) ** 2) / s.dPdD) < 1e-12, `${name}: cp − cv = T(∂P/∂T)²/(ρ²∂P/∂ρ)`);
    t.ok(rel(s.kappa, (s.w * s.w * s.massDensity) / s.P) < 1e-12, `${name}: κ = w²ρ/P`);
    t.equal(s.phaseHint, D < p.fluid.Dcx * 1000 ? 'vapor-like' : 'liquid-like', `${name}: phase hint`);
  }
  t.end();
});

t.test('(T, P) states: ρ solves P exactly, cp and μ_JT agree with isobaric/isothermal differences', (t) => {
  for (const [model, label, x, T, D] of STATES) {
    const p = prep(model, x);
    const P = atD(p, T, D).P;
    const s = atP(p, T, P);
    const name = `${model} ${label}`;
    t.ok(rel(s.density, D) < 1e-9, `${name}: density solved back from P`);
    const hT = T * 1e-5;
    const hP = P * 1e-5;
    const cp = (atP(p, T + hT, P).H - atP(p, T - hT, P).H) / (2 * hT);
    t.ok(rel(cp, s.Cp) < 1e-6, `${name}: cp = (∂h/∂T)_P`);
    const dHdP = (atP(p, T, P + hP).H - atP(p, T, P - hP).H) / (2 * hP);
    t.ok(Math.abs(-dHdP / s.Cp - s.JT) < 1e-6 * Math.abs(s.JT) + 1e-12, `${name}: μ_JT = −(∂h/∂P)_T / cp`);
    // Residual functions at (T, P): (∂g^r/∂P)_T = v − RT/P, (∂g^r/∂T)_P = −s^r, h^r = h(T, P) − h(T, ρ → 0).
    const R = model === 'GERG-2008' ? 8.314472 : 8.31451;
    const gP = (atP(p, T, P + hP).Gres! - atP(p, T, P - hP).Gres!) / (2 * hP);
    t.ok(Math.abs(gP - (1 / s.density - (R * T) / P)) < 1e-6 * Math.abs(1 / s.density - (R * T) / P), `${name}: (∂g^r/∂P)_T = v − RT/P`);
    const gT = (atP(p, T + hT, P).Gres! - atP(p, T - hT, P).Gres!) / (2 * hT);
    t.ok(Math.abs(-gT - s.Sres!) < 1e-6 * Math.abs(s.Sres!) + 1e-9, `${name}: (∂g^r/∂T)_P = −s^r`);
    t.ok(Math.abs(s.Hres - (s.H - atD(p, T, 0).H)) < 1e-8 * Math.max(1, Math.abs(s.Hres)), `${name}: h^r = h − h°(T)`);
    t.ok(Math.abs(s.Gres! - (s.Hres - T * s.Sres!)) < 1e-8 * Math.max(1, Math.abs(s.Gres!)), `${name}: g^r = h^r − T s^r`);
  }
  t.end();
});

t.test('dilute limit: Z → 1 and the zero-density properties are the limits of small densities', (t) => {
  for (const model of ['GERG-2008', 'AGA8-DETAIL'] as const) {
    const p = prep(model, NIST_21);
    const zero = atD(p, 300, 0);
    const small = atD(p, 300, 1e-3);
    t.equal(zero.Z, 1, `${model}: Z = 1 at ρ = 0`);
    t.equal(zero.P, 0, `${model}: P = 0 at ρ = 0`);
    t.ok(Math.abs(zero.Cp - zero.Cv - 8.31) < 0.01, `${model}: cp − cv = R at ρ = 0`);
    t.ok(rel(zero.JT, small.JT) < 1e-5, `${model}: μ_JT(ρ→0) = (T dB/dT − B)/cp°`);
    t.ok(rel(zero.d2PdD2, small.d2PdD2) < 1e-4, `${model}: ∂²P/∂ρ²(ρ→0) = 2RTB`);
    // h − h° = RT(Bρ − T dB/dT ρ) ≈ 1e-4 J/mol at 1e-3 mol/m³
    t.ok(Math.abs(zero.H - small.H) < 1e-2, `${model}: h continuous at ρ → 0`);
    const low = atP(p, 300, 1);
    t.ok(Math.abs(low.Z - 1) < 1e-5, `${model}: Z → 1 as P → 0`);
  }
  t.end();
});
