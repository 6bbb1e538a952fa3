/**
 * UMR-PRU: the Peng–Robinson equation of state with the universal mixing rule (Voutsas et al.,
 * Fluid Phase Equilib. 241 (2006) 216; see ./umr-unifac.ts for the excess Gibbs energy):
 *   b   = Σ_i Σ_j x_i x_j b_ij,  b_ij = ((√b_i + √b_j)/2)²
 *   a/(bRT) = Σ_i x_i a_i/(b_i RT) + (1/A)·[G^E_SG + G^E_res]/(RT),  A = −0.53087
 * Alpha: Mathias–Copeman with the PR set MCPR1–3 below Tc and the classic PR alpha above it, the
 * way the original's UMR-PRU-MC system (SystemUMRPRUMCEos, attractive term 13) evaluates it,
 * including its two built-in sets for water and TEG. Reported densities use the PR Peneloux shift,
 * on by default in the original for this system as for plain PR.
 *
 * The residual Helmholtz energy has the cubic form of Michelsen & Mollerup (2007), ch. 3,
 *   F = −n·ln(1 − B/V) − D·f(V, B)/T,  D = n²a = B·E,  E = Σ n_i a_i/b_i + (R·T/A)·Q(T, n),
 * with Q = G^E/(RT) for the amounts n; B is quadratic in n here, so B_ij ≠ 0 enters F_nn.
 */
import type { ComponentData } from '../components/types.js';
import { R } from './constants.js';
import { CUBIC_CONSTANTS, CubicModel } from './cubic.js';
import { solveCubicRoots } from './cubic-roots.js';
import { mathiasCopemanAlpha, type AlphaValue } from './alpha.js';
import { DerivLevel, ResidualDerivatives, type ModelAtT, type RootChoice, type ThermoModel } from './types.js';
import { ExcessGibbs, UmrUnifac, type UmrUnifacAtT } from './umr-unifac.js';

/** The UMR constant A of the PR equation (Voutsas et al. 2004, 2006). */
export const UMR_A_CONSTANT = -0.53087;

/** Mathias–Copeman sets the original builds into its PR term for these two components. */
export const BUILT_IN_MC: Readonly<Record<string, readonly [number, number, number]>> = {
  water: [0.9125673511881881, -0.28722436397952344, 0.23952676305837425],
  TEG: [1.05, 2.95, -5.98],
};

export interface UmrComponentInput {
  component: ComponentData;
  /** [secondary UNIFAC subgroup, count] pairs. */
  groups: readonly (readonly [number, number])[];
  /** MCPR1–3 as stored; [0, 0, 0] or undefined means the classic PR alpha. */
  mcPR: readonly [number, number, number] | undefined;
  /** The original's component name (for its built-in water/TEG sets). */
  originalName: string;
}

/**
 * How the attractive term is mixed: 'umr' is the universal mixing rule with UNIFAC (UMR-PRU
 * proper); 'classic' is what the original's MCP runner computes for "UMRPRU" under its default
 * mixingRule "classic" (SystemUMRPRUMCEos after setMixingRule("classic")): the same PR, alpha and
 * b_ij, but a = ΣΣ x_i x_j √(a_i a_j)(1 − k_ij) with the PR kij of the component database.
 */
export type UmrAttraction = 'umr' | 'classic';

export class UmrPruModel implements ThermoModel {
  readonly name = 'UMRPRU';
  readonly nc: number;
  readonly usesVolumeShift = true;
  readonly components: readonly ComponentData[];
  readonly unifac: UmrUnifac;
  /** a_c,i (Pa·m6/mol2), b_i (m3/mol), b_ij row-major. */
  readonly ac: Float64Array;
  readonly b: Float64Array;
  readonly bij: Float64Array;
  readonly tc: Float64Array;
  /** Mathias–Copeman c1–c3 below Tc (c1 = m(ω) where the table has none), PR m(ω) above Tc. */
  readonly mc: Float64Array;
  readonly mClassic: Float64Array;
  /** PR with the same components: constants, Peneloux shift. */
  private readonly pr: CubicModel;

