/**
 * Chung, Ajlan, Lee & Starling dense-fluid method for viscosity and thermal conductivity,
 * used where the original's defaults (PFCT, aqueous correlations) leave their validity domain:
 *   T.-H. Chung, M. Ajlan, L. L. Lee, K. E. Starling, Ind. Eng. Chem. Res. 27 (1988) 671–679,
 *   as set out in Poling, Prausnitz & O'Connell, The Properties of Gases and Liquids, 5th ed.
 *   (2001): viscosity eqs. 9-4.10 and 9-6.18…9-6.21 with Table 9-6 (coefficients E1…E10),
 *   conductivity eqs. 10-3.14 and 10-5.5 with Table 10-3 (B1…B7), mixing rules eqs. 9-5.24…9-5.44.
 * Collision integral Ω(2,2)* of the Lennard-Jones 12-6 potential: Neufeld, Janzen & Aziz,
 * J. Chem. Phys. 57 (1972) 1100 (fit valid for 0.3 ≤ T* ≤ 100).
 *
 * Chung's molecular parameters come from critical constants: σ = 0.809 Vc^⅓ (Å, Vc in cm³/mol),
 * ε/k = Tc/1.2593. Quantum gases (He, H2, Ne) have critical volumes inflated by zero-point motion,
 * so for them we use the published Lennard-Jones parameters from viscosity data (Svehla, NASA
 * TR R-132 (1962), as tabulated in Poling et al. Appendix B) and treat them as spherical (ω = 0);
 * then the dilute-gas limit is exactly Chapman–Enskog with those parameters. Polar corrections
 * (reduced dipole μr and association factor κ) are applied for the few polar components whose
 * dipole moments and κ are tabulated in Poling et al. (the COMP.csv dipole column holds
 * placeholders for many records and is not used).
 */
import { R } from '../../eos/constants.js';
import type { ComponentData } from '../../components/types.js';
import type { TransportPhaseInput } from './types.js';

/** Published Lennard-Jones parameters of the quantum gases (Svehla 1962 via Poling et al. App. B). */
export const QUANTUM_GAS_LJ: Readonly<Record<string, { sigmaA: number; epsK: number }>> = {
  helium: { sigmaA: 2.551, epsK: 10.22 },
  hydrogen: { sigmaA: 2.827, epsK: 59.7 },
  neon: { sigmaA: 2.82, epsK: 32.8 },
};

/** Dipole moment (debye) and Chung association factor κ (κ: Poling et al. Table 9-1; dipole moments: App. A). */
const POLAR: Readonly<Record<string, { dipole: number; kappa: number }>> = {
  water: { dipole: 1.8, kappa: 0.075908 },
  methanol: { dipole: 1.7, kappa: 0.215175 },
  ethanol: { dipole: 1.7, kappa: 0.174823 },
  '1-propanol': { dipole: 1.7, kappa: 0.143453 },
  'i-propanol': { dipole: 1.7, kappa: 0.143453 },
  acetone: { dipole: 2.9, kappa: 0 },
  H2S: { dipole: 0.9, kappa: 0 },
};

/** Per-component Chung parameters. */
interface ChungComponent {
  sigma: number; // Å
  eps: number; // K
  omega: number;
  dipole: number; // debye
  kappa: number;
  M: number; // g/mol
}

function chungComponent(c: ComponentData): ChungComponent {
  const lj = QUANTUM_GAS_LJ[c.name];
  const polar = POLAR[c.name];
  const vcCm3 = c.vc * 1e6;
  return {
    sigma: lj ? lj.sigmaA : 0.809 * Math.cbrt(vcCm3),
    eps: lj ? lj.epsK : c.tc / 1.2593,
    omega: lj ? 0 : c.omega,
    dipole: polar?.dipole ?? 0,
    kappa: polar?.kappa ?? 0,
    M: c.molarMass * 1e3,
  };
}

/** Ω(2,2)* of the LJ 12-6 potential (Neufeld et al. 1972). */
export function collisionIntegral22(tStar: number): number {
  return 1.16145 * Math.pow(tStar, -0.14874) + 0.52487 * Math.exp(-0.7732 * tStar) + 2.16178 * Math.exp(-2.43787 * tStar);
}

