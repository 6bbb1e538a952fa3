/**
 * The cubic models' analytic residual-Helmholtz derivatives against central finite differences,
 * and the fast ln φ path against the generic derivation from F. Tolerances are set by the FD
 * truncation error (relative step 1e-5 → ~1e-8 relative agreement expected).
 */
import t, { type Test } from 'tap';
import { createCubicModel, type CubicKind } from '../../src/engine/eos/cubic.js';
import { DerivLevel, ResidualDerivatives } from '../../src/engine/eos/types.js';
import { R } from '../../src/engine/eos/constants.js';
import { FugacityScratch, lnPhiDerivatives } from '../../src/engine/flash/fugacity.js';
import { METHANE, ETHANE, PROPANE, NHEPTANE, kijFor } from './eos-fixtures.js';

const comps = [METHANE, ETHANE, PROPANE, NHEPTANE];
const n0 = [0.4, 0.25, 0.2, 0.15];
const nc = comps.length;

function close(t: Test, got: number, exp: number, rel: number, what: string): void {
  const scale = Math.max(Math.abs(exp), 1e-8);
  t.ok(Math.abs(got - exp) <= rel * scale, `${what}: analytic ${got} vs numeric ${exp}`);
}

function F(kind: CubicKind, T: number, V: number, n: number[], level: DerivLevel = DerivLevel.Composition): ResidualDerivatives {
  const m = createCubicModel(kind, comps, kijFor(comps));
  const out = new ResidualDerivatives(nc);
  m.atTemperature(T).residual(V, n, level, out);
  return out;
}

for (const kind of ['SRK', 'PR'] as const) {
  for (const [T, V] of [
    [300, 4e-3], // gas-like, 1 mol in 4 L
    [250, 1.2e-4], // liquid-like
  ] as const) {
    t.test(`${kind} residual derivatives at T=${T} K, V=${V} m3`, (t) => {
      const base = F(kind, T, V, n0);
      const hT = T * 1e-5;
      const hV = V * 1e-6;
      const pT = F(kind, T + hT, V, n0);
      const mT = F(kind, T - hT, V, n0);
      const pV = F(kind, T, V + hV, n0);
      const mV = F(kind, T, V - hV, n0);
      close(t, base.F_T, (pT.F - mT.F) / (2 * hT), 1e-7, 'F_T');
      close(t, base.F_V, (pV.F - mV.F) / (2 * hV), 1e-7, 'F_V');
      close(t, base.F_TT, (pT.F_T - mT.F_T) / (2 * hT), 1e-6, 'F_TT');
      close(t, base.F_TV, (pV.F_T - mV.F_T) / (2 * hV), 1e-6, 'F_TV');
      close(t, base.F_VV, (pV.F_V - mV.F_V) / (2 * hV), 1e-6, 'F_VV');
      for (let i = 0; i < nc; i++) {
        const h = 1e-6;
        const np = n0.slice();
        const nm = n0.slice();
        np[i] += h;
        nm[i] -= h;
        const Fp = F(kind, T, V, np);
        const Fm = F(kind, T, V, nm);
        close(t, base.F_n[i], (Fp.F - Fm.F) / (2 * h), 1e-7, `F_n[${i}]`);
        close(t, base.F_nT[i], (pT.F_n[i] - mT.F_n[i]) / (2 * hT), 1e-6, `F_nT[${i}]`);
        close(t, base.F_nV[i], (pV.F_n[i] - mV.F_n[i]) / (2 * hV), 1e-6, `F_nV[${i}]`);
        for (let j = 0; j < nc; j++) close(t, base.F_nn[j * nc + i], (Fp.F_n[j] - Fm.F_n[j]) / (2 * h), 1e-6, `F_nn[${j},${i}]`);
      }
      t.end();
    });
  }

  t.test(`${kind} fast ln φ equals the generic derivation, and dln φ/dn matches finite differences`, (t) => {
    const m = createCubicModel(kind, comps, kijFor(comps));
    const at = m.atTemperature(280);
    const P = 30e5;
    const x = Float64Array.from(n0);
    for (const root of ['vapor', 'liquid'] as const) {
      const fast = new Float64Array(nc);
      const v = at.lnPhi(P, x, root, fast);
      // Pressure from F_V reproduces the input pressure at the root.
      const r = new ResidualDerivatives(nc);
      at.residual(v, x, DerivLevel.Fugacity, r);
      close(t, R * 280 * (1 / v - r.F_V), P, 1e-9, `P(${root} root)`);
      const lnPhi = new Float64Array(nc);
      const d = new Float64Array(nc * nc);
      const s = new FugacityScratch(nc);
      lnPhiDerivatives(at, P, x, root, lnPhi, d, s);
      for (let i = 0; i < nc; i++) close(t, lnPhi[i], fast[i], 1e-10, `ln φ[${i}] ${root}`);
      // Gibbs–Duhem: Σ n_i ∂ln φ_i/∂n_j = 0.
      for (let j = 0; j < nc; j++) {
        let s2 = 0;
        for (let i = 0; i < nc; i++) s2 += x[i] * d[i * nc + j];
        t.ok(Math.abs(s2) < 1e-9, `Gibbs–Duhem column ${j} (${root}): ${s2}`);
      }
      for (let j = 0; j < nc; j++) {
        const h = 1e-6;
        const xp = Float64Array.from(x);
        const xm = Float64Array.from(x);
        xp[j] += h;
        xm[j] -= h;
        const lp = new Float64Array(nc);
        const lm = new Float64Array(nc);
        // ln φ depends on composition only through mole fractions; normalising is part of the derivative.
        const np = xp.map((v2) => v2 / xp.reduce((a, b) => a + b, 0));
        const nm = xm.map((v2) => v2 / xm.reduce((a, b) => a + b, 0));
        at.lnPhi(P, np, root, lp);
        at.lnPhi(P, nm, root, lm);
        for (let i = 0; i < nc; i++) close(t, d[i * nc + j], (lp[i] - lm[i]) / (2 * h), 1e-5, `dln φ[${i}]/dn[${j}] ${root}`);
      }
    }
    t.end();
  });
}