  /** 1 − k_ij (row-major), used by the 'classic' attraction only. */
  readonly oneMinusK: Float64Array;

  /** kij: row-major PR kij for the 'classic' attraction (ignored by 'umr'). */
  constructor(
    inputs: readonly UmrComponentInput[],
    readonly attraction: UmrAttraction = 'umr',
    kij?: ArrayLike<number>,
  ) {
    const nc = inputs.length;
    this.oneMinusK = new Float64Array(nc * nc).fill(1);
    if (kij !== undefined) for (let i = 0; i < nc * nc; i++) this.oneMinusK[i] = 1 - kij[i];
    this.nc = nc;
    this.components = inputs.map((c) => c.component);
    this.pr = new CubicModel('PR', this.components, new Float64Array(nc * nc));
    this.ac = Float64Array.from(this.pr.ac);
    this.b = Float64Array.from(this.pr.b);
    this.tc = Float64Array.from(this.pr.tc);
    this.mClassic = Float64Array.from(this.pr.m);
    this.mc = new Float64Array(3 * nc);
    for (let i = 0; i < nc; i++) {
      const set = BUILT_IN_MC[inputs[i].originalName] ?? inputs[i].mcPR ?? [0, 0, 0];
      this.mc[3 * i] = Math.abs(set[0]) < 1e-12 ? this.mClassic[i] : set[0];
      this.mc[3 * i + 1] = set[1];
      this.mc[3 * i + 2] = set[2];
    }
    this.bij = new Float64Array(nc * nc);
    for (let i = 0; i < nc; i++) {
      for (let j = 0; j < nc; j++) {
        const s = (Math.sqrt(this.b[i]) + Math.sqrt(this.b[j])) / 2;
        this.bij[i * nc + j] = s * s;
      }
    }
    this.unifac = new UmrUnifac(inputs.map((c) => c.groups));
  }

  volumeShift(i: number, T: number): number {
    return this.pr.volumeShift(i, T);
  }

  private lastAtT: UmrAtT | undefined;

  atTemperature(T: number): UmrAtT {
    if (this.lastAtT === undefined || this.lastAtT.T !== T) {
      // The classic attraction never evaluates G^E: skip the UNIFAC temperature terms.
      this.lastAtT = new UmrAtT(this, this.attraction === 'umr' ? this.unifac.atTemperature(T) : undefined, T);
    }
    return this.lastAtT;
  }
}

const D1 = CUBIC_CONSTANTS.PR.delta1;
const D2 = CUBIC_CONSTANTS.PR.delta2;

export class UmrAtT implements ModelAtT {
  readonly nc: number;
  /** a_i/b_i and its first two T derivatives (J/mol, J/(mol·K), J/(mol·K²)). */
  private readonly ab: Float64Array;
  private readonly abT: Float64Array;
  private readonly abTT: Float64Array;
  private readonly ge: ExcessGibbs;
  private readonly Bi: Float64Array;
  private readonly Ei: Float64Array;
  private readonly Di: Float64Array;
  private readonly DiT: Float64Array;
  private readonly EiT: Float64Array;
  /** Classic attraction only: a_ij and its T derivatives, row-major. */
  private readonly aij: Float64Array | undefined;
  private readonly aijT: Float64Array | undefined;
  private readonly aijTT: Float64Array | undefined;
  private readonly xs: Float64Array;
  private readonly roots = new Float64Array(2);
  private readonly scratch: ResidualDerivatives;

