/**
 * calculateStandard (core, CALCULATION, v1.1): gas-quality standards from a composition.
 * Every code the schema accepts as "implemented" computes what its standard defines; the
 * contract's other codes are recognised and answered with 422 UNSUPPORTED_STANDARD.
 */
import { Type, type Static } from '@sinclair/typebox';
import { StandardsError } from '../../../../engine/standards/errors.js';
import { failure, issue, success } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { runIso6976, mergeSettings } from './iso6976.js';
import type { StandardOutcome } from './outcome.js';
import { STANDARD_EXAMPLES } from './examples.js';
import { IMPLEMENTED_STANDARDS, UNIMPLEMENTED_STANDARDS, type ImplementedStandard } from './codes.js';
import { runIso15112 } from './iso15112.js';
import { runIso13443 } from './iso13443.js';
import { runIso12213 } from './iso12213.js';
import { runAga7 } from './aga7.js';
import { runAga3 } from './aga3.js';
import { runGpa2145, runGpa2172 } from './gpa.js';
import { runEn16726 } from './en16726.js';
import { runIso14687 } from './iso14687.js';
import { flowingPressurePa, flowingTemperatureK } from './conditions.js';

const Temperature = Type.Object(
  { value: Type.Number(), unit: Type.Union([Type.Literal('K'), Type.Literal('C'), Type.Literal('F')]) },
  { additionalProperties: false },
);
const Pressure = Type.Object(
  {
    value: Type.Number(),
    unit: Type.Union([Type.Literal('bara'), Type.Literal('Pa'), Type.Literal('kPa'), Type.Literal('MPa'), Type.Literal('psia')]),
  },
  { additionalProperties: false },
);

const isoOptions = {
  edition: Type.Optional(
    Type.Union([Type.Literal('2016'), Type.Literal('1995')], {
      description: 'ISO 6976 edition (ISO6976 defaults to 1995, ISO6976_2016 is always 2016; also used by ISO15112/EN16726)',
    }),
  ),
  volumeReferenceTemperature_C: Type.Optional(
    Type.Number({ description: 'Metering (volume) reference temperature t2, °C: 0, 15, 15.55 (60 °F, 2016 only) or 20. Default 15' }),
  ),
  energyReferenceTemperature_C: Type.Optional(
    Type.Number({ description: 'Combustion reference temperature t1, °C: 0, 15, 15.55 (2016 only), 20 or 25. Default 15' }),
  ),
  referencePressure_kPa: Type.Optional(
    Type.Number({ description: 'Metering reference pressure, kPa (default 101.325; ISO 6976:2016 allows 90–110)' }),
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
  volume_m3: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'ISO15112: gas volume at the metering reference conditions, m³' })),
  mass_kg: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'ISO15112: gas mass, kg' })),
  amount_kmol: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'ISO15112: amount of gas, kmol' })),
};

const meteringOptions = {
  baseTemperature_C: Type.Optional(Type.Number({ description: 'ISO12213/AGA7/AGA3: base (reference) temperature, °C (ISO12213 default 0, AGA7/AGA3 default 15)' })),
  basePressure_kPa: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'ISO12213/AGA7: base pressure, kPa (default 101.325)' })),
  flowingVolume_m3: Type.Optional(Type.Number({ minimum: 0, maximum: 1e15, description: 'AGA7: volume registered by the turbine meter at flowing conditions, m³ (or m³ per unit time)' })),
  compressibilityModel: Type.Optional(
    Type.Union([Type.Literal('AGA8-DETAIL'), Type.Literal('GERG-2008')], { description: 'AGA7/AGA3: equation for Z and density (default AGA8-DETAIL)' }),
  ),
  basePressure_psia: Type.Optional(Type.Number({ description: 'GPA2172: base pressure, psia (default 14.696)' })),
  targetVolumeReferenceTemperature_C: Type.Optional(Type.Number({ description: 'ISO13443: target metering temperature, °C (default 0)' })),
  targetEnergyReferenceTemperature_C: Type.Optional(Type.Number({ description: 'ISO13443: target combustion temperature, °C (default 25)' })),
  targetReferencePressure_kPa: Type.Optional(Type.Number({ description: 'ISO13443: target reference pressure, kPa (default 101.325)' })),
};

