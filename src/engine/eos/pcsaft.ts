/**
 * PC-SAFT (Gross & Sadowski 2001) with the association term of Gross & Sadowski 2002, as a
 * ThermoModel: hard chain + dispersion (./pcsaft-terms.ts) + association (./pcsaft-association.ts).
 *
 * Derivatives: F, F_V, F_T and F_n are analytic. The second derivatives (F_VV, F_TV, F_TT, F_nV,
 * F_nT, F_nn) are central differences of those analytic first derivatives, with relative steps of
 * 1e-5 (truncation ~1e-10, round-off ~1e-11 relative); for an amount smaller than twice its step
 * (a trace or absent component in a stability trial) the one-sided second-order formula
 * (−3f(0) + 4f(h) − f(2h))/(2h) keeps every amount non-negative. test/physics/pcsaft-derivatives
 * checks them against differences of F itself; that is accurate enough for the Newton flashes
 * (they converge on fugacity residuals, which are analytic).
 *
 * Density roots: Newton in the packing fraction η ∈ (0, 0.74) (v = c3/η with c3 = (π/6)N_A Σ x m d³),
 * the liquid from a dense start (η = 0.5, or the last liquid root) and the vapour from the ideal
 * gas, each refused (NaN) when it enters the mechanically unstable region (dP/dη ≤ 0); 'stable'
 * picks the root of lower Gibbs energy. No volume shift.
 */
import { R } from './constants.js';
import { PcSaftAssociationAtT, type PcSaftAssociationParameters } from './pcsaft-association.js';
import { addHardChainDispersion, packing, PI6NA, PcSaftTemperature, type FirstDerivatives, type Packing, type PcSaftCore } from './pcsaft-terms.js';
import type { ComponentData } from '../components/types.js';
import { DerivLevel, type ModelAtT, type ResidualDerivatives, type RootChoice, type ThermoModel } from './types.js';

/** Densest packing a root may have (close-packed spheres, π/(3√2)). */
export const ETA_MAX = 0.7404;
/**
 * The "co-volume" reported for V/b phase labelling and the TV flash's lower volume bound: the
 * volume at η = 0.6. Gas-like above V/b = 1.75 is then η < 0.34, about 2.3 times the critical
 * packing of PC-SAFT fluids (0.13–0.16), the same ratio as SRK's V/b = 1.75 to its critical 3.85.
 */
export const ETA_COVOLUME = 0.6;

export class PcSaftModel implements ThermoModel {
  readonly name = 'PCSAFT';
  readonly nc: number;
  readonly usesVolumeShift = false;

  constructor(
    readonly components: readonly ComponentData[],
    readonly core: PcSaftCore,
    readonly association: PcSaftAssociationParameters,
  ) {
    this.nc = components.length;
  }

  volumeShift(): number {
    return 0;
  }

  private lastAtT: PcSaftAtT | undefined;

  atTemperature(T: number): PcSaftAtT {
    if (this.lastAtT === undefined || this.lastAtT.T !== T) this.lastAtT = new PcSaftAtT(this, T);
    return this.lastAtT;
  }
}

/** One temperature's terms: F and its first derivatives at (V, n). */
class Evaluator {
  readonly tt: PcSaftTemperature;
  private readonly assoc: PcSaftAssociationAtT;
  private readonly pk: Packing = { z: new Float64Array(4), zT: new Float64Array(4) };

  constructor(model: PcSaftModel, T: number) {
    this.tt = new PcSaftTemperature(model.core, T);
    this.assoc = new PcSaftAssociationAtT(this.tt, model.association);
  }

  first(V: number, n: ArrayLike<number>, withT: boolean, withN: boolean, out: FirstDerivatives): void {
    out.F = out.F_V = out.F_T = 0;
    if (withN) out.F_n.fill(0);
    packing(this.tt, V, n, this.pk);
    addHardChainDispersion(this.tt, this.pk, V, n, withT, withN, out);
    this.assoc.addTo(this.pk, V, n, withT, withN, out);
  }
}

const newFirst = (nc: number): FirstDerivatives => ({ F: 0, F_V: 0, F_T: 0, F_n: new Float64Array(nc) });

const REL_STEP = 1e-5;

