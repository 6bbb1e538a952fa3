/**
 * runAgenticEngineering (advanced, CALCULATION, v1.6): decision kernels for agents that run
 * studies — "study" ranks candidate designs against objectives and constraints
 * (src/tools/studies/runAgenticEngineering/study.ts); "trust" grades a tool result by stated rules, with the tool's
 * maturity read from getBenchmarkTrust (src/tools/studies/runAgenticEngineering/trust.ts). The original's "plan"
 * (a workflow proposed from a task text) is not offered: composeWorkflow runs explicit plans.
 */
import { Type, type Static } from '@sinclair/typebox';
// Metrics of any unit (kW, MUSD, t/yr): kept finite so that ranking and normalisation cannot overflow.
import { VALUE_LIMIT, signed } from '../../contract/bounded.js';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { rankCandidates } from './study.js';
import { assessTrust } from './trust.js';
import { defineTool, type ToolContext } from '../../contract/types.js';

const TOOL = 'runAgenticEngineering';

const Input = Type.Object(
  {
    action: Type.Union([Type.Literal('study'), Type.Literal('trust')], { description: 'study: rank candidates; trust: grade a tool result' }),
    candidates: Type.Optional(
      Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), metrics: Type.Record(Type.String(), signed(VALUE_LIMIT)) }, { additionalProperties: false }), { minItems: 1, maxItems: 500, description: 'study: each design and its metrics, e.g. {"name": "2-stage", "metrics": {"power_kW": 5100, "capex_Musd": 42}}' }),
    ),
    objectives: Type.Optional(
      Type.Array(Type.Object({ metric: Type.String(), direction: Type.Union([Type.Literal('minimize'), Type.Literal('maximize')]), weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: 'Relative weight (default 1)' })) }, { additionalProperties: false }), { maxItems: 20, description: 'study: what to optimise (weights default 1)' }),
    ),
    constraints: Type.Optional(
      Type.Array(Type.Object({ metric: Type.String(), min: Type.Optional(signed(VALUE_LIMIT)), max: Type.Optional(signed(VALUE_LIMIT)) }, { additionalProperties: false }), { maxItems: 50, description: 'study: limits a feasible candidate must meet' }),
    ),
    result: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'trust: a tool\'s whole response (envelope)' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const RankedCandidateSchema = Type.Object(
  {
    name: Type.String(),
    feasible: Type.Boolean(),
    violations: Type.Array(
      Type.Object(
        {
          metric: Type.String(),
          value: Type.Union([Type.Number(), Type.Null()]),
          limit: Type.Union([Type.Number(), Type.Null()], { description: 'the limit missed; null for a missing objective metric' }),
          kind: Type.Union([Type.Literal('below_min'), Type.Literal('above_max'), Type.Literal('missing')]),
        },
        { additionalProperties: false },
      ),
    ),
    normalizedScores: Type.Record(Type.String(), Type.Number(), { description: 'per objective metric, 0 (worst feasible) … 1 (best feasible)' }),
    weightedScore: Type.Union([Type.Number(), Type.Null()]),
    paretoOptimal: Type.Boolean(),
    rank: Type.Integer(),
    violationMeasure: Type.Number({ description: 'sum of relative violations (0 when feasible)' }),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    action: Type.String(),
    ranking: Type.Optional(Type.Array(RankedCandidateSchema, { description: 'study: candidates in rank order' })),
    recommended: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'study: the best feasible candidate (null when none is feasible)' })),
    paretoSet: Type.Optional(Type.Array(Type.String())),
    feasibleCount: Type.Optional(Type.Integer()),
    method: Type.Optional(Type.String()),
    tool: Type.Optional(Type.String()),
    trustLevel: Type.Optional(Type.String()),
    reasons: Type.Optional(Type.Array(Type.String())),
    checks: Type.Optional(Type.Array(Type.Object({ check: Type.String(), passed: Type.Boolean(), detail: Type.String() }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

function ok(data: Out): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings: [],
    provenance: { calculationType: `agentic ${data.action}`, convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 0 },
    validationPhase: 'agentic-kernel',
    validationMessage: `agentic ${data.action}`,
  });
}
const refuse = (code: string, message: string, fix: string, field?: string) => failure(TOOL, 'input', [issue(code, message, fix, field)]);

