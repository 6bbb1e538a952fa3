/**
 * Dot addresses of automation variables ("Unit.property", "Unit.port.property") resolved
 * against a process, with the self-healing the contract promises: a unit, port or property name
 * that is off by case, spacing, a NeqSim alias or a small typo is corrected (and the correction
 * reported); one that matches nothing is a diagnostic that lists what does exist.
 */
import type { UnitSpec } from '../../../engine/index.js';
import { addressOf, portsOf, variablesOf, type PortDef, type VariableEntry } from './variables.js';

export type DiagnosticCategory = 'UNIT_NOT_FOUND' | 'PORT_NOT_FOUND' | 'PROPERTY_NOT_FOUND' | 'INVALID_ADDRESS_FORMAT' | 'READ_ONLY_VARIABLE' | 'VALUE_OUT_OF_BOUNDS' | 'UNKNOWN_UNIT' | 'VALUE_NOT_AVAILABLE';

/** Why an automation operation failed, with what to do about it (the original's diagnostic shape). */
export interface AutomationDiagnostic {
  category: DiagnosticCategory;
  originalInput: string;
  errorMessage: string;
  suggestions: string[];
  remediation: string;
  context?: Record<string, unknown>;
}

export interface Correction {
  from: string;
  to: string;
  reason: string;
}

export type UnitMatch = { ok: true; unit: UnitSpec; correction?: Correction } | { ok: false; diagnostic: AutomationDiagnostic };

export type AddressMatch =
  | { ok: true; unit: UnitSpec; entry: VariableEntry; address: string; corrections: Correction[] }
  | { ok: false; diagnostic: AutomationDiagnostic; corrections: Correction[] };

/** Lower case without spaces, underscores, hyphens: "HP_sep" ~ "hp sep" ~ "HPSep". */
const squash = (s: string): string => s.toLowerCase().replace(/[\s_\-]+/g, '');

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate a typed name means: exact; then equal up to case, spacing and underscores; then
 * the single closest by edit distance, if close enough (at most 2 edits, and a third of the name).
 */
function closest(typed: string, candidates: readonly string[], aliases: Record<string, string> = {}): { name: string; reason?: string } | undefined {
  if (candidates.includes(typed)) return { name: typed };
  const t = squash(typed);
  const same = candidates.filter((c) => squash(c) === t);
  if (same.length === 1) return { name: same[0]!, reason: 'case or spacing' };
  const alias = aliases[t];
  if (alias !== undefined && candidates.includes(alias)) return { name: alias, reason: 'alias' };
  const scored = candidates.map((c) => ({ c, d: editDistance(t, squash(c)) })).sort((x, y) => x.d - y.d);
  const best = scored[0];
  if (best === undefined) return undefined;
  const limit = Math.min(2, Math.floor(Math.max(t.length, 1) / 3));
  if (best.d <= limit && (scored[1] === undefined || scored[1].d > best.d)) return { name: best.c, reason: 'spelling' };
  return undefined;
}

/** Up to three names closest to what was typed (for a diagnostic). */
export function suggest(typed: string, candidates: readonly string[]): string[] {
  const t = squash(typed);
  return candidates
    .map((c) => ({ c, d: squash(c).includes(t) || t.includes(squash(c)) ? 0 : editDistance(t, squash(c)) }))
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map((x) => x.c);
}

/** NeqSim and engineering spellings of ports, squashed. */
const PORT_ALIASES: Record<string, string> = {
  gasout: 'gasOutStream', gas: 'gasOutStream', gasoutlet: 'gasOutStream', vapour: 'gasOutStream', vapor: 'gasOutStream',
  liquidout: 'liquidOutStream', liquid: 'liquidOutStream', liquidoutlet: 'liquidOutStream',
  oilout: 'oilOutStream', oil: 'oilOutStream',
  waterout: 'waterOutStream', water: 'waterOutStream', aqueousout: 'waterOutStream',
  out: 'outletStream', outlet: 'outletStream', outstream: 'outletStream', outletstream: 'outletStream',
  hx0: 'outStream0', out0: 'outStream0', hx1: 'outStream1', out1: 'outStream1',
};

/** Short and NeqSim spellings of properties, squashed. */
const PROPERTY_ALIASES: Record<string, string> = {
  t: 'temperature', temp: 'temperature', p: 'pressure', pres: 'pressure',
  flow: 'flowRate', massflow: 'flowRate', massflowrate: 'flowRate', rate: 'flowRate',
  outpressure: 'outletPressure', dischargepressure: 'outletPressure',
  outtemperature: 'outletTemperature', outlettemp: 'outletTemperature',
  efficiency: 'isentropicEfficiency', ua: 'UAvalue', uavalue: 'UAvalue',
  effectiveness: 'thermalEffectiveness', energyinput: 'duty', pressureratio: 'compressionRatio', dp: 'pressureDrop',
  molecularweight: 'molarMass', mw: 'molarMass',
};

