/**
 * The automation variables of each unit type: what an address such as
 * "Export Compressor.outletPressure" or "HP Sep.gasOutStream.temperature" names, how its SI
 * value is read (specifications from the parsed definition, results from the solved flowsheet)
 * and how a write goes back into the process JSON. Names and default units follow the original's
 * automation layer (spec/neqsim-surface.md §2.15) for the equipment this server simulates; a
 * property the engine does not model (compressor speed, valve Cv) is not offered.
 *
 * INPUT = the unit's current specification; OUTPUT = computed. Some OUTPUTs are `writable`:
 * writing a heater's duty makes the duty its specification instead of the outlet temperature.
 */
import { overallMolarMass, type RecycleReport, type StreamState, type UnitResult, type UnitSpec } from '../../../engine/index.js';
import { streamReport } from '../runProcess/report.js';
import type { UnitFamily } from './families.js';

export type VariableType = 'INPUT' | 'OUTPUT';

/** One unit of a process as the automation layer sees it. */
export interface UnitView {
  spec: UnitSpec;
  /** Present once the flowsheet has been solved. */
  result?: UnitResult;
  recycle?: RecycleReport;
}

/** Where a write goes in the unit's JSON object: `properties[key]`, with alternative spellings removed. */
export interface JsonTarget {
  key: string;
  /** Keys (in `properties` and on the unit itself) that would compete with `key`. */
  clear: readonly string[];
  /** The JSON value to store for an SI value the caller gave in `unit`; a string = refused (why). */
  encode(valueSI: number, unit: string, typedValue: number, properties: Record<string, unknown>): unknown;
}

export interface VariableDef {
  property: string;
  type: VariableType;
  family: UnitFamily;
  description: string;
  category: 'specification' | 'result' | 'stream';
  /** Bounds of a write, SI (inclusive). */
  min?: number;
  max?: number;
  /** A write must be above `min` (flows, efficiencies), not merely at least it. */
  exclusiveMin?: boolean;
  /** SI value; undefined when the unit did not compute it (no flow, not solved, not applicable). */
  read(view: UnitView): number | undefined;
  /** Present on writable variables. */
  json?: JsonTarget;
}

/** An outlet port as addresses name it, and the engine's key for it. */
export interface PortDef {
  name: string;
  key: string;
}

/** A variable of a unit: on the unit itself, or on one of its outlet streams. */
export interface VariableEntry {
  port?: PortDef;
  def: VariableDef;
}

const K_MIN = 50;
const K_MAX = 1500;
const PA_MIN = 1e3;
const PA_MAX = 1e8;

/** [value, unit] as the definition reader parses quantities (keeps the caller's unit, so the JSON stays readable). */
const withUnit = (_si: number, unit: string, typed: number): unknown => [typed, unit];
const plainSI = (si: number): unknown => si;

const streamOf = (view: UnitView, port: string): StreamState | undefined => view.result?.outlets[port];

/** Variables of an outlet stream (`Unit.port.property`), all computed. */
function streamVariables(port: string): VariableDef[] {
  return [
    { property: 'temperature', type: 'OUTPUT', family: 'temperature', category: 'stream', description: 'Stream temperature', read: (v) => streamOf(v, port)?.flash.T },
    { property: 'pressure', type: 'OUTPUT', family: 'pressure', category: 'stream', description: 'Stream pressure (absolute)', read: (v) => streamOf(v, port)?.flash.P },
    { property: 'flowRate', type: 'OUTPUT', family: 'massFlow', category: 'stream', description: 'Stream flow rate (mass by default; molar and standard-volume units accepted)', read: (v) => streamOf(v, port)?.molarFlow },
    {
      property: 'density',
      type: 'OUTPUT',
      family: 'density',
      category: 'stream',
      description: 'Stream density (all phases together)',
      read: (v) => {
        const s = streamOf(v, port);
        return s ? streamReport(s).density_kg_m3 : undefined;
      },
    },
    { property: 'molarMass', type: 'OUTPUT', family: 'molarMass', category: 'stream', description: 'Stream molar mass', read: (v) => streamOf(v, port)?.molarMass },
  ];
}

