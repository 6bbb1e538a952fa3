/**
 * Sequential-modular flowsheet solver. Units run in the order given; an inlet refers to an
 * outlet port of an earlier unit, or of a Recycle unit anywhere (a tear stream). Recycle loops
 * are solved by repeating the whole sequence with direct substitution until every Recycle's
 * outlet equals its inlet; the recycle starts empty (no flow), as a column starts dry.
 * A port with no material (a separator without liquid) is simply absent: units downstream of it
 * see no flow and report it instead of inventing a stream.
 */
import { mixStreams, splitStream } from './mixing.js';
import { separate } from './separation.js';
import { compress, expand, throttle, type MachineSpec } from './pressure-change.js';
import { exchangeHeat, heat, type HeaterSpec } from './heat-transfer.js';
import { beggsBrillPipe, type PipeSpec } from './pipe.js';
import { G } from './beggs-brill.js';
import { runOnChart, type ChartMachineSpec } from './chart-machine.js';
import { sizeValve, valveOutletPressure, type ValveCoefficients } from './valve-sizing.js';
import { adiabaticPipe, filterStream, saturateWithWater, splitComponents } from './simple-units.js';
import { runColumnUnit, columnPorts, type ColumnUnitSpec, type ColumnType } from './column/column-unit.js';
import type { ColumnResult } from './column/column.js';
import { mapComposition, streamAtTP, type ProcessFailure, type ProcessFluid, type StreamState } from './stream.js';

export interface PortRef {
  unit: string;
  /** Canonical port: out, gasOut, liquidOut, oilOut, waterOut, split<i>, hx0, hx1. */
  port: string;
}

interface Named {
  name: string;
}

export type UnitSpec = Named &
  (
    | { type: 'Stream'; feed: { fluid: ProcessFluid; z: Float64Array; molarFlow: number; T: number; P: number } }
    | { type: 'Separator' | 'ThreePhaseSeparator' | 'GasScrubber' | 'Tank'; inlets: PortRef[]; pressureDrop: number }
    | { type: 'Mixer'; inlets: PortRef[] }
    /** Outlet pressure given, or found from valve.cv and valve.opening (IEC 60534-2-1). */
    | { type: 'ThrottlingValve'; inlet: PortRef; outletPressure?: number; valve?: ValveCoefficients }
    /** With a chart, the chart (and its speed or outlet pressure) decides; machine is unused. */
    | { type: 'Compressor' | 'Pump' | 'Expander'; inlet: PortRef; machine: MachineSpec; chart?: ChartMachineSpec }
    | { type: 'Filter'; inlet: PortRef; pressureDrop: number }
    | { type: 'StreamSaturatorUtil'; inlet: PortRef }
    | { type: 'ComponentSplitter'; inlet: PortRef; factors: number[] }
    | { type: 'AdiabaticPipe'; inlet: PortRef; pipe: PipeSpec }
    | { type: 'Heater' | 'Cooler'; inlet: PortRef; heater: HeaterSpec }
    | { type: 'HeatExchanger'; inlets: [PortRef, PortRef]; UA: number }
    | { type: 'Splitter'; inlet: PortRef; fractions: number[] }
    /**
     * outletStream: a Stream unit the recycle writes into from the second pass on (the original's
     * setOutletStream), so the loop starts from that stream's declared state instead of empty.
     * tolerance: this recycle's own convergence tolerances (default: the solve options').
     */
    | { type: 'Recycle'; inlet: PortRef; outletStream?: string; tolerance?: RecycleTolerance }
    /**
     * The original's default Calculator (a make-up calculator): sets the flow of the Stream unit
     * `output` so that it carries, in kg/s, the sum of `component` over the `inputs` streams (the
     * solvent lost from the loop). Its composition, T and P stay the stream's own.
     */
    | { type: 'Calculator'; inputs: PortRef[]; output: string; component: string }
    | { type: 'PipeBeggsAndBrills'; inlet: PortRef; pipe: PipeSpec }
    | { type: ColumnType; inlets: PortRef[]; column: ColumnUnitSpec }
  );

export type UnitType = UnitSpec['type'];

