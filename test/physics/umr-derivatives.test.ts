/**
 * UMR-PRU (src/engine/eos/umr.ts): analytic residual-Helmholtz derivatives against central finite
 * differences, the fast ln φ path against the generic derivation from F, and the mixing rule's
 * limits (pure components reduce to PR with the Mathias–Copeman alpha; G^E of a pure fluid is 0).
 * Mixtures with several UNIFAC main groups (paraffin CH2/CH3, CH4, C2H6, CO2, N2, aromatic ACH and
 * cyclic groups, water) so every interaction term is exercised.
 */
import t, { type Test } from 'tap';
import { findComponent, type ComponentData } from '../../src/engine/components/index.js';
import { DerivLevel, ResidualDerivatives } from '../../src/engine/eos/types.js';
import { R } from '../../src/engine/eos/constants.js';
import { FugacityScratch, lnPhiDerivatives } from '../../src/engine/flash/fugacity.js';
import { createUmrFluid, componentsWithoutUmrGroups } from '../../src/engine/umr-fluid.js';
import type { UmrPruModel } from '../../src/engine/eos/umr.js';

function comps(names: string[]): ComponentData[] {
  return names.map((n) => {
    const c = findComponent(n);
    if (c === undefined) throw new Error(`unknown component ${n}`);
    return c;
  });
}

function close(t: Test, got: number, exp: number, rel: number, what: string): void {
  const scale = Math.max(Math.abs(exp), 1e-8);
  t.ok(Math.abs(got - exp) <= rel * scale, `${what}: analytic ${got} vs numeric ${exp}`);
}

const MIXES: { names: string[]; n: number[]; attraction: 'umr' | 'classic' }[] = [
  { names: ['methane', 'ethane', 'propane', 'CO2', 'nitrogen', 'n-heptane'], n: [0.5, 0.1, 0.1, 0.12, 0.08, 0.1], attraction: 'umr' },
  { names: ['methane', 'benzene', 'c-hexane', 'water', 'toluene'], n: [0.3, 0.2, 0.2, 0.1, 0.2], attraction: 'umr' },
  // The original runner's "classic" UMRPRU: classic a with kij, quadratic b_ij.
  { names: ['methane', 'ethane', 'propane', 'CO2', 'nitrogen', 'n-heptane'], n: [0.5, 0.1, 0.1, 0.12, 0.08, 0.1], attraction: 'classic' },
];

