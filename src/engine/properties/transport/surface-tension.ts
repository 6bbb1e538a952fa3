/**
 * Interfacial tension between two coexisting phases. Each method has a validity domain checked
 * here; outside every domain the tension is not computed (TransportPropertyError
 * IFT_NOT_AVAILABLE, reported as a MODEL_LIMITATION warning), never guessed.
 *
 * 1. Pure-fluid vapour–liquid interface (one component ≥ 99.9 mol % of both phases) with a
 *    recommended correlation (surface-tension-data.ts: Mulero et al. 2012; water IAPWS R1-76):
 *    σ = Σ aᵢ τ^nᵢ with τ = 1 − T/Tc and the correlation's own (reference-EOS) Tc, so σ is that
 *    of the real fluid at T. The component database's Tc, where the cubic EOS merges its phases,
 *    differs by ≤ 0.15 % (argon 150.80 vs 150.687 K, H2S 373.53 vs 373.1 K): between the two the
 *    real fluid is supercritical and σ = 0. Domain: triple point ≤ T; for τ < 0.005 (a few
 *    tenths of a kelvin from Tc, where some fitted sums change sign) the value at τ = 0.005 is
 *    carried to 0 with the universal scaling σ ∝ τ^(2ν), 2ν = 1.26 (3-D Ising, Widom).
 *    Why not the parachor here: with cubic-EOS densities it is 20–56 % off for CO2, H2S,
 *    methane and water (σ ∝ Δρ⁴ magnifies the density errors, and the mean-field Δρ ∝ τ^½ makes
 *    σ ∝ τ² instead of τ^1.26 near Tc).
 * 2. Water-rich liquid (≥ 99 mol % water) against a gas whose other components have a partial
 *    pressure ≤ 5 bar (water vapour, air, flue gas near ambient): IAPWS R1-76 for water, which
 *    dissolved and adsorbed gas lower by well under 1 % there (methane lowers σ of water by
 *    roughly 0.1 mN/m per bar). Domain: T ≥ 273.16 K.
 * 3. Otherwise, two phases that are not an aqueous/non-aqueous liquid pair: parachor method of
 *    Macleod (Trans. Faraday Soc. 19 (1923) 38) and Sugden (J. Chem. Soc. 125 (1924) 32) in the
 *    mixture form of Weinaug & Katz (Ind. Eng. Chem. 35 (1943) 239):
 *      σ^¼ = |Σ Pᵢ (xᵢ ρD/MD − yᵢ ρL/ML)|,  D = denser phase, L = lighter phase,
 *    Pᵢ in (mN/m)^¼·cm³/mol, molar densities in mol/cm³, σ in mN/m. Domain: every component
 *    above a trace (1e-4 mole fraction in either phase) has a cited parachor; the result is below
 *    the physical upper bound. Densities are the engine's own (Peneloux-corrected) phase
 *    densities. Measured on pure fluids (σ vs Mulero et al. 2012, SRK/PR bubble points): within
 *    ±15 % (SRK) / ±18 % (PR) at T/Tc ≤ 0.7 for hydrocarbons, N2, O2, Ar, CO2, H2S (CO 28 %,
 *    H2 39 %, He 63 %, water −28 %), but 9–47 % low at T/Tc = 0.9: the mean-field density
 *    difference of a cubic EOS closes too fast. Above T/Tpc = 0.85 (Kay's rule, denser phase),
 *    or when the molar densities differ by less than a factor 2, the result carries that note.
 * 4. Aqueous liquid against a non-aqueous liquid: Firoozabadi & Ramey (J. Can. Pet. Tech. 27
 *    (1988) 41), fitted to water–hydrocarbon interfacial tensions:
 *      σ^¼ = a Δρ^(b+1) / Tr^0.3125, Δρ in g/cm³, σ in mN/m, Tr = T / Σ xᵢ Tcᵢ of the
 *    non-aqueous phase. Domain: Δρ ≥ 0.02 g/cm³ (it would vanish for iso-dense distinct liquids).
 *
 * Bounds: σ ≥ 0 always, σ = 0 only at or above the critical point (τ ≤ 0 for a pure fluid, equal
 * densities for two liquids). Upper bound 0.1 N/m: the largest fluid–fluid tension of any
 * non-metallic component in the database is that of water at its triple point, 75.65 mN/m
 * (IAPWS); a method that exceeds 0.1 N/m is outside its domain (mercury, 0.48 N/m, has no
 * parachor and no correlation here, so it never reaches this bound).
 */
import { TransportPropertyError } from './errors.js';
import { correlationSigma, PURE_SURFACE_TENSION } from './surface-tension-data.js';
import type { TransportPhaseInput } from './types.js';

