/**
 * bridgeTaskWorkflow (experimental, ADVISORY, v1.2): turns a tool's response into the documents
 * agents pass on. "toResultsJson" (default): the task_solve results.json (key results, the
 * validation verdict, tables, references, the caller's approach and conclusions); "toHandoff":
 * one of seed 002's six agent handoffs (fluid_definition, process_simulation, mechanical_design,
 * flow_assurance, safety_analysis, lifecycle_state); "validateHandoff": the receiving agent's
 * checks of an incoming handoff; "fromHandoff": feeds a valid handoff to the tool that consumes
 * it; "getSchema": the shapes (JSON Schemas of the handoffs). toHandoff computes nothing: values
 * are copied from the response (src/tools/platform/bridge/).
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { extract, referencesFor, TOOLS_WITH_EXTRACTORS } from './extractors.js';
import { flowAssurance, fluidDefinition, HANDOFF_TOOLS, processSimulation, safetyAnalysis, type HandoffOutcome } from './handoffs.js';
import { catalogIn, defineTool, type ToolContext } from '../../contract/types.js';
import { mechanicalDesign, lifecycleState } from './handoffs-design.js';
import { validateHandoff } from './handoff-checks.js';
import { consumeHandoff } from './handoff-consume.js';
import { HANDOFF_TYPES, handoffSchemaDocument, handoffSchemaUri } from '../../contract/catalog/handoff-schemas.js';
import { checkKeys, strictFailure } from '../../contract/strict-keys.js';

const TOOL = 'bridgeTaskWorkflow';

const Input = Type.Object(
  {
    action: Type.Optional(
      Type.Union([Type.Literal('toResultsJson'), Type.Literal('toHandoff'), Type.Literal('validateHandoff'), Type.Literal('fromHandoff'), Type.Literal('getSchema')], { description: 'Default toResultsJson' }),
    ),
    handoff: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'validateHandoff / fromHandoff: the incoming handoff' })),
    targetAgent: Type.Optional(Type.String({ maxLength: 200, description: 'lifecycle handoff target_agent' })),
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
    validation: Type.Optional(
      Type.Object(
        {
          handoffType: Type.Union([Type.String(), Type.Null()]),
          valid: Type.Boolean({ description: 'No check failed' }),
          checks: Type.Array(
            Type.Object(
              {
                check: Type.String({ description: 'schema, units, mass_balance, phase_consistency or integrity' }),
                status: Type.String({ description: 'PASS, FAIL, WARNING or NOT_APPLICABLE' }),
                message: Type.String(),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false, description: 'validateHandoff and fromHandoff: the checks of the incoming handoff' },
      ),
    ),
    consumption: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'fromHandoff: the consuming tool (consumedBy), its input and result, and for a lifecycle state whether the re-run reproduced it' })),
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
    jsonSchemas: Object.fromEntries(HANDOFF_TYPES.map((t) => [t, { uri: handoffSchemaUri(t), schema: handoffSchemaDocument(t) }])),
    consumers: {
      fluid_definition: 'runFlash at its state',
      process_simulation: 'sizeEquipment (separators with gas and liquid outlets), passed on as mechanical_design handoffs',
      lifecycle_state: 'runProcess re-runs the state\'s definition; the new state is compared with the one handed over',
      mechanical_design: 'results.json (reporting)',
      flow_assurance: 'results.json (reporting)',
      safety_analysis: 'results.json (reporting)',
    },
    mechanical_design: ['handoff_type', 'source_agent', 'equipment_name', 'design_pressure_barg', 'design_temperature_C', 'material_grade', 'wall_thickness_mm', 'corrosion_allowance_mm', 'weight_empty_kg', 'design_standard', 'company_tr', 'cost_estimate_usd', 'assumptions', '+ sizing fields with units (inner_diameter_m, length_tan_tan_m, …)'],
    lifecycle_state: ['schema', 'version', 'handoff{source_agent, target_agent, state_type, state_name, state_version, state_json, validation{is_valid, checksum}, context{description, key_results}, assumptions}'],
    fluid_definition: ['handoff_type', 'source_agent', 'eos_class', 'mixing_rule', 'temperature_K', 'pressure_bara', 'components[{name, mole_fraction}]', 'multi_phase_check', 'characterization', 'java_code', 'assumptions'],
    process_simulation: ['handoff_type', 'source_agent', 'fluid_definition', 'equipment[{name, type, inlet_*, outlet_*, *_flow_rate_kg_hr, *_density_kg_m3}]', 'mass_balance_error_pct', 'energy_balance_error_pct', 'assumptions'],
    flow_assurance: ['handoff_type', 'source_agent', 'hydrate_temperature_C', 'operating_temperature_C', 'subcooling_margin_C', 'hydrate_risk', 'wax_appearance_temperature_C', 'pipeline_pressure_drop_bar', 'arrival_temperature_C', 'assumptions'],
    safety_analysis: ['handoff_type', 'source_agent', 'scenario', 'initial_pressure_bara', 'final_pressure_bara', 'blowdown_time_minutes', 'minimum_temperature_C', 'mdmt_C', 'mdmt_margin_C', 'psv_required_area_cm2', 'assumptions'],
    nullFields: 'A field the response does not give is null, never estimated',
  },
};

/** Seed 002's Schema 1 example, with the phase count a receiver can check. */
const SEED_FLUID = {
  handoff_type: 'fluid_definition',
  source_agent: 'thermo.fluid',
  eos_class: 'SystemSrkEos',
  mixing_rule: 'classic',
  temperature_K: 298.15,
  pressure_bara: 60,
  components: [{ name: 'methane', mole_fraction: 0.85 }, { name: 'ethane', mole_fraction: 0.1 }, { name: 'propane', mole_fraction: 0.05 }],
  multi_phase_check: false,
  characterization: null,
  number_of_phases: 1,
  assumptions: ['Lean gas — no water, no C4+ components'],
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
    case 'sizeEquipment':
      return mechanicalDesign(env, input.toolInput as Obj | undefined, agent, mine);
    case 'saveSimulationState':
      return lifecycleState(env, agent, input.targetAgent, input.taskTitle, mine);
    default:
      return { ok: false, code: 'UNSUPPORTED_HANDOFF', message: `No seed-002 handoff is defined for ${tool}`, fix: `Handoffs come from ${HANDOFF_TOOLS.join(', ')}; use "toResultsJson" for any tool` };
  }
}