function study(input: In): Envelope<Out> {
  const candidates = input.candidates;
  if (candidates === undefined) return refuse('MISSING_FIELD', 'study needs "candidates"', 'Send [{"name": …, "metrics": {…}}, …]', 'candidates');
  const objectives = input.objectives ?? [];
  const constraints = input.constraints ?? [];
  if (objectives.length === 0 && constraints.length === 0) return refuse('MISSING_FIELD', 'study needs "objectives" or "constraints"', 'Add e.g. "objectives": [{"metric": "power_kW", "direction": "minimize"}]', 'objectives');
  const names = new Set<string>();
  for (const [i, c] of candidates.entries()) {
    if (names.has(c.name)) return refuse('DUPLICATE_CANDIDATE', `Two candidates are named ${JSON.stringify(c.name)}`, 'Give each candidate its own name', `candidates.${i}.name`);
    names.add(c.name);
  }
  for (const [i, k] of constraints.entries()) {
    if (k.min === undefined && k.max === undefined) return refuse('INVALID_CONSTRAINT', `Constraint on ${k.metric} has neither min nor max`, 'Give "min", "max" or both', `constraints.${i}`);
    if (k.min !== undefined && k.max !== undefined && k.min > k.max) return refuse('INVALID_CONSTRAINT', `Constraint on ${k.metric}: min ${k.min} > max ${k.max}`, 'Swap or correct the limits', `constraints.${i}`);
  }
  const ranked = rankCandidates(candidates, objectives, constraints).sort((a, b) => a.rank - b.rank);
  const top = ranked.find((r) => r.feasible && r.weightedScore !== null) ?? ranked.find((r) => r.feasible && objectives.length === 0);
  return ok({
    action: 'study',
    ranking: ranked,
    recommended: top?.name ?? null,
    paretoSet: ranked.filter((r) => r.paretoOptimal).map((r) => r.name),
    feasibleCount: ranked.filter((r) => r.feasible).length,
    method: 'Feasibility by constraints; min-max normalised objectives over the feasible candidates (best 1, worst 0), weighted mean; infeasible ranked by summed relative violation; Pareto set of the feasible non-dominated candidates',
  });
}

async function trust(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const result = input.result as Record<string, any> | undefined;
  if (result === undefined) return refuse('MISSING_FIELD', 'trust needs "result"', 'Pass a tool\'s whole response as "result"', 'result');
  const tool = typeof result.tool === 'string' ? result.tool : undefined;
  let benchmark: Record<string, unknown> | undefined;
  if (tool !== undefined && ctx.callTool !== undefined) {
    const b = await ctx.callTool('getBenchmarkTrust', { action: 'getTool', toolName: tool });
    if (b.envelope.status === 'success') benchmark = (b.envelope.data as Record<string, any>).trust;
  }
  const v = assessTrust(result, benchmark);
  return ok({ action: 'trust', ...(tool !== undefined ? { tool } : {}), trustLevel: v.level, reasons: v.reasons, checks: v.checks });
}

export const runAgenticEngineeringTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.6',
  summary: 'Decision kernels for agents: rank candidates against weighted objectives and constraints (Pareto set), or grade the trust of a tool\'s response.',
  description:
    'Decision kernels for engineering agents. "study": rank "candidates" [{name, metrics}] against "objectives" [{metric, direction minimize|maximize, weight}] and "constraints" [{metric, min, max}] → feasibility, normalised and weighted scores, ranks, the Pareto set and the recommended candidate. ' +
    '"trust": grade a tool\'s whole response ("result") HIGH / MEDIUM / LOW by stated rules (status, convergence, validation, quality gate, warnings, the tool\'s measured maturity from getBenchmarkTrust), each check listed.',
  input: Input,
  output: Output,
  exampleCategory: 'agentic',
  examples: [
    {
      name: 'compressor-study',
      description: 'Three compression options ranked on power and cost, with a discharge-temperature limit',
      input: {
        action: 'study',
        candidates: [
          { name: '1-stage', metrics: { power_kW: 5600, capex_Musd: 30, dischargeTemperature_C: 190 } },
          { name: '2-stage', metrics: { power_kW: 5100, capex_Musd: 42, dischargeTemperature_C: 120 } },
          { name: '3-stage', metrics: { power_kW: 4950, capex_Musd: 55, dischargeTemperature_C: 95 } },
        ],
        objectives: [{ metric: 'power_kW', direction: 'minimize', weight: 2 }, { metric: 'capex_Musd', direction: 'minimize' }],
        constraints: [{ metric: 'dischargeTemperature_C', max: 150 }],
      },
    },
  ],
  execution: 'inline',
  run: (input, ctx) => (input.action === 'study' ? study(input) : trust(input, ctx)),
});
