/**
 * SRK-CPA (Kontogeorgis et al. 1996): the SRK cubic term with fitted a0, b, c1 for the associating
 * components (./cubic.ts with parameters) plus the association term of ./association.ts. The
 * residual Helmholtz energy and all its derivatives are the sums of the two parts, so properties,
 * flashes and stability work on CPA unchanged. The volume is not a cubic root any more: it is
 * solved by safeguarded Newton from the liquid side (near the co-volume) and from the vapour side
 * (ideal gas), and 'stable' picks the root of lower Gibbs energy.
 */
import type { ComponentData } from '../components/types.js';
import { R } from './constants.js';
import { AssociationAtT, type AssociationParameters } from './association.js';
import { CubicModel, type CubicParameters } from './cubic.js';
import { DerivLevel, ResidualDerivatives, type ModelAtT, type RootChoice, type ThermoModel } from './types.js';

export class CpaModel implements ThermoModel {
  readonly name = 'CPA';
  readonly nc: number;
  readonly usesVolumeShift = true;
  readonly physical: CubicModel;

  constructor(
    readonly components: readonly ComponentData[],
    kij: ArrayLike<number>,
    parameters: CubicParameters,
    readonly association: AssociationParameters,
  ) {
    this.nc = components.length;
    this.physical = new CubicModel('SRK', components, kij, parameters);
  }

  volumeShift(i: number, T: number): number {
    return this.physical.volumeShift(i, T);
  }

  private lastAtT: CpaAtT | undefined;

  atTemperature(T: number): CpaAtT {
    if (this.lastAtT === undefined || this.lastAtT.T !== T) this.lastAtT = new CpaAtT(this, T);
    return this.lastAtT;
  }
}

export class CpaAtT implements ModelAtT {
  readonly nc: number;
  private readonly physical: ModelAtT;
  private readonly assoc: AssociationAtT;
  private readonly d: ResidualDerivatives;
  private readonly xn: Float64Array;
  /** Packing b/v of the last liquid-branch and vapour-branch roots (warm starts). */
  private lastYL = 0;
  private lastYV = 0;

  constructor(
    model: CpaModel,
    readonly T: number,
  ) {
    this.nc = model.nc;
    this.physical = model.physical.atTemperature(T);
    this.assoc = new AssociationAtT(model.physical.b, model.association, T);
    this.d = new ResidualDerivatives(model.nc);
    this.xn = new Float64Array(model.nc);
  }

  covolume(x: ArrayLike<number>): number {
    return this.physical.covolume(x);
  }

  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    this.physical.residual(V, n, level, out);
    this.assoc.addTo(V, n, level, out);
  }

  /** Normalised copy of x in scratch. */
  private normalised(x: ArrayLike<number>): Float64Array {
    let s = 0;
    for (let i = 0; i < this.nc; i++) s += x[i];
    for (let i = 0; i < this.nc; i++) this.xn[i] = x[i] / s;
    return this.xn;
  }

  /** P (Pa) and dP/dv at molar volume v for one mole of composition x (association: X warm-started). */
  private pressure(v: number, x: Float64Array): { P: number; dPdv: number } {
    const d = this.resetD();
    this.physical.residual(v, x, DerivLevel.Caloric, d);
    const a = this.assoc.volumeDerivatives(v, x);
    const RT = R * this.T;
    return { P: RT / v - RT * (d.F_V + a.F_V), dPdv: -RT / (v * v) - RT * (d.F_VV + a.F_VV) };
  }

  private resetD(): ResidualDerivatives {
    const d = this.d;
    d.F = d.F_V = d.F_T = d.F_TT = d.F_TV = d.F_VV = 0;
    d.F_n.fill(0);
    d.F_nT.fill(0);
    d.F_nV.fill(0);
    d.F_nn.fill(0);
    return d;
  }

  /**
   * Root of P(v) = P on one branch by Newton in the packing variable y = b/v from y0, kept in
   * (0, 1); NaN when the iteration enters the mechanically unstable region (dP/dv ≥ 0): no root on
   * that branch.
   */
  private branchRoot(P: number, x: Float64Array, b: number, y0: number): number {
    let y = y0;
    for (let it = 0; it < 100; it++) {
      const v = b / y;
      const { P: Pv, dPdv } = this.pressure(v, x);
      if (!(dPdv < 0) || !Number.isFinite(Pv)) return NaN;
      // dP/dy = dP/dv · dv/dy = −dP/dv · v/y.
      const dPdy = (-dPdv * v) / y;
      let next = y - (Pv - P) / dPdy;
      if (next >= 1) next = (y + 1) / 2;
      else if (next <= 0) next = y / 10;
      if (Math.abs(next - y) < 1e-13 * y) return b / next;
      y = next;
    }
    return NaN;
  }

  /** Reduced residual Gibbs energy per mole at a root (only differences between roots matter). */
  private gibbs(v: number, P: number, x: Float64Array): number {
    this.residual(v, x, DerivLevel.Fugacity, this.resetD());
    const Z = (P * v) / (R * this.T);
    return this.d.F + Z - 1 - Math.log(Z);
  }

  molarVolume(P: number, xIn: ArrayLike<number>, root: RootChoice): number {
    const x = this.normalised(xIn);
    const b = this.covolume(x);
    // Liquid from a dense packing (y = 0.9: liquids sit near y 0.6-0.85), vapour from the ideal gas;
    // each first from the packing of the last root found on its branch (successive calls of a flash
    // differ little), falling back to the cold start.
    const yL = 0.9;
    const yV = Math.min((b * P) / (R * this.T), 0.5);
    let liquid = NaN;
    if (root !== 'vapor') {
      if (this.lastYL > 0) liquid = this.branchRoot(P, x, b, this.lastYL);
      if (Number.isNaN(liquid) || b / liquid < 0.3) liquid = this.branchRoot(P, x, b, yL);
      if (!Number.isNaN(liquid)) this.lastYL = b / liquid;
    }
    let vapor = NaN;
    if (root !== 'liquid') {
      if (this.lastYV > 0) vapor = this.branchRoot(P, x, b, Math.min(this.lastYV, yV * 2));
      if (Number.isNaN(vapor) || b / vapor > 0.3) vapor = this.branchRoot(P, x, b, yV);
      if (!Number.isNaN(vapor)) this.lastYV = b / vapor;
    }
    if (root === 'liquid') return Number.isNaN(liquid) ? this.branchRoot(P, x, b, yV) : liquid;
    if (root === 'vapor') return Number.isNaN(vapor) ? this.branchRoot(P, x, b, yL) : vapor;
    // (Each branch's Newton converges in a handful of steps from these starts; both are needed
    // to choose the stable root.)
    if (Number.isNaN(liquid)) return vapor;
    if (Number.isNaN(vapor) || Math.abs(vapor - liquid) < 1e-10 * liquid) return liquid;
    return this.gibbs(liquid, P, x) <= this.gibbs(vapor, P, x) ? liquid : vapor;
  }

  lnPhi(P: number, xIn: ArrayLike<number>, root: RootChoice, out: Float64Array): number {
    const v = this.molarVolume(P, xIn, root);
    if (!Number.isFinite(v)) {
      out.fill(NaN);
      return NaN;
    }
    const x = this.normalised(xIn);
    this.residual(v, x, DerivLevel.Fugacity, this.resetD());
    const lnZ = Math.log((P * v) / (R * this.T));
    for (let i = 0; i < this.nc; i++) out[i] = this.d.F_n[i] - lnZ;
    return v;
  }
}
