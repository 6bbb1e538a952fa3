/**
 * runWaterHammer (advanced, CALCULATION, v1.5, auto-validated 'pipeline'): surge screening of a
 * single line closed by a valve at its downstream end (src/engine/transient/water-hammer.ts).
 * The fluid is flashed at the line's inlet conditions (SRK, PR or CPA) for density, sound speed
 * and viscosity; the wave speed is the Korteweg value for a liquid in an elastic pipe (or the
 * fluid's sound speed for a gas), unless given; friction from Haaland (as the pipeline tools). The method of
 * characteristics runs at Courant number 1 and gives the pressure envelope along the line and the
 * valve-end history, beside the Joukowsky estimate and the closure regime.
 *
 * Not covered here (refused, not ignored): pump trips and other events than valve closures, STID
 * and line-list routes, field-data replay, elevation profiles, two-phase flow.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LENGTH_LIMIT_M, moleFraction, signed } from '../contract/bounded.js';
import { createFluid, flashReport, flashTP, overallMolarMass, type FluidModelName } from '../../engine/index.js';
import { kortewegWaveSpeed, waterHammer } from '../../engine/transient/water-hammer.js';
import { darcyFriction } from '../../engine/process/beggs-brill.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';
import { FLASH_MODELS } from '../contract/flash-models.js';
import { parseFlashRequest } from '../thermo/runFlash/request.js';
import { parseFlowRate } from '../process/runProcess/quantities.js';

const TOOL = 'runWaterHammer';
/** Actual (line-condition) volume flows, m3/s per unit: natural for liquid lines. */
const ACTUAL_VOLUME: Record<string, number> = { 'm3/s': 1, 'm3/sec': 1, 'm3/hr': 1 / 3600, 'm3/h': 1 / 3600, 'm3/day': 1 / 86400, 'bbl/day': 0.158987294928 / 86400 };

/** The flow as {value, unit} or [value, unit], if its unit is an actual volume flow. */
function actualVolumeFlow(v: unknown): { m3s: number } | undefined {
  const [value, unit] = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? [(v as { value?: unknown }).value, (v as { unit?: unknown }).unit] : [undefined, undefined];
  if (typeof unit !== 'string' || !Object.hasOwn(ACTUAL_VOLUME, unit) || typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) return undefined;
  return { m3s: value * ACTUAL_VOLUME[unit]! };
}
const STEEL_E_GPA = 200;
const MAX_REACHES = 1000;
const MAX_STEPS = 2_000_000;

const pos = (d: string, max: number) => Type.Number({ exclusiveMinimum: 0, maximum: max, description: d });
const Pipe = Type.Object(
  {
    length_m: pos('Line length', 1e6),
    diameter_m: pos('Inside diameter', 20),
    wallThickness_m: Type.Optional(pos('Wall thickness (needed for the liquid wave speed unless waveSpeed_m_s is given)', 1)),
    roughness_m: Type.Optional(Type.Number({ minimum: 0, maximum: 0.1, description: 'Absolute roughness (default 4.6e-5, commercial steel)' })),
    youngsModulus_GPa: Type.Optional(pos('Pipe material (default 200, steel)', 1000)),
    numberOfNodes: Type.Optional(Type.Integer({ minimum: 3, maximum: MAX_REACHES + 1, description: 'Grid nodes along the line (default 51)' })),
    waveSpeed_m_s: Type.Optional(pos('Pressure-wave speed, if known', 1e4)),
    elevation_m: Type.Optional(signed(LENGTH_LIMIT_M, { description: 'Not modelled: only 0 is accepted' })),
  },
  { additionalProperties: false },
);
const Event = Type.Object(
  {
    type: Type.String({ description: 'VALVE_CLOSURE (the only event modelled)' }),
    startTime_s: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5 })),
    duration_s: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5 })),
    startOpening: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
    endOpening: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
