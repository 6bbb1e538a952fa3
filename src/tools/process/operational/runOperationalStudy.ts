/**
 * runOperationalStudy (advanced, EXECUTION, v1.5): operations work on a local copy of a process:
 * tag maps checked against the model, field data written in and benchmark tags compared,
 * scenarios of writes and steady-state runs, closed-loop response metrics of a sampled loop, and
 * operating-envelope margins with trended time to a limit. The caller's process JSON is never
 * changed; the modified copy is returned. Transients go through runDynamic (valve openings are
 * applied there); the original's evidence-package and pipe-section actions are not offered.
 */
import type { Static } from '@sinclair/typebox';
import { OperationalOutput } from './output.js';
import { success, type Envelope } from '../../contract/envelope.js';
import { AUTOMATION_PROCESS } from '../automation/examples.js';
import { applyFieldData, runScenario, validateTagMap } from './field.js';
import { evaluateControllerResponse, evaluateOperatingEnvelope, type ActionOutcome } from './metrics.js';
import { TOOL, failed, solveDoc, type ProcessRun } from './process.js';
import { OperationalInput, type OperationalIn } from './schema.js';
import { issue } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { checkProcessKeys } from '../runProcess/unit-keys.js';
import { checkKeys, strictFailure } from '../../contract/strict-keys.js';
import type { DiagnosticIssue } from '../../contract/envelope.js';

/** Keys nothing reads are refused: typos in the process, and field data for no bound tag. */
function strictIssues(input: OperationalIn): DiagnosticIssue[] {
  const out = input.processJson !== undefined ? checkProcessKeys(input.processJson as unknown as Record<string, unknown>, '/processJson') : [];
  if (input.fieldData !== undefined && input.tagBindings !== undefined && input.tagBindings.length > 0) {
    const tags = input.tagBindings.flatMap((b) => (b.historianTag !== undefined ? [b.logicalTag, b.historianTag] : [b.logicalTag]));
    out.push(...checkKeys(input.fieldData, { subject: 'fieldData (values by logical or historian tag of tagBindings)', modelled: tags }, '/fieldData'));
  }
  return out;
}

const ACTIONS: Record<string, (i: OperationalIn) => ActionOutcome | Promise<ActionOutcome>> = {
  evaluatecontrollerresponse: evaluateControllerResponse,
  evaluateoperatingenvelope: (i) => {
    let cached: ProcessRun | undefined;
    return evaluateOperatingEnvelope(i, () => (cached ??= solveDoc(i.processJson)));
  },
  validatetagmap: validateTagMap,
  applyfielddata: applyFieldData,
  runscenario: runScenario,
};
const NOT_OFFERED = new Set(['runevidencepackage', 'analyzepipesections', 'getschema']);