/** validateHandoff and fromHandoff: an incoming handoff is checked; fromHandoff feeds a valid one on. */
async function incoming(action: 'validateHandoff' | 'fromHandoff', input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  if (input.handoff === undefined) return refuse('MISSING_FIELD', `${action} needs "handoff"`, 'Pass the incoming seed-002 handoff as "handoff"', 'handoff');
  const validation = await validateHandoff(input.handoff as Obj, ctx);
  if (action === 'validateHandoff') return ok({ action, validation });
  if (!validation.valid || validation.handoffType === null) {
    const failed = validation.checks.filter((c) => c.status === 'FAIL').map((c) => `${c.check}: ${c.message}`).join(' | ');
    return refuse('INVALID_HANDOFF', `The handoff fails its checks: ${failed}`, 'Fix the handoff at its source (validateHandoff lists every check)', 'handoff');
  }
  const agent = input.sourceAgent ?? 'neqsim-ts.bridgeTaskWorkflow';
  const consumed = await consumeHandoff(validation.handoffType, input.handoff as Obj, ctx, agent);
  if (!consumed.ok) return refuse(consumed.code, consumed.message, consumed.fix, 'handoff');
  return ok({ action, validation, consumption: consumed.result });
}

export const bridgeTaskWorkflowTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Turns a tool\'s response into a task_solve results.json or a seed-002 agent handoff: use it to pass results on to another agent or workflow.',
  description:
    'Turns a tool response into what agents pass on: "toResultsJson" (default) → task_solve results.json {key_results, validation {acceptance_criteria_met, …}, approach, conclusions, tables, references, _meta}; ' +
    '"toHandoff" → a seed-002 agent handoff (runFlash → fluid_definition with NeqSim java_code, runProcess → process_simulation, sizeEquipment → mechanical_design, runFlowAssurance hydrate map → flow_assurance, runRelief → safety_analysis, saveSimulationState → lifecycle_state); ' +
    '"validateHandoff" {handoff} → the receiving agent\'s checks (schema, units, mass balance within 0.1 %, phase consistency by a new flash, state checksum); ' +
    '"fromHandoff" {handoff} → a valid handoff fed to the tool that consumes it (fluid_definition → runFlash, process_simulation → sizeEquipment, lifecycle_state → runProcess re-run and compared); "getSchema" (the JSON Schemas). ' +
    'Pass the whole response as "toolOutput" (and for handoffs the call\'s input as "toolInput"). Values are copied, not recomputed; what a response does not give is null.',
  input: Input,
  output: Output,
  exampleCategory: 'bridge',
  examples: [
    { name: 'schema', description: 'The results.json and handoff shapes', input: { action: 'getSchema' } },
    { name: 'validate-fluid-handoff', description: 'Check seed 002\'s Schema 1 example (a lean gas) as a receiving agent would', input: { action: 'validateHandoff', handoff: SEED_FLUID } },
    { name: 'consume-fluid-handoff', description: 'Feed seed 002\'s Schema 1 example to runFlash', input: { action: 'fromHandoff', handoff: SEED_FLUID } },
  ],
  execution: 'inline',
  async run(input, ctx): Promise<Envelope<Out>> {
    const action = input.action ?? 'toResultsJson';
    if (action === 'getSchema') return ok({ action, schemas: SCHEMAS });
    if (action === 'validateHandoff' || action === 'fromHandoff') return incoming(action, input, ctx);
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
