/**
 * runReservoir (experimental, CALCULATION, v1.1): tank material balance of a closed volumetric
 * reservoir (src/engine/reservoir/tank.ts) with our EOS. Without `simulationYears` or
 * `timeStepDays` it reports the initial tank (as the original's steady mode); with them it depletes
 * the tank with the producers' constant rates in midpoint steps, each pressure from a TV flash,
 * and stops at the abandonment pressure, inside a step (found by bisection), when it is reached.
 *
 * Departures from the original, each on purpose: `gasVolume_Sm3` is gas in place at standard
 * conditions as its name says (the original fills 1e9 m3 of pore volume with it: 163 GSm3 for the
 * example; `gasReservoirVolume_m3` does that here); oil producers exist (the original adds every
 * producer as a gas producer); an empty oil phase is 0, not NaN; the time axis ends at
 * `simulationYears` exactly.
 */
import { R, createFluid, type FluidModelName, type ThermoModel } from '../../../engine/index.js';
import { T_STANDARD } from '../../../engine/eos/constants.js';
import {
  STD_GAS_MOLAR_VOLUME,
  depletionStepToLimit,
  initialTank,
  phaseMoles,
  reportedMolarVolume,
  stockTankOilPerMole,
  type PhaseAmount,
  type RateBasis,
  type ReservoirPhase,
  type TankProducer,
  type TankState,
} from '../../../engine/reservoir/tank.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { DAYS_PER_YEAR, GAS_RATE_UNITS, MAX_STEPS, OIL_RATE_UNITS, ReservoirInput, ReservoirOutput, type ReservoirInputT, type ReservoirOutputT } from './schema.js';
import { defineTool, type ToolContext } from '../../contract/types.js';

const TOOL = 'runReservoir';
const SECONDS_PER_DAY = 86400;
const M3_PER_BBL = 0.158987294928;
const P_ATM_BARA = 1.01325;

/** m3/s per unit, for each rate basis. */
const RATE_UNITS: Record<RateBasis, Record<string, number>> = {
  standardGas: { 'MSm3/day': 1e6 / SECONDS_PER_DAY, 'kSm3/day': 1e3 / SECONDS_PER_DAY, 'Sm3/day': 1 / SECONDS_PER_DAY, 'Sm3/hr': 1 / 3600, 'GSm3/year': 1e9 / (DAYS_PER_YEAR * SECONDS_PER_DAY) },
  stockTankOil: { 'Sm3/day': 1 / SECONDS_PER_DAY, 'Sm3/hr': 1 / 3600, 'kSm3/day': 1e3 / SECONDS_PER_DAY, 'bbl/day': M3_PER_BBL / SECONDS_PER_DAY, 'stb/day': M3_PER_BBL / SECONDS_PER_DAY },
};

interface ProducerSpec extends TankProducer {
  name: string;
  value: number;
  unit: string;
}

function readProducers(input: ReservoirInputT, issues: DiagnosticIssue[]): ProducerSpec[] {
  return (input.producers ?? []).map((p, k) => {
    const phase: ReservoirPhase = p.phase ?? 'gas';
    const basis: RateBasis = phase === 'gas' ? 'standardGas' : 'stockTankOil';
    const value = typeof p.flowRate === 'number' ? p.flowRate : p.flowRate.value;
    const unit = typeof p.flowRate === 'number' || p.flowRate.unit === undefined ? (phase === 'gas' ? 'MSm3/day' : 'Sm3/day') : p.flowRate.unit;
    const factor = RATE_UNITS[basis][unit];
    const field = `producers[${k}].flowRate`;
    if (factor === undefined) {
      const units = phase === 'gas' ? GAS_RATE_UNITS : OIL_RATE_UNITS;
      issues.push(issue('INVALID_FLOW_RATE', `Unknown ${phase === 'gas' ? 'gas' : 'stock-tank oil'} rate unit "${unit}"`, `Use one of ${units.join(', ')}`, field));
    } else if (!(value > 0) || !Number.isFinite(value)) {
      issues.push(issue('INVALID_FLOW_RATE', `The rate must be a positive number, got ${value}`, 'Give e.g. {"value": 1.0, "unit": "MSm3/day"}', field));
    }
    return { name: p.name ?? `Producer-${k + 1}`, phase, basis, rate: value * (factor ?? 0), value, unit };
  });
}

