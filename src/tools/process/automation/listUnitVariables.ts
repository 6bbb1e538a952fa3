/**
 * listUnitVariables (core, ADVISORY, v1.0): the automation variables of one unit: address, INPUT
 * (its specification) or OUTPUT (computed), default and accepted units, write bounds, and the
 * current value of each INPUT. A unit name off by case, spacing or a small typo is corrected and
 * the correction reported; one that matches nothing is a UNIT_NOT_FOUND diagnostic.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineTool } from '../../contract/types.js';
import { findUnit } from './address.js';
import { automationSuccess, CorrectionSchema, describeVariable, diagnosticFailure, loadDefinition, ProcessJsonField, SimulationVariableSchema, viewOf } from './common.js';
import { variablesOf } from './variables.js';
import { AUTOMATION_PROCESS } from './examples.js';

const TOOL = 'listUnitVariables';

const Input = Type.Object(
  { processJson: ProcessJsonField, unitName: Type.String({ minLength: 1, maxLength: 200, description: 'Unit name as in the process (listSimulationUnits)' }) },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    unitName: Type.String(),
    equipmentType: Type.String(),
    autoCorrection: Type.Optional(CorrectionSchema),
    variables: Type.Array(SimulationVariableSchema),
    count: Type.Integer(),
  },
  { additionalProperties: false },
);

export const listUnitVariablesTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Lists the automation variables of one unit of a process: addresses, INPUT/OUTPUT, units, write bounds. Does not run it.',
  description:
    'Lists the automation variables of one unit of a process ("processJson" = the runProcess input, "unitName"): address, INPUT/OUTPUT, default and accepted units, write bounds and the current value of INPUT variables. ' +
    'Stream variables (temperature, pressure, flowRate, density, molarMass) are under the outlet ports, e.g. "HP Sep.gasOutStream.temperature". The process is not run.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'compressor-variables', description: 'The variables of the export compressor', input: { processJson: AUTOMATION_PROCESS, unitName: 'Export Compressor' } }],
  execution: 'inline',
  run: (input: Static<typeof Input>) => {
    const started = performance.now();
    const loaded = loadDefinition(TOOL, input.processJson);
    if (!loaded.ok) return loaded.env;
    const found = findUnit(loaded.definition.units, input.unitName);
    if (!found.ok) return diagnosticFailure(TOOL, found.diagnostic);
    const view = viewOf(loaded.definition, found.unit);
    const variables = variablesOf(found.unit).map((e) => describeVariable(view, e));
    const data = { unitName: found.unit.name, equipmentType: found.unit.type, ...(found.correction ? { autoCorrection: found.correction } : {}), variables, count: variables.length };
    const message = found.correction ? `Unit name corrected from '${found.correction.from}' to '${found.correction.to}'` : 'Variable discovery completed';
    return automationSuccess(TOOL, 'automation variable discovery', data, started, message, { limitations: ['The process is read, not run: values of OUTPUT variables come from getSimulationVariable'] });
  },
});
