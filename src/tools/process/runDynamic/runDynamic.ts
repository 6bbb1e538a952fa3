/**
 * runDynamic (experimental, CALCULATION, v1.1): transient simulation of the separator of a
 * runProcess flowsheet with auto-instrumentation. The flowsheet is first solved at steady state
 * exactly as runProcess does (its failure is returned with upstreamTool "runProcess"); then the
 * separator becomes a rigid adiabatic vessel whose state (component moles + internal energy) is
 * integrated in time, T and P from a UV flash at every stage (src/engine/dynamic/). The gas and
 * liquid leave through control valves (IEC 60534-2-1) sized so that the initial state is steady,
 * driven by PI pressure and level controllers whose setpoints are that steady state. Events
 * (feed steps, valve openings, setpoint changes) disturb it.
 *
 * Unlike the original (whose separator example loses half its pressure in the first step and
 * empties with no controllers), the initial state is a true steady state of the model and mass
 * and energy are conserved; the per-step balance errors are reported.
 */
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { simulateProcess } from '../runProcess/runProcess.js';
import type { RunProcessInput } from '../runProcess/schema.js';
import { extractAdjusters } from '../runProcess/adjusters.js';
import { dynamicTopology, upstreamInflow } from '../../../engine/dynamic/flowsheet-link.js';
import { setupSeparator, DEFAULT_TUNING } from '../../../engine/dynamic/setup.js';
import { simulateSeparator, type DynamicEvent } from '../../../engine/dynamic/separator-dynamics.js';
import { MAX_STEPS, RunDynamicInput, RunDynamicOutput } from './schema.js';
import { RUN_DYNAMIC_EXAMPLES } from './examples.js';

const TOOL = 'runDynamic';
const DEFAULT_DURATION = 600;
const DEFAULT_STEP = 1;
const EVENT_TYPES = ['FEED_FLOW_STEP', 'VALVE_OPENING', 'SETPOINT'] as const;

const ASSUMPTIONS = [
  'Steady state first, as runProcess; the separator then becomes a rigid, adiabatic, well-mixed vessel in phase equilibrium at every instant (UV flash of its moles, internal energy and volume)',
  'Units upstream of the separator hold no inventory: they are re-solved quasi-steady when a feed changes, and the inflow does not depend on the vessel pressure (a flow source)',
  'The inflow is the separator\'s equilibrated feed of the steady flowsheet (with a separator pressureDrop, the isothermal re-flash of runProcess)',
  'Vertical cylinder with flat ends; level = liquid volume fraction; liquid valve sees the hydrostatic head',
  'Valves: IEC 60534-2-1:2011 (liquid eq. 1, non-choked; gas eq. 8 with expansion factor and choking at Fγ·xT), linear characteristic, no reverse flow, fixed downstream pressure; Cv sized so the initial openings pass the steady flows',
  'PI controllers in ISA standard form on the error in fraction of span (PT 0…2·P0, LT 0…1), direct acting, output clamped 0…1 with conditional-integration anti-windup, sampled every timeStep_seconds (zero-order hold)',
  'Explicit Heun (2nd order) with sub-steps h ≤ τ/2 of the fastest estimated time constant',
];
const LIMITATIONS = [
  'One two-phase Separator with at most one ThrottlingValve on each outlet; recycles, three-phase separators and units downstream of the control valves are refused (UNSUPPORTED_DYNAMIC_TOPOLOGY)',
  'No heat exchange with the walls or surroundings, no entrainment, no liquid–liquid separation, no choked (flashing) liquid flow in the valve, no valve actuator dynamics',
  'No flow or temperature loops; no liquid-full vessel (the run stops when the gas phase disappears)',
];

type In = RunDynamicInput;
type Out = RunDynamicOutput;

function fail(issues: DiagnosticIssue[], kind: 'input' | 'compute' = 'input') {
  return failure(TOOL, kind, issues);
}

