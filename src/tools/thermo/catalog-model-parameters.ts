/**
 * The PC-SAFT and UMR-PRU parameters of one component as the engine uses them, for
 * queryDataCatalog getComponentProperties. Each is read back from the model the engine builds for
 * the pure component (createPcSaftModel, createUmrFluid), so overrides, scheme choices and
 * fallbacks (a classic alpha where the table has no Mathias–Copeman set) show as applied.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ComponentData } from '../../engine/components/index.js';
import { createPcSaftModel, missingPcSaftParameters, pcsaftScheme, PCSAFT_PARAMETER_CAVEATS, PCSAFT_PARAMETER_OVERRIDES } from '../../engine/pcsaft-fluid.js';
import { componentsWithoutUmrGroups, createUmrFluid, umrGroupsOf } from '../../engine/umr-fluid.js';
import { UNIFAC_SUBGROUPS } from '../../engine/components/data/umr-interaction.js';
import { BUILT_IN_MC, UmrPruModel } from '../../engine/eos/umr.js';

const Quantity = (unit: string) => Type.Object({ value: Type.Number(), unit: Type.Literal(unit) });

export const PcSaftParameters = Type.Object(
  {
    segmentNumber: Quantity('-'),
    segmentDiameter: Quantity('Å'),
    dispersionEnergy: Quantity('K'),
    association: Type.Optional(
      Type.Object({ scheme: Type.String(), sites: Type.Integer(), associationVolume: Quantity('-'), associationEnergy: Quantity('K') }, { description: 'κ^AB and ε^AB/k with the site scheme used (absent: not associating)' }),
    ),
    caveat: Type.Optional(Type.String()),
    source: Type.String(),
  },
  { description: 'PC-SAFT m, σ, ε/k and association as the engine uses them (Gross & Sadowski 2001/2002)' },
);

export const UmrParameters = Type.Object(
  {
    groups: Type.Array(Type.Object({ subgroup: Type.Integer(), name: Type.String(), mainGroup: Type.Integer(), count: Type.Integer(), R: Type.Number(), Q: Type.Number() })),
    mathiasCopeman: Type.Object({ c1: Type.Number(), c2: Type.Number(), c3: Type.Number(), classicFallback: Type.Boolean() }, { description: 'PR Mathias–Copeman c1–c3 below Tc; classicFallback: the table has no set and c1 is PR’s m(ω)' }),
    source: Type.String(),
  },
  { description: 'UMR-PRU UNIFAC groups and PR alpha as the engine uses them (Voutsas et al. 2004, 2006)' },
);

export function pcsaftParametersAsUsed(c: ComponentData): Static<typeof PcSaftParameters> | undefined {
  if (missingPcSaftParameters([c]).length > 0) return undefined;
  const model = createPcSaftModel([c]);
  const scheme = pcsaftScheme(c.name);
  const override = PCSAFT_PARAMETER_OVERRIDES[c.name];
  return {
    segmentNumber: { value: model.core.m[0], unit: '-' },
    segmentDiameter: { value: Number((model.core.sigma[0] * 1e10).toPrecision(12)), unit: 'Å' },
    dispersionEnergy: { value: model.core.epsK[0], unit: 'K' },
    ...(scheme !== ''
      ? { association: { scheme, sites: model.association.sites.length, associationVolume: { value: model.association.kappa[0], unit: '-' as const }, associationEnergy: { value: model.association.epsK[0], unit: 'K' as const } } }
      : {}),
    ...(PCSAFT_PARAMETER_CAVEATS[c.name] ? { caveat: PCSAFT_PARAMETER_CAVEATS[c.name] } : {}),
    source: override ? `${override.source} (replaces COMP.csv's set)` : 'NeqSim COMP.csv (mSAFT, sigmaSAFT, epsikSAFT, associationboundingvolume_PCSAFT, associationenergy_PCSAFT)',
  };
}

export function umrParametersAsUsed(c: ComponentData): Static<typeof UmrParameters> | undefined {
  if (componentsWithoutUmrGroups([c]).length > 0) return undefined;
  const model = createUmrFluid([c], [1], 'umr').model as UmrPruModel;
  const groups = umrGroupsOf(c)!.map(([subgroup, count]) => {
    const g = UNIFAC_SUBGROUPS[subgroup];
    return { subgroup, name: g?.name ?? '', mainGroup: g?.main ?? 0, count, R: g?.R ?? 0, Q: g?.Q ?? 0 };
  });
  return {
    groups,
    mathiasCopeman: { c1: model.mc[0], c2: model.mc[1], c3: model.mc[2], classicFallback: model.mc[0] === model.mClassic[0] && model.mc[1] === 0 && model.mc[2] === 0 },
    source: `NeqSim UNIFACcompUMRPRU.csv (groups), UNIFACGroupParam.csv (R, Q) and ${Object.hasOwn(BUILT_IN_MC, c.name) ? `the Mathias–Copeman set the original's UMR-PRU builds in for ${c.name}` : 'COMP.csv MCPR1–3'}`,
  };
}
