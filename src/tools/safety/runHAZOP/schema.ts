/** TypeBox schemas of runHAZOP: study input (process definition, nodes, failure modes) and the worksheet out. */
import { RunProcessOutput } from '../../process/runProcess/schema.js';
import { Type, type Static } from '@sinclair/typebox';
import { ProcessJsonField } from '../../process/automation/common.js';
import { FAILURE_MODE_IDS } from './catalogue.js';

const Name = (d: string, max = 200) => Type.String({ minLength: 1, maxLength: max, description: d });

const Limits = Type.Object(
  {
    maxTemperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000, description: 'Design (maximum allowed) temperature, °C' })),
    minTemperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000, description: 'Minimum design metal temperature, °C' })),
    maxPressure_bara: Type.Optional(Type.Number({ minimum: 0, maximum: 10000, description: 'Design pressure, bara' })),
    minPressure_bara: Type.Optional(Type.Number({ minimum: 0, maximum: 10000, description: 'Lowest allowed pressure (vacuum design), bara' })),
  },
  { additionalProperties: false, description: 'Design limits of the node’s equipment; every deviated temperature/pressure of that equipment is checked (equal to a limit = AT_LIMIT, beyond = EXCEEDS)' },
);

const Node = Type.Object(
  {
    nodeId: Name('Node identifier, unique in the study'),
    designIntent: Type.Optional(Type.String({ maxLength: 1000 })),
    equipment: Type.Array(Name('Unit name, exactly as in the process definition'), { minItems: 1, maxItems: 50 }),
    safeguards: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 50, description: 'Passed through to the rows' })),
    evidenceRefs: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50, description: 'Document evidence ids (P&ID, C&E, SRS…), passed through to the rows' })),
    limits: Type.Optional(Limits),
  },
  { additionalProperties: false },
);

export const HazopInput = Type.Object(
  {
    studyId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Default "HAZOP-001"; row ids are <studyId>-ROW-001…' })),
    processDefinition: Type.Optional(ProcessJsonField),
    processJson: Type.Optional(ProcessJsonField),
    nodes: Type.Array(Node, { minItems: 1, maxItems: 100 }),
    failureModes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: 20, description: `Catalogue: ${FAILURE_MODE_IDS.join(', ')} (case and -/space are ignored); an unknown one is refused` })),
    enableAllFailureModes: Type.Optional(Type.Boolean({ description: 'Every catalogue mode (also the default when failureModes is absent)' })),
    runSimulations: Type.Optional(Type.Boolean({ description: 'false: every row qualitative (default true)' })),
    barrierRegister: Type.Optional(Type.Unknown({ description: 'Accepted for compatibility and not used here (a warning says so): pass it to runBarrierRegister' })),
  },
  { additionalProperties: false },
);
export type HazopInput = Static<typeof HazopInput>;

