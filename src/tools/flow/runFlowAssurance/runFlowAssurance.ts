/**
 * runFlowAssurance (advanced, CALCULATION, v1.0, auto-validated 'pipeline'): flow-assurance
 * screening analyses with published formulas (src/engine/flow-assurance/screening.ts): erosional
 * velocity (API RP 14E, mixture density given or from our flash of a composition), CO₂ corrosion
 * (de Waard–Lotz–Milliams 1991), pipeline cool-down (lumped capacitance) and the hydrate risk map
 * (src/tools/flow/runFlowAssurance/hydrate-map.ts). The contract's other
 * analyses (wax, asphaltene, scale, emulsion, demulsifier dosing) need models this
 * server does not have and are refused with NOT_IMPLEMENTED_ANALYSIS.
 */
import { Type, type Static } from '@sinclair/typebox';
import { moleFraction } from '../../contract/bounded.js';
import { createFluid, flashReport, flashTP, type FluidModelName } from '../../../engine/index.js';
import { co2CorrosionRate, cooldownTemperature, cooldownTimeConstant, erosionalVelocity, timeToTemperature } from '../../../engine/flow-assurance/screening.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { DEFAULT_HYDRATE_MARGIN_K, hydrateRiskMap, MAX_PROFILE_POINTS, type HydrateMapPoint } from './hydrate-map.js';

const TOOL = 'runFlowAssurance';
const IMPLEMENTED = ['hydrateRiskMap', 'erosion', 'CO2Corrosion', 'pipelineCooldown'] as const;
const NOT_IMPLEMENTED = ['waxAppearance', 'asphalteneStability', 'scalePrediction', 'emulsionViscosity', 'demulsifierDoseOptimization'];
/** NACE MR0175 / ISO 15156 sour-service threshold, H₂S partial pressure in bar (0.05 psia). */
const SOUR_PH2S_BAR = 0.0034474;

