/**
 * runOperationalStudy's result, one shape per action (the `action` field names it), so a client
 * generated from the schema types every field.
 */
import { Type } from '@sinclair/typebox';
import { RunProcessInput } from '../runProcess/schema.js';

const ProcessJsonOut = Type.Unsafe<Record<string, unknown>>({ ...RunProcessInput, description: 'The updated process definition (runProcess input), to chain into the next call' });
const NullableNumber = (description?: string) => Type.Union([Type.Number(), Type.Null()], description !== undefined ? { description } : {});
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ResponseMetricsSchema = Type.Object({
  initialValue: Type.Number(),
  setPointChange: Type.Number(),
  finalValue: Type.Number(),
  steadyStateError: Type.Number(),
  riseTime: NullableNumber('s from 10 % to 90 % of the set-point change; null when not reached'),
  overshootPercent: NullableNumber(),
  peakTime: NullableNumber(),
  peakValue: Type.Number(),
  settlingTime: NullableNumber('s; null when the response never settles within the tolerance'),
  settled: Type.Boolean(),
  iae: Type.Number(),
  ise: Type.Number(),
  itae: Type.Number(),
  errorSignChanges: Type.Integer(),
  outputSaturationFraction: NullableNumber('share of samples at the output limits; null without controllerOutput'),
});

const ControllerResponse = Type.Composite(
  [Type.Object({ action: Type.Literal('evaluateControllerResponse'), setPoint: Type.Number(), settlingTolerance: Type.Number() }), ResponseMetricsSchema],
  { title: 'evaluateControllerResponse' },
);

const OperatingEnvelope = Type.Object(
  {
    action: Type.Literal('evaluateOperatingEnvelope'),
    capacities: Type.Array(
      Type.Object({
        name: Type.String(),
        value: Type.Number(),
        limit: Type.Number(),
        kind: Type.Union([Type.Literal('max'), Type.Literal('min')]),
        unit: NullableString,
        utilizationPercent: Type.Number(),
        marginPercent: Type.Number(),
        exceeded: Type.Boolean(),
        nearLimit: Type.Boolean(),
        source: Type.String({ description: '"given", or the model address the value was read from' }),
      }),
    ),
    bottleneck: NullableString,
    exceededCount: Type.Integer(),
    nearLimitCount: Type.Integer(),
    predictionHorizonSeconds: Type.Number(),
    marginTrends: Type.Array(
      Type.Object({ name: Type.String(), slopePercentPerSecond: Type.Number(), secondsToLimit: NullableNumber(), tripPredictedWithinHorizon: Type.Boolean() }),
    ),
  },
  { title: 'evaluateOperatingEnvelope' },
);

const Finding = Type.Object({ severity: Type.Union([Type.Literal('ERROR'), Type.Literal('WARNING')]), code: Type.String(), logicalTag: Type.String(), message: Type.String() });
const TagMap = Type.Object(
  {
    action: Type.Literal('validateTagMap'),
    valid: Type.Boolean(),
    bindingCount: Type.Integer(),
    findings: Type.Array(Finding),
    resolvedAddresses: Type.Record(Type.String(), Type.String(), { description: 'canonical model address by logical tag' }),
  },
  { title: 'validateTagMap' },
);

const AppliedInput = Type.Object({ logicalTag: Type.String(), address: Type.String(), value: Type.Number(), unit: NullableString });
const FieldData = Type.Object(
  {
    action: Type.Literal('applyFieldData'),
    appliedInputs: Type.Array(AppliedInput),
    benchmarks: Type.Array(
      Type.Object({
        logicalTag: Type.String(),
        address: Type.String(),
        model: Type.Number(),
        field: NullableNumber(),
        unit: Type.String(),
        deviation: NullableNumber('relative to the field value, or absolute when the field value is 0'),
        deviationIsRelative: Type.Boolean(),
        withinTolerance: Type.Union([Type.Boolean(), Type.Null()]),
      }),
    ),
    virtualTags: Type.Array(Type.Object({ logicalTag: Type.String(), address: Type.String(), value: Type.Number(), unit: Type.String() })),
    benchmarkToleranceFraction: Type.Number(),
    benchmarksWithinTolerance: Type.Integer(),
    benchmarksCompared: Type.Integer(),
    processJson: ProcessJsonOut,
  },
  { title: 'applyFieldData' },
);

const StepBase = { index: Type.Integer() };
const ScenarioStep = Type.Union([
  Type.Object({ ...StepBase, type: Type.Literal('SET_VARIABLE'), address: Type.String(), value: Type.Number(), unit: NullableString }),
  Type.Object({ ...StepBase, type: Type.Literal('APPLY_FIELD_INPUTS'), applied: Type.Array(AppliedInput) }),
  Type.Object({ ...StepBase, type: Type.Literal('RUN_STEADY_STATE'), converged: Type.Boolean() }),
  Type.Object({ ...StepBase, type: Type.Literal('SET_VALVE_OPENING'), target: Type.String(), value: Type.Number(), appliesTo: Type.String() }),
  Type.Object({ ...StepBase, type: Type.Literal('RUN_TRANSIENT'), duration_seconds: Type.Number() }),
]);
const ReadValue = Type.Object({
  logicalTag: Type.Optional(Type.String()),
  address: Type.String(),
  value: NullableNumber('null when the read failed (see error)'),
  unit: NullableString,
  error: Type.Optional(Type.String()),
});
const Scenario = Type.Object(
  {
    action: Type.Literal('runScenario'),
    steps: Type.Array(ScenarioStep),
    runs: Type.Array(Type.Object({ afterAction: Type.Integer(), converged: Type.Boolean(), iterations: Type.Integer(), values: Type.Array(ReadValue) })),
    transients: Type.Array(
      Type.Object({
        afterAction: Type.Integer(),
        duration_seconds: Type.Number(),
        timeStep_seconds: Type.Number(),
        totalSteps: Type.Integer(),
        finalTransmitters: Type.Record(Type.String(), Type.Object({ value: Type.Number(), unit: Type.String() })),
        loops: Type.Array(
          Type.Object({
            tag: Type.String(),
            kind: Type.String(),
            setpoint: Type.Number(),
            unit: Type.String(),
            finalOutput: Type.Number(),
            metrics: Type.Union([ResponseMetricsSchema, Type.Null()]),
          }),
        ),
        maxMassBalanceRelativeError: Type.Number(),
        maxEnergyBalanceRelativeError: Type.Number(),
        stoppedEarly: Type.Optional(Type.Object({ time_seconds: Type.Number(), code: Type.String(), reason: Type.String() }, { description: 'why the transient stopped before its duration (runDynamic stoppedEarly)' })),
      }),
    ),
    processJson: ProcessJsonOut,
  },
  { title: 'runScenario' },
);

export const OperationalOutput = Type.Union([ControllerResponse, OperatingEnvelope, TagMap, FieldData, Scenario], { description: 'Per action; "action" names it' });