/** The initial amounts of gas and oil, or issues. */
function readAmounts(input: ReservoirInputT, issues: DiagnosticIssue[]): { gas?: PhaseAmount; oil?: PhaseAmount } {
  const amounts: { gas?: PhaseAmount; oil?: PhaseAmount } = {};
  for (const [kind, std, res] of [['gas', 'gasVolume_Sm3', 'gasReservoirVolume_m3'], ['oil', 'oilVolume_Sm3', 'oilReservoirVolume_m3']] as const) {
    const s = input[std];
    const r = input[res];
    if (s !== undefined && r !== undefined && s > 0 && r > 0) issues.push(issue('CONFLICTING_FIELDS', `Both ${std} and ${res} are given`, `Give the ${kind} in place one way`, res));
    else if (s !== undefined && s > 0) amounts[kind] = { standardVolume: s };
    else if (r !== undefined && r > 0) amounts[kind] = { reservoirVolume: r };
  }
  if (amounts.gas === undefined && amounts.oil === undefined) {
    issues.push(issue('MISSING_IN_PLACE', 'No hydrocarbons in place were given', 'Add "gasVolume_Sm3" (gas in place at standard conditions), "oilVolume_Sm3" (stock-tank oil) or the pore volumes gasReservoirVolume_m3 / oilReservoirVolume_m3', 'gasVolume_Sm3'));
  }
  return amounts;
}

type Snapshot = ReservoirOutputT['initial'];

function snapshot(model: ThermoModel, names: readonly string[], s: TankState, tYears: number): Snapshot | string {
  const T = s.T;
  const gas = phaseMoles(s, 'gas');
  const oil = phaseMoles(s, 'oil');
  let oilStd = 0;
  if (oil.phase !== undefined) {
    const st = stockTankOilPerMole(model, oil.phase.x);
    if (!st.ok) return st.message;
    oilStd = oil.moles * st.value;
  }
  return {
    time_years: tYears,
    pressure_bara: s.flash.P / 1e5,
    temperature_C: T - 273.15,
    phases: s.flash.phases.map((p) => ({
      label: p.label,
      moleFraction: p.beta,
      reservoirVolume_m3: p.beta * s.totalMoles * reportedMolarVolume(model, T, p),
      composition: Object.fromEntries(names.map((n, i) => [n, p.x[i]!])),
    })),
    totalMoles_kmol: s.totalMoles / 1000,
    zFactor: (s.flash.P * s.volume) / (s.totalMoles * R * T),
    gasInPlace_GSm3: (gas.moles * STD_GAS_MOLAR_VOLUME) / 1e9,
    oilInPlace_MSm3: oilStd / 1e6,
  };
}

function liquidSaturation(model: ThermoModel, s: TankState): number {
  let v = 0;
  for (const p of s.flash.phases) if (p.label !== 'gas') v += p.beta * s.totalMoles * reportedMolarVolume(model, s.T, p);
  return v / s.volume;
}

