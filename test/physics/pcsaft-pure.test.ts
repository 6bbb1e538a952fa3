/**
 * PC-SAFT pure fluids: vapour pressure and liquid density against reference data.
 *
 * References: physical/saturation.json and physical/pure-density.json (each fluid's reference
 * multiparameter EOS via CoolProp, cited per case; committed copies in test/fixtures/published/
 * reference), and for water the IAPWS-95 verification values (test/fixtures/published/
 * iapws95-saturation.json).
 *
 * Bounds. Gross & Sadowski fitted m, σ, ε/k to vapour pressures and liquid densities (2001,
 * Table 1, non-associating; 2002, Table 1, associating) and list an AAD per substance. We could
 * not re-read those tables here, so the per-substance published AADs are NOT what is asserted: the
 * bounds below are the deviations measured with this implementation (in the comments), rounded
 * up. Non-associating fluids: every point within 2.5 % (psat) and 2 % (ρL), and the mean over
 * the set within 1 % for both. Water (2B, G&S 2002 parameters): psat within 5 % from 300 to
 * 550 K, 11 % at 275 K; ρL 6.4–7.1 % low (bound 8 %), the known weakness of that parameter set.
 *
 * The tests also show why three choices differ from COMP.csv as read literally: CO2's parameters
 * (replaced by G&S 2001's), water's scheme (2B, not CPA's 4C), and association being on at all
 * (the original's SystemPCSAFT leaves it out: water then boils at 5 bar at 15 °C).
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findComponent } from '../../src/engine/components/index.js';
import { createPcSaftModel, pcsaftParameters, pcsaftScheme } from '../../src/engine/pcsaft-fluid.js';
import { PcSaftModel } from '../../src/engine/eos/pcsaft.js';
import { bubblePointPressure, pureSaturationPressure } from '../../src/engine/flash/saturation.js';
import { createPcSaftFluid } from '../../src/engine/pcsaft-fluid.js';
import { phaseThermo } from '../../src/engine/properties/thermo.js';
import type { ThermoModel } from '../../src/engine/eos/types.js';
import { loadReference } from '../helpers/reference.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';

function saturation(model: ThermoModel, T: number, P0: number): { P: number; rhoL: number } {
  const r = pureSaturationPressure(model, T, P0);
  if (!r.ok) return { P: NaN, rhoL: NaN };
  return { P: r.P, rhoL: model.components[0].molarMass / model.atTemperature(T).molarVolume(r.P, [1], 'liquid') };
}

interface SatCase {
  id: string;
  inputs: { fluid: string; T_K: number };
  expected: { Psat_bar: number; rhoL_kg_m3?: number };
}

/** Fluids left out: quantum fluids (H2, He: no PC-SAFT model of them is meaningful at 3–18 K). */
const LEFT_OUT = new Set(['hydrogen', 'helium']);

t.test('non-associating fluids: vapour pressure and saturated-liquid density vs reference EOS', (t) => {
  const ref = loadReference<{ cases: SatCase[] }>(t, 'physical/saturation.json');
  if (!ref) return t.end();
  const dp: number[] = [];
  const dr: number[] = [];
  for (const c of ref.cases) {
    const comp = findComponent(c.inputs.fluid);
    if (comp === undefined || pcsaftParameters(comp.name) === undefined || LEFT_OUT.has(comp.name)) continue;
    const s = saturation(createPcSaftModel([comp]), c.inputs.T_K, c.expected.Psat_bar * 1e5);
    const ep = s.P / 1e5 / c.expected.Psat_bar - 1;
    // Measured: within ±2.0 % (propane 142 K −1.85 %, isobutane 172 K −2.0 %, CO2 at 302 K, 2 K below Tc, −3.5 %).
    const nearCritical = c.inputs.T_K / comp.tc > 0.98;
    t.ok(Math.abs(ep) < (nearCritical ? 0.04 : 0.025), `${c.id} ${comp.name} ${c.inputs.T_K} K psat ${(s.P / 1e5).toPrecision(6)} vs ${c.expected.Psat_bar.toPrecision(6)} bar (${(ep * 100).toFixed(2)} %)`);
    if (!nearCritical) dp.push(Math.abs(ep));
    if (c.expected.rhoL_kg_m3 !== undefined) {
      const er = s.rhoL / c.expected.rhoL_kg_m3 - 1;
      // Measured: within ±1.0 % for the alkanes (n-heptane −1.0 %), CO2 −1.8 % at 260 K (G&S 2001 have no quadrupole term), +6.4 % 2 K below its Tc.
      t.ok(Math.abs(er) < (nearCritical ? 0.08 : 0.02), `${c.id} ${comp.name} ρL ${s.rhoL.toFixed(2)} vs ${c.expected.rhoL_kg_m3.toFixed(2)} kg/m3 (${(er * 100).toFixed(2)} %)`);
      if (!nearCritical) dr.push(Math.abs(er));
    }
  }
  const aad = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  t.ok(dp.length >= 10, `${dp.length} vapour pressures compared`);
  t.ok(aad(dp) < 0.01, `AAD psat ${(aad(dp) * 100).toFixed(2)} % (< 1 %)`);
  t.ok(aad(dr) < 0.01, `AAD ρL ${(aad(dr) * 100).toFixed(2)} % (< 1 %)`);
  t.end();
});