export interface UnitResult {
  name: string;
  type: UnitType;
  /** Inlet streams with flow, in inlet order (a Separator/Mixer skips empty inlets). */
  inlets: StreamState[];
  /** Separators: the equilibrated mixture of the inlets. */
  feed?: StreamState;
  /** Outlet ports; undefined = no material leaves through that port. */
  outlets: Record<string, StreamState | undefined>;
  /** SI results: power W, duty W, heads J/kg, efficiencies, temperatures K. */
  values: Record<string, number>;
  /** Set when no material reached the unit. */
  noFlow?: boolean;
  /** Columns: the stage-by-stage solution. */
  column?: ColumnResult;
}

export interface RecycleTolerance {
  /** Relative flow change, K, and Σ|Δz|. */
  flow?: number;
  temperature?: number;
  composition?: number;
}

export interface RecycleReport {
  name: string;
  converged: boolean;
  /** Largest remaining relative flow change, temperature change (K) and composition change. */
  flowError: number;
  temperatureError: number;
  compositionError: number;
}

export interface FlowsheetResult {
  ok: true;
  units: UnitResult[];
  /** Passes through the sequence (1 without recycles). */
  iterations: number;
  recycles: RecycleReport[];
}

export interface SolveOptions {
  maxIterations?: number;
  /** Relative flow, K, and Σ|Δz| tolerances of recycle convergence. */
  flowTolerance?: number;
  temperatureTolerance?: number;
  compositionTolerance?: number;
  /** Called after each pass (progress reporting, cancellation). Return false to stop. */
  onPass?: (pass: number) => boolean;
}

export const portKey = (r: PortRef): string => `${r.unit}\u0000${r.port}`;

type Unit = UnitResult | ProcessFailure;

function inletsOf(spec: UnitSpec): PortRef[] {
  if ('inlets' in spec) return spec.inlets;
  if ('inlet' in spec) return [spec.inlet];
  return [];
}

function machineValues(m: { power: number; specificWork: number; isentropicHead: number; isentropicEfficiency: number; polytropicHead?: number; polytropicEfficiency?: number; isentropicOutletTemperature: number }): Record<string, number> {
  const v: Record<string, number> = { power: m.power, specificWork: m.specificWork, isentropicHead: m.isentropicHead, isentropicEfficiency: m.isentropicEfficiency, isentropicOutletTemperature: m.isentropicOutletTemperature };
  if (m.polytropicHead !== undefined) v.polytropicHead = m.polytropicHead;
  if (m.polytropicEfficiency !== undefined) v.polytropicEfficiency = m.polytropicEfficiency;
  return v;
}

function fail(f: ProcessFailure, unit: string): ProcessFailure {
  return { ...f, unit, message: `${unit}: ${f.message}` };
}

