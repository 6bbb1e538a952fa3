/**
 * PC-SAFT (src/engine/eos/pcsaft*.ts) derivatives against finite differences of F itself.
 *
 * - First derivatives (analytic): central differences of F, relative step 1e-6; agreement 1e-7
 *   relative to the derivative's scale (the difference's own error is ~1e-10).
 * - Second derivatives (central differences of the analytic first derivatives in the model):
 *   second differences of F, an independent route; agreement 2e-5 of the scale (the second
 *   difference of F carries ~1e-6 relative error itself).
 * - Euler identities, exact for any correct derivatives because F is homogeneous of degree 1 in
 *   (V, n): Σ n_i F_i + V F_V = F and Σ_j n_j F_ij + V F_iV = 0 (checked to 1e-7 of the scale),
 *   also with an absent component, whose F_nn column uses the one-sided formula.
 * Mixtures include associating components (water 2B, methanol 2B, MEG 4C) so the association
 * term is covered, at liquid-like and gas-like volumes.
 */
import t, { type Test } from 'tap';
import { findComponent } from '../../src/engine/components/index.js';
import { createPcSaftModel } from '../../src/engine/pcsaft-fluid.js';
import { DerivLevel, ResidualDerivatives, type ThermoModel } from '../../src/engine/eos/types.js';

function residual(model: ThermoModel, T: number, V: number, n: ArrayLike<number>, level: DerivLevel = DerivLevel.Fugacity): ResidualDerivatives {
  const out = new ResidualDerivatives(model.nc);
  model.atTemperature(T).residual(V, n, level, out);
  return out;
}
const F = (model: ThermoModel, T: number, V: number, n: ArrayLike<number>) => residual(model, T, V, n).F;

function close(t: Test, got: number, exp: number, scale: number, rel: number, what: string): void {
  const err = Math.abs(got - exp) / Math.max(Math.abs(exp), scale);
  t.ok(err < rel, `${what}: ${got.toPrecision(12)} vs ${exp.toPrecision(12)} (rel ${err.toExponential(2)})`);
}

const CASES: { label: string; names: string[]; n: number[]; T: number; vPerMol: number }[] = [
  { label: 'gas condensate, liquid-like', names: ['methane', 'ethane', 'propane', 'n-hexane', 'nC10', 'CO2', 'nitrogen'], n: [0.4, 0.1, 0.1, 0.1, 0.2, 0.05, 0.05], T: 320, vPerMol: 1.0e-4 },
  { label: 'gas condensate, gas-like', names: ['methane', 'ethane', 'propane', 'n-hexane', 'nC10', 'CO2', 'nitrogen'], n: [0.8, 0.06, 0.04, 0.03, 0.02, 0.03, 0.02], T: 280, vPerMol: 5e-4 },
  { label: 'water-methanol-methane, liquid', names: ['water', 'methanol', 'methane'], n: [0.7, 0.25, 0.05], T: 300, vPerMol: 2.2e-5 },
  { label: 'MEG-water-methane-nC10, dense', names: ['MEG', 'water', 'methane', 'nC10'], n: [0.3, 0.4, 0.2, 0.1], T: 350, vPerMol: 4e-5 },
  { label: 'water-methane, gas', names: ['water', 'methane'], n: [0.05, 0.95], T: 400, vPerMol: 1e-3 },
];

