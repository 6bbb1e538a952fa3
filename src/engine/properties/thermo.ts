/**
 * Thermodynamic properties of a phase, derived generically from a model's residual Helmholtz
 * derivatives (Michelsen & Mollerup 2007, ch. 2) plus the ideal-gas Cp0 polynomial, on the
 * original's datum (spec/neqsim-physics.md A0). Per mole of phase (n = 1, V = molar volume):
 *   P = RT/V − RT·F_V,  H^r = RT(−T·F_T + Z − 1),  S^r = R(−T·F_T − F + ln Z),
 *   Cv^r = −R(T²F_TT + 2T·F_T),  Cp = Cv − T(∂P/∂T)_V² / (∂P/∂V)_T.
 * Z, H, S, Cp, Cv, speed of sound and JT use the untranslated EOS volume (as the original); only
 * the reported density and molar volume carry the Peneloux shift.
 */
import { P_REF, R } from '../eos/constants.js';
import { idealCp, idealEnthalpy, idealEntropyT } from '../eos/ideal-gas.js';
import { DerivLevel, ResidualDerivatives, type ModelAtT, type ThermoModel } from '../eos/types.js';

/** Transient output of ThermoModel.idealGas (read at once). */
const IDEAL_SCRATCH = new Float64Array(3);

export interface PhaseThermo {
  /** Compressibility factor of the EOS volume. */
  Z: number;
  /** EOS molar volume, m3/mol. */
  molarVolumeEos: number;
  /** Reported molar volume (Peneloux-shifted when the model uses it), m3/mol. */
  molarVolume: number;
  /** Reported density, kg/m3. */
  density: number;
  /** kg/mol. */
  molarMass: number;
  /** J/mol on the datum H0(273.15 K) = 0. */
  enthalpy: number;
  /** J/(mol·K) on the datum S0(273.15 K, 1.01325 bar) = 0. */
  entropy: number;
  /** J/(mol·K). */
  cp: number;
  cv: number;
  /** m/s. */
  speedOfSound: number;
  /** Joule–Thomson coefficient, K/Pa. */
  jouleThomson: number;
  /** Cp/Cv·(−V/P·∂P/∂V) isentropic exponent as the original defines kappa. */
  kappa: number;
  /** Residual Gibbs energy G^r/(RT) per mole (for Gibbs checks). */
  gibbsResidual: number;
  /** Derivatives used above, kept for further properties: (∂P/∂T)_V in Pa/K, (∂P/∂V)_T in Pa·mol/m3. */
  dPdT: number;
  dPdV: number;
}

/**
 * Properties of one phase at (T, P) with mole fractions x and EOS molar volume V (from a flash
 * PhaseState or ModelAtT.molarVolume).
 */
export function phaseThermo(model: ThermoModel, at: ModelAtT, P: number, x: ArrayLike<number>, V: number, scratch?: ResidualDerivatives): PhaseThermo {
  const nc = model.nc;
  const T = at.T;
  const r = scratch ?? new ResidualDerivatives(nc);
  at.residual(V, x, DerivLevel.Caloric, r);
  const RT = R * T;
  const Z = (P * V) / RT;

  let M = 0;
  let h0 = 0;
  let s0 = 0;
  let cp0 = 0;
  let shift = 0;
  for (let i = 0; i < nc; i++) {
    const xi = x[i];
    if (xi <= 0) continue;
    const c = model.components[i];
    M += xi * c.molarMass;
    if (model.idealGas !== undefined) {
      model.idealGas(i, T, IDEAL_SCRATCH);
      h0 += xi * IDEAL_SCRATCH[0];
      s0 += xi * (IDEAL_SCRATCH[1] - R * Math.log(xi));
      cp0 += xi * IDEAL_SCRATCH[2];
    } else {
      h0 += xi * idealEnthalpy(c.cpIdeal, T);
      s0 += xi * (idealEntropyT(c.cpIdeal, T) - R * Math.log(xi));
      cp0 += xi * idealCp(c.cpIdeal, T);
    }
    if (model.usesVolumeShift) shift += xi * model.volumeShift(i, T);
  }
  s0 -= R * Math.log(P / P_REF);

  const hRes = RT * (-T * r.F_T + Z - 1);
  const sRes = R * (-T * r.F_T - r.F + Math.log(Z));
  const cvRes = -R * (T * T * r.F_TT + 2 * T * r.F_T);
  const dPdV = -RT * r.F_VV - RT / (V * V);
  const dPdT = P / T - RT * r.F_TV;
  const cv = cp0 - R + cvRes;
  const cp = cv - (T * dPdT * dPdT) / dPdV;
  const w2 = (-(V * V) * dPdV * cp) / (cv * M);
  const vReported = V - shift;
  return {
    Z,
    molarVolumeEos: V,
    molarVolume: vReported,
    density: M / vReported,
    molarMass: M,
    enthalpy: h0 + hRes,
    entropy: s0 + sRes,
    cp,
    cv,
    speedOfSound: w2 > 0 ? Math.sqrt(w2) : NaN,
    jouleThomson: -(V + (T * dPdT) / dPdV) / cp,
    kappa: (-(cp / cv) * (V / P)) * dPdV,
    gibbsResidual: r.F + Z - 1 - Math.log(Z),
    dPdT,
    dPdV,
  };
}
