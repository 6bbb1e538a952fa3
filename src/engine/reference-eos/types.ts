/**
 * Shapes shared by the reference equations (GERG-2008, AGA8 DETAIL). Internally the models work
 * in the units of AGA Report No. 8 and its reference code (K, kPa, mol/L, J/mol), which keeps
 * results bit-comparable with published test values; ./index.ts converts to SI at the boundary.
 */

/** Residual Helmholtz derivatives, model-specific normalisation (see each model). */
export type ResidualDerivs = Float64Array;

/** Properties at (T, D), reference units. */
export interface ModelProperties {
  /** kPa */
  P: number;
  Z: number;
  /** kPa/(mol/L) */
  dPdD: number;
  /** kPa/(mol/L)² */
  d2PdD2: number;
  /** kPa/(mol/L)/K */
  d2PdTD: number;
  /** kPa/K */
  dPdT: number;
  /** J/mol, on the model's ideal-gas datum (H = 0, S = 0 for the ideal gas at 298.15 K, 101.325 kPa) */
  U: number;
  H: number;
  /** J/(mol K) */
  S: number;
  G: number;
  A: number;
  /**
   * Residual (departure) functions, datum-free: h − h°(T), s − s°(T, P), g − g°(T, P) = RT ln φ.
   * Sres and Gres need P > 0 (they are NaN here otherwise; the API turns that into null).
   */
  Hres: number;
  Sres: number;
  Gres: number;
  Cv: number;
  Cp: number;
  /** m/s */
  W: number;
  /** K/kPa */
  JT: number;
  /** isentropic exponent, − */
  kappa: number;
}

/** Output of a density iteration in reference units. */
export type DensitySolve =
  | { ok: true; D: number; iterations: number }
  | { ok: false; reason: 'not-converged' | 'two-phase-check'; iterations: number; message: string };
