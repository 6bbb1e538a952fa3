/**
 * runRelief (advanced, CALCULATION, v1.3): relief-valve sizing per API 520 Part I for gas/vapour
 * (critical and subcritical flow), liquid (with the viscosity correction) and flashing two-phase
 * flow (omega method), and the API 521 pool-fire heat input. The formulas are in
 * src/engine/safety/relief.ts; this module reads the original's fields, applies the defaults it
 * states (and says which were used), and for gas can take a composition instead of M, Z and k:
 * our EOS then evaluates them at the relieving temperature and pressure.
 */
import { createFluid, flashTP, idealCp, phaseThermo, R, type FluidModelName } from '../../../engine/index.js';
import {
  criticalPressureRatio,
  fireHeatInput,
  gasAreaCritical,
  gasAreaSubcritical,
  gasCoefficientC,
  liquidArea,
  MM2_PER_IN2,
  omegaMassFlux,
  omegaParameter,
  selectOrifice,
} from '../../../engine/safety/relief.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { RunReliefInput, RunReliefOutput } from './schema.js';

const TOOL = 'runRelief';
const ATM_BAR = 1.01325;
const WATER_DENSITY_60F = 999.0;
const BTU_H_PER_W = 1 / 0.29307107;

type In = RunReliefInput;
type Out = RunReliefOutput;
type Result = { ok: true; data: Out; warnings: Warning[]; assumptions: string[] } | { ok: false; issues: DiagnosticIssue[] };

function need(input: In, fields: (keyof In)[], issues: DiagnosticIssue[], what: string): void {
  for (const f of fields) {
    if (input[f] === undefined) issues.push(issue('MISSING_FIELD', `${what} needs ${String(f)}`, `Add "${String(f)}"`, String(f)));
  }
}

/** Relieving pressure, bara: set + allowable overpressure on the gauge set pressure. */
function relieving(setBara: number, f: number): number {
  return setBara + f * (setBara - ATM_BAR);
}

function orificeSizing(area_mm2: number, flowKgS: number) {
  const o = selectOrifice(area_mm2);
  const selected = o.area_mm2 * o.count;
  return {
    requiredArea_mm2: area_mm2,
    requiredArea_in2: area_mm2 / MM2_PER_IN2,
    recommendedOrifice: o.letter,
    numberOfValves: o.count,
    selectedArea_mm2: o.area_mm2,
    selectedArea_in2: o.area_mm2 / MM2_PER_IN2,
    massFlowCapacity_kg_s: (flowKgS * selected) / area_mm2,
  };
}

function combination(input: In): number {
  return input.combinationCorrection ?? (input.ruptureDisk ? 0.9 : 1);
}

/** M (g/mol), Z and ideal-gas k of the vapour at (T, P) from a composition, by our EOS. */
function fluidProperties(input: In, T: number, Pbar: number, issues: DiagnosticIssue[], warnings: Warning[]): { M: number; Z: number; k: number; vapourFraction: number } | undefined {
  const parsed = parseFlashRequest({ model: input.fluid!.model, components: input.fluid!.components, flashType: 'TP' }, FLASH_MODELS);
  if (!parsed.ok) {
    issues.push(...parsed.issues.map((i) => ({ ...i, field: `fluid.${i.field ?? ''}`.replace(/\.$/, '') })));
    return undefined;
  }
  const cubic = equilibriumModelIssue(parsed.request.model, 'Relief fluid properties', 'fluid.model');
  if (cubic) {
    issues.push(cubic);
    return undefined;
  }
  const fluid = createFluid(parsed.request.model as FluidModelName, parsed.request.components, parsed.request.z);
  const out = flashTP(fluid.model, T, Pbar * 1e5, fluid.z, { multiPhaseCheck: true });
  if (!out.ok) {
    issues.push(issue(out.code, `Relieving state: ${out.message}`, 'Check the relieving temperature, set pressure and composition', 'fluid'));
    return undefined;
  }
  const gas = out.result.phases.find((p) => p.label === 'gas');
  if (!gas) {
    issues.push(issue('NO_VAPOUR_AT_RELIEF', `The fluid is all liquid at ${T.toFixed(2)} K and ${Pbar.toFixed(3)} bara (relieving conditions)`, 'Size it with "case": "liquid" or "twoPhase"', 'fluid'));
    return undefined;
  }
  if (gas.beta < 1 - 1e-9) warnings.push(warning('TWO_PHASE_UNCERTAINTY', `At relieving conditions ${((1 - gas.beta) * 100).toFixed(2)} mol % is liquid; the vapour alone is sized (consider "case": "twoPhase")`));
  const at = fluid.model.atTemperature(T);
  const th = phaseThermo(fluid.model, at, Pbar * 1e5, gas.x, gas.V);
  let cp0 = 0;
  fluid.model.components.forEach((c, i) => (cp0 += gas.x[i]! * idealCp(c.cpIdeal, T)));
  return { M: th.molarMass * 1000, Z: (Pbar * 1e5 * th.molarVolume) / (R * T), k: cp0 / (cp0 - R), vapourFraction: gas.beta };
}

