/**
 * Unit parsing for tool inputs and unit formatting for tool outputs. The engine works in SI
 * (K, Pa, J/mol, J/(mol·K), m³/mol); tools convert at the boundary with these helpers.
 *
 * Accepted input forms (seed 001): a bare number in the default unit, an object {value, unit},
 * or the process-JSON tuple [value, "unit"].
 *
 * The bare-number convention of every tool input: a temperature given as a plain number is K, a
 * pressure bara (absolute), as the contract's FlashRunner reads them (seed 001, spec
 * neqsim-surface.md "Common unit parsing"); enthalpy J/mol, entropy J/molK, molar volume m3/mol.
 * Each such field's schema description says "a bare number is K" (or bara), checked by
 * test/tools/units.test.ts. Where the contract fixes another reading, the field says so:
 * validateResults' result objects (bare temperature °C), streamSimulation's fixedTemperature and
 * temperatureMean (°C, their unit fields), suffixed fields (temperature_C, pressure_barg, …).
 *
 * Ambiguous units are refused, not guessed: "psi" (absolute or gauge?) gets a fix naming psia and
 * psig. Parsing never throws: it returns {ok:true, value} or {ok:false, issue} with a fix hint
 * that lists the accepted units.
 */
import { issue, type DiagnosticIssue } from './envelope.js';

export type QuantityKind = 'temperature' | 'pressure' | 'enthalpy' | 'entropy' | 'molarVolume';

export type UnitResult = { ok: true; value: number; unit: string } | { ok: false; issue: DiagnosticIssue };

/** Standard atmosphere, Pa; barg/psig are gauge against it (as the original: barg + 1.01325). */
export const ATM_PA = 101325;
const BAR_PA = 1e5;
/** 1 psi = 0.45359237 kg · 9.80665 m/s² / (0.0254 m)², exact by definition. */
const PSI_PA = 6894.757293168361;
const KELVIN_OFFSET = 273.15;

interface UnitDef {
  /** To SI; molar mass (kg/mol) is given only for mass-based units. */
  toSI: (v: number, molarMass?: number) => number;
  fromSI: (v: number, molarMass?: number) => number;
  massBased?: boolean;
}

const TEMPERATURE: Record<string, UnitDef> = {
  K: { toSI: (v) => v, fromSI: (v) => v },
  C: { toSI: (v) => v + KELVIN_OFFSET, fromSI: (v) => v - KELVIN_OFFSET },
  F: { toSI: (v) => ((v - 32) * 5) / 9 + KELVIN_OFFSET, fromSI: (v) => ((v - KELVIN_OFFSET) * 9) / 5 + 32 },
  R: { toSI: (v) => (v * 5) / 9, fromSI: (v) => (v * 9) / 5 },
};

const PRESSURE: Record<string, UnitDef> = {
  bara: { toSI: (v) => v * BAR_PA, fromSI: (v) => v / BAR_PA },
  barg: { toSI: (v) => v * BAR_PA + ATM_PA, fromSI: (v) => (v - ATM_PA) / BAR_PA },
  Pa: { toSI: (v) => v, fromSI: (v) => v },
  kPa: { toSI: (v) => v * 1e3, fromSI: (v) => v / 1e3 },
  MPa: { toSI: (v) => v * 1e6, fromSI: (v) => v / 1e6 },
  psia: { toSI: (v) => v * PSI_PA, fromSI: (v) => v / PSI_PA },
  psig: { toSI: (v) => v * PSI_PA + ATM_PA, fromSI: (v) => (v - ATM_PA) / PSI_PA },
  atm: { toSI: (v) => v * ATM_PA, fromSI: (v) => v / ATM_PA },
};

const perMass = (scale: number): UnitDef => ({
  toSI: (v, M) => v * scale * (M as number),
  fromSI: (v, M) => v / scale / (M as number),
  massBased: true,
});
const perMole = (scale: number): UnitDef => ({ toSI: (v) => v * scale, fromSI: (v) => v / scale });

const ENTHALPY: Record<string, UnitDef> = {
  'J/mol': perMole(1),
  'kJ/mol': perMole(1e3),
  'J/kg': perMass(1),
  'kJ/kg': perMass(1e3),
};

const ENTROPY: Record<string, UnitDef> = {
  'J/molK': perMole(1),
  'kJ/molK': perMole(1e3),
  'J/kgK': perMass(1),
  'kJ/kgK': perMass(1e3),
};

const MOLAR_VOLUME: Record<string, UnitDef> = {
  'm3/mol': perMole(1),
  'L/mol': perMole(1e-3),
  'cm3/mol': perMole(1e-6),
};

/** Spellings we also accept, mapped to the canonical unit. Deliberately no case folding of
 * prefixed pressure units: "mPa" (millipascal) must not become MPa. */