async function run(input: OperationalIn): Promise<Envelope<Static<typeof OperationalOutput>>> {
  const started = performance.now();
  const key = input.action.toLowerCase();
  const action = ACTIONS[key];
  if (action === undefined) {
    const offered = 'evaluateControllerResponse, evaluateOperatingEnvelope, validateTagMap, applyFieldData, runScenario';
    return NOT_OFFERED.has(key)
      ? failed('input', [issue('NOT_IMPLEMENTED_ACTION', `${input.action} is not offered by this service`, `Use one of: ${offered} (getSchema gives the input schema)`, 'action')])
      : failed('input', [issue('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(input.action)}`, `Use one of: ${offered}`, 'action')]);
  }
  const strict = strictIssues(input);
  if (strict.length > 0) return strictFailure(TOOL, strict);
  const r = await action(input);
  if (!r.ok) return failed(r.kind, r.errors);
  return success({
    tool: TOOL,
    // The actions build their results as plain records; output.ts declares each shape (checked
    // against the examples' results by test/http/openapi-examples.test.ts).
    data: r.data as Static<typeof OperationalOutput>,
    warnings: [],
    provenance: {
      calculationType: `operational study: ${r.data.action as string}`,
      convergence: { converged: true, iterations: r.iterations },
      assumptions: ['Work on a local copy of the process definition; the caller\'s JSON is not changed'],
      limitations: ['Transients (RUN_TRANSIENT) run runDynamic\'s single-separator model and are refused for other topologies'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${r.data.action as string} done`,
  });
}

/** Tag map of the examples: one input, one benchmark, one virtual (soft-sensor) tag. */
const FIELD_TAGS = [
  { logicalTag: 'FI-100', automationAddress: 'feed.flowRate', unit: 'kg/hr', role: 'INPUT' as const },
  { logicalTag: 'JI-200', automationAddress: 'Export Compressor.power', unit: 'kW', role: 'BENCHMARK' as const },
  { logicalTag: 'TI-300', automationAddress: 'Export Compressor.outletStream.temperature', unit: 'C', role: 'VIRTUAL' as const },
];

export const runOperationalStudyTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'EXECUTION',
  since: 'v1.5',
  summary: 'Operational studies on a copy of a process: validate a historian tag map, apply field data and compare benchmarks, run scenarios.',
  description:
    'Operational studies on a local copy of a process ("processJson" = runProcess input), by "action": ' +
    'validateTagMap ("tagBindings" [{logicalTag, historianTag, automationAddress, unit, role INPUT|BENCHMARK|VIRTUAL}] checked against the model); ' +
    'applyFieldData (INPUT tags\' "fieldData" written in, the process run, BENCHMARK tags compared within "benchmarkToleranceFraction", VIRTUAL tags read; returns the updated processJson); ' +
    'runScenario ("actions" [{type SET_VARIABLE|APPLY_FIELD_INPUTS|RUN_STEADY_STATE|SET_VALVE_OPENING|RUN_TRANSIENT, target, value, unit}], "reads" after each steady run; RUN_TRANSIENT value = duration s, through runDynamic, with loop response metrics); ' +
    'evaluateControllerResponse ("setPoint", "timeSeconds", "processValue", optional "controllerOutput", "outputMin", "outputMax", "settlingTolerance" → rise time, overshoot, settling time, IAE/ISE/ITAE, saturation); ' +
    'evaluateOperatingEnvelope ("designCapacities" [{name, value or address, unit, limit, kind max|min}] → utilisation, margins, bottleneck; "marginHistory" trended to a time-to-limit within "predictionHorizonSeconds").',
  input: OperationalInput,
  output: OperationalOutput,
  exampleCategory: 'operations',
  examples: [
    {
      name: 'compressor-envelope',
      description: 'Export compressor power and discharge temperature against their limits, read from the model',
      input: {
        action: 'evaluateOperatingEnvelope',
        processJson: AUTOMATION_PROCESS,
        designCapacities: [
          { name: 'compressor power', address: 'Export Compressor.power', unit: 'kW', limit: 500 },
          { name: 'discharge temperature', address: 'Export Compressor.outletStream.temperature', unit: 'C', limit: 150 },
        ],
      },
    },
    {
      name: 'raise-throughput',
      description: 'Feed up 10 %, steady state, compressor power and cooler duty read back',
      input: { action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VARIABLE', target: 'feed.flowRate', value: 11000, unit: 'kg/hr' }, { type: 'RUN_STEADY_STATE' }], reads: [{ address: 'Export Compressor.power', unit: 'kW' }] },
    },
    {
      name: 'controller-step',
      description: 'Rise time, overshoot and settling of a sampled set-point step from 50 to 60',
      input: {
        action: 'evaluateControllerResponse',
        setPoint: 60,
        timeSeconds: [0, 10, 20, 30, 40, 50, 60, 70, 80],
        processValue: [50, 54, 58.5, 61.2, 60.8, 60.2, 59.9, 60.0, 60.0],
        controllerOutput: [0.5, 0.9, 1, 0.8, 0.6, 0.55, 0.55, 0.55, 0.55],
        outputMin: 0,
        outputMax: 1,
      },
    },
    { name: 'tag-map', description: 'A feed-flow input tag, a compressor-power benchmark and a discharge-temperature soft sensor checked against the model', input: { action: 'validateTagMap', processJson: AUTOMATION_PROCESS, tagBindings: FIELD_TAGS } },
    {
      name: 'field-data',
      description: 'Measured feed flow written into the model, compressor power compared with the field value, discharge temperature read as a soft sensor',
      input: { action: 'applyFieldData', processJson: AUTOMATION_PROCESS, tagBindings: FIELD_TAGS, fieldData: { 'FI-100': 10500, 'JI-200': 400 } },
    },
  ],
  execution: 'pool',
  run,
});
