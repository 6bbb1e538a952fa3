/**
 * The keys a process definition may carry, declared per equipment type (strict-keys.ts): what
 * definition.ts reads (modelled), and what the original NeqSim accepts but this server does not
 * model yet, with the supported way to get the same answer (spec/neqsim-surface.md "Property
 * rules", the automation variables, equipmentDesign and autoSizing keys). Modelling a key later
 * (compressor charts, valve Cv) = moving it from `unmodelled` to `modelled` here and reading it
 * in definition.ts.
 *
 * checkProcessKeys walks a whole definition and returns the findings with JSON pointers; it runs
 * before anything is built, so a typo never becomes a default silently used.
 */
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import { normalizeEquipmentType } from '../../contract/flash-models.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import { CONDENSER_SPECS, REBOILER_SPECS } from './column-definition.js';
import { checkExclusive, checkKey, CONFLICTING_PROPERTY, pointer, UNKNOWN_PROPERTY, type KeyTable } from '../../contract/strict-keys.js';

type Table = Omit<KeyTable, 'subject'> & { unsupportedCode?: string };

const DESIGN_ALTERNATIVE = 'Mechanical design is not part of this steady-state simulation: size the equipment with sizeEquipment';
/** Keys the original takes on any unit (mechanical design). */
const ANY_UNIT: Record<string, string> = {
  mechanicalDesign: DESIGN_ALTERNATIVE,
  readDesignSpecifications: DESIGN_ALTERNATIVE,
  calcDesign: DESIGN_ALTERNATIVE,
};

const CHART_ONLY = 'The machine runs on its chart: the chart gives the head and efficiency (leave the efficiency out)';
const VESSEL = 'The separator is an equilibrium stage without geometry or carry-over: its outlets are the equilibrium phases (size the vessel with sizeEquipment; levels are simulated by runDynamic)';
const VALVE = 'Opening limits are not modelled: the valve is set by its outletPressure, or by Cv (or Kv) and percentValveOpening';
const PIPE_HEAT = 'The pipe is isothermal here (the heat the surroundings exchange is reported in the energy balance); use runPipeline for other pipe models';
const RECYCLE = 'Recycle loops are solved by direct substitution (tolerances: tolerance, flowTolerance, compositionTolerance, temperatureTolerance; defaults flow 1e-6 relative, 1e-4 K, Σ|Δz| 1e-7)';
const SPLIT = 'Give "splitFactors": the fractions of the inlet to each outlet, e.g. [0.6, 0.4]';

const SEPARATOR: Table = {
  modelled: ['pressureDrop'],
  unmodelled: { entrainment: VESSEL, internalDiameter: VESSEL, separatorLength: VESSEL, liquidLevel: VESSEL, orientation: VESSEL },
};

const OUTLET_PRESSURE = ['outletPressure', 'outPressure', 'pressure'];
const COMPRESSOR_LIKE = (extra: Record<string, string>, chart: string[] = []): Table => ({
  modelled: ['outletPressure', 'isentropicEfficiency', ...chart],
  aliases: ['outPressure', 'pressure', 'efficiency'],
  unmodelled: { ...(chart.length === 0 ? { speed: 'Only compressors and pumps run on a chart and take a speed' } : {}), ...extra },
  exclusive: [OUTLET_PRESSURE, ['isentropicEfficiency', 'efficiency']],
});
const PIPE_GEOMETRY = ['length', 'diameter', 'pipeWallRoughness', 'elevation', 'angle', 'numberOfIncrements'];
const PIPE_ALIASES = ['insideDiameter', 'roughness', 'elevationChange', 'numberOfSegments'];
const PIPE_EXCLUSIVE = [['diameter', 'insideDiameter'], ['pipeWallRoughness', 'roughness'], ['elevation', 'elevationChange', 'angle'], ['numberOfIncrements', 'numberOfSegments']];

/**
 * The engine type a unit's type is simulated as: normalizeEquipmentType plus the original's
 * aliases (Valve → ThrottlingValve, Scrubber → GasScrubber, Saturator → StreamSaturatorUtil,
 * Pipe/Pipeline → AdiabaticPipe, as its EquipmentFactory maps them).
 */
export function simulatedType(type: unknown): string | undefined {
  const t = normalizeEquipmentType(type);
  const alias: Record<string, string> = { Valve: 'ThrottlingValve', Column: 'DistillationColumn', Scrubber: 'GasScrubber', Saturator: 'StreamSaturatorUtil', Pipe: 'AdiabaticPipe', Pipeline: 'AdiabaticPipe' };
  return t !== undefined && alias[t] !== undefined ? alias[t] : t;
}

