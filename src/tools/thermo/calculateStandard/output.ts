/**
 * calculateStandard's result: `referenceConditions` and `results` in one shape per standard (the
 * branch titles name the standard codes), so a client generated from the schema types every field.
 * Field names carry their units (…_MJ_Sm3, …_K, …_Pa); the runners in this folder build them.
 */
import { Type, type TSchema } from '@sinclair/typebox';

const numbers = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, Type.Number()]));
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const Composition = Type.Record(Type.String(), Type.Number(), { description: 'Mole fractions as used (normalised), by ISO/GPA component name' });

const BASIS = ['superiorCalorificValue_MJ_Sm3', 'inferiorCalorificValue_MJ_Sm3', 'superiorCalorificValue_kJ_Sm3', 'inferiorCalorificValue_kJ_Sm3', 'superiorWobbeIndex_MJ_Sm3', 'inferiorWobbeIndex_MJ_Sm3', 'superiorWobbeIndex', 'inferiorWobbeIndex', 'relativeDensity', 'density_kg_m3'];
const ReferenceState = Type.Union([Type.Literal('real'), Type.Literal('ideal')]);
const CalculationType = Type.Union([Type.Literal('volume'), Type.Literal('mass'), Type.Literal('molar')]);

/** ISO 6976 reference conditions (also those of ISO 15112's calorific value). */
const Iso6976Conditions = Type.Object({ ...numbers(['combustionTemperature_C', 'meteringTemperature_C', 'pressure_kPa']), referenceState: ReferenceState, calculationType: CalculationType });
const Iso6976Results = Type.Object({
  ...numbers(BASIS),
  ...numbers(['molarMass_kg_kmol', 'compressionFactor', 'volumeReferenceTemperature_C', 'energyReferenceTemperature_C']),
  calculationType: CalculationType,
  referenceState: ReferenceState,
  grossCalorificValue: Type.Number({ description: 'headline value on the calculationType basis, in calorificValueUnit' }),
  netCalorificValue: Type.Number(),
  calorificValueUnit: Type.String(),
  ...numbers(['grossCalorificValue_kJ_mol', 'netCalorificValue_kJ_mol', 'grossCalorificValue_MJ_kg', 'netCalorificValue_MJ_kg']),
  realGas: Type.Object({ ...numbers(BASIS), ...numbers(['compressionFactor', 'compressionFactorAir']) }),
  idealGas: Type.Object(numbers(BASIS)),
  composition: Composition,
});

const Iso15112Results = Type.Object({
  quantity: Type.Object({ value: Type.Number(), unit: Type.Union([Type.Literal('m3'), Type.Literal('kg'), Type.Literal('kmol')]) }),
  ...numbers(['energyGross_MJ', 'energyNet_MJ', 'energyGross_GJ', 'energyGross_kWh', 'energyGross_MMBtu', 'energyNet_kWh']),
  calorificValue: Type.Object(numbers(['superiorCalorificValue_MJ_Sm3', 'inferiorCalorificValue_MJ_Sm3', 'grossCalorificValue_MJ_kg', 'netCalorificValue_MJ_kg', 'grossCalorificValue_kJ_mol', 'netCalorificValue_kJ_mol'])),
});

const Iso13443State = Type.Object(
  numbers(['combustionTemperature_C', 'meteringTemperature_C', 'pressure_kPa', 'compressionFactor', 'superiorCalorificValue_MJ_m3', 'inferiorCalorificValue_MJ_m3', 'superiorWobbeIndex_MJ_m3', 'inferiorWobbeIndex_MJ_m3', 'density_kg_m3', 'relativeDensity', 'grossCalorificValue_MJ_kg']),
);
const Iso13443Conditions = Type.Object({ from: Iso13443State, to: Iso13443State });
const Iso13443Results = Type.Object({
  from: Iso13443State,
  to: Iso13443State,
  conversionFactors: Type.Object({
    volume: Type.Number(),
    superiorCalorificValue: Type.Union([Type.Number(), Type.Null()], { description: 'null for a gas without calorific value' }),
    inferiorCalorificValue: NullableNumber,
    superiorWobbeIndex: NullableNumber,
    density: Type.Number(),
  }),
});

const Iso12213Conditions = Type.Object(numbers(['temperature_K', 'pressure_Pa', 'baseTemperature_K', 'basePressure_Pa']));
const Iso12213Results = Type.Object(
  numbers(['compressionFactor', 'molarDensity_mol_m3', 'density_kg_m3', 'molarMass_kg_kmol', 'baseCompressionFactor', 'baseDensity_kg_m3', 'compressionFactorRatio', 'volumeConversionFactor', 'speedOfSound_m_s', 'isentropicExponent', 'temperature_C', 'pressure_bara']),
);