function sizeGas(input: In): Result {
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  const assumptions: string[] = [];
  need(input, ['massFlowRate_kg_s', 'setPressure_bara', 'temperature_K'], issues, 'Gas relief sizing');
  if (input.fluid === undefined && input.molecularWeight_kg_mol === undefined) issues.push(issue('MISSING_FIELD', 'Gas relief sizing needs molecularWeight_kg_mol or a fluid composition', 'Add "molecularWeight_kg_mol": 0.0188, or "fluid": {"components": {…}}', 'molecularWeight_kg_mol'));
  if (input.balancedBellows && input.backPressureCorrection === undefined) issues.push(issue('MISSING_FIELD', 'A balanced-bellows valve needs the manufacturer\'s back-pressure correction Kb', 'Add "backPressureCorrection" (Kb from the valve curve at this back pressure)', 'backPressureCorrection'));
  if (issues.length > 0) return { ok: false, issues };
  const f = input.overpressureFraction ?? 0.21;
  if (input.overpressureFraction === undefined) assumptions.push('Overpressure 21 % of the gauge set pressure (fire case; 10 % applies to a single valve in other contingencies)');
  const P1 = relieving(input.setPressure_bara!, f);
  const P2 = input.backPressure_bara ?? ATM_BAR;
  if (P2 >= P1) return { ok: false, issues: [issue('BACK_PRESSURE_TOO_HIGH', `Back pressure ${P2} bara is not below the relieving pressure ${P1.toFixed(4)} bara`, 'Check the set and back pressures', 'backPressure_bara')] };
  const T = input.temperature_K!;
  let M = (input.molecularWeight_kg_mol ?? 0) * 1000;
  let Z = input.compressibility ?? 1;
  let k = input.specificHeatRatio ?? 1.3;
  let source = 'input';
  if (input.fluid !== undefined) {
    const props = fluidProperties(input, T, P1, issues, warnings);
    if (!props) return { ok: false, issues };
    ({ M, Z, k } = props);
    source = 'EOS at relieving conditions (ideal-gas k)';
    for (const [field, v] of [['molecularWeight_kg_mol', input.molecularWeight_kg_mol], ['compressibility', input.compressibility], ['specificHeatRatio', input.specificHeatRatio]] as const) {
      if (v !== undefined) warnings.push(warning('MODEL_LIMITATION', `${field} given with a fluid composition: the composition's value is used`));
    }
  } else {
    if (input.compressibility === undefined) assumptions.push('Z = 1 (ideal gas); give "compressibility" or a "fluid" for the real value');
    if (input.specificHeatRatio === undefined) assumptions.push('k = 1.3; give "specificHeatRatio" or a "fluid" for the real value');
  }
  const Kd = input.dischargeCoefficient ?? 0.975;
  const Kc = combination(input);
  const W = input.massFlowRate_kg_s! * 3600;
  const r = P2 / P1;
  const rc = criticalPressureRatio(k);
  const critical = r <= rc;
  const bellows = input.balancedBellows === true;
  const Kb = bellows ? input.backPressureCorrection! : 1;
  // Balanced-bellows valves use the critical equation with their Kb at any back pressure (API 520).
  const area = critical || bellows ? gasAreaCritical(W, P1 * 100, T, Z, M, k, Kd, Kb, Kc) : gasAreaSubcritical(W, P1 * 100, P2 * 100, T, Z, M, k, Kd, Kc);
  const backFraction = (P2 - ATM_BAR) / (input.setPressure_bara! - ATM_BAR);
  if (!bellows && backFraction > 0.1) warnings.push(warning('EXTRAPOLATION', `Back pressure is ${(backFraction * 100).toFixed(1)} % of the gauge set pressure; a conventional valve is normally limited to 10 % built-up back pressure (API 520): consider a balanced-bellows or pilot valve`));
  return {
    ok: true,
    warnings,
    assumptions,
    data: {
      case: 'gas',
      standard: critical ? 'API 520 Part I, gas/vapour, critical flow' : bellows ? 'API 520 Part I, gas/vapour, balanced bellows (critical equation with Kb)' : 'API 520 Part I, gas/vapour, subcritical flow',
      relievingPressure_bara: P1,
      backPressure_bara: P2,
      flowRegime: critical ? 'critical' : 'subcritical',
      criticalPressureRatio: rc,
      sizing: orificeSizing(area, input.massFlowRate_kg_s!),
      correctionFactors: { Kd_dischargeCoefficient: Kd, Kb_backPressureCorrection: Kb, Kc_combinationCorrection: Kc, overpressureFraction: f, backPressureFraction: backFraction, coefficientC: gasCoefficientC(k) },
      fluidProperties: { molarMass_g_mol: M, compressibility: Z, specificHeatRatio: k, source },
    },
  };
}

