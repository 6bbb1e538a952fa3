/**
 * Two-parameter cubic equations of state, SRK and PR, in the generic form
 *   P = RT/(V − b) − a(T)/((V + δ1·b)(V + δ2·b))
 * with the original's defaults (spec/neqsim-physics.md A1): Soave alpha for SRK, PR-1976 alpha
 * for PR, classic van der Waals mixing with constant kij, Peneloux shift for reported densities.
 *
 * The residual Helmholtz energy follows Michelsen & Mollerup, "Thermodynamic Models:
 * Fundamentals and Computational Aspects" (2nd ed., 2007), ch. 3:
 *   F = −n·g(V,B) − D(T)·f(V,B)/T,  g = ln(1 − B/V),  f = ln((V+δ1B)/(V+δ2B)) / (R·B·(δ1−δ2)),
 * with B = Σ n_i b_i and D = Σ Σ n_i n_j a_ij(T).
 */
import type { ComponentData } from '../components/types.js';
import { R, T_PENELOUX } from './constants.js';
import { DerivLevel, type ModelAtT, type ResidualDerivatives, type RootChoice, type ThermoModel } from './types.js';
import { solveCubicRoots } from './cubic-roots.js';
import { mathiasCopemanAlpha, twuAlpha, type AlphaValue, type TwuParameters } from './alpha.js';

export type CubicKind = 'SRK' | 'PR';

interface CubicConstants {
  omegaA: number;
  omegaB: number;
  delta1: number;
  delta2: number;
  /** Alpha slope m(ω). */
  m: (omega: number) => number;
  /** Peneloux: c = k1·(k2 − Z_RA)·R·Tc/Pc. */
  penelouxK1: number;
  penelouxK2: number;
}

const CUBE_ROOT_2 = Math.cbrt(2);
const SQRT2 = Math.SQRT2;

export const CUBIC_CONSTANTS: Readonly<Record<CubicKind, CubicConstants>> = {
  SRK: {
    omegaA: 1 / (9 * (CUBE_ROOT_2 - 1)),
    omegaB: (CUBE_ROOT_2 - 1) / 3,
    delta1: 1,
    delta2: 0,
    m: (w) => 0.48 + 1.574 * w - 0.176 * w * w,
    penelouxK1: 0.40768,
    penelouxK2: 0.29441,
  },
  PR: {
    omegaA: 0.45724333333,
    omegaB: 0.077803333,
    delta1: 1 + SQRT2,
    delta2: 1 - SQRT2,
    m: (w) => 0.37464 + 1.54226 * w - 0.26992 * w * w,
    penelouxK1: 0.50033,
    penelouxK2: 0.25969,
  },
};

/** Rackett Z_RA of a component, with the original's fallback when the database holds 0. */
export function rackettZ(c: ComponentData): number {
  return c.racketZ !== 0 ? c.racketZ : 0.29056 - 0.08775 * c.omega;
}

/**
 * Peneloux temperature coefficient c_T in m3/(mol·K), from the COMP.csv column volcorrSRK_T
 * (record extra `volumeCorrectionT`), which the original stores in its internal volume unit
 * 1e-5 m3/mol per K and applies to both SRK and PR. 0 for the common components.
 */
function penelouxSlope(c: ComponentData): number {
  const v = c.extra?.volumeCorrectionT;
  return typeof v === 'number' && Number.isFinite(v) ? v * 1e-5 : 0;
}

/** Fitted per-component cubic parameters (SI): a_c (Pa·m6/mol2), b (m3/mol), alpha slope m, Peneloux c and dc/dT. */
export interface CubicParameters {
  ac: ArrayLike<number>;
  b: ArrayLike<number>;
  m: ArrayLike<number>;
  shift?: ArrayLike<number>;
  shiftT?: ArrayLike<number>;
  /** Temperature slope of kij (1/K, row-major nc×nc): k_ij(T) = kij + kijT·T. */
  kijT?: ArrayLike<number>;
  /**
   * Higher alpha terms below Tc: α = (1 + m·s + c2·s² + c3·s³)², s = 1 − √(T/Tc) (the original's
   * CPA fit for TEG); above Tc the Soave form with m.
   */
  c2?: ArrayLike<number>;
  c3?: ArrayLike<number>;
}