export class PcSaftAtT implements ModelAtT {
  readonly nc: number;
  private readonly at: Evaluator;
  /** Evaluators at T ± h for the temperature differences (made on first use). */
  private plus: Evaluator | undefined;
  private minus: Evaluator | undefined;
  private readonly f0: FirstDerivatives;
  private readonly fa: FirstDerivatives;
  private readonly fb: FirstDerivatives;
  private readonly xn: Float64Array;
  private readonly nh: Float64Array;
  private lastEtaL = 0;
  private lastEtaV = 0;

  constructor(
    private readonly model: PcSaftModel,
    readonly T: number,
  ) {
    this.nc = model.nc;
    this.at = new Evaluator(model, T);
    this.f0 = newFirst(this.nc);
    this.fa = newFirst(this.nc);
    this.fb = newFirst(this.nc);
    this.xn = new Float64Array(this.nc);
    this.nh = new Float64Array(this.nc);
  }

  /** c3 = (π/6) N_A Σ x_i m_i d_i³ (m3/mol): v = c3/η. */
  private c3(x: ArrayLike<number>): number {
    const { m } = this.model.core;
    const d = this.at.tt.d;
    let s = 0;
    let nt = 0;
    for (let i = 0; i < this.nc; i++) {
      s += x[i] * m[i] * d[i] * d[i] * d[i];
      nt += x[i];
    }
    return (PI6NA * s) / nt;
  }

