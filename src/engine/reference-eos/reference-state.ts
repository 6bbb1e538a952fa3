/**
 * Model-independent part of a (T, P) or (T, D) state calculation for the Helmholtz-explicit
 * reference equations: validation, the density search modes, the choice between gas-like and
 * liquid-like roots, range warnings and the conversion to SI.
 */
import { createDetailFluid, detailPressure, detailProperties, type DetailFluid } from './aga8-detail.js';
import { R_DETAIL } from './aga8-detail-data.js';
import { fail, parseComposition, type ReferenceEosError, type ReferenceEosWarning } from './components.js';
import { solveDensity, solveLiquidDensity, type DensitySearch } from './density-solver.js';
import { createGergFluid, gergPressure, gergProperties, type GergFluid } from './gerg2008.js';
import { R_GERG } from './gerg2008-data.js';
import type { ModelProperties } from './types.js';

export type ReferenceModel = 'GERG-2008' | 'AGA8-DETAIL';

/**
 * How the density root is searched for at (T, P):
 * - 'gas' (default): from the ideal-gas density, with restarts on failure (reference code, iFlag 0);
 * - 'gas-checked': as 'gas', then rejects states with signs of a two-phase/metastable solution
 *   (dP/dρ, ∂²P/∂T∂ρ, cv, cp or w not positive) (iFlag 1);
 * - 'liquid': starts at 3× the pseudo-critical density, same checks (iFlag 2);
 * - 'stable': solves from both starts and, where they give different roots, returns the one with
 *   the lower Gibbs energy (the stable single phase of the two; phase splitting is not checked).
 */
export type DensitySearchMode = 'gas' | 'gas-checked' | 'liquid' | 'stable';

export interface ReferenceStateOptions {
  densitySearch?: DensitySearchMode;
  /** Start value of the density iteration, mol/m³ (e.g. the previous state's density). */
  initialDensity?: number;
}

export interface ReferenceState {
  ok: true;
  model: ReferenceModel;
  /** K */
  T: number;
  /** Pa */
  P: number;
  /** mol/m³ */
  density: number;
  /** kg/m³ */
  massDensity: number;
  /** kg/mol */
  molarMass: number;
  Z: number;
  /** ∂P/∂ρ at constant T, Pa·m³/mol */
  dPdD: number;
  /** ∂²P/∂ρ² at constant T, Pa·m⁶/mol² */
  d2PdD2: number;
  /** ∂²P/∂T∂ρ, Pa·m³/(mol·K) */
  d2PdTD: number;
  /** ∂P/∂T at constant ρ, Pa/K */
  dPdT: number;
  /** J/mol, on the model's ideal-gas datum (ideal gas at 298.15 K and 101.325 kPa: H = 0, S = 0): compare differences only */
  U: number;
  H: number;
  G: number;
  /** Helmholtz energy, J/mol (same datum) */
  A: number;
  /** J/(mol·K) (same datum) */
  S: number;
  /**
   * Residual (departure) properties at the same T and P, independent of any datum: Hres = h − h°(T),
   * Sres = s − s°(T, P), Gres = g − g°(T, P) = RT·ln φ of the mixture as a whole. J/mol, J/(mol·K).
   * Add them to another model's ideal-gas h°, s° to combine datums. Sres and Gres are null where
   * P ≤ 0 (a liquid under tension, reachable only through a (T, ρ) input): no ideal gas at that P.
   */
  Hres: number;
  Sres: number | null;
  Gres: number | null;
  /** J/(mol·K) */
  Cv: number;
  Cp: number;
  /** speed of sound, m/s (0 where the state is mechanically unstable) */
  w: number;
  /** Joule–Thomson coefficient, K/Pa */
  JT: number;
  /** isentropic exponent (ρ/P)(∂P/∂ρ)_s, − */
  kappa: number;
  /** vapor-like below the pseudo-critical density (mole-fraction average of critical volumes), liquid-like above; not a phase-equilibrium result */
  phaseHint: 'vapor-like' | 'liquid-like';
  /** density iterations used (0 for (T, ρ) inputs) */
  iterations: number;
  /** number of distinct density roots found ('stable' search only; 1 otherwise) */
  roots: number;
  warnings: ReferenceEosWarning[];
}

