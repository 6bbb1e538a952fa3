/**
 * composeWorkflow (experimental, EXECUTION, v1.1): runs tool calls one after the other, each
 * through the dispatcher (ctx.callTool: the caller's access rights, the pool, the time budget),
 * with two ways of passing things on:
 * - a workflow `fluid` ({model, components, mixingRule, …}) goes into every step whose tool takes
 *   a `fluid` object and lacks one, and its model/components/mixingRule into every step whose tool
 *   takes top-level `components` and lacks them (temperature and pressure stay the step's own);
 * - a string value "${step.path}" anywhere in a step's input is replaced by the value at that path
 *   in an earlier step's response (e.g. "${flash.data.fluid.properties.overall.density.value}").
 * The first failed step stops the workflow and fails it (422, its errors first, naming the step
 * and those completed before it); a successful run lists every step's status and time and data.
 */
import { IssueSchema, WarningSchema } from '../contract/catalog/envelope-schema.js';
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../contract/envelope.js';
import { catalogIn, defineTool, type ToolCatalog, type ToolContext } from '../contract/types.js';
import { checkFluidKeys } from '../process/runProcess/unit-keys.js';
import { strictFailure } from '../contract/strict-keys.js';

const TOOL = 'composeWorkflow';
const MAX_STEPS = 20;
/** Tools a workflow may not call: itself and the stateful or background tools. */
const NOT_IN_WORKFLOWS = new Set([TOOL, 'manageSession', 'streamSimulation']);

const Step = Type.Object(
  {
    tool: Type.Optional(Type.String({ maxLength: 100, description: 'Tool to call, e.g. "runFlash"' })),
    runner: Type.Optional(Type.String({ maxLength: 100, description: 'Same as tool (the original\'s name for it)' })),
    name: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$', description: 'Step name for references (default step_1, step_2, …)' })),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The tool\'s input; strings "${step.path}" are replaced by earlier results' })),
  },
  { additionalProperties: false },
);