/**
 * Per-component replacement of the classic alpha (see ./alpha.ts); undefined entries keep it.
 * Mathias–Copeman [c1, c2, c3] runs through the c2/c3 polynomial path with m = c1.
 */
export interface CubicAlphaOverride {
  mathiasCopeman?: readonly (readonly [number, number, number] | undefined)[];
  twu?: readonly (TwuParameters | undefined)[];
}

export class CubicModel implements ThermoModel {
  readonly nc: number;
  readonly usesVolumeShift = true;
  readonly delta1: number;
  readonly delta2: number;
  /** a_c,i = Ωa·R²·Tc²/Pc (Pa·m6/mol2). */
  readonly ac: Float64Array;
  /** b_i = Ωb·R·Tc/Pc (m3/mol). */
  readonly b: Float64Array;
  readonly m: Float64Array;
  readonly tc: Float64Array;
  /** 1 − k_ij, row-major (at T = 0 when kijT is set). */
  readonly oneMinusK: Float64Array;
  /** dk_ij/dT, row-major; undefined for constant kij. */
  readonly kijT: Float64Array | undefined;
  /** Alpha polynomial terms below Tc (zero for the Soave form). */
  readonly c2: Float64Array;
  readonly c3: Float64Array;
  readonly shift: Float64Array;
  readonly shiftT: Float64Array;
  /** Twu L, M, N per component, undefined where the Soave/polynomial form applies. */
  readonly twu: readonly (TwuParameters | undefined)[];

  /**
   * `parameters` replaces the corresponding-states a_c, b, m (and the Peneloux shift) with fitted
   * values, as CPA's physical part uses (./cpa.ts); same units as the fields below.
   */
  constructor(
    readonly name: CubicKind,
    readonly components: readonly ComponentData[],
    kij: ArrayLike<number>,
    parameters?: CubicParameters,
    alpha?: CubicAlphaOverride,
  ) {
    const nc = components.length;
    const k = CUBIC_CONSTANTS[name];
    this.nc = nc;
    this.delta1 = k.delta1;
    this.delta2 = k.delta2;
    this.ac = new Float64Array(nc);
    this.b = new Float64Array(nc);
    this.m = new Float64Array(nc);
    this.tc = new Float64Array(nc);
    this.shift = new Float64Array(nc);
    this.shiftT = new Float64Array(nc);
    this.oneMinusK = new Float64Array(nc * nc);
    for (let i = 0; i < nc; i++) {
      const c = components[i];
      const rtp = (R * c.tc) / c.pc;
      this.ac[i] = k.omegaA * R * c.tc * rtp;
      this.b[i] = k.omegaB * rtp;
      this.m[i] = k.m(c.omega);
      this.tc[i] = c.tc;
      this.shift[i] = k.penelouxK1 * (k.penelouxK2 - rackettZ(c)) * rtp;
      this.shiftT[i] = penelouxSlope(c);
    }
    if (parameters !== undefined) {
      for (let i = 0; i < nc; i++) {
        this.ac[i] = parameters.ac[i];
        this.b[i] = parameters.b[i];
        this.m[i] = parameters.m[i];
        if (parameters.shift !== undefined) this.shift[i] = parameters.shift[i];
        if (parameters.shiftT !== undefined) this.shiftT[i] = parameters.shiftT[i];
      }
    }
    if (kij.length !== nc * nc) throw new RangeError(`kij must have ${nc * nc} entries, got ${kij.length}`);
    for (let i = 0; i < nc * nc; i++) this.oneMinusK[i] = 1 - kij[i];
    this.kijT = parameters?.kijT !== undefined ? Float64Array.from(parameters.kijT) : undefined;
    this.c2 = parameters?.c2 !== undefined ? Float64Array.from(parameters.c2) : new Float64Array(nc);
    this.c3 = parameters?.c3 !== undefined ? Float64Array.from(parameters.c3) : new Float64Array(nc);
    const twu: (TwuParameters | undefined)[] = new Array(nc).fill(undefined);
    for (let i = 0; i < nc; i++) {
      const mc = alpha?.mathiasCopeman?.[i];
      if (mc !== undefined) {
        this.m[i] = mc[0];
        this.c2[i] = mc[1];
        this.c3[i] = mc[2];
      }
      twu[i] = alpha?.twu?.[i];
    }
    this.twu = twu;
  }