for (const mix of MIXES) {
  const cs = comps(mix.names);
  const model = createUmrFluid(cs, mix.n, mix.attraction).model as UmrPruModel;
  const nc = cs.length;
  const F = (T: number, V: number, n: number[]): ResidualDerivatives => {
    const out = new ResidualDerivatives(nc);
    // A fresh evaluation per temperature (the model caches only the last one).
    model.atTemperature(T).residual(V, n, DerivLevel.Composition, out);
    return out;
  };
  for (const [T, V] of [
    [320, 3e-3],
    [260, 1.1e-4],
    [400, 2.5e-4],
  ] as const) {
    t.test(`UMR-PRU (${mix.attraction}) residual derivatives, ${mix.names.join('/')} at T=${T} K, V=${V} m3`, (t) => {
      const base = F(T, V, mix.n);
      const hT = T * 1e-5;
      const hV = V * 1e-6;
      const pT = F(T + hT, V, mix.n);
      const mT = F(T - hT, V, mix.n);
      const pV = F(T, V + hV, mix.n);
      const mV = F(T, V - hV, mix.n);
      close(t, base.F_T, (pT.F - mT.F) / (2 * hT), 1e-7, 'F_T');
      close(t, base.F_V, (pV.F - mV.F) / (2 * hV), 1e-7, 'F_V');
      close(t, base.F_TT, (pT.F_T - mT.F_T) / (2 * hT), 1e-6, 'F_TT');
      close(t, base.F_TV, (pV.F_T - mV.F_T) / (2 * hV), 1e-6, 'F_TV');
      close(t, base.F_VV, (pV.F_V - mV.F_V) / (2 * hV), 1e-6, 'F_VV');
      for (let i = 0; i < nc; i++) {
        const h = 1e-6;
        const np = mix.n.slice();
        const nm = mix.n.slice();
        np[i] += h;
        nm[i] -= h;
        const Fp = F(T, V, np);
        const Fm = F(T, V, nm);
        close(t, base.F_n[i], (Fp.F - Fm.F) / (2 * h), 1e-7, `F_n[${i}]`);
        close(t, base.F_nT[i], (pT.F_n[i] - mT.F_n[i]) / (2 * hT), 1e-6, `F_nT[${i}]`);
        close(t, base.F_nV[i], (pV.F_n[i] - mV.F_n[i]) / (2 * hV), 1e-6, `F_nV[${i}]`);
        for (let j = 0; j < nc; j++) close(t, base.F_nn[j * nc + i], (Fp.F_n[j] - Fm.F_n[j]) / (2 * h), 1e-6, `F_nn[${j},${i}]`);
      }
      t.end();
    });
  }

  t.test(`UMR-PRU (${mix.attraction}) fast ln φ equals the generic derivation (${mix.names.join('/')})`, (t) => {
    const T = 300;
    const at = model.atTemperature(T);
    const P = 40e5;
    const x = Float64Array.from(mix.n);
    for (const root of ['vapor', 'liquid'] as const) {
      const fast = new Float64Array(nc);
      const v = at.lnPhi(P, x, root, fast);
      const r = new ResidualDerivatives(nc);
      at.residual(v, x, DerivLevel.Fugacity, r);
      close(t, R * T * (1 / v - r.F_V), P, 1e-9, `P(${root} root)`);
      const lnPhi = new Float64Array(nc);
      const d = new Float64Array(nc * nc);
      lnPhiDerivatives(at, P, x, root, lnPhi, d, new FugacityScratch(nc));
      for (let i = 0; i < nc; i++) close(t, lnPhi[i], fast[i], 1e-10, `ln φ[${i}] ${root}`);
      // Gibbs–Duhem: Σ x_i dln φ_i/dn_j = 0.
      for (let j = 0; j < nc; j++) {
        let s = 0;
        let scale = 0;
        for (let i = 0; i < nc; i++) {
          s += x[i] * d[i * nc + j];
          scale += Math.abs(x[i] * d[i * nc + j]);
        }
        t.ok(Math.abs(s) <= 1e-10 * Math.max(scale, 1), `Gibbs–Duhem column ${j} (${root}): ${s}`);
      }
    }
    t.end();
  });
}

t.test('a pure component: b and a reduce to the component’s own (G^E = 0, b_ii = b_i)', (t) => {
  const cs = comps(['propane', 'n-butane']);
  const model = createUmrFluid(cs, [1, 1]).model as UmrPruModel;
  const at = model.atTemperature(280);
  // Two "mixtures" that are pure propane: its ln φ must not depend on the absent component.
  const a = new Float64Array(2);
  const b = new Float64Array(2);
  at.lnPhi(5e5, [1, 0], 'liquid', a);
  at.lnPhi(5e5, [1, 1e-12], 'liquid', b);
  t.ok(Math.abs(a[0] - b[0]) < 1e-9, `ln φ propane ${a[0]} vs ${b[0]}`);
  t.equal(at.covolume([1, 0]), model.b[0], 'b of pure propane');
  t.end();
});

t.test('components without a UMR-PRU group assignment are named', (t) => {
  t.same(componentsWithoutUmrGroups(comps(['methane', 'hydrogen', 'helium'])), ['hydrogen', 'helium']);
  t.throws(() => createUmrFluid(comps(['methane', 'helium']), [0.5, 0.5]), /helium/);
  t.end();
});