/** P and ∂P/∂ρ of the current density iterate (transient, filled before each read). */
const scratch = new Float64Array(2);

/** A composition folded once for one model; reuse it for many (T, P) states. */
export type PreparedFluid =
  | { ok: true; model: 'GERG-2008'; fluid: GergFluid; normalized: boolean }
  | { ok: true; model: 'AGA8-DETAIL'; fluid: DetailFluid; normalized: boolean };

export function prepareFluid(model: ReferenceModel, composition: Record<string, number>): PreparedFluid | ReferenceEosError {
  const parsed = parseComposition(composition);
  if (!parsed.ok) return parsed;
  return model === 'GERG-2008'
    ? { ok: true, model, fluid: createGergFluid(parsed.x), normalized: parsed.normalized }
    : { ok: true, model, fluid: createDetailFluid(parsed.x), normalized: parsed.normalized };
}

/** Validity ranges used for EXTRAPOLATION warnings (K, kPa). */
const RANGES: Record<ReferenceModel, { tMin: number; tMax: number; pMax: number; text: string }> = {
  // Kunz & Wagner 2012, Sect. 1.3: normal range 90–450 K, ≤ 35 MPa; extended 60–700 K, ≤ 70 MPa.
  'GERG-2008': { tMin: 90, tMax: 450, pMax: 35000, text: 'GERG-2008 normal range 90–450 K, p ≤ 35 MPa' },
  // AGA Report No. 8 Part 1: 143–673 K, ≤ 280 MPa (best accuracy 250–350 K, ≤ 12 MPa).
  'AGA8-DETAIL': { tMin: 143, tMax: 673, pMax: 280000, text: 'AGA8 DETAIL range 143–673 K, p ≤ 280 MPa' },
};

function checkT(T: number): ReferenceEosError | undefined {
  if (typeof T !== 'number' || !Number.isFinite(T) || T <= 0) {
    return fail('INVALID_INPUT', `temperature must be a finite number > 0 K (got ${String(T)})`, 'Give the absolute temperature in kelvin.', 'T');
  }
  return undefined;
}

function rangeWarnings(model: ReferenceModel, T: number, PkPa: number, normalized: boolean): ReferenceEosWarning[] {
  const w: ReferenceEosWarning[] = [];
  const r = RANGES[model];
  if (T < r.tMin || T > r.tMax || PkPa > r.pMax) {
    w.push({ code: 'EXTRAPOLATION', message: `state ${T} K, ${PkPa / 1000} MPa is outside the ${r.text}; uncertainty is larger there` });
  }
  if (normalized) w.push({ code: 'COMPOSITION_NORMALIZED', message: 'mole fractions did not sum to 1 and were normalised' });
  return w;
}

interface ModelOps {
  R: number;
  Dcx: number;
  pressure: (T: number, D: number, out: Float64Array) => void;
  properties: (T: number, D: number) => ModelProperties;
  molarMass: number;
}

function ops(p: PreparedFluid): ModelOps {
  if (p.model === 'GERG-2008') {
    const f = p.fluid;
    return { R: R_GERG, Dcx: f.Dcx, molarMass: f.molarMass, pressure: (T, D, out) => gergPressure(f, T, D, out), properties: (T, D) => gergProperties(f, T, D) };
  }
  const f = p.fluid;
  return { R: R_DETAIL, Dcx: f.Dcx, molarMass: f.molarMass, pressure: (T, D, out) => detailPressure(f, T, D, out), properties: (T, D) => detailProperties(f, T, D) };
}