t.test('compressed-liquid densities vs reference EOS (methane, n-butane, n-heptane, CO2, H2S, water)', (t) => {
  const ref = loadReference<{ cases: { id: string; inputs: { fluid: string; T_K: number; P_bar: number }; expected: { rho_kg_m3: number; Z: number } }[] }>(t, 'physical/pure-density.json');
  if (!ref) return t.end();
  for (const c of ref.cases) {
    const comp = findComponent(c.inputs.fluid);
    if (comp === undefined || pcsaftParameters(comp.name) === undefined || LEFT_OUT.has(comp.name) || c.expected.Z > 0.2) continue;
    const model = createPcSaftModel([comp]);
    const rho = comp.molarMass / model.atTemperature(c.inputs.T_K).molarVolume(c.inputs.P_bar * 1e5, [1], 'stable');
    const e = rho / c.expected.rho_kg_m3 - 1;
    // Measured: methane +0.4/+0.6 %, n-butane −0.2 %, n-heptane −0.9 %, CO2 −1.8 %, H2S +0.8 %,
    // O2 +0.3 %, N2 +2.6 % (88 K), water −7.1 % (453 K, 121 bar).
    const bound = pcsaftScheme(comp.name) !== '' ? 0.08 : 0.03;
    t.ok(Math.abs(e) < bound, `${c.id} ${comp.name} ${c.inputs.T_K} K ${c.inputs.P_bar} bar: ${rho.toFixed(2)} vs ${c.expected.rho_kg_m3.toFixed(2)} kg/m3 (${(e * 100).toFixed(2)} %)`);
  }
  t.end();
});

const iapws = JSON.parse(readFileSync(resolve(process.cwd(), 'test/fixtures/published/iapws95-saturation.json'), 'utf8')) as {
  points: { T_K: number; p_MPa: number; rhoL_kg_m3?: number }[];
};

t.test('water (2B association): vapour pressure and liquid density vs IAPWS-95', (t) => {
  const water = createPcSaftModel([findComponent('water')!]);
  t.equal(pcsaftScheme('water'), '2B');
  for (const p of iapws.points) {
    if (p.T_K > 600) continue; // PC-SAFT's critical point is 20–30 K high: 625 K is near-critical for it.
    const s = saturation(water, p.T_K, p.p_MPa * 1e6);
    const ep = s.P / 1e6 / p.p_MPa - 1;
    // Measured: 275 K +9.8 %, 373.124 K −0.4 %, 450 K +0.7 %.
    t.ok(Math.abs(ep) < (p.T_K < 290 ? 0.11 : 0.05), `${p.T_K} K psat ${(s.P / 1e6).toPrecision(6)} vs ${p.p_MPa} MPa (${(ep * 100).toFixed(2)} %)`);
    if (p.rhoL_kg_m3 !== undefined) {
      const er = s.rhoL / p.rhoL_kg_m3 - 1;
      // Measured: 275 K −6.4 %, 450 K −6.9 %.
      t.ok(er < 0 && er > -0.08, `${p.T_K} K ρL ${s.rhoL.toFixed(2)} vs ${p.rhoL_kg_m3} kg/m3 (${(er * 100).toFixed(2)} %)`);
    }
  }
  t.end();
});

