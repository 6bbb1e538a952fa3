/**
 * Thermodynamic consistency of the derived properties: Cp = (∂H/∂T)_P, Cp/T = (∂S/∂T)_P,
 * JT = −(∂H/∂P)_T/Cp, (∂S/∂P)_T = −(∂V/∂T)_P, Cv = (∂U/∂T)_V, and w² = −V²/M·(∂P/∂V)_S from a
 * finite-difference isentrope. Each side is computed independently, so a wrong derivative fails.
 */
import t, { type Test } from 'tap';
import { createCubicModel } from '../../src/engine/eos/cubic.js';
import { R } from '../../src/engine/eos/constants.js';
import { DerivLevel, ResidualDerivatives } from '../../src/engine/eos/types.js';
import { phaseThermo } from '../../src/engine/properties/thermo.js';
import { METHANE, ETHANE, PROPANE, NHEPTANE, kijFor } from './eos-fixtures.js';

const comps = [METHANE, ETHANE, PROPANE, NHEPTANE];
const x = [0.55, 0.2, 0.15, 0.1];

function close(t: Test, got: number, exp: number, rel: number, what: string): void {
  t.ok(Math.abs(got - exp) <= rel * Math.abs(exp), `${what}: ${got} vs ${exp} (rel ${((got - exp) / exp).toExponential(2)})`);
}

for (const kind of ['SRK', 'PR'] as const) {
  const model = createCubicModel(kind, comps, kijFor(comps));
  const state = (T: number, P: number, root: 'vapor' | 'liquid') => {
    const at = model.atTemperature(T);
    return phaseThermo(model, at, P, x, at.molarVolume(P, x, root));
  };
  for (const [T, P, root] of [
    [350, 20e5, 'vapor'],
    [300, 100e5, 'liquid'],
  ] as const) {
    t.test(`${kind} ${root} at ${T} K, ${P / 1e5} bar`, (t) => {
      const s = state(T, P, root);
      const hT = 1e-3;
      const hP = P * 1e-6;
      const Tp = state(T + hT, P, root);
      const Tm = state(T - hT, P, root);
      const Pp = state(T, P + hP, root);
      const Pm = state(T, P - hP, root);
      close(t, s.cp, (Tp.enthalpy - Tm.enthalpy) / (2 * hT), 1e-6, 'Cp = dH/dT');
      close(t, s.cp / T, (Tp.entropy - Tm.entropy) / (2 * hT), 1e-6, 'Cp/T = dS/dT');
      close(t, s.jouleThomson, -(Pp.enthalpy - Pm.enthalpy) / (2 * hP) / s.cp, 1e-5, 'JT = -dH/dP / Cp');
      close(t, (Pp.entropy - Pm.entropy) / (2 * hP), -(Tp.molarVolumeEos - Tm.molarVolumeEos) / (2 * hT), 1e-5, 'Maxwell dS/dP = -dV/dT');

      // Cv = (∂U/∂T)_V at fixed EOS volume; P follows from the EOS.
      const V = s.molarVolumeEos;
      const pressureAt = (T2: number) => {
        const r = new ResidualDerivatives(comps.length);
        model.atTemperature(T2).residual(V, x, DerivLevel.Fugacity, r);
        return R * T2 * (1 / V - r.F_V);
      };
      const U = (T2: number) => {
        const P2 = pressureAt(T2);
        const th = phaseThermo(model, model.atTemperature(T2), P2, x, V);
        return th.enthalpy - P2 * V;
      };
      close(t, s.cv, (U(T + hT) - U(T - hT)) / (2 * hT), 1e-6, 'Cv = dU/dT at V');

      // Speed of sound from an isentropic volume change: find T' with S(T', V') = S(T, V).
      const dV = V * 1e-6;
      const isentropicP = (V2: number) => {
        let T2 = T;
        for (let k = 0; k < 30; k++) {
          const r = new ResidualDerivatives(comps.length);
          model.atTemperature(T2).residual(V2, x, DerivLevel.Fugacity, r);
          const P2 = R * T2 * (1 / V2 - r.F_V);
          const th = phaseThermo(model, model.atTemperature(T2), P2, x, V2);
          const step = ((th.entropy - s.entropy) * T2) / th.cv;
          T2 -= step;
          if (Math.abs(step) < 1e-11) return P2;
        }
        return NaN;
      };
      const dPdVs = (isentropicP(V + dV) - isentropicP(V - dV)) / (2 * dV);
      close(t, s.speedOfSound, Math.sqrt((-V * V * dPdVs) / s.molarMass), 1e-5, 'speed of sound from the isentrope');
      t.end();
    });
  }
}
