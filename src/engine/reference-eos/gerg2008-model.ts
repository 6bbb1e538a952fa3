/**
 * GERG-2008 (Kunz & Wagner 2012) as a full ThermoModel: the reduced residual Helmholtz energy
 * F(T, V, n) = n·α^r(δ, τ, x) with all derivatives the generic flash, stability analysis,
 * saturation and envelope code needs (../eos/types.ts), so every flash type runs on GERG-2008.
 *
 * Structure (Kunz & Wagner 2012, Sect. 7.3 and Table 7.5; GERG TM15 Sect. 7):
 *   α^r = Σ_i x_i α_oi^r(δ, τ) + Σ_{i<j} x_i x_j F_ij α_ij^r(δ, τ),
 *   δ = ρ/ρ_r(x), τ = T_r(x)/T, with the reducing functions
 *   Y_r(x) = Σ x_i² Y_c,i + Σ_{i<j} 2 x_i x_j β γ Y_c,ij (x_i + x_j)/(β² x_i + x_j)   (Y = 1/ρ_c, T_c).
 * Written in amounts n instead of fractions, Y_r = Q(n)/N² with Q homogeneous of degree 2, so
 *   δ = Q_V(n)/(V·N)   and   τ = Q_T(n)/(N²·T),
 * and F(T, V, n) = G(δ(V, n), τ(T, n), n) with G = Σ n_i α_oi + Σ_{i<j} n_i n_j/N F_ij α_ij. All
 * derivatives follow by the chain rule from the δ, τ derivatives of each pure-fluid term α_oi and
 * each departure function α_ij (evaluated term by term with the kernels of ./gerg2008.ts) and the
 * first and second n-derivatives of Q_V, Q_T. The single-phase reference path (./index.ts,
 * gerg2008State) is untouched; this model reproduces it (test/physics/gerg2008-model*.test.ts).
 *
 * Units: SI at the interface (V in m3, P in Pa), mol/L inside the reducing density as in the
 * coefficient tables. The ideal-gas part is GERG-2008's own (Jaeschke & Schley, eq. 7.6) on its
 * datum (H = 0, S = 0 for the ideal gas at 298.15 K and 101.325 kPa), see idealGas().
 */
import type { ComponentData } from '../components/types.js';
import { R } from '../eos/constants.js';
import { DerivLevel, ResidualDerivatives, type ModelAtT, type RootChoice, type ThermoModel } from '../eos/types.js';
import { DEPARTURE_PAIRS, IDEAL_THETA, R_GERG } from './gerg2008-data.js';
import { BT2, BV2, GT, GV, createGergFluid, type GergFluid } from './gerg2008-fluid.js';
import { IDEAL, gergResidual } from './gerg2008.js';
import { planckEinsteinSums } from './ideal-gas.js';
import { NC, REFERENCE_COMPONENTS } from './components.js';

/**
 * GERG-2008's gas constant against the engine's. The engine forms P = NRT/V − RT·∂F/∂V and
 * ln φ = ∂F/∂n − ln Z with its own R (8.3144621); GERG-2008 defines R = 8.314472. So that P(T, V, n)
 * equals GERG-2008's ρR_G·T(1 + δα^r_δ) exactly, F is F_G = r·N·α^r + c·N·ln(N·R·T/(V·P0)) + N(r ln r − c)
 * with r = R_G/R, c = r − 1: then R·T·F plus the engine's ideal gas is GERG-2008's Helmholtz energy
 * apart from the mixing term (−(R_G − R)·T·Σ n_i ln x_i, left out because its ln x_i derivative is
 * singular at x_i = 0, where the stability analysis evaluates trial phases). Consequences (measured
 * in test/physics/gerg2008-model-gas-constant.test.ts): density, pressure, H, U, Cv, Cp, speed of
 * sound and Joule–Thomson equal the reference code's; S and the chemical potentials differ by the
 * mixing term ((R_G − R)·Σ x_i ln x_i, at most 2.3e-5 J/(mol·K) for 10 components) and the
 * reported Z = PV/(NRT) is r·Z_GERG (1.19e-6 relative).
 */