function portAliasesFor(ports: readonly PortDef[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(PORT_ALIASES)) if (ports.some((p) => p.name === v)) out[k] = v;
  // Splitter ports: split1, splitStream1, split_stream_1 → splitStream_1.
  for (const p of ports) {
    const m = /^splitStream_(\d+)$/.exec(p.name);
    if (m) for (const k of [`split${m[1]}`, `splitstream${m[1]}`, `outlet${m[1]}`]) out[k] = p.name;
  }
  return out;
}

export function findUnit(units: readonly UnitSpec[], typed: string): UnitMatch {
  const names = units.map((u) => u.name);
  const hit = closest(typed, names);
  if (hit) {
    const unit = units.find((u) => u.name === hit.name)!;
    return hit.reason ? { ok: true, unit, correction: { from: typed, to: hit.name, reason: `unit name (${hit.reason})` } } : { ok: true, unit };
  }
  return {
    ok: false,
    diagnostic: {
      category: 'UNIT_NOT_FOUND',
      originalInput: typed,
      errorMessage: `No unit named '${typed}' in this process`,
      suggestions: suggest(typed, names),
      remediation: `Use one of the units: ${names.join(', ')} (listSimulationUnits lists them with their types)`,
      context: { availableUnits: names },
    },
  };
}

/** Resolves a dot address to one variable of one unit. */
export function resolveAddress(units: readonly UnitSpec[], address: string): AddressMatch {
  const corrections: Correction[] = [];
  const parts = address.split('.').map((s) => s.trim());
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p === '')) {
    return {
      ok: false,
      corrections,
      diagnostic: {
        category: 'INVALID_ADDRESS_FORMAT',
        originalInput: address,
        errorMessage: `'${address}' is not an address: use "Unit.property" or "Unit.port.property"`,
        suggestions: [],
        remediation: 'Write e.g. "Export Compressor.outletPressure" or "HP Sep.gasOutStream.temperature"; listUnitVariables lists the addresses of a unit',
      },
    };
  }
  const found = findUnit(units, parts[0]!);
  if (!found.ok) return { ok: false, corrections, diagnostic: found.diagnostic };
  if (found.correction) corrections.push(found.correction);
  const unit = found.unit;
  const entries = variablesOf(unit);
  let portName: string | undefined;
  if (parts.length === 3) {
    const ports = portsOf(unit);
    const names = ports.map((p) => p.name);
    const hit = closest(parts[1]!, names, portAliasesFor(ports));
    if (!hit) {
      return {
        ok: false,
        corrections,
        diagnostic: {
          category: 'PORT_NOT_FOUND',
          originalInput: address,
          errorMessage: `${unit.type} '${unit.name}' has no port '${parts[1]}'`,
          suggestions: names.length ? suggest(parts[1]!, names) : [],
          remediation: names.length ? `Ports of ${unit.type}: ${names.join(', ')}` : `A ${unit.type} has no outlet ports here; address its own variables as "${unit.name}.<property>"`,
          context: { unit: unit.name, unitType: unit.type, availablePorts: names },
        },
      };
    }
    if (hit.reason) corrections.push({ from: parts[1]!, to: hit.name, reason: `port (${hit.reason})` });
    portName = hit.name;
  }
  const scope = entries.filter((e) => e.port?.name === portName);
  const properties = scope.map((e) => e.def.property);
  const typedProperty = parts[parts.length - 1]!;
  const hit = closest(typedProperty, properties, PROPERTY_ALIASES);
  if (!hit) {
    const where = portName ? `${unit.name}.${portName}` : unit.name;
    return {
      ok: false,
      corrections,
      diagnostic: {
        category: 'PROPERTY_NOT_FOUND',
        originalInput: address,
        errorMessage: `'${where}' has no variable '${typedProperty}'`,
        suggestions: suggest(typedProperty, properties).map((p) => `${where}.${p}`),
        remediation: `Variables of '${where}': ${properties.join(', ')}${portName ? '' : portsOf(unit).length ? `; stream variables are under the ports ${portsOf(unit).map((p) => p.name).join(', ')}` : ''}`,
        context: { unit: unit.name, unitType: unit.type, availableVariables: scope.map((e) => addressOf(unit.name, e)) },
      },
    };
  }
  if (hit.reason) corrections.push({ from: typedProperty, to: hit.name, reason: `property (${hit.reason})` });
  const entry = scope.find((e) => e.def.property === hit.name)!;
  return { ok: true, unit, entry, address: addressOf(unit.name, entry), corrections };
}
