/**
 * TypeBox schemas of runPipeline (seed 000, advanced CALCULATION v1.1): the original's
 * PipelineRunner fields (spec/neqsim-surface.md 2.19). Pipe fields may sit at the top level or in
 * `pipe` (top level wins). The two-fluid solver's profiles and the heat-transfer fields are
 * accepted so the original's inputs validate, and reported as not used by Beggs & Brill.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
// Temperatures and pressures share the pressure limit (finite in any unit); flows are signed so the
// runner's own message about a non-positive flow still answers.
import { FLOW_LIMIT, moleFraction, pressureValue, signed } from '../../contract/bounded.js';
import { PRESSURE_UNITS, TEMPERATURE_UNITS } from '../../contract/units.js';
import { FLOW_RATE_UNITS } from '../../process/runProcess/quantities.js';

export const MAX_INCREMENTS = 1000;

const num = (description: string) => Type.Number({ description });

/** Beggs & Brill geometry, with the original's alternative names. */
const PIPE_FIELDS = {
  length_m: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e7, description: 'Pipe length along the line, m' })),
  length: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e7, description: 'Same as length_m' })),
  diameter_m: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 20, description: 'Inside diameter, m' })),
  diameter: Type.Optional(Type.Number({ minimum: 1e-3, maximum: 20, description: 'Same as diameter_m' })),
  pipeWallRoughness_m: Type.Optional(Type.Number({ minimum: 0, maximum: 0.1, description: 'Absolute wall roughness, m (default 1e-5)' })),
  roughness_m: Type.Optional(Type.Number({ minimum: 0, maximum: 0.1, description: 'Same as pipeWallRoughness_m' })),
  roughness: Type.Optional(Type.Number({ minimum: 0, maximum: 0.1, description: 'Same as pipeWallRoughness_m' })),
  elevation_m: Type.Optional(Type.Number({ minimum: -1e7, maximum: 1e7, description: 'Outlet minus inlet height, m (+ uphill)' })),
  elevationChange_m: Type.Optional(Type.Number({ minimum: -1e7, maximum: 1e7, description: 'Same as elevation_m' })),
  inletElevation_m: Type.Optional(Type.Number({ minimum: -1e5, maximum: 1e5, description: 'Inlet height, m (with outletElevation_m)' })),
  outletElevation_m: Type.Optional(Type.Number({ minimum: -1e5, maximum: 1e5, description: 'Outlet height, m (with inletElevation_m)' })),
  angle_degrees: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Inclination from horizontal, degrees (+ uphill); used when no elevation is given' })),
  angle_deg: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Same as angle_degrees' })),
  numberOfSegments: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INCREMENTS, description: 'Increments the pipe is marched in (default 5, as the original)' })),
  numberOfIncrements: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INCREMENTS, description: 'Same as numberOfSegments' })),
  numberOfNodes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INCREMENTS, description: 'Same as numberOfSegments' })),
} satisfies TProperties;

/** Fields of the original's two-fluid solver and heat-transfer options: accepted, not used here. */
export const UNUSED_FIELDS = [
  'sectionLengths_m', 'lengthProfile_m', 'sectionLengths', 'numberOfSections', 'elevationProfile_m', 'heightProfile_m', 'elevationProfile',
  'heatTransferCoefficient_W_m2K', 'uValue_W_m2K', 'heatTransferCoefficient', 'U_value', 'heatTransferProfile_W_m2K', 'uValueProfile_W_m2K', 'heatTransferProfile',
  'surfaceTemperature_C', 'ambientTemperature_C', 'surfaceTemperature_K', 'ambientTemperature_K', 'surfaceTemperatureProfile_C', 'ambientTemperatureProfile_C',
  'surfaceTemperatureProfile_K', 'ambientTemperatureProfile_K', 'steadyStateMaxWallClockTime_s',
] as const;
const UNUSED = Object.fromEntries(UNUSED_FIELDS.map((k) => [k, Type.Optional(Type.Unknown({ description: 'Two-fluid / heat-transfer input of the original: not used by the Beggs & Brill solver (reported in warnings)' }))])) as TProperties;

const quantity = (what: string, bare: string) =>
  Type.Union([pressureValue({ description: `${what}: a bare number is ${bare}` }), Type.Object({ value: pressureValue(), unit: Type.Optional(Type.String()) }, { additionalProperties: false })], {
    description: `${what}: a bare number is ${bare}, or {"value": …, "unit": …}`,
  });