  constructor(
    private readonly model: UmrPruModel,
    private readonly unifac: UmrUnifacAtT | undefined,
    readonly T: number,
  ) {
    const nc = model.nc;
    this.nc = nc;
    this.ab = new Float64Array(nc);
    this.abT = new Float64Array(nc);
    this.abTT = new Float64Array(nc);
    const av: AlphaValue = { alpha: 0, dT: 0, dTT: 0 };
    for (let i = 0; i < nc; i++) {
      const tc = model.tc[i];
      if (T > tc) mathiasCopemanAlpha(T, tc, model.mClassic[i], 0, 0, av);
      else mathiasCopemanAlpha(T, tc, model.mc[3 * i], model.mc[3 * i + 1], model.mc[3 * i + 2], av);
      const k = model.ac[i] / model.b[i];
      this.ab[i] = k * av.alpha;
      this.abT[i] = k * av.dT;
      this.abTT[i] = k * av.dTT;
    }
    this.ge = new ExcessGibbs(nc);
    this.Bi = new Float64Array(nc);
    this.Ei = new Float64Array(nc);
    this.Di = new Float64Array(nc);
    this.DiT = new Float64Array(nc);
    this.EiT = new Float64Array(nc);
    if (model.attraction === 'classic') {
      this.aij = new Float64Array(nc * nc);
      this.aijT = new Float64Array(nc * nc);
      this.aijTT = new Float64Array(nc * nc);
      for (let i = 0; i < nc; i++) {
        const ai = this.ab[i] * model.b[i];
        const aiT = this.abT[i] * model.b[i];
        const aiTT = this.abTT[i] * model.b[i];
        for (let j = 0; j < nc; j++) {
          const aj = this.ab[j] * model.b[j];
          const ajT = this.abT[j] * model.b[j];
          const ajTT = this.abTT[j] * model.b[j];
          const k = model.oneMinusK[i * nc + j];
          const g = Math.sqrt(ai * aj);
          const gT = (aiT * aj + ai * ajT) / (2 * g);
          const gTT = (aiTT * aj + 2 * aiT * ajT + ai * ajTT) / (2 * g) - (gT * gT) / g;
          this.aij[i * nc + j] = k * g;
          this.aijT[i * nc + j] = k * gT;
          this.aijTT[i * nc + j] = k * gTT;
        }
      }
    }
    this.xs = new Float64Array(nc);
    this.scratch = new ResidualDerivatives(nc);
  }

  covolume(x: ArrayLike<number>): number {
    const nc = this.nc;
    const bij = this.model.bij;
    let s = 0;
    let nt = 0;
    for (let i = 0; i < nc; i++) {
      nt += x[i];
      let r = 0;
      for (let j = 0; j < nc; j++) r += bij[i * nc + j] * x[j];
      s += x[i] * r;
    }
    return s / (nt * nt);
  }

  /** Mole fractions of x (normalised copy) and the mixture's a (Pa·m6/mol2) and b (m3/mol). */
  private mixture(x: ArrayLike<number>): { a: number; b: number } {
    const nc = this.nc;
    let s = 0;
    for (let i = 0; i < nc; i++) s += x[i];
    for (let i = 0; i < nc; i++) this.xs[i] = x[i] / s;
    const b = this.covolume(this.xs);
    if (this.aij !== undefined) {
      let a = 0;
      for (let i = 0; i < nc; i++) for (let j = 0; j < nc; j++) a += this.xs[i] * this.xs[j] * this.aij[i * nc + j];
      return { a, b };
    }
    (this.unifac as UmrUnifacAtT).evaluate(this.xs, false, false, this.ge);
    let e = (R * this.T * this.ge.Q) / UMR_A_CONSTANT;
    for (let i = 0; i < nc; i++) e += this.xs[i] * this.ab[i];
    return { a: b * e, b };
  }

  private chooseZ(A: number, B: number, root: RootChoice): number {
    const s = D1 + D2;
    const p = D1 * D2;
    const roots = this.roots;
    const count = solveCubicRoots((s - 1) * B - 1, A + p * B * B - s * B * (B + 1), -(A * B + p * B * B * (B + 1)), B, roots);
    if (count === 0) return NaN;
    if (root === 'vapor' || count === 1) return root === 'liquid' ? roots[0] : roots[1];
    if (root === 'liquid') return roots[0];
    const g = (Z: number): number => Z - 1 - Math.log(Z - B) - (A / (B * (D1 - D2))) * Math.log((Z + D1 * B) / (Z + D2 * B));
    return g(roots[0]) <= g(roots[1]) ? roots[0] : roots[1];
  }