  volumeShift(i: number, T: number): number {
    return this.shift[i] + this.shiftT[i] * (T - T_PENELOUX);
  }

  /** The last evaluation, reused when the same T is asked again (the flash and then its report). */
  private lastAtT: CubicAtT | undefined;

  atTemperature(T: number): CubicAtT {
    // CubicAtT is immutable apart from per-call scratch, so sharing one instance is safe.
    if (this.lastAtT === undefined || this.lastAtT.T !== T) this.lastAtT = new CubicAtT(this, T);
    return this.lastAtT;
  }
}

/**
 * Z of the requested root of the generic cubic in Z for dimensionless A = aP/(RT)², B = bP/(RT)
 * ('stable': the root of lower residual Gibbs energy); NaN if none. `roots` is scratch of length 2.
 */
export function cubicRootZ(d1: number, d2: number, A: number, B: number, root: RootChoice, roots: Float64Array): number {
  const s = d1 + d2;
  const p = d1 * d2;
  const count = solveCubicRoots((s - 1) * B - 1, A + p * B * B - s * B * (B + 1), -(A * B + p * B * B * (B + 1)), B, roots);
  if (count === 0) return NaN;
  const zl = roots[0];
  const zv = roots[1];
  if (root === 'vapor' || count === 1) return root === 'liquid' ? zl : zv;
  if (root === 'liquid') return zl;
  return reducedGibbs(d1, d2, zl, A, B) <= reducedGibbs(d1, d2, zv, A, B) ? zl : zv;
}

/** Residual Gibbs energy G^r/(RT) per mole at a root (only differences between roots matter). */
function reducedGibbs(d1: number, d2: number, Z: number, A: number, B: number): number {
  return Z - 1 - Math.log(Z - B) - (A / (B * (d1 - d2))) * Math.log((Z + d1 * B) / (Z + d2 * B));
}

/** α_i(T) and its T derivatives of component i of a cubic model (Twu or the Mathias–Copeman/Soave polynomial), into out. */
export function componentAlpha(model: CubicModel, i: number, T: number, out: AlphaValue): AlphaValue {
  const twu = model.twu[i];
  // Soave (c2 = c3 = 0) and the original's polynomial form alike: the Mathias–Copeman
  // polynomial in s = 1 − √Tr, one-term above Tc (alpha.ts).
  return twu !== undefined ? twuAlpha(T, model.tc[i], twu, out) : mathiasCopemanAlpha(T, model.tc[i], model.m[i], model.c2[i], model.c3[i], out);
}

/** Scratch-free evaluation of a CubicModel at one temperature. */
const sharedAlpha: AlphaValue = { alpha: 0, dT: 0, dTT: 0 };

export class CubicAtT implements ModelAtT {
  readonly nc: number;
  readonly a: Float64Array;
  private readonly psi: Float64Array;
  private readonly roots = new Float64Array(2);
  private readonly d1: number;
  private readonly d2: number;
  private readonly b: Float64Array;
  /**
   * Every array of this temperature in one backing store: a, aT, aTT (nc² each), then per
   * component a_i, da_i/dT, d²a_i/dT², s_i = √a_i, ds_i/dT, d²s_i/dT² and psi (nc each).
   */
  private readonly store: Float64Array;
  /** aT and aTT, made on first use. */
  private aTStore: Float64Array | undefined;
  private aTTStore: Float64Array | undefined;