/** Bounded inputs: an engineering ceiling keeps every result a finite number. */
const num = (d: string) => Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000, description: d }));
const pos = (d: string, maximum = 1e6) => Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum, description: d }));
const Input = Type.Object(
  {
    analysis: Type.String({ description: `${IMPLEMENTED.join(', ')} (others of the contract are not implemented here)` }),
    // hydrate risk map
    profilePoints: Type.Optional(
      Type.Array(
        Type.Object(
          {
            km: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5, description: 'Distance along the line' })),
            pressure_bara: Type.Number({ minimum: 0.01, maximum: 1000 }),
            temperature_C: Type.Number({ minimum: -273.15, maximum: 3000 }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: MAX_PROFILE_POINTS, description: 'Hydrate risk map: the line\'s pressure–temperature profile (or give one point as temperature_C and pressure_bara)' },
      ),
    ),
    safetyMargin_C: Type.Optional(Type.Number({ minimum: 0, maximum: 50, description: `Hydrate risk map: points within this many K outside the hydrate curve are MEDIUM risk (default ${DEFAULT_HYDRATE_MARGIN_K})` })),
    // erosion
    mixtureDensity_kg_m3: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 3e4, description: 'Erosion: mixture (no-slip) density; or give components, temperature_C and pressure_bara' })),
    mixtureVelocity_m_s: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4, description: 'Erosion: actual mixture velocity' })),
    cFactor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 500, description: 'API RP 14E C (default 100: continuous service; 125 intermittent; higher with corrosion control)' })),
    sandRate_kg_day: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    components: Type.Optional(Type.Record(Type.String(), moleFraction())),
    model: Type.Optional(Type.String()),
    gasDensity_kg_m3: pos('Accepted for the original\'s input; not used by API RP 14E'),
    liquidDensity_kg_m3: pos('Accepted for the original\'s input; not used by API RP 14E'),
    pipeDiameter_m: pos('Pipe inside diameter (reported with the maximum flow at the erosional velocity)'),
    wallThickness_mm: pos('Accepted for the original\'s input'),
    geometry: Type.Optional(Type.String()),
    // CO2 corrosion
    temperature_C: num('Temperature, °C'),
    pressure_bara: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Total pressure, bara' })),
    CO2MoleFraction: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'CO₂ mole fraction of the gas' })),
    H2SMoleFraction: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'H₂S mole fraction of the gas (sour-service check)' })),
    inhibitorEfficiency: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Fraction of the corrosion rate an inhibitor removes' })),
    flowVelocity_m_s: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4, description: 'Accepted for the original\'s input; the 1991 correlation has no flow term' })),
    designLife_years: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: 'For the corrosion allowance (default 25)' })),
    // cooldown
    internalDiameter_m: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 20, description: 'Cool-down: inside diameter' })),
    wallThickness_m: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: 'Cool-down: steel wall (its heat capacity slows the cooling)' })),
    overallUValue_W_m2K: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 1e5, description: 'Cool-down: overall U referred to the inside area' })),
    initialFluidTemperature_C: num('Cool-down: temperature at shut-in'),
    ambientTemperature_C: num('Cool-down: surroundings'),
    fluidDensity_kg_m3: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 3e4, description: 'Cool-down' })),
    fluidSpecificHeat_J_kgK: Type.Optional(Type.Number({ minimum: 1, maximum: 1e6, description: 'Cool-down' })),
    totalTimeHours: pos('Cool-down: length of the profile (default 48 h)', 1e5),
    targetTemperature_C: num('Cool-down: e.g. the hydrate or wax temperature; the time to reach it is reported'),
    insulationThickness_m: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: 'Accepted for the original\'s input: give its effect through overallUValue_W_m2K' })),
    insulationConductivity_W_mK: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e4 })),
  },
  { additionalProperties: false },
);
const CooldownPoint = Type.Object({ time_hours: Type.Number(), fluidTemperature_C: Type.Number() }, { additionalProperties: false });
const HydratePoint = Type.Object(
  {
    distance_km: Type.Number(),
    pressure_bara: Type.Number(),
    actualTemperature_C: Type.Number(),
    hydrateTemperature_C: Type.Optional(Type.Number({ description: 'Absent where no hydrate forms at this pressure (235–340 K)' })),
    subcooling_C: Type.Optional(Type.Number({ description: 'Hydrate temperature minus actual temperature; positive inside the hydrate region' })),
    structure: Type.Optional(Type.Union([Type.Literal('sI'), Type.Literal('sII')])),
    riskLevel: Type.Union([Type.Literal('HIGH'), Type.Literal('MEDIUM'), Type.Literal('LOW')]),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    analysis: Type.String(),
    results: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
    profile: Type.Optional(Type.Union([Type.Array(CooldownPoint, { description: 'pipelineCooldown' }), Type.Array(HydratePoint, { description: 'hydrateRiskMap' })])),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

function need(input: In, fields: (keyof In)[], issues: DiagnosticIssue[], what: string): void {
  for (const f of fields) if (input[f] === undefined) issues.push(issue('MISSING_FIELD', `${what} needs ${String(f)}`, `Add "${String(f)}"`, String(f)));
}

function run(input: In) {
  const started = performance.now();
  const analysis = IMPLEMENTED.find((a) => a.toLowerCase() === input.analysis.trim().toLowerCase());
  if (!analysis) {
    const known = NOT_IMPLEMENTED.find((a) => a.toLowerCase() === input.analysis.trim().toLowerCase());
    return failure(TOOL, 'compute', [issue(known ? 'NOT_IMPLEMENTED_ANALYSIS' : 'UNKNOWN_ANALYSIS', known ? `The ${known} analysis is not implemented by this server` : `Unknown analysis ${JSON.stringify(input.analysis)}`, `Use one of: ${IMPLEMENTED.join(', ')}`, 'analysis')]);
  }
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  const assumptions: string[] = [];
  let results: Record<string, number | string | boolean> = {};
  let profile: { time_hours: number; fluidTemperature_C: number }[] | HydrateMapPoint[] | undefined;
  const limitations = ['Screening correlations: design needs the full models (multiphase corrosion models, transient thermal analysis, sand erosion)'];

  if (analysis === 'hydrateRiskMap') {
    const m = hydrateRiskMap(input);
    if (!m.ok) return failure(TOOL, 'compute', m.issues);
    results = m.results;
    profile = m.profile;
    warnings.push(...m.warnings);
    assumptions.push(...m.assumptions);
    limitations.splice(0, 1, 'Hydrate curve of the composition as given: no inhibitor model beyond the SRK/PR water fugacity, no ice below 0 °C, no salt');
  } else if (analysis === 'erosion') {
    need(input, ['mixtureVelocity_m_s'], issues, 'Erosion screening');
    let rho = input.mixtureDensity_kg_m3;
    let source = 'input';
    if (rho === undefined) {
      if (input.components === undefined || input.temperature_C === undefined || input.pressure_bara === undefined) {
        issues.push(issue('MISSING_FIELD', 'Erosion screening needs mixtureDensity_kg_m3, or components with temperature_C and pressure_bara', 'Add "mixtureDensity_kg_m3", or the composition and state', 'mixtureDensity_kg_m3'));
      } else {
        const p = parseFlashRequest({ model: input.model, components: input.components, flashType: 'TP' }, FLASH_MODELS);
        if (!p.ok) issues.push(...p.issues);
        else {
          const cubic = equilibriumModelIssue(p.request.model, 'Erosion screening');
          if (cubic) issues.push(cubic);
          else {
            const f = createFluid(p.request.model as FluidModelName, p.request.components, p.request.z);
            const r = flashTP(f.model, input.temperature_C + 273.15, input.pressure_bara * 1e5, f.z, { multiPhaseCheck: true });
            if (!r.ok) issues.push(issue(r.code, r.message, 'Check the state', 'components'));
            else {
              rho = flashReport(f.model, r.result, { skipTransport: true }).overall.density;
              source = `${p.request.model} flash (no-slip mixture)`;
            }
          }
        }
      }
    }
    if (issues.length > 0 || rho === undefined) return failure(TOOL, 'compute', issues);
    const C = input.cFactor ?? 100;
    const Ve = erosionalVelocity(rho, C);
    const v = input.mixtureVelocity_m_s!;
    const ratio = v / Ve;
    results = { erosionalVelocity_m_s: Ve, mixtureVelocity_m_s: v, velocityRatio: ratio, cFactor: C, mixtureDensity_kg_m3: rho, densitySource: source, withinLimit: ratio <= 1 };
    if (input.pipeDiameter_m !== undefined) results.maximumVolumeFlow_m3_s = (Ve * Math.PI * input.pipeDiameter_m ** 2) / 4;
    if ((input.sandRate_kg_day ?? 0) > 0) warnings.push(warning('MODEL_LIMITATION', 'Sand is produced: API RP 14E does not cover solids; use a sand-erosion model (DNV-RP-O501), not implemented here'));
    if (ratio > 1) warnings.push(warning('EXTRAPOLATION', `The mixture velocity is ${ratio.toFixed(2)} × the API RP 14E erosional velocity`));
    assumptions.push(`API RP 14E: V_e = C/√ρ_m (ft/s, lbm/ft³) with C = ${C}`);
  } else if (analysis === 'CO2Corrosion') {
    need(input, ['temperature_C', 'pressure_bara', 'CO2MoleFraction'], issues, 'CO₂ corrosion');
    if (issues.length > 0) return failure(TOOL, 'compute', issues);
    const T = input.temperature_C! + 273.15;
    const P = input.pressure_bara!;
    const c = co2CorrosionRate(T, P, input.CO2MoleFraction! * P);
    const inhibited = c.rate * (1 - (input.inhibitorEfficiency ?? 0));
    const life = input.designLife_years ?? 25;
    const severity = inhibited < 0.1 ? 'low' : inhibited < 1 ? 'moderate' : inhibited < 10 ? 'high' : 'severe';
    const pH2S = (input.H2SMoleFraction ?? 0) * P;
    results = {
      co2PartialPressure_bar: c.partialPressure,
      co2Fugacity_bar: c.fugacity,
      baselineRate_mmyr: c.baseline,
      scaleFactor: c.scaleFactor,
      correctedRate_mmyr: c.rate,
      inhibitedRate_mmyr: inhibited,
      severity,
      corrosionAllowance_mm: inhibited * life,
      designLife_years: life,
      h2sPartialPressure_bar: pH2S,
      isSourService: pH2S >= SOUR_PH2S_BAR,
    };
    if (input.flowVelocity_m_s !== undefined) warnings.push(warning('MODEL_LIMITATION', 'The 1991 correlation has no flow-velocity term: flowVelocity_m_s is not used'));
    if (T > 413.15 || T < 273.15) warnings.push(warning('EXTRAPOLATION', 'Outside the 0–140 °C range of the de Waard–Milliams data'));
    assumptions.push('de Waard, Lotz & Milliams (1991): log V = 5.8 − 1710/T + 0.67 log f_CO₂, log(f/p) = (0.0031 − 1.4/T)·P, protective-scale factor log F = 2400/T − 0.6 log f_CO₂ − 6.7 (≤ 1)', 'Severity bands (mm/y): < 0.1 low, < 1 moderate, < 10 high, above severe; sour service at p_H₂S ≥ 0.0034 bar (NACE MR0175 / ISO 15156)');
  } else {
    need(input, ['internalDiameter_m', 'overallUValue_W_m2K', 'initialFluidTemperature_C', 'ambientTemperature_C', 'fluidDensity_kg_m3', 'fluidSpecificHeat_J_kgK'], issues, 'Pipeline cool-down');
    if (issues.length > 0) return failure(TOOL, 'compute', issues);
    const tau = cooldownTimeConstant({ D: input.internalDiameter_m!, wall: input.wallThickness_m ?? 0, U: input.overallUValue_W_m2K!, rhoFluid: input.fluidDensity_kg_m3!, cpFluid: input.fluidSpecificHeat_J_kgK!, rhoSteel: 7850, cpSteel: 500 });
    const T0 = input.initialFluidTemperature_C!;
    const Ta = input.ambientTemperature_C!;
    const hours = input.totalTimeHours ?? 48;
    const n = 48;
    profile = Array.from({ length: n + 1 }, (_, i) => {
      const th = (hours * i) / n;
      return { time_hours: th, fluidTemperature_C: cooldownTemperature(T0, Ta, tau, th * 3600) };
    });
    results = { timeConstant_hours: tau / 3600, initialFluidTemperature_C: T0, ambientTemperature_C: Ta, finalFluidTemperature_C: profile[n]!.fluidTemperature_C };
    if (input.targetTemperature_C !== undefined) {
      const t = timeToTemperature(T0, Ta, tau, input.targetTemperature_C);
      if (Number.isFinite(t)) results.timeToTargetTemperature_hours = t / 3600;
      else results.targetReached = false;
    }
    if (input.insulationThickness_m !== undefined || input.insulationConductivity_W_mK !== undefined) warnings.push(warning('MODEL_LIMITATION', 'Insulation enters only through overallUValue_W_m2K; its heat capacity is not modelled'));
    assumptions.push('Lumped capacitance: fluid and steel wall (7850 kg/m³, 500 J/(kg·K)) at one temperature, cooling through U referred to the inside area: T = Ta + (T0 − Ta)·exp(−t/τ)');
  }
  return success({
    tool: TOOL,
    data: { analysis, results, ...(profile ? { profile } : {}) },
    warnings,
    provenance: {
      calculationType: `flow assurance: ${analysis}`,
      convergence: { converged: true, iterations: 1 },
      assumptions,
      limitations,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Flow-assurance screening completed',
  });
}

export const runFlowAssuranceTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'Flow-assurance screening: hydrate risk along a line, erosional velocity (API RP 14E), CO2 corrosion rate, pipeline cooldown.',
  description:
    `Flow-assurance screening: "analysis" ${IMPLEMENTED.join(' | ')}. hydrateRiskMap: components (water included) and model SRK/PR, profilePoints [{km, pressure_bara, temperature_C}] (or one point as temperature_C, pressure_bara), safetyMargin_C (default 3): hydrate formation temperature (van der Waals–Platteeuw), subcooling and HIGH/MEDIUM/LOW risk per point; erosion (API RP 14E): mixtureVelocity_m_s with mixtureDensity_kg_m3 (or components, temperature_C, pressure_bara), cFactor; ` +
    'CO2Corrosion (de Waard–Lotz–Milliams 1991): temperature_C, pressure_bara, CO2MoleFraction, H2SMoleFraction, inhibitorEfficiency; pipelineCooldown: internalDiameter_m, wallThickness_m, overallUValue_W_m2K, initial and ambient temperatures, fluid density and Cp, targetTemperature_C. ' +
    'Wax, asphaltene, scale and emulsion analyses are not implemented (NOT_IMPLEMENTED_ANALYSIS).',
  input: Input,
  output: Output,
  exampleCategory: 'flow-assurance',
  examples: [
    {
      name: 'hydrate-risk',
      description: 'Hydrate risk along a subsea flowline carrying wet gas with free water, cooling from 60 °C towards a 4 °C seabed',
      input: {
        analysis: 'hydrateRiskMap',
        model: 'SRK',
        components: { methane: 0.8, ethane: 0.1, propane: 0.05, water: 0.05 },
        profilePoints: [
          { km: 0, pressure_bara: 120, temperature_C: 60 },
          { km: 5, pressure_bara: 112, temperature_C: 30 },
          { km: 10, pressure_bara: 105, temperature_C: 18 },
          { km: 20, pressure_bara: 95, temperature_C: 8 },
          { km: 30, pressure_bara: 85, temperature_C: 4 },
        ],
      },
    },
    { name: 'erosion', description: 'Erosional velocity of a wet gas line from its composition', input: { analysis: 'erosion', components: { methane: 0.85, ethane: 0.07, propane: 0.03, 'n-heptane': 0.05 }, temperature_C: 40, pressure_bara: 60, mixtureVelocity_m_s: 12, pipeDiameter_m: 0.3 } },
    { name: 'co2-corrosion', description: 'CO₂ corrosion at 60 °C, 50 bara, 2 mol % CO₂, with 90 % inhibitor efficiency', input: { analysis: 'CO2Corrosion', temperature_C: 60, pressure_bara: 50, CO2MoleFraction: 0.02, inhibitorEfficiency: 0.9 } },
    { name: 'cooldown', description: 'Shut-in cool-down of a 10-inch line to a 20 °C hydrate temperature', input: { analysis: 'pipelineCooldown', internalDiameter_m: 0.254, wallThickness_m: 0.0127, overallUValue_W_m2K: 3, initialFluidTemperature_C: 60, ambientTemperature_C: 4, fluidDensity_kg_m3: 150, fluidSpecificHeat_J_kgK: 2500, totalTimeHours: 48, targetTemperature_C: 20 } },
  ],
  // The hydrate map runs a flash per search step; the screening formulas are cheap either way.
  execution: 'pool',
  autoValidation: 'pipeline',
  run: (input) => run(input),
});
