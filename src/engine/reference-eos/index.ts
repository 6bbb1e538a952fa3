/**
 * Reference equations of state for natural gas: GERG-2008 (AGA8 Part 2, ISO 20765-2),
 * AGA8-DC92 DETAIL (AGA8 Part 1, ISO 12213-2) and AGA8 GROSS methods 1 and 2 (ISO 12213-3 style
 * inputs). Pure numerics: no I/O, no exceptions for bad input, every call independent.
 *
 * ── Units (SI at this API) ────────────────────────────────────────────────────────────────────
 *   T: K · P: Pa · molar density: mol/m³ · mass density: kg/m³ · molar mass: kg/mol
 *   U, H, G, A: J/mol · S, Cv, Cp: J/(mol·K) · w: m/s · JT: K/Pa · Z, kappa: −
 *   ∂P/∂ρ: Pa·m³/mol · ∂²P/∂ρ²: Pa·m⁶/mol² · ∂P/∂T: Pa/K · ∂²P/∂T∂ρ: Pa·m³/(mol·K)
 *   GROSS: heating values HN, HCH in J/mol (ideal, gross, combustion at 25 °C);
 *          volumetric heating value Hv in J/m³ (ideal, at the metering reference Td, Pd).
 *   H, U, S, G, A are on the equation's own ideal-gas datum (H = 0 and S = 0 for the ideal gas at
 *   298.15 K and 101.325 kPa): compare differences, never mix them with another model's values.
 *   Hres, Sres, Gres are the datum-free departures at the same (T, P) (Gres = RT·ln φ of the
 *   mixture); add them to another model's ideal-gas h°, s° when datums must be combined.
 *
 * ── Components ────────────────────────────────────────────────────────────────────────────────
 *   Compositions are Record<name, mole fraction> with our canonical names: methane, nitrogen, CO2,
 *   ethane, propane, n-butane, i-butane, n-pentane, i-pentane, n-hexane, n-heptane, n-octane,
 *   n-nonane, nC10, hydrogen, oxygen, CO, water, H2S, helium, argon (aliases such as isobutane,
 *   n-decane, C1, N2, H2O are accepted, case-insensitive). An unknown name gives
 *   { ok: false, code: 'UNKNOWN_COMPONENT' }; fractions not summing to 1 are normalised with a
 *   COMPOSITION_NORMALIZED warning.
 *
 * ── Functions ─────────────────────────────────────────────────────────────────────────────────
 *   gerg2008State(T, P, x, opts?)               → ReferenceState | ReferenceEosError
 *   gerg2008PropertiesAtDensity(T, rho, x)      → ReferenceState | ReferenceEosError
 *   aga8DetailState(T, P, x, opts?)             → ReferenceState | ReferenceEosError
 *   aga8DetailPropertiesAtDensity(T, rho, x)    → ReferenceState | ReferenceEosError
 *   prepareReferenceFluid(model, x)             → PreparedFluid (fold the composition once) …
 *   referenceStateAtPressure(fluid, T, P, opts?) / referenceStateAtDensity(fluid, T, rho)
 *                                                 … then evaluate many states fast
 *   aga8Gross(T, P, input)                      → GrossState | ReferenceEosError, where input is
 *       { method: 'composition', composition, Th?, Td?, Pd? }                (full analysis)
 *       { method: 1, Hv, relativeDensity, xCO2, Th?, Td?, Pd? }              (GROSS method 1)
 *       { method: 2, relativeDensity, xN2, xCO2, Th?, Td?, Pd? }             (GROSS method 2)
 *     Th (heating-value reference, default 298.15 K), Td/Pd (density reference, default
 *     273.15 K / 101325 Pa) as in AGA8 Part 1.
 *   molarMassGerg2008(x) / molarMassAga8(x)      → kg/mol (each model's own molar masses)
 *   gerg2008Helmholtz(T, rho, x)                → { tau, delta, Tr (K), Dr (mol/m³), ideal[3], residual[8] }:
 *       reduced Helmholtz energy α = a/RT and its τ/δ derivatives (for callers that build their own properties)
 *
 *   opts.densitySearch: 'gas' (default; NIST reference behaviour), 'gas-checked', 'liquid',
 *   'stable' (both roots, lower Gibbs energy wins); opts.initialDensity in mol/m³.
 *   Non-convergence → code DENSITY_NOT_CONVERGED; failed single-phase checks → POSSIBLE_TWO_PHASE.
 *   A state outside the model's validated range is still computed and carries an EXTRAPOLATION warning.
 */