/** Pseudo-pure parameters of a mixture by Chung's rules (pure fluid: the component's own). */
export interface ChungMixture {
  /** Å, K, -, g/mol, cm³/mol, K */
  sigma: number;
  eps: number;
  omega: number;
  M: number;
  vc: number;
  tc: number;
  /** Reduced dipole moment and association factor. */
  muR: number;
  kappa: number;
  /** Ideal-gas Cv of the mixture, J/(mol·K). */
  cv0: number;
}

export function chungMixture(p: TransportPhaseInput): ChungMixture {
  const n = p.components.length;
  const cs = p.components.map(chungComponent);
  let xs = 0;
  for (let i = 0; i < n; i++) xs += p.x[i];
  let s3 = 0;
  let e3 = 0;
  let w3 = 0;
  let mTerm = 0;
  let kap = 0;
  let dip = 0;
  for (let i = 0; i < n; i++) {
    const xi = p.x[i] / xs;
    if (xi === 0) continue;
    for (let j = 0; j < n; j++) {
      const xj = p.x[j] / xs;
      if (xj === 0) continue;
      const a = cs[i];
      const b = cs[j];
      const sij = Math.sqrt(a.sigma * b.sigma);
      const eij = Math.sqrt(a.eps * b.eps);
      const sij3 = sij * sij * sij;
      const xx = xi * xj;
      s3 += xx * sij3;
      e3 += xx * eij * sij3;
      w3 += xx * ((a.omega + b.omega) / 2) * sij3;
      const mij = (2 * a.M * b.M) / (a.M + b.M);
      mTerm += xx * eij * sij * sij * Math.sqrt(mij);
      kap += xx * Math.sqrt(a.kappa * b.kappa);
      dip += (xx * a.dipole * a.dipole * b.dipole * b.dipole) / sij3;
    }
  }
  const sigma = Math.cbrt(s3);
  const eps = e3 / s3;
  const omega = w3 / s3;
  const M = Math.pow(mTerm / (eps * sigma * sigma), 2);
  const vc = Math.pow(sigma / 0.809, 3);
  const tc = 1.2593 * eps;
  const dipole = Math.pow(s3 * dip, 0.25);
  let cp0 = 0;
  const T = p.temperature;
  for (let i = 0; i < n; i++) {
    const c = p.components[i].cpIdeal;
    cp0 += (p.x[i] / xs) * (c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e))));
  }
  return { sigma, eps, omega, M, vc, tc, muR: (131.3 * dipole) / Math.sqrt(vc * tc), kappa: kap, cv0: cp0 - R };
}

const VISC_E = [
  [6.324, 50.412, -51.68, 1189.0],
  [1.21e-3, -1.154e-3, -6.257e-3, 0.03728],
  [5.283, 254.209, -168.48, 3898.0],
  [6.623, 38.096, -8.464, 31.42],
  [19.745, 7.63, -14.354, 31.53],
  [-1.9, -12.537, 4.985, -18.15],
  [24.275, 3.45, -11.291, 69.35],
  [0.7972, 1.117, 0.01235, -4.117],
  [-0.2382, 0.0677, -0.8163, 4.025],
  [0.06863, 0.3479, 0.5926, -0.727],
] as const;

const COND_B = [
  [2.4166, 0.74824, -0.91858, 121.72],
  [-0.50924, -1.5094, -49.991, 69.983],
  [6.6107, 5.6207, 64.76, 27.039],
  [14.543, -8.9139, -5.6379, 74.344],
  [0.79274, 0.82019, -0.69369, 6.3173],
  [-5.8634, 12.801, 9.5893, 65.529],
  [81.171, 114.16, -54.217, 523.81],
] as const;

function coefficients(table: readonly (readonly number[])[], m: ChungMixture): number[] {
  const mu4 = m.muR ** 4;
  return table.map((r) => r[0] + r[1] * m.omega + r[2] * mu4 + r[3] * m.kappa);
}

