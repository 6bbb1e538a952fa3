/** calculateStandard's input and output schemas (the option groups are shared with standardConfig). */
import { Type, type Static } from '@sinclair/typebox';
import { ReferenceConditionsSchema, StandardResultsSchema } from './output.js';
import { between, moleFraction, nonNegative, positive, pressureValue, temperatureValue } from '../../contract/bounded.js';
import { IMPLEMENTED_STANDARDS, UNIMPLEMENTED_STANDARDS } from './codes.js';
const Temperature = Type.Object(
  { value: temperatureValue(), unit: Type.Union([Type.Literal('K'), Type.Literal('C'), Type.Literal('F')]) },
  { additionalProperties: false, description: 'Flowing temperature as {"value": …, "unit": "K"|"C"|"F"}; no bare number (the unit is required)' },
);
const Pressure = Type.Object(
  {
    value: pressureValue(),
    unit: Type.Union([Type.Literal('bara'), Type.Literal('Pa'), Type.Literal('kPa'), Type.Literal('MPa'), Type.Literal('psia')]),
  },
  { additionalProperties: false, description: 'Flowing absolute pressure as {"value": …, "unit": "bara"|"Pa"|"kPa"|"MPa"|"psia"}; no bare number (the unit is required)' },
);

const isoOptions = {
  edition: Type.Optional(
    Type.Union([Type.Literal('2016'), Type.Literal('1995')], {
      description: 'ISO 6976 edition (ISO6976 defaults to 1995, ISO6976_2016 is always 2016; also used by ISO15112/EN16726)',
    }),
  ),
  volumeReferenceTemperature_C: Type.Optional(
    between(-273.15, 1000, { description: 'Metering (volume) reference temperature t2, °C: 0, 15, 15.55 (60 °F, 2016 only) or 20. Default 15' }),
  ),
  energyReferenceTemperature_C: Type.Optional(
    between(-273.15, 1000, { description: 'Combustion reference temperature t1, °C: 0, 15, 15.55 (2016 only), 20 or 25. Default 15' }),
  ),
  referencePressure_kPa: Type.Optional(
    positive(1e6, { description: 'Metering reference pressure, kPa (default 101.325; ISO 6976:2016 allows 90–110)' }),
  ),
  calculationType: Type.Optional(
    Type.Union([Type.Literal('volume'), Type.Literal('mass'), Type.Literal('molar')], {
      description: 'Basis of the headline grossCalorificValue/netCalorificValue (all bases are always returned). Default volume',
    }),
  ),
  referenceState: Type.Optional(
    Type.Union([Type.Literal('real'), Type.Literal('ideal')], { description: 'Real-gas (default) or ideal-gas volumetric values in the legacy fields' }),
  ),
};

const energyOptions = {
  volume_m3: Type.Optional(positive(1e15, { description: 'ISO15112: gas volume at the metering reference conditions, m³' })),
  mass_kg: Type.Optional(positive(1e15, { description: 'ISO15112: gas mass, kg' })),
  amount_kmol: Type.Optional(positive(1e15, { description: 'ISO15112: amount of gas, kmol' })),
};

const meteringOptions = {
  baseTemperature_C: Type.Optional(between(-273.15, 1000, { description: 'ISO12213/AGA7/AGA3: base (reference) temperature, °C (ISO12213 default 0, AGA7/AGA3 default 15)' })),
  basePressure_kPa: Type.Optional(positive(1e6, { description: 'ISO12213/AGA7: base pressure, kPa (default 101.325)' })),
  flowingVolume_m3: Type.Optional(Type.Number({ minimum: 0, maximum: 1e15, description: 'AGA7: volume registered by the turbine meter at flowing conditions, m³ (or m³ per unit time)' })),
  compressibilityModel: Type.Optional(
    Type.Union([Type.Literal('AGA8-DETAIL'), Type.Literal('GERG-2008')], { description: 'AGA7/AGA3: equation for Z and density (default AGA8-DETAIL)' }),
  ),
  basePressure_psia: Type.Optional(positive(1e5, { description: 'GPA2172: base pressure, psia (default 14.696)' })),
  targetVolumeReferenceTemperature_C: Type.Optional(between(-273.15, 1000, { description: 'ISO13443: target metering temperature, °C (default 0)' })),
  targetEnergyReferenceTemperature_C: Type.Optional(between(-273.15, 1000, { description: 'ISO13443: target combustion temperature, °C (default 25)' })),
  targetReferencePressure_kPa: Type.Optional(positive(1e6, { description: 'ISO13443: target reference pressure, kPa (default 101.325)' })),
};