const EQUILIBRIUM_STAGES = 'Column stages are equilibrium stages: represent a tray efficiency by fewer stages (theoretical stages = actual trays × efficiency)';
const ABSORBER: Table = {
  modelled: ['numberOfStages', 'topPressure', 'bottomPressure', 'pressure'],
  exclusive: [['pressure', 'topPressure']],
  unmodelled: { stageEfficiency: EQUILIBRIUM_STAGES, murphreeEfficiency: EQUILIBRIUM_STAGES, internalDiameter: DESIGN_ALTERNATIVE },
};

const NOT_POLYTROPIC = 'Only compressors take a polytropic calculation: give isentropicEfficiency';

/** By canonical equipment type (normalizeEquipmentType; Valve is ThrottlingValve). */
export const PROPERTY_TABLES: Readonly<Record<string, Table>> = {
  Stream: { modelled: ['flowRate', 'temperature', 'pressure', 'composition'] },
  Separator: SEPARATOR,
  ThreePhaseSeparator: SEPARATOR,
  GasScrubber: SEPARATOR,
  Tank: { modelled: ['pressureDrop'], unmodelled: { volume: 'The steady state of a tank does not depend on its volume (an equilibrium flash); hold-up is simulated by runDynamic', liquidLevel: VESSEL } },
  Filter: { modelled: ['deltaP'], unmodelled: { Cv: 'A filter is set by its pressure drop: give "deltaP" [bar]' } },
  StreamSaturatorUtil: { modelled: [], unmodelled: { approachToSaturation: 'The outlet is fully saturated (approach 1)' } },
  ComponentSplitter: { modelled: ['splitFactors'] },
  AdiabaticPipe: { modelled: PIPE_GEOMETRY, aliases: PIPE_ALIASES, exclusive: PIPE_EXCLUSIVE },
  Compressor: {
    modelled: ['outletPressure', 'isentropicEfficiency', 'polytropicEfficiency', 'usePolytropicCalc', 'polytropicMethod', 'compressorChart', 'useCompressorChart', 'speed'],
    aliases: ['outPressure', 'pressure', 'efficiency'],
    // With a polytropic efficiency the compressor is computed from it alone.
    exclusive: [OUTLET_PRESSURE, ['isentropicEfficiency', 'efficiency', 'polytropicEfficiency']],
    unmodelled: {
      antiSurge: 'Anti-surge control is not modelled: build the recycle with a Splitter, a ThrottlingValve and a Recycle unit',
      driver: 'Drivers are not modelled: the result gives the shaft power (power_kW) to compare with the driver rating',
      outTemperature: 'The outlet temperature follows from outletPressure and the efficiency: give isentropicEfficiency (an Adjuster can vary it to meet an outlet temperature)',
      maxDesignPower: DESIGN_ALTERNATIVE,
    },
  },
  Expander: COMPRESSOR_LIKE({ polytropicEfficiency: NOT_POLYTROPIC, usePolytropicCalc: NOT_POLYTROPIC, polytropicMethod: NOT_POLYTROPIC }),
  Pump: COMPRESSOR_LIKE({ polytropicEfficiency: NOT_POLYTROPIC, usePolytropicCalc: NOT_POLYTROPIC, polytropicMethod: NOT_POLYTROPIC }, ['pumpChart', 'speed']),
  Heater: heaterTable(),
  Cooler: heaterTable(),
  HeatExchanger: {
    modelled: ['UAvalue'],
    unmodelled: { guessOutTemperature: 'Leave it out: the counter-current ε-NTU solution needs no starting guess' },
  },
  Mixer: { modelled: [] },
  Splitter: { modelled: ['splitFactors'], unmodelled: { flowRates: SPLIT, flowUnit: SPLIT, splitNumber: SPLIT } },
  ThrottlingValve: {
    modelled: ['outletPressure', 'Cv', 'percentValveOpening', 'xT', 'FL'],
    aliases: ['outPressure', 'pressure', 'cv', 'Kv'],
    exclusive: [OUTLET_PRESSURE, ['Cv', 'cv', 'Kv']],
    unmodelled: { minimumValveOpening: VALVE, maximumValveOpening: VALVE },
  },
  Recycle: {
    modelled: ['outletStream', 'tolerance', 'flowTolerance', 'compositionTolerance', 'temperatureTolerance'],
    unmodelled: { accelerationMethod: RECYCLE, downstreamProperty: RECYCLE },
  },
  Calculator: {
    modelled: ['calculatorInputs', 'calculatorOutput'],
    unmodelled: { calculationType: 'The Calculator is the original\'s default make-up calculator (the output stream carries the TEG, or MEG, lost through the inputs); other calculations are not modelled' },
  },
  PipeBeggsAndBrills: {
    modelled: PIPE_GEOMETRY,
    aliases: PIPE_ALIASES,
    exclusive: PIPE_EXCLUSIVE,
    unmodelled: { heatTransferCoefficient: PIPE_HEAT, constantSurfaceTemperature: PIPE_HEAT, pipeWallThickness: DESIGN_ALTERNATIVE },
  },
  DistillationColumn: {
    modelled: ['numberOfTrays', 'hasCondenser', 'hasReboiler', 'totalCondenser', 'feedTray', 'feedTrays', 'topPressure', 'bottomPressure', 'trayPressures', 'sideDraws', ...CONDENSER_SPECS, ...REBOILER_SPECS],
    exclusive: [['feedTray', 'feedTrays'], ['trayPressures', 'topPressure'], ['trayPressures', 'bottomPressure'], [...CONDENSER_SPECS], [...REBOILER_SPECS]],
    unmodelled: { trayEfficiency: EQUILIBRIUM_STAGES, murphreeEfficiency: EQUILIBRIUM_STAGES, stageEfficiency: EQUILIBRIUM_STAGES, internalDiameter: DESIGN_ALTERNATIVE },
  },
  SimpleAbsorber: ABSORBER,
  SimpleTEGAbsorber: ABSORBER,
  WaterStripperColumn: { ...ABSORBER, modelled: [...ABSORBER.modelled, ...REBOILER_SPECS], exclusive: [...ABSORBER.exclusive!, [...REBOILER_SPECS]] },
  Adjuster: {
    // stepSize: the original reads it and never uses it; neither do we (stated in the limitations).
    modelled: ['adjustedEquipment', 'adjustedVariable', 'adjustedUnit', 'targetEquipment', 'targetVariable', 'targetValue', 'targetUnit', 'stepSize'],
    unmodelled: {
      minAdjustedValue: 'The adjusted variable is kept inside its own physical bounds (getAdjustableParameters lists them)',
      maxAdjustedValue: 'The adjusted variable is kept inside its own physical bounds (getAdjustableParameters lists them)',
      tolerance: 'Adjusters converge to |target − value| ≤ 1e-6·max(1, |value|) (fixed)',
    },
  },
  SetPoint: {
    modelled: ['sourceEquipment', 'sourceVariable', 'sourceUnit', 'targetEquipment', 'targetVariable', 'targetUnit', 'multiplier', 'offset'],
    unmodelled: { targetValue: 'A SetPoint sets its target to multiplier·source + offset; to fix a value, write it into the target unit\'s properties' },
  },
};

