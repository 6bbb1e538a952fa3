/**
 * Reads a seed-001 process definition ({fluid|fluids, process: [units]}) into the engine's
 * UnitSpec list (SI units, resolved ports) or the complete list of problems, each with a code
 * and a fix. The original's normalisations are applied first (temperature_C/pressure_bara,
 * {equipment: [...]}, unit-level flowRate/temperature/pressure moved into properties).
 * Nothing here throws.
 */
import { createProcessFluid, overallMolarMass, type PolytropicMethod, type PortRef, type ProcessFluid, type UnitSpec } from '../../../engine/index.js';
import { issue, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { EQUIPMENT_TYPES, FLASH_MODELS, normalizeEquipmentType } from '../../contract/flash-models.js';
import { parsePressure, parseTemperature } from '../../contract/units.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import { parseDuty, parseFlowRate, parseFraction, parseLength } from './quantities.js';
import { strictKind } from '../../contract/strict-keys.js';
import { suggest } from '../../contract/suggest.js';
import { checkProcessKeys, simulatedType } from './unit-keys.js';
import { readChart, readValve } from './unit-options.js';
import { readColumnUnit } from './column-definition.js';
import { readCalculator, readRecycleOptions } from './loop-units.js';
import { MODEL_OPTIONS } from './areas.js';

/** Equipment types this server simulates (engine names; aliases resolve to these). */
export const SIMULATED_TYPES = ['Stream', 'Separator', 'ThreePhaseSeparator', 'Compressor', 'Expander', 'Pump', 'Heater', 'Cooler', 'HeatExchanger', 'Mixer', 'Splitter', 'ThrottlingValve', 'Recycle', 'PipeBeggsAndBrills', 'GasScrubber', 'Tank', 'Filter', 'StreamSaturatorUtil', 'ComponentSplitter', 'AdiabaticPipe', 'DistillationColumn', 'SimpleAbsorber', 'SimpleTEGAbsorber', 'WaterStripperColumn', 'Calculator'] as const;

const COLUMN_UNIT_TYPES: readonly string[] = ['DistillationColumn', 'SimpleAbsorber', 'SimpleTEGAbsorber', 'WaterStripperColumn'];

/** Default number of increments a Beggs & Brill pipe is marched in (the original's). */
const PIPE_INCREMENTS = 5;
const MAX_PIPE_INCREMENTS = 1000;

/** Outlet ports per unit type, and the names accepted for them (NeqSim's and short forms). */
const PORT_ALIASES: Record<string, string> = {
  out: 'out', outlet: 'out', outstream: 'out', outletstream: 'out',
  gasout: 'gasOut', gasoutstream: 'gasOut', gas: 'gasOut',
  liquidout: 'liquidOut', liquidoutstream: 'liquidOut', liquid: 'liquidOut',
  oilout: 'oilOut', oiloutstream: 'oilOut', oil: 'oilOut',
  waterout: 'waterOut', wateroutstream: 'waterOut', water: 'waterOut', aqueousout: 'waterOut',
  hx0: 'hx0', outstream0: 'hx0', out0: 'hx0', hx1: 'hx1', outstream1: 'hx1', out1: 'hx1',
};

export interface ProcessDefinition {
  units: UnitSpec[];
  /** Display name of each unit, in order, and its type as the caller wrote it. */
  declared: { name: string; type: UnitSpec['type'] }[];
  /** Feed streams (Stream units with their own fluid). */
  feeds: string[];
  warnings: Warning[];
}

/** kind: 'input' (HTTP 400) when a key is unknown (a typo), else 'compute' (422). */
export type DefinitionOutcome = { ok: true; definition: ProcessDefinition } | { ok: false; issues: DiagnosticIssue[]; kind: 'input' | 'compute' };

function portsOf(type: UnitSpec['type'], fractions = 0): string[] {
  switch (type) {
    case 'Separator':
    case 'GasScrubber':
    case 'Tank': return ['gasOut', 'liquidOut'];
    case 'ComponentSplitter': return ['split0', 'split1'];
    case 'ThreePhaseSeparator': return ['gasOut', 'oilOut', 'waterOut'];
    case 'Splitter': return Array.from({ length: fractions }, (_, i) => `split${i}`);
    case 'HeatExchanger': return ['hx0', 'hx1'];
    // A Calculator sets another stream's flow; it has no outlet of its own.
    case 'Calculator': return [];
    // Columns: top vapour, bottom liquid, then one port per side draw (count passed as `fractions`).
    case 'DistillationColumn':
    case 'SimpleAbsorber':
    case 'SimpleTEGAbsorber':
    case 'WaterStripperColumn': return ['gasOut', 'liquidOut', ...Array.from({ length: fractions }, (_, i) => `sideDraw${i}`)];
    default: return ['out'];
  }
}

/** Applies the original runner's normalisations to a unit object (returns a new object). */
function normalizeUnit(u: Record<string, unknown>): Record<string, unknown> {
  const props: Record<string, unknown> = isPlainObject(u.properties) ? { ...u.properties } : {};
  for (const k of ['flowRate', 'temperature', 'pressure']) if (u[k] !== undefined && props[k] === undefined) props[k] = u[k];
  if (u.composition !== undefined && props.composition === undefined) props.composition = u.composition;
  return { ...u, properties: props };
}

function normalizeFluid(f: Record<string, unknown>): Record<string, unknown> {
  const out = { ...f };
  if (out.temperature === undefined && typeof out.temperature_C === 'number') out.temperature = out.temperature_C + 273.15;
  if (out.pressure === undefined && out.pressure_bara !== undefined) out.pressure = out.pressure_bara;
  return out;
}

interface FluidTemplate {
  fluid: ProcessFluid;
  z: Float64Array;
  T: number;
  P: number;
  names: string[];
}

function readFluid(raw: unknown, field: string, issues: DiagnosticIssue[], warnings: Warning[]): FluidTemplate | undefined {
  if (!isPlainObject(raw)) {
    issues.push(issue('INVALID_FLUID', `${field} must be an object`, 'Give {"model": "SRK", "temperature": 298.15, "pressure": 50, "components": {...}}', field));
    return undefined;
  }
  // Keys this server does not read were refused before (checkProcessKeys).
  const f = normalizeFluid(raw);
  const req = parseFlashRequest({ model: f.model, temperature: f.temperature, pressure: f.pressure, components: f.components, mixingRule: f.mixingRule, multiPhaseCheck: f.multiPhaseCheck, alphaFunction: f.alphaFunction, flashType: 'TP' }, FLASH_MODELS);
  if (!req.ok) {
    for (const i of req.issues) issues.push({ ...i, field: i.field ? `${field}.${i.field}` : field });
    return undefined;
  }
  const r = req.request;
  // Only the alpha-fallback warning concerns the fluid itself (the composition note is per stream).
  for (const w of r.warnings) if (w.code === 'MISSING_REFERENCE_DATA') warnings.push({ ...w, message: `${field}: ${w.message}` });
  const cubic = equilibriumModelIssue(r.model, 'Process simulation', `${field}.model`);
  if (cubic) {
    issues.push(cubic);
    return undefined;
  }
  return { fluid: createProcessFluid(r.model, r.components, r.multiPhaseCheck, r.alphaFunction, { umrAttraction: r.umrAttraction }), z: Float64Array.from(r.z), T: r.temperature, P: r.pressure, names: r.components.map((c) => c.name) };
}

/** Per-stream composition on the fluid's component list (unknown or absent components refused). */
function streamComposition(raw: unknown, t: FluidTemplate, field: string, issues: DiagnosticIssue[]): Float64Array | undefined {
  if (!isPlainObject(raw)) {
    issues.push(issue('INVALID_COMPOSITION', 'composition must be an object of component → mole fraction', 'Write {"methane": 0.9, "ethane": 0.1} using components of the fluid', field));
    return undefined;
  }
  const req = parseFlashRequest({ components: raw, flashType: 'TP' });
  if (!req.ok) {
    for (const i of req.issues) issues.push({ ...i, field: i.field ? `${field}.${i.field.replace(/^components\.?/, '')}` : field });
    return undefined;
  }
  const z = new Float64Array(t.names.length);
  const missing: string[] = [];
  req.request.components.forEach((c, k) => {
    const i = t.names.indexOf(c.name);
    if (i < 0) missing.push(c.name);
    else z[i] = req.request.z[k];
  });
  if (missing.length > 0) {
    issues.push(issue('UNKNOWN_COMPONENT', `composition names ${missing.join(', ')}, which the stream's fluid does not contain`, `Use components of the fluid (${t.names.join(', ')}), or define another fluid under "fluids" and refer to it with fluidRef`, field));
    return undefined;
  }
  if (z.some((v) => v <= 0)) {
    issues.push(issue('INVALID_COMPOSITION', 'Every component of the fluid needs a positive fraction in a per-stream composition', 'Give all fluid components a fraction, or define a separate fluid without the absent ones', field));
    return undefined;
  }
  return z;
}

function readPressure(v: unknown, field: string, issues: DiagnosticIssue[]): number | undefined {
  const r = parsePressure(v, { code: 'INVALID_PRESSURE', field });
  if (r.ok) return r.value;
  issues.push(r.issue);
  return undefined;
}

/**
 * Parses the process definition. `base` is the JSON pointer of the definition inside the tool's
 * input ('' when the input is the definition), used to name fields in strictness findings.
 */
export function readProcessDefinition(input: Record<string, unknown>, base = '', options: { reportFormat?: boolean } = {}): DefinitionOutcome {
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  // The shared schema admits reportFormat for runProcess's reply; a tool that embeds a definition
  // and does not build that reply refuses it rather than ignoring it.
  if (input.reportFormat !== undefined && input.reportFormat !== 'compact' && options.reportFormat !== true) {
    const at = `${base}/reportFormat`;
    return { ok: false, kind: 'compute', issues: [issue('UNSUPPORTED_PROPERTY', 'reportFormat "neqsim" shapes the reply of runProcess only; this tool does not return a process report', 'Leave reportFormat out here, or call runProcess with the definition to get the original\'s report', at)] };
  }
  if (input.areas !== undefined) {
    return { ok: false, kind: 'compute', issues: [issue('UNSUPPORTED_PROCESS_MODEL', 'Multi-area process models ("areas") are run by runProcess only; this tool takes one flowsheet', 'Run the model with runProcess, or give this tool one area as its own definition {"fluid", "process"}', base ? `${base}/areas` : 'areas')] };
  }
  // The ProcessModel's own keys mean nothing without areas (and areas are refused above).
  for (const k of ['interAreaLinks', ...MODEL_OPTIONS]) {
    if (input[k] !== undefined) return { ok: false, kind: 'compute', issues: [issue('UNSUPPORTED_PROPERTY', `"${k}" belongs to a multi-area model ("areas"); this definition is one flowsheet`, 'Leave it out (a Recycle unit takes its own tolerance)', base ? `${base}/${k}` : k)] };
  }
  // Never a silent ignore: every key must be one we model (or it is refused, with "did you mean").
  const strict = checkProcessKeys(input, base);
  if (strict.length > 0) return { ok: false, kind: strictKind(strict), issues: strict };
  const fluids = new Map<string, FluidTemplate>();
  if (input.fluid !== undefined) {
    const t = readFluid(input.fluid, 'fluid', issues, warnings);
    if (t) fluids.set('default', t);
  }
  if (isPlainObject(input.fluids)) {
    for (const [name, f] of Object.entries(input.fluids)) {
      const t = readFluid(f, `fluids.${name}`, issues, warnings);
      if (t) fluids.set(name, t);
    }
  }
  let list: unknown = input.process;
  if (isPlainObject(list) && Array.isArray(list.equipment)) list = list.equipment;
  if (!Array.isArray(list) || list.length === 0) {
    issues.push(issue('MISSING_PROCESS', 'No units: "process" must be a non-empty array', 'Add "process": [{"type": "Stream", "name": "feed", "properties": {"flowRate": [1000, "kg/hr"]}}, ...]', 'process'));
    return { ok: false, kind: 'compute', issues };
  }

  // First pass: names and types, so inlets can refer to recycles declared later.
  const declared: { name: string; type: UnitSpec['type']; fractions: number }[] = [];
  const index = new Map<string, number>();
  list.forEach((raw, i) => {
    const field = `process.${i}`;
    const u = isPlainObject(raw) ? raw : {};
    const canonical = normalizeEquipmentType(u.type);
    const type = simulatedType(u.type);
    const name = typeof u.name === 'string' && u.name.trim() !== '' ? u.name : `${String(u.type ?? 'unit')}_${i + 1}`;
    if (!isPlainObject(raw)) issues.push(issue('INVALID_UNIT', `Unit ${i + 1} must be an object`, 'Give each unit as {"type": "...", "name": "...", ...}', field));
    else if (type === undefined || !(SIMULATED_TYPES as readonly string[]).includes(type)) {
      const near = canonical || typeof u.type !== 'string' ? undefined : suggest(u.type, [...SIMULATED_TYPES, ...EQUIPMENT_TYPES]);
      const what = canonical ? 'not simulated by this server yet' : `unknown${near ? ` (did you mean "${near}"?)` : ''}`;
      issues.push(issue(canonical ? 'UNSUPPORTED_EQUIPMENT' : 'UNKNOWN_EQUIPMENT_TYPE', `Unit '${name}': equipment type ${JSON.stringify(u.type)} is ${what}`, `${near ? `Did you mean "${near}"? ` : ''}Use one of: ${SIMULATED_TYPES.join(', ')}`, `${field}.type`));
    }
    if (index.has(name)) issues.push(issue('DUPLICATE_EQUIPMENT_NAME', `Two units are named '${name}'`, 'Give every unit a unique name', `${field}.name`));
    if (name.includes('.')) issues.push(issue('INVALID_UNIT_NAME', `Unit name '${name}' contains ".", which separates unit and port in references`, 'Rename the unit without "."', `${field}.name`));
    const props = isPlainObject(u.properties) ? u.properties : {};
    const fractions = Array.isArray(props.splitFactors) ? props.splitFactors.length : type !== undefined && COLUMN_UNIT_TYPES.includes(type) && Array.isArray(props.sideDraws) ? props.sideDraws.length : 0;
    index.set(name, i);
    declared.push({ name, type: (type ?? 'Stream') as UnitSpec['type'], fractions });
  });
  if (issues.length > 0) return { ok: false, kind: 'compute', issues };

  const consumers = new Map<string, string>();
  // read: the reference only reads the port (a Calculator's inputs) and does not take its material.
  const resolve = (ref: unknown, at: number, field: string, read = false): PortRef | undefined => {
    if (typeof ref !== 'string' || ref.trim() === '') {
      issues.push(issue('INVALID_INLET', 'An inlet must be the name of an upstream unit, optionally with a port ("HP Sep.gasOut")', 'Set "inlet": "<unit name>" or "<unit name>.<port>"', field));
      return undefined;
    }
    const dot = ref.indexOf('.');
    const unit = dot < 0 ? ref : ref.slice(0, dot);
    const target = index.get(unit);
    if (target === undefined) {
      issues.push(issue('UNRESOLVED_INLET', `'${unit}' is not a unit of this process`, `Use one of: ${[...index.keys()].join(', ')}`, field));
      return undefined;
    }
    const t = declared[target];
    if (target >= at && t.type !== 'Recycle') {
      issues.push(issue('FORWARD_REFERENCE', `'${unit}' is declared after the unit that uses it`, 'Declare units in flow order; close loops with a Recycle unit', field));
      return undefined;
    }
    const ports = portsOf(t.type, t.fractions);
    let port: string | undefined;
    if (dot < 0) port = ports.length === 1 ? ports[0] : undefined;
    else {
      const key = ref.slice(dot + 1).replace(/[\s_-]/g, '').toLowerCase();
      const split = /^split(?:stream)?(\d+)$/.exec(key);
      const draw = /^sidedraw(?:stream)?(\d+)$/.exec(key);
      port = split ? `split${split[1]}` : draw ? `sideDraw${draw[1]}` : PORT_ALIASES[key];
    }
    if (port === undefined || !ports.includes(port)) {
      issues.push(issue('UNKNOWN_PORT', `'${ref}' does not name an outlet of ${t.type} '${unit}'`, `Use ${ports.map((p) => `"${unit}.${p}"`).join(' or ')}`, field));
      return undefined;
    }
    if (read) return { unit, port };
    // A port's material can go one way only; feeding it to two units would count it twice.
    const key = `${unit}.${port}`;
    const user = consumers.get(key);
    if (user !== undefined) {
      issues.push(issue('PORT_ALREADY_USED', `'${ref}' already feeds '${user}'; a stream can enter only one unit`, `Put a Splitter after '${unit}' and feed each unit from one of its splitStream_<i> ports`, field));
      return undefined;
    }
    consumers.set(key, declared[at].name);
    return { unit, port };
  };

  const units: UnitSpec[] = [];
  const feeds: string[] = [];
  list.forEach((raw, i) => {
    const u = normalizeUnit(raw as Record<string, unknown>);
    const { name, type } = declared[i];
    const field = `process.${i}`;
    const p = u.properties as Record<string, unknown>;
    const pf = (k: string) => `${field}.properties.${k}`;
    const one = (): PortRef | undefined => {
      const ref = u.inlet ?? (Array.isArray(u.inlets) && u.inlets.length === 1 ? u.inlets[0] : undefined);
      if (ref === undefined) {
        issues.push(issue('MISSING_INLET', `${type} '${name}' has no inlet`, 'Set "inlet": "<upstream unit>"', `${field}.inlet`));
        return undefined;
      }
      return resolve(ref, i, `${field}.inlet`);
    };
    const many = (): PortRef[] | undefined => {
      const refs: unknown[] = Array.isArray(u.inlets) ? u.inlets : u.inlet !== undefined ? [u.inlet] : [];
      if (refs.length === 0) {
        issues.push(issue('MISSING_INLET', `${type} '${name}' has no inlets`, 'Set "inlets": ["<unit>", ...]', `${field}.inlets`));
        return undefined;
      }
      const r = refs.map((ref, j) => resolve(ref, i, `${field}.inlets.${j}`));
      return r.every((x) => x !== undefined) ? (r as PortRef[]) : undefined;
    };
    const outletPressure = (): number | undefined => {
      const v = p.outletPressure ?? p.outPressure ?? p.pressure;
      if (v === undefined) {
        issues.push(issue('MISSING_PROPERTY', `${type} '${name}' needs an outlet pressure`, 'Set "properties": {"outletPressure": [30, "bara"]}', pf('outletPressure')));
        return undefined;
      }
      return readPressure(v, pf('outletPressure'), issues);
    };
    if (COLUMN_UNIT_TYPES.includes(type)) {
      const spec = readColumnUnit(type as Parameters<typeof readColumnUnit>[0], name, p, many(), field, issues);
      if (spec) units.push(spec);
      return;
    }
    switch (type) {
      case 'Stream': {
        if (u.inlet !== undefined) {
          issues.push(issue('UNSUPPORTED_PROPERTY', `Stream '${name}' has an inlet; streams here are feeds`, 'Refer to the upstream unit directly instead of through a Stream', `${field}.inlet`));
          return;
        }
        const fluidName = typeof u.fluidRef === 'string' ? u.fluidRef : 'default';
        const t = fluids.get(fluidName);
        if (!t) {
          issues.push(issue(u.fluidRef === undefined ? 'NO_FLUID' : 'FLUID_NOT_FOUND', `Stream '${name}' has no fluid '${fluidName}'`, u.fluidRef === undefined ? 'Add a "fluid" to the definition, or set "fluidRef" to a name under "fluids"' : `Use one of: ${[...fluids.keys()].join(', ') || '(define "fluids")'}`, `${field}.fluidRef`));
          return;
        }
        const z = p.composition !== undefined ? streamComposition(p.composition, t, pf('composition'), issues) : t.z;
        if (!z) return;
        let T = t.T;
        let P = t.P;
        if (p.temperature !== undefined) {
          const r = parseTemperature(p.temperature, { code: 'INVALID_TEMPERATURE', field: pf('temperature') });
          if (r.ok) T = r.value;
          else issues.push(r.issue);
        }
        if (p.pressure !== undefined) P = readPressure(p.pressure, pf('pressure'), issues) ?? P;
        if (p.flowRate === undefined) {
          issues.push(issue('MISSING_FLOW_RATE', `Stream '${name}' has no flow rate`, 'Set "properties": {"flowRate": [50000, "kg/hr"]}', pf('flowRate')));
          return;
        }
        const flow = parseFlowRate(p.flowRate, overallMolarMass(t.fluid.model, z), pf('flowRate'));
        if (!flow.ok) return void issues.push(flow.issue);
        feeds.push(name);
        units.push({ type, name, feed: { fluid: t.fluid, z, molarFlow: flow.value, T, P } });
        return;
      }
      case 'Separator':
      case 'GasScrubber':
      case 'Tank':
      case 'ThreePhaseSeparator': {
        const inlets = many();
        let dp = 0;
        if (p.pressureDrop !== undefined) {
          const r = parsePressure(p.pressureDrop, { code: 'INVALID_PRESSURE', field: pf('pressureDrop'), allowNonPositive: true });
          if (r.ok && r.value >= 0) dp = r.value;
          else issues.push(r.ok ? issue('INVALID_PRESSURE', 'pressureDrop must not be negative', 'Give a pressure drop ≥ 0, e.g. [0.5, "bar"]', pf('pressureDrop')) : r.issue);
        }
        if (inlets) units.push({ type, name, inlets, pressureDrop: dp });
        return;
      }
      case 'Mixer': {
        const inlets = many();
        if (inlets) units.push({ type, name, inlets });
        return;
      }
      case 'Recycle': {
        const inlet = one();
        const r = readRecycleOptions(name, p, field, declared, i, issues);
        if (inlet && r) units.push({ type, name, inlet, ...r });
        return;
      }
      case 'Calculator': {
        const c = readCalculator(name, p, field, declared, i, (ref, f) => resolve(ref, i, f, true), issues);
        if (c) units.push({ type, name, ...c });
        return;
      }
      case 'ThrottlingValve': {
        const inlet = one();
        const valve = readValve(p, pf, issues);
        // With a Cv and no outlet pressure, the valve's equation sets the outlet pressure.
        const hasP = (p.outletPressure ?? p.outPressure ?? p.pressure) !== undefined;
        const P = hasP || valve?.cv === undefined ? outletPressure() : undefined;
        if (hasP && valve?.cv !== undefined) warnings.push({ code: 'MODEL_LIMITATION', severity: 'INFO', message: `ThrottlingValve '${name}': outletPressure sets the outlet (as the original); Cv${valve.opening !== undefined ? ' and percentValveOpening' : ''} give the sizing figures (requiredCv, requiredOpening_percent, choked); leave outletPressure out to let the Cv set it` });
        if (inlet && (P !== undefined || valve?.cv !== undefined)) units.push({ type, name, inlet, outletPressure: P, valve });
        return;
      }
      case 'Filter': {
        const inlet = one();
        let dp = 0;
        if (p.deltaP !== undefined) {
          const r = parsePressure(typeof p.deltaP === 'number' ? [p.deltaP, 'bar'] : p.deltaP, { code: 'INVALID_PRESSURE', field: pf('deltaP'), allowNonPositive: true });
          if (r.ok && r.value >= 0) dp = r.value;
          else issues.push(r.ok ? issue('INVALID_PRESSURE', 'deltaP must not be negative', 'Give a pressure drop ≥ 0 in bar', pf('deltaP')) : r.issue);
        }
        if (inlet) units.push({ type, name, inlet, pressureDrop: dp });
        return;
      }
      case 'StreamSaturatorUtil': {
        const inlet = one();
        if (inlet) units.push({ type, name, inlet });
        return;
      }
      case 'ComponentSplitter': {
        const inlet = one();
        const f = p.splitFactors;
        if (!Array.isArray(f) || !f.every((x) => typeof x === 'number' && x >= 0 && x <= 1)) {
          issues.push(issue('INVALID_PROPERTY', `ComponentSplitter '${name}' needs splitFactors: per component of the fluid (in its order), the fraction leaving through split0, each from 0 to 1`, 'Set "properties": {"splitFactors": [1, 1, 0, ...]}', pf('splitFactors')));
          return;
        }
        if (inlet) units.push({ type, name, inlet, factors: f as number[] });
        return;
      }
      case 'Compressor':
      case 'Pump':
      case 'Expander': {
        const chartKey = type === 'Pump' ? 'pumpChart' : 'compressorChart';
        if (p[chartKey] !== undefined && type !== 'Expander') {
          const inlet = one();
          const chart = readChart(p[chartKey], pf(chartKey), issues, warnings, `${type} '${name}'`);
          if (chart === undefined) return;
          const eff = ['isentropicEfficiency', 'efficiency', 'polytropicEfficiency'].find((k) => p[k] !== undefined);
          if (eff) return void issues.push(issue('CONFLICTING_PROPERTY', `${type} '${name}' runs on its chart, which gives the efficiency; ${eff} would be ignored`, `Leave ${eff} out, or remove the chart`, pf(eff)));
          const hasP = (p.outletPressure ?? p.outPressure ?? p.pressure) !== undefined;
          let speed: number | undefined;
          if (p.speed !== undefined) {
            const v = Array.isArray(p.speed) ? p.speed[0] : p.speed;
            if (typeof v === 'number' && Number.isFinite(v) && v > 0) speed = v;
            else return void issues.push(issue('INVALID_PROPERTY', `speed must be a positive number (chart units), got ${JSON.stringify(p.speed)}`, 'Give e.g. "speed": 9500', pf('speed')));
          }
          if (speed === undefined && !hasP) return void issues.push(issue('MISSING_PROPERTY', `${type} '${name}' on a chart needs its speed (the outlet pressure follows) or its outletPressure (the speed follows)`, 'Set "speed": 9500 or "outletPressure": [50, "bara"]', pf('speed')));
          const P = speed === undefined ? outletPressure() : undefined;
          if (speed !== undefined && hasP) warnings.push({ code: 'MODEL_LIMITATION', severity: 'WARNING', message: `${type} '${name}': both speed and outletPressure are given; the speed wins and the outlet pressure follows from the chart (as the original, which ignores the outletPressure); leave speed out to solve the speed for the outlet pressure` });
          if (inlet && (speed !== undefined || P !== undefined)) units.push({ type, name, inlet, machine: { outletPressure: P ?? NaN, isentropicEfficiency: 1 }, chart: { chart, kind: type === 'Pump' ? 'pump' : 'compressor', speed, outletPressure: P } });
          return;
        }
        if (p.speed !== undefined && p.useCompressorChart !== false) return void issues.push(issue('UNSUPPORTED_PROPERTY', `${type} '${name}': a speed needs a performance chart (${chartKey})`, `Add "${chartKey}", or give outletPressure and the efficiency instead of the speed`, pf('speed')));
        const inlet = one();
        const P = outletPressure();
        let eta = 1;
        const etaRaw = p.isentropicEfficiency ?? p.efficiency;
        if (etaRaw !== undefined) {
          const r = parseFraction(etaRaw, pf('isentropicEfficiency'), 'isentropicEfficiency');
          if (r.ok) eta = r.value;
          else issues.push(r.issue);
        }
        let etaP: number | undefined;
        if (p.polytropicEfficiency !== undefined && type === 'Compressor' && p.usePolytropicCalc !== false) {
          const r = parseFraction(p.polytropicEfficiency, pf('polytropicEfficiency'), 'polytropicEfficiency');
          if (r.ok) etaP = r.value;
          else issues.push(r.issue);
        } else if (p.polytropicEfficiency !== undefined) {
          issues.push(issue('UNSUPPORTED_PROPERTY', `${type} '${name}': polytropicEfficiency is used only by compressors with usePolytropicCalc not false`, 'Give isentropicEfficiency instead', pf('polytropicEfficiency')));
        }
        let method: PolytropicMethod | undefined;
        if (p.polytropicMethod !== undefined) {
          const m = typeof p.polytropicMethod === 'string' ? p.polytropicMethod.toLowerCase() : '';
          if (m === 'schultz' || m === 'detailed') method = m;
          else issues.push(issue('INVALID_PROPERTY', `polytropicMethod must be "schultz" or "detailed", got ${JSON.stringify(p.polytropicMethod)}`, 'Use "schultz" (default, as the original) or "detailed" (40 pressure steps)', pf('polytropicMethod')));
        }
        if (inlet && P !== undefined) units.push({ type, name, inlet, machine: { outletPressure: P, isentropicEfficiency: eta, polytropicEfficiency: etaP, polytropicMethod: method } });
        return;
      }
      case 'Heater':
      case 'Cooler': {
        const inlet = one();
        const tRaw = p.outTemperature ?? p.outletTemperature;
        const dRaw = p.duty ?? p.energyInput;
        if ((tRaw === undefined) === (dRaw === undefined)) {
          issues.push(issue('MISSING_PROPERTY', `${type} '${name}' needs exactly one of outTemperature and duty`, 'Set "properties": {"outTemperature": [30, "C"]} or {"duty": [1.2, "MW"]}', `${field}.properties`));
          return;
        }
        let outletTemperature: number | undefined;
        let duty: number | undefined;
        if (tRaw !== undefined) {
          const r = parseTemperature(tRaw, { code: 'INVALID_TEMPERATURE', field: pf('outTemperature') });
          if (r.ok) outletTemperature = r.value;
          else return void issues.push(r.issue);
        } else {
          const r = parseDuty(dRaw, pf('duty'));
          if (!r.ok) return void issues.push(r.issue);
          // A cooler's duty is the heat it removes (a positive number), a heater's the heat it adds.
          duty = type === 'Cooler' ? -Math.abs(r.value) : r.value;
        }
        let outletP: number | undefined;
        let dp: number | undefined;
        if ((p.outletPressure ?? p.outPressure) !== undefined) outletP = readPressure(p.outletPressure ?? p.outPressure, pf('outletPressure'), issues);
        if (p.pressureDrop !== undefined) {
          const r = parsePressure(p.pressureDrop, { code: 'INVALID_PRESSURE', field: pf('pressureDrop'), allowNonPositive: true });
          if (r.ok && r.value >= 0) dp = r.value;
          else issues.push(r.ok ? issue('INVALID_PRESSURE', 'pressureDrop must not be negative', 'Give a pressure drop ≥ 0', pf('pressureDrop')) : r.issue);
        }
        if (inlet) units.push({ type, name, inlet, heater: { outletTemperature, duty, outletPressure: outletP, pressureDrop: dp } });
        return;
      }
      case 'HeatExchanger': {
        const inlets = many();
        if (inlets && inlets.length !== 2) {
          issues.push(issue('INVALID_INLET', `HeatExchanger '${name}' needs exactly two inlets, got ${inlets.length}`, 'Set "inlets": ["hot stream", "cold stream"]', `${field}.inlets`));
          return;
        }
        let UA = 500;
        if (p.UAvalue !== undefined) {
          const v = Array.isArray(p.UAvalue) ? p.UAvalue[0] : p.UAvalue;
          if (typeof v === 'number' && Number.isFinite(v) && v >= 0) UA = v;
          else return void issues.push(issue('INVALID_PROPERTY', `UAvalue must be a non-negative number of W/K, got ${JSON.stringify(p.UAvalue)}`, 'Give e.g. "UAvalue": 8500', pf('UAvalue')));
        } else {
          warnings.push({ code: 'MODEL_LIMITATION', severity: 'INFO', message: `HeatExchanger '${name}': no UAvalue given, the original's default UA = 500 W/K is used` });
        }
        if (inlets) units.push({ type, name, inlets: [inlets[0], inlets[1]], UA });
        return;
      }
      case 'Splitter': {
        const inlet = one();
        const f = p.splitFactors;
        if (!Array.isArray(f) || f.length < 2 || !f.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0) || !(f.reduce((a: number, b: number) => a + b, 0) > 0)) {
          issues.push(issue('INVALID_PROPERTY', `Splitter '${name}' needs splitFactors: two or more non-negative numbers with a positive sum`, 'Set "properties": {"splitFactors": [0.6, 0.4]}', pf('splitFactors')));
          return;
        }
        if (inlet) units.push({ type, name, inlet, fractions: f as number[] });
        return;
      }
      case 'AdiabaticPipe':
      case 'PipeBeggsAndBrills': {
        const inlet = one();
        const take = (keys: string[], what: string, required: boolean, opts: { allowNegative?: boolean; positive?: boolean } = {}): number | undefined => {
          const key = keys.find((k) => p[k] !== undefined);
          if (key === undefined) {
            if (required) issues.push(issue('MISSING_PROPERTY', `${type} '${name}' needs its ${what}`, `Set "properties": {"${keys[0]}": …} (metres, or [value, "unit"])`, pf(keys[0]!)));
            return undefined;
          }
          const r = parseLength(p[key], pf(key), what, opts);
          if (!r.ok) issues.push(r.issue);
          return r.ok ? r.value : undefined;
        };
        const length = take(['length'], 'length', true, { positive: true });
        const diameter = take(['diameter', 'insideDiameter'], 'inside diameter', true, { positive: true });
        const roughness = take(['pipeWallRoughness', 'roughness'], 'wall roughness', false) ?? 1e-5;
        let elevation = take(['elevation', 'elevationChange'], 'elevation change', false, { allowNegative: true });
        if (elevation === undefined && p.angle !== undefined) {
          const a = Array.isArray(p.angle) ? p.angle[0] : p.angle;
          if (typeof a !== 'number' || !(a >= -90 && a <= 90)) issues.push(issue('INVALID_PROPERTY', `angle must be degrees from -90 to 90, got ${JSON.stringify(p.angle)}`, 'Give "angle": 5 (degrees, + uphill), or "elevation" in metres', pf('angle')));
          else if (length !== undefined) elevation = length * Math.sin((a * Math.PI) / 180);
        }
        if (length !== undefined && elevation !== undefined && Math.abs(elevation) > length) {
          issues.push(issue('INVALID_PROPERTY', `PipeBeggsAndBrills '${name}': elevation change ${elevation} m exceeds the length ${length} m`, 'The height difference cannot exceed the length along the pipe', pf('elevation')));
        }
        const nRaw = p.numberOfIncrements ?? p.numberOfSegments ?? PIPE_INCREMENTS;
        const n = Array.isArray(nRaw) ? nRaw[0] : nRaw;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_PIPE_INCREMENTS) {
          issues.push(issue('INVALID_PROPERTY', `numberOfIncrements must be a whole number from 1 to ${MAX_PIPE_INCREMENTS}, got ${JSON.stringify(nRaw)}`, `Give e.g. "numberOfIncrements": 20 (default ${PIPE_INCREMENTS})`, pf('numberOfIncrements')));
        }
        if (inlet && length !== undefined && diameter !== undefined && typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_PIPE_INCREMENTS && !(elevation !== undefined && Math.abs(elevation) > length)) {
          units.push({ type: type as 'PipeBeggsAndBrills' | 'AdiabaticPipe', name, inlet, pipe: { length, diameter, roughness, elevation: elevation ?? 0, increments: n } });
        }
        return;
      }
    }
  });
  if (issues.length > 0) return { ok: false, kind: 'compute', issues };
  // A Stream a Recycle writes into is the loop's tear stream (its declared state is the first
  // guess), not material entering the flowsheet.
  const tears = new Set(units.flatMap((u) => (u.type === 'Recycle' && u.outletStream !== undefined ? [u.outletStream] : [])));
  return { ok: true, definition: { units, declared: declared.map(({ name, type }) => ({ name, type })), feeds: feeds.filter((f) => !tears.has(f)), warnings } };
}