/** Outlet ports per unit type, named as the original's automation addresses name them. */
export function portsOf(spec: UnitSpec): PortDef[] {
  switch (spec.type) {
    case 'Stream':
    case 'Calculator':
      return [];
    case 'Separator':
    case 'GasScrubber':
    case 'Tank':
      return [{ name: 'gasOutStream', key: 'gasOut' }, { name: 'liquidOutStream', key: 'liquidOut' }];
    case 'ComponentSplitter':
      return [{ name: 'splitStream_0', key: 'split0' }, { name: 'splitStream_1', key: 'split1' }];
    case 'ThreePhaseSeparator':
      return [{ name: 'gasOutStream', key: 'gasOut' }, { name: 'oilOutStream', key: 'oilOut' }, { name: 'waterOutStream', key: 'waterOut' }];
    case 'Splitter':
      return spec.fractions.map((_, i) => ({ name: `splitStream_${i}`, key: `split${i}` }));
    case 'HeatExchanger':
      return [{ name: 'outStream0', key: 'hx0' }, { name: 'outStream1', key: 'hx1' }];
    case 'DistillationColumn':
    case 'SimpleAbsorber':
    case 'SimpleTEGAbsorber':
    case 'WaterStripperColumn':
      return [{ name: 'gasOutStream', key: 'gasOut' }, { name: 'liquidOutStream', key: 'liquidOut' }, ...spec.column.sideDraws.map((_, i) => ({ name: `sideDrawStream_${i}`, key: `sideDraw${i}` }))];
    default:
      return [{ name: 'outletStream', key: 'out' }];
  }
}

const outletPressure = (type: string): VariableDef => ({
  property: 'outletPressure',
  type: 'INPUT',
  family: 'pressure',
  category: 'specification',
  description: `${type} outlet pressure (absolute)`,
  min: PA_MIN,
  max: PA_MAX,
  read: (v) => {
    const s = v.spec;
    // A valve sized by its Cv, or a machine at a given speed, has the outlet pressure as a result.
    if (s.type === 'ThrottlingValve') return s.outletPressure ?? v.result?.outlets.out?.flash.P;
    if (s.type === 'Compressor' || s.type === 'Pump' || s.type === 'Expander') return s.chart?.speed !== undefined ? v.result?.outlets.out?.flash.P : s.machine.outletPressure;
    return undefined;
  },
  json: { key: 'outletPressure', clear: ['outPressure', 'pressure'], encode: withUnit },
});

const machineEfficiency = (spec: Extract<UnitSpec, { machine: unknown }>): VariableDef[] => {
  const polytropic = spec.machine.polytropicEfficiency !== undefined;
  const defs: VariableDef[] = [
    {
      property: 'isentropicEfficiency',
      type: polytropic ? 'OUTPUT' : 'INPUT',
      family: 'dimensionless',
      category: polytropic ? 'result' : 'specification',
      description: polytropic ? 'Isentropic efficiency that results from the polytropic specification (writing it makes it the specification)' : 'Isentropic efficiency (fraction)',
      min: 0,
      exclusiveMin: true,
      max: 1,
      read: (v) => (polytropic ? v.result?.values.isentropicEfficiency : (v.spec as typeof spec).machine.isentropicEfficiency),
      json: { key: 'isentropicEfficiency', clear: ['efficiency', 'polytropicEfficiency', 'usePolytropicCalc'], encode: plainSI },
    },
    { property: 'power', type: 'OUTPUT', family: 'power', category: 'result', description: spec.type === 'Expander' ? 'Shaft power (negative: power produced)' : 'Shaft power absorbed', read: (v) => v.result?.values.power },
  ];
  if (spec.type === 'Compressor') {
    defs.push(
      {
        property: 'polytropicEfficiency',
        type: polytropic ? 'INPUT' : 'OUTPUT',
        family: 'dimensionless',
        category: polytropic ? 'specification' : 'result',
        description: polytropic ? 'Polytropic efficiency (fraction)' : 'Polytropic efficiency; not computed under an isentropic specification (writing it makes it the specification)',
        min: 0,
        exclusiveMin: true,
        max: 1,
        read: (v) => v.result?.values.polytropicEfficiency ?? (v.spec as typeof spec).machine.polytropicEfficiency,
        json: { key: 'polytropicEfficiency', clear: ['isentropicEfficiency', 'efficiency', 'usePolytropicCalc'], encode: plainSI },
      },
      { property: 'polytropicHead', type: 'OUTPUT', family: 'specificEnergy', category: 'result', description: 'Polytropic head (polytropic specification only)', read: (v) => v.result?.values.polytropicHead },
      { property: 'isentropicHead', type: 'OUTPUT', family: 'specificEnergy', category: 'result', description: 'Isentropic head', read: (v) => v.result?.values.isentropicHead },
      {
        property: 'compressionRatio',
        type: 'OUTPUT',
        family: 'dimensionless',
        category: 'result',
        description: 'Outlet over inlet pressure',
        read: (v) => {
          const i = v.result?.inlets[0];
          const o = v.result?.outlets.out;
          return i && o ? o.flash.P / i.flash.P : undefined;
        },
      },
    );
  }
  return defs;
};