const Input = Type.Object(
  {
    studyName: Type.Optional(Type.String({ maxLength: 200 })),
    components: Type.Optional(Type.Record(Type.String(), moleFraction())),
    composition: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'Same as components' })),
    model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA' })),
    temperature_C: Type.Number({ minimum: -273.15, maximum: 1000 }),
    pressure_bara: Type.Number({ exclusiveMinimum: 0, maximum: 2000, description: 'Inlet (upstream reservoir) pressure' }),
    outletPressure_bara: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2000, description: 'Pressure downstream of the valve (default: the valve takes 10 % of its inlet pressure at the initial flow)' })),
    flowRate: Type.Unknown({ description: 'Initial flow, {value, unit} or [value, unit]: kg/hr, m3/hr, Sm3/day, …' }),
    designPressure_bara: Type.Optional(pos('Design pressure of the line', 5000)),
    MAOP_bara: Type.Optional(pos('Same as designPressure_bara', 5000)),
    pipe: Pipe,
    eventSchedule: Type.Optional(Type.Array(Event, { minItems: 1, maxItems: 1 })),
    closureTime_s: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5, description: 'Full linear closure starting at t = 0 (instead of eventSchedule)' })),
    simulationTime_s: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e5 })),
    stidRoute: Type.Optional(Type.Unknown()),
    lineListRoute: Type.Optional(Type.Unknown()),
    fieldData: Type.Optional(Type.Unknown()),
    sourceReferences: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    studyName: Type.String(),
    keyResults: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
    pressureEnvelope: Type.Array(Type.Object({ position_m: Type.Number(), maxPressure_bara: Type.Number(), minPressure_bara: Type.Number(), steadyPressure_bara: Type.Number() }, { additionalProperties: false })),
    timeSeries: Type.Array(Type.Object({ time_s: Type.Number(), valvePressure_bara: Type.Number(), midLinePressure_bara: Type.Number(), valveVelocity_m_s: Type.Number() }, { additionalProperties: false })),
    inputSummary: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
    screeningLimitations: Type.Array(Type.String()),
    sourceReferences: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const LIMITATIONS = [
  'Single line, reservoir upstream, valve at the downstream end; no pumps, branches or elevation profile',
  'Single-phase fluid with constant properties at the inlet state; column separation (cavitation) is flagged, not simulated',
  'Darcy friction of the steady flow, quasi-steady; no unsteady friction or fluid-structure interaction',
];

function thin<T>(xs: T[], max: number): T[] {
  if (xs.length <= max) return xs;
  const step = (xs.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => xs[Math.round(i * step)]!);
}