const Verdict = Type.Union([Type.Literal('EXCEEDS'), Type.Literal('AT_LIMIT'), Type.Literal('WITHIN')]);
const LimitCheck = Type.Object(
  {
    nodeId: Type.String(),
    equipment: Type.String(),
    variable: Type.Union([Type.Literal('temperature'), Type.Literal('pressure')]),
    stream: Type.Optional(Type.String()),
    limit: Type.String(),
    limitValue: Type.Number(),
    unit: Type.String(),
    baseline: Type.Number(),
    deviated: Type.Number(),
    verdict: Verdict,
    baselineVerdict: Verdict,
  },
  { additionalProperties: false },
);
const RowValue = Type.Object(
  {
    equipment: Type.String(),
    variable: Type.String({ description: 'temperature, pressure (of the outlet stream), power, duty' }),
    stream: Type.Optional(Type.String({ description: 'runProcess stream name' })),
    unit: Type.String({ description: 'C, bara, kW' }),
    baseline: Type.Number(),
    deviated: Type.Number(),
    change: Type.Number({ description: 'deviated − baseline' }),
    source: Type.Array(Type.String(), { description: 'Path into runProcess data where both values are read, e.g. ["streams","Intercooler","temperature_C"]' }),
  },
  { additionalProperties: false },
);
const Perturbation = Type.Object(
  { kind: Type.String({ description: 'ZERO_DUTY, ZERO_UA or PASS_THROUGH' }), from: Type.Record(Type.String(), Type.Unknown()), to: Type.Record(Type.String(), Type.Unknown(), { description: 'The unit object as run in the deviated case' }) },
  { additionalProperties: false },
);
const Row = Type.Object(
  {
    rowId: Type.String(),
    nodeId: Type.String(),
    designIntent: Type.String(),
    equipment: Type.String(),
    equipmentType: Type.String(),
    failureMode: Type.String(),
    deviation: Type.String({ description: '<GUIDEWORD>_<PARAMETER>' }),
    guideWord: Type.String({ description: 'IEC 61882 guide word; for simulated rows from the sign of the change of the first value' }),
    parameter: Type.String(),
    cause: Type.String(),
    consequence: Type.String({ description: 'Written from the baseline and deviated numbers' }),
    safeguards: Type.String(),
    recommendation: Type.String(),
    recommendationRules: Type.Array(Type.String()),
    evidenceRefs: Type.Array(Type.String()),
    limitChecks: Type.Array(LimitCheck),
    simulation: Type.Object(
      {
        scenario: Type.String(),
        status: Type.Union([Type.Literal('success'), Type.Literal('error'), Type.Literal('not_run')]),
        representation: Type.String(),
        reason: Type.Optional(Type.String()),
        errorCode: Type.Optional(Type.String()),
        errorMessage: Type.Optional(Type.String()),
        perturbation: Type.Optional(Perturbation),
        values: Type.Optional(Type.Array(RowValue, { description: 'The deviation’s own values first, then every other one that changed (flowsheet order)' })),
        omittedValueCount: Type.Optional(Type.Integer()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const NotApplicable = Type.Object({ failureMode: Type.String(), reason: Type.String() }, { additionalProperties: false });

export const HazopOutput = Type.Object(
  {
    standard: Type.String(),
    studyId: Type.String(),
    summary: Type.Object(
      {
        nodeCount: Type.Integer(),
        enabledFailureModeCount: Type.Integer(),
        identifiedFailureCount: Type.Integer({ description: '(unit, mode) pairs of the whole catalogue that apply to any unit of the process' }),
        hazopRowCount: Type.Integer(),
        simulatedRowCount: Type.Integer(),
        notRunRowCount: Type.Integer(),
        errorRowCount: Type.Integer(),
        simulationRunCount: Type.Integer({ description: 'Deviated flowsheets run (the baseline not counted); rows may share one' }),
        failedSimulationCount: Type.Integer(),
        rowsExceedingLimitsCount: Type.Integer(),
        rowsAtLimitCount: Type.Integer(),
        notApplicableFailureModeCount: Type.Integer({ description: 'Enabled modes that apply to no equipment of any node' }),
      },
      { additionalProperties: false },
    ),
    process: Type.Object(
      { name: Type.String(), equipmentCount: Type.Integer(), warnings: Type.Array(Type.String()), baselineUnits: Type.Unsafe<Record<string, unknown>>({ ...RunProcessOutput.properties.units, description: 'runProcess data.units of the baseline' }) },
      { additionalProperties: false },
    ),
    nodes: Type.Array(
      Type.Object(
        {
          nodeId: Type.String(),
          designIntent: Type.String(),
          equipment: Type.Array(Type.String()),
          safeguards: Type.Array(Type.String()),
          evidenceRefs: Type.Array(Type.String()),
          limits: Type.Optional(Type.Record(Type.String(), Type.Number())),
          deviationCount: Type.Integer(),
          notApplicableFailureModes: Type.Array(NotApplicable),
          textReport: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    hazopRows: Type.Array(Row),
    scenarioResults: Type.Array(
      Type.Object(
        {
          scenario: Type.String(),
          equipment: Type.String(),
          failureModes: Type.Array(Type.String()),
          status: Type.Union([Type.Literal('success'), Type.Literal('error'), Type.Literal('not_run')]),
          executionTimeMs: Type.Number(),
          errorCode: Type.Optional(Type.String()),
          errorMessage: Type.Optional(Type.String()),
          reason: Type.Optional(Type.String()),
          perturbation: Perturbation,
        },
        { additionalProperties: false },
      ),
    ),
    notApplicableFailureModes: Type.Array(NotApplicable),
    qualityGates: Type.Object(
      {
        humanReviewRequired: Type.Boolean(),
        hasProcessSimulation: Type.Boolean(),
        hasDocumentEvidence: Type.Boolean(),
        hasGeneratedRows: Type.Boolean(),
        allSimulationsSucceeded: Type.Boolean(),
        reviewNote: Type.String(),
      },
      { additionalProperties: false },
    ),
    reportMarkdown: Type.String(),
    documentExtractionTemplate: Type.Object({ purpose: Type.String(), fields: Type.Array(Type.String()) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type HazopOutput = Static<typeof HazopOutput>;
