/**
 * GERG-2008 as a full model (src/engine/reference-eos/gerg2008-model.ts): every analytic
 * derivative of F(T, V, n) against central finite differences, the root-finding and ln φ paths
 * against F, and single-phase properties against the reference path (gerg2008State, the NIST
 * code's scheme) which this model must reproduce.
 */
import t, { type Test } from 'tap';
import { findComponent, type ComponentData } from '../../src/engine/components/index.js';
import { DerivLevel, ResidualDerivatives } from '../../src/engine/eos/types.js';
import { R } from '../../src/engine/eos/constants.js';
import { createGerg2008Model } from '../../src/engine/reference-eos/gerg2008-model.js';
import { gerg2008State } from '../../src/engine/reference-eos/index.js';
import { phaseThermo } from '../../src/engine/properties/thermo.js';

const names = ['methane', 'nitrogen', 'CO2', 'ethane', 'propane', 'i-butane', 'n-butane', 'n-pentane', 'hydrogen', 'water'];
const comps: ComponentData[] = names.map((n) => findComponent(n)!);
const n0 = [0.62, 0.05, 0.04, 0.1, 0.07, 0.03, 0.035, 0.025, 0.02, 0.01];
const nc = comps.length;
const model = createGerg2008Model(comps);

function close(t: Test, got: number, exp: number, rel: number, what: string, abs = 1e-9): void {
  t.ok(Math.abs(got - exp) <= rel * Math.abs(exp) + abs, `${what}: analytic ${got} vs numeric ${exp}`);
}

function F(T: number, V: number, n: number[]): ResidualDerivatives {
  const out = new ResidualDerivatives(nc);
  model.atTemperature(T).residual(V, n, DerivLevel.Composition, out);
  return out;
}

for (const [T, V] of [
  [300, 4e-4], // gas, 1 mol in 0.4 L (about 60 bar)
  [220, 8e-5], // dense liquid-like
] as const) {
  t.test(`GERG-2008 residual derivatives at T=${T} K, V=${V} m3 (10 components, asymmetric β pairs, departure functions)`, (t) => {
    const base = F(T, V, n0);
    const hT = T * 1e-5;
    const hV = V * 1e-6;
    const pT = F(T + hT, V, n0);
    const mT = F(T - hT, V, n0);
    const pV = F(T, V + hV, n0);
    const mV = F(T, V - hV, n0);
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
      const Fp = F(T, V, np);
      const Fm = F(T, V, nm);
      close(t, base.F_n[i], (Fp.F - Fm.F) / (2 * h), 1e-7, `F_n[${names[i]}]`);
      close(t, base.F_nT[i], (pT.F_n[i] - mT.F_n[i]) / (2 * hT), 1e-6, `F_nT[${names[i]}]`);
      close(t, base.F_nV[i], (pV.F_n[i] - mV.F_n[i]) / (2 * hV), 1e-6, `F_nV[${names[i]}]`, 1e-3);
      for (let j = 0; j < nc; j++) close(t, base.F_nn[j * nc + i], (Fp.F_n[j] - Fm.F_n[j]) / (2 * h), 1e-6, `F_nn[${names[j]},${names[i]}]`, 1e-7);
    }
    // F is homogeneous of degree 1 in (V, n): Σ n_i F_n,i + V·F_V = F (Euler).
    let euler = V * base.F_V;
    for (let i = 0; i < nc; i++) euler += n0[i] * base.F_n[i];
    close(t, euler, base.F, 1e-12, 'Euler relation');
    t.end();
  });
}

t.test('GERG-2008 model: P from F_V at the density roots, ln φ consistent with F, properties equal the reference path', (t) => {
  const x = Float64Array.from(n0);
  const T = 290;
  const P = 80e5;
  const at = model.atTemperature(T);
  const lnPhi = new Float64Array(nc);
  const v = at.lnPhi(P, x, 'stable', lnPhi);
  const r = new ResidualDerivatives(nc);
  at.residual(v, x, DerivLevel.Composition, r);
  close(t, R * T * (1 / v - r.F_V), P, 1e-10, 'P at the root');
  const composition: Record<string, number> = {};
  names.forEach((n, i) => (composition[n] = n0[i]));
  const ref = gerg2008State(T, P, composition, { densitySearch: 'stable' });
  t.ok(ref.ok);
  if (!ref.ok) return t.end();
  // Same equation and, through the model's gas-constant rescaling (R_SCALE), the same P(ρ).
  close(t, 1 / v, ref.density, 1e-12, 'molar density vs gerg2008State');
  const th = phaseThermo(model, at, P, x, v);
  close(t, th.enthalpy, ref.H, 1e-5, 'H on the GERG datum', 0.05);
  close(t, th.entropy, ref.S, 1e-5, 'S on the GERG datum', 1e-3);
  close(t, th.cp, ref.Cp, 1e-5, 'Cp');
  // w² ∝ 1/M: the component database's molar masses differ from GERG's Table A5 by up to 3e-5.
  close(t, th.speedOfSound, ref.w, 5e-5, 'speed of sound');
  t.end();
});