function run(input: In): Envelope<Out> {
  const started = performance.now();
  const issues: DiagnosticIssue[] = [];
  for (const k of ['stidRoute', 'lineListRoute', 'fieldData'] as const) {
    if (input[k] !== undefined) issues.push(issue('NOT_IMPLEMENTED_INPUT', `${k} is not supported by this server`, 'Describe the line with "pipe" (length_m, diameter_m, wallThickness_m, roughness_m) and the event with "eventSchedule" or "closureTime_s"', k));
  }
  if ((input.pipe.elevation_m ?? 0) !== 0) issues.push(issue('NOT_IMPLEMENTED_INPUT', 'An elevation profile is not modelled', 'Omit pipe.elevation_m (or give 0)', 'pipe.elevation_m'));
  const ev = input.eventSchedule?.[0];
  if (ev !== undefined && ev.type.toUpperCase() !== 'VALVE_CLOSURE') issues.push(issue('NOT_IMPLEMENTED_EVENT', `Event ${JSON.stringify(ev.type)} is not modelled`, 'Use "VALVE_CLOSURE"', 'eventSchedule.0.type'));
  if (ev === undefined && input.closureTime_s === undefined) issues.push(issue('MISSING_FIELD', 'No event: give eventSchedule or closureTime_s', 'Add "closureTime_s": 2 (full closure over 2 s from t = 0)', 'closureTime_s'));
  const comps = input.components ?? input.composition;
  const parsed = parseFlashRequest({ model: input.model, components: comps, flashType: 'TP' }, FLASH_MODELS);
  if (!parsed.ok) issues.push(...parsed.issues);
  else if (parsed.request.model === 'GERG2008') issues.push(issue('UNSUPPORTED_MODEL', 'Water hammer needs SRK, PR or CPA', 'Use "model": "SRK", "PR" or "CPA"', 'model'));
  if (issues.length > 0 || !parsed.ok) return failure(TOOL, 'compute', issues);
  const req = parsed.request;
  const fluid = createFluid(req.model as FluidModelName, req.components, req.z);
  const T = input.temperature_C + 273.15;
  const P = input.pressure_bara * 1e5;
  const f = flashTP(fluid.model, T, P, fluid.z, { multiPhaseCheck: true });
  if (!f.ok) return failure(TOOL, 'compute', [issue(f.code, f.message, 'Check the inlet temperature, pressure and composition')]);
  if (f.result.phases.length > 1) {
    return failure(TOOL, 'compute', [issue('TWO_PHASE_NOT_SUPPORTED', `The fluid is ${f.result.phases.map((p) => p.label).join(' + ')} at the inlet: this screening is single-phase`, 'Give a single-phase state (check with runFlash), or use a transient multiphase simulator', 'temperature_C')]);
  }
  const rep = flashReport(fluid.model, f.result).phases[0]!;
  const rho = rep.thermo.density;
  const c = rep.thermo.speedOfSound;
  const mu = rep.viscosity;
  const M = overallMolarMass(fluid.model, fluid.z);
  const vol = actualVolumeFlow(input.flowRate);
  const flow = vol !== undefined ? ({ ok: true, value: (vol.m3s * rho) / M } as const) : parseFlowRate(input.flowRate, M, 'flowRate');
  if (!flow.ok) return failure(TOOL, 'compute', [{ ...flow.issue, fix: `${flow.issue.fix}; or an actual volume flow: ${Object.keys(ACTUAL_VOLUME).join(', ')}` }]);
  const liquid = rep.state.label !== 'gas';
  const pipe = input.pipe;
  const A = (Math.PI * pipe.diameter_m ** 2) / 4;
  const V0 = (flow.value * M) / (rho * A);
  let a = pipe.waveSpeed_m_s;
  let waveSource = 'given';
  if (a === undefined) {
    if (liquid) {
      if (pipe.wallThickness_m === undefined) return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'A liquid line needs pipe.wallThickness_m for its wave speed (or pipe.waveSpeed_m_s)', 'Add "wallThickness_m", e.g. 0.0127', 'pipe.wallThickness_m')]);
      a = kortewegWaveSpeed(c, rho, pipe.diameter_m, pipe.wallThickness_m, (pipe.youngsModulus_GPa ?? STEEL_E_GPA) * 1e9);
      waveSource = 'Korteweg (liquid in an elastic pipe)';
    } else {
      a = c;
      waveSource = 'sound speed of the gas (pipe elasticity negligible)';
    }
  }
  if (!Number.isFinite(a) || !(a > 0) || mu === undefined) return failure(TOOL, 'compute', [issue('PROPERTY_ERROR', 'The sound speed or viscosity of the fluid could not be computed at the inlet state', 'Check the state with runFlash')]);
  const Re = (rho * Math.abs(V0) * pipe.diameter_m) / mu;
  const fr = darcyFriction(Re, (pipe.roughness_m ?? 4.6e-5) / pipe.diameter_m);
  const closure = ev !== undefined ? { startTime: ev.startTime_s ?? 0, duration: ev.duration_s ?? 0, startOpening: ev.startOpening ?? 1, endOpening: ev.endOpening ?? 0 } : { startTime: 0, duration: input.closureTime_s!, startOpening: 1, endOpening: 0 };
  const roundTrip = (2 * pipe.length_m) / a;
  const simTime = input.simulationTime_s ?? closure.startTime + closure.duration + 5 * roundTrip;
  const reaches = (pipe.numberOfNodes ?? 51) - 1;
  const steps = Math.ceil(simTime / (pipe.length_m / reaches / a));
  if (steps > MAX_STEPS) return failure(TOOL, 'compute', [issue('TOO_MANY_STEPS', `${steps} time steps (Courant 1 on ${reaches} reaches over ${simTime} s)`, 'Shorten simulationTime_s or use fewer numberOfNodes', 'simulationTime_s')]);
  const back = input.outletPressure_bara !== undefined ? input.outletPressure_bara * 1e5 : undefined;
  const steadyValve = P - (rho * fr * pipe.length_m * V0 * Math.abs(V0)) / (2 * pipe.diameter_m);
  if (!(steadyValve > 0)) {
    return failure(TOOL, 'compute', [issue('INVALID_PRESSURE', `At this flow the friction loss along the line, ${((P - steadyValve) / 1e5).toPrecision(4)} bar, is not below the inlet pressure ${input.pressure_bara} bara: the line cannot carry the flow`, 'Raise pressure_bara or lower the flow rate', 'pressure_bara')]);
  }
  if (back !== undefined && !(back < steadyValve)) return failure(TOOL, 'compute', [issue('INVALID_PRESSURE', `outletPressure_bara ${input.outletPressure_bara} is not below the valve inlet pressure ${(steadyValve / 1e5).toFixed(3)} bara at this flow`, 'Give a lower back pressure, or omit it', 'outletPressure_bara')]);
  const r = waterHammer({ pipe: { length: pipe.length_m, diameter: pipe.diameter_m, frictionFactor: fr, waveSpeed: a }, density: rho, velocity: V0, inletPressure: P, ...(back !== undefined ? { backPressure: back } : {}), closure, duration: simTime, reaches });

  const maxP = Math.max(...r.maxPressure);
  const minP = Math.min(...r.minPressure);
  const design = (input.designPressure_bara ?? input.MAOP_bara) !== undefined ? (input.designPressure_bara ?? input.MAOP_bara)! * 1e5 : undefined;
  const dV = V0 * (1 - closure.endOpening / closure.startOpening);
  const joukowsky = rho * a * Math.abs(dV);
  const fast = closure.duration <= roundTrip;
  const warnings: Warning[] = [...req.warnings];
  if (liquid && pipe.waveSpeed_m_s === undefined) {
    warnings.push(
      warning(
        'MODEL_LIMITATION',
        `The liquid sound speed ${c.toFixed(0)} m/s is an equation-of-state derivative, which cubic and CPA models tend to overpredict for liquids (water at 20 °C is about 1480 m/s); the surge scales with it. Give pipe.waveSpeed_m_s when the wave speed is known`,
      ),
    );
  }
  // Column separation: a vapour (or gas) phase appears at the lowest pressure reached.
  let cavitation = false;
  if (liquid) {
    const low = flashTP(fluid.model, T, Math.max(minP, 100), fluid.z, { multiPhaseCheck: true });
    cavitation = minP <= 100 || (low.ok && low.result.phases.some((p) => p.label === 'gas'));
    if (cavitation) warnings.push(warning('EXTRAPOLATION', `The pressure falls to ${(minP / 1e5).toFixed(3)} bara, where the liquid flashes: column separation is likely and the results after it are not valid (this screening does not model cavities)`));
  }
  const designExceeded = design !== undefined && maxP > design;
  if (designExceeded) warnings.push(warning('EXTRAPOLATION', `The surge pressure ${(maxP / 1e5).toFixed(2)} bara exceeds the design pressure ${(design! / 1e5).toFixed(2)} bara`));
  const keyResults: Out['keyResults'] = {
    joukowskySurgeEstimate_bar: joukowsky / 1e5,
    maxPressure_bara: maxP / 1e5,
    minPressure_bara: minP / 1e5,
    surgeAboveSteady_bar: (maxP - r.steadyPressure[r.steadyPressure.length - 1]!) / 1e5,
    waveSpeed_m_s: a,
    waveRoundTripTime_s: roundTrip,
    maxStableTimeStep_s: r.timeStep,
    timeStep_s: r.timeStep,
    courantNumber: 1,
    timeStepWithinCourantLimit: true,
    closureRegime: fast ? 'fast_closure' : 'slow_closure',
    columnSeparationLikely: cavitation,
    requiresDetailedSurgeStudy: designExceeded || cavitation || (fast && design !== undefined && maxP > 0.9 * design),
    initialVelocity_m_s: V0,
    reynoldsNumber: Re,
    darcyFrictionFactor: fr,
  };
  if (design !== undefined) {
    keyResults.designPressureExceeded = designExceeded;
    keyResults.maxPressureToDesignPressureRatio = maxP / design;
  }
  const env = r.x.map((x, i) => ({ position_m: x, maxPressure_bara: r.maxPressure[i]! / 1e5, minPressure_bara: r.minPressure[i]! / 1e5, steadyPressure_bara: r.steadyPressure[i]! / 1e5 }));
  const series = r.time.map((t, i) => ({ time_s: t, valvePressure_bara: r.valvePressure[i]! / 1e5, midLinePressure_bara: r.midPressure[i]! / 1e5, valveVelocity_m_s: r.valveVelocity[i]! }));
  const data: Out = {
    studyName: input.studyName ?? 'water hammer screening',
    keyResults,
    pressureEnvelope: thin(env, 101),
    timeSeries: thin(series, 501),
    inputSummary: {
      model: req.model,
      phase: rep.state.label,
      density_kg_m3: rho,
      soundSpeed_m_s: c,
      viscosity_Pa_s: mu,
      waveSpeedSource: waveSource,
      massFlow_kg_s: flow.value * M,
      backPressure_bara: r.backPressure / 1e5,
      closureStart_s: closure.startTime,
      closureDuration_s: closure.duration,
      simulationTime_s: simTime,
      reaches,
    },
    screeningLimitations: LIMITATIONS,
    sourceReferences: input.sourceReferences ?? [],
  };
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: {
      model: req.model,
      calculationType: 'water hammer screening (method of characteristics)',
      convergence: { converged: true, iterations: r.steps, message: `${r.steps} time steps of ${r.timeStep.toPrecision(4)} s on ${reaches} reaches` },
      assumptions: [
        'Method of characteristics at Courant number 1 (Wylie & Streeter 1993); reservoir at the inlet pressure upstream, valve downstream with V ∝ opening·√ΔP',
        `Wave speed: ${waveSource}; Joukowsky ΔP = ρ·a·ΔV`,
        'Darcy friction factor (Haaland; 64/Re laminar), the same as the pipeline tools, at the initial Reynolds number',
      ],
      limitations: LIMITATIONS,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Surge screening completed',
  });
}