import { grossDensity, grossFromComposition, grossMethod1, grossMethod2, grossRelativeDensity, type GrossCharacterization } from './aga8-gross.js';
import { DETAIL_MOLAR_MASS } from './aga8-detail-data.js';
import { fail, NC, parseComposition, type ReferenceEosError, type ReferenceEosWarning } from './components.js';
import { MOLAR_MASS } from './gerg2008-data.js';
import { createGergFluid, gergHelmholtz, type GergHelmholtz } from './gerg2008.js';
import {
  prepareFluid,
  stateAtDensity,
  stateAtPressure,
  type PreparedFluid,
  type ReferenceModel,
  type ReferenceState,
  type ReferenceStateOptions,
} from './reference-state.js';

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const fraction = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1;

export { REFERENCE_COMPONENTS, referenceIndex } from './components.js';
export type { ReferenceComponent, ReferenceEosError, ReferenceEosErrorCode, ReferenceEosWarning } from './components.js';
export type { DensitySearchMode, PreparedFluid, ReferenceModel, ReferenceState, ReferenceStateOptions } from './reference-state.js';

export function prepareReferenceFluid(model: ReferenceModel, composition: Record<string, number>): PreparedFluid | ReferenceEosError {
  if (model !== 'GERG-2008' && model !== 'AGA8-DETAIL') {
    return fail('INVALID_INPUT', `unknown reference model "${String(model)}"`, "Use 'GERG-2008' or 'AGA8-DETAIL'.", 'model');
  }
  return prepareFluid(model, composition);
}

export const referenceStateAtPressure = stateAtPressure;
export const referenceStateAtDensity = stateAtDensity;

export function gerg2008State(T: number, P: number, composition: Record<string, number>, opts?: ReferenceStateOptions): ReferenceState | ReferenceEosError {
  const f = prepareFluid('GERG-2008', composition);
  return f.ok ? stateAtPressure(f, T, P, opts) : f;
}

export function gerg2008PropertiesAtDensity(T: number, density: number, composition: Record<string, number>): ReferenceState | ReferenceEosError {
  const f = prepareFluid('GERG-2008', composition);
  return f.ok ? stateAtDensity(f, T, density) : f;
}

export function aga8DetailState(T: number, P: number, composition: Record<string, number>, opts?: ReferenceStateOptions): ReferenceState | ReferenceEosError {
  const f = prepareFluid('AGA8-DETAIL', composition);
  return f.ok ? stateAtPressure(f, T, P, opts) : f;
}

export function aga8DetailPropertiesAtDensity(T: number, density: number, composition: Record<string, number>): ReferenceState | ReferenceEosError {
  const f = prepareFluid('AGA8-DETAIL', composition);
  return f.ok ? stateAtDensity(f, T, density) : f;
}

/** Reduced Helmholtz energy of GERG-2008 and its derivatives at T (K) and ρ (mol/m³); Dr is returned in mol/m³. */
export function gerg2008Helmholtz(T: number, density: number, composition: Record<string, number>): ({ ok: true } & GergHelmholtz) | ReferenceEosError {
  if (!positive(T)) return fail('INVALID_INPUT', `temperature must be a finite number > 0 K (got ${String(T)})`, 'Give the absolute temperature in kelvin.', 'T');
  if (typeof density !== 'number' || !Number.isFinite(density) || density < 0) {
    return fail('INVALID_INPUT', `density must be a finite number >= 0 mol/m³ (got ${String(density)})`, 'Give the molar density in mol/m³.', 'density');
  }
  const p = parseComposition(composition);
  if (!p.ok) return p;
  const h = gergHelmholtz(createGergFluid(p.x), T, density / 1000);
  return { ok: true, ...h, Dr: h.Dr * 1000 };
}

