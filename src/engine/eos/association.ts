/**
 * The association term of CPA (Kontogeorgis et al. 1996; Wertheim's first-order perturbation
 * theory): reduced residual Helmholtz energy of hydrogen bonding and its derivatives in T, V, n.
 *
 *   F_assoc = Σ_k m_k (ln X_k − X_k/2 + 1/2),   m_k = n_i for each site k of component i
 *   X_k = 1 / (1 + (1/V) Σ_l m_l X_l Δ_kl)      (fraction of sites k not bonded)
 *   Δ_kl = g(η) · K_kl(T),  K_kl = (exp(ε_kl/RT) − 1) · b_ij · β_kl,  b_ij = (b_i + b_j)/2
 *   g = 1/(1 − 1.9η), η = B/(4V), B = Σ n_i b_i       (simplified radial distribution function)
 *
 * First derivatives follow from Michelsen & Hendriks (2001): F is stationary in X, so
 *   F_V = H(1 + ηG)/(2V),  F_ni = Σ_{k∈i} ln X_k − H·G·b_i/(8V),  F_T = −g/(2V)·Σ m_k m_l X_k X_l K'_kl
 * with H = Σ m_k (1 − X_k) and G = d ln g/dη = 1.9/(1 − 1.9η). Second derivatives differentiate
 * these along the solution, dX/dθ = −J⁻¹ ∂r/∂θ with r_k = X_k(1 + S_k) − 1 (written out below);
 * J stays regular when a component is absent (m = 0), which a stability trial needs.
 */
import { R } from './constants.js';
import { DerivLevel, type ResidualDerivatives } from './types.js';
import { luFactor, luSolve } from '../flash/linalg.js';

/** One association site: its component and which sites it bonds with (by kind). */
export interface AssociationSite {
  component: number;
  /** Sites bond when their kinds differ ('+' with '−'); 'any' bonds with every site (1A). */
  kind: '+' | '-' | 'any';
}

/**
 * How two different components' sites associate: 'ER' (Elliott's rule, Δ_ij = √(Δ_ii·Δ_jj)) or
 * 'CR1' with a cross energy (J/mol) and volume (−), e.g. the mean ε and geometric β of the two,
 * or fitted solvation values for a component that does not self-associate (CO2 with water).
 */
export type CrossAssociation = { rule: 'ER' } | { rule: 'CR1'; energy: number; volume: number };

export interface AssociationParameters {
  sites: readonly AssociationSite[];
  /** Self-association energy ε_i (J/mol) and volume β_i (−) by component. */
  energy: ArrayLike<number>;
  volume: ArrayLike<number>;
  /** The rule for a pair of different components (i < j). */
  cross(i: number, j: number): CrossAssociation;
}

const canBond = (a: AssociationSite, b: AssociationSite): boolean => a.kind === 'any' || b.kind === 'any' || a.kind !== b.kind;

/** K = (exp(ε/RT) − 1)·b·β and its first two temperature derivatives. */
function strength(eps: number, bb: number, T: number): [number, number, number] {
  if (eps === 0 || bb === 0) return [0, 0, 0];
  const RT = R * T;
  const e = Math.exp(eps / RT);
  const d = eps / (RT * T); // −d(ε/RT)/dT
  return [(e - 1) * bb, -e * d * bb, e * (d * d + (2 * d) / T) * bb];
}

/** The association term at one temperature. */
export class AssociationAtT {
  readonly ns: number;
  /** K_kl, dK/dT and d²K/dT² (m3/mol), row-major ns×ns; 0 for pairs that cannot bond. */
  private readonly K: Float64Array;
  private readonly KT: Float64Array;
  private readonly KTT: Float64Array;
  private readonly owner: Int32Array;
  // Scratch (per instance; the model makes one AssociationAtT per temperature and call chain).
  private readonly X: Float64Array;
  private readonly m: Float64Array;
  private readonly S: Float64Array;
  /** Newton scratch. */
  private readonly J: Float64Array;
  private readonly r: Float64Array;
  private readonly piv: Int32Array;
  private readonly tmp: Float64Array;