const R_SCALE = R_GERG / R;
const R_EXCESS = R_SCALE - 1;
const LN_R_SCALE_TERM = R_SCALE * Math.log(R_SCALE);
/** Pressure of the reference state inside the logarithm (only differences between phases matter). */
const P_ZERO = 101325;

/** Reduced derivatives per term set: [α, δα_δ, δ²α_δδ, δ³α_δδδ, τα_τ, τδα_τδ, τδ²α_τδδ, τ²α_ττ]. */
const NR = 8;
/** Plain derivatives kept per term set: [α, α_δ, α_τ, α_δδ, α_δτ, α_ττ]. */
const NP = 6;

/** Index of each GERG-2008 component in the reference order, or -1. */
export function gergIndex(name: string): number {
  return (REFERENCE_COMPONENTS as readonly string[]).indexOf(name);
}

/** Names of the components GERG-2008 does not cover. */
export function gergUncovered(components: readonly { name: string }[]): string[] {
  return components.filter((c) => gergIndex(c.name) < 0).map((c) => c.name);
}

interface ReducingPair {
  /** Model indices; `lo` is the component listed first in the GERG tables (β applies to it). */
  lo: number;
  hi: number;
  /** 2·β·γ·Y_c,ij and β² of the density (1/ρ, L/mol) and temperature (K) reducing functions. */
  cV: number;
  b2V: number;
  cT: number;
  b2T: number;
}

interface DeparturePair {
  a: number;
  b: number;
  F: number;
  /** Index into the model's departure fluids. */
  fn: number;
}

export class Gerg2008Model implements ThermoModel {
  readonly name = 'GERG2008';
  readonly nc: number;
  readonly usesVolumeShift = false;
  /** Pure-fluid term sets, one per component (their own T_c, ρ_c as reducing values). */
  readonly pure: GergFluid[];
  /** Departure functions present in this mixture, and the pairs that use them. */
  readonly departures: GergFluid[];
  readonly depPairs: DeparturePair[];
  readonly redPairs: ReducingPair[];
  /** 1/ρ_c,i (L/mol) and T_c,i (K). */
  readonly vc: Float64Array;
  readonly tc: Float64Array;
  readonly ref: Int32Array;

  constructor(readonly components: readonly ComponentData[]) {
    const nc = components.length;
    this.nc = nc;
    this.ref = Int32Array.from(components, (c) => {
      const r = gergIndex(c.name);
      if (r < 0) throw new RangeError(`GERG-2008 does not cover '${c.name}'`);
      return r;
    });
    if (new Set(this.ref).size !== nc) throw new RangeError('GERG-2008: a component is listed twice');
    this.pure = Array.from(this.ref, (r) => {
      const x = new Float64Array(NC);
      x[r] = 1;
      return createGergFluid(x);
    });
    this.vc = Float64Array.from(this.ref, (r) => GV[r * NC + r]);
    this.tc = Float64Array.from(this.ref, (r) => GT[r * NC + r]);
    this.redPairs = [];
    for (let a = 0; a < nc; a++) {
      for (let b = a + 1; b < nc; b++) {
        const [lo, hi] = this.ref[a] < this.ref[b] ? [a, b] : [b, a];
        const k = this.ref[lo] * NC + this.ref[hi];
        this.redPairs.push({ lo, hi, cV: 2 * GV[k], b2V: BV2[k], cT: 2 * GT[k], b2T: BT2[k] });
      }
    }
    const names: string[] = [];
    this.depPairs = [];
    this.departures = [];
    const unit = new Float64Array(NC);
    unit[0] = 1;
    for (const [i, j, name, F] of DEPARTURE_PAIRS) {
      const a = this.ref.indexOf(i);
      const b = this.ref.indexOf(j);
      if (a < 0 || b < 0 || F === 0) continue;
      let fn = names.indexOf(name);
      if (fn < 0) {
        fn = names.length;
        names.push(name);
        this.departures.push(createGergFluid(unit, name));
      }
      this.depPairs.push({ a, b, F, fn });
    }
  }

  volumeShift(): number {
    return 0;
  }