function molarMassOf(table: number[], composition: Record<string, number>): { ok: true; molarMass: number } | ReferenceEosError {
  const p = parseComposition(composition);
  if (!p.ok) return p;
  let m = 0;
  for (let i = 0; i < NC; i++) m += p.x[i] * table[i];
  return { ok: true, molarMass: m / 1000 };
}

/** Mixture molar mass with the GERG-2008 component molar masses, kg/mol. */
export const molarMassGerg2008 = (composition: Record<string, number>) => molarMassOf(MOLAR_MASS, composition);
/** Mixture molar mass with the AGA8 Part 1 (DETAIL/GROSS) component molar masses, kg/mol. */
export const molarMassAga8 = (composition: Record<string, number>) => molarMassOf(DETAIL_MOLAR_MASS, composition);

// ── GROSS ─────────────────────────────────────────────────────────────────────────────────────

interface GrossReferenceConditions {
  /** heating-value (combustion) reference temperature, K; default 298.15 */
  Th?: number;
  /** density (metering) reference temperature, K; default 273.15 */
  Td?: number;
  /** density reference pressure, Pa; default 101325 */
  Pd?: number;
}

export type GrossInput =
  | ({ method: 'composition'; composition: Record<string, number> } & GrossReferenceConditions)
  | ({ method: 1; Hv: number; relativeDensity: number; xCO2: number } & GrossReferenceConditions)
  | ({ method: 2; relativeDensity: number; xN2: number; xCO2: number } & GrossReferenceConditions);

export interface GrossState {
  ok: true;
  model: 'AGA8-GROSS';
  method: 'composition' | 1 | 2;
  /** K, Pa */
  T: number;
  P: number;
  /** mol/m³ */
  density: number;
  /** kg/m³ */
  massDensity: number;
  Z: number;
  /** kg/mol (from the composition, or the molar mass the method implies) */
  molarMass: number;
  /** equivalent hydrocarbon, nitrogen and CO2 mole fractions */
  xCH: number;
  xN2: number;
  xCO2: number;
  /** molar ideal gross heating value of the mixture and of the equivalent hydrocarbon, J/mol at 25 °C */
  HN: number;
  HCH: number;
  /** ideal relative density at (Td, Pd): computed for 'composition', echoed for methods 1 and 2 */
  relativeDensity: number;
  /** volumetric gross heating value at (Td, Pd), J/m³: HN·ρ(Td, Pd) for 'composition', echoed for method 1, computed for method 2 */
  Hv: number;
  warnings: ReferenceEosWarning[];
}