  molarVolume(P: number, x: ArrayLike<number>, root: RootChoice): number {
    const RT = R * this.T;
    const { a, b } = this.mixture(x);
    const Z = this.chooseZ((a * P) / (RT * RT), (b * P) / RT, root);
    return (Z * RT) / P;
  }

  lnPhi(P: number, x: ArrayLike<number>, root: RootChoice, out: Float64Array): number {
    const RT = R * this.T;
    const { a, b } = this.mixture(x);
    const Z = this.chooseZ((a * P) / (RT * RT), (b * P) / RT, root);
    const v = (Z * RT) / P;
    // mixture() has just evaluated G^E at these mole fractions: reuse it.
    this.residualCore(v, this.xs, DerivLevel.Fugacity, this.scratch, true);
    const lnZ = Math.log(Z);
    for (let i = 0; i < this.nc; i++) out[i] = this.scratch.F_n[i] - lnZ;
    return v;
  }

  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    this.residualCore(V, n, level, out);
  }

  /**
   * D = n²a and its derivatives for amounts n (B given): fills Di (and DiT from the Caloric level
   * on; Ei and the UNIFAC Hessian stay in this.Ei / this.ge for D_ij). E is D/B for 'umr'.
   */
  private attraction(n: ArrayLike<number>, B: number, level: DerivLevel, excessReady: boolean): { D: number; DT: number; DTT: number; E: number } {
    const nc = this.nc;
    const caloric = level !== DerivLevel.Fugacity;
    if (this.aij !== undefined) {
      const aT = this.aijT as Float64Array;
      const aTT = this.aijTT as Float64Array;
      let D = 0;
      let DT = 0;
      let DTT = 0;
      for (let i = 0; i < nc; i++) {
        let s = 0;
        let sT = 0;
        let sTT = 0;
        for (let j = 0; j < nc; j++) {
          s += this.aij[i * nc + j] * n[j];
          if (caloric) {
            sT += aT[i * nc + j] * n[j];
            sTT += aTT[i * nc + j] * n[j];
          }
        }
        this.Di[i] = 2 * s;
        this.DiT[i] = 2 * sT;
        D += n[i] * s;
        DT += n[i] * sT;
        DTT += n[i] * sTT;
      }
      return { D, DT, DTT, E: 0 };
    }
    // UMR: D = B·E, E = Σ n_i a_i/b_i + (R·T/A)·Q(T, n).
    const T = this.T;
    const ge = this.ge;
    if (!(excessReady && !caloric)) (this.unifac as UmrUnifacAtT).evaluate(n, caloric, level === DerivLevel.Composition, ge);
    const rtA = (R * T) / UMR_A_CONSTANT;
    let E = rtA * ge.Q;
    for (let i = 0; i < nc; i++) {
      E += n[i] * this.ab[i];
      this.Ei[i] = this.ab[i] + rtA * ge.Q_n[i];
    }
    for (let i = 0; i < nc; i++) this.Di[i] = this.Bi[i] * E + B * this.Ei[i];
    if (!caloric) return { D: B * E, DT: 0, DTT: 0, E };
    const rA = R / UMR_A_CONSTANT;
    let ET = rA * (ge.Q + T * ge.Q_T);
    let ETT = rA * (2 * ge.Q_T + T * ge.Q_TT);
    for (let i = 0; i < nc; i++) {
      ET += n[i] * this.abT[i];
      ETT += n[i] * this.abTT[i];
      this.EiT[i] = this.abT[i] + rA * (ge.Q_n[i] + T * ge.Q_nT[i]);
    }
    for (let i = 0; i < nc; i++) this.DiT[i] = this.Bi[i] * ET + B * this.EiT[i];
    return { D: B * E, DT: B * ET, DTT: B * ETT, E };
  }

  private residualCore(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives, excessReady = false): void {
    const nc = this.nc;
    const T = this.T;
    const bij = this.model.bij;
    const caloric = level !== DerivLevel.Fugacity;
    let nt = 0;
    for (let i = 0; i < nc; i++) nt += n[i];
    // B = Σ Σ n_i n_j b_ij / n;  B_i = (2 Σ_j n_j b_ij − B)/n.
    let S = 0;
    for (let i = 0; i < nc; i++) {
      let r = 0;
      for (let j = 0; j < nc; j++) r += bij[i * nc + j] * n[j];
      this.Bi[i] = r;
      S += n[i] * r;
    }
    const B = S / nt;
    for (let i = 0; i < nc; i++) this.Bi[i] = (2 * this.Bi[i] - B) / nt;

    const att = this.attraction(n, B, level, excessReady);
    const D = att.D;

    const VmB = V - B;
    const V1 = V + D1 * B;
    const V2 = V + D2 * B;
    const g = Math.log(1 - B / V);
    const gV = B / (V * VmB);
    const gB = -1 / VmB;
    const f = Math.log(V1 / V2) / (R * B * (D1 - D2));
    const fV = -1 / (R * V1 * V2);
    const fB = -(f + V * fV) / B;
    const F_B = -nt * gB - (D / T) * fB;
    const F_D = -f / T;
    out.F = -nt * g - (D * f) / T;
    out.F_V = -nt * gV - (D / T) * fV;
    for (let i = 0; i < nc; i++) out.F_n[i] = -g + F_B * this.Bi[i] + F_D * this.Di[i];
    if (!caloric) return;

    const DT = att.DT;
    const DTT = att.DTT;

    const gVV = -1 / (VmB * VmB) + 1 / (V * V);
    const gBV = 1 / (VmB * VmB);
    const gBB = -1 / (VmB * VmB);
    const fVV = (V1 + V2) / (R * V1 * V1 * V2 * V2);
    const fBV = -(2 * fV + V * fVV) / B;
    const fBB = -(2 * fB + V * fBV) / B;
    const F_T = (D * f) / (T * T);
    const F_DT = f / (T * T);
    const F_BT = (D * fB) / (T * T);
    const F_BD = -fB / T;
    const F_BV = -nt * gBV - (D / T) * fBV;
    const F_BB = -nt * gBB - (D / T) * fBB;
    const F_DV = -fV / T;

    out.F_T = F_T + F_D * DT;
    out.F_TT = (-2 * F_T) / T + 2 * F_DT * DT + F_D * DTT;
    out.F_TV = (D * fV) / (T * T) + F_DV * DT;
    out.F_VV = -nt * gVV - (D / T) * fVV;
    for (let i = 0; i < nc; i++) {
      out.F_nT[i] = (F_BT + F_BD * DT) * this.Bi[i] + F_DT * this.Di[i] + F_D * this.DiT[i];
      out.F_nV[i] = -gV + F_BV * this.Bi[i] + F_DV * this.Di[i];
    }
    if (level === DerivLevel.Caloric) return;

    const F_nB = -gB;
    for (let i = 0; i < nc; i++) {
      const Bi = this.Bi[i];
      const Di = this.Di[i];
      for (let j = i; j < nc; j++) {
        const Bj = this.Bi[j];
        const Dj = this.Di[j];
        const Bij = (2 * bij[i * nc + j] - Bi - Bj) / nt;
        const Dij = this.aij !== undefined ? 2 * this.aij[i * nc + j] : Bij * att.E + Bi * this.Ei[j] + Bj * this.Ei[i] + (B * R * this.T * this.ge.Q_nn[i * nc + j]) / UMR_A_CONSTANT;
        const v = F_nB * (Bi + Bj) + F_BD * (Bi * Dj + Bj * Di) + F_B * Bij + F_BB * Bi * Bj + F_D * Dij;
        out.F_nn[i * nc + j] = v;
        out.F_nn[j * nc + i] = v;
      }
    }
  }
}