function run(input: ReservoirInputT, ctx?: Pick<ToolContext, 'progress' | 'signal'>): Envelope<ReservoirOutputT> {
  const started = performance.now();
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  const assumptions: string[] = [
    'Closed volumetric tank at constant temperature: fixed hydrocarbon pore volume (rock and connate water incompressible), no aquifer influx, phases in equilibrium and uniform',
    `Sm3 of gas is ideal gas at 15 °C and 1 atm (${(STD_GAS_MOLAR_VOLUME * 1000).toFixed(4)} L/mol); stock-tank oil is the liquid of one flash of the produced oil to 15 °C and 1 atm`,
  ];
  const fluid = parseFlashRequest({ model: input.model, components: input.components, mixingRule: input.mixingRule, flashType: 'TP' }, FLASH_MODELS);
  if (!fluid.ok) issues.push(...fluid.issues);
  else {
    const unsupported = equilibriumModelIssue(fluid.request.model, 'A reservoir tank');
    if (unsupported) issues.push(unsupported);
    warnings.push(...fluid.request.warnings);
  }
  const amounts = readAmounts(input, issues);
  const producers = readProducers(input, issues);
  const transient = input.simulationYears !== undefined || input.timeStepDays !== undefined;
  if (transient && producers.length === 0) issues.push(issue('MISSING_FIELD', 'Depletion needs at least one producer', 'Add "producers": [{"name": "Well-1", "flowRate": {"value": 1.0, "unit": "MSm3/day"}}]', 'producers'));
  const years = input.simulationYears ?? 20;
  const stepDays = input.timeStepDays ?? 30;
  const steps = Math.ceil((years * DAYS_PER_YEAR) / stepDays - 1e-9);
  if (transient && steps > MAX_STEPS) issues.push(issue('TOO_MANY_STEPS', `${years} years in steps of ${stepDays} days is ${steps} steps (limit ${MAX_STEPS})`, `Use a longer step, e.g. "timeStepDays": ${Math.ceil((years * DAYS_PER_YEAR) / MAX_STEPS)}`, 'timeStepDays'));
  const pMinBar = input.abandonmentPressure_bara ?? P_ATM_BARA;
  const Pbar = input.reservoirPressure_bara ?? 200;
  if (pMinBar >= Pbar) issues.push(issue('INVALID_VALUE', `The abandonment pressure ${pMinBar} bara is not below the initial pressure ${Pbar} bara`, 'Give an abandonment pressure below the reservoir pressure', 'abandonmentPressure_bara'));
  if (issues.length > 0 || !fluid.ok) return failure(TOOL, 'input', issues, 'input', warnings);

  if (input.reservoirTemperature_C === undefined) warnings.push(warning('MODEL_LIMITATION', 'No reservoirTemperature_C given: 100 °C assumed, as the original'));
  if (input.reservoirPressure_bara === undefined) warnings.push(warning('MODEL_LIMITATION', 'No reservoirPressure_bara given: 200 bara assumed, as the original'));
  if ((input.waterVolume_Sm3 ?? 0) > 0) warnings.push(warning('MODEL_LIMITATION', 'waterVolume_Sm3 is not part of the balance: connate water is taken as incompressible and immobile (no water production, no aquifer)'));
  const req = fluid.request;
  const { model } = createFluid(req.model as FluidModelName, req.components, req.z);
  const names = req.components.map((c) => c.name);
  const T = (input.reservoirTemperature_C ?? 100) + 273.15;
  const compute = (code: string, message: string, fix: string): Envelope<never> => failure(TOOL, 'compute', [issue(code, message, fix)], 'calculation', warnings);

  const init = initialTank(model, T, Pbar * 1e5, req.z, amounts);
  if (!init.ok) {
    const field = init.code === 'PHASE_NOT_PRESENT' || init.code === 'SINGLE_PHASE_RESERVOIR' ? (amounts.oil !== undefined ? 'oilVolume_Sm3' : 'gasVolume_Sm3') : undefined;
    return failure(TOOL, init.code.startsWith('FLASH') ? 'compute' : 'input', [issue(init.code, init.message, 'Give the amount of a phase the fluid has at the reservoir conditions (runFlash shows its phases)', field)], 'input', warnings);
  }
  const initial = snapshot(model, names, init.value, 0);
  if (typeof initial === 'string') return compute('FLASH_ERROR', initial, 'Check the composition');
  if (init.value.flash.phases.length > 1) warnings.push(warning('TWO_PHASE_UNCERTAINTY', `The reservoir is two-phase at the initial conditions (${init.value.flash.phases.map((p) => p.label).join(' + ')}); each producer draws its own phase`));
  const base = { model: req.model, hydrocarbonPoreVolume_m3: init.value.volume, initial };
  const producerReport = (moles: number[]) =>
    producers.map((p, k) => ({ name: p.name, phase: p.phase, rate: p.value, unit: p.unit, basis: p.basis, cumulative_Sm3: cumulativeStd[k]!, cumulativeMoles_kmol: moles[k]! / 1000 }));
  const cumulativeStd = producers.map(() => 0);
  if (!transient) {
    return done({ mode: 'initialState', ...base, producers: producerReport(producers.map(() => 0)) }, warnings, started, 'reservoir initial state (tank)', assumptions, 0);
  }

  const stepSeconds = stepDays * SECONDS_PER_DAY;
  const endSeconds = years * DAYS_PER_YEAR * SECONDS_PER_DAY;
  const time = [0];
  const pressure = [Pbar];
  const gip = [initial.gasInPlace_GSm3];
  const oip = [initial.oilInPlace_MSm3];
  const cumGas = [0];
  const cumOil = [0];
  const zs = [initial.zFactor];
  const sat = [liquidSaturation(model, init.value)];
  const cumMoles = producers.map(() => 0);
  let state = init.value;
  let t = 0;
  let stoppedAt: number | undefined;
  let k = 0;
  for (; k < steps; k++) {
    if (ctx?.signal?.aborted) return failure(TOOL, 'timeout', [issue('TIME_BUDGET_EXCEEDED', `Stopped after ${k} of ${steps} steps: the call's time budget ran out`, 'Use a longer timeStepDays or fewer simulationYears')], 'calculation', warnings);
    const dt = Math.min(stepSeconds, endSeconds - t);
    const step = depletionStepToLimit(model, state, producers, dt, pMinBar * 1e5);
    if (!step.ok) {
      return compute(step.code === 'FLASH_NOT_CONVERGED' ? 'FLASH_NOT_CONVERGED' : 'RESERVOIR_STEP_FAILED', `Depletion step ${k + 1} (from ${(t / (DAYS_PER_YEAR * SECONDS_PER_DAY)).toFixed(4)} years, ${(state.flash.P / 1e5).toFixed(3)} bara) failed: ${step.message}`, 'Try a shorter timeStepDays or a higher abandonmentPressure_bara');
    }
    const { step: s, fraction, limitReached } = step.value;
    s.produced.forEach((n, j) => {
      cumMoles[j]! += n;
      const p = producers[j]!;
      // In the rate's basis: exactly rate × time taken.
      cumulativeStd[j]! += n > 0 ? p.rate * dt * fraction : 0;
    });
    t += dt * fraction;
    state = s.state;
    const snap = snapshot(model, names, state, t / (DAYS_PER_YEAR * SECONDS_PER_DAY));
    if (typeof snap === 'string') return compute('FLASH_ERROR', snap, 'Try a higher abandonmentPressure_bara');
    time.push(snap.time_years);
    pressure.push(snap.pressure_bara);
    gip.push(snap.gasInPlace_GSm3);
    oip.push(snap.oilInPlace_MSm3);
    zs.push(snap.zFactor);
    sat.push(liquidSaturation(model, state));
    cumGas.push(producers.reduce((a, p, j) => a + (p.basis === 'standardGas' ? cumulativeStd[j]! : 0), 0) / 1e9);
    cumOil.push(producers.reduce((a, p, j) => a + (p.basis === 'stockTankOil' ? cumulativeStd[j]! : 0), 0) / 1e6);
    ctx?.progress((k + 1) / steps, `${k + 1} of ${steps} steps`);
    if (limitReached) {
      stoppedAt = snap.time_years;
      break;
    }
  }
  const final = snapshot(model, names, state, t / (DAYS_PER_YEAR * SECONDS_PER_DAY));
  if (typeof final === 'string') return compute('FLASH_ERROR', final, 'Check the inputs');
  if (stoppedAt !== undefined) warnings.push(warning('MODEL_LIMITATION', `The reservoir reached the abandonment pressure ${pMinBar} bara after ${stoppedAt.toFixed(3)} years; production stopped there`));
  const produced = cumMoles.reduce((a, b) => a + b, 0);
  const data: ReservoirOutputT = {
    mode: 'depletion',
    ...base,
    final,
    time_years: time,
    reservoirPressure_bara: pressure,
    gasInPlace_GSm3: gip,
    oilInPlace_MSm3: oip,
    cumulativeGasProduction_GSm3: cumGas,
    cumulativeOilProduction_MSm3: cumOil,
    zFactor: zs,
    liquidSaturation: sat,
    producers: producerReport(cumMoles),
    hydrocarbonRecovery_molFraction: produced / init.value.totalMoles,
    stopReason: stoppedAt !== undefined ? `abandonment pressure ${pMinBar} bara reached` : `end of the ${years}-year simulation`,
    ...(stoppedAt !== undefined ? { productionStoppedAt_years: stoppedAt } : {}),
    steps: time.length - 1,
  };
  return done(data, warnings, started, 'reservoir depletion (tank material balance)', assumptions, time.length - 1);
}