  /**
   * Ideal-gas enthalpy (J/mol), the temperature part of the entropy at 101.325 kPa (J/(mol·K),
   * without the mixing term) and Cp0 of component i from GERG-2008's α°_oi (eq. 7.6), on its datum.
   */
  idealGas(i: number, T: number, out: Float64Array): void {
    const r = this.ref[i];
    const id = IDEAL[r];
    planckEinsteinSums(id.n, IDEAL_THETA[r], T, PE);
    const a0 = id.n1 + id.n2 / T - id.n3 * Math.log(T) + PE[0];
    const a1 = id.n3 + id.n2 / T + PE[1];
    out[0] = R_GERG * T * (1 + a1);
    out[1] = R_GERG * (a1 - a0 - Math.log(101.325 / (R_GERG * T)));
    out[2] = R_GERG * (1 + id.n3 + PE[2]);
  }

  private lastAtT: GergAtT | undefined;

  atTemperature(T: number): GergAtT {
    if (this.lastAtT === undefined || this.lastAtT.T !== T) this.lastAtT = new GergAtT(this, T);
    return this.lastAtT;
  }
}

const PE = new Float64Array(3);

export class GergAtT implements ModelAtT {
  readonly nc: number;
  /** Plain derivatives per component and per departure function (NP each), from evalTerms. */
  private readonly pureP: Float64Array;
  private readonly depP: Float64Array;
  /** Reducing functions: Q, gradient, Hessian for V (L/mol) and T (K). */
  private readonly gV: Float64Array;
  private readonly gT: Float64Array;
  private readonly hV: Float64Array;
  private readonly hT: Float64Array;
  private qV = 0;
  private qT = 0;
  /** Per component: S_k = Σ_j x_j F_kj α_kj (NP derivatives), and the mixture departure sum. */
  private readonly S: Float64Array;
  private readonly dep = new Float64Array(NP);
  private readonly mix = new Float64Array(NP);
  private readonly xn: Float64Array;
  private readonly d: ResidualDerivatives;
  private readonly dk: Float64Array;
  private readonly tk: Float64Array;
  private readonly Gk: Float64Array;

  constructor(
    private readonly model: Gerg2008Model,
    readonly T: number,
  ) {
    const nc = model.nc;
    this.nc = nc;
    this.pureP = new Float64Array(nc * NP);
    this.depP = new Float64Array(model.departures.length * NP);
    this.gV = new Float64Array(nc);
    this.gT = new Float64Array(nc);
    this.hV = new Float64Array(nc * nc);
    this.hT = new Float64Array(nc * nc);
    this.S = new Float64Array(nc * NP);
    this.xn = new Float64Array(nc);
    this.d = new ResidualDerivatives(nc);
    this.dk = new Float64Array(nc);
    this.tk = new Float64Array(nc);
    this.Gk = new Float64Array(nc * 3);
    this.foldX = new Float64Array(nc);
  }

  /** Q_V (L·mol), Q_T (K·mol²) of amounts n, with gradients and (if hessian) Hessians. */
  private reducing(n: ArrayLike<number>, hessian: boolean): void {
    const m = this.model;
    const nc = this.nc;
    const { gV, gT, hV, hT } = this;
    let qV = 0;
    let qT = 0;
    for (let i = 0; i < nc; i++) {
      qV += n[i] * n[i] * m.vc[i];
      qT += n[i] * n[i] * m.tc[i];
      gV[i] = 2 * n[i] * m.vc[i];
      gT[i] = 2 * n[i] * m.tc[i];
    }
    if (hessian) {
      hV.fill(0);
      hT.fill(0);
      for (let i = 0; i < nc; i++) {
        hV[i * nc + i] = 2 * m.vc[i];
        hT[i * nc + i] = 2 * m.tc[i];
      }
    }
    for (const p of m.redPairs) {
      const a = n[p.lo];
      const b = n[p.hi];
      qV += p.cV * pairTerm(a, b, p.b2V, p.cV, p.lo, p.hi, gV, hessian ? hV : undefined, nc);
      qT += p.cT * pairTerm(a, b, p.b2T, p.cT, p.lo, p.hi, gT, hessian ? hT : undefined, nc);
    }
    this.qV = qV;
    this.qT = qT;
  }