const orificeOptions = {
  orificeDiameter_mm: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'AGA3: orifice bore at the diameter reference temperature, mm' })),
  pipeDiameter_mm: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'AGA3: meter-tube inside diameter at the diameter reference temperature, mm' })),
  differentialPressure_kPa: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'AGA3: orifice differential pressure, kPa' })),
  pressureTap: Type.Optional(Type.Union([Type.Literal('upstream'), Type.Literal('downstream')], { description: 'AGA3: tap of the static pressure (default upstream)' })),
  orificeExpansion_per_K: Type.Optional(Type.Number({ description: 'AGA3: plate linear expansion coefficient, 1/K (default 316 SS 1.665e-5)' })),
  pipeExpansion_per_K: Type.Optional(Type.Number({ description: 'AGA3: tube linear expansion coefficient, 1/K (default carbon steel 1.116e-5)' })),
  diameterReferenceTemperature_C: Type.Optional(Type.Number({ description: 'AGA3: temperature at which the diameters were measured, °C (default 20)' })),
  viscosity_cP: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'AGA3: gas viscosity, cP (default 0.010268)' })),
  isentropicExponent: Type.Optional(Type.Number({ exclusiveMinimum: 1, description: 'AGA3: isentropic exponent (default from the reference EOS)' })),
};

const qualityOptions = {
  waterDewPoint_C: Type.Optional(Type.Number({ description: 'EN16726: measured water dew point at 7 MPa, °C' })),
  hydrocarbonDewPoint_C: Type.Optional(Type.Number({ description: 'EN16726: measured cricondentherm hydrocarbon dew point (0.1–7 MPa), °C' })),
  methaneNumber: Type.Optional(Type.Number({ description: 'EN16726: methane number (EN 16726 Annex A), -' })),
  totalSulfur_mg_m3: Type.Optional(Type.Number({ minimum: 0, description: 'EN16726: measured total sulphur without odorant, mg S/m³ (else from the composition)' })),
  mercaptanSulfur_mg_m3: Type.Optional(Type.Number({ minimum: 0, description: 'EN16726: measured mercaptan sulphur, mg S/m³ (else from methanethiol)' })),
};

const OPTIONS = { ...isoOptions, ...energyOptions, ...meteringOptions, ...orificeOptions, ...qualityOptions };
const Options = Type.Object(OPTIONS, { additionalProperties: false });
type StandardOptions = Static<typeof Options>;

