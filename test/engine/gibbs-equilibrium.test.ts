/**
 * Ideal-gas species data and the Gibbs-energy minimisation: the NASA polynomials reproduce the
 * CODATA key values at 298.15 K and the JANAF water–gas-shift constant at 1000 K; the
 * equilibrium meets its own conditions (reaction quotients equal the equilibrium constants),
 * balances the elements, and moves with pressure as Le Chatelier says.
 */
import t from 'tap';
import { gibbsEquilibrium } from '../../src/engine/reaction/gibbs-equilibrium.js';
import { GAS_SPECIES, R_GAS, cpOverR, enthalpy, gOverRT, gasSpecies, hOverRT, sOverR } from '../../src/engine/reaction/ideal-gas-species.js';

t.test('species data against CODATA key values at 298.15 K', (t) => {
  // Cox, Wagman & Medvedev, CODATA Key Values for Thermodynamics (1989): ΔfH° kJ/mol, S° J/(mol·K);
  // methane from the NIST-JANAF tables (Chase 1998): −74.6 (−74.87 older), 186.37 (values at 1 bar).
  const key: [string, number, number][] = [
    ['H2', 0, 130.68],
    ['O2', 0, 205.152],
    ['N2', 0, 191.609],
    ['CO', -110.53, 197.66],
    ['CO2', -393.51, 213.785],
    ['H2O', -241.826, 188.835],
    ['CH4', -74.6, 186.37],
  ];
  for (const [f, dh, s0] of key) {
    const s = gasSpecies(f);
    t.ok(Math.abs(enthalpy(s, 298.15) / 1000 - dh) < 0.02, `${f} ΔfH° ${(enthalpy(s, 298.15) / 1000).toFixed(3)} vs ${dh} kJ/mol`);
    t.ok(Math.abs(sOverR(s, 298.15) * R_GAS - s0) < 0.01, `${f} S° ${(sOverR(s, 298.15) * R_GAS).toFixed(3)} vs ${s0}`);
  }
  t.end();
});

t.test('H, S and Cp are consistent (dH/dT = Cp, dS/dT = Cp/T) and continuous at 1000 K', (t) => {
  for (const s of GAS_SPECIES) {
    for (const T of [300, 700, 1500, 3000]) {
      const h = 1e-3 * T;
      const dH = (enthalpy(s, T + h) - enthalpy(s, T - h)) / (2 * h) / R_GAS;
      const dS = (sOverR(s, T + h) - sOverR(s, T - h)) / (2 * h);
      t.ok(Math.abs(dH - cpOverR(s, T)) < 1e-6 * cpOverR(s, T), `${s.formula} dH/dT at ${T} K`);
      t.ok(Math.abs(dS * T - cpOverR(s, T)) < 1e-6 * cpOverR(s, T), `${s.formula} dS/dT at ${T} K`);
    }
    const below = hOverRT(s, 1000 - 1e-9);
    const above = hOverRT(s, 1000 + 1e-9);
    t.ok(Math.abs(below - above) < 2e-4 * Math.max(1, Math.abs(below)), `${s.formula} H continuous at 1000 K (${below} vs ${above})`);
  }
  t.end();
});

t.test('water–gas shift constant at 1000 K against NIST-JANAF', (t) => {
  // Chase (1998), NIST-JANAF 4th ed., ΔfG° at 1000 K: CO −200.275, CO2 −395.886, H2O(g) −192.590 kJ/mol
  // ⇒ ΔrG° = −3.021 kJ/mol, K = 1.438 for CO + H2O = CO2 + H2.
  const T = 1000;
  const lnK = -(gOverRT(gasSpecies('CO2'), T) + gOverRT(gasSpecies('H2'), T) - gOverRT(gasSpecies('CO'), T) - gOverRT(gasSpecies('H2O'), T));
  const janaf = Math.exp(3021 / (R_GAS * T));
  t.ok(Math.abs(Math.exp(lnK) / janaf - 1) < 0.01, `K = ${Math.exp(lnK).toFixed(4)} vs JANAF ${janaf.toFixed(4)}`);
  t.end();
});

const mole = (r: { moles: Float64Array }, f: string) => r.moles[GAS_SPECIES.findIndex((s) => s.formula === f)];
const gRT = (f: string, T: number) => gOverRT(gasSpecies(f), T);

t.test('equilibrium conditions, element balance and pressure response', (t) => {
  for (const T of [700, 900, 1100, 1500]) {
    for (const P of [1e5, 30e5]) {
      const b = { C: 1, H: 4, O: 2, N: 0.04 };
      const r = gibbsEquilibrium(GAS_SPECIES, b, T, P);
      t.ok(r.converged, `converged at ${T} K, ${P / 1e5} bar`);
      t.ok(r.elementBalanceError < 1e-12, `element balance ${r.elementBalanceError}`);
      const x = (f: string) => mole(r, f) / r.totalMoles;
      const p = P / 1e5;
      // CO + H2O = CO2 + H2 (no mole change), CH4 + H2O = CO + 3 H2 (two more moles).
      const lnQshift = Math.log((x('CO2') * x('H2')) / (x('CO') * x('H2O')));
      const lnKshift = -(gRT('CO2', T) + gRT('H2', T) - gRT('CO', T) - gRT('H2O', T));
      const lnQref = Math.log((x('CO') * x('H2') ** 3 * p * p) / (x('CH4') * x('H2O')));
      const lnKref = -(gRT('CO', T) + 3 * gRT('H2', T) - gRT('CH4', T) - gRT('H2O', T));
      t.ok(Math.abs(lnQshift - lnKshift) < 1e-9, `shift at ${T} K: ln Q − ln K = ${lnQshift - lnKshift}`);
      t.ok(Math.abs(lnQref - lnKref) < 1e-9, `reforming at ${T} K: ln Q − ln K = ${lnQref - lnKref}`);
    }
    const low = gibbsEquilibrium(GAS_SPECIES, { C: 1, H: 4, O: 2, N: 0 }, T, 1e5);
    const high = gibbsEquilibrium(GAS_SPECIES, { C: 1, H: 4, O: 2, N: 0 }, T, 30e5);
    t.ok(mole(high, 'CH4') > mole(low, 'CH4'), `more methane at higher pressure (${T} K)`);
  }
  const none = gibbsEquilibrium(GAS_SPECIES, { C: 1, H: 4, O: 2, N: 0 }, 1000, 1e5);
  t.equal(mole(none, 'N2'), 0, 'a species of an absent element stays at zero');
  t.end();
});

t.test('excess oxygen burns everything', (t) => {
  const r = gibbsEquilibrium(GAS_SPECIES, { C: 1, H: 4, O: 6, N: 0 }, 800, 1e5);
  t.ok(Math.abs(mole(r, 'CO2') - 1) < 1e-9 && Math.abs(mole(r, 'H2O') - 2) < 1e-9 && Math.abs(mole(r, 'O2') - 1) < 1e-9, 'CH4 + 3 O2 → CO2 + 2 H2O + O2');
  t.ok(mole(r, 'CO') < 1e-9 && mole(r, 'CH4') < 1e-20);
  t.end();
});
