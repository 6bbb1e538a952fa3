/**
 * Checks of process definitions (seed 001 process JSON) and of multi-area process models.
 * Beyond the original's checks we also resolve inlet references, fluidRef names and fluid
 * T/P, because those mistakes otherwise only surface as dropped units after a run.
 */
import { levenshtein } from '../../../engine/components/index.js';
import { EQUIPMENT_TYPES, FLASH_MODELS, normalizeEquipmentType } from '../../contract/flash-models.js';
import { SIMULATED_TYPES } from '../../process/runProcess/definition.js';
import { checkComponents, checkModel, checkModelCoverage, checkPressure, checkTemperature } from './fluid-checks.js';
import { at, err, isPlainObject, show, warn, type Issues } from './issues.js';
import { checkProcessKeys } from '../../process/runProcess/unit-keys.js';
import { pointer } from '../../contract/strict-keys.js';

function checkFluid(fluid: unknown, field: string, issues: Issues): void {
  if (!isPlainObject(fluid)) {
    issues.push(err('INVALID_FLUID', `The fluid must be an object, got ${show(fluid)}`, 'Give {"model": "SRK", "temperature": 298.15, "pressure": 50, "components": {...}}', field));
    return;
  }
  const model = checkModel(fluid.model, at(field, 'model'), issues, FLASH_MODELS);
  const characterized = Array.isArray(fluid.characterizedComponents) && fluid.characterizedComponents.length > 0;
  if (fluid.components === undefined && !characterized) {
    issues.push(err('MISSING_COMPONENTS', 'The fluid has no components', 'Add "components": {"methane": 0.9, "ethane": 0.1} to the fluid', at(field, 'components')));
  } else {
    const summary = checkComponents(fluid.components, at(field, 'components'), issues, !characterized);
    checkModelCoverage(model, summary, at(field, 'components'), issues);
  }
  if (fluid.temperature !== undefined) checkTemperature(fluid.temperature, at(field, 'temperature'), issues);
  else if (fluid.temperature_C !== undefined) checkTemperature({ value: fluid.temperature_C, unit: 'C' }, at(field, 'temperature_C'), issues);
  if (fluid.pressure !== undefined) checkPressure(fluid.pressure, at(field, 'pressure'), issues);
  else if (fluid.pressure_bara !== undefined) checkPressure({ value: fluid.pressure_bara, unit: 'bara' }, at(field, 'pressure_bara'), issues);
}

function closestEquipmentType(type: string): string | undefined {
  const t = type.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const e of EQUIPMENT_TYPES) {
    const d = levenshtein(t, e.toLowerCase());
    if (d < bestD) [best, bestD] = [e, d];
  }
  return bestD <= Math.max(3, Math.floor(t.length / 2)) ? best : undefined;
}

/** The unit name part of an inlet reference ("HP Sep.gasOut" → "HP Sep"). */
function referencedUnit(ref: string): string {
  const dot = ref.indexOf('.');
  return dot < 0 ? ref : ref.slice(0, dot);
}

/**
 * Validates one ProcessSystem definition ({fluid|fluids, process}); prefix is the field path,
 * base the JSON pointer of the definition (for the key findings runProcess would refuse).
 */
