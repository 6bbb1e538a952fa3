/**
 * solveTask (experimental, EXECUTION, v1.1): a task in the task_solve form ({task, taskType?,
 * fluid?, …}) → a deterministic plan of tool calls (a composeWorkflow input) → run through
 * composeWorkflow → results.json and the seed-002 handoff (bridgeTaskWorkflow), each handoff
 * checked by validateHandoff. Known task types: fluid characterisation, separation train, hydrate
 * margin, relief sizing, gas quality (plans.ts); any other task is refused with that list, never
 * guessed at. Every call goes through the dispatcher as the caller (governance, pool, budget).
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { moleFraction } from '../../contract/bounded.js';
import { classify, planFor, TASK_TYPES, type TaskType } from './plans.js';

const TOOL = 'solveTask';
type Obj = Record<string, any>;

const Input = Type.Object(
  {
    task: Type.String({ minLength: 1, maxLength: 2000, description: 'The task in words' }),
    taskType: Type.Optional(Type.Union(TASK_TYPES.map((t) => Type.Literal(t)))),
    fluid: Type.Optional(
      Type.Object(
        {
          model: Type.Optional(Type.String({ maxLength: 20 })),
          components: Type.Record(Type.String(), moleFraction()),
          temperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000 })),
          pressure_bara: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e4 })),
        },
        { additionalProperties: false },
      ),
    ),
    stages: Type.Optional(
      Type.Array(Type.Object({ temperature_C: Type.Number({ minimum: -273.15, maximum: 3000 }), pressure_bara: Type.Number({ exclusiveMinimum: 0, maximum: 1e4 }) }, { additionalProperties: false }), {
        minItems: 1,
        maxItems: 6,
        description: 'separation_train, high to low pressure',
      }),
    ),
    flowRate_kg_hr: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'separation_train' })),
    relief: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'relief_sizing: runRelief input' })),
    standard: Type.Optional(Type.String({ maxLength: 40, description: 'gas_quality (default ISO6976_2016)' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    task: Type.String(),
    taskType: Type.String(),
    classifiedBy: Type.String({ description: 'taskType (given) or the keyword that matched' }),
    plan: Type.Record(Type.String(), Type.Unknown(), { description: 'The composeWorkflow input that was run' }),
    steps: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'composeWorkflow\'s report of each step' }),
    resultsJson: Type.Record(Type.String(), Type.Unknown(), { description: 'task_solve results.json (bridgeTaskWorkflow toResultsJson)' }),
    handoffs: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'Seed-002 handoffs of the result (none for gas quality and fire heat input)' }),
    handoffChecks: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'validateHandoff of each handoff' }),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const refuse = (code: string, message: string, fix: string, field?: string) => failure(TOOL, 'input', [issue(code, message, fix, field)]);

async function call(ctx: ToolContext, tool: string, input: Obj): Promise<Obj> {
  if (ctx.callTool === undefined) throw new Error('solveTask runs other tools and needs the dispatcher');
  return (await ctx.callTool(tool, input)).envelope as Obj;
}

async function solve(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const started = performance.now();
  let type: TaskType;
  let classifiedBy: string;
  if (input.taskType !== undefined) {
    type = input.taskType;
    classifiedBy = 'taskType';
  } else {
    const c = classify(input.task);
    if (!c.ok) {
      return c.matches.length === 0
        ? refuse('UNSUPPORTED_TASK', 'The task is none of the task types this server solves', `Known task types: ${TASK_TYPES.join(', ')}. Give "taskType", or chain the tools yourself with composeWorkflow`, 'task')
        : refuse('AMBIGUOUS_TASK', `The task reads as ${c.matches.join(' and ')}`, `Give "taskType": one of ${c.matches.join(', ')}`, 'taskType');
    }
    type = c.type;
    classifiedBy = `keyword "${c.matched}"`;
  }
  const planned = planFor(type, input as Obj);
  if (!planned.ok) return refuse(planned.code, planned.message, planned.fix, planned.field);
  const { plan } = planned;

  const wf = await call(ctx, 'composeWorkflow', plan.workflow);
  if (wf.status !== 'success') {
    const errors = (wf.errors as Obj[] | undefined) ?? [];
    return failure(TOOL, 'compute', errors.length > 0 ? errors.map((e) => issue(e.code, `${type} plan: ${e.message}`, e.fix, e.field)) : [issue('PLAN_FAILED', `The ${type} plan did not complete (${wf.status})`, 'Check the task inputs')]);
  }
  const stepInput = (name: string) => plan.workflow.steps.find((s) => s.name === name)!;
  const envelopeOf = (name: string): Obj => ({ status: 'success', tool: stepInput(name).tool, data: wf.data.combinedData[name] });

  const results = await call(ctx, 'bridgeTaskWorkflow', { action: 'toResultsJson', toolOutput: envelopeOf(plan.resultStep), taskTitle: input.task });
  if (results.status !== 'success') return failure(TOOL, 'compute', results.errors ?? [issue('BRIDGE_FAILED', 'results.json could not be built', 'Report this task')]);
  const handoffs: Obj[] = [];
  const handoffChecks: Obj[] = [];
  if (plan.handoffStep !== undefined) {
    const step = stepInput(plan.handoffStep);
    const h = await call(ctx, 'bridgeTaskWorkflow', { action: 'toHandoff', toolOutput: envelopeOf(plan.handoffStep), toolInput: step.input, sourceAgent: `neqsim-ts.solveTask.${type}` });
    if (h.status === 'success') {
      handoffs.push(h.data.handoff);
      const v = await call(ctx, 'bridgeTaskWorkflow', { action: 'validateHandoff', handoff: h.data.handoff });
      handoffChecks.push(v.data?.validation ?? { valid: false, checks: v.errors ?? [] });
    }
  }
  return success({
    tool: TOOL,
    data: {
      task: input.task,
      taskType: type,
      classifiedBy,
      plan: plan.workflow as Obj,
      steps: wf.data.steps,
      resultsJson: results.data.resultsJson,
      handoffs,
      handoffChecks,
    },
    warnings: [],
    provenance: {
      calculationType: `task solve: ${type}`,
      convergence: { converged: true, iterations: plan.workflow.steps.length },
      assumptions: [`Deterministic ${type} plan (${plan.workflow.steps.map((s) => s.tool).join(' → ')}) run through composeWorkflow`],
      limitations: ['Autonomous task solver: results require independent engineer review (contract: experimental EXECUTION tool)'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${type} plan completed; ${handoffs.length} handoff(s) emitted and checked`,
  });
}

export const solveTaskTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'EXECUTION',
  since: 'v1.1',
  summary: 'Solves a task of a known type with a fixed plan of tool calls; returns results.json and the agent handoff.',
  description:
    `Solves a task of a known type with a deterministic plan: {"task", "taskType"?: ${TASK_TYPES.join(' | ')}, "fluid"?: {model, components, temperature_C, pressure_bara}, ` +
    '"stages" + "flowRate_kg_hr" (separation_train), "relief" (the runRelief input), "standard" (gas_quality)}; hydrate_margin is at the fluid\'s temperature_C and pressure_bara. ' +
    'Without taskType the task text is classified by keywords; a task of no known type (or of several) is refused with the list. The plan (runFlash + getPhaseEnvelope; runProcess separators with valves and heaters; runFlowAssurance hydrateRiskMap; runRelief; calculateStandard) runs through composeWorkflow; ' +
    'the answer has the plan, each step\'s report, results.json and the seed-002 handoff with its validateHandoff checks. Experimental EXECUTION: DESKTOP_ENGINEER only; results require independent engineer review.',
  input: Input,
  output: Output,
  exampleCategory: 'task',
  examples: [
    {
      name: 'separation-train',
      description: 'Three-stage separation of a gas condensate at 50 000 kg/hr',
      input: {
        task: 'Three-stage separation train for a gas condensate',
        fluid: { model: 'PR', components: { methane: 0.7, ethane: 0.08, propane: 0.05, 'n-butane': 0.04, 'n-heptane': 0.08, 'n-decane': 0.05 } },
        stages: [{ temperature_C: 60, pressure_bara: 70 }, { temperature_C: 50, pressure_bara: 20 }, { temperature_C: 40, pressure_bara: 2 }],
        flowRate_kg_hr: 50000,
      },
    },
    { name: 'gas-quality', description: 'Sales-gas calorific value and Wobbe index', input: { task: 'Check the gas quality (Wobbe index) of the export gas', fluid: { components: { methane: 0.92, ethane: 0.05, propane: 0.01, nitrogen: 0.01, CO2: 0.01 } } } },
    { name: 'hydrate-margin', description: 'Hydrate margin of a wet gas at the arrival point', input: { task: 'Hydrate margin at the receiving platform', fluid: { model: 'SRK', components: { methane: 0.8, ethane: 0.1, propane: 0.05, water: 0.05 }, temperature_C: 8, pressure_bara: 95 } } },
  ],
  execution: 'inline',
  run: (input, ctx) => solve(input, ctx),
});
