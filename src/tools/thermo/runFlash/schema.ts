/**
 * TypeBox schemas of runFlash (seed 001 flash format plus `multiPhaseCheck`). Quantities are a
 * bare number (K for temperature, bara for pressure, as the original) or {value, unit}.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PRESSURE_LIMIT, TEMPERATURE_LIMIT, moleFraction, signed } from '../../contract/bounded.js';

/** Magnitude limit of an enthalpy, entropy or molar-volume spec in any accepted unit (finite after conversion). */
const ENERGY_SPEC_LIMIT = 1e12;
import { PRESSURE_UNITS, TEMPERATURE_UNITS, ENTHALPY_UNITS, ENTROPY_UNITS, MOLAR_VOLUME_UNITS } from '../../contract/units.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { IMPLEMENTED_FLASH_TYPES, IMPLEMENTED_FLASH_TYPE_ALIASES } from './flash-types.js';
import { ALPHA_FUNCTION_DESCRIPTION } from './alpha-option.js';

const quantity = (what: string, bareUnit: string, units: readonly string[], example: string, limit: number) =>
  Type.Union(
    [
      signed(limit, { description: `${what}: a bare number is ${bareUnit}` }),
      Type.Object(
        { value: signed(limit), unit: Type.Optional(Type.String({ description: `One of: ${units.join(', ')} (default ${bareUnit})` })) },
        { additionalProperties: false },
      ),
    ],
    { description: `${what}: a bare number is ${bareUnit}, or {"value": …, "unit": …}, e.g. ${example}` },
  );

