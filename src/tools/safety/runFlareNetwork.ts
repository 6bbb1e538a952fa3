/**
 * runFlareNetwork (advanced, CALCULATION, v1.3): point-source flare radiation at grade (API 521
 * simple method): flux against horizontal distance from the stack, and the distance beyond which
 * each API 521 design flux level is not exceeded.
 */
import { Type, type Static } from '@sinclair/typebox';
import { API521_FLUX_LIMITS, pointSourceFlux, safeDistance } from '../../engine/safety/flare.js';
import { failure, issue, success, warning, type Warning } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';

const TOOL = 'runFlareNetwork';
const DEFAULT_DISTANCES = [15, 30, 50, 75, 100, 150, 200];

const Input = Type.Object(
  {
    heatDuty_MW: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e6, description: 'Heat released by the flare (LHV × mass rate), MW' })),
    heatDuty_W: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'Same in W' })),
    flameHeight_m: Type.Optional(Type.Number({ minimum: 0.1, maximum: 1000, description: 'Height of the flame centre above grade, m (default 30)' })),
    radiantFraction: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Fraction F of the heat radiated (default 0.18)' })),
    transmissivity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Atmospheric transmissivity τ (default 1: no attenuation, conservative)' })),
    distances_m: Type.Optional(Type.Array(Type.Number({ minimum: 0, maximum: 1e5 }), { minItems: 1, maxItems: 500, description: `Horizontal distances from the stack, m (default ${DEFAULT_DISTANCES.join(', ')})` })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    heatDuty_MW: Type.Number(),
    radiatedPower_MW: Type.Number({ description: 'τ·F·Q' }),
    flameHeight_m: Type.Number(),
    radiationProfile: Type.Array(Type.Object({ distance_m: Type.Number(), flux_W_m2: Type.Number(), flux_kW_m2: Type.Number() }, { additionalProperties: false })),
    safeDistanceContour: Type.Array(
      Type.Object({ threshold_W_m2: Type.Number(), threshold_kW_m2: Type.Number(), exposure: Type.String(), safeGroundDistance_m: Type.Number(), exceededAtGrade: Type.Boolean() }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

function run(input: Static<typeof Input>) {
  const started = performance.now();
  if (input.heatDuty_MW === undefined && input.heatDuty_W === undefined) return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'The flare heat release is missing', 'Give "heatDuty_MW" (or "heatDuty_W")', 'heatDuty_MW')]);
  const warnings: Warning[] = [];
  if (input.heatDuty_MW !== undefined && input.heatDuty_W !== undefined && Math.abs(input.heatDuty_MW * 1e6 - input.heatDuty_W) > 1e-6 * input.heatDuty_W) {
    warnings.push(warning('MODEL_LIMITATION', 'Both heatDuty_MW and heatDuty_W were given and differ; heatDuty_MW is used'));
  }
  const Q = input.heatDuty_MW !== undefined ? input.heatDuty_MW * 1e6 : input.heatDuty_W!;
  const H = input.flameHeight_m ?? 30;
  const F = input.radiantFraction ?? 0.18;
  const tau = input.transmissivity ?? 1;
  const distances = input.distances_m ?? DEFAULT_DISTANCES;
  const flux = (d: number) => pointSourceFlux(Q, F, tau, H, d);
  return success({
    tool: TOOL,
    data: {
      heatDuty_MW: Q / 1e6,
      radiatedPower_MW: (tau * F * Q) / 1e6,
      flameHeight_m: H,
      radiationProfile: distances.map((d) => ({ distance_m: d, flux_W_m2: flux(d), flux_kW_m2: flux(d) / 1000 })),
      safeDistanceContour: API521_FLUX_LIMITS.map((l) => ({ threshold_W_m2: l.flux, threshold_kW_m2: l.flux / 1000, exposure: l.exposure, safeGroundDistance_m: safeDistance(Q, F, tau, H, l.flux), exceededAtGrade: flux(0) > l.flux })),
    },
    warnings,
    provenance: {
      calculationType: 'flare radiation (API 521 point-source method)',
      convergence: { converged: true, iterations: 1 },
      assumptions: ['Point source at the flame centre; flux = τ F Q / (4π (d² + H²)) at grade', 'Design levels of API 521 exclude solar radiation (add about 0.79–1.04 kW/m² for personnel)'],
      limitations: ['No wind tilt of the flame, flame length or view factors (API 521 Brzustowski–Sommer or Chamberlain models give those); screening only'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Radiation computed',
  });
}

export const runFlareNetworkTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.3',
  summary: 'Flare radiation at grade by the API 521 point-source method: flux against distance and the distances for each design level.',
  description:
    'Flare radiation at grade by the API 521 point-source method: {"heatDuty_MW", "flameHeight_m" (flame centre above grade), "radiantFraction", "transmissivity", "distances_m"}. ' +
    'Returns flux against distance and the distance beyond which each API 521 design level (1.58, 4.73, 6.31, 9.46 kW/m²) is not exceeded. No wind tilt: screening only.',
  input: Input,
  output: Output,
  exampleCategory: 'safety',
  examples: [{ name: 'flare-50mw', description: '50 MW release, flame centre 30 m above grade', input: { heatDuty_MW: 50, flameHeight_m: 30, radiantFraction: 0.18, distances_m: [15, 30, 60, 100, 200] } }],
  execution: 'inline',
  run,
});
