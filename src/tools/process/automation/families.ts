/**
 * Unit families of automation variables: the units a variable can be read or written in, and
 * the conversion to and from the SI value the engine holds. Temperatures and pressures reuse the
 * tool-edge tables (units.ts), flows and duties the flowsheet ones (runProcess/quantities.ts), so
 * "C", "bara" or "kg/hr" mean the same here as in runProcess.
 */
import { canonicalUnit, fromSI, parseQuantity } from '../../contract/units.js';
import { FLOW_RATE_UNITS, STD_MOLAR_VOLUME } from '../runProcess/quantities.js';

export type UnitFamily = 'temperature' | 'pressure' | 'pressureDifference' | 'massFlow' | 'power' | 'specificEnergy' | 'density' | 'molarMass' | 'dimensionless' | 'heatTransferCoefficient' | 'length' | 'volume';

/** Converts between a unit and SI for one family; `molarMass` (kg/mol) is needed by flows only. */
interface FamilyDef {
  /** Unit of the variable when the caller names none (the original's defaultUnit). */
  defaultUnit: string;
  units: readonly string[];
  /** Canonical spelling of a user-typed unit, or undefined when the family has no such unit. */
  canonical(unit: string): string | undefined;
  toSI(value: number, unit: string, molarMass?: number): number;
  fromSI(valueSI: number, unit: string, molarMass?: number): number;
}

function table(defaultUnit: string, factors: Record<string, number>, aliases: Record<string, string> = {}): FamilyDef {
  const lookup = (u: string): string | undefined => {
    const t = u.trim();
    if (Object.hasOwn(factors, t)) return t;
    if (Object.hasOwn(aliases, t)) return aliases[t];
    const lower = t.toLowerCase();
    for (const k of Object.keys(factors)) if (k.toLowerCase() === lower) return k;
    return Object.hasOwn(aliases, lower) ? aliases[lower] : undefined;
  };
  return {
    defaultUnit,
    units: Object.keys(factors),
    canonical: lookup,
    toSI: (v, u) => v * factors[u]!,
    fromSI: (v, u) => v / factors[u]!,
  };
}

const BAR = 1e5;

/** mol/s per unit of each flow-rate unit, given the molar mass (mass units) or the ideal-gas standard volume. */
function molPerSecondPerUnit(unit: string, molarMass: number): number {
  const perSecond: Record<string, number> = { sec: 1, s: 1, min: 1 / 60, hr: 1 / 3600, h: 1 / 3600, day: 1 / 86400 };
  const [amount, time] = unit.split('/') as [string, string];
  const t = perSecond[time]!;
  switch (amount) {
    case 'kg': return t / molarMass;
    case 'tonnes': return (1000 * t) / molarMass;
    case 'mol':
    case 'mole': return t;
    case 'kmol': return 1000 * t;
    case 'Sm3': return t / STD_MOLAR_VOLUME;
    case 'MSm3': return (1e6 * t) / STD_MOLAR_VOLUME;
    default: throw new Error(`flow unit ${unit}`);
  }
}

const FAMILIES: Record<UnitFamily, FamilyDef> = {
  temperature: {
    defaultUnit: 'K',
    units: ['K', 'C', 'F', 'R'],
    canonical: (u) => canonicalUnit('temperature', u),
    toSI: (v, u) => {
      const r = parseQuantity('temperature', { value: v, unit: u }, { allowNonPositive: true });
      return r.ok ? r.value : NaN;
    },
    fromSI: (v, u) => fromSI('temperature', v, u),
  },
  pressure: {
    defaultUnit: 'bara',
    units: ['bara', 'barg', 'Pa', 'kPa', 'MPa', 'psia', 'psig', 'atm'],
    canonical: (u) => canonicalUnit('pressure', u),
    toSI: (v, u) => {
      const r = parseQuantity('pressure', { value: v, unit: u }, { allowNonPositive: true });
      return r.ok ? r.value : NaN;
    },
    fromSI: (v, u) => fromSI('pressure', v, u),
  },
  // A difference has no gauge offset: bar and bara alike are 1e5 Pa.
  pressureDifference: table('bar', { bar: BAR, Pa: 1, kPa: 1e3, MPa: 1e6, psi: 6894.757293168361 }, { bara: 'bar' }),
  massFlow: {
    defaultUnit: 'kg/hr',
    units: FLOW_RATE_UNITS,
    canonical: (u) => FLOW_RATE_UNITS.find((k) => k === u.trim()) ?? FLOW_RATE_UNITS.find((k) => k.toLowerCase() === u.trim().toLowerCase()),
    toSI: (v, u, M) => v * molPerSecondPerUnit(u, M ?? NaN),
    fromSI: (v, u, M) => v / molPerSecondPerUnit(u, M ?? NaN),
  },
  power: table('kW', { W: 1, kW: 1e3, MW: 1e6, 'J/s': 1, 'kJ/hr': 1000 / 3600 }),
  specificEnergy: table('kJ/kg', { 'J/kg': 1, 'kJ/kg': 1e3 }),
  density: table('kg/m3', { 'kg/m3': 1, 'g/cm3': 1e3, 'lb/ft3': 16.01846337396 }, { 'kg/m^3': 'kg/m3' }),
  molarMass: table('kg/mol', { 'kg/mol': 1, 'g/mol': 1e-3, 'kg/kmol': 1e-3 }),
  dimensionless: table('', { '': 1, '-': 1, fraction: 1, '%': 0.01 }, { percent: '%' }),
  heatTransferCoefficient: table('W/K', { 'W/K': 1, 'kW/K': 1e3 }),
  length: table('m', { m: 1, km: 1e3, mm: 1e-3, cm: 1e-2, ft: 0.3048, in: 0.0254 }, { inch: 'in' }),
  volume: table('m3', { m3: 1, L: 1e-3, bbl: 0.158987294928, ft3: 0.028316846592 }, { 'm^3': 'm3', l: 'L' }),
};

export function familyOf(name: UnitFamily): FamilyDef {
  return FAMILIES[name];
}

export type UnitChoice = { ok: true; unit: string } | { ok: false; accepted: readonly string[] };

/** The canonical unit for what the caller typed (default unit when nothing was typed). */
export function chooseUnit(family: UnitFamily, typed: string | undefined): UnitChoice {
  const f = FAMILIES[family];
  if (typed === undefined || typed.trim() === '') return { ok: true, unit: f.defaultUnit };
  const c = f.canonical(typed);
  return c === undefined ? { ok: false, accepted: f.units } : { ok: true, unit: c };
}