export const RunPipelineInput = Type.Object(
  {
    model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA (SRK-CPA, for water, alcohols and glycols)', examples: ['SRK', 'PR', 'CPA'] })),
    components: Type.Record(Type.String(), moleFraction(), { description: 'Component name → mole fraction (normalised if the sum is not 1)' }),
    mixingRule: Type.Optional(Type.String({ description: 'Only "classic" is implemented' })),
    multiPhaseCheck: Type.Optional(Type.Boolean({ description: 'Look for a second liquid phase (default on, as the original)' })),
    temperature: Type.Optional(quantity('Inlet temperature', `K; units ${TEMPERATURE_UNITS.join(', ')}`)),
    temperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000, description: 'Inlet temperature, °C' })),
    temperature_K: Type.Optional(Type.Number({ minimum: 0, maximum: 3000, description: 'Inlet temperature, K' })),
    pressure: Type.Optional(quantity('Inlet pressure', `bara; units ${PRESSURE_UNITS.join(', ')}`)),
    pressure_bara: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Inlet pressure, bara' })),
    pressure_bar: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Inlet pressure, bara' })),
    pressure_barg: Type.Optional(Type.Number({ minimum: -1, maximum: 1e4, description: 'Inlet pressure, barg' })),
    flowRate: Type.Union(
      [
        signed(FLOW_LIMIT, { description: 'kg/hr' }),
        Type.Object({ value: signed(FLOW_LIMIT), unit: Type.Optional(Type.String()) }, { additionalProperties: false }),
        Type.Tuple([signed(FLOW_LIMIT), Type.String()]),
      ],
      { description: `Feed flow: {"value": …, "unit": …} with unit ${FLOW_RATE_UNITS.join(', ')} (default kg/hr)` },
    ),
    solver: Type.Optional(Type.String({ description: '"beggsAndBrill" (default; also beggsBrill, beggs-and-brill). The two-fluid solver is not implemented here' })),
    mode: Type.Optional(Type.String({ description: 'Same as analysis' })),
    analysis: Type.Optional(Type.String({ description: 'Default "beggsAndBrill"; water-hammer analyses are not implemented here' })),
    detailLevel: Type.Optional(Type.String({ description: 'FULL (default: with the profile along the pipe), SUMMARY or MINIMUM (without it)' })),
    reportDetail: Type.Optional(Type.String({ description: 'Same as detailLevel' })),
    pipe: Type.Optional(Type.Object({ ...PIPE_FIELDS, ...UNUSED }, { additionalProperties: false, description: 'Pipe geometry (fields may also be given at the top level, which wins)' })),
    ...PIPE_FIELDS,
    ...UNUSED,
  },
  { additionalProperties: false },
);
export type RunPipelineInput = Static<typeof RunPipelineInput>;

const ProfilePoint = Type.Object(
  {
    position_m: Type.Number(),
    height_m: Type.Number(),
    pressure_bara: Type.Number(),
    temperature_C: Type.Number(),
    flowRegime: Type.String({ description: 'SEGREGATED, INTERMITTENT, DISTRIBUTED, TRANSITION or SINGLE_PHASE' }),
    liquidHoldup: Type.Number({ description: 'In-situ liquid volume fraction (Beggs & Brill)' }),
    noSlipLiquidFraction: Type.Number(),
    froudeNumber: Type.Number(),
    liquidVelocityNumber: Type.Number(),
    superficialGasVelocity_m_s: Type.Number(),
    superficialLiquidVelocity_m_s: Type.Number(),
    mixtureVelocity_m_s: Type.Number(),
    mixtureDensity_kg_m3: Type.Number({ description: 'Slip (in-situ) density' }),
    noSlipDensity_kg_m3: Type.Number(),
    reynoldsNumber: Type.Number({ description: 'No-slip Reynolds number' }),
    frictionFactor: Type.Number({ description: 'Two-phase Darcy friction factor' }),
    frictionGradient_bar_km: Type.Number(),
    gravityGradient_bar_km: Type.Number(),
  },
  { additionalProperties: false },
);

export const RunPipelineOutput = Type.Object(
  {
    model: Type.String(),
    solver: Type.Literal('beggsAndBrill'),
    inletPressure_bara: Type.Number(),
    outletPressure_bara: Type.Number(),
    pressureDrop_bara: Type.Number({ description: 'Inlet minus outlet pressure (negative when the line gains pressure downhill)' }),
    frictionPressureDrop_bar: Type.Number(),
    gravityPressureDrop_bar: Type.Number(),
    inletTemperature_C: Type.Number(),
    outletTemperature_C: Type.Number(),
    length_m: Type.Number(),
    diameter_m: Type.Number(),
    roughness_m: Type.Number(),
    elevation_m: Type.Number(),
    angle_degrees: Type.Number(),
    numberOfIncrements: Type.Integer(),
    massFlow_kg_hr: Type.Number(),
    inletFlowRegime: Type.String(),
    outletFlowRegime: Type.String(),
    averageLiquidHoldup: Type.Number({ description: 'Length average of the holdup over the increments' }),
    liquidInventory_m3: Type.Number({ description: 'Liquid volume in the line from the holdup' }),
    maximumMixtureVelocity_m_s: Type.Number(),
    discretisation: Type.Object(
      {
        doubledIncrementsOutletPressure_bara: Type.Number({ description: 'Outlet pressure with twice the increments' }),
        estimatedError_bar: Type.Number({ description: 'Difference of the two outlet pressures: the marching error of this answer' }),
      },
      { additionalProperties: false },
    ),
    profile: Type.Optional(Type.Array(ProfilePoint, { description: 'Each node of the march, inlet to outlet (detailLevel FULL)' })),
  },
  { additionalProperties: false },
);
export type RunPipelineOutput = Static<typeof RunPipelineOutput>;