t.test('why water uses 2B and association is on: the alternatives miss its vapour pressure by orders of magnitude', (t) => {
  const comp = findComponent('water')!;
  const twoB = createPcSaftModel([comp]);
  const fourC = new PcSaftModel([comp], twoB.core, { ...twoB.association, sites: (['+', '+', '-', '-'] as const).map((kind) => ({ component: 0, kind })) });
  const none = createPcSaftModel([comp], { association: false });
  const at = (m: ThermoModel) => saturation(m, 373.124, 101325).P;
  t.ok(Math.abs(at(twoB) / 101325 - 1) < 0.01, `2B (G&S 2002's fit): ${(at(twoB) / 1e5).toFixed(4)} bar at the normal boiling point`);
  t.ok(at(fourC) < 101325 / 100, `4C (COMP.csv's CPA scheme) with the same κ, ε: ${(at(fourC) / 1e5).toExponential(3)} bar, >100× too low`);
  t.ok(at(none) > 101325 * 20, `no association (the original's SystemPCSAFT): ${(at(none) / 1e5).toFixed(2)} bar, >20× too high`);
  const cold = saturation(none, 288.33, 1e5).P;
  t.ok(cold > 4e5, `without association water's vapour pressure at 15.18 °C is ${(cold / 1e5).toFixed(2)} bar (real: 0.0173 bar): water then stays in a 53 bar gas`);
  t.end();
});

t.test("why CO2's COMP.csv parameters are replaced by Gross & Sadowski 2001's", (t) => {
  const ref = loadReference<{ cases: SatCase[] }>(t, 'physical/saturation.json');
  if (!ref) return t.end();
  const co2 = findComponent('CO2')!;
  const csv = createPcSaftModel([co2], { overrides: false });
  const gs = createPcSaftModel([co2]);
  t.same(Array.from(csv.core.m), [1.3097], 'COMP.csv m');
  t.same(Array.from(gs.core.m), [2.0729], 'G&S 2001 m');
  const c = ref.cases.find((x) => x.id === 'SG-035')!;
  const pGs = saturation(gs, c.inputs.T_K, 1e6).P / 1e5;
  // COMP.csv's set (ε/k = 92 K) puts CO2's critical point near 133 K: at 260 K it is supercritical,
  // no vapour pressure at all (its vapour pressure at 132 K is 32 bar; real CO2 there is a solid).
  t.ok(Number.isNaN(saturation(csv, c.inputs.T_K, 1e6).P), `COMP.csv set: no vapour pressure at ${c.inputs.T_K} K (reference EOS: ${c.expected.Psat_bar.toFixed(2)} bar)`);
  t.ok(Math.abs(saturation(csv, 132, 1e6).P / 1e5 - 32.4) < 0.5, 'COMP.csv set: still two phases at 132 K, just below its critical point');
  t.ok(Number.isNaN(saturation(csv, 140, 1e6).P), 'COMP.csv set: supercritical at 140 K');
  t.ok(Math.abs(pGs / c.expected.Psat_bar - 1) < 0.02, `G&S 2001 set: ${pGs.toFixed(3)} bar`);
  t.end();
});

t.test('every COMP.csv record with PC-SAFT parameters is in the table, keyed by component-table names', (t) => {
  for (const name of ['methane', 'ethane', 'propane', 'n-butane', 'i-butane', 'nC10', 'nitrogen', 'CO2', 'H2S', 'water', 'methanol', 'ethanol', 'MEG', 'DEG', 'TEG']) {
    const comp = findComponent(name);
    t.ok(comp !== undefined && pcsaftParameters(comp.name) !== undefined, `${name} has PC-SAFT parameters`);
  }
  t.equal(pcsaftScheme('methanol'), '2B');
  t.equal(pcsaftScheme('MEG'), '4C');
  t.equal(pcsaftScheme('methane'), '');
  t.end();
});