function run(input: In, ctx?: ToolContext): Envelope<Out> {
  const started = performance.now();
  if (input.processJson === undefined) return fail([issue('MISSING_PROCESS', 'processJson is required: the runProcess definition whose separator is simulated', 'Give "processJson": {"fluid": {...}, "process": [{"type": "Stream", ...}, {"type": "Separator", "inlet": "feed", ...}]}', 'processJson')]);
  const issues: DiagnosticIssue[] = [];
  for (const k of ['flow', 'temperature'] as const) {
    if (input.tuning?.[k] !== undefined) issues.push(issue('NOT_IMPLEMENTED_CONTROLLER', `tuning.${k}: this model has no ${k} control loop (only the separator pressure and level loops)`, 'Give tuning.pressure and/or tuning.level, or omit the key', `tuning.${k}`));
  }
  const duration = input.duration_seconds ?? DEFAULT_DURATION;
  const dt = input.timeStep_seconds ?? DEFAULT_STEP;
  if (dt > duration) issues.push(issue('INVALID_TIME_STEP', `timeStep_seconds ${dt} is longer than duration_seconds ${duration}`, 'Give a time step no longer than the duration', 'timeStep_seconds'));
  const steps = Math.max(1, Math.ceil(duration / dt - 1e-9));
  if (steps > MAX_STEPS) issues.push(issue('TOO_MANY_STEPS', `${duration} s in steps of ${dt} s is ${steps} steps (limit ${MAX_STEPS})`, `Use a time step of at least ${(duration / MAX_STEPS).toPrecision(3)} s or a shorter duration`, 'timeStep_seconds'));
  const events = input.events ?? [];
  events.forEach((e, i) => {
    const type = e.type.toUpperCase();
    const f = `events.${i}`;
    if (!(EVENT_TYPES as readonly string[]).includes(type)) issues.push(issue('UNKNOWN_EVENT_TYPE', `Event type ${JSON.stringify(e.type)} is not modelled`, `Use one of: ${EVENT_TYPES.join(', ')}`, `${f}.type`));
    else if (type === 'FEED_FLOW_STEP' && !(e.value >= 0 && e.value <= 100)) issues.push(issue('INVALID_EVENT_VALUE', `FEED_FLOW_STEP value ${e.value} must be a multiple of the steady feed flow from 0 to 100`, 'Give e.g. 1.2 for +20 %', `${f}.value`));
    else if (type === 'VALVE_OPENING' && !(e.value >= 0 && e.value <= 1)) issues.push(issue('INVALID_EVENT_VALUE', `VALVE_OPENING value ${e.value} must be an opening from 0 to 1`, 'Give e.g. 0.3', `${f}.value`));
  });
  if (issues.length > 0) return fail(issues);

  const doc = input.processJson as unknown as Record<string, unknown>;
  const adj = extractAdjusters(doc);
  if (adj.specs.length > 0 || adj.setPoints.length > 0) {
    return fail([issue('UNSUPPORTED_DYNAMIC_TOPOLOGY', 'Adjuster and SetPoint units are steady-state solver specifications, not modelled dynamically', 'Remove them (run runProcess to find the adjusted values and write those into the definition)', 'processJson.process')], 'compute');
  }
  const sim = simulateProcess('runProcess', input.processJson as RunProcessInput, undefined, '/processJson');
  if (!sim.ok) {
    const env = sim.env;
    return { ...env, tool: TOOL, upstreamTool: 'runProcess', validation: { ...env.validation!, phase: 'steady-state' } } as Envelope<never>;
  }
  const topo = dynamicTopology(sim.definition.units);
  if (!topo.ok) return fail([issue(topo.code, topo.message, 'Model one separator fed by Streams (and units before it), with at most a ThrottlingValve on gasOut and on liquidOut; simulate the rest with runProcess', topo.unit ? `unit:${topo.unit}` : 'processJson.process')], 'compute');
  const topology = topo.topology;
  const v = input.vessel ?? {};
  const bar = (x: number | undefined) => (x === undefined ? undefined : x * 1e5);
  const set = setupSeparator(topology, sim.solved, {
    volume: v.volume_m3,
    initialLevel: v.initialLevel,
    liquidResidenceTime: v.liquidResidenceTime_s,
    gasResidenceTime: v.gasResidenceTime_s,
    heightToDiameter: v.heightToDiameter,
    gas: { downstreamPressure: bar(input.valves?.gas?.outletPressure_bara), xT: input.valves?.gas?.xT, opening: input.valves?.gas?.initialOpening },
    liquid: { downstreamPressure: bar(input.valves?.liquid?.outletPressure_bara), opening: input.valves?.liquid?.initialOpening },
    tuning: { pressure: input.tuning?.pressure, level: input.tuning?.level },
  });
  if (!set.ok) return fail([issue(set.code, set.message, 'Check the separator conditions and the valve outlet pressures', set.field)], 'compute');
  const S = set.setup;
  const sep = topology.separator.name;
  const hasLiquid = S.levelController !== undefined;
  const gasTag = topology.gasValve?.name ?? `PV-${sep}`;
  const liquidTag = topology.liquidValve?.name ?? `LV-${sep}`;
  const pcTag = `PC-${sep}`;
  const lcTag = `LC-${sep}`;

  // Events: targets resolved against the instrumented vessel.
  const dynEvents: DynamicEvent[] = [];
  const warnings: Warning[] = [...sim.warnings];
  events.forEach((e, i) => {
    const type = e.type.toUpperCase();
    const f = `events.${i}.target`;
    const label = `${type} ${e.target} = ${e.value}`;
    if (e.time_seconds > steps * dt) warnings.push(warning('MODEL_LIMITATION', `Event ${i} (${label}) at ${e.time_seconds} s is after the end of the run and was not applied`));
    if (type === 'FEED_FLOW_STEP') {
      if (!topology.feeds.includes(e.target)) issues.push(issue('UNKNOWN_EVENT_TARGET', `'${e.target}' is not a feed Stream upstream of separator '${sep}'`, `Use one of: ${topology.feeds.join(', ')}`, f));
      else dynEvents.push({ time: e.time_seconds, kind: 'feed', target: e.target, factor: e.value, label });
    } else if (type === 'VALVE_OPENING') {
      const t = e.target.toLowerCase();
      const valve = e.target === gasTag || t === 'gas' ? 'gas' : hasLiquid && (e.target === liquidTag || t === 'liquid') ? 'liquid' : undefined;
      if (!valve) issues.push(issue('UNKNOWN_EVENT_TARGET', `'${e.target}' is not a valve of this model`, `Use ${hasLiquid ? `"${gasTag}" or "${liquidTag}"` : `"${gasTag}" (no liquid valve: no liquid at the steady state)`}`, f));
      else dynEvents.push({ time: e.time_seconds, kind: 'valve', valve, opening: e.value, label });
    } else {
      if (e.target === pcTag) {
        if (!(e.value > 0 && e.value <= 2000)) issues.push(issue('INVALID_EVENT_VALUE', `Pressure setpoint ${e.value} bara must be above 0 and at most 2000`, 'Give the new setpoint in bara', `events.${i}.value`));
        else dynEvents.push({ time: e.time_seconds, kind: 'setpoint', loop: 'pressure', value: e.value * 1e5, label });
      } else if (hasLiquid && e.target === lcTag) {
        if (!(e.value >= 0.05 && e.value <= 0.95)) issues.push(issue('INVALID_EVENT_VALUE', `Level setpoint ${e.value} must be a fraction of the vessel height from 0.05 to 0.95`, 'Give e.g. 0.6', `events.${i}.value`));
        else dynEvents.push({ time: e.time_seconds, kind: 'setpoint', loop: 'level', value: e.value, label });
      } else issues.push(issue('UNKNOWN_EVENT_TARGET', `'${e.target}' is not a controller of this model`, `Use "${pcTag}"${hasLiquid ? ` or "${lcTag}"` : ''}`, f));
    }
  });
  if (issues.length > 0) return fail(issues, 'compute');
  if (S.downstreamSource.gas.startsWith('default') || (hasLiquid && S.downstreamSource.liquid.startsWith('default'))) {
    warnings.push(warning('MODEL_LIMITATION', `No downstream pressure given for ${[S.downstreamSource.gas.startsWith('default') ? 'the gas valve' : '', hasLiquid && S.downstreamSource.liquid.startsWith('default') ? 'the liquid valve' : ''].filter(Boolean).join(' and ')}: 0.7 × the vessel pressure is used (set valves.*.outletPressure_bara or put a ThrottlingValve on the outlet)`));
  }
  if (!hasLiquid) warnings.push(warning('MODEL_LIMITATION', 'No liquid at the steady state: no liquid valve and no level loop; liquid that condenses during the run accumulates in the vessel'));
  if (v.volume_m3 === undefined) warnings.push(warning('MODEL_LIMITATION', `The vessel volume ${S.geometry.volume.toPrecision(4)} m3 is sized by residence times (${S.sizing}); give vessel.volume_m3 for a real vessel`));

  const series = simulateSeparator({
    model: S.fluid.model,
    multiPhaseCheck: S.fluid.multiPhaseCheck,
    geometry: S.geometry,
    initial: S.initial,
    inflow: S.inflow,
    feedChange: upstreamInflow(topology, S.fluid),
    gasValve: S.gasValve,
    liquidValve: S.liquidValve,
    openings: S.openings,
    ...(S.pressureController ? { pressureController: S.pressureController } : {}),
    ...(S.levelController ? { levelController: S.levelController } : {}),
    timeStep: dt,
    steps,
    events: dynEvents,
    shouldStop: () => ctx?.signal?.aborted === true,
    onStep: (k) => {
      if (k % 50 === 0) ctx?.progress(k / steps, `step ${k} of ${steps}`);
    },
  });
  if (series.stopped?.code === 'ABORTED') {
    return failure(TOOL, 'timeout', [issue('TIME_BUDGET_EXCEEDED', `Stopped after ${series.time.length - 1} of ${steps} steps: the call's time budget ran out`, 'Use a longer timeStep_seconds or a shorter duration_seconds')], 'transient', warnings);
  }
  if (series.stopped) warnings.push(warning('CONVERGENCE_WARNING', `The run stopped at ${series.stopped.time.toPrecision(6)} s (${series.stopped.code}): ${series.stopped.reason}`));

  const kgh = (xs: number[]) => xs.map((x) => x * 3600);
  const transmitters: Out['transmitters'] = {
    [`PT-${sep}`]: { unit: 'bara', values: series.pressure.map((p) => p / 1e5) },
    [`TT-${sep}`]: { unit: 'C', values: series.temperature.map((T) => T - 273.15) },
    [`LT-${sep}`]: { unit: 'fraction', values: series.level },
    [`FT-${sep}-inlet`]: { unit: 'kg/hr', values: kgh(series.inletMassFlow) },
    [`FT-${sep}-gas`]: { unit: 'kg/hr', values: kgh(series.gasMassFlow) },
    ...(hasLiquid ? { [`FT-${sep}-liquid`]: { unit: 'kg/hr', values: kgh(series.liquidMassFlow) } } : {}),
  };
  const tuned = (k: 'pressure' | 'level') => ({ kp: input.tuning?.[k]?.kp ?? DEFAULT_TUNING[k].kp, ti: input.tuning?.[k]?.ti ?? DEFAULT_TUNING[k].ti });
  const controllers: Out['controllers'] = [
    { tag: pcTag, kind: 'pressure', ...tuned('pressure'), setpoint: S.initial.P / 1e5, span: (2 * S.initial.P) / 1e5, unit: 'bara', valve: gasTag, output: series.gasOpening },
    ...(hasLiquid ? [{ tag: lcTag, kind: 'level', ...tuned('level'), setpoint: S.initial.level, span: 1, unit: 'fraction', valve: liquidTag, output: series.liquidOpening }] : []),
  ];
  const valves: Out['valves'] = [
    { tag: gasTag, service: 'gas', Cv: S.gasValve.cv, xT: S.gasValve.xT, outletPressure_bara: S.gasValve.downstreamPressure / 1e5, outletPressureSource: S.downstreamSource.gas, opening: series.gasOpening },
    ...(hasLiquid ? [{ tag: liquidTag, service: 'liquid', Cv: S.liquidValve.cv, outletPressure_bara: S.liquidValve.downstreamPressure / 1e5, outletPressureSource: S.downstreamSource.liquid, opening: series.liquidOpening }] : []),
  ];
  const data: Out = {
    duration_seconds: duration,
    timeStep_seconds: dt,
    totalSteps: series.time.length - 1,
    time_seconds: series.time,
    transmitters,
    controllers,
    valves,
    vessel: {
      name: sep,
      volume_m3: S.geometry.volume,
      height_m: S.geometry.height,
      diameter_m: S.geometry.diameter,
      sizing: S.sizing,
      initialLevel: S.initial.level,
      initialPressure_bara: S.initial.P / 1e5,
      initialTemperature_C: S.initial.T - 273.15,
      initialMass_kg: S.initial.mass,
      mass_kg: series.vesselMass,
    },
    balances: {
      massBalanceRelativeError: series.massBalanceError,
      energyBalanceRelativeError: series.energyBalanceError,
      maxMassBalanceRelativeError: Math.max(...series.massBalanceError),
      maxEnergyBalanceRelativeError: Math.max(...series.energyBalanceError),
    },
    events: series.appliedEvents.map((e) => ({ time_seconds: e.time, label: e.label })),
    subSteps: series.substeps,
    ...(series.stopped ? { stoppedEarly: { time_seconds: series.stopped.time, code: series.stopped.code, reason: series.stopped.reason } } : {}),
  };
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: {
      model: sim.model,
      calculationType: 'dynamic process simulation (transient)',
      benchmarkTrustLevel: 'EXPERIMENTAL',
      convergence: { converged: !series.stopped, iterations: series.substeps, message: series.stopped ? `stopped early: ${series.stopped.code}` : `${data.totalSteps} steps, ${series.substeps} sub-steps, 2 UV flashes each` },
      validationsPassed: ['steady_state_process_completed', ...(series.stopped ? [] : ['transient_steps_completed'])],
      assumptions: ASSUMPTIONS,
      limitations: LIMITATIONS,
      computationTimeMs: performance.now() - started,
    },
    validationPhase: 'transient',
    validationMessage: series.stopped ? 'Dynamic simulation stopped early' : 'Dynamic simulation completed',
  });
}

