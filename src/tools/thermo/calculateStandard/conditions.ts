/**
 * Flowing (operating) temperature and pressure of calculateStandard, in the original's forms:
 * `temperature` {value, unit} else `temperature_C` else 15 °C; `pressure` {value, unit} else
 * `pressure_bara` else 1.01325 bara. Returned in K and Pa.
 */
import { StandardsError } from '../../../engine/standards/errors.js';

export type TemperatureUnit = 'K' | 'C' | 'F';
export type PressureUnit = 'bara' | 'Pa' | 'kPa' | 'MPa' | 'psia';

export interface FlowingInput {
  temperature?: { value: number; unit: TemperatureUnit };
  temperature_C?: number;
  pressure?: { value: number; unit: PressureUnit };
  pressure_bara?: number;
}

export function flowingTemperatureK(i: FlowingInput): number {
  let t = 288.15;
  if (i.temperature !== undefined) {
    const v = i.temperature.value;
    t = i.temperature.unit === 'K' ? v : i.temperature.unit === 'C' ? v + 273.15 : (v - 32) / 1.8 + 273.15;
  } else if (i.temperature_C !== undefined) {
    t = i.temperature_C + 273.15;
  }
  if (!(t > 0) || !Number.isFinite(t)) {
    throw new StandardsError('INVALID_INPUT', `Temperature ${t} K is not above absolute zero`, 'Give a temperature above 0 K.', 'temperature');
  }
  return t;
}

const PA_PER: Record<PressureUnit, number> = { bara: 1e5, Pa: 1, kPa: 1e3, MPa: 1e6, psia: 6894.757293168361 };

export function flowingPressurePa(i: FlowingInput): number {
  let p = 101325;
  if (i.pressure !== undefined) p = i.pressure.value * PA_PER[i.pressure.unit];
  else if (i.pressure_bara !== undefined) p = i.pressure_bara * 1e5;
  if (!(p > 0) || !Number.isFinite(p)) {
    throw new StandardsError('INVALID_INPUT', `Pressure ${p} Pa is not positive`, 'Give an absolute pressure > 0.', 'pressure');
  }
  return p;
}
