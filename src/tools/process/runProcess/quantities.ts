/**
 * Process quantities that only flowsheets use: flow rates and heat duties. Forms as in seed 001:
 * [value, "unit"], {value, unit} or a bare number in the default unit. Converted to SI here, at
 * the tool edge (flows to mol/s, duties to W).
 */
import { R } from '../../../engine/index.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';

export type Parsed = { ok: true; value: number } | { ok: false; issue: DiagnosticIssue };

/** Standard conditions of "Sm3": 15 °C and 1 atm, ideal gas (as the original converts them). */
export const STD_MOLAR_VOLUME = (R * 288.15) / 101325;

type FlowBasis = 'mass' | 'mole' | 'std';
const FLOW_UNITS: Record<string, { basis: FlowBasis; perSecond: number }> = {
  'kg/sec': { basis: 'mass', perSecond: 1 },
  'kg/s': { basis: 'mass', perSecond: 1 },
  'kg/min': { basis: 'mass', perSecond: 1 / 60 },
  'kg/hr': { basis: 'mass', perSecond: 1 / 3600 },
  'kg/h': { basis: 'mass', perSecond: 1 / 3600 },
  'kg/day': { basis: 'mass', perSecond: 1 / 86400 },
  'tonnes/day': { basis: 'mass', perSecond: 1000 / 86400 },
  'mol/sec': { basis: 'mole', perSecond: 1 },
  'mol/s': { basis: 'mole', perSecond: 1 },
  'mole/sec': { basis: 'mole', perSecond: 1 },
  'mol/hr': { basis: 'mole', perSecond: 1 / 3600 },
  'mole/hr': { basis: 'mole', perSecond: 1 / 3600 },
  'kmol/hr': { basis: 'mole', perSecond: 1000 / 3600 },
  'kmol/h': { basis: 'mole', perSecond: 1000 / 3600 },
  'Sm3/sec': { basis: 'std', perSecond: 1 },
  'Sm3/hr': { basis: 'std', perSecond: 1 / 3600 },
  'Sm3/day': { basis: 'std', perSecond: 1 / 86400 },
  'MSm3/day': { basis: 'std', perSecond: 1e6 / 86400 },
};
export const FLOW_RATE_UNITS = Object.keys(FLOW_UNITS);

const POWER_UNITS: Record<string, number> = { W: 1, kW: 1e3, MW: 1e6, 'J/s': 1, 'kJ/hr': 1000 / 3600 };
export const DUTY_UNITS = Object.keys(POWER_UNITS);

function split(input: unknown, defaultUnit: string): { value: unknown; unit: string } | string {
  if (typeof input === 'number') return { value: input, unit: defaultUnit };
  if (Array.isArray(input) && (input.length === 1 || input.length === 2)) return { value: input[0], unit: input.length === 2 ? String(input[1]) : defaultUnit };
  if (input !== null && typeof input === 'object' && 'value' in input) {
    const o = input as { value: unknown; unit?: unknown };
    return { value: o.value, unit: o.unit === undefined ? defaultUnit : String(o.unit) };
  }
  return `must be [value, "unit"], {"value": …, "unit": …} or a number, got ${JSON.stringify(input) ?? String(input)}`;
}