function heaterVariables(spec: Extract<UnitSpec, { heater: unknown }>): VariableDef[] {
  const byDuty = spec.heater.duty !== undefined;
  const cooler = spec.type === 'Cooler';
  return [
    {
      property: 'outletTemperature',
      type: byDuty ? 'OUTPUT' : 'INPUT',
      family: 'temperature',
      category: byDuty ? 'result' : 'specification',
      description: byDuty ? 'Outlet temperature that results from the duty (writing it makes it the specification)' : 'Outlet temperature',
      min: K_MIN,
      max: K_MAX,
      read: (v) => (byDuty ? v.result?.outlets.out?.flash.T : (v.spec as typeof spec).heater.outletTemperature),
      json: { key: 'outTemperature', clear: ['outletTemperature', 'duty', 'energyInput'], encode: withUnit },
    },
    {
      property: 'duty',
      type: byDuty ? 'INPUT' : 'OUTPUT',
      family: 'power',
      category: byDuty ? 'specification' : 'result',
      description: `Heat added to the stream${cooler ? ' (negative: heat removed)' : ''}${byDuty ? '' : '; writing it makes it the specification'}`,
      ...(cooler ? { max: 0 } : {}),
      read: (v) => (byDuty ? (v.spec as typeof spec).heater.duty : v.result?.values.duty),
      // The definition reads a cooler's duty as the heat removed (a positive number).
      json: { key: 'duty', clear: ['energyInput', 'outTemperature', 'outletTemperature'], encode: (si, unit, typed) => [cooler ? -typed : typed, unit] },
    },
  ];
}

function valveVariables(spec: Extract<UnitSpec, { type: 'ThrottlingValve' }>): VariableDef[] {
  const out = (property: string, description: string, key: string): VariableDef => ({ property, type: 'OUTPUT', family: 'dimensionless', category: 'result', description, read: (v) => v.result?.values[key] });
  const defs: VariableDef[] = [
    outletPressure('Valve'),
    out('requiredCv', 'US Cv the flow needs at this pressure drop (IEC 60534-2-1; liquid or gas inlet only)', 'requiredCv'),
    out('choked', '1 when the flow is choked (IEC 60534-2-1), else 0', 'choked'),
  ];
  if (spec.valve?.cv !== undefined) {
    defs.push(
      { property: 'Cv', type: 'INPUT', family: 'dimensionless', category: 'specification', description: 'Valve flow coefficient at full opening (US Cv)', min: 0, exclusiveMin: true, max: 1e6, read: (v) => (v.spec.type === 'ThrottlingValve' ? v.spec.valve?.cv : undefined), json: { key: 'Cv', clear: ['cv', 'Kv'], encode: plainSI } },
      { property: 'percentValveOpening', type: 'INPUT', family: 'dimensionless', category: 'specification', description: 'Valve opening, percent (linear characteristic)', min: 0, exclusiveMin: true, max: 100, read: (v) => (v.spec.type === 'ThrottlingValve' ? (v.spec.valve?.opening ?? 1) * 100 : undefined), json: { key: 'percentValveOpening', clear: [], encode: plainSI } },
      { property: 'requiredOpening', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'Opening (percent) the given Cv needs at the operating pressure drop', read: (v) => (v.result?.values.requiredOpening !== undefined ? v.result.values.requiredOpening * 100 : undefined) },
    );
  }
  return defs;
}