export const runDynamicTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Dynamic simulation of a runProcess flowsheet\'s separator with control valves and PI pressure and level controllers: the transient response to events.',
  description:
    'Dynamic transient simulation with auto-instrumented controllers: the separator of a runProcess flowsheet ("processJson") becomes a vessel (moles + internal energy, UV flash each stage) with gas and liquid control valves (IEC 60534-2-1) and PI pressure/level controllers whose setpoints are the steady state. ' +
    'Inputs: duration_seconds (600), timeStep_seconds (1, ≤ 10000 steps), tuning {pressure|level: {kp, ti}}, vessel {volume_m3, initialLevel, residence times}, valves {gas|liquid: {outletPressure_bara, initialOpening}}, events [{time_seconds, type: FEED_FLOW_STEP|VALVE_OPENING|SETPOINT, target, value}]. ' +
    'Returns time_seconds, transmitters {PT/TT/LT/FT-<separator>: {unit, values}}, controllers [{tag, kind, kp, ti, setpoint, output}], valves (Cv, opening), per-step mass and energy balance errors. ' +
    'Supported flowsheets: one two-phase Separator, units upstream of it, at most a ThrottlingValve on each outlet (its outletPressure is the valve\'s downstream pressure); anything else is refused with UNSUPPORTED_DYNAMIC_TOPOLOGY.',
  input: RunDynamicInput,
  output: RunDynamicOutput,
  exampleCategory: 'process',
  examples: RUN_DYNAMIC_EXAMPLES,
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