for (const c of CASES) {
  t.test(`${c.label}: analytic first derivatives`, (t) => {
    const model = createPcSaftModel(c.names.map((s) => findComponent(s)!));
    const n = Float64Array.from(c.n, (v) => v * 2);
    const V = c.vPerMol * 2;
    const d = residual(model, c.T, V, n, DerivLevel.Composition);
    const h = 1e-6;
    const fv = (F(model, c.T, V * (1 + h), n) - F(model, c.T, V * (1 - h), n)) / (2 * h * V);
    close(t, d.F_V, fv, Math.abs(d.F / V), 1e-7, 'F_V');
    const ft = (F(model, c.T * (1 + h), V, n) - F(model, c.T * (1 - h), V, n)) / (2 * h * c.T);
    close(t, d.F_T, ft, Math.abs(d.F / c.T), 1e-7, 'F_T');
    for (let i = 0; i < model.nc; i++) {
      const np = Float64Array.from(n);
      const nm = Float64Array.from(n);
      np[i] += h;
      nm[i] -= h;
      close(t, d.F_n[i], (F(model, c.T, V, np) - F(model, c.T, V, nm)) / (2 * h), 1, 1e-7, `F_n ${c.names[i]}`);
    }
    let euler = V * d.F_V;
    for (let i = 0; i < model.nc; i++) euler += n[i] * d.F_n[i];
    close(t, euler, d.F, 1, 1e-10, 'Σ n F_n + V F_V = F');
    t.end();
  });

  t.test(`${c.label}: second derivatives`, (t) => {
    const model = createPcSaftModel(c.names.map((s) => findComponent(s)!));
    const n = Float64Array.from(c.n);
    const V = c.vPerMol;
    const T = c.T;
    const d = residual(model, T, V, n, DerivLevel.Composition);
    const f0 = F(model, T, V, n);
    const hv = 1e-4 * V;
    const ht = 1e-4 * T;
    const hn = 1e-4;
    const scaleVV = Math.abs(f0) / (V * V) + Math.abs(d.F_V / V);
    close(t, d.F_VV, (F(model, T, V + hv, n) - 2 * f0 + F(model, T, V - hv, n)) / (hv * hv), scaleVV, 2e-5, 'F_VV');
    close(t, d.F_TT, (F(model, T + ht, V, n) - 2 * f0 + F(model, T - ht, V, n)) / (ht * ht), Math.abs(d.F_T / T), 2e-5, 'F_TT');
    const fTV = (F(model, T + ht, V + hv, n) - F(model, T + ht, V - hv, n) - F(model, T - ht, V + hv, n) + F(model, T - ht, V - hv, n)) / (4 * ht * hv);
    close(t, d.F_TV, fTV, Math.abs(d.F_V / T), 2e-5, 'F_TV');
    for (let i = 0; i < model.nc; i++) {
      const shift = (di: number, dv: number, dt: number, j = -1, dj = 0) => {
        const m = Float64Array.from(n);
        m[i] += di;
        if (j >= 0) m[j] += dj;
        return F(model, T + dt, V + dv, m);
      };
      const fnV = (shift(hn, hv, 0) - shift(hn, -hv, 0) - shift(-hn, hv, 0) + shift(-hn, -hv, 0)) / (4 * hn * hv);
      close(t, d.F_nV[i], fnV, Math.abs(d.F_V), 2e-5, `F_nV ${c.names[i]}`);
      const fnT = (shift(hn, 0, ht) - shift(hn, 0, -ht) - shift(-hn, 0, ht) + shift(-hn, 0, -ht)) / (4 * hn * ht);
      close(t, d.F_nT[i], fnT, Math.abs(d.F_T) + 1 / T, 2e-5, `F_nT ${c.names[i]}`);
      for (let j = 0; j < model.nc; j++) {
        const fij =
          i === j
            ? (shift(hn, 0, 0) - 2 * f0 + shift(-hn, 0, 0)) / (hn * hn)
            : (shift(hn, 0, 0, j, hn) - shift(hn, 0, 0, j, -hn) - shift(-hn, 0, 0, j, hn) + shift(-hn, 0, 0, j, -hn)) / (4 * hn * hn);
        close(t, d.F_nn[i * model.nc + j], fij, 1, 2e-5, `F_nn ${c.names[i]}-${c.names[j]}`);
      }
      let row = V * d.F_nV[i];
      let size = Math.abs(row);
      for (let j = 0; j < model.nc; j++) {
        row += n[j] * d.F_nn[i * model.nc + j];
        size += Math.abs(n[j] * d.F_nn[i * model.nc + j]);
      }
      close(t, row, 0, size, 1e-7, `Σ_j n_j F_ij + V F_iV = 0 (${c.names[i]})`);
    }
    t.end();
  });
}

t.test('an absent component (stability trial): one-sided F_nn column still satisfies the Euler identity', (t) => {
  const names = ['methane', 'water', 'nC10', 'methanol'];
  const model = createPcSaftModel(names.map((s) => findComponent(s)!));
  const n = Float64Array.of(0.7, 0, 0.3, 0);
  const V = 2e-4;
  const d = residual(model, 310, V, n, DerivLevel.Composition);
  for (let i = 0; i < model.nc; i++) {
    let row = V * d.F_nV[i];
    let size = Math.abs(row);
    for (let j = 0; j < model.nc; j++) {
      row += n[j] * d.F_nn[i * model.nc + j];
      size += Math.abs(n[j] * d.F_nn[i * model.nc + j]);
    }
    close(t, row, 0, size, 1e-7, `row ${names[i]}`);
    t.ok(Number.isFinite(d.F_n[i]), `F_n of ${names[i]} finite (${d.F_n[i].toPrecision(6)})`);
  }
  // The absent water's own column against a forward second difference of F.
  const hn = 1e-4;
  const f = (a: number) => F(model, 310, V, Float64Array.of(0.7, a, 0.3, 0));
  const fww = (f(2 * hn) - 2 * f(hn) + f(0)) / (hn * hn);
  // Forward difference at n_w = 0 is first-order accurate (error ~ hn·F_www), so a looser bound.
  close(t, d.F_nn[1 * 4 + 1], fww, 1, 5e-3, 'F_nn water-water at n_water = 0');
  t.end();
});