export function checkProcessSystem(def: Record<string, unknown>, prefix: string, issues: Issues, base = ''): void {
  // Keys runProcess does not read (typos) or does not model: the same findings it refuses with.
  issues.push(...checkProcessKeys(def, base));
  const hasFluid = def.fluid !== undefined;
  const hasFluids = def.fluids !== undefined;
  if (!hasFluid && !hasFluids) {
    issues.push(warn('NO_FLUID', 'No "fluid" or "fluids" given', 'Add a default "fluid" (model, temperature, pressure, components) that streams use', at(prefix, 'fluid')));
  }
  if (hasFluid) checkFluid(def.fluid, at(prefix, 'fluid'), issues);
  const fluidNames = new Set<string>(hasFluid ? ['default'] : []);
  if (hasFluids) {
    if (!isPlainObject(def.fluids)) {
      issues.push(err('INVALID_FLUID', '"fluids" must be an object of name → fluid', 'Write it as {"gas": {...fluid...}, "oil": {...}}', at(prefix, 'fluids')));
    } else {
      for (const [name, fluid] of Object.entries(def.fluids)) {
        fluidNames.add(name);
        checkFluid(fluid, at(at(prefix, 'fluids'), name), issues);
      }
    }
  }

  const processField = at(prefix, 'process');
  let units: unknown = def.process;
  // runProcess accepts {"equipment": [...]} and normalizes it; accept it here too.
  if (isPlainObject(units) && Array.isArray(units.equipment)) units = units.equipment;
  if (units === undefined) {
    issues.push(err('MISSING_PROCESS', 'No "process" array given', 'Add "process": [{"type": "Stream", "name": "feed", ...}, ...]', processField));
    return;
  }
  if (!Array.isArray(units)) {
    issues.push(err('INVALID_PROCESS', `"process" must be an array of units, got ${show(units)}`, 'Write "process": [{"type": "Stream", ...}, {"type": "Separator", ...}]', processField));
    return;
  }
  if (units.length === 0) {
    issues.push(warn('EMPTY_PROCESS', 'The process has no units', 'Add at least a feed Stream', processField));
    return;
  }

  const names = new Map<string, number>();
  const inletRefs: { ref: string; field: string; unit: string }[] = [];
  units.forEach((unit, i) => {
    const f = at(processField, i);
    if (!isPlainObject(unit)) {
      issues.push(err('INVALID_UNIT', `Unit ${i + 1} must be an object, got ${show(unit)}`, 'Give each unit as {"type": "...", "name": "...", ...}', f));
      return;
    }
    const type = unit.type;
    let canonicalType: string | undefined;
    if (typeof type !== 'string' || type.trim() === '') {
      issues.push(err('MISSING_TYPE', `Unit ${i + 1} has no "type"`, `Add "type", one of: ${EQUIPMENT_TYPES.join(', ')}`, at(f, 'type')));
    } else {
      canonicalType = normalizeEquipmentType(type);
      const simulated = canonicalType === 'Valve' ? 'ThrottlingValve' : canonicalType === 'Column' ? 'DistillationColumn' : canonicalType;
      if (simulated !== undefined && simulated !== 'Adjuster' && simulated !== 'SetPoint' && !(SIMULATED_TYPES as readonly string[]).includes(simulated)) {
        issues.push(err('UNSUPPORTED_EQUIPMENT', `Equipment type '${type}' is part of the original's format but runProcess on this server does not simulate it yet`, `Use one of: ${SIMULATED_TYPES.join(', ')}`, at(f, 'type')));
      }
      if (canonicalType === undefined) {
        const s = closestEquipmentType(type);
        issues.push(err('UNKNOWN_EQUIPMENT_TYPE', `Unknown equipment type '${type}'${s ? `. Did you mean '${s}'?` : ''}`, s ? `Did you mean '${s}'?` : `Use one of: ${EQUIPMENT_TYPES.join(', ')}`, at(f, 'type')));
      }
    }
    const name = typeof unit.name === 'string' && unit.name.trim() !== '' ? unit.name : `${typeof type === 'string' ? type : 'unit'}_${i + 1}`;
    if (names.has(name)) {
      issues.push(warn('DUPLICATE_EQUIPMENT_NAME', `Two units are named '${name}' (units ${names.get(name)! + 1} and ${i + 1})`, 'Give every unit a unique name; references resolve to only one of them', at(f, 'name')));
    } else {
      names.set(name, i);
    }
    if (unit.inlet !== undefined) {
      if (typeof unit.inlet !== 'string' || unit.inlet.trim() === '') {
        issues.push(warn('EMPTY_INLET', `Unit '${name}' has an empty "inlet"`, 'Set "inlet" to the name of the upstream unit, e.g. "feed" or "HP Sep.gasOut"', at(f, 'inlet')));
      } else {
        inletRefs.push({ ref: unit.inlet, field: at(f, 'inlet'), unit: name });
      }
    }
    if (Array.isArray(unit.inlets)) {
      unit.inlets.forEach((ref, j) => {
        if (typeof ref !== 'string' || ref.trim() === '') {
          issues.push(warn('EMPTY_INLET', `Unit '${name}' has an empty entry in "inlets"`, 'Each entry must name an upstream unit', at(at(f, 'inlets'), j)));
        } else {
          inletRefs.push({ ref, field: at(at(f, 'inlets'), j), unit: name });
        }
      });
    }
    if (unit.fluidRef !== undefined && (typeof unit.fluidRef !== 'string' || !fluidNames.has(unit.fluidRef))) {
      issues.push(err('FLUID_NOT_FOUND', `Unit '${name}' refers to fluid ${show(unit.fluidRef)}, which "fluids" does not define`, fluidNames.size > 0 ? `Use one of: ${[...fluidNames].join(', ')}` : 'Define it under "fluids"', at(f, 'fluidRef')));
    }
  });
  for (const { ref, field, unit } of inletRefs) {
    const target = referencedUnit(ref);
    if (!names.has(target)) {
      issues.push(warn('UNRESOLVED_INLET', `Unit '${unit}' takes its inlet from '${target}', which is not a unit in this process`, `Use the name of an upstream unit (${[...names.keys()].slice(0, 8).join(', ')})`, field));
    }
  }
}

/** Validates a multi-area process model ({areas: {name: ProcessSystem}}). */
export function checkProcessModel(def: Record<string, unknown>, issues: Issues): void {
  const areas = def.areas;
  if (!isPlainObject(areas)) {
    issues.push(err('INVALID_AREAS', `"areas" must be an object of area name → process definition, got ${show(areas)}`, 'Write "areas": {"inlet": {"fluid": {...}, "process": [...]}}', 'areas'));
    return;
  }
  const entries = Object.entries(areas);
  if (entries.length === 0) {
    issues.push(err('EMPTY_AREAS', 'The process model has no areas', 'Add at least one area with a fluid and a process', 'areas'));
    return;
  }
  for (const [name, area] of entries) {
    const field = at('areas', name);
    if (!isPlainObject(area)) {
      issues.push(err('INVALID_AREA', `Area '${name}': must be a process definition object, got ${show(area)}`, 'Give the area as {"fluid": {...}, "process": [...]}', field));
      continue;
    }
    const areaIssues: Issues = [];
    checkProcessSystem(area, field, areaIssues, pointer('', 'areas', name));
    for (const i of areaIssues) issues.push({ ...i, message: `Area '${name}': ${i.message}` });
  }
}