/** AGA8 GROSS density and Z at (T, P) from a full analysis or from method 1/2 inputs. */
export function aga8Gross(T: number, P: number, input: GrossInput): GrossState | ReferenceEosError {
  if (!positive(T)) return fail('INVALID_INPUT', `temperature must be a finite number > 0 K (got ${String(T)})`, 'Give the absolute temperature in kelvin.', 'T');
  if (!positive(P)) return fail('INVALID_INPUT', `pressure must be a finite number > 0 Pa (got ${String(P)})`, 'Give the absolute pressure in pascal.', 'P');
  const Th = input.Th ?? 298.15;
  const Td = input.Td ?? 273.15;
  const PdPa = input.Pd ?? 101325;
  for (const [k, v] of [['Th', Th], ['Td', Td], ['Pd', PdPa]] as const) {
    if (!positive(v)) return fail('INVALID_INPUT', `${k} must be a finite number > 0`, 'Give reference temperatures in K and the reference pressure in Pa.', k);
  }
  const Pd = PdPa / 1000;
  const warnings: ReferenceEosWarning[] = [];
  // AGA8 Part 1: GROSS is for 0–65 °C (273–338 K) up to 12 MPa; beyond that use DETAIL or GERG-2008.
  if (T < 263 || T > 338 || P > 12e6) {
    warnings.push({ code: 'EXTRAPOLATION', message: `state ${T} K, ${P / 1e6} MPa is outside the GROSS method range (263–338 K, p ≤ 12 MPa)` });
  }

  let c: GrossCharacterization;
  let HN: number;
  let Mm: number;
  let Gr: number;
  let HvMJ: number;
  if (input.method === 'composition') {
    const parsed = parseComposition(input.composition);
    if (!parsed.ok) return parsed;
    if (parsed.normalized) warnings.push({ code: 'COMPOSITION_NORMALIZED', message: 'mole fractions did not sum to 1 and were normalised' });
    const g = grossFromComposition(parsed.x);
    if (!(g.xCH > 0)) return fail('GROSS_INVALID_INPUT', 'the gas has no hydrocarbon/combustible part (x_N2 + x_CO2 = 1)', 'GROSS needs a combustible gas; use DETAIL or GERG-2008.', 'composition');
    const rd = grossRelativeDensity(Td, Pd, g, g.molarMass);
    if (!rd.ok) return fail(rd.code, rd.message, 'Check the composition and the reference conditions.');
    c = g;
    HN = g.HN;
    Mm = g.molarMass;
    Gr = rd.Gr;
    HvMJ = g.HN * rd.D;
  } else if (input.method === 1) {
    if (!positive(input.Hv)) return fail('GROSS_INVALID_INPUT', 'Hv must be a finite number > 0 J/m³', 'Give the volumetric gross heating value in J/m³.', 'Hv');
    if (!positive(input.relativeDensity)) return fail('GROSS_INVALID_INPUT', 'relativeDensity must be a finite number > 0', 'Give the relative density (air = 1).', 'relativeDensity');
    if (!fraction(input.xCO2)) return fail('GROSS_INVALID_INPUT', 'xCO2 must be a mole fraction in [0, 1)', 'Give the CO2 mole fraction.', 'xCO2');
    const m1 = grossMethod1(Th, Td, Pd, input.relativeDensity, input.Hv / 1e6, input.xCO2);
    if (!m1.ok) return fail(m1.code, m1.message, 'Check that heating value, relative density and CO2 describe a natural gas.');
    c = m1;
    HN = m1.HN;
    Mm = m1.molarMass;
    Gr = input.relativeDensity;
    HvMJ = input.Hv / 1e6;
  } else if (input.method === 2) {
    if (!positive(input.relativeDensity)) return fail('GROSS_INVALID_INPUT', 'relativeDensity must be a finite number > 0', 'Give the relative density (air = 1).', 'relativeDensity');
    if (!fraction(input.xN2) || !fraction(input.xCO2)) return fail('GROSS_INVALID_INPUT', 'xN2 and xCO2 must be mole fractions in [0, 1)', 'Give the N2 and CO2 mole fractions.', 'xN2');
    const m2 = grossMethod2(Th, Td, Pd, input.relativeDensity, input.xN2, input.xCO2);
    if (!m2.ok) return fail(m2.code, m2.message, 'Check that relative density, N2 and CO2 describe a natural gas.');
    c = m2;
    HN = m2.HN;
    Mm = m2.molarMass;
    Gr = input.relativeDensity;
    HvMJ = m2.Hv;
  } else {
    return fail('INVALID_INPUT', `unknown GROSS method ${String((input as { method?: unknown }).method)}`, "Use method 'composition', 1 or 2.", 'method');
  }

  const d = grossDensity(T, P / 1000, c);
  if (!d.ok) return fail(d.code, d.message, 'The state is outside the range of the GROSS method; use DETAIL or GERG-2008.');
  return {
    ok: true,
    model: 'AGA8-GROSS',
    method: input.method,
    T,
    P,
    density: d.D * 1000,
    massDensity: d.D * Mm,
    Z: d.Z,
    molarMass: Mm / 1000,
    xCH: c.xCH,
    xN2: c.xN2,
    xCO2: c.xCO2,
    HN: HN * 1000,
    HCH: c.HCH * 1000,
    relativeDensity: Gr,
    Hv: HvMJ * 1e6,
    warnings,
  };
}
