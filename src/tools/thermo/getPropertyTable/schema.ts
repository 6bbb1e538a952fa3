/**
 * TypeBox schemas of getPropertyTable: a TP-flash sweep over temperature or pressure (seed 000
 * core tool; the original's PropertyTableRunner fields and row keys, spec/neqsim-surface.md 2.8).
 */
import { Type, type Static } from '@sinclair/typebox';
// A temperature or a pressure: the wider (pressure) limit keeps both finite in any unit.
import { moleFraction, pressureValue } from '../../contract/bounded.js';
import { PRESSURE_UNITS, TEMPERATURE_UNITS } from '../../contract/units.js';
import { ALL_MODELS_DESCRIPTION, MIXING_RULE_DESCRIPTION } from '../../contract/flash-models.js';

/** Properties a table can hold, as the original names them. */
export const TABLE_PROPERTIES = [
  'density',
  'viscosity',
  'Cp',
  'Cv',
  'Z',
  'enthalpy',
  'entropy',
  'thermalConductivity',
  'molarMass',
  'soundSpeed',
  'jouleThomsonCoefficient',
  'numberOfPhases',
] as const;
export type TableProperty = (typeof TABLE_PROPERTIES)[number];
/** The original's default selection. */
export const DEFAULT_TABLE_PROPERTIES: readonly TableProperty[] = ['density', 'viscosity', 'Cp', 'Z', 'enthalpy'];
export const MIN_POINTS = 2;
export const MAX_POINTS = 200;
export const DEFAULT_POINTS = 20;

const quantity = (what: string) =>
  Type.Union(
    [
      pressureValue({ description: `${what}: a bare number is K for a temperature, bara for a pressure` }),
      Type.Object({ value: pressureValue(), unit: Type.Optional(Type.String()) }, { additionalProperties: false }),
    ],
    {
      description: `${what}: a bare number is K for a temperature, bara for a pressure; or {"value": …, "unit": …}; temperature units ${TEMPERATURE_UNITS.join(', ')}; pressure units ${PRESSURE_UNITS.join(', ')}`,
    },
  );

export const PropertyTableInput = Type.Object(
  {
    model: Type.Optional(Type.String({ description: ALL_MODELS_DESCRIPTION, examples: ['SRK', 'PR', 'CPA', 'GERG2008', 'UMRPRU', 'PCSAFT'] })),
    components: Type.Record(Type.String(), moleFraction(), {
      description: 'Component name → mole fraction, e.g. {"methane": 0.85, "ethane": 0.10, "propane": 0.05} (normalised if the sum is not 1)',
    }),
    mixingRule: Type.Optional(Type.String({ description: MIXING_RULE_DESCRIPTION, examples: ['classic'] })),
    multiPhaseCheck: Type.Optional(Type.Boolean({ description: 'Look for a third phase at every point (default: on when water, a glycol or an alcohol is present)' })),
    sweep: Type.String({ description: '"temperature" or "pressure" (case-insensitive): the variable that runs from sweepFrom to sweepTo', examples: ['temperature', 'pressure'] }),
    sweepFrom: quantity('First value of the swept variable'),
    sweepTo: quantity('Last value of the swept variable (may be below sweepFrom: the table then descends)'),
    points: Type.Optional(Type.Integer({ minimum: MIN_POINTS, maximum: MAX_POINTS, description: `Number of evenly spaced points, ends included (default ${DEFAULT_POINTS})` })),
    fixedPressure: Type.Optional(quantity('The pressure of a temperature sweep (required for it)')),
    fixedTemperature: Type.Optional(quantity('The temperature of a pressure sweep (required for it)')),
    properties: Type.Optional(
      Type.Array(Type.Union(TABLE_PROPERTIES.map((p) => Type.Literal(p))), {
        uniqueItems: true,
        minItems: 1,
        description: `Columns to compute (default ${DEFAULT_TABLE_PROPERTIES.join(', ')})`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PropertyTableInput = Static<typeof PropertyTableInput>;

const num = (description: string) => Type.Optional(Type.Number({ description }));

/** One converged point; the phase-specific columns are present when that phase exists. */
export const PropertyTableRow = Type.Object(
  {
    temperature_C: Type.Number(),
    temperature_K: Type.Optional(Type.Number({ description: 'Temperature sweeps only (as the original)' })),
    pressure_bara: Type.Number(),
    numberOfPhases: Type.Integer({ minimum: 1 }),
    density: num('Overall density, kg/m3 (Peneloux-corrected)'),
    density_kg_m3: num('Same as density'),
    gasDensity_kg_m3: num('Gas phase'),
    liquidDensity_kg_m3: num('Oil phase, else the aqueous phase'),
    gasViscosity_cP: num('Gas phase'),
    liquidViscosity_cP: num('Oil phase, else the aqueous phase'),
    Cp_J_kgK: num('Mixture heat capacity at constant pressure (phases weighted, no latent heat), J/(kg·K)'),
    Cv_J_kgK: num('Mixture heat capacity at constant volume, J/(kg·K)'),
    compressibilityFactor: num('Mixture Z = Σ β·Z of the EOS volumes'),
    enthalpy_J_kg: num('Datum: ideal gas, H = 0 at 273.15 K'),
    entropy_J_kgK: num('Datum: ideal gas, S = 0 at 273.15 K and 1.01325 bara'),
    gasThermalConductivity_W_mK: num('Gas phase'),
    liquidThermalConductivity_W_mK: num('Oil phase, else the aqueous phase'),
    molarMass_kg_mol: num('Feed molar mass'),
    soundSpeed_m_s: num('Gas phase (the original reports it for the gas only)'),
    jouleThomsonCoefficient_K_bar: num('Gas phase'),
  },
  { additionalProperties: false },
);

export const PropertyTableOutput = Type.Object(
  {
    model: Type.String(),
    sweep: Type.Union([Type.Literal('temperature'), Type.Literal('pressure')]),
    pointsRequested: Type.Integer(),
    pointsConverged: Type.Integer(),
    properties: Type.Array(Type.String(), { description: 'The columns computed' }),
    table: Type.Array(PropertyTableRow),
    failedPoints: Type.Array(
      Type.Object({ temperature_K: Type.Number(), pressure_bara: Type.Number(), code: Type.String(), message: Type.String() }, { additionalProperties: false }),
      { description: 'Points whose flash failed (left out of the table, never filled in)' },
    ),
  },
  { additionalProperties: false },
);
export type PropertyTableOutput = Static<typeof PropertyTableOutput>;
