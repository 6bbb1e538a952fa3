/**
 * AGA Report No. 7 (2006) "Measurement of natural gas by turbine meters": conversion of the
 * volume registered at flowing conditions to base conditions,
 *   Vb = Vf · (Pf/Pb) · (Tb/Tf) · (Zb/Zf)                                         (AGA 7 §8),
 * with the compressibility factors from AGA Report No. 8 (DETAIL by default, or GERG-2008).
 */
import { StandardsError } from '../../../engine/standards/errors.js';
import { baseState, pipelineQualityWarnings, type BaseConditions } from './iso12213.js';
import { normalizationWarning, referenceState, type CompressibilityModel } from './reference-z.js';
import type { StandardOutcome } from './outcome.js';

export interface Aga7Input extends BaseConditions {
  flowingVolume_m3?: number;
  compressibilityModel?: CompressibilityModel;
}

export function runAga7(components: Record<string, number>, Tf: number, Pf: number, i: Aga7Input): StandardOutcome {
  if (i.flowingVolume_m3 === undefined) {
    throw new StandardsError('MISSING_INPUT', 'AGA7 needs the volume registered by the meter at flowing conditions', 'Give flowingVolume_m3 (a volume, or a volume per unit time: the factor is the same).', 'flowingVolume_m3');
  }
  const model = i.compressibilityModel ?? 'AGA8-DETAIL';
  const { Tb, Pb } = baseState(i, 15);
  const f = referenceState(model, Tf, Pf, components, 'flowing conditions');
  const b = referenceState(model, Tb, Pb, components, 'base conditions');
  const Fpm = Pf / Pb;
  const Ftm = Tb / Tf;
  const s = b.state.Z / f.state.Z;
  const factor = Fpm * Ftm * s;
  return {
    edition: '2006',
    referenceConditions: { flowingTemperature_K: Tf, flowingPressure_Pa: Pf, baseTemperature_K: Tb, basePressure_Pa: Pb, compressibilityModel: model },
    results: {
      flowingVolume_m3: i.flowingVolume_m3,
      baseVolume_m3: i.flowingVolume_m3 * factor,
      pressureFactor: Fpm,
      temperatureFactor: Ftm,
      compressibilityFactorRatio: s,
      volumeCorrectionFactor: factor,
      flowingCompressionFactor: f.state.Z,
      baseCompressionFactor: b.state.Z,
      flowingDensity_kg_m3: f.state.massDensity,
      baseDensity_kg_m3: b.state.massDensity,
      massOfGas_kg: i.flowingVolume_m3 * f.state.massDensity,
    },
    warnings: [...normalizationWarning(components), ...f.warnings, ...b.warnings, ...(model === 'AGA8-DETAIL' ? pipelineQualityWarnings(components, Tf, Pf) : [])],
    assumptions: [
      'Vb = Vf·(Pf/Pb)·(Tb/Tf)·(Zb/Zf); the meter volume is taken as already corrected for meter factor/calibration',
      `Compressibility factors by ${model === 'AGA8-DETAIL' ? 'AGA Report No. 8 DETAIL (AGA8-DC92)' : 'GERG-2008 (AGA Report No. 8 Part 2)'}`,
    ],
    limitations: ['No meter-performance (linearity, calibration) correction is applied'],
    convergence: { iterations: f.state.iterations + b.state.iterations, message: `${model} density solves converged` },
  };
}