function toSI(model: ReferenceModel, T: number, D: number, Mm: number, Dcx: number, pr: ModelProperties, iterations: number, roots: number, warnings: ReferenceEosWarning[]): ReferenceState | ReferenceEosError {
  const finite =
    Number.isFinite(pr.P) && Number.isFinite(pr.Z) && Number.isFinite(pr.dPdD) && Number.isFinite(pr.d2PdD2) &&
    Number.isFinite(pr.d2PdTD) && Number.isFinite(pr.dPdT) && Number.isFinite(pr.U) && Number.isFinite(pr.H) &&
    Number.isFinite(pr.S) && Number.isFinite(pr.G) && Number.isFinite(pr.A) && Number.isFinite(pr.Cv) &&
    Number.isFinite(pr.Cp) && Number.isFinite(pr.W) && Number.isFinite(pr.JT) && Number.isFinite(pr.kappa) &&
    Number.isFinite(pr.Hres) && (Number.isFinite(pr.Gres) || !(pr.P > 0));
  if (!finite) {
    return fail('INVALID_INPUT', `${model} gives non-finite properties at T = ${T} K, ρ = ${D * 1000} mol/m³`, 'The state is outside the range where the equation can be evaluated.');
  }
  if (!(pr.dPdD > 0)) {
    warnings.push({ code: 'TWO_PHASE_UNCERTAINTY', message: 'state is mechanically unstable (∂P/∂ρ ≤ 0): inside the spinodal, no single-phase state exists here' });
  }
  return {
    ok: true,
    model,
    T,
    P: pr.P * 1000,
    density: D * 1000,
    massDensity: D * Mm,
    molarMass: Mm / 1000,
    Z: pr.Z,
    dPdD: pr.dPdD,
    d2PdD2: pr.d2PdD2 / 1000,
    d2PdTD: pr.d2PdTD,
    dPdT: pr.dPdT * 1000,
    U: pr.U,
    H: pr.H,
    G: pr.G,
    A: pr.A,
    S: pr.S,
    Hres: pr.Hres,
    Sres: pr.P > 0 ? pr.Sres : null,
    Gres: pr.P > 0 ? pr.Gres : null,
    Cv: pr.Cv,
    Cp: pr.Cp,
    w: pr.W,
    JT: pr.JT / 1000,
    kappa: pr.kappa,
    phaseHint: D < Dcx ? 'vapor-like' : 'liquid-like',
    iterations,
    roots,
    warnings,
  };
}

const nonPositive = (p: ModelProperties): boolean => !(p.P > 0 && p.dPdD > 0 && p.d2PdTD > 0 && p.Cv > 0 && p.Cp > 0 && p.W > 0);