const orificeOptions = {
  orificeDiameter_mm: Type.Optional(positive(1e4, { description: 'AGA3: orifice bore at the diameter reference temperature, mm' })),
  pipeDiameter_mm: Type.Optional(positive(1e4, { description: 'AGA3: meter-tube inside diameter at the diameter reference temperature, mm' })),
  differentialPressure_kPa: Type.Optional(positive(1e6, { description: 'AGA3: orifice differential pressure, kPa' })),
  pressureTap: Type.Optional(Type.Union([Type.Literal('upstream'), Type.Literal('downstream')], { description: 'AGA3: tap of the static pressure (default upstream)' })),
  orificeExpansion_per_K: Type.Optional(between(-1e-3, 1e-3, { description: 'AGA3: plate linear expansion coefficient, 1/K (default 316 SS 1.665e-5)' })),
  pipeExpansion_per_K: Type.Optional(between(-1e-3, 1e-3, { description: 'AGA3: tube linear expansion coefficient, 1/K (default carbon steel 1.116e-5)' })),
  diameterReferenceTemperature_C: Type.Optional(between(-273.15, 1000, { description: 'AGA3: temperature at which the diameters were measured, °C (default 20)' })),
  viscosity_cP: Type.Optional(positive(1e6, { description: 'AGA3: gas viscosity, cP (default 0.010268)' })),
  isentropicExponent: Type.Optional(Type.Number({ exclusiveMinimum: 1, maximum: 10, description: 'AGA3: isentropic exponent (default from the reference EOS)' })),
};

const qualityOptions = {
  waterDewPoint_C: Type.Optional(between(-273.15, 1000, { description: 'EN16726: measured water dew point at 7 MPa, °C' })),
  hydrocarbonDewPoint_C: Type.Optional(between(-273.15, 1000, { description: 'EN16726: measured cricondentherm hydrocarbon dew point (0.1–7 MPa), °C' })),
  methaneNumber: Type.Optional(between(-1000, 1000, { description: 'EN16726: methane number (EN 16726 Annex A), -' })),
  totalSulfur_mg_m3: Type.Optional(nonNegative(1e9, { description: 'EN16726: measured total sulphur without odorant, mg S/m³ (else from the composition)' })),
  mercaptanSulfur_mg_m3: Type.Optional(nonNegative(1e9, { description: 'EN16726: measured mercaptan sulphur, mg S/m³ (else from methanethiol)' })),
};

export const OPTIONS = { ...isoOptions, ...energyOptions, ...meteringOptions, ...orificeOptions, ...qualityOptions };
const Options = Type.Object(OPTIONS, { additionalProperties: false });
export type StandardOptions = Static<typeof Options>;

export const Input = Type.Object(
  {
    standard: Type.Union(
      [
        Type.Union(
          IMPLEMENTED_STANDARDS.map((c) => Type.Literal(c)),
          { description: 'Implemented standard codes' },
        ),
        Type.Union(
          UNIMPLEMENTED_STANDARDS.map((c) => Type.Literal(c)),
          { description: 'Contract codes recognised but not implemented here: answered with 422 UNSUPPORTED_STANDARD' },
        ),
      ],
      { description: 'Standard code (exact, case-sensitive)' },
    ),
    components: Type.Record(Type.String({ minLength: 1, maxLength: 60 }), moleFraction(), {
      minProperties: 1,
      maxProperties: 60,
      description: 'Composition, name -> mole fraction (normalised if it does not sum to 1). Names as in runFlash ("methane", "i-butane", "CO2", "nC10") or ISO 6976 English names',
    }),
    model: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility; composition-based standards do not use an EOS' })),
    mixingRule: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility; not used' })),
    temperature: Type.Optional(Temperature),
    temperature_C: Type.Optional(between(-273.15, 1e5, { description: 'Flowing temperature, °C (default 15)' })),
    pressure: Type.Optional(Pressure),
    pressure_bara: Type.Optional(positive(1e5, { description: 'Flowing pressure, bara (default 1.01325)' })),
    ...OPTIONS,
    standardConfig: Type.Optional(
      Type.Object(OPTIONS, {
        additionalProperties: false,
        description: 'The contract\'s options object; the same fields may be given at the top level, which wins',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Output = Type.Object(
  {
    standard: Type.String(),
    edition: Type.String(),
    referenceConditions: ReferenceConditionsSchema,
    results: StandardResultsSchema,
  },
  { additionalProperties: false },
);

export type CalculateStandardInput = Static<typeof Input>;
