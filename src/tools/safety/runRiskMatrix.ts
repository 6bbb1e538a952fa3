/**
 * runRiskMatrix (advanced, CALCULATION, v1.3): 5×5 risk scoring of events, from given levels or
 * from failures per year and production loss, with the original's bands
 * (src/engine/safety/risk-matrix.ts), and the worst event overall.
 */
import { Type, type Static } from '@sinclair/typebox';
import { nonNegative } from '../contract/bounded.js';
import { CONSEQUENCE, consequenceLevel, LIKELIHOOD, likelihoodLevel, riskLevel } from '../../engine/safety/risk-matrix.js';
import { failure, issue, success, type DiagnosticIssue } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';

const TOOL = 'runRiskMatrix';
const level = Type.Integer({ minimum: 1, maximum: 5 });

const Event = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    probabilityLevel: Type.Optional(level),
    consequenceLevel: Type.Optional(level),
    failuresPerYear: Type.Optional(nonNegative(1e6, { description: 'Sets the probability level: <0.1, <0.5, <1, <2, ≥2 per year' })),
    productionLossPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Sets the consequence level: <5, <20, <50, <80, ≥80 %' })),
    mitigation: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
const Input = Type.Object({ events: Type.Array(Event, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });

const Scored = Type.Object(
  {
    name: Type.String(),
    probabilityLevel: Type.Integer(),
    probabilityCategory: Type.String(),
    probabilitySource: Type.Union([Type.Literal('given'), Type.Literal('failuresPerYear')]),
    consequenceLevel: Type.Integer(),
    consequenceCategory: Type.String(),
    consequenceSource: Type.Union([Type.Literal('given'), Type.Literal('productionLossPercent')]),
    riskScore: Type.Integer(),
    riskLevel: Type.String(),
    color: Type.String(),
    mitigation: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    eventCount: Type.Integer(),
    overall: Type.Object({ maxScore: Type.Integer(), riskLevel: Type.String(), color: Type.String(), worstEvents: Type.Array(Type.String()) }, { additionalProperties: false }),
    events: Type.Array(Scored),
  },
  { additionalProperties: false },
);

function run(input: Static<typeof Input>) {
  const started = performance.now();
  const issues: DiagnosticIssue[] = [];
  const events = input.events.map((e, i) => {
    const p = e.probabilityLevel ?? (e.failuresPerYear !== undefined ? likelihoodLevel(e.failuresPerYear) : undefined);
    const c = e.consequenceLevel ?? (e.productionLossPercent !== undefined ? consequenceLevel(e.productionLossPercent) : undefined);
    if (p === undefined) issues.push(issue('MISSING_FIELD', `Event '${e.name}' has neither probabilityLevel nor failuresPerYear`, 'Give "probabilityLevel" (1–5) or "failuresPerYear"', `events.${i}.probabilityLevel`));
    if (c === undefined) issues.push(issue('MISSING_FIELD', `Event '${e.name}' has neither consequenceLevel nor productionLossPercent`, 'Give "consequenceLevel" (1–5) or "productionLossPercent"', `events.${i}.consequenceLevel`));
    const score = (p ?? 1) * (c ?? 1);
    const r = riskLevel(score);
    return {
      name: e.name,
      probabilityLevel: p ?? 0,
      probabilityCategory: LIKELIHOOD[(p ?? 1) - 1]!,
      probabilitySource: e.probabilityLevel !== undefined ? ('given' as const) : ('failuresPerYear' as const),
      consequenceLevel: c ?? 0,
      consequenceCategory: CONSEQUENCE[(c ?? 1) - 1]!,
      consequenceSource: e.consequenceLevel !== undefined ? ('given' as const) : ('productionLossPercent' as const),
      riskScore: score,
      riskLevel: r.level,
      color: r.color,
      ...(e.mitigation !== undefined ? { mitigation: e.mitigation } : {}),
    };
  });
  if (issues.length > 0) return failure(TOOL, 'compute', issues);
  const max = Math.max(...events.map((e) => e.riskScore));
  const worst = riskLevel(max);
  return success({
    tool: TOOL,
    data: { eventCount: events.length, overall: { maxScore: max, riskLevel: worst.level, color: worst.color, worstEvents: events.filter((e) => e.riskScore === max).map((e) => e.name) }, events },
    warnings: [],
    provenance: {
      calculationType: 'risk matrix (5×5, ISO 31000 / NORSOK Z-013 style)',
      convergence: { converged: true, iterations: 1 },
      assumptions: ['Score = probability level × consequence level; bands 1–4 Low, 5–9 Medium, 10–15 High, 16–25 Critical', 'Level bands as the original: failures per year <0.1, <0.5, <1, <2, ≥2; production loss <5, <20, <50, <80, ≥80 %'],
      limitations: ['A company risk matrix with its own bands and acceptance criteria governs; these bands are a default'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Events scored',
  });
}

export const runRiskMatrixTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.3',
  summary: '5×5 risk matrix: each event\'s probability and consequence levels, score, risk level and colour, and the worst overall.',
  description:
    '5×5 risk matrix: {"events": [{"name", "probabilityLevel" 1–5 | "failuresPerYear", "consequenceLevel" 1–5 | "productionLossPercent", "mitigation"?}]}. ' +
    'Returns each event\'s levels, categories, score (P×C), level (Low/Medium/High/Critical) and colour, and the worst overall.',
  input: Input,
  output: Output,
  exampleCategory: 'safety',
  examples: [{ name: 'rotating-equipment', description: 'Two events, one from given levels and one from failure rate and production loss', input: { events: [{ name: 'Compressor trip', probabilityLevel: 3, consequenceLevel: 4 }, { name: 'Pump seal leak', failuresPerYear: 0.5, productionLossPercent: 5 }] } }],
  execution: 'inline',
  run,
});