/** Upper bound of any interfacial tension this module returns, N/m (see above). */
export const SIGMA_UPPER_BOUND = 0.1;
/** Mole fraction of one component in both phases above which the interface is that of a pure fluid. */
export const PURE_INTERFACE_FRACTION = 0.999;
/** Components below this mole fraction in both phases may lack a parachor. */
const PARACHOR_TRACE = 1e-4;
/** Below this τ = 1 − T/Tc the correlations are continued with the critical scaling law. */
const TAU_SCALING = 0.005;
const CRITICAL_EXPONENT = 1.26;
/** Water-rich liquid against a low-pressure gas: IAPWS. */
const WATER_RICH_FRACTION = 0.99;
const LOW_GAS_PARTIAL_PRESSURE_PA = 5e5;
/** Firoozabadi–Ramey needs the aqueous and oil densities to differ by at least this, kg/m3. */
const MIN_LIQUID_DENSITY_DIFFERENCE = 20;
/** Above this T/Tpc (Kay) of the denser phase a parachor result carries the near-critical note. */
const NEAR_CRITICAL_TR = 0.85;

export interface TensionResult {
  /** N/m */
  sigma: number;
  method: string;
  /** Caveat to report with the value (near-critical parachor). */
  note?: string;
}

function notAvailable(message: string, fix: string): never {
  throw new TransportPropertyError('IFT_NOT_AVAILABLE', message, fix);
}

function bounded(r: TensionResult, what: string): TensionResult {
  if (!(r.sigma >= 0) || r.sigma > SIGMA_UPPER_BOUND)
    notAvailable(
      `${what}: ${r.method} gives ${r.sigma.toExponential(3)} N/m, outside 0…${SIGMA_UPPER_BOUND} N/m`,
      'The phase state lies outside the method’s validity domain; no interfacial tension is reported.',
    );
  return r;
}

/** Index of the component making up ≥ 99.9 mol % of both phases, or -1. */
function pureComponent(a: TransportPhaseInput, b: TransportPhaseInput): number {
  for (let i = 0; i < a.components.length; i++) {
    if (a.x[i] >= PURE_INTERFACE_FRACTION && b.x[i] >= PURE_INTERFACE_FRACTION) return i;
  }
  return -1;
}

function pureFluidTension(i: number, light: TransportPhaseInput): TensionResult | undefined {
  const comp = light.components[i];
  const corr = PURE_SURFACE_TENSION[comp.name];
  if (corr === undefined) return undefined;
  const T = light.temperature;
  const method = corr.form === 'iapws1976' ? 'IAPWS R1-76 (pure water)' : `pure-fluid correlation (Mulero et al. 2012, ${comp.name})`;
  if (T < corr.tMin)
    notAvailable(
      `${comp.name} at ${T.toFixed(2)} K is below its triple point (${corr.tMin} K): the liquid would be solid, no fluid interface exists`,
      'Raise the temperature above the triple point.',
    );
  const tau = 1 - T / corr.tc;
  if (tau <= 0) return { sigma: 0, method: `${method}: at or above the critical point (${corr.tc} K)` };
  const sigma = tau >= TAU_SCALING ? correlationSigma(corr, tau) : correlationSigma(corr, TAU_SCALING) * Math.pow(tau / TAU_SCALING, CRITICAL_EXPONENT);
  return { sigma, method };
}

function waterIndex(p: TransportPhaseInput): number {
  return p.components.findIndex((c) => c.name === 'water');
}

/** IAPWS water tension when a water-rich liquid faces a low-pressure gas (domain 2). */
function waterAgainstLowPressureGas(light: TransportPhaseInput, dense: TransportPhaseInput): TensionResult | undefined {
  const w = waterIndex(dense);
  if (w < 0 || dense.x[w] < WATER_RICH_FRACTION || light.kind !== 'gas') return undefined;
  const T = dense.temperature;
  const corr = PURE_SURFACE_TENSION.water;
  if (T < corr.tMin) return undefined;
  const otherPartialPressure = (1 - light.x[w]) * light.pressure;
  if (otherPartialPressure > LOW_GAS_PARTIAL_PRESSURE_PA) return undefined;
  const tau = 1 - T / corr.tc;
  if (tau < TAU_SCALING) return undefined;
  return { sigma: correlationSigma(corr, tau), method: 'IAPWS R1-76 (water-rich liquid, low-pressure gas)' };
}