  constructor(
    private readonly b: Float64Array,
    params: AssociationParameters,
    readonly T: number,
  ) {
    const ns = params.sites.length;
    this.ns = ns;
    this.K = new Float64Array(ns * ns);
    this.KT = new Float64Array(ns * ns);
    this.KTT = new Float64Array(ns * ns);
    this.owner = Int32Array.from(params.sites.map((s) => s.component));
    const self = (i: number) => strength(params.energy[i], b[i] * params.volume[i], T);
    for (let k = 0; k < ns; k++) {
      for (let l = 0; l < ns; l++) {
        if (!canBond(params.sites[k], params.sites[l])) continue;
        const i = this.owner[k];
        const j = this.owner[l];
        let v: [number, number, number];
        if (i === j) v = self(i);
        else {
          const rule = params.cross(Math.min(i, j), Math.max(i, j));
          if (rule.rule === 'CR1') v = strength(rule.energy, ((b[i] + b[j]) / 2) * rule.volume, T);
          else {
            // Elliott: √(K_i K_j), differentiated as a product.
            const [a, aT, aTT] = self(i);
            const [c, cT, cTT] = self(j);
            const p = a * c;
            if (p <= 0) v = [0, 0, 0];
            else {
              const q = Math.sqrt(p);
              const pT = aT * c + a * cT;
              const pTT = aTT * c + 2 * aT * cT + a * cTT;
              v = [q, pT / (2 * q), pTT / (2 * q) - (pT * pT) / (4 * p * q)];
            }
          }
        }
        this.K[k * ns + l] = v[0];
        this.KT[k * ns + l] = v[1];
        this.KTT[k * ns + l] = v[2];
      }
    }
    this.X = new Float64Array(ns);
    this.m = new Float64Array(ns);
    this.S = new Float64Array(ns);
    this.J = new Float64Array(ns * ns);
    this.r = new Float64Array(ns);
    this.piv = new Int32Array(ns);
    this.tmp = new Float64Array(ns);
  }

  /** Whether X holds a previous solution to start from (the next call is usually at a nearby state). */
  private warm = false;

  /**
   * Solves the site fractions at (V, n): Newton on r_k = X_k(1 + S_k) − 1 from the previous
   * solution, or from X = 1 after a few damped substitutions when there is none or Newton fails.
   * Returns g(η); X and S are left in the scratch arrays.
   */
  private solve(V: number, n: ArrayLike<number>): { g: number; eta: number } {
    const ns = this.ns;
    let B = 0;
    for (let i = 0; i < this.b.length; i++) B += n[i] * this.b[i];
    const eta = B / (4 * V);
    const g = 1 / (1 - 1.9 * eta);
    const { X, m } = this;
    for (let k = 0; k < ns; k++) m[k] = n[this.owner[k]];
    if (!this.warm || !this.newton(V, g, 12)) {
      X.fill(1);
      // Damped substitution: X ← (X + 1/(1 + S))/2 converges from X = 1 for any state.
      for (let it = 0; it < 8; it++) {
        this.sums(V, g);
        for (let k = 0; k < ns; k++) X[k] = 0.5 * (X[k] + 1 / (1 + this.S[k]));
      }
      this.newton(V, g, 60);
    }
    this.warm = true;
    this.sums(V, g);
    return { g, eta };
  }

  /** S_k = (g/V) Σ_l m_l X_l K_kl. */
  private sums(V: number, g: number): void {
    const { ns, X, m, S, K } = this;
    for (let k = 0; k < ns; k++) {
      let s = 0;
      for (let l = 0; l < ns; l++) s += m[l] * X[l] * K[k * ns + l];
      S[k] = (g * s) / V;
    }
  }


