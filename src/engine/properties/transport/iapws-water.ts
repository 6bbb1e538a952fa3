/**
 * Viscosity and thermal conductivity of pure water (ordinary H2O) as functions of T and density:
 *   IAPWS R12-08 (2008), "Release on the IAPWS Formulation 2008 for the Viscosity of Ordinary
 *   Water Substance"; Huber, Perkins, Laesecke, Friend, Sengers, Assael, Metaxa, Vogel, Mareš &
 *   Miyagawa, J. Phys. Chem. Ref. Data 38 (2009) 101–125.
 *   IAPWS R15-11 (2011), "Release on the IAPWS Formulation 2011 for the Thermal Conductivity of
 *   Ordinary Water Substance"; Huber, Perkins, Friend, Sengers, Assael, Metaxa, Miyagawa, Hellmann
 *   & Vogel, J. Phys. Chem. Ref. Data 41 (2012) 033102.
 * Coefficients are those printed in the releases. Both need, for the critical enhancement, the
 * isothermal compressibility (∂ρ/∂p)_T at T and at T_R = 1.5 T_c (same density), and for the
 * conductivity also cp and cv: the caller supplies them from an equation of state (we use the
 * GERG-2008 pure-water equation, water-state.ts; the releases use IAPWS-95, so the enhancement
 * differs near the critical point by the EOS difference, see the check-value test).
 */

const T_STAR = 647.096; // K
const RHO_STAR = 322; // kg/m3
const P_STAR = 22.064e6; // Pa
/** Specific gas constant of water used by the 2011 release, J/(kg·K). */
const R_WATER = 461.51805;

/** Thermodynamic inputs of the correlations at one state. */
export interface WaterStateForTransport {
  /** K */
  T: number;
  /** kg/m3 */
  rho: number;
  /** (∂ρ/∂p)_T at T, kg/(m3·Pa); omit to drop the critical enhancements. */
  drhodp?: number;
  /** (∂ρ/∂p)_T at T_R = 1.5 T_c and the same density. */
  drhodpRef?: number;
  /** Isobaric and isochoric specific heat, J/(kg·K). */
  cp?: number;
  cv?: number;
}

/** Range of validity stated in the releases (both: 253.15 K … 1173.15 K, p ≤ 1000 MPa in the fluid). */
export const IAPWS_WATER_DOMAIN = { tMin: 253.15, tMax: 1173.15, pMax: 1000e6 } as const;

const H0 = [1.67752, 2.20462, 0.6366564, -0.241605] as const;
/** H_ij of 2008 eq. (12): row i multiplies (1/T̄ − 1)^i, column j multiplies (ρ̄ − 1)^j. */
const H1: readonly (readonly number[])[] = [
  [5.20094e-1, 2.22531e-1, -2.81378e-1, 1.61913e-1, -3.25372e-2, 0, 0],
  [8.50895e-2, 9.99115e-1, -9.06851e-1, 2.57399e-1, 0, 0, 0],
  [-1.08374, 1.88797, -7.72479e-1, 0, 0, 0, 0],
  [-2.89555e-1, 1.26613, -4.89837e-1, 0, 6.98452e-2, 0, -4.35673e-3],
  [0, 0, -2.5704e-1, 0, 0, 8.72102e-3, 0],
  [0, 1.20573e-1, 0, 0, 0, 0, -5.93264e-4],
];

const L0 = [2.443221e-3, 1.323095e-2, 6.770357e-3, -3.454586e-3, 4.096266e-4] as const;
/** L_ij of 2011 eq. (17): row i multiplies (1/T̄ − 1)^i, column j multiplies (ρ̄ − 1)^j. */
const L1: readonly (readonly number[])[] = [
  [1.60397357, -0.646013523, 0.111443906, 0.102997357, -0.0504123634, 0.00609859258],
  [2.33771842, -2.78843778, 1.53616167, -0.463045512, 0.0832827019, -0.00719201245],
  [2.19650529, -4.54580785, 3.55777244, -1.40944978, 0.275418278, -0.0205938816],
  [-1.21051378, 1.60812989, -0.621178141, 0.0716373224, 0, 0],
  [-2.720337, 4.57586331, -3.18369245, 1.1168348, -0.19268305, 0.012913842],
];

/** exp(ρ̄ Σ_i (1/T̄ − 1)^i Σ_j c_ij (ρ̄ − 1)^j) */
function residualFactor(c: readonly (readonly number[])[], tBar: number, rhoBar: number): number {
  const a = 1 / tBar - 1;
  const b = rhoBar - 1;
  let sum = 0;
  let ai = 1;
  for (const row of c) {
    let inner = 0;
    let bj = 1;
    for (const cij of row) {
      inner += cij * bj;
      bj *= b;
    }
    sum += ai * inner;
    ai *= a;
  }
  return Math.exp(rhoBar * sum);
}

