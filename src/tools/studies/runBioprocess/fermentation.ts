/** runBioprocess fermentation: chemostat steady state or batch culture (Monod / Contois). */
import { Type, type Static } from '@sinclair/typebox';
import { batch, chemostat, growthRate, type FermentationSpec } from '../../../engine/bioprocess/fermentation.js';
import { issue, warning, type Warning } from '../../contract/envelope.js';
import type { Outcome } from './gasifier.js';
import type { BioprocessIn } from './schema.js';

export const FermentationData = Type.Object(
  {
    reactorType: Type.Literal('fermentation'),
    kineticModel: Type.String(),
    operationMode: Type.String(),
    residenceTime_hr: Type.Number(),
    dilutionRate_perHr: Type.Union([Type.Number(), Type.Null()], { description: 'Continuous: 1/residence time' }),
    washoutDilutionRate_perHr: Type.Union([Type.Number(), Type.Null()], { description: 'Continuous: the dilution rate at which the culture washes out' }),
    washout: Type.Boolean(),
    substrate_gPerL: Type.Number(),
    biomass_gPerL: Type.Number(),
    product_gPerL: Type.Number(),
    substrateConversion: Type.Number(),
    specificGrowthRate_perHr: Type.Number({ description: 'At the final (batch) or steady (continuous) state' }),
    volumetricProductivity_gPerLHr: Type.Number({ description: 'Product formed per litre and hour (continuous: D·P; batch: P over the batch time)' }),
    productRate_kgPerHr: Type.Union([Type.Number(), Type.Null()], { description: 'With volume_m3' }),
    biomassRate_kgPerHr: Type.Union([Type.Number(), Type.Null()], { description: 'With volume_m3' }),
    integrationSteps: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
type Data = Static<typeof FermentationData>;

export function runFermentation(input: BioprocessIn): Outcome<Data> {
  const need = (['maxSpecificGrowthRate', 'monodConstant', 'yieldBiomass', 'substrateConcentration_gPerL', 'residenceTime_hr'] as const).filter((k) => input[k] === undefined);
  if (need.length > 0) return { ok: false, kind: 'input', errors: need.map((k) => issue('MISSING_FIELD', `Fermentation needs "${k}"`, 'See the tool description for the fermentation fields and units', k)) };
  const mode = input.operationMode ?? 'CONTINUOUS';
  const spec: FermentationSpec = {
    kinetics: input.kineticModel ?? 'MONOD',
    muMax: input.maxSpecificGrowthRate!,
    K: input.monodConstant!,
    yieldBiomass: input.yieldBiomass!,
    yieldProduct: input.yieldProduct ?? 0,
    S0: input.substrateConcentration_gPerL!,
    X0: input.biomassConcentration_gPerL ?? 0,
  };
  if (mode === 'BATCH' && spec.X0 <= 0) return { ok: false, kind: 'input', errors: [issue('MISSING_FIELD', 'A batch culture needs an inoculum "biomassConcentration_gPerL" > 0', 'Give the initial biomass, g/L', 'biomassConcentration_gPerL')] };
  const tau = input.residenceTime_hr!;
  const warnings: Warning[] = [];
  const litres = input.volume_m3 !== undefined ? input.volume_m3 * 1000 : undefined;
  const perHour = (gPerLHr: number) => (litres !== undefined ? (gPerLHr * litres) / 1000 : null);
  if (mode === 'CONTINUOUS') {
    const D = 1 / tau;
    const s = chemostat(spec, D);
    const washoutD = spec.kinetics === 'MONOD' ? (spec.muMax * spec.S0) / (spec.K + spec.S0) : spec.muMax;
    if (s.washout) warnings.push(warning('MODEL_LIMITATION', `Washout: the dilution rate ${D.toPrecision(4)} 1/h is at or above ${washoutD.toPrecision(4)} 1/h, the fastest growth the feed supports; lengthen the residence time`));
    return {
      ok: true,
      iterations: 0,
      warnings,
      assumptions: ['Ideal stirred tank, sterile feed, substrate-limited growth with constant yields, no death or maintenance'],
      limitations: ['No product inhibition, no oxygen transfer limit, no temperature or pH effect on the kinetics'],
      data: {
        reactorType: 'fermentation',
        kineticModel: spec.kinetics,
        operationMode: mode,
        residenceTime_hr: tau,
        dilutionRate_perHr: D,
        washoutDilutionRate_perHr: washoutD,
        washout: s.washout,
        substrate_gPerL: s.S,
        biomass_gPerL: s.X,
        product_gPerL: s.P,
        substrateConversion: (spec.S0 - s.S) / spec.S0,
        specificGrowthRate_perHr: s.washout ? 0 : D,
        volumetricProductivity_gPerLHr: D * s.P,
        productRate_kgPerHr: perHour(D * s.P),
        biomassRate_kgPerHr: perHour(D * s.X),
      },
    };
  }
  const s = batch(spec, tau);
  if (s.steps >= 2_000_000) return { ok: false, kind: 'compute', errors: [issue('INTEGRATION_LIMIT', 'The batch integration needed more than 2 000 000 steps', 'Shorten residenceTime_hr or check μmax')] };
  return {
    ok: true,
    iterations: s.steps,
    warnings,
    assumptions: ['Well-mixed batch, substrate-limited growth with constant yields, no death or maintenance'],
    limitations: ['No product inhibition, no lag phase, no oxygen transfer limit'],
    data: {
      reactorType: 'fermentation',
      kineticModel: spec.kinetics,
      operationMode: mode,
      residenceTime_hr: tau,
      dilutionRate_perHr: null,
      washoutDilutionRate_perHr: null,
      washout: false,
      substrate_gPerL: s.S,
      biomass_gPerL: s.X,
      product_gPerL: s.P,
      substrateConversion: (spec.S0 - s.S) / spec.S0,
      specificGrowthRate_perHr: growthRate(spec, s.S, s.X),
      volumetricProductivity_gPerLHr: s.P / tau,
      productRate_kgPerHr: perHour(s.P / tau),
      biomassRate_kgPerHr: perHour((s.X - spec.X0) / tau),
      integrationSteps: s.steps,
    },
  };
}