  /** Newton steps on r(X) = 0; true when converged to 1e-15 within `maxIt`. */
  private newton(V: number, g: number, maxIt: number): boolean {
    const { ns, X, S } = this;
    const { J, r } = this;
    for (let it = 0; it < maxIt; it++) {
      this.sums(V, g);
      let worst = 0;
      for (let k = 0; k < ns; k++) {
        r[k] = X[k] * (1 + S[k]) - 1;
        worst = Math.max(worst, Math.abs(r[k]));
      }
      if (worst < 1e-15) return true;
      this.jacobian(V, g, J);
      if (!luFactor(J, ns, this.piv)) return false;
      luSolve(J, ns, this.piv, r, this.tmp);
      for (let k = 0; k < ns; k++) {
        // Keep X in (0, 1]: a Newton step past the bounds is cut back towards the old value.
        const next = X[k] - r[k];
        X[k] = next <= 0 ? X[k] * 0.2 : next > 1 ? 0.5 * (X[k] + 1) : next;
      }
    }
    return false;
  }

  /**
   * F_V and F_VV of the association term at (V, n): what a volume solve needs, without the
   * temperature and composition columns of addTo.
   */
  volumeDerivatives(V: number, n: ArrayLike<number>): { F: number; F_V: number; F_VV: number } {
    const ns = this.ns;
    if (ns === 0) return { F: 0, F_V: 0, F_VV: 0 };
    const { g, eta } = this.solve(V, n);
    const { X, m, S } = this;
    const G = 1.9 / (1 - 1.9 * eta);
    const onePlus = 1 + eta * G;
    let F = 0;
    let H = 0;
    for (let k = 0; k < ns; k++) {
      F += m[k] * (Math.log(X[k]) - X[k] / 2 + 0.5);
      H += m[k] * (1 - X[k]);
    }
    const { J, r: col } = this;
    this.jacobian(V, g, J);
    for (let k = 0; k < ns; k++) col[k] = (-X[k] * S[k] * onePlus) / V;
    if (luFactor(J, ns, this.piv)) luSolve(J, ns, this.piv, col, this.tmp);
    let FVV = (-H * onePlus * onePlus) / (2 * V * V);
    for (let k = 0; k < ns; k++) FVV += ((-m[k] * onePlus) / (2 * V)) * -col[k];
    return { F, F_V: (H * onePlus) / (2 * V), F_VV: FVV };
  }

  /** J_kl = δ_kl(1 + S_k) + X_k m_l Δ_kl / V. */
  private jacobian(V: number, g: number, J: Float64Array): void {
    const { ns, X, m, S, K } = this;
    for (let k = 0; k < ns; k++) {
      for (let l = 0; l < ns; l++) J[k * ns + l] = (X[k] * m[l] * g * K[k * ns + l]) / V + (k === l ? 1 + S[k] : 0);
    }
  }