  covolume(x: ArrayLike<number>): number {
    return this.c3(x) / ETA_COVOLUME;
  }

  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    const nc = this.nc;
    const caloric = level !== DerivLevel.Fugacity;
    const f0 = this.f0;
    this.at.first(V, n, caloric, true, f0);
    out.F = f0.F;
    out.F_V = f0.F_V;
    out.F_n.set(f0.F_n);
    if (!caloric) return;
    out.F_T = f0.F_T;
    const { fa, fb } = this;
    // Volume: F_VV, F_nV.
    const hV = REL_STEP * V;
    this.at.first(V + hV, n, false, true, fa);
    this.at.first(V - hV, n, false, true, fb);
    out.F_VV = (fa.F_V - fb.F_V) / (2 * hV);
    for (let i = 0; i < nc; i++) out.F_nV[i] = (fa.F_n[i] - fb.F_n[i]) / (2 * hV);
    // Temperature: F_TT, F_TV, F_nT.
    const hT = REL_STEP * this.T;
    this.plus ??= new Evaluator(this.model, this.T + hT);
    this.minus ??= new Evaluator(this.model, this.T - hT);
    this.plus.first(V, n, true, true, fa);
    this.minus.first(V, n, true, true, fb);
    out.F_TT = (fa.F_T - fb.F_T) / (2 * hT);
    out.F_TV = (fa.F_V - fb.F_V) / (2 * hT);
    for (let i = 0; i < nc; i++) out.F_nT[i] = (fa.F_n[i] - fb.F_n[i]) / (2 * hT);
    if (level !== DerivLevel.Composition) return;
    // Composition: F_nn column by column (column j = ∂F_n/∂n_j).
    let nt = 0;
    for (let i = 0; i < nc; i++) nt += n[i];
    const h = REL_STEP * nt;
    const nh = this.nh;
    for (let j = 0; j < nc; j++) {
      nh.set(n as ArrayLike<number>);
      if (n[j] >= 2 * h) {
        nh[j] = n[j] + h;
        this.at.first(V, nh, false, true, fa);
        nh[j] = n[j] - h;
        this.at.first(V, nh, false, true, fb);
        for (let i = 0; i < nc; i++) out.F_nn[i * nc + j] = (fa.F_n[i] - fb.F_n[i]) / (2 * h);
      } else {
        nh[j] = n[j] + h;
        this.at.first(V, nh, false, true, fa);
        nh[j] = n[j] + 2 * h;
        this.at.first(V, nh, false, true, fb);
        for (let i = 0; i < nc; i++) out.F_nn[i * nc + j] = (-3 * f0.F_n[i] + 4 * fa.F_n[i] - fb.F_n[i]) / (2 * h);
      }
    }
    // Symmetrise; where one of the two columns was one-sided, the central one is kept.
    for (let i = 0; i < nc; i++) {
      const iOneSided = n[i] < 2 * h;
      for (let j = i + 1; j < nc; j++) {
        const jOneSided = n[j] < 2 * h;
        const fromColJ = out.F_nn[i * nc + j];
        const fromColI = out.F_nn[j * nc + i];
        const s = iOneSided === jOneSided ? 0.5 * (fromColJ + fromColI) : iOneSided ? fromColJ : fromColI;
        out.F_nn[i * nc + j] = s;
        out.F_nn[j * nc + i] = s;
      }
    }
  }

  private normalised(x: ArrayLike<number>): Float64Array {
    let s = 0;
    for (let i = 0; i < this.nc; i++) s += x[i];
    for (let i = 0; i < this.nc; i++) this.xn[i] = x[i] / s;
    return this.xn;
  }

  /** P (Pa) and dP/dη of the last pressure() call (fields, not a returned object: this runs in every Newton step). */
  private pP = 0;
  private pdPdEta = 0;

  /** Sets pP and pdPdEta at packing η for one mole of x (v = c3/η). */
  private pressure(eta: number, c3: number, x: Float64Array): void {
    const v = c3 / eta;
    const RT = R * this.T;
    const f = this.fa;
    // dP/dv only steers Newton (the root is where P matches), so a forward difference will do.
    const h = REL_STEP * v;
    this.at.first(v + h, x, false, false, f);
    const FVp = f.F_V;
    this.at.first(v, x, false, false, f);
    const FVV = (FVp - f.F_V) / h;
    const dPdv = -RT / (v * v) - RT * FVV;
    this.pP = RT / v - RT * f.F_V;
    this.pdPdEta = (-dPdv * v) / eta;
  }

  /** Root of P(η) = P by Newton from η0 on one branch; NaN when it meets dP/dη ≤ 0 (no root there). */
  private branchRoot(P: number, x: Float64Array, c3: number, eta0: number): number {
    let eta = eta0;
    for (let it = 0; it < 100; it++) {
      this.pressure(eta, c3, x);
      const Pe = this.pP;
      const dPdEta = this.pdPdEta;
      if (!(dPdEta > 0) || !Number.isFinite(Pe)) return NaN;
      let next = eta - (Pe - P) / dPdEta;
      if (next >= ETA_MAX) next = (eta + ETA_MAX) / 2;
      else if (next <= 0) next = eta / 10;
      if (Math.abs(next - eta) < 1e-13 * eta) return c3 / next;
      eta = next;
    }
    return NaN;
  }

  /** Reduced residual Gibbs energy per mole at a root (only differences between roots matter). */
  private gibbs(v: number, P: number, x: Float64Array): number {
    this.at.first(v, x, false, false, this.fa);
    const Z = (P * v) / (R * this.T);
    return this.fa.F + Z - 1 - Math.log(Z);
  }

  molarVolume(P: number, xIn: ArrayLike<number>, root: RootChoice): number {
    const x = this.normalised(xIn);
    const c3 = this.c3(x);
    const etaIdeal = Math.min((c3 * P) / (R * this.T), 0.3);
    // Each branch first from its last root (successive calls of a flash differ little); the cold
    // start only when that fails or lands on the other branch's side of η = 0.25.
    let liquid = NaN;
    if (root !== 'vapor') {
      if (this.lastEtaL > 0.25) liquid = this.branchRoot(P, x, c3, this.lastEtaL);
      if (Number.isNaN(liquid) || c3 / liquid < 0.25) {
        liquid = this.branchRoot(P, x, c3, 0.5);
        if (Number.isNaN(liquid)) liquid = this.branchRoot(P, x, c3, 0.7);
      }
      if (!Number.isNaN(liquid)) this.lastEtaL = c3 / liquid;
    }
    let vapor = NaN;
    if (root !== 'liquid') {
      if (this.lastEtaV > 0 && this.lastEtaV < 0.25) vapor = this.branchRoot(P, x, c3, Math.min(this.lastEtaV, 2 * etaIdeal));
      if (Number.isNaN(vapor) || c3 / vapor > 0.25) vapor = this.branchRoot(P, x, c3, etaIdeal);
      if (!Number.isNaN(vapor)) this.lastEtaV = c3 / vapor;
    }
    if (root === 'liquid') return Number.isNaN(liquid) ? this.branchRoot(P, x, c3, etaIdeal) : liquid;
    if (root === 'vapor') return Number.isNaN(vapor) ? this.branchRoot(P, x, c3, 0.5) : vapor;
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
    this.at.first(v, x, false, true, this.f0);
    const lnZ = Math.log((P * v) / (R * this.T));
    for (let i = 0; i < this.nc; i++) out[i] = this.f0.F_n[i] - lnZ;
    return v;
  }
}