function heaterTable(): Table {
  return {
    modelled: ['outTemperature', 'duty', 'outletPressure', 'pressureDrop'],
    aliases: ['outletTemperature', 'energyInput', 'outPressure'],
    // Exactly one of temperature and duty is checked where they are read (MISSING_PROPERTY).
    exclusive: [['outTemperature', 'outletTemperature'], ['duty', 'energyInput'], ['outletPressure', 'outPressure', 'pressureDrop']],
    unmodelled: { maxDesignDuty: DESIGN_ALTERNATIVE, designDuty: DESIGN_ALTERNATIVE },
  };
}

/** Fluid objects (fluid, fluids.<name>). */
const FLUID_TABLE: Table = {
  modelled: ['model', 'temperature', 'pressure', 'components', 'mixingRule', 'multiPhaseCheck', 'alphaFunction'],
  aliases: ['temperature_C', 'pressure_bara'],
  exclusive: [['temperature', 'temperature_C'], ['pressure', 'pressure_bara']],
  unsupportedCode: 'UNSUPPORTED_FLUID_FEATURE',
  unmodelled: {
    characterizedComponents: 'Describe the fluid with database components ("components": {name: mole fraction}); use searchComponents to find names',
    componentProperties: 'Component parameters come from the database; use searchComponents to find a component with the properties you need',
    binaryInteractionParameters: 'The database interaction parameters are used; leave binaryInteractionParameters out',
    e300FilePath: 'Give the composition as "components": {name: mole fraction}',
    useVolumeCorrection: 'The volume (Péneloux) correction is not selectable: leave it out',
  },
};