const ALIASES: Record<QuantityKind, Record<string, string>> = {
  temperature: {
    k: 'K', kelvin: 'K', c: 'C', degc: 'C', '°c': 'C', celsius: 'C', f: 'F', degf: 'F', '°f': 'F',
    fahrenheit: 'F', r: 'R', degr: 'R', '°r': 'R', rankine: 'R',
  },
  pressure: {
    bar: 'bara', 'bar(a)': 'bara', 'bar a': 'bara', 'bar(g)': 'barg', 'bar g': 'barg', pa: 'Pa', kpa: 'kPa',
    MPA: 'MPa', Mpa: 'MPa', PSIA: 'psia', PSIG: 'psig', ATM: 'atm', BARA: 'bara', BARG: 'barg',
  },
  enthalpy: { 'J/mole': 'J/mol', 'kJ/mole': 'kJ/mol' },
  entropy: {
    'J/(mol·K)': 'J/molK', 'J/(mol K)': 'J/molK', 'J/mol/K': 'J/molK', 'kJ/mol/K': 'kJ/molK',
    'J/(kg·K)': 'J/kgK', 'J/kg/K': 'J/kgK', 'kJ/kg/K': 'kJ/kgK', 'kJ/(kg·K)': 'kJ/kgK',
  },
  molarVolume: { 'm^3/mol': 'm3/mol', 'l/mol': 'L/mol', 'cm^3/mol': 'cm3/mol' },
};

/**
 * Units that name a quantity but not how to read it, with what to say instead. "psi" is absolute
 * in some tools and gauge on most instruments; 14.7 psi either way is a factor of two at 1 atm.
 * Matched case-insensitively.
 */
const AMBIGUOUS: Partial<Record<QuantityKind, Record<string, string>>> = {
  pressure: {
    psi: 'Say "psia" (absolute) or "psig" (gauge, above 1 atm), e.g. {"value": 500, "unit": "psig"}',
    'lb/in2': 'Say "psia" (absolute) or "psig" (gauge, above 1 atm)',
    'lbf/in2': 'Say "psia" (absolute) or "psig" (gauge, above 1 atm)',
  },
};

/** The fix hint when `unit` is an ambiguous spelling of a `kind` unit, else undefined. */
export function ambiguousUnitFix(kind: QuantityKind, unit: string): string | undefined {
  const table = AMBIGUOUS[kind];
  const u = unit.trim().toLowerCase();
  return table !== undefined && Object.hasOwn(table, u) ? table[u] : undefined;
}

const TABLES: Record<QuantityKind, Record<string, UnitDef>> = {
  temperature: TEMPERATURE,
  pressure: PRESSURE,
  enthalpy: ENTHALPY,
  entropy: ENTROPY,
  molarVolume: MOLAR_VOLUME,
};

/** Unit a bare number is read in, as in the original runner. */
export const DEFAULT_UNITS: Readonly<Record<QuantityKind, string>> = {
  temperature: 'K',
  pressure: 'bara',
  enthalpy: 'J/mol',
  entropy: 'J/molK',
  molarVolume: 'm3/mol',
};

export const TEMPERATURE_UNITS: readonly string[] = Object.keys(TEMPERATURE);
export const PRESSURE_UNITS: readonly string[] = Object.keys(PRESSURE);
export const ENTHALPY_UNITS: readonly string[] = Object.keys(ENTHALPY);
export const ENTROPY_UNITS: readonly string[] = Object.keys(ENTROPY);
export const MOLAR_VOLUME_UNITS: readonly string[] = Object.keys(MOLAR_VOLUME);

export function acceptedUnits(kind: QuantityKind): readonly string[] {
  return Object.keys(TABLES[kind]);
}

/** Canonical unit for a user-typed unit string, or undefined. */
export function canonicalUnit(kind: QuantityKind, unit: string): string | undefined {
  const u = unit.trim();
  // Own properties only: "toString" or "constructor" must not resolve through the prototype.
  if (Object.hasOwn(TABLES[kind], u)) return u;
  const aliases = ALIASES[kind];
  if (Object.hasOwn(aliases, u)) return aliases[u];
  const lower = u.toLowerCase();
  return Object.hasOwn(aliases, lower) ? aliases[lower] : undefined;
}

const RUNTIME_CODES: Record<QuantityKind, string> = {
  temperature: 'TEMPERATURE_ERROR',
  pressure: 'PRESSURE_ERROR',
  enthalpy: 'ENTHALPY_ERROR',
  entropy: 'ENTROPY_ERROR',
  molarVolume: 'VOLUME_ERROR',
};