t.test('caloric properties of compressed liquids (Cp, speed of sound) vs reference EOS: the residual T and V derivatives hold', (t) => {
  const ref = loadReference<{ cases: { id: string; inputs: { fluid: string; T_K: number; P_bar: number }; expected: { Z: number; cp_J_molK: number; w_m_s: number } }[] }>(t, 'physical/pure-density.json');
  if (!ref) return t.end();
  let n = 0;
  for (const c of ref.cases) {
    const comp = findComponent(c.inputs.fluid);
    if (comp === undefined || pcsaftParameters(comp.name) === undefined || LEFT_OUT.has(comp.name) || pcsaftScheme(comp.name) !== '' || c.expected.Z > 0.2) continue;
    const model = createPcSaftModel([comp]);
    const at = model.atTemperature(c.inputs.T_K);
    const P = c.inputs.P_bar * 1e5;
    const th = phaseThermo(model, at, P, [1], at.molarVolume(P, [1], 'stable'));
    const ecp = th.cp / c.expected.cp_J_molK - 1;
    const ew = th.speedOfSound / c.expected.w_m_s - 1;
    // Measured: Cp −7.1 % (CO2) … +3.4 %, w −6.8 % (N2 at 88 K) … +7.6 % (H2S); SRK's liquid w is 12–23 % low at these states.
    t.ok(Math.abs(ecp) < 0.08, `${c.id} ${comp.name} Cp ${th.cp.toFixed(2)} vs ${c.expected.cp_J_molK.toFixed(2)} J/(mol·K) (${(ecp * 100).toFixed(1)} %)`);
    t.ok(Math.abs(ew) < 0.08, `${c.id} ${comp.name} w ${th.speedOfSound.toFixed(1)} vs ${c.expected.w_m_s.toFixed(1)} m/s (${(ew * 100).toFixed(1)} %)`);
    n++;
  }
  t.ok(n >= 8, `${n} liquid states compared`);
  t.end();
});

t.test("CO2 mixtures: Gross & Sadowski's CO2 gives the binary VLE; COMP.csv's set loses it", (t) => {
  const ref = loadReference<{ cases: { id: string; inputs: { components: string[]; T_K: number; x1: number }; expected: { P_bar: number; y1: number } }[] }>(t, 'physical/binary-vle.json');
  if (!ref) return t.end();
  for (const c of ref.cases.filter((x) => x.inputs.components.includes('CO2'))) {
    const comps = c.inputs.components.map((n) => findComponent(n)!);
    const z = [c.inputs.x1, 1 - c.inputs.x1];
    const gs = bubblePointPressure(createPcSaftFluid(comps, z).model, c.inputs.T_K, z, c.expected.P_bar * 1e5);
    const csv = bubblePointPressure(createPcSaftFluid(comps, z, { overrides: false }).model, c.inputs.T_K, z, c.expected.P_bar * 1e5);
    // Measured with G&S: CH4–CO2 230 K −12.5 %, CO2–nC4 340 K −8.5 % (kij from the database).
    const e = gs.ok ? gs.P / 1e5 / c.expected.P_bar - 1 : NaN;
    t.ok(Math.abs(e) < 0.15, `${c.id} ${c.inputs.components.join('–')} ${c.inputs.T_K} K: bubble P ${gs.ok ? (gs.P / 1e5).toFixed(3) : gs.message} vs ${c.expected.P_bar.toFixed(3)} bar (${(e * 100).toFixed(1)} %)`);
    t.ok(!csv.ok || Math.abs(csv.P / 1e5 / c.expected.P_bar - 1) > 1, `COMP.csv CO2: ${csv.ok ? `${(csv.P / 1e5).toFixed(1)} bar` : 'no bubble point at all'}`);
  }
  t.end();
});

t.test('glycols and ammonia: the database parameters are poor, runFlash says so', (t) => {
  const rho298 = (name: string) => {
    const c = findComponent(name)!;
    return c.molarMass / createPcSaftModel([c]).atTemperature(298.15).molarVolume(1e5, [1], 'liquid');
  };
  for (const [name, low, high] of [['MEG', 1.3, 1.4], ['DEG', 1.15, 1.25], ['TEG', 1.1, 1.16]] as const) {
    const ratio = rho298(name) / (Number(findComponent(name)!.extra!.liquidDensity_g_cm3) * 1000);
    t.ok(ratio > low && ratio < high, `${name}: ρL(298 K) / database liquid density = ${ratio.toFixed(3)}`);
  }
  const nh3 = findComponent('ammonia')!;
  const p = saturation(createPcSaftModel([nh3]), nh3.tb, 1e5).P;
  t.ok(p < 0.1e5, `ammonia psat at its normal boiling point ${(p / 1e5).toFixed(3)} bar`);
  const r = runFlash({ model: 'PCSAFT', components: { methane: 0.8, MEG: 0.1, water: 0.1 }, temperature: { value: 10, unit: 'C' }, pressure: { value: 50, unit: 'bara' } });
  t.equal(r.status, 'success');
  t.ok(r.warnings.some((w) => w.code === 'MODEL_LIMITATION' && w.message.includes('MEG')), 'MODEL_LIMITATION warning naming MEG');
  t.end();
});
