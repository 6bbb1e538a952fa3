/**
 * calculateStandard (core, CALCULATION, v1.1): gas-quality standards from a composition.
 * Every code the schema accepts as "implemented" computes what its standard defines; the
 * contract's other codes are recognised and answered with 422 UNSUPPORTED_STANDARD.
 */
import type { Static } from '@sinclair/typebox';
import { StandardsError } from '../../../engine/standards/errors.js';
import { failure, issue, success } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { runIso6976, mergeSettings } from './iso6976.js';
import type { StandardOutcome } from './outcome.js';
import { STANDARD_EXAMPLES } from './examples.js';
import { IMPLEMENTED_STANDARDS, type ImplementedStandard } from './codes.js';
import { Input, OPTIONS, Output, type CalculateStandardInput, type StandardOptions } from './schema.js';
import { runIso15112 } from './iso15112.js';
import { runIso13443 } from './iso13443.js';
import { runIso12213 } from './iso12213.js';
import { runAga7 } from './aga7.js';
import { runAga3 } from './aga3.js';
import { runGpa2145, runGpa2172 } from './gpa.js';
import { runEn16726 } from './en16726.js';
import { runIso14687 } from './iso14687.js';
import { flowingPressurePa, flowingTemperatureK } from './conditions.js';

export type { CalculateStandardInput } from './schema.js';

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
  summary: 'Gas quality and metering standards from a composition: ISO 6976 calorific values and Wobbe index, ISO 12213/AGA8 Z, AGA3/AGA7 flow, EN 16726 and more.',
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
    // The runners build plain records; output.ts declares each standard's shape (checked against
    // every example's result by test/http/openapi-examples.test.ts).
    const data = { standard: code, edition: outcome.edition, referenceConditions: outcome.referenceConditions, results: outcome.results } as Static<typeof Output>;
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