export const RunFlashInput = Type.Object(
  {
    model: Type.Optional(
      Type.String({ description: `Equation of state, default SRK. Implemented: ${FLASH_MODELS.join(', ')} (case-insensitive; CPA = SRK-CPA for water, alcohols and glycols; PCSAFT also as PC-SAFT)`, examples: ['SRK', 'PR', 'CPA', 'PCSAFT'] }),
    ),
    temperature: Type.Optional(quantity('Temperature (the initial guess for PH, PS, dewPointT and bubblePointT; the spec for TV, dewPointP and bubblePointP)', 'K', TEMPERATURE_UNITS, '{"value": 25, "unit": "C"}; default 288.15 K', TEMPERATURE_LIMIT)),
    pressure: Type.Optional(quantity('Absolute pressure (the initial guess for TV, dewPointP and bubblePointP)', 'bara', PRESSURE_UNITS, '{"value": 50, "unit": "bara"}; default 1.01325 bara', PRESSURE_LIMIT)),
    flashType: Type.Optional(
      Type.Union(
        [
          Type.Union(IMPLEMENTED_FLASH_TYPES.map((t) => Type.Literal(t)), { description: 'Implemented flash types' }),
          Type.Union(IMPLEMENTED_FLASH_TYPE_ALIASES.map((t) => Type.Literal(t)), { description: 'Long-form aliases, normalised to the short names (dewPointTemperature → dewPointT, …)' }),
        ],
        { description: `Flash type, default TP. Implemented: ${IMPLEMENTED_FLASH_TYPES.join(', ')}` },
      ),
    ),
    components: Type.Record(Type.String(), moleFraction(), {
      description: 'Component name → mole fraction, e.g. {"methane": 0.85, "ethane": 0.10, "propane": 0.05}. Names as searchComponents returns them (aliases such as C1, nC4 accepted). Fractions are normalised (with a COMPOSITION_NORMALIZED warning when the sum is off by more than 1e-6).',
    }),
    mixingRule: Type.Optional(
      Type.String({
        description: 'Mixing rule: "classic" (van der Waals, kij from the database: constant for SRK/PR/UMRPRU, cpakij + cpakijT·T for CPA); CPA also takes "CLASSIC_TX_CPA" (the same, except with MEG–methane, TEG–methane or TEG–water, which is refused); UMRPRU also takes "UMR" (or "UNIFAC_UMRPRU": the universal mixing rule with UNIFAC) and "HV" (= classic for fluids without water, glycols and alcohols)',
        examples: ['classic'],
      }),
    ),
    alphaFunction: Type.Optional(
      Type.Union([Type.Literal('classic'), Type.Literal('mathias-copeman'), Type.Literal('twu')], { description: ALPHA_FUNCTION_DESCRIPTION, examples: ['mathias-copeman'] }),
    ),
    enthalpy: Type.Optional(quantity('Enthalpy spec for PH, per mole or kg of feed (datum: ideal gas, H = 0 at 273.15 K); mass units are converted with the feed molar mass', 'J/mol', ENTHALPY_UNITS, '{"value": -5000, "unit": "J/mol"}', ENERGY_SPEC_LIMIT)),
    entropy: Type.Optional(quantity('Entropy spec for PS, per mole or kg of feed (datum: ideal gas, S = 0 at 273.15 K and 1.01325 bara); mass units are converted with the feed molar mass', 'J/molK', ENTROPY_UNITS, '{"value": -20, "unit": "J/molK"}', ENERGY_SPEC_LIMIT)),
    volume: Type.Optional(quantity('Molar volume spec for TV, per mole of feed (the Peneloux-shifted molar volume a TP flash reports); pressure is then the initial guess', 'm3/mol', MOLAR_VOLUME_UNITS, '{"value": 0.0005, "unit": "m3/mol"}', ENERGY_SPEC_LIMIT)),
    singlePhase: Type.Optional(
      Type.Boolean({
        description:
          'GERG2008 TP only: report the homogeneous single-phase state at (T, P) without a phase split, as the NIST AGA8/GERG-2008 code and ISO 20765-2 compute it (default false: the feed is flashed into its phases with GERG-2008). A feed that GERG-2008 would split carries a MODEL_LIMITATION warning naming the split',
      }),
    ),
    multiPhaseCheck: Type.Optional(
      Type.Boolean({
        description:
          'Also look for a third phase (aqueous or second liquid), as the original with setMultiPhaseCheck(true). Default: on when water, a glycol or an alcohol is in the feed, otherwise off (the original always defaults to off and then reports at most two phases)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RunFlashInput = Static<typeof RunFlashInput>;

const ValueUnit = Type.Object({ value: Type.Number(), unit: Type.String() }, { additionalProperties: false });

const PhaseConditions = Type.Object(
  {
    temperature: Type.Number({ description: 'K' }),
    pressure: Type.Number({ description: 'bara' }),
    molarMass: Type.Number({ description: 'kg/mol' }),
    phaseFraction: Type.Number({ description: 'Mole fraction of the feed in this phase (1 for overall)' }),
    enthalpy: Type.Optional(Type.Number({ description: 'J/kg (datum: ideal gas, H = 0 at 273.15 K); absent for a gas-hydrate phase and for the overall of an equilibrium with hydrate (hydrate enthalpy not modelled)' })),
    'molar flow': Type.Number({ description: 'mol/hr for a basis of 1 mol/s of feed (as the original)' }),
    'mass flow': Type.Number({ description: 'kg/hr for the same basis' }),
  },
  { additionalProperties: false },
);

const PhaseProperties = Type.Object(
  {
    density: ValueUnit,
    molarMass: ValueUnit,
    compressibilityFactor: ValueUnit,
    molarVolume: ValueUnit,
    enthalpy: ValueUnit,
    entropy: ValueUnit,
    Cp: Type.Optional(ValueUnit),
    Cv: Type.Optional(ValueUnit),
    speedOfSound: Type.Optional(ValueUnit),
    jouleThomsonCoefficient: Type.Optional(ValueUnit),
    viscosity: Type.Optional(ValueUnit),
    thermalConductivity: Type.Optional(ValueUnit),
    'flow rate': ValueUnit,
  },
  {
    additionalProperties: false,
    description:
      'Cp, Cv, speedOfSound, jouleThomsonCoefficient, viscosity and thermalConductivity are left out when outside every method\'s validity domain or outside physical bounds; a MODEL_LIMITATION warning names the property and the reason',
  },
);

const HydratePhaseProperties = Type.Object(
  { density: ValueUnit, molarMass: ValueUnit, molarVolume: ValueUnit, 'flow rate': ValueUnit },
  { additionalProperties: false, description: 'The "gas hydrate" phase of a hydrateTP flash: density from the unit cell; no thermal or transport properties' },
);

const OverallProperties = Type.Object(
  {
    density: ValueUnit,
    molarMass: ValueUnit,
    molarVolume: ValueUnit,
    enthalpy: Type.Optional(ValueUnit),
    entropy: Type.Optional(ValueUnit),
    'flow rate': ValueUnit,
  },
  { additionalProperties: false, description: 'Over all phases; enthalpy and entropy are absent when a gas hydrate is present (hydrate enthalpy not modelled)' },
);

const CompositionMap = Type.Record(Type.String(), ValueUnit);

export const FlashSummary = Type.Object(
  {
    model: Type.String(),
    flashType: Type.String(),
    numberOfPhases: Type.Integer({ minimum: 1 }),
    phases: Type.Array(Type.String(), { description: 'Phase keys, lightest first: gas, oil, aqueous (oil2/aqueous2 for a second phase of the same kind)' }),
  },
  { additionalProperties: false },
);

export const FluidResponse = Type.Object(
  {
    conditions: Type.Object({ temperature_K: Type.Number(), overall: PhaseConditions }, { additionalProperties: PhaseConditions }),
    properties: Type.Object(
      {
        density_kgm3: Type.Number({ description: 'Overall density, kg/m3 (Peneloux-corrected for SRK/PR)' }),
        overall: OverallProperties,
        interfacialTension: Type.Optional(
          Type.Record(Type.String(), Type.Union([ValueUnit, Type.Null()]), {
            description:
              'Between phase pairs, keyed "gas-oil", N/m: pure fluids by the recommended correlations (Mulero et al. 2012; water IAPWS R1-76), water-rich liquid against a low-pressure gas by IAPWS, other gas–liquid and liquid–liquid hydrocarbon interfaces by the parachor method with cited parachors, aqueous/non-aqueous liquids by Firoozabadi–Ramey. null where the interface lies outside every method\'s validity domain (a MODEL_LIMITATION warning says why, e.g. a component without a published parachor)',
          }),
        ),
      },
      { additionalProperties: Type.Union([PhaseProperties, HydratePhaseProperties]) },
    ),
    composition: Type.Object({ overall: CompositionMap }, { additionalProperties: CompositionMap, description: 'Mole fractions per phase; "<phase>_wt" holds weight fractions' }),
  },
  { additionalProperties: false },
);

const Occupancy = Type.Record(Type.String(), Type.Number());

export const HydrateResult = Type.Object(
  {
    hydratePhasePresent: Type.Boolean(),
    reason: Type.Optional(Type.String({ description: 'Why no hydrate can form at all (no water or no hydrate former in the feed)' })),
    structure: Type.Optional(Type.Union([Type.Literal('sI'), Type.Literal('sII')], { description: 'Structure that forms (or would form first)' })),
    hydratePhaseFraction: Type.Number({ description: 'Moles of hydrate per mole of feed (0 when none forms)' }),
    hydrateFormationTemperature_K: Type.Optional(Type.Number({ description: 'Hydrate equilibrium temperature of the feed at this pressure' })),
    hydrateFormationTemperature_C: Type.Optional(Type.Number()),
    subcooling_K: Type.Optional(Type.Number({ description: 'Formation temperature minus flash temperature; positive inside the hydrate region' })),
    drivingForce: Type.Optional(Type.Number({ description: 'ln(f_water in hydrate / f_water in fluid) of the feed before any hydrate forms; negative: hydrate forms' })),
    density_kg_m3: Type.Optional(Type.Number()),
    cavityOccupancy: Type.Optional(Type.Object({ small: Occupancy, large: Occupancy }, { additionalProperties: false, description: 'Fraction of the small and large cavities holding each guest' })),
    componentBalanceError: Type.Optional(Type.Number({ description: 'Largest |fluid + hydrate − feed| over components, mol per mol feed' })),
  },
  { additionalProperties: false, description: 'hydrateTP only: the outcome of the hydrate check' },
);

export const RunFlashOutput = Type.Object({ flash: FlashSummary, fluid: FluidResponse, hydrate: Type.Optional(HydrateResult) }, { additionalProperties: false });
export type RunFlashOutput = Static<typeof RunFlashOutput>;