function sizeLiquid(input: In): Result {
  const issues: DiagnosticIssue[] = [];
  const assumptions: string[] = [];
  need(input, ['volumeFlowRate_m3_s', 'liquidDensity_kg_m3', 'setPressure_bara'], issues, 'Liquid relief sizing');
  if (input.balancedBellows && input.backPressureCorrection === undefined) issues.push(issue('MISSING_FIELD', 'A balanced-bellows valve needs the manufacturer\'s back-pressure correction Kw', 'Add "backPressureCorrection" (Kw from the valve curve)', 'backPressureCorrection'));
  if (issues.length > 0) return { ok: false, issues };
  const f = input.overpressureFraction ?? 0.1;
  const P1 = relieving(input.setPressure_bara!, f);
  const P2 = input.backPressure_bara ?? ATM_BAR;
  if (P2 >= P1) return { ok: false, issues: [issue('BACK_PRESSURE_TOO_HIGH', `Back pressure ${P2} bara is not below the relieving pressure ${P1.toFixed(4)} bara`, 'Check the set and back pressures', 'backPressure_bara')] };
  if (input.viscosity_Pa_s === undefined) assumptions.push('Viscosity 1 mPa·s; give "viscosity_Pa_s" for viscous liquids (it sets Kv)');
  const Kd = input.dischargeCoefficient ?? 0.65;
  const Kw = input.balancedBellows ? input.backPressureCorrection! : 1;
  const Kc = combination(input);
  const Q = input.volumeFlowRate_m3_s! * 60000;
  const G = input.liquidDensity_kg_m3! / WATER_DENSITY_60F;
  const sized = liquidArea(Q, G, (P1 - P2) * 100, (input.viscosity_Pa_s ?? 1e-3) * 1000, Kd, Kw, Kc);
  const mass = input.volumeFlowRate_m3_s! * input.liquidDensity_kg_m3!;
  return {
    ok: true,
    warnings: [],
    assumptions,
    data: {
      case: 'liquid',
      standard: 'API 520 Part I, liquid (certified capacity, with the viscosity correction)',
      relievingPressure_bara: P1,
      backPressure_bara: P2,
      flowRegime: 'liquid',
      sizing: orificeSizing(sized.area_mm2, mass),
      correctionFactors: { Kd_dischargeCoefficient: Kd, Kw_backPressureCorrection: Kw, Kc_combinationCorrection: Kc, Kv_viscosityCorrection: sized.Kv, reynoldsNumber: sized.reynolds, overpressureFraction: f },
      fluidProperties: { specificGravity: G, density_kg_m3: input.liquidDensity_kg_m3!, viscosity_Pa_s: input.viscosity_Pa_s ?? 1e-3, volumeFlow_L_min: Q, massFlow_kg_s: mass },
    },
  };
}

