/** TypeBox input and output schemas of runChemistry (one flat input; fields per analysis). */
import { Type, type Static } from '@sinclair/typebox';

const ion = (name: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 500000, description: `electrolyteScale: ${name}, mg/L of solution (default 0)` }));
const pos = (d: string, maximum: number, minimum?: number) => Type.Optional(Type.Number(minimum === undefined ? { exclusiveMinimum: 0, maximum, description: d } : { minimum, maximum, description: d }));

export const Isotherm = Type.Object(
  {
    kAdsRef: Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'Langmuir adsorption constant at the reference temperature, L/mol' }),
    dHads_kJmol: Type.Number({ minimum: -500, maximum: 500, description: 'Adsorption enthalpy, kJ/mol (negative: exothermic, K falls with temperature)' }),
    thetaMax: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Maximum fractional surface coverage' }),
    molarMass_gmol: Type.Number({ minimum: 1, maximum: 1e6, description: 'Molar mass of the active inhibitor, g/mol (converts mg/L to mol/L)' }),
    referenceTemperature_C: Type.Optional(Type.Number({ minimum: -50, maximum: 300, description: 'Temperature at which kAdsRef holds, °C (default 25)' })),
  },
  { additionalProperties: false },
);

export const Input = Type.Object(
  {
    analysis: Type.String({ maxLength: 100, description: 'electrolyteScale | langmuirInhibitor | packedBedScavenger (multiMineralScale and mechanisticCorrosion are not implemented)' }),
    temperature_C: Type.Optional(Type.Number({ minimum: 0, maximum: 200, description: 'electrolyteScale, langmuirInhibitor: temperature, °C' })),
    pressure_bara: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1500, description: 'electrolyteScale: reported only — the solubility products are at 1 atm (no pressure correction)' })),
    pH: Type.Optional(Type.Number({ minimum: 0, maximum: 14, description: 'electrolyteScale: measured pH (−log10 a_H+)' })),
    pCO2_bar: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'electrolyteScale: CO₂ partial pressure, bar (fugacity taken equal to it); used for the carbonate when no HCO3/CO3 is given' })),
    ca_mgL: ion('Ca2+'),
    ba_mgL: ion('Ba2+'),
    sr_mgL: ion('Sr2+'),
    mg_mgL: ion('Mg2+'),
    na_mgL: ion('Na+'),
    k_mgL: ion('K+'),
    fe_mgL: ion('Fe2+ (all iron taken as ferrous)'),
    cl_mgL: ion('Cl-'),
    so4_mgL: ion('SO4 2-'),
    hco3_mgL: ion('HCO3-'),
    co3_mgL: ion('CO3 2-'),
    tds_mgL: Type.Optional(Type.Number({ minimum: 0, maximum: 700000, description: 'electrolyteScale: total dissolved solids, mg/L (default: the sum of the ions given)' })),
    solutionDensity_kgL: Type.Optional(Type.Number({ minimum: 0.8, maximum: 2, description: 'electrolyteScale: solution density, kg/L, for mg/L → mol/kg water (default 1, the PHREEQC default)' })),
    carbonateBasis: Type.Optional(
      Type.Union([Type.Literal('auto'), Type.Literal('measuredCO3'), Type.Literal('bicarbonate'), Type.Literal('pCO2')], {
        description: 'electrolyteScale: where the CO3 2- activity comes from: measuredCO3 (co3_mgL as given), bicarbonate (hco3_mgL and pH), pCO2 (pCO2_bar and pH); auto (default) takes the first that has data',
      }),
    ),
    isotherm: Type.Optional(Isotherm),
    dose_mgL: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: 'langmuirInhibitor: inhibitor concentration in the water, mg/L' })),
    targetEfficiency: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'langmuirInhibitor: efficiency for which the dose is solved (must be below thetaMax)' })),
    diameter_m: pos('packedBedScavenger: bed diameter, m', 100),
    height_m: pos('packedBedScavenger: bed height, m', 100),
    voidage: pos('packedBedScavenger: bed void fraction', 0.95, 0.05),
    loading_mol_kg: pos('packedBedScavenger: reactive loading of the solid, mol reagent/kg', 1000),
    bulkDensity_kgm3: pos('packedBedScavenger: bulk density of the bed, kg/m³', 10000, 1),
    stoichiometricRatio: pos('packedBedScavenger: mol reagent consumed per mol captured (default 1)', 100),
    k_per_s: pos('packedBedScavenger: first-order rate constant per unit void volume, 1/s', 1e6, 0),
    cInlet_molm3: pos('packedBedScavenger: inlet gas concentration of the captured species, mol/m³ (actual)', 1e5),
    flow_m3s: pos('packedBedScavenger: actual volumetric gas flow, m³/s', 1e4),
    nCells: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'packedBedScavenger: finite-volume cells (default 30)' })),
    nTimeSteps: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, description: 'packedBedScavenger: time steps (default 100); nCells × nTimeSteps ≤ 1e6' })),
    simTime_s: pos('packedBedScavenger: simulated time, s (default twice the sharp-front breakthrough time)', 1e10),
    breakthroughFraction: pos('packedBedScavenger: outlet/inlet concentration that defines breakthrough (default 0.05)', 0.999, 1e-6),
  },
  { additionalProperties: false },
);
export type ChemistryInput = Static<typeof Input>;