const CompressibilityModel = Type.String({ description: 'equation used for Z (e.g. AGA8-DETAIL)' });
const Aga7Conditions = Type.Object({ ...numbers(['flowingTemperature_K', 'flowingPressure_Pa', 'baseTemperature_K', 'basePressure_Pa']), compressibilityModel: CompressibilityModel });
const Aga7Results = Type.Object(
  numbers(['flowingVolume_m3', 'baseVolume_m3', 'pressureFactor', 'temperatureFactor', 'compressibilityFactorRatio', 'volumeCorrectionFactor', 'flowingCompressionFactor', 'baseCompressionFactor', 'flowingDensity_kg_m3', 'baseDensity_kg_m3', 'massOfGas_kg']),
);
const Aga3Conditions = Type.Object({
  ...numbers(['flowingTemperature_K', 'upstreamPressure_Pa']),
  pressureTap: Type.Union([Type.Literal('upstream'), Type.Literal('downstream')]),
  ...numbers(['baseTemperature_K', 'basePressure_Pa']),
  compressibilityModel: CompressibilityModel,
});
const Aga3Results = Type.Object(
  numbers([
    'massFlow_kg_s', 'massFlow_kg_h', 'actualVolumeFlow_m3_h', 'baseVolumeFlow_m3_h', 'dischargeCoefficient', 'dischargeCoefficientInfiniteRe', 'expansionFactor', 'velocityOfApproachFactor',
    'diameterRatio', 'orificeDiameterFlowing_mm', 'pipeDiameterFlowing_mm', 'reynoldsNumber', 'flowingDensity_kg_m3', 'baseDensity_kg_m3', 'flowingCompressionFactor', 'baseCompressionFactor',
    'isentropicExponent', 'viscosity_cP',
  ]),
);

const GpaConditions = Type.Object(numbers(['baseTemperature_F', 'basePressure_psia']));
const Gpa2145Results = Type.Object({
  constants: Type.Record(
    Type.String(),
    Type.Object({
      gpaName: Type.String(),
      ...numbers(['molarMass_g_mol', 'idealGasVolume_ft3_per_gal', 'summationFactor']),
      idealGrossHeatingValue_Btu_ft3: Type.Union([Type.Number(), Type.Null()], { description: 'null for a non-combustible' }),
      idealGrossHeatingValue_MJ_m3: NullableNumber,
      idealRelativeDensity: Type.Number(),
    }),
    { description: 'GPA 2145 constants by component' },
  ),
});
const Gpa2172Results = Type.Object({
  ...numbers(['molarMass_g_mol', 'compressibilityFactor', 'idealGrossHeatingValue_Btu_ft3', 'grossHeatingValue_Btu_ft3', 'idealGrossHeatingValue_MJ_m3', 'grossHeatingValue_MJ_m3', 'idealRelativeDensity', 'relativeDensity', 'liquidContent_gal_per_Mcf']),
  composition: Composition,
});

const CheckStatus = Type.Union([Type.Literal('PASS'), Type.Literal('FAIL'), Type.Literal('NOT_EVALUATED')]);
const Check = { parameter: Type.String(), value: Type.Union([Type.Number(), Type.Null()], { description: 'null when not evaluated' }), unit: Type.String(), limit: Type.String(), status: CheckStatus };
const Compliance = { isOnSpec: Type.Boolean(), complete: Type.Boolean(), failedParameters: Type.Array(Type.String()), notEvaluated: Type.Array(Type.String()) };
const En16726Conditions = Type.Object(numbers(['combustionTemperature_C', 'meteringTemperature_C', 'pressure_kPa']));
const En16726Results = Type.Object({
  ...Compliance,
  checks: Type.Array(Type.Object({ ...Check, source: Type.String() })),
  ...numbers(['superiorWobbeIndex_MJ_m3', 'superiorCalorificValue_MJ_m3', 'relativeDensity', 'hydrogen_molPercent']),
});
const Iso14687Results = Type.Object({ ...Compliance, checks: Type.Array(Type.Object(Check)), hydrogen_molFraction: Type.Number() });

const branch = <T extends TSchema>(title: string, schema: T): T => ({ ...schema, title }) as T;

export const ReferenceConditionsSchema = Type.Union(
  [
    branch('ISO6976, ISO6976_2016, ISO15112', Iso6976Conditions),
    branch('ISO13443', Iso13443Conditions),
    branch('ISO12213', Iso12213Conditions),
    branch('AGA7', Aga7Conditions),
    branch('AGA3', Aga3Conditions),
    branch('GPA2145, GPA2172', GpaConditions),
    branch('EN16726', En16726Conditions),
    branch('ISO14687 (none)', Type.Object({}, { additionalProperties: false })),
  ],
  { description: 'Reference and operating conditions the numbers refer to, as applied; the shape depends on the standard' },
);

export const StandardResultsSchema = Type.Union(
  [
    branch('ISO6976, ISO6976_2016', Iso6976Results),
    branch('ISO15112', Iso15112Results),
    branch('ISO13443', Iso13443Results),
    branch('ISO12213', Iso12213Results),
    branch('AGA7', Aga7Results),
    branch('AGA3', Aga3Results),
    branch('GPA2145', Gpa2145Results),
    branch('GPA2172', Gpa2172Results),
    branch('EN16726', En16726Results),
    branch('ISO14687', Iso14687Results),
  ],
  { description: 'The standard\'s results; the shape depends on the standard' },
);