const LABEL: Record<QuantityKind, string> = {
  temperature: 'Temperature',
  pressure: 'Pressure',
  enthalpy: 'Enthalpy',
  entropy: 'Entropy',
  molarVolume: 'Molar volume',
};

export interface ParseOptions {
  /** Diagnostic code on failure; defaults to the runtime code (TEMPERATURE_ERROR, PRESSURE_ERROR, …). */
  code?: string;
  /** Input field path for the diagnostic, e.g. "temperature" or "fluid.pressure". */
  field?: string;
  /** Molar mass, kg/mol, needed for J/kg, kJ/kg, J/kgK, kJ/kgK. */
  molarMass?: number;
  /** Accept T ≤ 0 K and P ≤ 0 Pa (the validator reports those itself with its own codes). */
  allowNonPositive?: boolean;
}

function fixFor(kind: QuantityKind): string {
  const def = DEFAULT_UNITS[kind];
  return `Give a number (read as ${def}) or {"value": <number>, "unit": "<unit>"} with unit one of: ${acceptedUnits(kind).join(', ')}`;
}

function fail(kind: QuantityKind, message: string, opts: ParseOptions, fix = fixFor(kind)): UnitResult {
  return { ok: false, issue: issue(opts.code ?? RUNTIME_CODES[kind], message, fix, opts.field ?? kind) };
}

/** Splits the accepted input forms into (value, unit) or explains why it cannot. */
function splitInput(input: unknown): { value: unknown; unit: unknown } | string {
  if (typeof input === 'number') return { value: input, unit: undefined };
  if (Array.isArray(input)) {
    if (input.length < 1 || input.length > 2) return 'must be [value, "unit"]';
    return { value: input[0], unit: input[1] };
  }
  if (input !== null && typeof input === 'object') {
    const o = input as Record<string, unknown>;
    if (!('value' in o)) return 'is an object without "value"';
    return { value: o.value, unit: o.unit };
  }
  if (input === undefined || input === null) return 'is missing';
  return `must be a number or {value, unit}, got ${typeof input === 'string' ? `the string "${input}"` : typeof input}`;
}

/** Parses any supported quantity to SI. */
/** Highest temperature (K) and pressure (Pa) a state may be given at (see parseQuantity). */
export const MAX_TEMPERATURE_K = 5000;
export const MAX_PRESSURE_PA = 1e4 * BAR_PA;

export function parseQuantity(kind: QuantityKind, input: unknown, opts: ParseOptions = {}): UnitResult {
  const label = LABEL[kind];
  const parts = splitInput(input);
  if (typeof parts === 'string') return fail(kind, `${label} ${parts}`, opts);
  const { value, unit } = parts;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return fail(kind, `${label} value must be a finite number, got ${JSON.stringify(value) ?? String(value)}`, opts);
  }
  let canon = DEFAULT_UNITS[kind];
  if (unit !== undefined && unit !== null && unit !== '') {
    const vague = typeof unit === 'string' ? ambiguousUnitFix(kind, unit) : undefined;
    if (vague !== undefined) return fail(kind, `${label} unit ${JSON.stringify(unit)} is ambiguous: absolute or gauge?`, opts, vague);
    const c = typeof unit === 'string' ? canonicalUnit(kind, unit) : undefined;
    if (c === undefined) return fail(kind, `Unknown ${label.toLowerCase()} unit ${JSON.stringify(unit)}`, opts);
    canon = c;
  }
  const def = TABLES[kind][canon];
  if (def.massBased) {
    const M = opts.molarMass;
    if (M === undefined || !Number.isFinite(M) || M <= 0) {
      return fail(
        kind,
        `${label} in ${canon} needs the fluid molar mass to convert to a molar basis`,
        opts,
        `Give the ${label.toLowerCase()} per mole (${acceptedUnits(kind).filter((u) => !TABLES[kind][u].massBased).join(', ')}), or define the fluid composition so its molar mass is known`,
      );
    }
  }
  const si = def.toSI(value, opts.molarMass);
  if (!Number.isFinite(si)) return fail(kind, `${label} ${value} ${canon} does not convert to a finite value`, opts);
  if (!opts.allowNonPositive) {
    if (kind === 'temperature' && si <= 0) {
      return fail(kind, `Temperature ${value} ${canon} is at or below absolute zero`, opts, 'Give a temperature above 0 K (-273.15 C)');
    }
    if (kind === 'pressure' && si <= 0) {
      return fail(kind, `Pressure ${value} ${canon} is not positive (absolute)`, opts, 'Give a positive absolute pressure, e.g. {"value": 50, "unit": "bara"}');
    }
    if (kind === 'molarVolume' && si <= 0) {
      return fail(kind, `Molar volume ${value} ${canon} is not positive`, opts, 'Give a positive molar volume, e.g. {"value": 0.0005, "unit": "m3/mol"}');
    }
    // Engineering ceilings: beyond them every model here is extrapolated so far that a computed
    // number would be meaningless (component data are fitted to −200…1000 °C; the flashes and
    // equations of state are tested to 10 000 bar), so the state is refused instead of answered.
    if (kind === 'temperature' && si > MAX_TEMPERATURE_K) {
      return fail(kind, `Temperature ${value} ${canon} is above ${MAX_TEMPERATURE_K} K, beyond any model of this service`, opts, `Give a temperature up to ${MAX_TEMPERATURE_K} K (the component data are fitted to 1000 °C)`);
    }
    if (kind === 'pressure' && si > MAX_PRESSURE_PA) {
      return fail(kind, `Pressure ${value} ${canon} is above ${MAX_PRESSURE_PA / BAR_PA} bar, beyond any model of this service`, opts, `Give a pressure up to ${MAX_PRESSURE_PA / BAR_PA} bara`);
    }
  }
  return { ok: true, value: si, unit: canon };
}

