/**
 * The model interface every equation of state implements. A model supplies the reduced residual
 * Helmholtz energy F(T, V, n) = A^r/(R·T) and its analytic derivatives; fugacities, H, S, Cp, Cv,
 * speed of sound, JT and the flash Jacobian are derived from it generically (see
 * ../properties/thermo.ts and ../flash/). Models are immutable and re-entrant: all per-call
 * scratch lives in objects the caller owns.
 */
import type { ComponentData } from '../components/types.js';

/** How many derivatives residual() must fill in. */
export const DerivLevel = {
  /** F, F_V, F_n (pressure and fugacity). */
  Fugacity: 0,
  /** + F_T, F_TT, F_TV, F_VV, F_nT, F_nV (caloric properties, ln φ derivatives in T, P). */
  Caloric: 1,
  /** + F_nn (composition derivatives: Newton flash, stability). */
  Composition: 2,
} as const;
export type DerivLevel = (typeof DerivLevel)[keyof typeof DerivLevel];

/**
 * Reduced residual Helmholtz energy F = A^r/(RT) of a phase with total volume V (m3) holding
 * n (mol) and its partial derivatives (SI). Arrays have length nc; F_nn is row-major nc×nc.
 */
export class ResidualDerivatives {
  F = 0;
  F_V = 0;
  F_T = 0;
  F_TT = 0;
  F_TV = 0;
  F_VV = 0;
  readonly F_n: Float64Array;
  readonly F_nT: Float64Array;
  readonly F_nV: Float64Array;
  readonly F_nn: Float64Array;
  constructor(readonly nc: number) {
    this.F_n = new Float64Array(nc);
    this.F_nT = new Float64Array(nc);
    this.F_nV = new Float64Array(nc);
    this.F_nn = new Float64Array(nc * nc);
  }
}

/** Which volume root a phase calculation asks for. */
export type RootChoice = 'vapor' | 'liquid' | 'stable';

/** A model evaluated at one temperature: temperature-only terms are computed once and reused. */
export interface ModelAtT {
  readonly T: number;
  readonly nc: number;
  /**
   * Molar volume (m3/mol) at pressure P (Pa) for mole fractions x, for the requested root
   * ('stable' = the root of lower Gibbs energy). Returns NaN when no root exists.
   */
  molarVolume(P: number, x: ArrayLike<number>, root: RootChoice): number;
  /**
   * ln φ_i at (T, P, x) for the requested root, written into lnPhi. Returns the molar volume
   * (m3/mol) of the root used. The fast path used in flash inner loops.
   */
  lnPhi(P: number, x: ArrayLike<number>, root: RootChoice, lnPhi: Float64Array): number;
  /** Residual Helmholtz derivatives for total volume V (m3) and amounts n (mol). */
  residual(V: number, n: ArrayLike<number>, level: DerivLevel, out: ResidualDerivatives): void;
  /** Mixture co-volume b = Σ x_i b_i (m3/mol), for V/b phase labelling. */
  covolume(x: ArrayLike<number>): number;
}

/** A thermodynamic model for one fixed set of components (one "fluid"). */
export interface ThermoModel {
  /** 'SRK', 'PR', … */
  readonly name: string;
  readonly components: readonly ComponentData[];
  readonly nc: number;
  atTemperature(T: number): ModelAtT;
  /** Volume shift c_i(T) (m3/mol) subtracted from the EOS volume for reported densities; 0 when off. */
  volumeShift(i: number, T: number): number;
  /** Whether reported densities use the volume shift (Peneloux on for cubics, off for GERG). */
  readonly usesVolumeShift: boolean;
  /**
   * The model's own ideal-gas part, for a model that has one (GERG-2008): writes for component i at
   * T the ideal-gas enthalpy (J/mol), the temperature part of its entropy at 1.01325 bar without
   * the mixing term (J/(mol·K)) and Cp0 (J/(mol·K)) into out[0..2], on the model's datum. Without
   * it, properties use the component database's Cp0 polynomial on the original's datum.
   */
  idealGas?(i: number, T: number, out: Float64Array): void;
}
