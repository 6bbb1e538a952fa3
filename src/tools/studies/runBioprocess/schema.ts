/** runBioprocess input: one flat object, as the original; each reactor reads its own fields. */
import { Type, type Static } from '@sinclair/typebox';

const num = (min: number, max: number, description: string) => Type.Optional(Type.Number({ minimum: min, maximum: max, description }));
const frac = (description: string) => num(0, 1, description);

export const BioprocessInput = Type.Object(
  {
    reactorType: Type.String({ maxLength: 40, description: 'gasifier, fermentation or anaerobicDigester (case-insensitive; pyrolysis is not offered)' }),
    // shared
    feedRate_kgPerHr: num(1e-6, 1e9, 'Feed, kg/h as received (gasifier biomass; digester wet feed)'),
    volume_m3: num(1e-6, 1e7, 'Reactor working volume, m3'),
    temperature_C: num(-50, 2000, 'Reactor temperature, °C (gasifier: equilibrium temperature, unless adiabatic)'),
    // gasifier
    biomass: Type.Optional(
      Type.Object(
        {
          carbon: Type.Number({ minimum: 0, maximum: 100 }),
          hydrogen: Type.Number({ minimum: 0, maximum: 100 }),
          oxygen: Type.Number({ minimum: 0, maximum: 100 }),
          nitrogen: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
          sulfur: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
          ash: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        },
        { additionalProperties: false, description: 'Gasifier: ultimate analysis, wt % of the dry biomass (must sum to 100 ± 1)' },
      ),
    ),
    moisture: num(0, 80, 'Gasifier: moisture, wt % of the biomass as received (default 0)'),
    agentType: Type.Optional(Type.Union([Type.Literal('air'), Type.Literal('oxygen'), Type.Literal('steam')], { description: 'Gasifier: gasifying agent (default air)' })),
    equivalenceRatio: num(0, 3, 'Gasifier: O2 supplied / O2 for complete combustion (default 0.3; steam agent default 0)'),
    steamToBiomassRatio: num(0, 10, 'Gasifier, steam agent: kg steam per kg biomass (default 0.5)'),
    steamTemperature_C: num(100, 1000, 'Gasifier, steam agent: steam inlet temperature, °C (default 150)'),
    pressure_bara: num(0.01, 200, 'Gasifier: pressure, bara (default 1.01325)'),
    carbonConversionEfficiency: frac('Gasifier: fraction of the carbon gasified; the rest leaves as char (default 1)'),
    adiabatic: Type.Optional(Type.Boolean({ description: 'Gasifier: find the temperature at which no heat is needed instead of using temperature_C' })),
    // fermentation
    kineticModel: Type.Optional(Type.Union([Type.Literal('MONOD'), Type.Literal('CONTOIS')], { description: 'Fermentation kinetics (default MONOD)' })),
    operationMode: Type.Optional(Type.Union([Type.Literal('CONTINUOUS'), Type.Literal('BATCH')], { description: 'Fermentation: chemostat steady state or batch (default CONTINUOUS)' })),
    maxSpecificGrowthRate: num(1e-6, 100, 'Fermentation: μmax, 1/h'),
    monodConstant: num(0, 1e4, 'Fermentation: Monod Ks (g/L) or Contois K (g substrate / g biomass)'),
    yieldBiomass: num(1e-6, 10, 'Fermentation: g biomass per g substrate consumed'),
    yieldProduct: num(0, 10, 'Fermentation: g product per g substrate consumed (default 0)'),
    substrateConcentration_gPerL: num(1e-9, 1e4, 'Fermentation: feed (continuous) or initial (batch) substrate, g/L'),
    biomassConcentration_gPerL: num(1e-9, 1e4, 'Fermentation, batch: initial biomass, g/L'),
    residenceTime_hr: num(1e-6, 1e5, 'Fermentation: residence time V/Q (continuous) or batch time, h'),
    // anaerobic digester
    substrateType: Type.Optional(Type.String({ maxLength: 100, description: 'Digester: a label for the substrate (no property library is implied)' })),
    totalSolidsFraction: frac('Digester: total solids, kg TS per kg wet feed'),
    volatileSolidsFraction: frac('Digester: volatile solids, kg VS per kg TS'),
    specificMethaneYield_Nm3PerKgVS: num(0, 2, 'Digester: Nm3 CH4 per kg VS fed (else from substrateFormula by Buswell)'),
    vsDestruction: frac('Digester: fraction of the VS converted (default 0.6)'),
    methaneFraction: frac('Digester: CH4 mole fraction of the biogas (else from substrateFormula by Buswell)'),
    substrateFormula: Type.Optional(
      Type.Object(
        { C: Type.Number({ minimum: 0, maximum: 1e4 }), H: Type.Number({ minimum: 0, maximum: 1e4 }), O: Type.Number({ minimum: 0, maximum: 1e4 }), N: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4 })), S: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4 })) },
        { additionalProperties: false, description: 'Digester: elemental formula of the volatile solids, e.g. {"C": 6, "H": 10, "O": 5} for cellulose' },
      ),
    ),
    feedTemperature_C: num(-20, 100, 'Digester: feed temperature for the heating duty, °C'),
  },
  { additionalProperties: false },
);
export type BioprocessIn = Static<typeof BioprocessInput>;
