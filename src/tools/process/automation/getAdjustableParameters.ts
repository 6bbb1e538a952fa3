/**
 * getAdjustableParameters (core, ADVISORY, v1.7): the decision space of a process for an
 * optimizer or a study: every INPUT variable that can be written (setSimulationVariable), with its
 * unit, bounds and current value. The bounds are the limits a write accepts (physical validity of
 * the engine: temperatures 50–1500 K, pressures 0.01–1000 bara, fractions 0–1), not design limits
 * of the equipment. Reads the definition only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineTool } from '../../contract/types.js';
import { automationSuccess, describeVariable, loadDefinition, ProcessJsonField, viewOf } from './common.js';
import { variablesOf } from './variables.js';
import { AUTOMATION_PROCESS } from './examples.js';

const TOOL = 'getAdjustableParameters';

const Input = Type.Object({ processJson: ProcessJsonField }, { additionalProperties: false });
const Parameter = Type.Object(
  {
    name: Type.String(),
    address: Type.String(),
    unit: Type.String({ description: 'Unit of the bounds and the current value' }),
    lowerBound: Type.Optional(Type.Number()),
    lowerBoundExclusive: Type.Optional(Type.Boolean({ description: 'The value must be above lowerBound' })),
    upperBound: Type.Optional(Type.Number()),
    currentValue: Type.Optional(Type.Number()),
    targetUnitName: Type.String(),
    targetProperty: Type.String(),
    equipmentType: Type.String(),
    description: Type.String(),
    source: Type.Literal('specification'),
  },
  { additionalProperties: false },
);
export const Output = Type.Object({ schemaVersion: Type.Literal('1.0'), count: Type.Integer(), parameters: Type.Array(Parameter) }, { additionalProperties: false });

export const getAdjustableParametersTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.7',
  summary: 'Lists the writable input variables of a process (addresses, units, bounds, current values): the decision space for setSimulationVariable and optimizers.',
  description:
    'Enumerates the adjustable INPUT variables of a process ("processJson" = the runProcess input): address, unit, lower/upper bound and current value, ' +
    'the decision space for setSimulationVariable, parametric studies and optimizers. Bounds are what a write accepts (engine validity), not equipment design limits.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'decision-space', description: 'Adjustable specifications of a separator–compressor–cooler train', input: { processJson: AUTOMATION_PROCESS } }],
  execution: 'inline',
  run: (input: Static<typeof Input>) => {
    const started = performance.now();
    const loaded = loadDefinition(TOOL, input.processJson);
    if (!loaded.ok) return loaded.env;
    const parameters = loaded.definition.units.flatMap((unit) => {
      const view = viewOf(loaded.definition, unit);
      return variablesOf(unit)
        .filter((e) => e.def.type === 'INPUT' && e.def.json !== undefined)
        .map((e) => {
          const v = describeVariable(view, e);
          return {
            name: `${unit.name} ${e.def.property}`,
            address: v.address,
            unit: v.defaultUnit,
            ...(v.minimumValue !== undefined ? { lowerBound: v.minimumValue } : {}),
            ...(v.minimumExclusive ? { lowerBoundExclusive: true } : {}),
            ...(v.maximumValue !== undefined ? { upperBound: v.maximumValue } : {}),
            ...(v.value !== undefined ? { currentValue: v.value } : {}),
            targetUnitName: unit.name,
            targetProperty: e.def.property,
            equipmentType: unit.type,
            description: e.def.description,
            source: 'specification' as const,
          };
        });
    });
    return automationSuccess(TOOL, 'adjustable parameter discovery', { schemaVersion: '1.0' as const, count: parameters.length, parameters }, started, `${parameters.length} adjustable parameters`);
  },
});
