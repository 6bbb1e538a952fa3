/**
 * ln φ and its composition derivatives at fixed T and P, derived generically from the model's
 * residual Helmholtz derivatives (Michelsen & Mollerup 2007, ch. 2):
 *   ln φ_i = F_i − ln Z,
 *   ∂ln φ_i/∂n_j (T,P) = F_ij + 1/n + (∂P/∂n_i)(∂P/∂n_j) / (R·T·∂P/∂V).
 */
import { R } from '../eos/constants.js';
import { DerivLevel, ResidualDerivatives, type ModelAtT, type RootChoice } from '../eos/types.js';

/** Per-call scratch for lnPhiDerivatives; allocate once per flash. */
export class FugacityScratch {
  readonly res: ResidualDerivatives;
  readonly x: Float64Array;
  readonly dPdn: Float64Array;
  constructor(nc: number) {
    this.res = new ResidualDerivatives(nc);
    this.x = new Float64Array(nc);
    this.dPdn = new Float64Array(nc);
  }
}

/**
 * For amounts n (any total), fills lnPhi and dlnPhi (row-major, ∂ln φ_i/∂n_j at T, P) and returns
 * the molar volume. NaN when no volume root exists. With dLnT / dLnP given, also fills
 * ∂ln φ_i/∂ln T (P, n) and ∂ln φ_i/∂ln P (T, n) (Michelsen & Mollerup 2007, ch. 2):
 *   ∂ln φ_i/∂T = F_iT + 1/T − v̄_i (∂P/∂T)_V / (R·T),   ∂ln φ_i/∂P = v̄_i/(R·T) − 1/P,
 * with the partial molar volume v̄_i = −(∂P/∂n_i)/(∂P/∂V) and (∂P/∂T)_V = P/T − R·T·F_TV.
 */
export function lnPhiDerivatives(
  at: ModelAtT,
  P: number,
  n: ArrayLike<number>,
  root: RootChoice,
  lnPhi: Float64Array,
  dlnPhi: Float64Array | undefined,
  s: FugacityScratch,
  dLnT?: Float64Array,
  dLnP?: Float64Array,
): number {
  const nc = at.nc;
  let nt = 0;
  for (let i = 0; i < nc; i++) nt += n[i];
  for (let i = 0; i < nc; i++) s.x[i] = n[i] / nt;
  const v = at.molarVolume(P, s.x, root);
  if (!Number.isFinite(v)) return NaN;
  const V = v * nt;
  const T = at.T;
  const RT = R * T;
  const r = s.res;
  // Without dlnPhi (only the T and P derivatives wanted) the composition derivatives are skipped.
  at.residual(V, n, dlnPhi === undefined ? DerivLevel.Caloric : DerivLevel.Composition, r);
  const Z = (P * v) / RT;
  const lnZ = Math.log(Z);
  const dPdV = -RT * r.F_VV - (nt * RT) / (V * V);
  for (let i = 0; i < nc; i++) {
    lnPhi[i] = r.F_n[i] - lnZ;
    s.dPdn[i] = -RT * r.F_nV[i] + RT / V;
  }
  const inv = 1 / (RT * dPdV);
  if (dlnPhi !== undefined) {
    for (let i = 0; i < nc; i++) {
      const row = i * nc;
      for (let j = 0; j < nc; j++) dlnPhi[row + j] = r.F_nn[row + j] + 1 / nt + s.dPdn[i] * s.dPdn[j] * inv;
    }
  }
  if (dLnT !== undefined && dLnP !== undefined) {
    const dPdT = P / T - RT * r.F_TV;
    for (let i = 0; i < nc; i++) {
      const vBar = -s.dPdn[i] / dPdV;
      dLnT[i] = T * r.F_nT[i] + 1 - (vBar * dPdT * T) / RT;
      dLnP[i] = (vBar * P) / RT - 1;
    }
  }
  return v;
}

/** Wilson's K-value estimate: K = (Pc/P)·exp(5.373(1+ω)(1 − Tc/T)). */
export function wilsonK(tc: number, pc: number, omega: number, T: number, P: number): number {
  return (pc / P) * Math.exp(5.373 * (1 + omega) * (1 - tc / T));
}
