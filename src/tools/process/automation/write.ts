/**
 * Writing one automation variable into a process definition: the checks (writable, unit, bounds)
 * and the edit of the caller's JSON (`properties[key] = [value, unit]`, competing spellings
 * removed), returning a new document. setSimulationVariable, runParametricStudy and the like
 * all write this way, so what they run is exactly the JSON they return.
 */
import type { UnitSpec } from '../../../engine/index.js';
import type { AutomationDiagnostic } from './address.js';
import { chooseUnit, familyOf } from './families.js';
import { firstError, loadDefinition, molarMassOf, viewOf } from './common.js';
import { resolveAddress } from './address.js';
import type { VariableEntry } from './variables.js';
import type { ProcessDefinition } from '../runProcess/definition.js';
import { isPlainObject } from '../../platform/validation/issues.js';

/** The unit objects of a definition, in order (process may be an array or {equipment: [...]}). */
export function unitList(doc: Record<string, unknown>): Record<string, unknown>[] {
  const p = doc.process;
  const list = Array.isArray(p) ? p : isPlainObject(p) && Array.isArray(p.equipment) ? p.equipment : [];
  return list as Record<string, unknown>[];
}

export type WriteCheck = { ok: true; si: number; unit: string } | { ok: false; diagnostic: AutomationDiagnostic };

/** Whether `value` in `typedUnit` may be written to the variable, and its SI value. */
export function checkWrite(definition: ProcessDefinition, unit: UnitSpec, entry: VariableEntry, address: string, value: number, typedUnit: string | undefined): WriteCheck {
  const { def } = entry;
  if (def.json === undefined) {
    return { ok: false, diagnostic: { category: 'READ_ONLY_VARIABLE', originalInput: address, errorMessage: `${address} is a computed result and cannot be set`, suggestions: [], remediation: "Set one of the unit's specifications instead (getAdjustableParameters lists them)" } };
  }
  const fam = familyOf(def.family);
  const choice = chooseUnit(def.family, typedUnit);
  if (!choice.ok) {
    return { ok: false, diagnostic: { category: 'UNKNOWN_UNIT', originalInput: typedUnit ?? '', errorMessage: `'${typedUnit}' is not a unit of ${def.family} (${address})`, suggestions: [], remediation: `Use one of: ${choice.accepted.filter((u) => u !== '').join(', ')}` } };
  }
  const M = molarMassOf(viewOf(definition, unit), entry);
  const si = fam.toSI(value, choice.unit, M);
  const lo = def.min ?? -Infinity;
  const hi = def.max ?? Infinity;
  if (!Number.isFinite(si) || si < lo || si > hi || (def.exclusiveMin === true && si <= lo)) {
    const show = (x: number) => (Number.isFinite(x) ? `${+fam.fromSI(x, choice.unit, M).toPrecision(6)} ${choice.unit}`.trim() : x > 0 ? '∞' : '−∞');
    return {
      ok: false,
      diagnostic: {
        category: 'VALUE_OUT_OF_BOUNDS',
        originalInput: `${value} ${choice.unit}`.trim(),
        errorMessage: `${value} ${choice.unit} is outside what ${address} accepts ${def.exclusiveMin ? '(' : '['}${show(lo)}, ${show(hi)}]`.replace(/ +\]/, ']'),
        suggestions: [],
        remediation: 'Give a value within the bounds (getAdjustableParameters lists them)',
        context: { lowerBound: lo, upperBound: hi, unit: 'SI' },
      },
    };
  }
  return { ok: true, si, unit: choice.unit };
}

/**
 * A copy of `doc` with the variable written (checked first with checkWrite). `definition` must be
 * the one read from `doc`: the unit is found at the same position.
 */
export function writeIntoJson(doc: Record<string, unknown>, definition: ProcessDefinition, unit: UnitSpec, entry: VariableEntry, si: number, unitName: string, typedValue: number): Record<string, unknown> {
  const json = entry.def.json!;
  const out = structuredClone(doc);
  const raw = unitList(out)[definition.units.indexOf(unit)]!;
  const props: Record<string, unknown> = isPlainObject(raw.properties) ? { ...raw.properties } : {};
  // Unit-level flowRate/temperature/pressure are read as properties: move them in, so the write replaces them.
  for (const k of ['flowRate', 'temperature', 'pressure', 'composition']) {
    if (raw[k] !== undefined && props[k] === undefined) props[k] = raw[k];
    delete raw[k];
  }
  for (const k of json.clear) delete props[k];
  props[json.key] = json.encode(si, unitName, typedValue, props);
  raw.properties = props;
  return out;
}

export type WriteStep =
  | { ok: true; doc: Record<string, unknown>; definition: ProcessDefinition; address: string }
  /** `rejected`: the address or value was refused (nothing written); otherwise the written JSON no longer reads. */
  | { ok: false; rejected: boolean; code: string; message: string };

/**
 * Resolves `address` against `definition` (read from `doc`), checks the value, writes it into a
 * copy of `doc` and reads that copy back: one setpoint of a study or trial.
 */
export function applyWrite(tool: string, doc: Record<string, unknown>, definition: ProcessDefinition, address: string, value: number, typedUnit: string | undefined): WriteStep {
  const hit = resolveAddress(definition.units, address);
  if (!hit.ok) return { ok: false, rejected: true, code: hit.diagnostic.category, message: hit.diagnostic.errorMessage };
  const check = checkWrite(definition, hit.unit, hit.entry, hit.address, value, typedUnit);
  if (!check.ok) return { ok: false, rejected: true, code: check.diagnostic.category, message: check.diagnostic.errorMessage };
  const next = writeIntoJson(doc, definition, hit.unit, hit.entry, check.si, check.unit, value);
  const loaded = loadDefinition(tool, next);
  if (!loaded.ok) return { ok: false, rejected: false, ...firstError(loaded.env, 'DEFINITION_ERROR', 'the definition no longer reads') };
  return { ok: true, doc: next, definition: loaded.definition, address: hit.address };
}
