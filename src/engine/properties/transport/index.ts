/**
 * Transport (viscosity, thermal conductivity) and interfacial (surface tension) properties of a
 * phase with the original's DEFAULT physical-property model (spec/neqsim-physics.md A3):
 *
 *   gas / oil phases   PFCT heavy-oil viscosity + PFCT Mod86 conductivity (methane reference)
 *                      — except single-component gas-labelled water or hydrogen, which keep PFCT
 *                      viscosity but use the original's own conductivity fits;
 *   aqueous phases     Grunberg–Nissan mass-fraction liquid viscosity + mass-fraction liquid
 *                      conductivity from the pure-component correlations;
 *   interfaces         recommended pure-fluid correlations (Mulero 2012, IAPWS water), parachor
 *                      with cited parachors, Firoozabadi–Ramey (aqueous/non-aqueous liquids),
 *                      each within a stated validity domain (surface-tension.ts).
 *
 * Pure functions, SI in and out. Invalid input or a non-finite result throws
 * TransportPropertyError (code, message, fix) — never NaN.
 */
import { aqueousConductivity, aqueousViscosity } from './aqueous.js';
import { TransportPropertyError } from './errors.js';
import { pfctProperties } from './pfct.js';
import { hydrogenConductivity, waterConductivity } from './pure-fluid-conductivity.js';
import { interfacialTension, type TensionResult } from './surface-tension.js';
import type { TransportPhaseInput, TransportResult } from './types.js';

export type { TransportPhaseInput, TransportResult } from './types.js';
export { TransportPropertyError, type TransportErrorCode } from './errors.js';
export { TRANSPORT_ACCURACY } from './accuracy.js';
export { SIGMA_UPPER_BOUND, PURE_INTERFACE_FRACTION, type TensionResult } from './surface-tension.js';
export { PURE_SURFACE_TENSION, correlationSigma } from './surface-tension-data.js';

function invalid(message: string, fix: string): never {
  throw new TransportPropertyError('TRANSPORT_INVALID_INPUT', message, fix);
}

function validate(p: TransportPhaseInput, label = 'phase'): void {
  if (!p || typeof p !== 'object') invalid(`${label}: no phase state given`, 'Pass a TransportPhaseInput object.');
  if (!(p.temperature > 0) || !Number.isFinite(p.temperature))
    invalid(`${label}: temperature ${p.temperature} K is not a positive finite number`, 'Give the temperature in kelvin (> 0).');
  if (!(p.pressure > 0) || !Number.isFinite(p.pressure))
    invalid(`${label}: pressure ${p.pressure} Pa is not a positive finite number`, 'Give the absolute pressure in pascal (> 0).');
  if (!(p.density > 0) || !Number.isFinite(p.density))
    invalid(`${label}: density ${p.density} kg/m3 is not a positive finite number`, 'Pass the phase mass density in kg/m3.');
  if (!(p.molarMass > 0) || !Number.isFinite(p.molarMass))
    invalid(`${label}: molar mass ${p.molarMass} kg/mol is not a positive finite number`, 'Pass the phase molar mass in kg/mol.');
  if (p.kind !== 'gas' && p.kind !== 'oil' && p.kind !== 'aqueous')
    invalid(`${label}: unknown phase kind "${String(p.kind)}"`, "Use 'gas', 'oil' or 'aqueous'.");
  const n = p.components?.length ?? 0;
  if (n === 0 || p.x?.length !== n)
    invalid(`${label}: ${n} components but ${p.x?.length ?? 0} mole fractions`, 'Give one mole fraction per component.');
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const xi = p.x[i];
    if (!(xi >= 0) || !Number.isFinite(xi))
      invalid(`${label}: mole fraction of ${p.components[i].name} is ${xi}`, 'Mole fractions must be finite and >= 0.');
    const c = p.components[i];
    if (!(c.tc > 0) || !(c.pc > 0) || !(c.molarMass > 0))
      invalid(`${label}: component ${c.name} lacks Tc, Pc or molar mass`, 'Use a component record from the database.');
    sum += xi;
  }
  if (!(sum > 0)) invalid(`${label}: mole fractions sum to ${sum}`, 'At least one mole fraction must be positive.');
}

/** Name of the phase's only component; the original tests the component count, not the x > 0 count. */
function soleComponentName(p: TransportPhaseInput): string | undefined {
  return p.components.length === 1 ? p.components[0].name.toLowerCase() : undefined;
}

function finite(value: number, what: string, p: TransportPhaseInput): number {
  if (!Number.isFinite(value))
    throw new TransportPropertyError(
      'TRANSPORT_NOT_FINITE',
      `${what} is not finite at T = ${p.temperature} K, P = ${p.pressure} Pa (${p.kind} phase)`,
      'The state lies outside the correlation range; check the phase state and composition.',
    );
  return value;
}

/** Viscosity (Pa·s) and thermal conductivity (W/(m·K)) of one phase. */
export function transportProperties(p: TransportPhaseInput): TransportResult {
  validate(p);
  let viscosity: number;
  let thermalConductivity: number;
  if (p.kind === 'aqueous') {
    viscosity = aqueousViscosity(p);
    thermalConductivity = aqueousConductivity(p);
  } else {
    const sole = p.kind === 'gas' ? soleComponentName(p) : undefined;
    const special = sole === 'water' || sole === 'hydrogen';
    const pfct = pfctProperties(p, special);
    viscosity = pfct.viscosity;
    if (sole === 'water') thermalConductivity = waterConductivity(p.temperature, p.eosDensity ?? p.density);
    else if (sole === 'hydrogen') thermalConductivity = hydrogenConductivity(p.temperature, p.eosDensity ?? p.density);
    else thermalConductivity = pfct.thermalConductivity!;
  }
  finite(viscosity, 'viscosity', p);
  finite(thermalConductivity, 'thermal conductivity', p);
  // The original reports 1e-5 for a negative result of either property (PhysicalProperties getters).
  return {
    viscosity: viscosity < 0 ? 1e-5 : viscosity,
    thermalConductivity: thermalConductivity < 0 ? 1e-5 : thermalConductivity,
  };
}

/**
 * Interfacial tension between phases a and b listing the same components in the same order, with
 * the method used (surface-tension.ts). Throws TransportPropertyError IFT_NOT_AVAILABLE when the
 * interface lies outside every method's validity domain.
 */
export function surfaceTensionDetailed(a: TransportPhaseInput, b: TransportPhaseInput): TensionResult {
  validate(a, 'phase a');
  validate(b, 'phase b');
  if (a.components.length !== b.components.length)
    invalid('the two phases list different numbers of components', 'Pass both phases of one flash result.');
  const r = interfacialTension(a, b);
  finite(r.sigma, 'surface tension', a);
  return r;
}

/** Interfacial tension (N/m) between phases a and b; see surfaceTensionDetailed. */
export function surfaceTension(a: TransportPhaseInput, b: TransportPhaseInput): number {
  return surfaceTensionDetailed(a, b).sigma;
}