  constructor(
    private readonly model: CubicModel,
    readonly T: number,
  ) {
    const nc = model.nc;
    this.nc = nc;
    this.d1 = model.delta1;
    this.d2 = model.delta2;
    this.b = model.b;
    // One backing store for every array of this temperature: a typed array over 64 bytes gets its
    // own off-heap store, whose allocation and release cost more than filling it here.
    const nn = nc * nc;
    const store = new Float64Array(3 * nn + 7 * nc);
    this.store = store;
    this.a = store.subarray(0, nn);
    this.psi = store.subarray(3 * nn + 6 * nc);
    const p = 3 * nn;
    const alphaValue = sharedAlpha;
    for (let i = 0; i < nc; i++) {
      componentAlpha(model, i, T, alphaValue);
      const ac = model.ac[i];
      const ai = ac * alphaValue.alpha;
      const aiT = ac * alphaValue.dT;
      const s = Math.sqrt(ai);
      const sT = aiT / (2 * s);
      store[p + i] = ai;
      store[p + nc + i] = aiT;
      store[p + 2 * nc + i] = ac * alphaValue.dTT;
      // √(a_i a_j) = √a_i·√a_j: n square roots instead of n²/2; s' = a'/(2s), s'' = (a'' − 2s'²)/(2s).
      store[p + 3 * nc + i] = s;
      store[p + 4 * nc + i] = sT;
      store[p + 5 * nc + i] = (ac * alphaValue.dTT - 2 * sT * sT) / (2 * s);
    }
    const a = this.a;
    const oneMinusK = model.oneMinusK;
    const kijT = model.kijT;
    const ps = p + 3 * nc;
    for (let i = 0; i < nc; i++) {
      const si = store[ps + i];
      // The diagonal exactly a_i (a pure component's a is its own, to the last bit).
      const ii = i * nc + i;
      a[ii] = (kijT === undefined ? oneMinusK[ii] : oneMinusK[ii] - kijT[ii] * T) * store[p + i];
      for (let j = i + 1; j < nc; j++) {
        const ij = i * nc + j;
        const k = kijT === undefined ? oneMinusK[ij] : oneMinusK[ij] - kijT[ij] * T;
        a[ij] = a[j * nc + i] = k * (si * store[ps + j]);
      }
    }
  }

  /** da_ij/dT (row-major), made on first use: fugacities alone (stability trials, SS flashes) never need it. */
  get aT(): Float64Array {
    return this.aTStore ?? this.temperatureDerivatives();
  }

  /** d²a_ij/dT² (row-major), made on first use with aT. */
  get aTT(): Float64Array {
    if (this.aTTStore === undefined) this.temperatureDerivatives();
    return this.aTTStore as Float64Array;
  }

