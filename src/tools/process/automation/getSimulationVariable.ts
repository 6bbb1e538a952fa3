/**
 * getSimulationVariable (core, ADVISORY, v1.0): reads one variable of a process by its dot
 * address, in the unit asked for. A specification (INPUT) is read from the definition; a result
 * (OUTPUT) from the solved flowsheet, so the process is run only when a result is asked for.
 * Misspelt unit, port or property names are corrected (reported in `corrections`); anything that
 * cannot be resolved is a diagnostic error with suggestions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { resolveAddress } from './address.js';
import { automationSuccess, CorrectionSchema, diagnosticFailure, loadDefinition, modelOf, ProcessJsonField, readVariable, solveDefinition, viewOf } from './common.js';
import { AUTOMATION_PROCESS } from './examples.js';

const TOOL = 'getSimulationVariable';

const Input = Type.Object(
  {
    processJson: ProcessJsonField,
    address: Type.String({ minLength: 1, maxLength: 400, description: '"<unit>.<property>" or "<unit>.<port>.<property>", e.g. "Export Compressor.power" or "HP Sep.gasOutStream.temperature"' }),
    unit: Type.Optional(Type.String({ maxLength: 32, description: 'Unit of the answer (e.g. "C", "bara", "kg/hr", "kW"); default: the variable\'s default unit' })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    address: Type.String({ description: 'The address that was read (after any correction)' }),
    requestedAddress: Type.String(),
    value: Type.Number(),
    unit: Type.String(),
    variableType: Type.Union([Type.Literal('INPUT'), Type.Literal('OUTPUT')]),
    corrections: Type.Array(CorrectionSchema),
  },
  { additionalProperties: false },
);

function read(input: Static<typeof Input>, ctx: ToolContext) {
  const started = performance.now();
  const loaded = loadDefinition(TOOL, input.processJson);
  if (!loaded.ok) return loaded.env;
  const { definition } = loaded;
  const hit = resolveAddress(definition.units, input.address);
  if (!hit.ok) return diagnosticFailure(TOOL, hit.diagnostic, hit.corrections);
  let solved;
  if (hit.entry.def.type === 'OUTPUT') {
    const s = solveDefinition(TOOL, definition, ctx);
    if (!s.ok) return s.env;
    solved = s.solved;
  }
  const value = readVariable(viewOf(definition, hit.unit, solved), hit.entry, input.unit, hit.address);
  if (!value.ok) return diagnosticFailure(TOOL, value.diagnostic, hit.corrections);
  const data = { address: hit.address, requestedAddress: input.address, value: value.value, unit: value.unit, variableType: hit.entry.def.type, corrections: hit.corrections };
  const message = hit.corrections.length ? `Address corrected to '${hit.address}'` : 'Variable read';
  return automationSuccess(TOOL, 'automation variable read', data, started, message, { model: modelOf(definition), ...(solved ? { iterations: solved.iterations } : {}) });
}

export const getSimulationVariableTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Reads one variable of a process (runProcess input) by address "<unit>.<property>" or "<unit>.<port>.<property>", e.g. a compressor\'s power.',
  description:
    'Reads one variable of a process ("processJson" = the runProcess input) by address: "<unit>.<property>" or "<unit>.<port>.<property>" ' +
    '(e.g. "Export Compressor.power", "HP Sep.gasOutStream.flowRate"), in "unit" if given. Results are computed by running the process; specifications are read from it. ' +
    'Names off by case, spacing or a small typo are corrected and reported in "corrections"; use listUnitVariables for the addresses of a unit.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [
    { name: 'compressor-power', description: 'Shaft power of the export compressor, in kW', input: { processJson: AUTOMATION_PROCESS, address: 'Export Compressor.power', unit: 'kW' } },
    { name: 'separator-gas-temperature', description: 'Temperature of the separator gas, in °C', input: { processJson: AUTOMATION_PROCESS, address: 'HP Sep.gasOutStream.temperature', unit: 'C' } },
  ],
  execution: 'pool',
  run: read,
});