function done(data: ReservoirOutputT, warnings: Warning[], started: number, calculationType: string, assumptions: string[], iterations: number): Envelope<ReservoirOutputT> {
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: {
      model: data.model,
      calculationType,
      convergence: { converged: true, iterations },
      assumptions,
      limitations: [
        'One tank: no pressure gradients, no well inflow performance (a well produces its rate until the abandonment pressure), no gravity segregation beyond phase identity',
        'A producer takes its phase as it is in the tank; relative permeability and condensate immobility below critical saturation are not modelled',
        `Constant reservoir temperature; standard conditions ${T_STANDARD} K and 1 atm`,
      ],
      computationTimeMs: performance.now() - started,
    },
    validationPhase: 'calculation',
    validationMessage: calculationType,
  });
}

export const runReservoirTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Tank (material balance) reservoir with the EOS: pressure and produced volumes as producers deplete gas and oil in place.',
  description:
    'Tank (material balance) reservoir with the EOS: a closed volumetric reservoir of "components" at reservoirTemperature_C and initial reservoirPressure_bara holding gasVolume_Sm3 (gas in place, Sm3) and/or oilVolume_Sm3 (stock-tank oil) — or the pore volumes gasReservoirVolume_m3 / oilReservoirVolume_m3. ' +
    'With "simulationYears" (and "timeStepDays", default 30) the "producers" [{name, phase gas|oil, flowRate {value, unit}}] deplete it at constant rates; each pressure is a TV flash of what is left in the fixed pore volume; production stops at abandonmentPressure_bara. ' +
    'Returns time series of pressure, gas and oil in place, cumulative production, two-phase z and liquid saturation (condensate drop-out), and the initial and final tank.',
  input: ReservoirInput,
  output: ReservoirOutput,
  exampleCategory: 'reservoir',
  examples: [
    {
      name: 'gas-depletion',
      description: 'A dry-gas tank with 160 GSm3 in place produced at 1 MSm3/day for 20 years',
      input: {
        model: 'SRK',
        reservoirTemperature_C: 100,
        reservoirPressure_bara: 200,
        components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
        gasVolume_Sm3: 1.6e11,
        producers: [{ name: 'Well-1', flowRate: { value: 1.0, unit: 'MSm3/day' } }],
        simulationYears: 20,
        timeStepDays: 30,
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