  /** Fills pureP and depP at (δ, τ): plain derivatives of every pure-fluid and departure term set. */
  private evalTerms(delta: number, tau: number, withTau: boolean): void {
    const m = this.model;
    const fill = (f: GergFluid, out: Float64Array, o: number): void => {
      const r = gergResidual(f, f.Tr / tau, delta * f.Dr, withTau);
      out[o] = r[0];
      out[o + 1] = r[1] / delta;
      out[o + 2] = r[4] / tau;
      out[o + 3] = r[2] / (delta * delta);
      out[o + 4] = r[5] / (delta * tau);
      out[o + 5] = r[7] / (tau * tau);
    };
    for (let i = 0; i < this.nc; i++) fill(m.pure[i], this.pureP, i * NP);
    for (let k = 0; k < m.departures.length; k++) fill(m.departures[k], this.depP, k * NP);
  }

  /** mix = Σ x_i α_oi + Σ x_a x_b F α_ab, dep = the departure part, S_k per component (all NP derivatives). */
  private mixTerms(x: ArrayLike<number>): void {
    const { pureP, depP, S, dep, mix } = this;
    S.fill(0);
    dep.fill(0);
    for (const p of this.model.depPairs) {
      for (let j = 0; j < NP; j++) {
        const v = p.F * depP[p.fn * NP + j];
        S[p.a * NP + j] += x[p.b] * v;
        S[p.b * NP + j] += x[p.a] * v;
        dep[j] += x[p.a] * x[p.b] * v;
      }
    }
    for (let j = 0; j < NP; j++) {
      let s = dep[j];
      for (let i = 0; i < this.nc; i++) s += x[i] * pureP[i * NP + j];
      mix[j] = s;
    }
  }

  /** Normalised copy of x in scratch. */
  private normalised(x: ArrayLike<number>): Float64Array {
    let s = 0;
    for (let i = 0; i < this.nc; i++) s += x[i];
    for (let i = 0; i < this.nc; i++) this.xn[i] = x[i] / s;
    return this.xn;
  }

