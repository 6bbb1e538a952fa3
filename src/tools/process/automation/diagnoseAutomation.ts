/**
 * diagnoseAutomation (core, ADVISORY, v1.0): explains why an automation address failed, or would:
 * which part does not resolve (unit, port, property), the closest names, what exists there, and
 * for a write whether the variable is writable. An address that resolves (perhaps after
 * self-healing corrections) is reported as such, with the address to use instead.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineTool } from '../../contract/types.js';
import { findUnit, resolveAddress } from './address.js';
import { automationSuccess, CorrectionSchema, loadDefinition, ProcessJsonField } from './common.js';
import { addressOf, variablesOf } from './variables.js';
import { AUTOMATION_PROCESS } from './examples.js';

const TOOL = 'diagnoseAutomation';

const Input = Type.Object(
  {
    processJson: ProcessJsonField,
    failedAddress: Type.String({ minLength: 1, maxLength: 400, description: 'The address that failed (or that you want checked)' }),
    operation: Type.Optional(Type.Union([Type.Literal('get'), Type.Literal('set')], { description: 'What was attempted (default get); "set" also checks that the variable is writable' })),
  },
  { additionalProperties: false },
);
const Diagnosis = Type.Object(
  {
    category: Type.String(),
    originalInput: Type.String(),
    errorMessage: Type.String(),
    suggestions: Type.Array(Type.String()),
    remediation: Type.String(),
    context: Type.Optional(
      Type.Object(
        {
          unit: Type.Optional(Type.String()),
          unitType: Type.Optional(Type.String()),
          availableUnits: Type.Optional(Type.Array(Type.String())),
          availablePorts: Type.Optional(Type.Array(Type.String())),
          availableVariables: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false, description: 'What the address could have named: units, ports or variables' },
      ),
    ),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    failedAddress: Type.String(),
    operation: Type.String(),
    resolvable: Type.Boolean({ description: 'The address (after corrections) names a variable the operation can use' }),
    resolvedAddress: Type.Optional(Type.String()),
    corrections: Type.Array(CorrectionSchema),
    diagnosis: Type.Optional(Diagnosis),
    availableVariables: Type.Array(Type.String(), { description: 'Addresses of the unit concerned (or of every unit when the unit is unknown)' }),
  },
  { additionalProperties: false },
);

export const diagnoseAutomationTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Explains why an automation address (unit.property) does not resolve on a process, with the closest names and a corrected address.',
  description:
    'Diagnoses an automation address against a process ("processJson" = the runProcess input, "failedAddress", "operation" get|set): which part does not resolve, the closest names, the variables that exist there, ' +
    'and whether a set would be allowed. Returns the corrected address when self-healing can resolve it.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'misspelt-address', description: 'A misspelt unit and property', input: { processJson: AUTOMATION_PROCESS, failedAddress: 'export compresor.outPressure', operation: 'set' } }],
  execution: 'inline',
  run: (input: Static<typeof Input>) => {
    const started = performance.now();
    const loaded = loadDefinition(TOOL, input.processJson);
    if (!loaded.ok) return loaded.env;
    const units = loaded.definition.units;
    const operation = input.operation ?? 'get';
    const hit = resolveAddress(units, input.failedAddress);
    const unitName = input.failedAddress.split('.')[0]?.trim() ?? '';
    const unit = findUnit(units, unitName);
    const available = (unit.ok ? [unit.unit] : units).flatMap((u) => variablesOf(u).map((e) => addressOf(u.name, e)));
    let diagnosis = hit.ok ? undefined : hit.diagnostic;
    if (hit.ok && operation === 'set' && hit.entry.def.json === undefined) {
      diagnosis = { category: 'READ_ONLY_VARIABLE', originalInput: input.failedAddress, errorMessage: `${hit.address} is a computed result and cannot be set`, suggestions: [], remediation: "Set one of the unit's specifications instead (getAdjustableParameters lists them)" };
    }
    const data = {
      failedAddress: input.failedAddress,
      operation,
      resolvable: diagnosis === undefined,
      ...(hit.ok ? { resolvedAddress: hit.address } : {}),
      corrections: hit.corrections,
      ...(diagnosis ? { diagnosis } : {}),
      availableVariables: available,
    };
    const message = diagnosis ? `${diagnosis.category}: ${diagnosis.errorMessage}` : hit.ok && hit.corrections.length ? `Resolves as '${hit.address}' after correction` : 'The address resolves';
    return automationSuccess(TOOL, 'automation diagnostics', data, started, message);
  },
});