  /**
   * With g_ij = s_i·s_j: g' = s_i'·s_j + s_i·s_j', g'' = s_i''·s_j + 2·s_i'·s_j' + s_i·s_j''
   * (no square root or division per pair); the diagonal from the pure a_i', a_i'' exactly. A
   * k_ij linear in T adds its slope −dk/dT: a' = k·g' + k_T·g, a'' = k·g'' + 2·k_T·g'.
   */
  private temperatureDerivatives(): Float64Array {
    const nc = this.nc;
    const nn = nc * nc;
    const model = this.model;
    const T = this.T;
    const store = this.store;
    const aT = store.subarray(nn, 2 * nn);
    const aTT = store.subarray(2 * nn, 3 * nn);
    const p = 3 * nn;
    const ps = p + 3 * nc;
    const oneMinusK = model.oneMinusK;
    const kijT = model.kijT;
    for (let i = 0; i < nc; i++) {
      const ii = i * nc + i;
      const kTi = kijT === undefined ? 0 : -kijT[ii];
      const ki = oneMinusK[ii] + kTi * T;
      const ai = store[p + i];
      const aiT = store[p + nc + i];
      aT[ii] = ki * aiT + kTi * ai;
      aTT[ii] = ki * store[p + 2 * nc + i] + 2 * kTi * aiT;
      const si = store[ps + i];
      const sTi = store[ps + nc + i];
      const sTTi = store[ps + 2 * nc + i];
      for (let j = i + 1; j < nc; j++) {
        const ij = i * nc + j;
        const ji = j * nc + i;
        const sj = store[ps + j];
        const sTj = store[ps + nc + j];
        const gT = sTi * sj + si * sTj;
        const gTT = sTTi * sj + 2 * sTi * sTj + si * store[ps + 2 * nc + j];
        if (kijT === undefined) {
          const k = oneMinusK[ij];
          aT[ij] = aT[ji] = k * gT;
          aTT[ij] = aTT[ji] = k * gTT;
        } else {
          const kT = -kijT[ij];
          const k = oneMinusK[ij] + kT * T;
          aT[ij] = aT[ji] = k * gT + kT * (si * sj);
          aTT[ij] = aTT[ji] = k * gTT + 2 * kT * gT;
        }
      }
    }
    this.aTStore = aT;
    this.aTTStore = aTT;
    return aT;
  }

  covolume(x: ArrayLike<number>): number {
    let b = 0;
    for (let i = 0; i < this.nc; i++) b += x[i] * this.b[i];
    return b;
  }

  /** Sets psi_i = Σ_j x_j a_ij and returns a_mix (x need not be normalised; result scales with Σx²). */
  private mixA(x: ArrayLike<number>): number {
    const nc = this.nc;
    const a = this.a;
    const psi = this.psi;
    let amix = 0;
    for (let i = 0; i < nc; i++) {
      let s = 0;
      const row = i * nc;
      for (let j = 0; j < nc; j++) s += a[row + j] * x[j];
      psi[i] = s;
      amix += x[i] * s;
    }
    return amix;
  }

  /** Z of the requested root, from dimensionless A = aP/(RT)², B = bP/(RT). NaN if none. */
  private chooseZ(A: number, B: number, root: RootChoice): number {
    return cubicRootZ(this.d1, this.d2, A, B, root, this.roots);
  }

  molarVolume(P: number, x: ArrayLike<number>, root: RootChoice): number {
    const RT = R * this.T;
    const amix = this.mixA(x);
    const bmix = this.covolume(x);
    const Z = this.chooseZ((amix * P) / (RT * RT), (bmix * P) / RT, root);
    return (Z * RT) / P;
  }

  lnPhi(P: number, x: ArrayLike<number>, root: RootChoice, out: Float64Array): number {
    const nc = this.nc;
    const RT = R * this.T;
    const amix = this.mixA(x);
    const bmix = this.covolume(x);
    const A = (amix * P) / (RT * RT);
    const B = (bmix * P) / RT;
    const Z = this.chooseZ(A, B, root);
    const d1 = this.d1;
    const d2 = this.d2;
    const lnZB = Math.log(Z - B);
    const L = Math.log((Z + d1 * B) / (Z + d2 * B));
    const coef = A / (B * (d1 - d2));
    const psi = this.psi;
    const b = this.b;
    for (let i = 0; i < nc; i++) {
      const bi = b[i] / bmix;
      out[i] = bi * (Z - 1) - lnZB - coef * ((2 * psi[i]) / amix - bi) * L;
    }
    return (Z * RT) / P;
  }

  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    const nc = this.nc;
    const T = this.T;
    const d1 = this.d1;
    const d2 = this.d2;
    const b = this.b;
    let nt = 0;
    let B = 0;
    for (let i = 0; i < nc; i++) {
      nt += n[i];
      B += n[i] * b[i];
    }
    const D = this.mixA(n); // psi_i = Σ_j n_j a_ij, so D_i = 2·psi_i
    const psi = this.psi;