export const parseTemperature = (input: unknown, opts?: ParseOptions): UnitResult => parseQuantity('temperature', input, opts);
export const parsePressure = (input: unknown, opts?: ParseOptions): UnitResult => parseQuantity('pressure', input, opts);
export const parseEnthalpy = (input: unknown, opts?: ParseOptions): UnitResult => parseQuantity('enthalpy', input, opts);
export const parseEntropy = (input: unknown, opts?: ParseOptions): UnitResult => parseQuantity('entropy', input, opts);
export const parseMolarVolume = (input: unknown, opts?: ParseOptions): UnitResult => parseQuantity('molarVolume', input, opts);

/**
 * Converts an SI value to a display unit (the inverse of parsing). Throws only on programmer
 * error (unknown unit or missing molar mass for a mass unit), never on user input.
 */
export function fromSI(kind: QuantityKind, valueSI: number, unit: string, molarMass?: number): number {
  const canon = canonicalUnit(kind, unit);
  if (canon === undefined) throw new Error(`fromSI: unknown ${kind} unit ${unit}`);
  const def = TABLES[kind][canon];
  if (def.massBased && !(molarMass !== undefined && molarMass > 0)) throw new Error(`fromSI: ${unit} needs a molar mass`);
  return def.fromSI(valueSI, molarMass);
}

export const kelvinToCelsius = (k: number): number => k - KELVIN_OFFSET;
export const kelvinToFahrenheit = (k: number): number => ((k - KELVIN_OFFSET) * 9) / 5 + 32;
export const paToBara = (pa: number): number => pa / BAR_PA;
export const baraToPa = (bar: number): number => bar * BAR_PA;
export const paToBarg = (pa: number): number => (pa - ATM_PA) / BAR_PA;
export const paToPsia = (pa: number): number => pa / PSI_PA;

/** {value, unit} for output, converted from SI. */
export function valueWithUnit(kind: QuantityKind, valueSI: number, unit: string, molarMass?: number): { value: number; unit: string } {
  return { value: fromSI(kind, valueSI, unit, molarMass), unit };
}

/**
 * The temperature of an input that may give it as `temperature` ({value, unit} or K),
 * `temperature_C` or `temperature_K`, in that order (the original runners' precedence); K, or
 * undefined when none is given. A malformed `temperature` adds its issue.
 */
export function temperatureField(input: { temperature?: unknown; temperature_C?: number; temperature_K?: number }, issues: DiagnosticIssue[]): number | undefined {
  if (input.temperature !== undefined) {
    const r = parseTemperature(input.temperature, { field: 'temperature' });
    if (!r.ok) issues.push(r.issue);
    return r.ok ? r.value : undefined;
  }
  if (input.temperature_C !== undefined) return input.temperature_C + KELVIN_OFFSET;
  return input.temperature_K;
}

/** The pressure of an input that may give it as `pressure` ({value, unit} or bara), `pressure_bara`, `pressure_bar` or `pressure_barg`; Pa, or undefined when none is given. */
export function pressureField(input: { pressure?: unknown; pressure_bara?: number; pressure_bar?: number; pressure_barg?: number }, issues: DiagnosticIssue[]): number | undefined {
  if (input.pressure !== undefined) {
    const r = parsePressure(input.pressure, { field: 'pressure' });
    if (!r.ok) issues.push(r.issue);
    return r.ok ? r.value : undefined;
  }
  if (input.pressure_bara !== undefined) return baraToPa(input.pressure_bara);
  if (input.pressure_bar !== undefined) return baraToPa(input.pressure_bar);
  if (input.pressure_barg !== undefined) return baraToPa(input.pressure_barg) + ATM_PA;
  return undefined;
}