function runUnit(spec: Exclude<UnitSpec, { type: 'Calculator' }>, get: (r: PortRef) => StreamState | undefined): Unit {
  const base = { name: spec.name, type: spec.type, values: {} as Record<string, number> };
  if (spec.type === 'Stream') {
    const f = spec.feed;
    const r = streamAtTP(f.fluid, f.z, f.molarFlow, f.T, f.P);
    return r.ok ? { ...base, inlets: [], outlets: { out: r.stream } } : fail(r, spec.name);
  }
  const inlets = inletsOf(spec).map(get);
  if ('column' in spec) {
    const r = runColumnUnit(spec.column, inlets);
    if ('ok' in r) return fail(r, spec.name);
    if ('noFlow' in r) return { ...base, inlets: [], outlets: Object.fromEntries(columnPorts(spec.column).map((p) => [p, undefined])), noFlow: true };
    return { ...base, inlets: r.inlets, outlets: r.outlets, values: r.values, column: r.result };
  }
  const present = inlets.filter((s): s is StreamState => s !== undefined && s.molarFlow > 0);
  const empty = (ports: string[]): UnitResult => ({ ...base, inlets: present, outlets: Object.fromEntries(ports.map((p) => [p, undefined])), noFlow: true });
  switch (spec.type) {
    case 'Separator':
    case 'GasScrubber':
    case 'Tank':
    case 'ThreePhaseSeparator': {
      const three = spec.type === 'ThreePhaseSeparator';
      const ports = three ? ['gasOut', 'oilOut', 'waterOut'] : ['gasOut', 'liquidOut'];
      if (present.length === 0) return empty(ports);
      const r = separate(present, { threePhase: three, pressureDrop: spec.pressureDrop });
      if (!r.ok) return fail(r, spec.name);
      const outlets = three ? { gasOut: r.gas, oilOut: r.oil, waterOut: r.water } : { gasOut: r.gas, liquidOut: r.liquid };
      return { ...base, inlets: present, feed: r.feed, outlets };
    }
    case 'Mixer': {
      if (present.length === 0) return empty(['out']);
      const r = mixStreams(present);
      return r.ok ? { ...base, inlets: present, outlets: { out: r.stream } } : fail(r, spec.name);
    }
    case 'Recycle':
      return present.length === 0 ? empty(['out']) : { ...base, inlets: present, outlets: { out: present[0] } };
    case 'Splitter': {
      const ports = spec.fractions.map((_, i) => `split${i}`);
      if (present.length === 0) return empty(ports);
      const outs = splitStream(present[0], spec.fractions);
      return { ...base, inlets: present, outlets: Object.fromEntries(ports.map((p, i) => [p, outs[i]])) };
    }
    case 'HeatExchanger': {
      const [a, b] = inlets;
      if (!a || !b || !(a.molarFlow > 0) || !(b.molarFlow > 0)) {
        // One side empty: the other passes through unchanged.
        return { ...base, inlets: present, outlets: { hx0: a, hx1: b }, values: { duty: 0 }, noFlow: present.length === 0 };
      }
      const r = exchangeHeat(a, b, spec.UA);
      if (!r.ok) return fail(r, spec.name);
      return { ...base, inlets: present, outlets: { hx0: r.outlets[0], hx1: r.outlets[1] }, values: { duty: r.duty, effectiveness: r.effectiveness, NTU: r.NTU, UA: spec.UA, hotSide: r.hotSide } };
    }
    case 'ThrottlingValve': {
      if (present.length === 0) return empty(['out']);
      let P = spec.outletPressure;
      if (P === undefined && spec.valve?.cv !== undefined) {
        const found = valveOutletPressure(present[0], { ...spec.valve, cv: spec.valve.cv });
        if (!found.ok) return fail(found, spec.name);
        P = found.P;
      }
      if (P === undefined) return fail({ ok: false, code: 'PROCESS_ERROR', message: 'the valve needs an outlet pressure or a Cv' }, spec.name);
      const r = throttle(present[0], P);
      if (!r.ok) return fail(r, spec.name);
      const values: Record<string, number> = {};
      const sized = spec.valve && P < present[0].flash.P ? sizeValve(present[0], P, spec.valve) : undefined;
      if (sized) {
        Object.assign(values, { requiredCv: sized.requiredCv, requiredKv: sized.requiredKv, choked: sized.choked ? 1 : 0, liquid: sized.regime === 'liquid' ? 1 : 0 });
        if (sized.requiredOpening !== undefined) values.requiredOpening = sized.requiredOpening;
      }
      if (spec.valve?.cv !== undefined) values.cv = spec.valve.cv;
      if (spec.valve?.opening !== undefined) values.opening = spec.valve.opening;
      return { ...base, inlets: present, outlets: { out: r.stream }, values };
    }
    case 'Filter': {
      if (present.length === 0) return empty(['out']);
      const r = filterStream(present[0], spec.pressureDrop);
      return r.ok ? { ...base, inlets: present, outlets: { out: r.stream }, values: { pressureDrop: spec.pressureDrop } } : fail(r, spec.name);
    }
    case 'StreamSaturatorUtil': {
      if (present.length === 0) return empty(['out']);
      const r = saturateWithWater(present[0]);
      if (!r.ok) return fail(r, spec.name);
      const w = r.stream.fluid.model.components.findIndex((c) => c.name.toLowerCase() === 'water');
      const waterIn = present[0].z[w] * present[0].molarFlow;
      const waterOut = r.stream.z[w] * r.stream.molarFlow;
      return { ...base, inlets: present, outlets: { out: r.stream }, values: { waterAdded: (waterOut - waterIn) * r.stream.fluid.model.components[w].molarMass, waterMoleFraction: r.stream.z[w] } };
    }
    case 'ComponentSplitter': {
      if (present.length === 0) return empty(['split0', 'split1']);
      const r = splitComponents(present[0], spec.factors);
      return r.ok ? { ...base, inlets: present, outlets: { split0: r.outlets[0], split1: r.outlets[1] } } : fail(r, spec.name);
    }
    case 'AdiabaticPipe': {
      if (present.length === 0) return empty(['out']);
      const r = adiabaticPipe(present[0], spec.pipe, spec.name);
      if (!r.ok) return fail(r, spec.name);
      const inlet = present[0];
      return { ...base, inlets: present, outlets: { out: r.outlet }, values: { pressureDrop: r.pressureDrop, frictionDrop: r.frictionDrop, gravityDrop: r.gravityDrop, potentialEnergy: inlet.molarFlow * inlet.molarMass * G * spec.pipe.elevation } };
    }
    case 'Heater':
    case 'Cooler': {
      if (present.length === 0) return empty(['out']);
      const r = heat(present[0], spec.heater);
      return r.ok ? { ...base, inlets: present, outlets: { out: r.outlet }, values: { duty: r.duty } } : fail(r, spec.name);
    }
    case 'PipeBeggsAndBrills': {
      if (present.length === 0) return empty(['out']);
      const r = beggsBrillPipe(present[0], spec.pipe, spec.name);
      if (!r.ok) return fail(r, spec.name);
      const segs = r.nodes.slice(0, -1);
      const holdup = segs.reduce((a, n) => a + n.gradient.holdup, 0) / segs.length;
      const inlet = present[0];
      // Steady-flow energy balance of the isothermal line: the surroundings supply Q = ΔH + m·g·Δz.
      const potential = inlet.molarFlow * inlet.molarMass * G * spec.pipe.elevation;
      const heatFlow = inlet.molarFlow * (r.outlet.enthalpy - inlet.enthalpy) + potential;
      return {
        ...base,
        inlets: present,
        outlets: { out: r.outlet },
        values: { pressureDrop: r.pressureDrop, frictionDrop: r.frictionDrop, gravityDrop: r.gravityDrop, heat: heatFlow, potentialEnergy: potential, averageHoldup: holdup, liquidInventory: holdup * (Math.PI / 4) * spec.pipe.diameter ** 2 * spec.pipe.length },
      };
    }
    case 'Compressor':
    case 'Pump':
    case 'Expander': {
      if (present.length === 0) return empty(['out']);
      if (spec.chart) {
        const c = runOnChart(present[0], spec.chart);
        if (!c.ok) return fail(c, spec.name);
        const p = c.chart;
        const values = { ...machineValues(c), speed: c.speed, chartHead: p.head, chartEfficiency: p.efficiency, inletVolumeFlow: c.inletVolumeFlow, surgeFlow: p.surgeFlow / 3600, stonewallFlow: p.stonewallFlow / 3600, surgeMargin: p.surgeMargin, stonewallMargin: p.stonewallMargin, outsideChart: p.flowOutside || p.speedOutside ? 1 : 0 };
        return { ...base, inlets: present, outlets: { out: c.outlet }, values };
      }
      const r = spec.type === 'Expander' ? expand(present[0], spec.machine) : compress(present[0], spec.machine, spec.type === 'Pump' ? 'pump' : 'compressor');
      return r.ok ? { ...base, inlets: present, outlets: { out: r.outlet }, values: machineValues(r) } : fail(r, spec.name);
    }
  }
}