const Input = Type.Object(
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
    components: Type.Record(Type.String({ minLength: 1, maxLength: 60 }), Type.Number({ minimum: 0 }), {
      minProperties: 1,
      maxProperties: 60,
      description: 'Composition, name -> mole fraction (normalised if it does not sum to 1). Names as in runFlash ("methane", "i-butane", "CO2", "nC10") or ISO 6976 English names',
    }),
    model: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility; composition-based standards do not use an EOS' })),
    mixingRule: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility; not used' })),
    temperature: Type.Optional(Temperature),
    temperature_C: Type.Optional(Type.Number({ description: 'Flowing temperature, °C (default 15)' })),
    pressure: Type.Optional(Pressure),
    pressure_bara: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Flowing pressure, bara (default 1.01325)' })),
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

const Output = Type.Object(
  {
    standard: Type.String(),
    edition: Type.String(),
    referenceConditions: Type.Record(Type.String(), Type.Unknown()),
    results: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);

export type CalculateStandardInput = Static<typeof Input>;

/** The option fields given at the top level, merged over standardConfig (top level wins). */
function optionsOf(input: CalculateStandardInput): StandardOptions {
  const top: Record<string, unknown> = {};
  for (const k of Object.keys(OPTIONS)) {
    const v = (input as Record<string, unknown>)[k];
    if (v !== undefined) top[k] = v;
  }
  return mergeSettings(top as StandardOptions, input.standardConfig);
}

function runStandard(code: ImplementedStandard, input: CalculateStandardInput): StandardOutcome {
  const o = optionsOf(input);
  const comp = input.components;
  switch (code) {
    case 'ISO6976':
    case 'ISO6976_2016':
      return runIso6976(code, comp, o);
    case 'ISO15112':
      return runIso15112(comp, o, o);
    case 'ISO13443':
      return runIso13443(comp, o, o);
    case 'ISO12213':
      return runIso12213(comp, flowingTemperatureK(input), flowingPressurePa(input), o);
    case 'AGA7':
      return runAga7(comp, flowingTemperatureK(input), flowingPressurePa(input), o);
    case 'AGA3':
      return runAga3(comp, flowingTemperatureK(input), flowingPressurePa(input), o);
    case 'GPA2145':
      return runGpa2145(comp);
    case 'GPA2172':
      return runGpa2172(comp, o.basePressure_psia);
    case 'EN16726':
      return runEn16726(comp, o);
    case 'ISO14687':
      return runIso14687(comp);
  }
}

const TOOL = 'calculateStandard';

export const calculateStandardTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'CALCULATION',
  since: 'v1.1',
  description:
    'Gas-quality and gas-metering standards from a composition (components: name -> mole fraction). ' +
    'ISO6976 / ISO6976_2016: gross and net calorific values (molar kJ/mol, mass MJ/kg, volumetric MJ/m³), Wobbe indices, ' +
    'density, relative density and compression factor by ISO 6976:1995 (ISO6976 default) or ISO 6976:2016, at the ' +
    'combustion (energyReferenceTemperature_C) and metering (volumeReferenceTemperature_C) temperatures the edition ' +
    'allows (2016: 0/15/15.55/20/25 and 0/15/15.55/20 °C; 1995: 0/15/20/25 and 0/15/20 °C; default 15/15), real or ideal gas; ' +
    'legacy fields superiorCalorificValue_MJ_Sm3 … are volumetric at the metering conditions. ' +
    'ISO15112: energy = quantity × calorific value (volume_m3, mass_kg or amount_kmol). ' +
    'ISO13443: properties and conversion factors between two reference-condition sets (target* fields). ' +
    'ISO12213: compression factor and density at temperature/pressure by AGA8-DC92 DETAIL (ISO 12213-2), with base Z. ' +
    'AGA3: orifice mass and volume flow (RG discharge coefficient, flange taps) from orificeDiameter_mm, pipeDiameter_mm, differentialPressure_kPa at temperature/pressure. ' +
    'AGA7: turbine-meter volume to base conditions, Vb = Vf·(Pf/Pb)·(Tb/Tf)·(Zb/Zf) (flowingVolume_m3; Z by AGA8 DETAIL or GERG-2008). ' +
    'GPA2145: GPA 2145-16 constants of the listed components. GPA2172: heating value (Btu/ft³ and MJ/m³), relative density, ' +
    'Z and liquid content at 60 °F. EN16726: compliance with the EN 16726 Group H limits (relative density, O2, CO2, sulphur; ' +
    'dew points and methane number when given). ISO14687: hydrogen fuel quality, Grade D limits (µmol/mol). Other contract codes return 422 UNSUPPORTED_STANDARD with the supported list.',
  input: Input,
  output: Output,
  exampleCategory: 'standards',
  examples: STANDARD_EXAMPLES,
  execution: 'inline',
  autoValidation: 'general',
  run(input) {
    const started = performance.now();
    const code = input.standard;
    if (!(IMPLEMENTED_STANDARDS as readonly string[]).includes(code)) {
      return failure(TOOL, 'compute', [
        issue(
          'UNSUPPORTED_STANDARD',
          `Standard ${code} is part of the contract but not implemented by this server`,
          `Use one of: ${IMPLEMENTED_STANDARDS.join(', ')}.`,
          'standard',
        ),
      ]);
    }
    let outcome: StandardOutcome;
    try {
      outcome = runStandard(code as ImplementedStandard, input);
    } catch (err) {
      if (err instanceof StandardsError) {
        return failure(TOOL, 'compute', [issue(err.code, err.message, err.fix, err.field)], 'runner');
      }
      throw err;
    }
    const data = { standard: code, edition: outcome.edition, referenceConditions: outcome.referenceConditions, results: outcome.results };
    return success({
      tool: TOOL,
      data,
      legacy: { standard: code, results: outcome.results },
      warnings: outcome.warnings,
      provenance: {
        calculationType: `standards: ${code}`,
        convergence: { converged: true, ...(outcome.convergence ?? { iterations: 0, message: 'Closed-form standard calculation' }) },
        assumptions: outcome.assumptions,
        limitations: outcome.limitations,
        computationTimeMs: performance.now() - started,
      },
    });
  },
});
