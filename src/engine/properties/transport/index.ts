/**
 * Transport (viscosity, thermal conductivity) and interfacial (surface tension) properties of a
 * phase. Each property comes from the first method whose validity domain covers the phase
 * (methods.ts); inside their domains the original's DEFAULT model is kept (spec/neqsim-physics.md
 * A3) so results stay at parity:
 *
 *   gas / oil phases   PFCT heavy-oil viscosity + PFCT Mod86 conductivity (methane reference);
 *                      single-component hydrogen gas keeps the original's conductivity fit;
 *   aqueous phases     Grunberg–Nissan mass-fraction liquid viscosity + mass-fraction liquid
 *                      conductivity from the pure-component correlations;
 *   pure water         IAPWS 2008 viscosity and IAPWS 2011 conductivity (any phase label);
 *   everything else    quantum gases (He, H2, Ne), hot light gases, supercritical water-rich
 *                      phases: IAPWS for water-rich aqueous phases, else Chung et al. 1988 with
 *                      published Lennard-Jones parameters for the quantum gases;
 *   interfaces         recommended pure-fluid correlations (Mulero 2012, IAPWS water), parachor
 *                      with cited parachors, Firoozabadi–Ramey (aqueous/non-aqueous liquids),
 *                      each within a stated validity domain (surface-tension.ts).
 *
 * Pure functions, SI in and out. Invalid input throws TransportPropertyError (code, message,
 * fix); a property outside every domain is reported with its reason, never as a made-up number.
 */
import { TransportPropertyError } from './errors.js';
import { evaluateTransport, type PropertyOutcome, type TransportProperty } from './methods.js';
import { interfacialTension, type TensionResult } from './surface-tension.js';
import type { TransportPhaseInput, TransportResult } from './types.js';

export type { TransportPhaseInput, TransportResult } from './types.js';
export { TransportPropertyError, type TransportErrorCode } from './errors.js';
export { TRANSPORT_ACCURACY } from './accuracy.js';
export type { PropertyOutcome, TransportProperty } from './methods.js';
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

function finite(value: number, what: string, p: TransportPhaseInput): number {
  if (!Number.isFinite(value))
    throw new TransportPropertyError(
      'TRANSPORT_NOT_FINITE',
      `${what} is not finite at T = ${p.temperature} K, P = ${p.pressure} Pa (${p.kind} phase)`,
      'The state lies outside the correlation range; check the phase state and composition.',
    );
  return value;
}

/**
 * Viscosity and thermal conductivity of one phase, each with the method that gave it, or with
 * the reason no method's validity domain covers the phase (methods.ts). Invalid input throws.
 */
export function transportPropertiesChecked(p: TransportPhaseInput): Record<TransportProperty, PropertyOutcome> {
  validate(p);
  return evaluateTransport(p);
}

/**
 * Viscosity (Pa·s) and thermal conductivity (W/(m·K)) of one phase; throws
 * TRANSPORT_OUT_OF_DOMAIN when either property is outside every method's domain.
 */
export function transportProperties(p: TransportPhaseInput): TransportResult {
  const r = transportPropertiesChecked(p);
  for (const prop of ['viscosity', 'thermalConductivity'] as const) {
    if (r[prop].value === undefined)
      throw new TransportPropertyError(
        'TRANSPORT_OUT_OF_DOMAIN',
        `${prop === 'viscosity' ? 'viscosity' : 'thermal conductivity'} at T = ${p.temperature} K, P = ${p.pressure} Pa (${p.kind} phase) is outside every method's validity: ${r[prop].reason}`,
        'Move the state or composition into the range of the transport correlations.',
      );
  }
  return { viscosity: r.viscosity.value!, thermalConductivity: r.thermalConductivity.value! };
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
