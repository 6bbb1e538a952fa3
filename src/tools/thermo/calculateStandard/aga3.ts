/**
 * calculateStandard runner for AGA3 (AGA Report No. 3 Part 1, flange-tapped orifice): flowing
 * density and isentropic exponent at the upstream tap from AGA8 DETAIL (or GERG-2008), base
 * density for standard volumes, then the RG discharge-coefficient flow equation.
 */
import { aga3Orifice } from '../../../engine/standards/aga3.js';
import { StandardsError } from '../../../engine/standards/errors.js';
import { baseState, pipelineQualityWarnings } from './iso12213.js';
import { normalizationWarning, referenceState, type CompressibilityModel } from './reference-z.js';
import type { StandardOutcome } from './outcome.js';

export interface Aga3Options {
  orificeDiameter_mm?: number;
  pipeDiameter_mm?: number;
  differentialPressure_kPa?: number;
  pressureTap?: 'upstream' | 'downstream';
  orificeExpansion_per_K?: number;
  pipeExpansion_per_K?: number;
  diameterReferenceTemperature_C?: number;
  viscosity_cP?: number;
  isentropicExponent?: number;
  compressibilityModel?: CompressibilityModel;
  baseTemperature_C?: number;
  basePressure_kPa?: number;
}

/** AGA 3 Part 1 defaults: 316 stainless plate, carbon-steel tube (9.25e-6 and 6.20e-6 per °F). */
const SS316_PER_K = 9.25e-6 * 1.8;
const CARBON_STEEL_PER_K = 6.2e-6 * 1.8;
/** Natural-gas viscosity AGA 3 suggests when none is known, cP. */
const DEFAULT_VISCOSITY_CP = 0.010268;

export function runAga3(components: Record<string, number>, T: number, staticP: number, o: Aga3Options): StandardOutcome {
  const need = (['orificeDiameter_mm', 'pipeDiameter_mm', 'differentialPressure_kPa'] as const).filter((k) => o[k] === undefined);
  if (need.length > 0) {
    throw new StandardsError('MISSING_INPUT', `AGA3 needs ${need.join(', ')}`, 'Give orificeDiameter_mm and pipeDiameter_mm (at 20 °C) and differentialPressure_kPa; temperature/pressure are the flowing static conditions.', need[0]);
  }
  const dp = o.differentialPressure_kPa! * 1000;
  const tap = o.pressureTap ?? 'upstream';
  const P1 = tap === 'upstream' ? staticP : staticP + dp;
  const model = o.compressibilityModel ?? 'AGA8-DETAIL';
  const flowing = referenceState(model, T, P1, components, 'upstream tap');
  const { Tb, Pb } = baseState(o, 15);
  const base = referenceState(model, Tb, Pb, components, 'base conditions');
  const kappa = o.isentropicExponent ?? flowing.state.kappa;
  const mu = (o.viscosity_cP ?? DEFAULT_VISCOSITY_CP) * 1e-3;
  const r = aga3Orifice({
    orificeDiameter: o.orificeDiameter_mm! / 1000,
    pipeDiameter: o.pipeDiameter_mm! / 1000,
    orificeExpansion: o.orificeExpansion_per_K ?? SS316_PER_K,
    pipeExpansion: o.pipeExpansion_per_K ?? CARBON_STEEL_PER_K,
    referenceTemperature: (o.diameterReferenceTemperature_C ?? 20) + 273.15,
    temperature: T,
    upstreamPressure: P1,
    differentialPressure: dp,
    density: flowing.state.massDensity,
    isentropicExponent: kappa,
    viscosity: mu,
  });
  return {
    edition: 'AGA Report No. 3 Part 1 (RG equation, flange taps)',
    referenceConditions: { flowingTemperature_K: T, upstreamPressure_Pa: P1, pressureTap: tap, baseTemperature_K: Tb, basePressure_Pa: Pb, compressibilityModel: model },
    results: {
      massFlow_kg_s: r.massFlow,
      massFlow_kg_h: r.massFlow * 3600,
      actualVolumeFlow_m3_h: (r.massFlow * 3600) / flowing.state.massDensity,
      baseVolumeFlow_m3_h: (r.massFlow * 3600) / base.state.massDensity,
      dischargeCoefficient: r.dischargeCoefficient,
      dischargeCoefficientInfiniteRe: r.dischargeCoefficientInfiniteRe,
      expansionFactor: r.expansionFactor,
      velocityOfApproachFactor: r.velocityOfApproachFactor,
      diameterRatio: r.beta,
      orificeDiameterFlowing_mm: r.d * 1000,
      pipeDiameterFlowing_mm: r.D * 1000,
      reynoldsNumber: r.reynoldsNumber,
      flowingDensity_kg_m3: flowing.state.massDensity,
      baseDensity_kg_m3: base.state.massDensity,
      flowingCompressionFactor: flowing.state.Z,
      baseCompressionFactor: base.state.Z,
      isentropicExponent: kappa,
      viscosity_cP: mu * 1e3,
    },
    warnings: [...normalizationWarning(components), ...flowing.warnings, ...base.warnings, ...(model === 'AGA8-DETAIL' ? pipelineQualityWarnings(components, T, P1) : [])],
    assumptions: [
      `Flowing and base densities from ${model}; isentropic exponent ${o.isentropicExponent !== undefined ? 'as given' : `from ${model}`}`,
      `Viscosity ${o.viscosity_cP !== undefined ? 'as given' : `${DEFAULT_VISCOSITY_CP} cP (AGA 3 default for natural gas)`}; Reynolds-number dependence of Cd solved iteratively`,
      'Concentric, square-edged, flange-tapped orifice in a meter run meeting AGA 3 Part 2 installation requirements',
    ],
    limitations: ['AGA 3 range: 0.1 ≤ β ≤ 0.75, D ≥ 50.8 mm, d ≥ 11.4 mm, Re ≥ 4000'],
    convergence: {
      iterations: r.iterations + flowing.state.iterations + base.state.iterations,
      message: `Cd–Re iteration converged in ${r.iterations}; ${model} density solves ${flowing.state.iterations} + ${base.state.iterations}`,
    },
  };
}