  covolume(x: ArrayLike<number>): number {
    // A quarter of the reducing volume: V/b at the critical point is then about 4 (SRK: 3.85),
    // which keeps the generic V/b phase labelling and the TV-flash lower bound meaningful.
    this.reducing(this.normalised(x), false);
    return 0.25e-3 * this.qV;
  }

  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    const nc = this.nc;
    let N = 0;
    for (let i = 0; i < nc; i++) N += n[i];
    const x = this.xn;
    for (let i = 0; i < nc; i++) x[i] = n[i] / N;
    const full = level >= DerivLevel.Composition;
    this.reducing(n, full);
    const { qV, qT, gV, gT, hV, hT, S, dep, mix, pureP, dk, tk, Gk } = this;
    const T = this.T;
    const Vl = 1000 * V; // L
    const delta = qV / (Vl * N);
    const tau = qT / (N * N * T);
    this.evalTerms(delta, tau, true);
    this.mixTerms(x);
    const [a, aD, aT, aDD, aDT, aTT] = mix;
    const dV = -delta / V;
    const tT = -tau / T;
    // The gas-constant terms (see R_SCALE): r·(N α^r) plus c·N·ln(N R T/(V P0)) + N(r ln r − c).
    const s = R_SCALE;
    const c = R_EXCESS;
    const lnRho = Math.log((N * R * T) / (V * P_ZERO));
    out.F = s * N * a + c * N * lnRho + N * (LN_R_SCALE_TERM - c);
    out.F_V = s * N * aD * dV - (c * N) / V;
    out.F_T = s * N * aT * tT + (c * N) / T;
    out.F_TT = s * N * (aTT * tT * tT + (aT * 2 * tau) / (T * T)) - (c * N) / (T * T);
    out.F_TV = s * N * aDT * dV * tT;
    out.F_VV = s * N * (aDD * dV * dV + (aD * 2 * delta) / (V * V)) + (c * N) / (V * V);
    const GD = N * aD, GT_ = N * aT, GDD = N * aDD, GDT = N * aDT, GTT = N * aTT;
    for (let k = 0; k < nc; k++) {
      const o = k * NP;
      dk[k] = delta * (gV[k] / qV - 1 / N);
      tk[k] = tau * (gT[k] / qT - 2 / N);
      const g = pureP[o] + S[o] - dep[0];
      const gd = pureP[o + 1] + S[o + 1] - dep[1];
      const gt = pureP[o + 2] + S[o + 2] - dep[2];
      Gk[3 * k] = g;
      Gk[3 * k + 1] = gd;
      Gk[3 * k + 2] = gt;
      out.F_n[k] = s * (g + GD * dk[k] + GT_ * tk[k]) + c * lnRho + LN_R_SCALE_TERM;
      out.F_nV[k] = s * ((gd + GDD * dk[k] + GDT * tk[k]) * dV - (GD * dk[k]) / V) - c / V;
      out.F_nT[k] = s * ((gt + GDT * dk[k] + GTT * tk[k]) * tT - (GT_ * tk[k]) / T) + c / T;
    }
    if (!full) return;
    const depP = this.depP;
    const Fkl = out.F_nn;
    Fkl.fill(0);
    for (const p of this.model.depPairs) {
      const v = (p.F * depP[p.fn * NP]) / N;
      Fkl[p.a * nc + p.b] += v;
      Fkl[p.b * nc + p.a] += v;
    }
    for (let k = 0; k < nc; k++) {
      const ak = gV[k] / qV - 1 / N;
      const bk = gT[k] / qT - 2 / N;
      for (let l = k; l < nc; l++) {
        const al = gV[l] / qV - 1 / N;
        const bl = gT[l] / qT - 2 / N;
        const dkl = delta * (ak * al + hV[k * nc + l] / qV - (gV[k] * gV[l]) / (qV * qV) + 1 / (N * N));
        const tkl = tau * (bk * bl + hT[k * nc + l] / qT - (gT[k] * gT[l]) / (qT * qT) + 2 / (N * N));
        const Gkl = Fkl[k * nc + l] + (-S[k * NP] - S[l * NP] + 2 * dep[0]) / N;
        const v =
          Gkl +
          Gk[3 * k + 1] * dk[l] + Gk[3 * k + 2] * tk[l] +
          Gk[3 * l + 1] * dk[k] + Gk[3 * l + 2] * tk[k] +
          GDD * dk[k] * dk[l] + GDT * (dk[k] * tk[l] + tk[k] * dk[l]) + GTT * tk[k] * tk[l] +
          GD * dkl + GT_ * tkl;
        Fkl[k * nc + l] = s * v + c / N;
        Fkl[l * nc + k] = s * v + c / N;
      }
    }
  }

  /**
   * The composition of the current density search folded into one term list (./gerg2008-fluid.ts,
   * the reference path's representation): one pass over its terms per density iterate instead of
   * one per component and departure function. Rebuilt only when x changes.
   */
  private fold: GergFluid | undefined;
  private readonly foldX: Float64Array;
  private readonly refX = new Float64Array(NC);

  private folded(x: Float64Array): GergFluid {
    let same = this.fold !== undefined;
    for (let i = 0; i < this.nc && same; i++) same = this.foldX[i] === x[i];
    if (!same || this.fold === undefined) {
      this.refX.fill(0);
      for (let i = 0; i < this.nc; i++) this.refX[this.model.ref[i]] = x[i];
      this.fold = createGergFluid(this.refX);
      this.foldX.set(x);
    }
    return this.fold;
  }

  /** δα^r_δ and δ²α^r_δδ of composition x at density δ (τ fixed by x): the density iteration. */
  private densityTerms(delta: number, _tau: number, x: Float64Array): [number, number] {
    const f = this.folded(x);
    const r = gergResidual(f, this.T, delta * f.Dr, false);
    return [r[1], r[2]];
  }

  /**
   * Density root on one branch by Newton in ρ from ρ0: from the ideal gas the vapour branch
   * (P concave in ρ there, so the iterates rise monotonically to the root), from a dense start the
   * liquid branch (convex, iterates fall to it). NaN when an iterate reaches dP/dρ ≤ 0: no root on
   * that branch. Units: ρ in mol/m3, vr in m3/mol.
   */
  private branchRoot(P: number, x: Float64Array, vr: number, tau: number, rho0: number): number {
    const RT = R_GERG * this.T;
    let rho = rho0;
    for (let it = 0; it < 200; it++) {
      const [r1, r2] = this.densityTerms(rho * vr, tau, x);
      const Pc = rho * RT * (1 + r1);
      const dPdrho = RT * (1 + 2 * r1 + r2);
      if (!(dPdrho > 0) || !Number.isFinite(Pc)) return NaN;
      let next = rho - (Pc - P) / dPdrho;
      if (!(next > 0)) next = rho / 2;
      // Quadratic convergence: a step below 1e-10 leaves an error far below round-off, and a
      // tighter test can stall on round-off noise.
      if (Math.abs(next - rho) <= 1e-10 * rho) return 1 / next;
      rho = next;
    }
    return NaN;
  }

  /**
   * Vapour-branch root: Newton from the ideal gas, then a check that P rises all the way from
   * ρ = 0 to the root (dP/dρ > 0 at 0.2…0.8 of it). At T far below T_c the ideal-gas start can lie
   * inside the two-phase region, where the multiparameter terms (τ^t with t up to 22) make P(ρ)
   * wiggle and Newton can settle on a spurious "root" with absurd fugacities; a real vapour root is
   * connected to the ideal gas through mechanically stable states.
   */
  private vapourRoot(P: number, x: Float64Array, vr: number, tau: number): number {
    const RT = R_GERG * this.T;
    const v = this.branchRoot(P, x, vr, tau, P / RT);
    if (!Number.isFinite(v) || vr / v < 0.02) return v;
    for (const f of [0.2, 0.4, 0.6, 0.8]) {
      const [r1, r2] = this.densityTerms((f * vr) / v, tau, x);
      if (!(1 + 2 * r1 + r2 > 0)) return NaN;
    }
    return v;
  }

  /**
   * Liquid-branch root: the densest root below a dense start. The start δ0 is raised until it is
   * mechanically stable with P(δ0) > P; from there Newton steps fall towards the root, kept inside
   * a bracket [lo, hi] where every point above hi is known liquid (P > target, dP/dρ > 0) and lo is
   * a point below the root (P < target, or inside the mechanically unstable region, which lies
   * below the liquid branch). A step leaving the bracket is replaced by bisection, so a
   * multiparameter EOS's wiggles in the two-phase region cannot send the iterate to a spurious root.
   * NaN when the bracket closes on an unstable point (no liquid root).
   */
  private liquidRoot(P: number, x: Float64Array, vr: number, tau: number, delta0: number): number {
    const RT = R_GERG * this.T;
    const at = (d: number): [number, number] => {
      const [r1, r2] = this.densityTerms(d, tau, x);
      return [(d / vr) * RT * (1 + r1), RT * (1 + 2 * r1 + r2)];
    };
    let hi = delta0;
    let [Phi, dhi] = at(hi);
    while (!(Phi > P && dhi > 0)) {
      hi *= 1.1;
      if (hi > 6) return NaN;
      [Phi, dhi] = at(hi);
    }
    let lo = 0;
    let d = hi - ((Phi - P) / dhi) * vr;
    for (let it = 0; it < 200; it++) {
      if (!(d > lo && d < hi)) d = 0.5 * (lo + hi);
      const [Pd, dPd] = at(d);
      if (!Number.isFinite(Pd)) return NaN;
      const liquidSide = Pd > P && dPd > 0;
      if (liquidSide) hi = d;
      else lo = d;
      // Newton in δ (dP/dδ = vr·dP/dρ… i.e. step (P − target)·vr/(dP/dρ)); from a liquid-side
      // point it stays above the root (P convex there), elsewhere it is used only inside the bracket.
      const next = d - ((Pd - P) / dPd) * vr;
      if (dPd > 0 && Math.abs(next - d) <= 1e-10 * d) return vr / next;
      if (hi - lo <= 1e-13 * hi) return dPd > 0 ? vr / d : NaN;
      d = liquidSide ? next : dPd > 0 && next > lo && next < hi ? next : 0.5 * (lo + hi);
    }
    return NaN;
  }

  /** Reduced residual Gibbs energy per mole at a root (only differences between roots matter). */
  private gibbs(v: number, P: number, x: Float64Array): number {
    const f = this.folded(x);
    const ar = gergResidual(f, this.T, 1e-3 / v, true)[0];
    const Z = (P * v) / (R_GERG * this.T);
    return ar + Z - 1 - Math.log(Z);
  }

  molarVolume(P: number, xIn: ArrayLike<number>, root: RootChoice): number {
    const x = this.normalised(xIn);
    this.reducing(x, false);
    const vr = 1e-3 * this.qV;
    const tau = this.qT / this.T;
    const RT = R * this.T;
    let liquid = NaN;
    if (root !== 'vapor') {
      // From a dense start (liquids sit at δ ≈ 2–3); no warm start from the previous root, which
      // on a multiparameter EOS may lie in another composition's two-phase wiggles.
      liquid = this.liquidRoot(P, x, vr, tau, 3.2);
    }
    let vapor = NaN;
    if (root !== 'liquid') vapor = this.vapourRoot(P, x, vr, tau);
    // A branch that has no root at this state falls back to the other one (as the cubics' single
    // real root serves both), computed only then.
    if (root === 'liquid') return Number.isNaN(liquid) ? this.vapourRoot(P, x, vr, tau) : liquid;
    if (root === 'vapor') return Number.isNaN(vapor) ? this.liquidRoot(P, x, vr, tau, 3.2) : vapor;
    if (Number.isNaN(liquid)) return vapor;
    if (Number.isNaN(vapor) || Math.abs(vapor - liquid) < 1e-10 * liquid) return liquid;
    const gL = this.gibbs(liquid, P, x);
    return gL <= this.gibbs(vapor, P, x) ? liquid : vapor;
  }

  lnPhi(P: number, xIn: ArrayLike<number>, root: RootChoice, out: Float64Array): number {
    const v = this.molarVolume(P, xIn, root);
    if (!Number.isFinite(v)) {
      out.fill(NaN);
      return NaN;
    }
    // residual() normalises into the same scratch; with N = 1 that leaves x unchanged.
    this.residual(v, this.normalised(xIn), DerivLevel.Fugacity, this.d);
    const lnZ = Math.log((P * v) / (R * this.T));
    for (let i = 0; i < this.nc; i++) out[i] = this.d.F_n[i] - lnZ;
    return v;
  }
}

