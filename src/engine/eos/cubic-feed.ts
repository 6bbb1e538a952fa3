/**
 * Enthalpy, entropy and Cp of one fixed composition as a single phase of an SRK/PR model, at many
 * temperatures, without building the model's temperature-dependent matrices (CubicAtT) at each.
 * Used by the PH/PS flashes' one-phase temperature Newton (flash/state-flash.ts), which evaluates
 * the feed 3–5 times and needs only these three numbers per temperature (issue 25).
 *
 * With s_i = √a_i(T) and u_i = z_i·s_i, the mixture's attraction and its T derivatives are
 *   D = uᵀM u,  D_T = 2·u'ᵀM u,  D_TT = 2·u''ᵀM u + 2·u'ᵀM u',  M_ij = 1 − k_ij,
 * two matrix–vector products instead of the n² pair terms (and their square roots) of CubicAtT;
 * s' = a'/(2s), s'' = (a'' − 2s'²)/(2s). The residual part is the same Helmholtz function as
 * CubicAtT.residual for one mole (Michelsen & Mollerup 2007, ch. 3) and the properties the same
 * formulas as properties/thermo.ts; the ideal-gas part uses the z-weighted Cp0 polynomial (the
 * polynomial is linear in its coefficients). Agreement with phaseThermo is to round-off; the
 * flash certifies its answer with phaseThermo anyway. Constant kij only (kijT undefined).
 */
import { P_REF, R, T_REF } from './constants.js';
import type { AlphaValue } from './alpha.js';
import { componentAlpha, cubicRootZ, type CubicModel } from './cubic.js';

export interface FeedCaloric {
  /** EOS molar volume of the root used, m3/mol. */
  V: number;
  /** J/mol */
  h: number;
  /** J/(mol·K) */
  s: number;
  /** J/(mol·K) */
  cp: number;
}

const alphaScratch: AlphaValue = { alpha: 0, dT: 0, dTT: 0 };

export class CubicFeedCaloric {
  private readonly nc: number;
  private readonly z: Float64Array;
  private readonly bmix: number;
  /** z-weighted Cp0 coefficients a..e. */
  private readonly cpA: number;
  private readonly cpB: number;
  private readonly cpC: number;
  private readonly cpD: number;
  private readonly cpE: number;
  private readonly h0Ref: number;
  private readonly s0Ref: number;
  /** −R·Σ z ln z, the ideal mixing entropy. */
  private readonly sMix: number;
  private readonly u: Float64Array;
  private readonly uT: Float64Array;
  private readonly uTT: Float64Array;
  private readonly roots = new Float64Array(2);
  readonly out: FeedCaloric = { V: 0, h: 0, s: 0, cp: 0 };

  /** z normalised, every entry positive. */
  constructor(
    private readonly model: CubicModel,
    z: Float64Array,
  ) {
    const nc = model.nc;
    this.nc = nc;
    this.z = Float64Array.from(z);
    let b = 0;
    let ca = 0;
    let cb = 0;
    let cc = 0;
    let cd = 0;
    let ce = 0;
    let sMix = 0;
    for (let i = 0; i < nc; i++) {
      const zi = z[i];
      const cp = model.components[i].cpIdeal;
      b += zi * model.b[i];
      ca += zi * cp.a;
      cb += zi * cp.b;
      cc += zi * cp.c;
      cd += zi * cp.d;
      ce += zi * cp.e;
      sMix -= R * zi * Math.log(zi);
    }
    this.bmix = b;
    this.cpA = ca;
    this.cpB = cb;
    this.cpC = cc;
    this.cpD = cd;
    this.cpE = ce;
    this.sMix = sMix;
    // The datum terms of ∫Cp0 dT and ∫Cp0/T dT at T_REF (ideal-gas.ts).
    const t = T_REF;
    this.h0Ref = t * (ca + t * (cb / 2 + t * (cc / 3 + t * (cd / 4 + (t * ce) / 5))));
    this.s0Ref = t * (cb + t * (cc / 2 + t * (cd / 3 + (t * ce) / 4)));
    this.u = new Float64Array(nc);
    this.uT = new Float64Array(nc);
    this.uTT = new Float64Array(nc);
  }

