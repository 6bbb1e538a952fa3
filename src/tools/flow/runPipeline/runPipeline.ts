/**
 * runPipeline (advanced, CALCULATION, v1.1, auto-validated 'pipeline'): steady-state multiphase
 * pressure drop of a straight line by Beggs & Brill (src/engine/process/pipe.ts), isothermal as
 * the original's default. Besides the original's summary (inlet/outlet P and T, length,
 * diameter) it reports what the correlation computes and the original's tool description
 * promised: flow regime and liquid holdup along the line, friction and gravity parts, liquid
 * inventory, and an estimate of its own marching error (the same line with twice the
 * increments).
 */
import { createProcessFluid, overallMolarMass, streamAtTP } from '../../../engine/index.js';
import { beggsBrillPipe, type PipeResult } from '../../../engine/process/pipe.js';
import { failure, issue, success, warning, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { RunPipelineInput, RunPipelineOutput } from './schema.js';
import { parseFlowRate, readPipelineRequest } from './request.js';

const TOOL = 'runPipeline';

const ASSUMPTIONS = [
  'Beggs & Brill (1973) flow regime, holdup with inclination correction and two-phase friction factor; no Payne correction, no acceleration term (as the original)',
  'Isothermal: the inlet temperature along the whole line (the original\'s default); the fluid is flashed at each increment\'s pressure',
  'Friction: Haaland above Re 4000, 64/Re below 2300, linear in between; surface tension for the liquid velocity number by Baker & Swerdloff',
  'Explicit march in equal increments: each increment\'s gradient is taken at its inlet',
];
const LIMITATIONS = [
  'Empirical correlation: expect ±20–30 % on two-phase pressure drop; single-phase friction follows Haaland (±2 % of Colebrook)',
  'One straight section of constant diameter and inclination; no heat transfer, fittings or terrain profile',
  'Unit constants are exact SI: the original converts with g = 32.2 ft/s² and 1.48727e-5 bar per lbm/(ft·s²), so its gravity part is 2.1e-4 higher and its friction part 6.0e-4 lower than ours',
];

type Out = RunPipelineOutput;

const bar = (pa: number) => pa / 1e5;

function run(input: RunPipelineInput, ctx?: Pick<ToolContext, 'progress'>): Envelope<Out> {
  const started = performance.now();
  const parsed = readPipelineRequest(input);
  if (!parsed.ok) return failure(TOOL, 'compute', parsed.issues);
  const req = parsed.request;
  const fluid = createProcessFluid(req.model, req.components, req.multiPhaseCheck);
  const z = Float64Array.from(req.z);
  const M = overallMolarMass(fluid.model, z);
  const flow = parseFlowRate(req.flowRate, M, 'flowRate');
  if (!flow.ok) return failure(TOOL, 'compute', [flow.issue]);
  const inlet = streamAtTP(fluid, z, flow.value, req.T, req.P);
  if (!inlet.ok) return failure(TOOL, 'compute', [issue(inlet.code, `Inlet state: ${inlet.message}`, 'Check the inlet temperature, pressure and composition', 'components')], 'simulation');
  const geometry = { length: req.length, diameter: req.diameter, roughness: req.roughness, elevation: req.elevation, increments: req.increments };
  ctx?.progress(0.1, 'marching the line');
  const res = beggsBrillPipe(inlet.stream, geometry, 'pipeline');
  if (!res.ok) return failure(TOOL, 'compute', [issue(res.code, res.message, 'Check the flow rate, diameter and inlet pressure: a line that cannot carry the flow loses all its pressure', 'pipe')], 'simulation');
  ctx?.progress(0.6, 'checking the discretisation with twice the increments');
  const refined = beggsBrillPipe(inlet.stream, { ...geometry, increments: req.increments * 2 }, 'pipeline');
  const fine: PipeResult | undefined = refined.ok ? refined : undefined;
  const warnings: Warning[] = [...req.warnings];
  const dp = res.pressureDrop;
  const fineOutlet = fine ? fine.outlet.flash.P : res.outlet.flash.P;
  const estimatedError = res.outlet.flash.P - fineOutlet;
  if (!fine) warnings.push(warning('CONVERGENCE_WARNING', 'The line with twice the increments could not be computed; the marching error of this answer is unknown'));
  else if (Math.abs(estimatedError) > Math.max(0.01e5, 0.01 * Math.abs(dp))) {
    warnings.push(warning('CONVERGENCE_WARNING', `Twice the increments move the outlet pressure by ${bar(estimatedError).toFixed(4)} bar (${((100 * Math.abs(estimatedError)) / Math.max(Math.abs(dp), 1)).toFixed(1)} % of the drop): raise numberOfSegments`));
  }
  const nodes = res.nodes;
  const twoPhase = nodes.some((n) => n.gradient.regime !== 'SINGLE_PHASE');
  if (twoPhase) warnings.push(warning('TWO_PHASE_UNCERTAINTY', 'Two-phase flow in the line: the Beggs & Brill holdup and friction are empirical (±20–30 % on the pressure drop)'));
  // Holdup and velocity averaged over the increments (each increment carries its inlet node's values).
  const segs = nodes.slice(0, -1);
  const avgHoldup = segs.reduce((a, n) => a + n.gradient.holdup, 0) / segs.length;
  const area = (Math.PI / 4) * req.diameter ** 2;
  const data: Out = {
    model: req.model,
    solver: 'beggsAndBrill',
    inletPressure_bara: bar(req.P),
    outletPressure_bara: bar(res.outlet.flash.P),
    pressureDrop_bara: bar(dp),
    frictionPressureDrop_bar: bar(res.frictionDrop),
    gravityPressureDrop_bar: bar(res.gravityDrop),
    inletTemperature_C: req.T - 273.15,
    outletTemperature_C: res.outlet.flash.T - 273.15,
    length_m: req.length,
    diameter_m: req.diameter,
    roughness_m: req.roughness,
    elevation_m: req.elevation,
    angle_degrees: (Math.asin(req.elevation / req.length) * 180) / Math.PI,
    numberOfIncrements: req.increments,
    massFlow_kg_hr: flow.value * M * 3600,
    inletFlowRegime: nodes[0]!.gradient.regime,
    outletFlowRegime: nodes[nodes.length - 1]!.gradient.regime,
    averageLiquidHoldup: avgHoldup,
    liquidInventory_m3: avgHoldup * area * req.length,
    maximumMixtureVelocity_m_s: Math.max(...nodes.map((n) => n.vsg + n.vsl)),
    discretisation: { doubledIncrementsOutletPressure_bara: bar(fineOutlet), estimatedError_bar: bar(estimatedError) },
  };
  if (req.detail === 'FULL') {
    data.profile = nodes.map((n) => ({
      position_m: n.position,
      height_m: n.height,
      pressure_bara: bar(n.pressure),
      temperature_C: n.temperature - 273.15,
      flowRegime: n.gradient.regime,
      liquidHoldup: n.gradient.holdup,
      noSlipLiquidFraction: n.gradient.lambda,
      froudeNumber: n.gradient.froude,
      liquidVelocityNumber: n.gradient.nLv,
      superficialGasVelocity_m_s: n.vsg,
      superficialLiquidVelocity_m_s: n.vsl,
      mixtureVelocity_m_s: n.vsg + n.vsl,
      mixtureDensity_kg_m3: n.gradient.slipDensity,
      noSlipDensity_kg_m3: n.gradient.noSlipDensity,
      reynoldsNumber: n.gradient.reynolds,
      frictionFactor: n.gradient.friction,
      frictionGradient_bar_km: n.gradient.frictionGradient / 100,
      gravityGradient_bar_km: n.gradient.gravityGradient / 100,
    }));
  }
  ctx?.progress(1, `${req.increments} increments`);
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: {
      model: req.model,
      calculationType: 'pipeline simulation (Beggs & Brill)',
      convergence: { converged: true, iterations: req.increments, message: `${req.increments} increments; twice as many change the outlet pressure by ${bar(estimatedError).toExponential(2)} bar` },
      assumptions: ASSUMPTIONS,
      limitations: LIMITATIONS,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Pipeline input checked; line marched',
  });
}

