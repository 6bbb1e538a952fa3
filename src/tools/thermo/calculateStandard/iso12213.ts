/**
 * ISO 12213-2:2006 "Natural gas — Calculation of compression factor — Part 2: Calculation using
 * molar-composition analysis": the AGA8-DC92 (DETAIL) equation. Z and density at the operating
 * (flowing) state and at the base reference state, and the volume conversion factor between them.
 */
import { StandardsError } from '../../../engine/standards/errors.js';
import { standardKey } from '../../../engine/standards/gas-names.js';
import { warning, type Warning } from '../../contract/envelope.js';
import { normalizationWarning, referenceState } from './reference-z.js';
import type { StandardOutcome } from './outcome.js';

/**
 * ISO 12213-2 clause 4.4.1, "pipeline quality gas": the ranges over which the stated uncertainty
 * (±0.1 % for 263–338 K, p ≤ 12 MPa) holds. Keys are ISO 6976 names; a group sums its members.
 */
const PIPELINE_QUALITY: { label: string; keys: string[]; min?: number; max?: number }[] = [
  { label: 'methane', keys: ['methane'], min: 0.7 },
  { label: 'nitrogen', keys: ['nitrogen'], max: 0.2 },
  { label: 'carbon dioxide', keys: ['carbon dioxide'], max: 0.2 },
  { label: 'ethane', keys: ['ethane'], max: 0.1 },
  { label: 'propane', keys: ['propane'], max: 0.035 },
  { label: 'butanes', keys: ['n-butane', 'isobutane'], max: 0.015 },
  { label: 'pentanes', keys: ['n-pentane', 'isopentane'], max: 0.005 },
  { label: 'hexanes and heavier', keys: ['n-hexane', 'n-heptane', 'n-octane', 'n-nonane', 'n-decane'], max: 0.001 },
  { label: 'hydrogen', keys: ['hydrogen'], max: 0.1 },
  { label: 'carbon monoxide', keys: ['carbon monoxide'], max: 0.03 },
  { label: 'helium', keys: ['helium'], max: 0.005 },
  { label: 'water', keys: ['water'], max: 0.00015 },
];

export function pipelineQualityWarnings(components: Record<string, number>, T: number, P: number): Warning[] {
  const sum = Object.values(components).reduce((a, b) => a + b, 0);
  const byKey = new Map<string, number>();
  for (const [name, x] of Object.entries(components)) {
    const k = standardKey(name) ?? name;
    byKey.set(k, (byKey.get(k) ?? 0) + x / sum);
  }
  const out: Warning[] = [];
  for (const r of PIPELINE_QUALITY) {
    const x = r.keys.reduce((a, k) => a + (byKey.get(k) ?? 0), 0);
    if ((r.min !== undefined && x < r.min) || (r.max !== undefined && x > r.max)) {
      out.push(warning('EXTRAPOLATION', `${r.label} ${x.toPrecision(4)} is outside the ISO 12213-2 pipeline-quality range (${r.min !== undefined ? `≥ ${r.min}` : `≤ ${r.max}`}); the 0.1 % uncertainty statement does not hold`));
    }
  }
  if (T < 263 || T > 338 || P > 12e6) {
    out.push(warning('EXTRAPOLATION', `State ${T.toFixed(2)} K, ${(P / 1e6).toPrecision(4)} MPa is outside 263–338 K, ≤ 12 MPa of ISO 12213-2 pipeline-quality use`));
  }
  return out;
}

export interface BaseConditions {
  baseTemperature_C?: number;
  basePressure_kPa?: number;
}

export function baseState(b: BaseConditions, defaultT_C: number): { Tb: number; Pb: number } {
  const Tb = (b.baseTemperature_C ?? defaultT_C) + 273.15;
  const Pb = (b.basePressure_kPa ?? 101.325) * 1000;
  if (!(Tb > 0) || !(Pb > 0)) {
    throw new StandardsError('INVALID_INPUT', 'Base temperature must be above 0 K and base pressure above 0', 'Give baseTemperature_C > −273.15 and basePressure_kPa > 0.', 'baseTemperature_C');
  }
  return { Tb, Pb };
}

export function runIso12213(components: Record<string, number>, T: number, P: number, b: BaseConditions): StandardOutcome {
  const { Tb, Pb } = baseState(b, 0);
  const op = referenceState('AGA8-DETAIL', T, P, components, 'operating conditions');
  const base = referenceState('AGA8-DETAIL', Tb, Pb, components, 'base conditions');
  const f = op.state;
  const zb = base.state.Z;
  return {
    edition: '2006 (Part 2, AGA8-DC92 molar-composition method)',
    referenceConditions: { temperature_K: T, pressure_Pa: P, baseTemperature_K: Tb, basePressure_Pa: Pb },
    results: {
      compressionFactor: f.Z,
      molarDensity_mol_m3: f.density,
      density_kg_m3: f.massDensity,
      molarMass_kg_kmol: f.molarMass * 1000,
      baseCompressionFactor: zb,
      baseDensity_kg_m3: base.state.massDensity,
      compressionFactorRatio: zb / f.Z,
      volumeConversionFactor: (P / Pb) * (Tb / T) * (zb / f.Z),
      speedOfSound_m_s: f.w,
      isentropicExponent: f.kappa,
      temperature_C: T - 273.15,
      pressure_bara: P / 1e5,
    },
    warnings: [...normalizationWarning(components), ...op.warnings, ...base.warnings, ...pipelineQualityWarnings(components, T, P)],
    assumptions: [
      'Compression factor by the AGA8-DC92 (DETAIL) equation, as specified by ISO 12213-2',
      'volumeConversionFactor = (p/pb)·(Tb/T)·(Zb/Z): base volume per operating volume',
    ],
    limitations: ['ISO 12213-2 states ±0.1 % uncertainty only for pipeline-quality gas at 263–338 K and up to 12 MPa'],
    convergence: { iterations: f.iterations + base.state.iterations, message: 'AGA8-DC92 density solves converged' },
  };
}