/** State at temperature T (K) and pressure P (Pa) for a prepared fluid. */
export function stateAtPressure(p: PreparedFluid, T: number, P: number, opts: ReferenceStateOptions = {}): ReferenceState | ReferenceEosError {
  const bad = checkT(T);
  if (bad) return bad;
  if (typeof P !== 'number' || !Number.isFinite(P) || P <= 0) {
    return fail('INVALID_INPUT', `pressure must be a finite number > 0 Pa (got ${String(P)})`, 'Give the absolute pressure in pascal.', 'P');
  }
  const mode = opts.densitySearch ?? 'gas';
  if (!['gas', 'gas-checked', 'liquid', 'stable'].includes(mode)) {
    return fail('INVALID_INPUT', `unknown densitySearch "${String(mode)}"`, "Use 'gas', 'gas-checked', 'liquid' or 'stable'.", 'densitySearch');
  }
  if (opts.initialDensity !== undefined && !(Number.isFinite(opts.initialDensity) && opts.initialDensity > 0)) {
    return fail('INVALID_INPUT', 'initialDensity must be a finite number > 0 mol/m³', 'Omit it or give a positive density.', 'initialDensity');
  }
  const m = ops(p);
  const PkPa = P / 1000;
  const pressure = (D: number, out: Float64Array): void => m.pressure(T, D, out);
  const gasSearch = (initial?: number) => {
    const s: DensitySearch = {
      idealDensity: PkPa / m.R / T,
      Dcx: m.Dcx,
      initial,
      tolerance: 1e-11,
      maxIterations: p.model === 'GERG-2008' ? 50 : 20,
      restarts: p.model === 'GERG-2008',
    };
    return solveDensity(PkPa, pressure, s, scratch);
  };
  const liquidSearch = (initial?: number) => solveLiquidDensity(PkPa, pressure, initial ?? 3 * m.Dcx, 200, scratch);
  const initial = opts.initialDensity !== undefined ? opts.initialDensity / 1000 : undefined;
  let sol = mode === 'liquid' ? liquidSearch(initial) : gasSearch(initial);
  let roots = 1;
  if (mode === 'stable') {
    const other = liquidSearch();
    if (sol.ok && other.ok && Math.abs(other.D - sol.D) > 1e-7 * sol.D) {
      roots = 2;
      // A root that fails the single-phase checks (a spurious root of the short equations inside
      // the two-phase region) loses against one that passes; otherwise the lower Gibbs energy wins.
      const pg = m.properties(T, sol.D);
      const badGas = nonPositive(pg);
      const gGas = pg.G;
      const pl = m.properties(T, other.D);
      const badLiq = nonPositive(pl);
      const liquidWins = badGas !== badLiq ? badGas : pl.G < gGas;
      if (liquidWins) sol = { ...other, iterations: other.iterations + sol.iterations };
    } else if (!sol.ok && other.ok) {
      sol = other;
    }
  } else if (!sol.ok) {
    // Fall back on the other branch's search before giving up.
    const other = mode === 'liquid' ? gasSearch() : liquidSearch();
    if (other.ok) sol = { ...other, iterations: other.iterations + sol.iterations };
  }
  if (!sol.ok) {
    return fail(
      'DENSITY_NOT_CONVERGED',
      `${p.model} density iteration failed at T = ${T} K, P = ${P} Pa: ${sol.message}`,
      "The state may be two-phase or outside the model's range; try densitySearch 'liquid' or 'stable', or give initialDensity.",
    );
  }
  const pr = m.properties(T, sol.D);
  if (mode !== 'gas' && nonPositive(pr)) {
    return fail(
      'POSSIBLE_TWO_PHASE',
      `${p.model} root at ${sol.D * 1000} mol/m³ fails the single-phase checks (∂P/∂ρ, ∂²P/∂T∂ρ, cv, cp, w must be positive)`,
      'The state is probably two-phase or metastable; run a phase-equilibrium flash instead.',
    );
  }
  const warnings = rangeWarnings(p.model, T, PkPa, p.normalized);
  if (nonPositive(pr)) {
    // Only reachable in 'gas' mode (the reference behaviour returns such roots unchecked).
    warnings.push({
      code: 'MODEL_LIMITATION',
      message: `${p.model} root at ${sol.D * 1000} mol/m³ has non-positive ∂P/∂ρ, ∂²P/∂T∂ρ, cv, cp or w: a metastable/two-phase state or outside the equation's validity; do not use its caloric properties`,
    });
  }
  return toSI(p.model, T, sol.D, m.molarMass, m.Dcx, pr, sol.iterations, roots, warnings);
}

/** State at temperature T (K) and molar density D (mol/m³) for a prepared fluid. */
export function stateAtDensity(p: PreparedFluid, T: number, D: number): ReferenceState | ReferenceEosError {
  const bad = checkT(T);
  if (bad) return bad;
  if (typeof D !== 'number' || !Number.isFinite(D) || D < 0) {
    return fail('INVALID_INPUT', `density must be a finite number >= 0 mol/m³ (got ${String(D)})`, 'Give the molar density in mol/m³.', 'density');
  }
  const m = ops(p);
  const pr = m.properties(T, D / 1000);
  return toSI(p.model, T, D / 1000, m.molarMass, m.Dcx, pr, 0, 1, rangeWarnings(p.model, T, pr.P, p.normalized));
}
