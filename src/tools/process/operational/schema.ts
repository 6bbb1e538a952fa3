/** runOperationalStudy input: one object; each action reads its own fields. */
import { Type, type Static } from '@sinclair/typebox';
import { VALUE_LIMIT, signed } from '../../contract/bounded.js';
import { ProcessJsonField } from '../automation/common.js';

// Free-form operating data (historian values, times, percentages): only kept finite here; the
// study checks ordering and lengths itself.
const series = (description: string) => Type.Array(signed(VALUE_LIMIT), { minItems: 2, maxItems: 100000, description });

export const TagBinding = Type.Object(
  {
    logicalTag: Type.String({ minLength: 1, maxLength: 200 }),
    historianTag: Type.Optional(Type.String({ maxLength: 200 })),
    automationAddress: Type.Optional(Type.String({ maxLength: 400, description: 'Process variable it maps to, e.g. "HP Sep.gasOutStream.temperature"' })),
    unit: Type.Optional(Type.String({ maxLength: 32 })),
    role: Type.Union([Type.Literal('INPUT'), Type.Literal('BENCHMARK'), Type.Literal('VIRTUAL')], { description: 'INPUT: field value written into the model; BENCHMARK: field value compared with the model; VIRTUAL: model value reported' }),
  },
  { additionalProperties: false },
);
export type TagBindingT = Static<typeof TagBinding>;

export const ScenarioAction = Type.Object(
  {
    type: Type.String({ maxLength: 40, description: 'SET_VARIABLE (target address, value, unit), APPLY_FIELD_INPUTS, RUN_STEADY_STATE, SET_VALVE_OPENING (target valve tag or gas/liquid, value 0…1, applied at t = 0 of the next transient) or RUN_TRANSIENT (value = duration s, default 600; runDynamic)' }),
    target: Type.Optional(Type.String({ maxLength: 400, description: 'SET_VARIABLE: the automation address' })),
    value: Type.Optional(signed(VALUE_LIMIT)),
    unit: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);

export const Capacity = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Optional(signed(VALUE_LIMIT, { description: 'The operating value; or give "address" to read it from processJson' })),
    address: Type.Optional(Type.String({ maxLength: 400 })),
    unit: Type.Optional(Type.String({ maxLength: 32, description: 'Unit of the address read (limit in the same unit)' })),
    limit: signed(VALUE_LIMIT, { description: 'Design or trip limit, same unit as the value' }),
    kind: Type.Optional(Type.Union([Type.Literal('max'), Type.Literal('min')], { description: 'max (default): value must stay below; min: above' })),
    nearLimitPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Margin below which the item is near its limit (default 10 %)' })),
  },
  { additionalProperties: false },
);

export const OperationalInput = Type.Object(
  {
    action: Type.String({ maxLength: 60, description: 'evaluateControllerResponse, evaluateOperatingEnvelope, validateTagMap, applyFieldData or runScenario' }),
    processJson: Type.Optional(ProcessJsonField),
    tagBindings: Type.Optional(Type.Array(TagBinding, { maxItems: 500 })),
    fieldData: Type.Optional(Type.Record(Type.String(), signed(VALUE_LIMIT), { description: 'Field values by logical or historian tag of tagBindings (a key that is neither is refused: 400, with "did you mean")' })),
    benchmarkToleranceFraction: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'applyFieldData: relative model–field deviation accepted (default 0.05)' })),
    actions: Type.Optional(Type.Array(ScenarioAction, { maxItems: 100 })),
    reads: Type.Optional(Type.Array(Type.Object({ address: Type.String({ maxLength: 400 }), unit: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }), { maxItems: 200, description: 'runScenario: variables read after each steady-state run' })),
    setPoint: Type.Optional(signed(VALUE_LIMIT)),
    timeSeconds: Type.Optional(series('evaluateControllerResponse: sample times, s, increasing')),
    processValue: Type.Optional(series('evaluateControllerResponse: process value at each time')),
    controllerOutput: Type.Optional(series('evaluateControllerResponse: controller output at each time')),
    outputMin: Type.Optional(signed(VALUE_LIMIT)),
    outputMax: Type.Optional(signed(VALUE_LIMIT)),
    settlingTolerance: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Settling band as a fraction of the setpoint change (default 0.02)' })),
    designCapacities: Type.Optional(Type.Array(Capacity, { maxItems: 500 })),
    marginHistory: Type.Optional(Type.Array(Type.Object({ name: Type.String({ maxLength: 200 }), timeSeconds: series('s'), marginPercent: series('%') }, { additionalProperties: false }), { maxItems: 100 })),
    predictionHorizonSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'Trips predicted within this horizon are flagged (default 3600)' })),
  },
  { additionalProperties: false },
);
export type OperationalIn = Static<typeof OperationalInput>;