const num = (d?: string) => Type.Number(d ? { description: d } : {});
const MineralRow = Type.Object(
  {
    mineral: Type.String(),
    formula: Type.String(),
    saturationIndex: num('log10(IAP/Ksp): > 0 supersaturated (scaling tendency), < 0 undersaturated'),
    saturationRatio: num('IAP/Ksp'),
    logIAP: num(),
    logKsp: num('log10 Ksp at the temperature, 1 atm'),
    Ksp: num(),
    activityCoefficients: Type.Object({ cation: num(), anion: num() }, { additionalProperties: false }),
    supersaturated: Type.Boolean(),
    source: Type.String(),
    validRange_C: Type.Optional(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })),
  },
  { additionalProperties: false },
);
const species = Type.Record(Type.String(), Type.Number());

export const ScaleOutput = Type.Object(
  {
    analysis: Type.Literal('electrolyteScale'),
    temperature_C: num(),
    pressure_bara: Type.Optional(num()),
    pH: num(),
    carbonateBasis: Type.String(),
    activityModel: Type.Literal('DAVIES'),
    ionicStrength_molkg: num(),
    debyeHuckelA: num('log10 basis, (kg/mol)^½'),
    waterActivity: num(),
    activityCoefficients: Type.Object({ monovalent: num(), divalent: num() }, { additionalProperties: false }),
    molalities_molkg: species,
    co2Aqueous_molkg: num(),
    impliedPCO2_bar: num('CO₂ partial pressure in equilibrium with the HCO3- and pH used'),
    logK: Type.Object({ CO2Henry: num(), K1: num(), K2: num(), Kw: num() }, { additionalProperties: false }),
    chargeBalance: Type.Object({ cations_eqkg: num(), anions_eqkg: num(), error_percent: num('100·(cations − anions)/(cations + anions)') }, { additionalProperties: false }),
    minerals: Type.Array(MineralRow),
    notComputed: Type.Array(Type.Object({ mineral: Type.String(), reason: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const InhibitorOutput = Type.Object(
  {
    analysis: Type.Literal('langmuirInhibitor'),
    isotherm: Type.Object({ kAdsRef_Lmol: num(), dHads_kJmol: num(), thetaMax: num(), molarMass_gmol: num(), referenceTemperature_C: num() }, { additionalProperties: false }),
    temperature_C: num(),
    kAds_Lmol_atTemp: num(),
    dose_mgL: Type.Optional(num()),
    concentration_molL: Type.Optional(num()),
    coverage: Type.Optional(num()),
    efficiency: Type.Optional(num()),
    targetEfficiency: Type.Optional(num()),
    doseForTargetEfficiency_mgL: Type.Optional(num()),
  },
  { additionalProperties: false },
);

export const ScavengerOutput = Type.Object(
  {
    analysis: Type.Literal('packedBedScavenger'),
    bed: Type.Object({ area_m2: num(), volume_m3: num(), solidMass_kg: num(), capacity_mol: num(), superficialVelocity_ms: num(), emptyBedContactTime_s: num() }, { additionalProperties: false }),
    stoichiometricTime_s: num('capacity/(flow·cInlet)'),
    sharpFrontBreakthroughTime_s: num('(capacity + void holdup)/(flow·cInlet): the k → ∞ limit'),
    breakthroughReached: Type.Boolean(),
    breakthroughTime_s: Type.Optional(num()),
    breakthroughTime_days: Type.Optional(num()),
    utilisationAtBreakthrough: Type.Optional(num('Fraction of the capacity used when the outlet reaches the breakthrough fraction')),
    utilisationAtEnd: num(),
    massBalance: Type.Object({ fed_mol: num(), captured_mol: num(), gasHoldup_mol: num(), out_mol: num(), residual_mol: num() }, { additionalProperties: false }),
    outletHistory: Type.Array(Type.Object({ time_s: num(), cOutlet_molm3: num(), cOverCin: num() }, { additionalProperties: false })),
    conversionProfile: Type.Array(Type.Object({ z_m: num('Cell centre from the inlet'), conversion: num('Fraction of the cell capacity used') }, { additionalProperties: false })),
    timeStep_s: num(),
  },
  { additionalProperties: false },
);

export const Output = Type.Union([ScaleOutput, InhibitorOutput, ScavengerOutput]);