function sizeTwoPhase(input: In): Result {
  const issues: DiagnosticIssue[] = [];
  need(input, ['massFlowRate_kg_s', 'setPressure_bara', 'temperature_K', 'gasMassFraction', 'gasDensity_kg_m3', 'liquidDensity_kg_m3', 'latentHeat_J_kg', 'liquidCp_J_kgK'], issues, 'Two-phase relief sizing');
  if (input.gasMassFraction === 0) issues.push(issue('INVALID_FIELD', 'gasMassFraction 0 is a subcooled or saturated liquid: the flashing omega form needs vapour at the inlet', 'Use "case": "liquid" for a liquid inlet', 'gasMassFraction'));
  if (issues.length > 0) return { ok: false, issues };
  const f = input.overpressureFraction ?? 0.1;
  const P0 = relieving(input.setPressure_bara!, f) * 1e5;
  const Pb = (input.backPressure_bara ?? ATM_BAR) * 1e5;
  if (Pb >= P0) return { ok: false, issues: [issue('BACK_PRESSURE_TOO_HIGH', `Back pressure ${Pb / 1e5} bara is not below the relieving pressure ${(P0 / 1e5).toFixed(4)} bara`, 'Check the set and back pressures', 'backPressure_bara')] };
  const x0 = input.gasMassFraction!;
  const vG = 1 / input.gasDensity_kg_m3!;
  const vL = 1 / input.liquidDensity_kg_m3!;
  const v0 = x0 * vG + (1 - x0) * vL;
  const omega = omegaParameter(x0, vG, vL, input.latentHeat_J_kg!, input.liquidCp_J_kgK!, input.temperature_K!, P0);
  if (!(omega > 0)) return { ok: false, issues: [issue('INVALID_FIELD', `The omega parameter is ${omega}: the inlet data are not a flashing two-phase state`, 'Check latent heat, densities and Cp', 'latentHeat_J_kg')] };
  const flux = omegaMassFlux(omega, P0, v0, Pb);
  const Kd = input.dischargeCoefficient ?? 0.85;
  const Kb = input.balancedBellows ? (input.backPressureCorrection ?? 1) : 1;
  const Kc = combination(input);
  const area = (input.massFlowRate_kg_s! / (Kd * Kb * Kc * flux.flux)) * 1e6;
  const warnings: Warning[] = [warning('TWO_PHASE_UNCERTAINTY', 'Omega-method sizing assumes homogeneous equilibrium flashing flow; API 520 calls it a screening method for two-phase relief')];
  return {
    ok: true,
    warnings,
    assumptions: ['Homogeneous equilibrium flow; ω from the inlet state (API 520 Annex C, Leung)'],
    data: {
      case: 'twoPhase',
      standard: 'API 520 Part I Annex C (Leung omega method, flashing two-phase flow)',
      relievingPressure_bara: P0 / 1e5,
      backPressure_bara: Pb / 1e5,
      flowRegime: flux.critical ? 'critical' : 'subcritical',
      criticalPressureRatio: flux.etaCritical,
      sizing: orificeSizing(area, input.massFlowRate_kg_s!),
      correctionFactors: { Kd_dischargeCoefficient: Kd, Kb_backPressureCorrection: Kb, Kc_combinationCorrection: Kc, overpressureFraction: f },
      fluidProperties: { omega, massFlux_kg_s_m2: flux.flux, inletSpecificVolume_m3_kg: v0 },
    },
  };
}

function fire(input: In): Result {
  if (input.wettedArea_m2 === undefined) return { ok: false, issues: [issue('MISSING_FIELD', 'Fire heat input needs wettedArea_m2', 'Add "wettedArea_m2": the wetted area within 7.6 m (25 ft) of grade', 'wettedArea_m2')] };
  const drainage = input.hasDrainage ?? input.adequateDrainage ?? false;
  const fighting = input.hasFireFighting ?? false;
  const F = input.environmentFactor ?? 1;
  const lower = drainage && fighting;
  const Q = fireHeatInput(input.wettedArea_m2, F, lower);
  const warnings: Warning[] = [];
  if (drainage !== fighting) warnings.push(warning('MODEL_LIMITATION', `The lower API 521 constant needs both adequate drainage and prompt fire fighting; with only ${drainage ? 'drainage' : 'fire fighting'} 70 900 applies`));
  return {
    ok: true,
    warnings,
    assumptions: ['API 521 pool fire: Q = C1·F·A^0.82 W with A the wetted area in m²'],
    data: {
      case: 'fireHeatInput',
      standard: 'API 521 pool fire (wetted surface)',
      fireHeatInput: { heatInput_W: Q, heatInput_kW: Q / 1000, heatInput_BTU_hr: Q * BTU_H_PER_W, wettedArea_m2: input.wettedArea_m2, environmentFactor: F, constant: lower ? 43200 : 70900, hasDrainage: drainage, hasFireFighting: fighting },
    },
  };
}