function chartVariables(spec: Extract<UnitSpec, { machine: unknown }>): VariableDef[] {
  const bySpeed = spec.chart?.speed !== undefined;
  const out = (property: string, family: VariableDef['family'], description: string, key: string): VariableDef => ({ property, type: 'OUTPUT', family, category: 'result', description, read: (v) => v.result?.values[key] });
  const P = outletPressure(spec.type);
  return [
    bySpeed ? { ...P, type: 'OUTPUT', category: 'result', description: 'Outlet pressure the chart gives at the set speed', json: undefined } : P,
    {
      property: 'speed',
      type: bySpeed ? 'INPUT' : 'OUTPUT',
      family: 'dimensionless',
      category: bySpeed ? 'specification' : 'result',
      description: bySpeed ? 'Shaft speed (chart units, rpm as a rule)' : 'Shaft speed the chart needs for the outlet pressure',
      min: 0,
      exclusiveMin: true,
      max: 1e6,
      read: (v) => (bySpeed ? (v.spec as typeof spec).chart?.speed : v.result?.values.speed),
      ...(bySpeed ? { json: { key: 'speed', clear: [], encode: plainSI } } : {}),
    },
    out('power', 'power', 'Shaft power absorbed', 'power'),
    out(spec.type === 'Compressor' ? 'polytropicEfficiency' : 'isentropicEfficiency', 'dimensionless', 'Efficiency read from the chart at the operating point', 'chartEfficiency'),
    out(spec.type === 'Compressor' ? 'polytropicHead' : 'head', 'specificEnergy', 'Head read from the chart at the operating point', 'chartHead'),
    out('surgeMargin', 'dimensionless', '(Q − Q_surge)/Q_surge at the operating speed (negative: in surge)', 'surgeMargin'),
    out('stonewallMargin', 'dimensionless', '(Q_stonewall − Q)/Q_stonewall (negative: beyond stonewall)', 'stonewallMargin'),
  ];
}