  /** Adds the association contribution at total volume V (m3) and amounts n (mol) to `out`. */
  addTo(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void {
    const ns = this.ns;
    if (ns === 0) return;
    const nc = out.nc;
    const { g, eta } = this.solve(V, n);
    const { X, m, K, KT, KTT, owner, b } = this;
    const G = 1.9 / (1 - 1.9 * eta);
    let F = 0;
    let H = 0;
    for (let k = 0; k < ns; k++) {
      F += m[k] * (Math.log(X[k]) - X[k] / 2 + 0.5);
      H += m[k] * (1 - X[k]);
    }
    // U = Σ m m X X K', the temperature sum; Y_k = Σ_l m_l X_l K'_kl.
    const Y = new Float64Array(ns);
    let U = 0;
    for (let k = 0; k < ns; k++) {
      let s = 0;
      for (let l = 0; l < ns; l++) s += m[l] * X[l] * KT[k * ns + l];
      Y[k] = s;
      U += m[k] * X[k] * s;
    }
    out.F += F;
    out.F_V += (H * (1 + eta * G)) / (2 * V);
    const lnX = new Float64Array(nc);
    for (let k = 0; k < ns; k++) lnX[owner[k]] += Math.log(X[k]);
    for (let i = 0; i < nc; i++) out.F_n[i] += lnX[i] - (H * G * b[i]) / (8 * V);
    if (level === DerivLevel.Fugacity) return;

    out.F_T += (-g * U) / (2 * V);
    // dX/dθ = −J⁻¹ ∂r/∂θ for θ = V, T and each n_j (columns of a ns × (nc + 2) right-hand side).
    const J = new Float64Array(ns * ns);
    this.jacobian(V, g, J);
    const cols = nc + 2;
    const rhs = new Float64Array(ns * cols);
    for (let k = 0; k < ns; k++) {
      const Sk = this.S[k];
      rhs[k * cols] = -X[k] * Sk * (1 + eta * G) / V; // ∂r/∂V
      rhs[k * cols + 1] = (X[k] * g * Y[k]) / V; // ∂r/∂T
      for (let j = 0; j < nc; j++) {
        let s = 0;
        for (let l = 0; l < ns; l++) if (owner[l] === j) s += X[l] * K[k * ns + l];
        rhs[k * cols + 2 + j] = X[k] * ((g * s) / V + (Sk * G * b[j]) / (4 * V));
      }
    }
    // J⁻¹ ∂r/∂θ column by column on one factorisation; dX/dθ is its negative.
    const dX = new Float64Array(ns * cols);
    if (luFactor(J, ns, this.piv)) {
      const col = this.r;
      for (let c = 0; c < cols; c++) {
        for (let k = 0; k < ns; k++) col[k] = rhs[k * cols + c];
        luSolve(J, ns, this.piv, col, this.tmp);
        for (let k = 0; k < ns; k++) dX[k * cols + c] = col[k];
      }
    }
    const dXdV = (k: number) => -dX[k * cols];
    const dXdT = (k: number) => -dX[k * cols + 1];
    const dXdn = (k: number, j: number) => -dX[k * cols + 2 + j];

    // Partials of the first-derivative expressions at fixed X, then along the solution.
    const onePlus = 1 + eta * G;
    let FV_V = (-H * onePlus * onePlus) / (2 * V * V);
    let FT_T = 0;
    for (let k = 0; k < ns; k++) {
      let s = 0;
      for (let l = 0; l < ns; l++) s += m[l] * X[l] * KTT[k * ns + l];
      FT_T += m[k] * X[k] * s;
    }
    FT_T *= -g / (2 * V);
    let FT_V = ((U * g) / (2 * V * V)) * onePlus;
    for (let k = 0; k < ns; k++) {
      const FV_Xk = (-m[k] * onePlus) / (2 * V);
      const FT_Xk = (-g / V) * m[k] * Y[k];
      FV_V += FV_Xk * dXdV(k);
      FT_V += FT_Xk * dXdV(k);
      FT_T += FT_Xk * dXdT(k);
    }
    out.F_VV += FV_V;
    out.F_TV += FT_V;
    out.F_TT += FT_T;

    // F_ni = Σ_{k∈i} ln X_k − H G b_i/(8V): its X-partials are δ_{k∈i}/X_k + m_k G b_i/(8V).
    for (let i = 0; i < nc; i++) {
      let dT = 0;
      let dV = (b[i] * H * G * onePlus) / (8 * V * V);
      for (let k = 0; k < ns; k++) {
        const part = (owner[k] === i ? 1 / X[k] : 0) + (m[k] * G * b[i]) / (8 * V);
        dT += part * dXdT(k);
        dV += part * dXdV(k);
      }
      out.F_nT[i] += dT;
      out.F_nV[i] += dV;
    }
    if (level === DerivLevel.Caloric) return;

    // ∂H/∂n_j = Σ_{k∈j} (1 − X_k); dG/dη = G².
    const Hn = new Float64Array(nc);
    for (let k = 0; k < ns; k++) Hn[owner[k]] += 1 - X[k];
    for (let i = 0; i < nc; i++) {
      for (let j = 0; j < nc; j++) {
        let v = (-(Hn[j] * G + (H * G * G * b[j]) / (4 * V)) * b[i]) / (8 * V);
        for (let k = 0; k < ns; k++) {
          const part = (owner[k] === i ? 1 / X[k] : 0) + (m[k] * G * b[i]) / (8 * V);
          v += part * dXdn(k, j);
        }
        out.F_nn[i * nc + j] += v;
      }
    }
  }

  /** Site fractions at (V, n), for tests and reports. */
  siteFractions(V: number, n: ArrayLike<number>): Float64Array {
    this.solve(V, n);
    return Float64Array.from(this.X);
  }
}