export const runWaterHammerTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.5',
  summary: 'Water-hammer (surge) screening of a line closed by a valve: Joukowsky surge, max/min pressure, wave speed and the closure regime.',
  description:
    'Water-hammer (surge) screening of a line closed by a valve at its end: {components, model SRK|PR|CPA, temperature_C, pressure_bara (inlet), flowRate {value, unit}, pipe {length_m, diameter_m, wallThickness_m, roughness_m, numberOfNodes, waveSpeed_m_s?}, closureTime_s or eventSchedule [{type: "VALVE_CLOSURE", startTime_s, duration_s, startOpening, endOpening}], designPressure_bara}. ' +
    'Returns keyResults (Joukowsky surge, max/min pressure, wave speed (Korteweg for liquids), round-trip time 2L/a, closure regime fast/slow, design-pressure check, column separation flag), the pressure envelope along the line and the valve-end history (method of characteristics). Single-phase; pump trips, routes and field data are refused.',
  input: Input,
  output: Output,
  exampleCategory: 'pipeline',
  examples: [
    {
      name: 'water-line-valve-closure',
      description: 'A 2 km, 12-inch water injection line closed in 1 s at 500 m3/hr: Joukowsky surge and the MOC envelope',
      input: { studyName: 'injection line', components: { water: 1 }, model: 'CPA', temperature_C: 20, pressure_bara: 50, flowRate: { value: 500, unit: 'm3/hr' }, designPressure_bara: 100, pipe: { length_m: 2000, diameter_m: 0.3, wallThickness_m: 0.0127, roughness_m: 4.6e-5, numberOfNodes: 41 }, closureTime_s: 1 },
    },
  ],
  execution: 'pool',
  autoValidation: 'pipeline',
  run: (input) => run(input),
});