/** Unit-level keys the original runner moves into "properties" (checked there). */
const MOVED = ['flowRate', 'temperature', 'pressure', 'composition'];

function withSubject(t: Table, subject: string): KeyTable {
  return { ...t, subject };
}

function check(key: string, t: Table, subject: string, field: string, out: DiagnosticIssue[]): void {
  const found = checkKey(key, withSubject(t, subject), field);
  if (!found) return;
  out.push(found.code === UNKNOWN_PROPERTY || t.unsupportedCode === undefined ? found : { ...found, code: t.unsupportedCode });
}

function checkFluid(f: unknown, at: string, label: string, out: DiagnosticIssue[]): void {
  if (!isPlainObject(f)) return; // shape problems are reported where the fluid is read
  for (const key of Object.keys(f)) check(key, FLUID_TABLE, label, pointer(at, key), out);
  out.push(...checkExclusive(f, withSubject(FLUID_TABLE, label), at));
}

/** Strictness findings of one fluid object ({model, temperature, pressure, components, …}) at pointer `at`. */
export function checkFluidKeys(fluid: unknown, at: string): DiagnosticIssue[] {
  const out: DiagnosticIssue[] = [];
  checkFluid(fluid, at, 'fluid', out);
  return out;
}

/** The canonical type definition.ts simulates a unit as (undefined when unknown). */
function canonicalType(type: unknown): string | undefined {
  return simulatedType(type);
}

/**
 * Strictness findings of a process definition ({fluid|fluids, process}); `base` is the JSON
 * pointer of the definition in the tool's input ('' when it is the input).
 */
export function checkProcessKeys(doc: Record<string, unknown>, base = ''): DiagnosticIssue[] {
  const out: DiagnosticIssue[] = [];
  checkFluid(doc.fluid, pointer(base, 'fluid'), 'fluid', out);
  if (isPlainObject(doc.fluids)) for (const [name, f] of Object.entries(doc.fluids)) checkFluid(f, pointer(base, 'fluids', name), `fluid '${name}'`, out);
  let list: unknown = doc.process;
  let listAt = pointer(base, 'process');
  if (isPlainObject(list) && Array.isArray(list.equipment)) [list, listAt] = [list.equipment, pointer(listAt, 'equipment')];
  if (!Array.isArray(list)) return out;
  list.forEach((u, i) => {
    if (!isPlainObject(u)) return;
    const type = canonicalType(u.type);
    const t = type === undefined ? undefined : PROPERTY_TABLES[type];
    if (t === undefined) return; // an unknown or unsimulated type is reported by itself
    const at = pointer(listAt, i);
    const subject = `${type} '${typeof u.name === 'string' ? u.name : `unit ${i + 1}`}'`;
    // Unit-level keys of the schema that only some types read (a Stream's "inlet" is refused where it is read).
    const misplaced = type === 'Stream' ? 'inlets' : 'fluidRef';
    if (u[misplaced] !== undefined) {
      const fix = type === 'Stream' ? 'A Stream is a feed: leave "inlets" out' : '"fluidRef" chooses the fluid of a feed Stream: leave it out here';
      out.push(issue(UNKNOWN_PROPERTY, `${subject}: "${misplaced}" does not apply to a ${type}`, fix, pointer(at, misplaced)));
    }
    if (u.inlet !== undefined && u.inlets !== undefined) out.push(issue(CONFLICTING_PROPERTY, `${subject}: both "inlet" and "inlets" are given; only one would be used`, 'Give "inlet" (one feed) or "inlets" (several)', pointer(at, 'inlets')));
    const props = isPlainObject(u.properties) ? u.properties : {};
    for (const key of MOVED) {
      if (u[key] === undefined) continue;
      if (props[key] !== undefined) out.push(issue(CONFLICTING_PROPERTY, `${subject}: "${key}" is given both on the unit and in its properties; only one would be used`, 'Give it once, in "properties"', pointer(at, key)));
      else check(key, t, subject, pointer(at, key), out);
    }
    const withDesign: Table = { ...t, unmodelled: { ...ANY_UNIT, ...t.unmodelled } };
    for (const key of Object.keys(props)) check(key, withDesign, `${subject} properties`, pointer(at, 'properties', key), out);
    // Unit-level keys count too: the original moves them into properties.
    const merged = { ...Object.fromEntries(MOVED.filter((k) => u[k] !== undefined).map((k) => [k, u[k]])), ...props };
    out.push(...checkExclusive(merged, withSubject(t, `${subject} properties`), pointer(at, 'properties')));
  });
  return out;
}