/** Variables on the unit itself (not on its outlet streams). */
function ownVariables(spec: UnitSpec): VariableDef[] {
  switch (spec.type) {
    case 'Stream':
      return [
        { property: 'temperature', type: 'INPUT', family: 'temperature', category: 'specification', description: 'Feed temperature', min: K_MIN, max: K_MAX, read: (v) => (v.spec.type === 'Stream' ? v.spec.feed.T : undefined), json: { key: 'temperature', clear: [], encode: withUnit } },
        { property: 'pressure', type: 'INPUT', family: 'pressure', category: 'specification', description: 'Feed pressure (absolute)', min: PA_MIN, max: PA_MAX, read: (v) => (v.spec.type === 'Stream' ? v.spec.feed.P : undefined), json: { key: 'pressure', clear: [], encode: withUnit } },
        {
          property: 'flowRate',
          type: 'INPUT',
          family: 'massFlow',
          category: 'specification',
          description: 'Feed flow rate (mass by default; molar and standard-volume units accepted)',
          min: 0,
          exclusiveMin: true,
          read: (v) => (v.spec.type === 'Stream' ? v.spec.feed.molarFlow : undefined),
          json: { key: 'flowRate', clear: [], encode: withUnit },
        },
        { property: 'density', type: 'OUTPUT', family: 'density', category: 'result', description: 'Feed density (all phases together)', read: (v) => (v.result?.outlets.out ? streamReport(v.result.outlets.out).density_kg_m3 : undefined) },
        { property: 'molarMass', type: 'OUTPUT', family: 'molarMass', category: 'result', description: 'Feed molar mass', read: (v) => (v.spec.type === 'Stream' ? overallMolarMass(v.spec.feed.fluid.model, v.spec.feed.z) : undefined) },
      ];
    case 'Separator':
    case 'GasScrubber':
    case 'Tank':
    case 'ThreePhaseSeparator':
      return [
        {
          property: 'pressureDrop',
          type: 'INPUT',
          family: 'pressureDifference',
          category: 'specification',
          description: 'Pressure drop from the inlet to the vessel',
          min: 0,
          max: PA_MAX,
          read: (v) => (v.spec.type === spec.type ? (v.spec as typeof spec).pressureDrop : undefined),
          json: { key: 'pressureDrop', clear: [], encode: (si) => [si / 1e5, 'bar'] },
        },
        { property: 'temperature', type: 'OUTPUT', family: 'temperature', category: 'result', description: 'Vessel temperature (the equilibrated inlets)', read: (v) => v.result?.feed?.flash.T },
        { property: 'pressure', type: 'OUTPUT', family: 'pressure', category: 'result', description: 'Vessel pressure', read: (v) => v.result?.feed?.flash.P },
      ];
    case 'ThrottlingValve':
      return valveVariables(spec);
    case 'Compressor':
    case 'Pump':
    case 'Expander':
      return spec.chart ? chartVariables(spec) : [outletPressure(spec.type), ...machineEfficiency(spec)];
    case 'Filter':
      return [
        { property: 'deltaP', type: 'INPUT', family: 'pressureDifference', category: 'specification', description: 'Pressure drop across the filter', min: 0, max: PA_MAX, read: (v) => (v.spec.type === 'Filter' ? v.spec.pressureDrop : undefined), json: { key: 'deltaP', clear: [], encode: (si) => [si / 1e5, 'bar'] } },
      ];
    case 'StreamSaturatorUtil':
      return [{ property: 'waterMoleFraction', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'Mole fraction of water in the saturated outlet', read: (v) => v.result?.values.waterMoleFraction }];
    case 'ComponentSplitter':
      return spec.factors.map((_, i) => ({
        property: `splitFactor_${i}`,
        type: 'INPUT' as const,
        family: 'dimensionless' as const,
        category: 'specification' as const,
        description: `Fraction of component ${i + 1} (fluid order) leaving through splitStream_0`,
        min: 0,
        max: 1,
        read: (v: UnitView) => (v.spec.type === 'ComponentSplitter' ? v.spec.factors[i] : undefined),
        json: { key: 'splitFactors', clear: [], encode: (si: number, _u: string, _t: number, props: Record<string, unknown>): unknown => (props.splitFactors as number[]).map((f, k) => (k === i ? si : f)) },
      }));
    case 'Heater':
    case 'Cooler':
      return heaterVariables(spec);
    case 'HeatExchanger':
      return [
        { property: 'UAvalue', type: 'INPUT', family: 'heatTransferCoefficient', category: 'specification', description: 'Overall heat-transfer coefficient times area', min: 0, max: 1e9, read: (v) => (v.spec.type === 'HeatExchanger' ? v.spec.UA : undefined), json: { key: 'UAvalue', clear: [], encode: plainSI } },
        { property: 'duty', type: 'OUTPUT', family: 'power', category: 'result', description: 'Heat transferred from the hot to the cold side', read: (v) => v.result?.values.duty },
        { property: 'thermalEffectiveness', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'ε = duty over the largest possible duty', read: (v) => v.result?.values.effectiveness },
      ];
    case 'Splitter':
      return spec.fractions.map((_, i) => ({
        property: `splitFactor_${i}`,
        type: 'INPUT' as const,
        family: 'dimensionless' as const,
        category: 'specification' as const,
        description: `Fraction of the feed leaving through splitStream_${i} (writing it rescales the other fractions so they sum to 1)`,
        min: 0,
        max: 1,
        read: (v: UnitView) => {
          if (v.spec.type !== 'Splitter') return undefined;
          const f = v.spec.fractions;
          return f[i]! / f.reduce((a, b) => a + b, 0);
        },
        json: {
          key: 'splitFactors',
          clear: [],
          encode: (si: number, _unit: string, _typed: number, props: Record<string, unknown>): unknown => {
            const old = (props.splitFactors as number[]).slice();
            const total = old.reduce((a, b) => a + b, 0);
            const others = total - old[i]!;
            const rest = 1 - si;
            return old.map((f, k) => (k === i ? si : others > 0 ? (f * rest) / others : rest / (old.length - 1)));
          },
        },
      }));
    case 'Recycle':
      return [
        { property: 'errorFlow', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'Remaining relative change of the recycled flow at the last pass', read: (v) => v.recycle?.flowError },
        { property: 'errorTemperature', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'Remaining change of the recycled temperature at the last pass, K', read: (v) => v.recycle?.temperatureError },
      ];
    case 'Mixer':
      return [];
    case 'Calculator':
      return [{ property: 'calculatedMassFlow', type: 'OUTPUT', family: 'massFlow', category: 'result', description: 'Make-up mass flow the calculator set on its output stream (the solvent lost through its inputs)', read: (v) => v.result?.values.calculatedMolarFlow }];
    case 'DistillationColumn':
    case 'SimpleAbsorber':
    case 'SimpleTEGAbsorber':
    case 'WaterStripperColumn':
      // Only the ends the column has: an absorber has neither duty, a stripper only its reboiler.
      return [
        ...(spec.column.condenser !== undefined ? [{ property: 'condenserDuty', type: 'OUTPUT', family: 'power', category: 'result', description: 'Heat added at the condenser (negative: removed)', read: (v) => v.result?.values.condenserDuty } as VariableDef] : []),
        ...(spec.column.reboiler !== undefined ? [{ property: 'reboilerDuty', type: 'OUTPUT', family: 'power', category: 'result', description: 'Heat added at the reboiler', read: (v) => v.result?.values.reboilerDuty } as VariableDef] : []),
      ];
    case 'AdiabaticPipe':
    case 'PipeBeggsAndBrills': {
      const pipe = (v: UnitView) => (v.spec.type === 'PipeBeggsAndBrills' || v.spec.type === 'AdiabaticPipe' ? v.spec.pipe : undefined);
      const geometry = (property: string, key: string, description: string, min: number, max: number, read: (g: NonNullable<ReturnType<typeof pipe>>) => number): VariableDef => ({
        property,
        type: 'INPUT',
        family: 'length',
        category: 'specification',
        description,
        min,
        max,
        exclusiveMin: key === 'length' || key === 'diameter',
        read: (v) => {
          const g = pipe(v);
          return g ? read(g) : undefined;
        },
        // Heights replace an angle; a new length keeps the given elevation (not the angle).
        json: { key, clear: key === 'elevation' ? ['elevationChange', 'angle'] : key === 'pipeWallRoughness' ? ['roughness'] : key === 'diameter' ? ['insideDiameter'] : [], encode: withUnit },
      });
      return [
        geometry('length', 'length', 'Length along the pipe', 0, 1e7, (g) => g.length),
        geometry('diameter', 'diameter', 'Inside diameter', 0, 100, (g) => g.diameter),
        geometry('pipeWallRoughness', 'pipeWallRoughness', 'Absolute wall roughness', 0, 1, (g) => g.roughness),
        geometry('elevation', 'elevation', 'Outlet minus inlet height (+ uphill; at most the length)', -1e7, 1e7, (g) => g.elevation),
        { property: 'pressureDrop', type: 'OUTPUT', family: 'pressureDifference', category: 'result', description: 'Inlet minus outlet pressure (negative when a downhill line gains pressure)', read: (v) => v.result?.values.pressureDrop },
        { property: 'liquidHoldup', type: 'OUTPUT', family: 'dimensionless', category: 'result', description: 'Length-averaged Beggs & Brill liquid holdup', read: (v) => v.result?.values.averageHoldup },
        { property: 'liquidInventory', type: 'OUTPUT', family: 'volume', category: 'result', description: 'Liquid volume in the line from the holdup', read: (v) => v.result?.values.liquidInventory },
      ];
    }
  }
}

/** Every variable of a unit: its own, then those of each outlet stream. */
export function variablesOf(spec: UnitSpec): VariableEntry[] {
  const own = ownVariables(spec).map((def) => ({ def }));
  const streams = portsOf(spec).flatMap((port) => streamVariables(port.key).map((def) => ({ port, def })));
  return [...own, ...streams];
}

/** The dot address of a variable of a unit. */
export function addressOf(unitName: string, e: VariableEntry): string {
  return e.port ? `${unitName}.${e.port.name}.${e.def.property}` : `${unitName}.${e.def.property}`;
}
