/**
 * Bounded numbers for tool input schemas. Every numeric input field states a lower and an upper
 * bound (test/tools/schema-bounds.test.ts walks every registered tool's input), so that no
 * finite-but-absurd input (1e300 kg/h, a 1e200 m pipe) reaches the engine and overflows into
 * Infinity or NaN on the way to the serialiser: schema validation refuses it first with 400 and
 * the field's pointer. The bounds are engineering bounds, generous on purpose: they exclude what
 * no plant has, not what is unusual; each tool still checks its physical ranges (K, bara, …)
 * after unit conversion and answers 422 with a fix.
 */
import { Type, type NumberOptions, type IntegerOptions, type TNumber, type TInteger } from '@sinclair/typebox';

/** Magnitude limit of a temperature given with a unit (K, C, F, R): finite in every unit. */
export const TEMPERATURE_LIMIT = 1e6;
/** Magnitude limit of a pressure given with a unit: 1e10 Pa is 1e5 bar, and 1e10 bar stays finite. */
export const PRESSURE_LIMIT = 1e10;
/** Upper limit of a flow in any accepted unit (kg/hr, Sm3/day, mol/s, …). */
export const FLOW_LIMIT = 1e12;
/** Upper limit of a mole fraction before normalisation (amounts in any consistent scale are normalised). */
export const MOLE_FRACTION_LIMIT = 1e6;
/** Magnitude limit of a free-form engineering value (a variable written by address, a metric, a chart value). */
export const VALUE_LIMIT = 1e15;
/** Longest length, m (a 100 km pipeline). */
export const LENGTH_LIMIT_M = 1e5;
/** Longest duration, s (about 30 years). */
export const DURATION_LIMIT_S = 1e9;

/** A number > 0 and ≤ max: flows, diameters, lengths, volumes, masses, durations. */
export function positive(max: number, options: NumberOptions = {}): TNumber {
  return Type.Number({ exclusiveMinimum: 0, maximum: max, ...options });
}

/** A number ≥ 0 and ≤ max: amounts that may be zero (a closed valve's flow, an allowance). */
export function nonNegative(max: number, options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: 0, maximum: max, ...options });
}

/** A number in [min, max]. */
export function between(min: number, max: number, options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: min, maximum: max, ...options });
}

/** A signed number with |value| ≤ limit: temperatures in °C, elevations, set-points, chart values. */
export function signed(limit: number, options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: -limit, maximum: limit, ...options });
}

/** A fraction in [0, 1]: efficiencies, probabilities, split factors stated as fractions. */
export function fraction(options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: 0, maximum: 1, ...options });
}

/** A percentage in [0, 100]. */
export function percent(options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: 0, maximum: 100, ...options });
}

/** A mole fraction or relative amount, ≥ 0 (the tools normalise the set). */
export function moleFraction(options: NumberOptions = {}): TNumber {
  return Type.Number({ minimum: 0, maximum: MOLE_FRACTION_LIMIT, ...options });
}

/** A temperature value whose unit is given beside it (or which is K): finite in any unit. */
export function temperatureValue(options: NumberOptions = {}): TNumber {
  return signed(TEMPERATURE_LIMIT, options);
}

/** A pressure value whose unit is given beside it: gauge units may be negative. */
export function pressureValue(options: NumberOptions = {}): TNumber {
  return signed(PRESSURE_LIMIT, options);
}

/** An integer in [min, max]: counts, indices, step numbers. */
export function integerBetween(min: number, max: number, options: IntegerOptions = {}): TInteger {
  return Type.Integer({ minimum: min, maximum: max, ...options });
}