/** Weinaug–Katz parachor sum (domain 3); `dense` plays the liquid. */
export function parachorTension(light: TransportPhaseInput, dense: TransportPhaseInput): TensionResult {
  // ρ/M in mol/m3 × 1e-6 = mol/cm3.
  const cL = (light.density / light.molarMass) * 1e-6;
  const cD = (dense.density / dense.molarMass) * 1e-6;
  let s = 0;
  const missing: string[] = [];
  for (let i = 0; i < dense.components.length; i++) {
    const p = dense.components[i].parachor;
    if (p === null) {
      if (dense.x[i] >= PARACHOR_TRACE || light.x[i] >= PARACHOR_TRACE) missing.push(dense.components[i].name);
      continue;
    }
    s += p * (dense.x[i] * cD - light.x[i] * cL);
  }
  if (missing.length > 0)
    notAvailable(
      `no published parachor for ${missing.join(', ')}: the parachor (Macleod–Sugden) interfacial tension of this mixture cannot be computed`,
      'Interfacial tension is reported only when every component above 1e-4 mole fraction has a parachor (see the component catalog).',
    );
  const s2 = s * s;
  const r: TensionResult = { sigma: (s2 * s2) / 1000, method: 'parachor (Macleod–Sugden, Weinaug–Katz mixing)' };
  let tpc = 0;
  for (let i = 0; i < dense.components.length; i++) tpc += dense.x[i] * dense.components[i].tc;
  const tr = dense.temperature / tpc;
  if (tr > NEAR_CRITICAL_TR || cL > 0.5 * cD)
    r.note = `the interface is near critical (T/Tpc of the denser phase by Kay's rule ${tr.toFixed(2)}, molar densities ${(cL * 1e6).toFixed(0)} and ${(cD * 1e6).toFixed(0)} mol/m3): with cubic-EOS densities the parachor method underestimates σ there (measured on pure hydrocarbons, N2, O2, Ar, CO2, H2S: 9–47 % low at Tr = 0.9, 35–66 % low at Tr = 0.95)`;
  return r;
}

/** Firoozabadi–Ramey σ (N/m) between an aqueous and a non-aqueous liquid; `oil` supplies Tr. */
export function firoozabadiRameyTension(oil: TransportPhaseInput, aqueous: TransportPhaseInput): TensionResult {
  const dRho = Math.abs(aqueous.density - oil.density) / 1000; // g/cm3
  let tpc = 0;
  for (let i = 0; i < oil.components.length; i++) tpc += oil.x[i] * oil.components[i].tc;
  const tr = oil.temperature / tpc;
  let a: number;
  let b: number;
  if (dRho < 0.2) {
    a = 2.2062;
    b = -0.94716;
  } else if (dRho < 0.5) {
    a = 2.915;
    b = -0.76852;
  } else {
    a = 3.3858;
    b = -0.6259;
  }
  const t = (a * Math.pow(dRho, b + 1)) / Math.pow(tr, 0.3125);
  const t2 = t * t;
  return { sigma: (t2 * t2) / 1000, method: 'Firoozabadi–Ramey (aqueous/non-aqueous liquids)' };
}

/** Interfacial tension between two validated phases listing the same components in the same order. */
export function interfacialTension(a: TransportPhaseInput, b: TransportPhaseInput): TensionResult {
  const what = `${a.kind}–${b.kind} interface`;
  const liquids = a.kind !== 'gas' && b.kind !== 'gas';
  if (liquids && (a.kind === 'aqueous') !== (b.kind === 'aqueous')) {
    const [oil, aqueous] = a.kind === 'aqueous' ? [b, a] : [a, b];
    // Firoozabadi–Ramey ties σ to Δρ alone: for an aqueous and an oil phase of nearly equal density
    // (a heavy oil near 1 g/cm3) it would vanish although the liquids are distinct.
    if (Math.abs(aqueous.density - oil.density) < MIN_LIQUID_DENSITY_DIFFERENCE)
      notAvailable(
        `${what}: the liquids' densities differ by only ${Math.abs(aqueous.density - oil.density).toFixed(1)} kg/m3; Firoozabadi–Ramey correlates σ with that difference and is not valid below ${MIN_LIQUID_DENSITY_DIFFERENCE} kg/m3`,
        'No interfacial tension is reported for nearly iso-dense aqueous and oil phases.',
      );
    return bounded(firoozabadiRameyTension(oil, aqueous), what);
  }
  const [light, dense] = a.density <= b.density ? [a, b] : [b, a];
  const pure = pureComponent(light, dense);
  if (pure >= 0) {
    const r = pureFluidTension(pure, light);
    if (r !== undefined) return bounded(r, what);
  }
  const water = waterAgainstLowPressureGas(light, dense);
  if (water !== undefined) return bounded(water, what);
  const r = parachorTension(light, dense);
  const w = waterIndex(dense);
  if (r.note === undefined && w >= 0 && dense.x[w] >= WATER_RICH_FRACTION)
    // Outside domain 2 (gas partial pressure > 5 bar): no water-specific method here; say so.
    r.note = 'water-rich liquid against a gas above 5 bar partial pressure: the additive parachor of water ignores its hydrogen bonding and gas adsorption, so this value is only an estimate and likely too low';
  return bounded(r, what);
}