  /** Fills and returns this.out for the stable root at (T, P); false when there is no root or a value is not finite. */
  evaluate(T: number, P: number): boolean {
    const nc = this.nc;
    const model = this.model;
    const { u, uT, uTT, z } = this;
    for (let i = 0; i < nc; i++) {
      const av = componentAlpha(model, i, T, alphaScratch);
      const ac = model.ac[i];
      const s = Math.sqrt(ac * av.alpha);
      const sT = (ac * av.dT) / (2 * s);
      u[i] = z[i] * s;
      uT[i] = z[i] * sT;
      uTT[i] = (z[i] * (ac * av.dTT - 2 * sT * sT)) / (2 * s);
    }
    const M = model.oneMinusK;
    let D = 0;
    let DT = 0;
    let DTT = 0;
    for (let i = 0; i < nc; i++) {
      const row = i * nc;
      let w = 0;
      let wT = 0;
      for (let j = 0; j < nc; j++) {
        w += M[row + j] * u[j];
        wT += M[row + j] * uT[j];
      }
      D += u[i] * w;
      DT += 2 * uT[i] * w;
      DTT += 2 * (uTT[i] * w + uT[i] * wT);
    }
    const RT = R * T;
    const B = this.bmix;
    const d1 = model.delta1;
    const d2 = model.delta2;
    const Z = cubicRootZ(d1, d2, (D * P) / (RT * RT), (B * P) / RT, 'stable', this.roots);
    if (!Number.isFinite(Z)) return false;
    const V = (Z * RT) / P;
    // Residual Helmholtz F = −g − D·f/T for one mole and its derivatives (CubicAtT.residual).
    const VmB = V - B;
    const V1 = V + d1 * B;
    const V2 = V + d2 * B;
    const g = Math.log(1 - B / V);
    const f = Math.log(V1 / V2) / (R * B * (d1 - d2));
    const fV = -1 / (R * V1 * V2);
    const gVV = -1 / (VmB * VmB) + 1 / (V * V);
    const fVV = (1 / R) * ((V1 + V2) / (V1 * V1 * V2 * V2));
    const F = -g - (D * f) / T;
    const F_T = (D * f) / (T * T) - (f / T) * DT;
    const F_TT = (-2 * D * f) / (T * T * T) + (2 * f * DT) / (T * T) - (f / T) * DTT;
    const F_TV = (D * fV) / (T * T) - (fV / T) * DT;
    const F_VV = -gVV - (D / T) * fVV;
    // Ideal gas on the original's datum (ideal-gas.ts), z-weighted.
    const { cpA: a, cpB: b, cpC: c, cpD: d, cpE: e } = this;
    const h0 = T * (a + T * (b / 2 + T * (c / 3 + T * (d / 4 + (T * e) / 5)))) - this.h0Ref;
    const s0 = a * Math.log(T / T_REF) + T * (b + T * (c / 2 + T * (d / 3 + (T * e) / 4))) - this.s0Ref + this.sMix - R * Math.log(P / P_REF);
    const cp0 = a + T * (b + T * (c + T * (d + T * e)));
    // properties/thermo.ts's formulas.
    const dPdV = -RT * F_VV - RT / (V * V);
    const dPdT = P / T - RT * F_TV;
    const out = this.out;
    out.V = V;
    out.h = h0 + RT * (-T * F_T + Z - 1);
    out.s = s0 + R * (-T * F_T - F + Math.log(Z));
    out.cp = cp0 - R - R * (T * T * F_TT + 2 * T * F_T) - (T * dPdT * dPdT) / dPdV;
    return Number.isFinite(out.h) && Number.isFinite(out.s) && Number.isFinite(out.cp);
  }
}