/**
 * One pair term h = a·b·(a + b)/(β²a + b) of a reducing function: adds c·∇h to grad and c·∇²h to
 * hess (when given) at the pair's indices and returns h.
 */
function pairTerm(a: number, b: number, b2: number, c: number, ia: number, ib: number, grad: Float64Array, hess: Float64Array | undefined, nc: number): number {
  const g = b2 * a + b;
  if (!(g > 0)) return 0;
  const h = (a * b * (a + b)) / g;
  const ha = (2 * a * b + b * b - h * b2) / g;
  const hb = (a * a + 2 * a * b - h) / g;
  grad[ia] += c * ha;
  grad[ib] += c * hb;
  if (hess !== undefined) {
    const haa = (2 * b - 2 * ha * b2) / g;
    const hab = (2 * a + 2 * b - ha - hb * b2) / g;
    const hbb = (2 * a - 2 * hb) / g;
    hess[ia * nc + ia] += c * haa;
    hess[ib * nc + ib] += c * hbb;
    hess[ia * nc + ib] += c * hab;
    hess[ib * nc + ia] += c * hab;
  }
  return h;
}

/** A GERG-2008 model for these components (all must be GERG-2008 components; RangeError otherwise). */
export function createGerg2008Model(components: readonly ComponentData[]): Gerg2008Model {
  return new Gerg2008Model(components);
}
