/**
 * setSimulationVariable (advanced, EXECUTION, v1.0): writes one specification of a process by its
 * dot address, re-runs the flowsheet and returns the new results with the updated process JSON,
 * so a caller can chain further changes (the service keeps no state between calls).
 * The write goes into the definition itself (properties[key] = [value, unit]), and that JSON is
 * what is run and returned: what you get back is exactly what was simulated.
 * Refused with a diagnostic: results that are not writable (READ_ONLY_VARIABLE), values outside
 * what the engine accepts (VALUE_OUT_OF_BOUNDS), unknown units; a flowsheet that no longer
 * solves is the engine's error, as in runProcess.
 */
import { Type, type Static } from '@sinclair/typebox';
// A value written by address is in the variable's own unit: only kept finite here; the write
// checks the variable's range.
import { VALUE_LIMIT, signed } from '../../contract/bounded.js';
import { buildProcessPayload } from '../runProcess/report.js';
import { RunProcessOutput } from '../runProcess/schema.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { resolveAddress } from './address.js';
import { automationSuccess, CorrectionSchema, diagnosticFailure, loadDefinition, modelOf, ProcessJsonField, readVariable, solveDefinition, viewOf } from './common.js';
import { checkWrite, writeIntoJson } from './write.js';
import { AUTOMATION_PROCESS } from './examples.js';

const TOOL = 'setSimulationVariable';

const Input = Type.Object(
  {
    processJson: ProcessJsonField,
    address: Type.String({ minLength: 1, maxLength: 400, description: 'Address of a writable variable, e.g. "Export Compressor.outletPressure" (getAdjustableParameters lists them)' }),
    value: signed(VALUE_LIMIT, { description: 'New value, in "unit"' }),
    unit: Type.Optional(Type.String({ maxLength: 32, description: 'Unit of the value (e.g. "bara", "C", "kg/hr", "kW", "%"); default: the variable\'s default unit' })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    address: Type.String(),
    requestedAddress: Type.String(),
    value: Type.Number({ description: 'The variable read back from the re-run process, in unit' }),
    unit: Type.String(),
    previousValue: Type.Optional(Type.Number({ description: 'The specification before the write, in unit (when it was a specification)' })),
    corrections: Type.Array(CorrectionSchema),
    processJson: Type.Record(Type.String(), Type.Unknown(), { description: 'The process definition with the new value: pass it to the next call' }),
    simulationReport: RunProcessOutput,
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

function write(input: In, ctx: ToolContext) {
  const started = performance.now();
  const loaded = loadDefinition(TOOL, input.processJson);
  if (!loaded.ok) return loaded.env;
  const { definition } = loaded;
  const hit = resolveAddress(definition.units, input.address);
  if (!hit.ok) return diagnosticFailure(TOOL, hit.diagnostic, hit.corrections);
  const check = checkWrite(definition, hit.unit, hit.entry, hit.address, input.value, input.unit);
  if (!check.ok) return diagnosticFailure(TOOL, check.diagnostic, hit.corrections);
  const previous = hit.entry.def.type === 'INPUT' ? readVariable(viewOf(definition, hit.unit), hit.entry, check.unit, hit.address) : undefined;
  const doc = writeIntoJson(input.processJson as unknown as Record<string, unknown>, definition, hit.unit, hit.entry, check.si, check.unit, input.value);

  const next = loadDefinition(TOOL, doc);
  if (!next.ok) return next.env;
  const solved = solveDefinition(TOOL, next.definition, ctx);
  if (!solved.ok) return solved.env;
  const unitAfter = next.definition.units.find((u) => u.name === hit.unit.name)!;
  const after = readVariable(viewOf(next.definition, unitAfter, solved.solved), hit.entry, check.unit, hit.address);
  if (!after.ok) return diagnosticFailure(TOOL, after.diagnostic, hit.corrections);
  const { payload, warnings } = buildProcessPayload(next.definition.units, solved.solved, next.definition.feeds);
  const model = modelOf(next.definition);
  const data = {
    address: hit.address,
    requestedAddress: input.address,
    value: after.value,
    unit: after.unit,
    ...(previous?.ok ? { previousValue: previous.value } : {}),
    corrections: hit.corrections,
    processJson: doc,
    simulationReport: { processSystemName: typeof doc.name === 'string' ? doc.name : 'process', model, ...payload },
  };
  return automationSuccess(TOOL, 'automation variable write and re-run', data, started, `${hit.address} set; process re-run`, { model, iterations: solved.solved.iterations, warnings: [...next.definition.warnings, ...warnings] });
}

export const setSimulationVariableTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'EXECUTION',
  since: 'v1.0',
  summary: 'Sets one specification of a process by address, re-runs it and returns the value read back and the updated processJson.',
  description:
    'Sets one specification of a process ("processJson" = the runProcess input) by address (e.g. "Export Compressor.outletPressure", "feed.flowRate", "Aftercooler.outletTemperature"), re-runs it and returns ' +
    'the value read back, the full simulation report and the updated "processJson" to pass to the next call. Writable variables and bounds: getAdjustableParameters. ' +
    'Writing a heater duty (or a compressor polytropic efficiency) makes it the specification in place of the outlet temperature (isentropic efficiency). EXECUTION: approval-gated in governed profiles.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'raise-discharge-pressure', description: 'Export compressor discharge to 140 bara, re-run', input: { processJson: AUTOMATION_PROCESS, address: 'Export Compressor.outletPressure', value: 140, unit: 'bara' } }],
  execution: 'pool',
  run: write,
});