/** Reduced density y = ρ Vc / 6 (ρ in mol/cm³). */
function reducedDensity(p: TransportPhaseInput, m: ChungMixture): number {
  const molPerCm3 = (p.density / p.molarMass) * 1e-6;
  return (molPerCm3 * m.vc) / 6;
}

function g1(y: number): number {
  return (1 - 0.5 * y) / Math.pow(1 - y, 3);
}

/** (1 − e^(−a·y))/y, with its y → 0 limit a. */
function expOverY(a: number, y: number): number {
  return y < 1e-12 ? a : -Math.expm1(-a * y) / y;
}

/** Reduced temperature T* = kT/ε of the mixture. */
export function chungReducedTemperature(T: number, m: ChungMixture): number {
  return T / m.eps;
}

/** Low-density (Chapman–Enskog with Chung's Fc) viscosity, Pa·s. */
export function chungDiluteViscosity(T: number, m: ChungMixture): number {
  const fc = 1 - 0.2756 * m.omega + 0.059035 * m.muR ** 4 + m.kappa;
  // 26.69 √(MT)/(σ² Ω) µP is 40.785 √(MT)/(Vc^⅔ Ω) with σ = 0.809 Vc^⅓.
  return (1e-7 * 26.69 * fc * Math.sqrt(m.M * T)) / (m.sigma * m.sigma * collisionIntegral22(T / m.eps));
}

/** Viscosity at the phase density, Pa·s (Poling et al. eqs. 9-6.18…9-6.21). */
export function chungViscosity(p: TransportPhaseInput, m: ChungMixture): number {
  const T = p.temperature;
  const E = coefficients(VISC_E, m);
  const y = reducedDensity(p, m);
  const G1 = g1(y);
  const G2 = (E[0] * expOverY(E[3], y) + E[1] * G1 * Math.exp(E[4] * y) + E[2] * G1) / (E[0] * E[3] + E[1] + E[2]);
  const tStar = T / m.eps;
  const muDense = E[6] * y * y * G2 * Math.exp(E[7] + E[8] / tStar + E[9] / (tStar * tStar));
  const fc = 1 - 0.2756 * m.omega + 0.059035 * m.muR ** 4 + m.kappa;
  const omegaV = collisionIntegral22(tStar);
  const muStar = (Math.sqrt(tStar) / omegaV) * fc * (1 / G2 + E[5] * y) + muDense;
  // μ = μ* · 36.344 √(M Tc)/Vc^⅔ µP
  return (1e-7 * muStar * 36.344 * Math.sqrt(m.M * m.tc)) / Math.pow(m.vc, 2 / 3);
}

/** Thermal conductivity at the phase density, W/(m·K) (Poling et al. eqs. 10-3.14, 10-5.5). */
export function chungConductivity(p: TransportPhaseInput, m: ChungMixture): number {
  const T = p.temperature;
  const Mkg = m.M / 1e3;
  const tr = T / m.tc;
  const alpha = Math.max(0, m.cv0 / R - 1.5);
  const beta = 0.7862 - 0.7109 * m.omega + 1.3168 * m.omega * m.omega;
  const Z = 2 + 10.5 * tr * tr;
  const psi = 1 + (alpha * (0.215 + 0.28288 * alpha - 1.061 * beta + 0.26665 * Z)) / (0.6366 + beta * Z + 1.061 * alpha * beta);
  const B = coefficients(COND_B, m);
  const y = reducedDensity(p, m);
  const G1 = g1(y);
  const H2 = (B[0] * expOverY(B[3], y) + B[1] * G1 * Math.exp(B[4] * y) + B[2] * G1) / (B[0] * B[3] + B[1] + B[2]);
  const mu0 = chungDiluteViscosity(T, m);
  const q = (3.586e-3 * Math.sqrt(m.tc / Mkg)) / Math.pow(m.vc, 2 / 3);
  // 31.2 = 3.75 R: the dilute limit is the Eucken-type 15/4 (R/M) μ0 Ψ.
  return ((3.75 * R * mu0 * psi) / Mkg) * (1 / H2 + B[5] * y) + q * B[6] * y * y * Math.sqrt(tr) * H2;
}