    const VmB = V - B;
    const V1 = V + d1 * B;
    const V2 = V + d2 * B;
    const g = Math.log(1 - B / V);
    const gV = B / (V * VmB);
    const gB = -1 / VmB;
    const f = Math.log(V1 / V2) / (R * B * (d1 - d2));
    const fV = -1 / (R * V1 * V2);
    const fB = -(f + V * fV) / B;

    const F_n = -g;
    const F_B = -nt * gB - (D / T) * fB;
    const F_D = -f / T;
    out.F = -nt * g - (D * f) / T;
    out.F_V = -nt * gV - (D / T) * fV;
    for (let i = 0; i < nc; i++) out.F_n[i] = F_n + F_B * b[i] + F_D * 2 * psi[i];
    if (level === DerivLevel.Fugacity) return;

    // Temperature derivatives of D.
    const aT = this.aT;
    const aTT = this.aTT;
    let DT = 0;
    let DTT = 0;
    for (let i = 0; i < nc; i++) {
      let sT = 0;
      let sTT = 0;
      const row = i * nc;
      for (let j = 0; j < nc; j++) {
        sT += aT[row + j] * n[j];
        sTT += aTT[row + j] * n[j];
      }
      DT += n[i] * sT;
      DTT += n[i] * sTT;
      out.F_nT[i] = 2 * sT; // temporarily D_iT
    }

    const gVV = -1 / (VmB * VmB) + 1 / (V * V);
    const gBV = 1 / (VmB * VmB);
    const gBB = -1 / (VmB * VmB);
    const fVV = (1 / R) * ((V1 + V2) / (V1 * V1 * V2 * V2));
    const fBV = -(2 * fV + V * fVV) / B;
    const fBB = -(2 * fB + V * fBV) / B;

    const F_T = (D * f) / (T * T);
    const F_TT = (-2 * F_T) / T;
    const F_DT = f / (T * T);
    const F_BT = (D * fB) / (T * T);
    const F_BD = -fB / T;
    const F_BV = -nt * gBV - (D / T) * fBV;
    const F_BB = -nt * gBB - (D / T) * fBB;
    const F_VV = -nt * gVV - (D / T) * fVV;
    const F_DV = -fV / T;
    const F_TV = (D * fV) / (T * T);
    const F_nV = -gV;
    const F_nB = -gB;

    out.F_T = F_T + F_D * DT;
    out.F_TT = F_TT + 2 * F_DT * DT + F_D * DTT;
    out.F_TV = F_TV + F_DV * DT;
    out.F_VV = F_VV;
    for (let i = 0; i < nc; i++) {
      const Di = 2 * psi[i];
      const DiT = out.F_nT[i];
      out.F_nT[i] = (F_BT + F_BD * DT) * b[i] + F_DT * Di + F_D * DiT;
      out.F_nV[i] = F_nV + F_BV * b[i] + F_DV * Di;
    }
    if (level === DerivLevel.Caloric) return;

    const a = this.a;
    const F_nn = out.F_nn;
    for (let i = 0; i < nc; i++) {
      const Bi = b[i];
      const Di = 2 * psi[i];
      const row = i * nc;
      for (let j = i; j < nc; j++) {
        const Bj = b[j];
        const Dj = 2 * psi[j];
        const v = F_nB * (Bi + Bj) + F_BD * (Bi * Dj + Bj * Di) + F_BB * Bi * Bj + F_D * 2 * a[row + j];
        F_nn[row + j] = v;
        F_nn[j * nc + i] = v;
      }
    }
  }
}

/**
 * Builds an SRK or PR model. kij is row-major nc×nc (symmetric, zero diagonal); `alpha` replaces
 * the classic alpha of some components (see ./alpha.ts and ../components/alpha-parameters.ts).
 */
export function createCubicModel(kind: CubicKind, components: readonly ComponentData[], kij: ArrayLike<number>, alpha?: CubicAlphaOverride): CubicModel {
  return new CubicModel(kind, components, kij, undefined, alpha);
}
