/**
 * Equilibrium ratios and phase enthalpies of one column stage from the process fluid's equation
 * of state: K_i = φ_i^L(T, P, x) / φ_i^V(T, P, y), h^L(T, P, x), h^V(T, P, y) on the engine's
 * enthalpy datum, so column duties and balances use the same H as every other unit.
 */
import type { ThermoModel } from '../../eos/types.js';
import { phaseThermo } from '../../properties/thermo.js';
import { ResidualDerivatives } from '../../eos/types.js';

export interface StageProperties {
  K: Float64Array;
  hL: number;
  hV: number;
  /** EOS molar volumes of the liquid and vapour roots (for the product phases). */
  VL: number;
  VV: number;
  lnPhiL: Float64Array;
  lnPhiV: Float64Array;
}

export class StagePropertyEvaluator {
  private readonly scratch: ResidualDerivatives;
  constructor(readonly model: ThermoModel) {
    this.scratch = new ResidualDerivatives(model.nc);
  }

  /** x, y are mole fractions (normalised here, so unnormalised flows may be passed). */
  evaluate(T: number, P: number, xIn: ArrayLike<number>, yIn: ArrayLike<number>, withEnthalpy = true): StageProperties | undefined {
    const nc = this.model.nc;
    const x = normalised(xIn);
    const y = normalised(yIn);
    if (!x || !y || !(T > 0)) return undefined;
    const at = this.model.atTemperature(T);
    const lnPhiL = new Float64Array(nc);
    const lnPhiV = new Float64Array(nc);
    const VL = at.lnPhi(P, x, 'liquid', lnPhiL);
    const VV = at.lnPhi(P, y, 'vapor', lnPhiV);
    if (!Number.isFinite(VL) || !Number.isFinite(VV)) return undefined;
    const K = new Float64Array(nc);
    for (let i = 0; i < nc; i++) K[i] = Math.exp(lnPhiL[i] - lnPhiV[i]);
    let hL = NaN;
    let hV = NaN;
    if (withEnthalpy) {
      hL = phaseThermo(this.model, at, P, x, VL, this.scratch).enthalpy;
      hV = phaseThermo(this.model, at, P, y, VV, this.scratch).enthalpy;
    }
    return { K, hL, hV, VL, VV, lnPhiL, lnPhiV };
  }
}

export function normalised(v: ArrayLike<number>): Float64Array | undefined {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += Math.max(v[i], 0);
  if (!(s > 0) || !Number.isFinite(s)) return undefined;
  const out = new Float64Array(v.length);
  // Tiny floor: a component absent from a phase still has a defined fugacity coefficient.
  for (let i = 0; i < v.length; i++) out[i] = Math.max(v[i], 0) / s;
  return out;
}

/** Wilson's correlation K_i = (Pc_i/P)·exp(5.373(1+ω_i)(1−Tc_i/T)), for initial estimates only. */
export function wilsonK(model: ThermoModel, T: number, P: number): Float64Array {
  const K = new Float64Array(model.nc);
  model.components.forEach((c, i) => (K[i] = (c.pc / P) * Math.exp(5.373 * (1 + c.omega) * (1 - c.tc / T))));
  return K;
}