/** Δχ̄ = ρ̄ [ζ(T̄, ρ̄) − ζ(T̄_R, ρ̄) T̄_R/T̄], ζ = (∂ρ̄/∂p̄)_T; 0 without compressibilities. */
function deltaChi(s: WaterStateForTransport, tBar: number, rhoBar: number): number {
  if (s.drhodp === undefined || s.drhodpRef === undefined) return 0;
  const scale = P_STAR / RHO_STAR;
  const zeta = s.drhodp * scale;
  const zetaR = s.drhodpRef * scale;
  // A negative compressibility (unstable EOS root) carries no enhancement.
  const d = rhoBar * ((zeta >= 0 ? zeta : 1e13) - (zetaR * 1.5) / tBar);
  return d > 0 ? d : 0;
}

/** Correlation length ξ, nm (ξ0 = 0.13 nm, Γ0 = 0.06, ν = 0.630, γ = 1.239). */
function correlationLength(dChi: number): number {
  return dChi > 0 ? 0.13 * Math.pow(dChi / 0.06, 0.63 / 1.239) : 0;
}

/** Y(ξ) of the viscosity critical enhancement (2008 eqs. 15–19; qC⁻¹ = 1.9 nm, qD⁻¹ = 1.1 nm). */
function viscosityY(xi: number): number {
  const qc = 1 / 1.9;
  const qd = 1 / 1.1;
  if (xi <= 0) return 0;
  const cx = qc * xi;
  const dx = qd * xi;
  if (xi <= 0.3817016416) {
    return 0.2 * cx * Math.pow(dx, 5) * (1 - cx + cx * cx - (765 / 504) * dx * dx);
  }
  const psiD = Math.acos(1 / Math.sqrt(1 + dx * dx));
  const w = Math.sqrt(Math.abs((cx - 1) / (cx + 1))) * Math.tan(psiD / 2);
  const Lw = cx > 1 ? Math.log((1 + w) / (1 - w)) : 2 * Math.atan(Math.abs(w));
  return (
    Math.sin(3 * psiD) / 12 -
    Math.sin(2 * psiD) / (4 * cx) +
    ((1 - 1.25 * cx * cx) * Math.sin(psiD)) / (cx * cx) -
    ((1 - 1.5 * cx * cx) * psiD - Math.pow(Math.abs(cx * cx - 1), 1.5) * Lw) / (cx * cx * cx)
  );
}

/** Viscosity of water, Pa·s (IAPWS 2008, eq. 10: μ̄ = μ̄0 μ̄1 μ̄2). */
export function iapwsWaterViscosity(s: WaterStateForTransport): number {
  const tBar = s.T / T_STAR;
  const rhoBar = s.rho / RHO_STAR;
  let den = 0;
  for (let i = 0; i < H0.length; i++) den += H0[i] / Math.pow(tBar, i);
  const mu0 = (100 * Math.sqrt(tBar)) / den;
  const mu1 = residualFactor(H1, tBar, rhoBar);
  const mu2 = Math.exp(0.068 * viscosityY(correlationLength(deltaChi(s, tBar, rhoBar))));
  return mu0 * mu1 * mu2 * 1e-6;
}

/** Thermal conductivity of water, W/(m·K) (IAPWS 2011, eq. 10: λ̄ = λ̄0 λ̄1 + λ̄2). */
export function iapwsWaterConductivity(s: WaterStateForTransport): number {
  const tBar = s.T / T_STAR;
  const rhoBar = s.rho / RHO_STAR;
  let den = 0;
  for (let k = 0; k < L0.length; k++) den += L0[k] / Math.pow(tBar, k);
  const lambda0 = Math.sqrt(tBar) / den;
  const lambda1 = residualFactor(L1, tBar, rhoBar);
  let lambda2 = 0;
  if (s.cp !== undefined && s.cv !== undefined) {
    const y = correlationLength(deltaChi(s, tBar, rhoBar)) / 0.4; // q̄D ξ with qD⁻¹ = 0.40 nm
    if (y >= 1.2e-7) {
      const cp = s.cp < 0 || s.cp > 1e13 ? 1e13 : s.cp;
      const kappaInv = s.cv / cp;
      const Z =
        (2 / (Math.PI * y)) *
        ((1 - kappaInv) * Math.atan(y) + kappaInv * y - (1 - Math.exp(-1 / (1 / y + (y * y) / (3 * rhoBar * rhoBar)))));
      const muBar = iapwsWaterViscosity(s) / 1e-6;
      lambda2 = (177.8514 * rhoBar * (cp / R_WATER) * tBar * Z) / muBar;
    }
  }
  return (lambda0 * lambda1 + lambda2) * 1e-3;
}