const CASES: Record<string, (input: In) => Result> = {
  gas: sizeGas,
  vapor: sizeGas,
  vapour: sizeGas,
  liquid: sizeLiquid,
  twophase: sizeTwoPhase,
  two_phase: sizeTwoPhase,
  fireheatinput: fire,
  fire,
};

export function runRelief(input: In): Envelope<Out> {
  const started = performance.now();
  const name = (input.case ?? 'gas').trim().toLowerCase();
  const handler = CASES[name];
  if (!handler) return failure(TOOL, 'compute', [issue('UNKNOWN_CASE', `Unknown relief case ${JSON.stringify(input.case)}`, 'Use "gas", "liquid", "twoPhase" or "fireHeatInput"', 'case')]);
  const r = handler(input);
  if (!r.ok) return failure(TOOL, 'compute', r.issues);
  return success({
    tool: TOOL,
    data: r.data,
    warnings: r.warnings,
    provenance: {
      calculationType: `relief sizing: ${r.data.standard}`,
      convergence: { converged: true, iterations: 1 },
      assumptions: ['Relieving pressure = set pressure + overpressure × gauge set pressure (API 520)', ...r.assumptions],
      limitations: ['Screening per API 520/521 equations: the final valve choice needs the manufacturer\'s certified coefficients and the inlet/outlet piping checks (3 % inlet loss, built-up back pressure)'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Relief input checked; sized',
  });
}

export const runReliefTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.3',
  summary: 'Relief-valve sizing per API 520 Part I (gas, liquid, two-phase) and the API 521 pool-fire heat input.',
  description:
    'Relief-valve sizing per API 520 Part I and the API 521 pool-fire heat input. case "gas": massFlowRate_kg_s, setPressure_bara, temperature_K, molecularWeight_kg_mol (or "fluid": {components} for EOS M, Z, k), compressibility, specificHeatRatio; ' +
    'case "liquid": volumeFlowRate_m3_s, liquidDensity_kg_m3, setPressure_bara, viscosity_Pa_s; case "twoPhase": omega method from gasMassFraction, densities, latentHeat_J_kg, liquidCp_J_kgK; case "fireHeatInput": wettedArea_m2, environmentFactor, hasDrainage, hasFireFighting. ' +
    'Returns required area, API 526 orifice, flow regime and correction factors. Pitfalls: pressures are absolute; overpressure is a fraction of the gauge set pressure (default 0.21 gas, 0.10 liquid/two-phase); balanced bellows need the manufacturer\'s Kb/Kw.',
  input: RunReliefInput,
  output: RunReliefOutput,
  exampleCategory: 'safety',
  examples: [
    { name: 'gas-psv', description: 'Gas PSV, 10 kg/s at 50 bara set, 350 K, M 18.8 g/mol', input: { case: 'gas', massFlowRate_kg_s: 10, setPressure_bara: 50, temperature_K: 350, molecularWeight_kg_mol: 0.0188, compressibility: 0.9, specificHeatRatio: 1.27, backPressure_bara: 1.5 } },
    { name: 'gas-psv-from-composition', description: 'Gas PSV with M, Z and k from a natural-gas composition by the EOS', input: { case: 'gas', massFlowRate_kg_s: 10, setPressure_bara: 50, temperature_K: 350, fluid: { model: 'SRK', components: { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 } } } },
    { name: 'liquid-psv', description: 'Liquid thermal/blocked-outlet PSV', input: { case: 'liquid', volumeFlowRate_m3_s: 0.02, liquidDensity_kg_m3: 850, setPressure_bara: 20, viscosity_Pa_s: 0.005 } },
    { name: 'fire-heat-input', description: 'API 521 pool fire on 50 m² of wetted area', input: { case: 'fireHeatInput', wettedArea_m2: 50, environmentFactor: 1, hasDrainage: true, hasFireFighting: true } },
  ],
  execution: 'inline',
  run: (input) => runRelief(input),
});