const Input = Type.Object(
  {
    workflow: Type.Optional(Type.String({ maxLength: 100, description: 'A name for the workflow (default "custom")' })),
    fluid: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Carried into the steps (see the tool description)' })),
    steps: Type.Array(Step, { minItems: 1, maxItems: MAX_STEPS }),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const StepReport = Type.Object(
  {
    name: Type.String(),
    tool: Type.String(),
    status: Type.String({ description: 'success, error, blocked, approval_required or skipped' }),
    httpStatus: Type.Optional(Type.Integer()),
    timeMs: Type.Optional(Type.Number()),
    errors: Type.Optional(Type.Array(IssueSchema)),
    warnings: Type.Optional(Type.Array(WarningSchema)),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    workflow: Type.String(),
    totalSteps: Type.Integer(),
    completedSteps: Type.Integer(),
    totalTimeMs: Type.Number(),
    success: Type.Boolean({ description: 'Every step succeeded' }),
    steps: Type.Array(StepReport),
    combinedData: Type.Record(Type.String(), Type.Unknown(), { description: 'Each completed step\'s data by step name' }),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const REF = /^\$\{([A-Za-z_][A-Za-z0-9_-]*)\.([^}]+)\}$/;

/** The value at a dotted path (array indices as numbers) of an object, or undefined. */
function at(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Replaces every "${step.path}" string in `value`; a reference that does not resolve is an error. */
export function resolveRefs(value: unknown, done: Map<string, Record<string, unknown>>, where: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof value === 'string') {
    const m = REF.exec(value);
    if (m === null) return { ok: true, value };
    const env = done.get(m[1]!);
    if (env === undefined) return { ok: false, message: `${where}: "${value}" refers to step "${m[1]}", which has not run before this one` };
    const v = at(env, m[2]!);
    if (v === undefined) return { ok: false, message: `${where}: "${value}": the response of step "${m[1]}" has nothing at ${m[2]}` };
    return { ok: true, value: v };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const r = resolveRefs(value[i], done, `${where}.${i}`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolveRefs(v, done, `${where}.${k}`);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

/** The step's input with the workflow fluid carried in, where the tool takes it and lacks it. */
function withFluid(catalog: ToolCatalog, toolName: string, input: Record<string, unknown>, fluid: Record<string, unknown> | undefined): Record<string, unknown> {
  if (fluid === undefined) return input;
  const props = (catalog.get(toolName)?.input as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  if ('fluid' in props && input.fluid === undefined) return { ...input, fluid };
  if ('components' in props && input.components === undefined) {
    const carried: Record<string, unknown> = {};
    for (const k of ['model', 'components', 'mixingRule']) if (fluid[k] !== undefined && input[k] === undefined) carried[k] = fluid[k];
    return { ...input, ...carried };
  }
  return input;
}

async function run(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const started = performance.now();
  if (ctx.callTool === undefined) return failure(TOOL, 'internal', [issue('NO_DISPATCHER', 'composeWorkflow needs the dispatcher to run its steps', 'Call it through the service (REST, MCP or runTool)')]);
  // Check every step before running any.
  const plan: { name: string; tool: string; input: Record<string, unknown> }[] = [];
  const problems = [];
  const names = new Set<string>();
  for (const [i, s] of input.steps.entries()) {
    const tool = s.tool ?? s.runner;
    const name = s.name ?? `step_${i + 1}`;
    if (tool === undefined) problems.push(issue('MISSING_FIELD', `Step ${i + 1} names no tool`, 'Give "tool": "runFlash" (or another tool name)', `steps.${i}.tool`));
    else if (catalogIn(ctx).get(tool) === undefined) problems.push(issue('UNKNOWN_TOOL', `Step ${i + 1}: no tool named ${JSON.stringify(tool)}`, 'getCapabilities lists the tools', `steps.${i}.tool`));
    else if (NOT_IN_WORKFLOWS.has(tool)) problems.push(issue('TOOL_NOT_ALLOWED_IN_WORKFLOW', `Step ${i + 1}: ${tool} cannot run inside a workflow`, 'Call it directly', `steps.${i}.tool`));
    if (names.has(name)) problems.push(issue('DUPLICATE_STEP_NAME', `Two steps are named ${JSON.stringify(name)}`, 'Give each step its own name', `steps.${i}.name`));
    names.add(name);
    plan.push({ name, tool: tool ?? '', input: s.input ?? {} });
  }
  if (problems.length > 0) return failure(TOOL, 'input', problems);
  // A workflow fluid key no step could use (a typo) would be dropped silently: refuse it.
  const strict = checkFluidKeys(input.fluid, '/fluid');
  if (strict.length > 0) return strictFailure(TOOL, strict);

  const done = new Map<string, Record<string, unknown>>();
  const reports: Out['steps'] = [];
  const combined: Record<string, unknown> = {};
  let failed = false;
  for (const [i, step] of plan.entries()) {
    if (failed) {
      reports.push({ name: step.name, tool: step.tool, status: 'skipped' });
      continue;
    }
    const resolved = resolveRefs(withFluid(catalogIn(ctx), step.tool, step.input, input.fluid), done, `steps.${i}.input`);
    if (!resolved.ok) {
      reports.push({ name: step.name, tool: step.tool, status: 'error', errors: [issue('STEP_REFERENCE_ERROR', resolved.message, 'Refer to an earlier step by its name and a path that its response has, e.g. "${flash.data.fluid.conditions.overall.temperature}"', `steps.${i}.input`)] });
      failed = true;
      continue;
    }
    const t0 = performance.now();
    const r = await ctx.callTool(step.tool, resolved.value);
    const env = r.envelope as unknown as Record<string, unknown>;
    const report: Out['steps'][number] = { name: step.name, tool: step.tool, status: String(env.status), httpStatus: r.httpStatus, timeMs: performance.now() - t0 };
    if (Array.isArray(env.errors) && env.errors.length > 0) report.errors = env.errors;
    if (Array.isArray(env.warnings) && env.warnings.length > 0) report.warnings = env.warnings;
    reports.push(report);
    if (env.status === 'success') {
      done.set(step.name, env);
      combined[step.name] = env.data;
    } else failed = true;
  }
  if (failed) {
    // A failed step fails the workflow: its errors first, named, so it cannot pass for a result.
    const bad = reports.find((r) => r.status !== 'success' && r.status !== 'skipped')!;
    const inner = (bad.errors ?? []) as { code?: string; message?: string; fix?: string; field?: string }[];
    const ran = reports.filter((r) => r.status === 'success').map((r) => r.name);
    return failure(TOOL, bad.status === 'blocked' || bad.status === 'approval_required' ? 'auth' : 'compute', [
      issue('WORKFLOW_STEP_FAILED', `Step "${bad.name}" (${bad.tool}) ended with status ${bad.status}${inner[0]?.message !== undefined ? `: ${inner[0].message}` : ''}; completed before it: ${ran.length > 0 ? ran.join(', ') : 'none'}; later steps were not run`, inner[0]?.fix ?? 'Fix that step\'s input and run the workflow again', `steps.${reports.indexOf(bad)}`),
      ...inner.slice(0, 10).map((e) => issue(e.code ?? 'STEP_ERROR', e.message ?? '', e.fix ?? '', e.field !== undefined ? `steps.${reports.indexOf(bad)}.input.${e.field}` : undefined)),
    ], 'workflow');
  }
  const data: Out = {
    workflow: input.workflow ?? 'custom',
    totalSteps: plan.length,
    completedSteps: done.size,
    totalTimeMs: performance.now() - started,
    success: true,
    steps: reports,
    combinedData: combined,
  };
  return success({
    tool: TOOL,
    data,
    warnings: [],
    provenance: { calculationType: 'workflow', convergence: { converged: true, iterations: done.size, message: 'every step succeeded' }, assumptions: [], limitations: ['Steps run one after the other; the first failure stops the workflow'], computationTimeMs: data.totalTimeMs },
    validationPhase: 'workflow',
    validationMessage: 'Every step succeeded',
  });
}

export const composeWorkflowTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'EXECUTION',
  since: 'v1.1',
  summary: 'Runs up to 20 tool calls in sequence, feeding values of earlier steps into later ones ("${step.path}"); stops at the first failing step.',
  description:
    'Runs tool calls in sequence: {"workflow", "fluid"?, "steps": [{"tool", "name", "input"}]} (at most 20). A workflow "fluid" goes into steps whose tool takes a fluid (or its model/components into tools that take components); ' +
    'a string "${<step name>.<path>}" in a step input is replaced by that value of the earlier step\'s response, e.g. "${flash.data.fluid.conditions.overall.temperature}". The first failing step fails the workflow (its errors, named). Returns each step\'s status, time and data.',
  input: Input,
  output: Output,
  exampleCategory: 'workflow',
  examples: [
    {
      name: 'flash-then-process',
      description: 'A flash of the feed, then a separator at the same temperature',
      input: {
        workflow: 'feed-check',
        fluid: { model: 'SRK', temperature: 298.15, pressure: 50, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } },
        steps: [
          { tool: 'runFlash', name: 'flash', input: { temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } } },
          { tool: 'runProcess', name: 'separation', input: { process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }, { type: 'Separator', name: 'HP Sep', inlet: 'feed' }] } },
        ],
      },
    },
  ],
  execution: 'inline',
  run: (input, ctx) => run(input, ctx),
});
