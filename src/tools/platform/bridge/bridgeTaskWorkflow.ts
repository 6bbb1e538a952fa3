/**
 * bridgeTaskWorkflow (experimental, ADVISORY, v1.2): turns a tool's response into the documents
 * agents pass on. "toResultsJson" (default): the task_solve results.json (key results, the
 * validation verdict, tables, references, the caller's approach and conclusions); "toHandoff":
 * one of seed 002's agent handoffs (fluid_definition, process_simulation, flow_assurance,
 * safety_analysis); "getSchema": the shapes of both. Nothing is computed: values are copied from
 * the response (src/tools/platform/bridge/).
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { extract, referencesFor, TOOLS_WITH_EXTRACTORS } from './extractors.js';
import { flowAssurance, fluidDefinition, HANDOFF_TOOLS, processSimulation, safetyAnalysis, type HandoffOutcome } from './handoffs.js';
import { catalogIn, defineTool } from '../../contract/types.js';
import { checkKeys, strictFailure } from '../../contract/strict-keys.js';

const TOOL = 'bridgeTaskWorkflow';

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('toResultsJson'), Type.Literal('toHandoff'), Type.Literal('getSchema')], { description: 'Default toResultsJson' })),
    toolOutput: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The tool\'s whole response (the envelope: status, tool, data, provenance, …)' })),
    sourceRunner: Type.Optional(Type.String({ maxLength: 100, description: 'The tool that produced it, when toolOutput does not say (its "tool" field)' })),
    toolInput: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'toHandoff: the input of that call, for what the response does not restate (runProcess\'s fluid, runFlash\'s multiPhaseCheck)' })),
    taskTitle: Type.Optional(Type.String({ maxLength: 500 })),
    approach: Type.Optional(Type.String({ maxLength: 10_000 })),
    conclusions: Type.Optional(Type.String({ maxLength: 10_000 })),
    sourceAgent: Type.Optional(Type.String({ maxLength: 200, description: 'toHandoff: the agent named as the source (default "neqsim-ts.<tool>")' })),
    assumptions: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50, description: 'Your own assumptions, appended to the response\'s' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    action: Type.String(),
    sourceRunner: Type.Optional(Type.String()),
    resultsJson: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    handoff: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    schemas: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const SCHEMAS = {
  resultsJson: {
    fields: ['key_results', 'validation', 'approach', 'conclusions', 'figure_captions', 'figure_discussion', 'equations', 'tables', 'references', '_meta'],
    key_results: 'Flat {name_with_unit: value} copied from the response; tools with their own extractor: ' + TOOLS_WITH_EXTRACTORS.join(', ') + '; any other tool gives the scalars at the top of its data (_meta.extractor "generic")',
    validation: '{tool_status, converged, iterations, validation_valid, quality_gate, warnings[{code, severity, message}], acceptance_criteria_met: status success, converged, validation valid, no CAUTION warning}',
  },
  handoffs: {
    tools: HANDOFF_TOOLS,
    fluid_definition: ['handoff_type', 'source_agent', 'eos_class', 'mixing_rule', 'temperature_K', 'pressure_bara', 'components[{name, mole_fraction}]', 'multi_phase_check', 'characterization', 'java_code', 'assumptions'],
    process_simulation: ['handoff_type', 'source_agent', 'fluid_definition', 'equipment[{name, type, inlet_*, outlet_*, *_flow_rate_kg_hr, *_density_kg_m3}]', 'mass_balance_error_pct', 'energy_balance_error_pct', 'assumptions'],
    flow_assurance: ['handoff_type', 'source_agent', 'hydrate_temperature_C', 'operating_temperature_C', 'subcooling_margin_C', 'hydrate_risk', 'wax_appearance_temperature_C', 'pipeline_pressure_drop_bar', 'arrival_temperature_C', 'assumptions'],
    safety_analysis: ['handoff_type', 'source_agent', 'scenario', 'initial_pressure_bara', 'final_pressure_bara', 'blowdown_time_minutes', 'minimum_temperature_C', 'mdmt_C', 'mdmt_margin_C', 'psv_required_area_cm2', 'assumptions'],
    nullFields: 'A field the response does not give is null, never estimated',
  },
};

function ok(data: Out): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings: [],
    provenance: { calculationType: `bridge ${data.action}`, convergence: { converged: true, iterations: 0 }, assumptions: ['Values are copied from the tool response, not recomputed'], limitations: [], computationTimeMs: 0 },
    validationPhase: 'bridge',
    validationMessage: `bridge ${data.action}`,
  });
}
const refuse = (code: string, message: string, fix: string, field?: string) => failure(TOOL, 'input', [issue(code, message, fix, field)]);

type Obj = Record<string, any>;

function resultsJson(env: Obj, tool: string, input: In): Obj {
  const ex = extract(tool, env.data);
  const warnings: Obj[] = Array.isArray(env.warnings) ? env.warnings : [];
  const converged = env.provenance?.convergence?.converged;
  const valid = env.validation?.valid;
  const acceptance = env.status === 'success' && converged !== false && valid !== false && !warnings.some((w) => w.severity === 'CAUTION');
  return {
    ...(input.taskTitle !== undefined ? { title: input.taskTitle } : {}),
    key_results: ex.keyResults,
    validation: {
      tool_status: env.status ?? null,
      converged: typeof converged === 'boolean' ? converged : null,
      iterations: typeof env.provenance?.convergence?.iterations === 'number' ? env.provenance.convergence.iterations : null,
      validation_valid: typeof valid === 'boolean' ? valid : null,
      quality_gate: env.qualityGate?.verdict ?? null,
      warnings: warnings.map((w) => ({ code: w.code, severity: w.severity, message: w.message })),
      acceptance_criteria_met: acceptance,
    },
    approach: input.approach ?? `${tool}${env.provenance?.model !== undefined ? ` with the ${env.provenance.model} model` : ''}${env.provenance?.calculationType !== undefined ? ` (${env.provenance.calculationType})` : ''}`,
    conclusions: input.conclusions ?? '',
    figure_captions: {},
    figure_discussion: [],
    equations: [],
    tables: ex.tables,
    references: referencesFor(tool, env.provenance?.model),
    assumptions: [...(Array.isArray(env.provenance?.assumptions) ? env.provenance.assumptions : []), ...(input.assumptions ?? [])],
    _meta: { source: 'neqsim-ts', tool, generated_by: TOOL, extractor: ex.extractor, apiVersion: env.apiVersion ?? null },
  };
}

function handoffOf(env: Obj, tool: string, input: In): HandoffOutcome {
  const agent = input.sourceAgent ?? `neqsim-ts.${tool}`;
  const mine = input.assumptions ?? [];
  switch (tool) {
    case 'runFlash':
      return fluidDefinition(env, input.toolInput as Obj | undefined, agent, mine);
    case 'runProcess':
      return processSimulation(env, input.toolInput as Obj | undefined, agent, mine);
    case 'runFlowAssurance':
      return flowAssurance(env, agent, mine);
    case 'runRelief':
      return safetyAnalysis(env, agent, mine);
    default:
      return { ok: false, code: 'UNSUPPORTED_HANDOFF', message: `No seed-002 handoff is defined for ${tool}`, fix: `Handoffs come from ${HANDOFF_TOOLS.join(', ')}; use "toResultsJson" for any tool` };
  }
}

export const bridgeTaskWorkflowTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Turns a tool\'s response into a task_solve results.json or a seed-002 agent handoff: use it to pass results on to another agent or workflow.',
  description:
    'Turns a tool response into what agents pass on: "toResultsJson" (default) → task_solve results.json {key_results, validation {acceptance_criteria_met, …}, approach, conclusions, tables, references, _meta}; ' +
    '"toHandoff" → a seed-002 agent handoff (runFlash → fluid_definition with NeqSim java_code, runProcess → process_simulation, runFlowAssurance hydrate map → flow_assurance, runRelief → safety_analysis); "getSchema". ' +
    'Pass the whole response as "toolOutput" (and for handoffs the call\'s input as "toolInput"). Values are copied, not recomputed; what a response does not give is null.',
  input: Input,
  output: Output,
  exampleCategory: 'bridge',
  examples: [{ name: 'schema', description: 'The results.json and handoff shapes', input: { action: 'getSchema' } }],
  execution: 'inline',
  run(input, ctx): Envelope<Out> {
    const action = input.action ?? 'toResultsJson';
    if (action === 'getSchema') return ok({ action, schemas: SCHEMAS });
    const env = input.toolOutput as Obj | undefined;
    if (env === undefined) return refuse('MISSING_FIELD', `${action} needs "toolOutput"`, 'Pass the whole response of the tool call as "toolOutput"', 'toolOutput');
    const tool = input.sourceRunner ?? (typeof env.tool === 'string' ? env.tool : undefined);
    if (tool === undefined) return refuse('MISSING_FIELD', 'Which tool produced toolOutput is not known', 'Pass the whole response (it has a "tool" field) or give "sourceRunner"', 'sourceRunner');
    const producer = catalogIn(ctx).get(tool);
    if (producer === undefined) return refuse('UNKNOWN_TOOL', `No tool named ${JSON.stringify(tool)}`, 'Name the tool that produced the response, e.g. "runFlash"', 'sourceRunner');
    if (input.toolInput !== undefined) {
      // toolInput is that call's input: a key the producer does not take is a mistake, not something to skip.
      const keys = Object.keys((producer.input as { properties?: object }).properties ?? {});
      const strict = keys.length > 0 ? checkKeys(input.toolInput, { subject: `toolInput (the ${tool} input)`, modelled: keys }, '/toolInput') : [];
      if (strict.length > 0) return strictFailure(TOOL, strict);
    }
    if (env.status !== undefined && env.status !== 'success') return refuse('TOOL_FAILED', `The ${tool} response has status ${JSON.stringify(env.status)}: there are no results to pass on`, 'Fix the call first; its errors say how', 'toolOutput');
    if (env.data === undefined) return refuse('MISSING_FIELD', 'toolOutput has no "data"', 'Pass the whole response (envelope), not just part of it', 'toolOutput');
    if (action === 'toResultsJson') return ok({ action, sourceRunner: tool, resultsJson: resultsJson(env, tool, input) });
    const h = handoffOf(env, tool, input);
    if (!h.ok) return refuse(h.code, h.message, h.fix, 'toolOutput');
    return ok({ action, sourceRunner: tool, handoff: h.handoff });
  },
});