export const runPipelineTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Steady-state multiphase pressure drop along a pipeline (Beggs & Brill): outlet pressure, flow regime, holdup and liquid inventory.',
  description:
    'Steady-state multiphase pressure drop of a pipeline by Beggs & Brill (isothermal, as the original): {"model": "SRK", "components": {...}, "temperature_C", "pressure_bara", "flowRate": {"value", "unit"}, ' +
    '"pipe": {"length_m", "diameter_m", "roughness_m", "elevation_m" | "angle_degrees" | "inletElevation_m"+"outletElevation_m", "numberOfSegments"}}. ' +
    'Returns outlet pressure and temperature, friction and gravity parts, flow regime and liquid holdup along the line, liquid inventory and a marching-error estimate. ' +
    'Pitfalls: elevation is outlet minus inlet height (+ uphill); a downhill line can gain pressure (negative drop); the two-fluid solver and water hammer are not implemented.',
  input: RunPipelineInput,
  output: RunPipelineOutput,
  exampleCategory: 'pipeline',
  examples: [
    {
      name: 'gas-condensate-flowline',
      description: 'A 10 km, 12-inch gas-condensate flowline rising 50 m: pressure drop, regime and holdup',
      input: {
        model: 'PR',
        temperature_C: 50,
        pressure_bara: 90,
        components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.015, 'n-heptane': 0.03, nitrogen: 0.01, CO2: 0.015 },
        flowRate: { value: 150000, unit: 'kg/hr' },
        pipe: { length_m: 10000, diameter_m: 0.3048, roughness_m: 4.6e-5, elevation_m: 50, numberOfSegments: 20 },
      },
    },
    {
      name: 'dry-gas-export',
      description: 'Dry gas in a flat 20-inch export line: single-phase friction',
      input: { model: 'SRK', temperature_C: 30, pressure_bara: 120, components: { methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 }, flowRate: { value: 10, unit: 'MSm3/day' }, pipe: { length_m: 50000, diameter_m: 0.48, roughness_m: 1e-5, numberOfSegments: 20 } },
    },
  ],
  execution: 'pool',
  autoValidation: 'pipeline',
  run: (input, ctx) => run(input, ctx),
});

export { run as runPipeline };