/** Flow rate → mol/s, given the stream's molar mass (kg/mol). Must be positive. */
export function parseFlowRate(input: unknown, molarMass: number, field: string): Parsed {
  const fix = `Give e.g. [50000, "kg/hr"]; units: ${FLOW_RATE_UNITS.join(', ')}`;
  const s = split(input, 'kg/hr');
  if (typeof s === 'string') return { ok: false, issue: issue('INVALID_FLOW_RATE', `Flow rate ${s}`, fix, field) };
  const u = FLOW_UNITS[s.unit];
  if (!u) return { ok: false, issue: issue('INVALID_FLOW_RATE', `Unknown flow-rate unit "${s.unit}"`, fix, field) };
  if (typeof s.value !== 'number' || !Number.isFinite(s.value) || s.value <= 0) {
    return { ok: false, issue: issue('INVALID_FLOW_RATE', `Flow rate must be a positive finite number, got ${JSON.stringify(s.value)}`, fix, field) };
  }
  const perSecond = s.value * u.perSecond;
  // Above 1e6 kg/s (or mol/s, Sm³/s) no plant runs, and the arithmetic downstream would overflow.
  if (perSecond > 1e6) return { ok: false, issue: issue('INVALID_FLOW_RATE', `Flow rate ${s.value} ${s.unit} is beyond any plant (limit 1e6 per second in that unit's amount)`, fix, field) };
  // Below 1e-12 per second (a few ng/h) the flow is no stream, and sizing divides by it (a 1e-320
  // kg/hr feed gave an infinite vessel diameter).
  if (perSecond < 1e-12) return { ok: false, issue: issue('INVALID_FLOW_RATE', `Flow rate ${s.value} ${s.unit} is below any real stream (limit 1e-12 per second in that unit's amount)`, fix, field) };
  const molPerSecond = u.basis === 'mass' ? perSecond / molarMass : u.basis === 'std' ? perSecond / STD_MOLAR_VOLUME : perSecond;
  return { ok: true, value: molPerSecond };
}

/** Heat duty → W (sign kept). */
export function parseDuty(input: unknown, field: string): Parsed {
  const fix = `Give e.g. [1.5, "MW"]; units: ${DUTY_UNITS.join(', ')}`;
  const s = split(input, 'W');
  if (typeof s === 'string') return { ok: false, issue: issue('INVALID_DUTY', `Duty ${s}`, fix, field) };
  const f = POWER_UNITS[s.unit];
  if (f === undefined) return { ok: false, issue: issue('INVALID_DUTY', `Unknown duty unit "${s.unit}"`, fix, field) };
  if (typeof s.value !== 'number' || !Number.isFinite(s.value)) return { ok: false, issue: issue('INVALID_DUTY', `Duty must be a finite number, got ${JSON.stringify(s.value)}`, fix, field) };
  return { ok: true, value: s.value * f };
}

/** A dimensionless number in (lo, hi]. */
export function parseFraction(input: unknown, field: string, what: string, lo = 0, hi = 1): Parsed {
  const v = Array.isArray(input) ? input[0] : input;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= lo || v > hi) {
    return { ok: false, issue: issue('INVALID_PROPERTY', `${what} must be a number in (${lo}, ${hi}], got ${JSON.stringify(input)}`, `Give ${what} as a fraction, e.g. 0.75`, field) };
  }
  return { ok: true, value: v };
}

const LENGTH_UNITS: Record<string, number> = { m: 1, km: 1000, mm: 1e-3, cm: 1e-2, ft: 0.3048, in: 0.0254, inch: 0.0254 };
export const LENGTH_UNIT_NAMES = Object.keys(LENGTH_UNITS);

/** A length → m (bare numbers are metres). `allowNegative` for heights; `positive` excludes 0. */
export function parseLength(input: unknown, field: string, what: string, opts: { allowNegative?: boolean; positive?: boolean } = {}): Parsed {
  const fix = `Give e.g. [12.5, "km"] or a number of metres; units: ${LENGTH_UNIT_NAMES.join(', ')}`;
  const s = split(input, 'm');
  if (typeof s === 'string') return { ok: false, issue: issue('INVALID_PROPERTY', `${what} ${s}`, fix, field) };
  const f = LENGTH_UNITS[s.unit];
  if (f === undefined) return { ok: false, issue: issue('INVALID_PROPERTY', `Unknown length unit "${s.unit}" for ${what}`, fix, field) };
  const v = s.value;
  if (typeof v !== 'number' || !Number.isFinite(v) || (!opts.allowNegative && v < 0) || (opts.positive && v <= 0)) {
    return { ok: false, issue: issue('INVALID_PROPERTY', `${what} must be a ${opts.positive ? 'positive' : opts.allowNegative ? 'finite' : 'non-negative'} number, got ${JSON.stringify(v)}`, fix, field) };
  }
  return { ok: true, value: v * f };
}