/**
 * The original's default Calculator: the output Stream's flow becomes the mass flow of `component`
 * summed over the input streams (never negative; no flow when nothing was lost).
 */
interface CalculatorOutcome {
  result: UnitResult;
  /** The output stream at the calculated flow (undefined: nothing to make up). */
  made: StreamState | undefined;
}

function runCalculator(spec: Extract<UnitSpec, { type: 'Calculator' }>, specs: readonly UnitSpec[], get: (r: PortRef) => StreamState | undefined): CalculatorOutcome | ProcessFailure {
  const base = { name: spec.name, type: spec.type };
  const target = specs.find((s) => s.name === spec.output);
  if (target?.type !== 'Stream') return fail({ ok: false, code: 'PROCESS_ERROR', message: `calculatorOutput '${spec.output}' is not a Stream` }, spec.name);
  let massFlow = 0;
  const inlets: StreamState[] = [];
  for (const ref of spec.inputs) {
    const s = get(ref);
    if (!s || !(s.molarFlow > 0)) continue;
    inlets.push(s);
    const i = s.fluid.model.components.findIndex((c) => c.name.toLowerCase() === spec.component.toLowerCase());
    if (i >= 0) massFlow += s.z[i] * s.molarFlow * s.fluid.model.components[i].molarMass;
  }
  const f = target.feed;
  const molarMass = f.fluid.model.components.reduce((a, c, i) => a + f.z[i] * c.molarMass, 0);
  // The molar flow and molar mass too: the automation reports flows in any unit (its SI is mol/s).
  const result: UnitResult = { ...base, inlets, outlets: {}, values: { calculatedMassFlow: massFlow, calculatedMolarFlow: massFlow / molarMass, makeupMolarMass: molarMass } };
  if (!(massFlow > 0)) return { result, made: undefined };
  const r = streamAtTP(f.fluid, f.z, massFlow / molarMass, f.T, f.P);
  return r.ok ? { result, made: r.stream } : fail(r, spec.name);
}

function recycleChange(prev: StreamState | undefined, next: StreamState | undefined): { flow: number; T: number; z: number } {
  if (!prev && !next) return { flow: 0, T: 0, z: 0 };
  if (!prev || !next) return { flow: 1, T: Infinity, z: Infinity };
  // Mixing fluids of different component lists makes a new (equal) fluid each pass: compare by name.
  const zPrev = prev.fluid === next.fluid ? prev.z : mapComposition(prev, next.fluid);
  let dz = zPrev ? 0 : Infinity;
  if (zPrev) for (let i = 0; i < next.z.length; i++) dz += Math.abs(next.z[i] - zPrev[i]);
  return { flow: Math.abs(next.molarFlow - prev.molarFlow) / Math.max(next.molarFlow, 1e-12), T: Math.abs(next.flash.T - prev.flash.T), z: dz };
}

/** Runs the flowsheet to convergence, or reports which unit failed and why. */
export function solveFlowsheet(specs: readonly UnitSpec[], options: SolveOptions = {}): FlowsheetResult | ProcessFailure {
  const maxIterations = options.maxIterations ?? 100;
  const tolFlow = options.flowTolerance ?? 1e-6;
  const tolT = options.temperatureTolerance ?? 1e-4;
  const tolZ = options.compositionTolerance ?? 1e-7;
  const hasRecycle = specs.some((s) => s.type === 'Recycle');
  const tearOf = new Map<string, string>();
  for (const s of specs) if (s.type === 'Recycle' && s.outletStream !== undefined) tearOf.set(s.outletStream, s.name);
  const madeBy = new Map<string, string>();
  for (const s of specs) if (s.type === 'Calculator') madeBy.set(s.output, s.name);
  let ports = new Map<string, StreamState | undefined>();
  let units: UnitResult[] = [];
  let reports: RecycleReport[] = [];
  let passes = 0;
  for (let pass = 1; pass <= (hasRecycle ? maxIterations : 1); pass++) {
    passes = pass;
    const previous = ports;
    const current = new Map<string, StreamState | undefined>();
    // A port computed in this pass wins; otherwise the last pass's value (only recycles are read ahead).
    const get = (r: PortRef) => (current.has(portKey(r)) ? current.get(portKey(r)) : previous.get(portKey(r)));
    units = [];
    reports = [];
    for (const spec of specs) {
      // A Stream a Recycle writes into carries the recycle's last result once there is one.
      // A make-up Stream carries its Calculator's last result (none: no make-up was needed).
      const tear = tearOf.get(spec.name);
      const calc = madeBy.get(spec.name);
      const calcKey = calc === undefined ? undefined : portKey({ unit: calc, port: 'out' });
      const carried = tear !== undefined ? previous.get(portKey({ unit: tear, port: 'out' })) : calcKey !== undefined && previous.has(calcKey) ? previous.get(calcKey) : undefined;
      const r: Unit | CalculatorOutcome =
        carried !== undefined || (calcKey !== undefined && previous.has(calcKey)) ? { name: spec.name, type: spec.type, values: {}, inlets: [], outlets: { out: carried }, ...(carried ? {} : { noFlow: true }) }
        : spec.type === 'Calculator' ? runCalculator(spec, specs, get)
        : runUnit(spec, get);
      if ('ok' in r) return r;
      if ('made' in r) {
        // The make-up stream is re-stated at the computed flow for every unit after this one (and
        // kept under the calculator's own key for the next pass); the calculator has no outlet.
        const output = (spec as Extract<UnitSpec, { type: 'Calculator' }>).output;
        const at = units.findIndex((u) => u.name === output);
        current.set(portKey({ unit: spec.name, port: 'out' }), r.made);
        current.set(portKey({ unit: output, port: 'out' }), r.made);
        if (at >= 0) units[at] = { ...units[at], outlets: { out: r.made }, noFlow: r.made === undefined ? true : undefined };
        units.push(r.result);
        continue;
      }
      for (const [port, s] of Object.entries(r.outlets)) current.set(portKey({ unit: spec.name, port }), s);
      if (spec.type === 'Recycle') {
        const d = recycleChange(previous.get(portKey({ unit: spec.name, port: 'out' })), r.outlets.out);
        const tol = { flow: spec.tolerance?.flow ?? tolFlow, T: spec.tolerance?.temperature ?? tolT, z: spec.tolerance?.composition ?? tolZ };
        reports.push({ name: spec.name, converged: d.flow <= tol.flow && d.T <= tol.T && d.z <= tol.z, flowError: d.flow, temperatureError: d.T, compositionError: d.z });
      }
      units.push(r);
    }
    ports = current;
    if (reports.every((r) => r.converged)) return { ok: true, units, iterations: pass, recycles: reports };
    if (options.onPass && !options.onPass(pass)) break;
  }
  const open = reports.filter((r) => !r.converged).map((r) => `${r.name} (flow change ${r.flowError.toExponential(2)}, ΔT ${r.temperatureError.toExponential(2)} K)`);
  const why = passes < maxIterations ? `stopped after ${passes} of ${maxIterations} passes` : `not converged after ${maxIterations} passes`;
  return { ok: false, code: 'RECYCLE_NOT_CONVERGED', message: `Recycle loop ${why}: ${open.join('; ')}`, unit: reports.find((r) => !r.converged)?.name };
}

/**
 * Outlet ports that no unit consumes: the flowsheet's products. Recycle outlets and the ports
 * feeding a Recycle are internal to the loop.
 */
export function productPorts(specs: readonly UnitSpec[]): PortRef[] {
  const used = new Set<string>();
  for (const s of specs) for (const r of inletsOf(s)) used.add(portKey(r));
  return specs.flatMap((s) => {
    if (s.type === 'Recycle' || s.type === 'Calculator') return [];
    const ports =
      s.type === 'Separator' || s.type === 'GasScrubber' || s.type === 'Tank' ? ['gasOut', 'liquidOut']
      : s.type === 'ComponentSplitter' ? ['split0', 'split1']
      : s.type === 'ThreePhaseSeparator' ? ['gasOut', 'oilOut', 'waterOut']
      : s.type === 'Splitter' ? s.fractions.map((_, i) => `split${i}`)
      : s.type === 'HeatExchanger' ? ['hx0', 'hx1']
      : 'column' in s ? columnPorts(s.column)
      : ['out'];
    return ports.map((port) => ({ unit: s.name, port })).filter((r) => !used.has(portKey(r)));
  });
}
