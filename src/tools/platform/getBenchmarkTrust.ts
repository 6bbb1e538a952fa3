/**
 * getBenchmarkTrust (core, ADVISORY, v1.2): per-tool validation status from measured results.
 * Everything comes from src/tools/contract/governance/trust-measurements.json, written by
 * scripts/measure-trust.ts (which runs the tools on the shared reference cases); a registered
 * tool without measurements is EXPERIMENTAL with "no validation cases measured".
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue } from '../contract/envelope.js';
import { catalogIn, defineTool } from '../contract/types.js';
import { policySuccess } from '../contract/governance/respond.js';
import measurements from '../contract/governance/trust-measurements.json' with { type: 'json' };

const TOOL = 'getBenchmarkTrust';

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('getAll'), Type.Literal('getTool')], { description: 'Default getAll' })),
    toolName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Tool for getTool, e.g. "calculateStandard"' })),
  },
  { additionalProperties: false },
);

const Case = Type.Object(
  {
    id: Type.String(),
    description: Type.String(),
    referenceSource: Type.String(),
    kind: Type.Union([Type.Literal('reference'), Type.Literal('parity')]),
    quantities: Type.Array(Type.String()),
    passed: Type.Boolean(),
    maxRelError: Type.Union([Type.Number(), Type.Null()]),
    verificationStatus: Type.Union([Type.Literal('verified_by_measurement'), Type.Literal('failed_measurement')]),
    failure: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const Trust = Type.Object(
  {
    tool: Type.String(),
    maturityLevel: Type.Union([Type.Literal('VALIDATED'), Type.Literal('TESTED'), Type.Literal('EXPERIMENTAL')]),
    description: Type.String(),
    measured: Type.Boolean({ description: 'False when no validation cases were measured for this tool' }),
    summary: Type.Object({ cases: Type.Integer(), passed: Type.Integer(), failed: Type.Integer(), referenceCases: Type.Integer(), parityCases: Type.Integer() }),
    validationCases: Type.Array(Case),
    accuracyBounds: Type.Record(Type.String(), Type.String()),
    accuracyBoundPoints: Type.Record(
      Type.String(),
      Type.Object(
        {
          points: Type.Integer({ description: 'Values measured for this bound' }),
          cases: Type.Integer({ description: 'Validation cases those values come from' }),
          pointsOutsideTolerance: Type.Integer({ description: 'Values outside the reference tolerance (listed under knownLimitations)' }),
          maxError: Type.Number({ description: 'Largest |error| measured (relative or absolute, see errorKind)' }),
          errorKind: Type.Union([Type.Literal('relative'), Type.Literal('absolute')]),
        },
        { additionalProperties: false },
      ),
      { description: 'Per accuracy bound: how many points and cases it rests on (a bound from few points is weak evidence)' },
    ),
    knownLimitations: Type.Array(Type.String()),
    unsupported: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
type TrustT = Static<typeof Trust>;

const Output = Type.Object(
  {
    action: Type.String(),
    measuredAt: Type.String({ description: 'When scripts/measure-trust.ts last ran' }),
    maturityLevels: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'VALIDATED: within reference tolerance on ≥3 published/reference cases; TESTED: measured, some deviations; EXPERIMENTAL: not measured' })),
    tools: Type.Optional(Type.Record(Type.String(), Trust)),
    trust: Type.Optional(Trust),
  },
  { additionalProperties: false },
);

const MATURITY = {
  VALIDATED: 'Within the reference tolerance on at least 3 published/reference-EOS cases (measured); suitable for design decisions within the listed bounds',
  TESTED: 'Measured against reference or parity cases with some deviations (see knownLimitations); suitable for screening',
  EXPERIMENTAL: 'No validation cases measured; use for exploration only',
};

type Stored = Omit<TrustT, 'tool' | 'measured'>;
const stored = (measurements as unknown as { measuredAt: string; tools: Record<string, Stored> }).tools;

function trustOf(name: string): TrustT {
  const m = stored[name];
  if (m !== undefined) return { tool: name, measured: true, ...m };
  return {
    tool: name,
    maturityLevel: 'EXPERIMENTAL',
    description: 'no validation cases measured',
    measured: false,
    summary: { cases: 0, passed: 0, failed: 0, referenceCases: 0, parityCases: 0 },
    validationCases: [],
    accuracyBounds: {},
    accuracyBoundPoints: {},
    knownLimitations: ['No reference comparison has been run for this tool; review results independently.'],
    unsupported: [],
  };
}

export const getBenchmarkTrustTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'How far each tool\'s results are validated against reference data: maturity level, cases run, accuracy bounds and known limitations.',
  description:
    'Per-tool validation status measured against reference data: maturityLevel (VALIDATED, TESTED, EXPERIMENTAL), the ' +
    'validation cases run (reference source, quantities, pass/fail, max relative error), accuracy bounds per quantity, ' +
    'accuracyBoundPoints (how many points and cases each bound rests on), known limitations (cases outside tolerance) and unsupported inputs. action getAll (default) summarises every ' +
    'registered tool (case lists left empty); getTool {toolName} gives one with every measured case. Figures come from scripts/measure-trust.ts, not from hand-written claims.',
  input: Input,
  output: Output,
  exampleCategory: 'governance',
  examples: [
    { name: 'trust-all', description: 'Trust metadata of every registered tool', input: { action: 'getAll' } },
    { name: 'trust-calculate-standard', description: 'Measured validation of calculateStandard', input: { action: 'getTool', toolName: 'calculateStandard' } },
  ],
  execution: 'inline',
  run(input, ctx) {
    const started = performance.now();
    const measuredAt = (measurements as { measuredAt: string }).measuredAt;
    if (input.action === 'getTool') {
      if (input.toolName === undefined) {
        return failure(TOOL, 'input', [issue('MISSING_FIELD', 'action getTool needs "toolName"', 'Add "toolName", e.g. "calculateStandard".', '/toolName')]);
      }
      if (catalogIn(ctx).get(input.toolName) === undefined) {
        return failure(TOOL, 'compute', [issue('UNKNOWN_TOOL', `No tool named "${input.toolName}" is registered`, 'Call getCapabilities (or getBenchmarkTrust getAll) for the tool names.', '/toolName')]);
      }
      return policySuccess(TOOL, 'benchmark trust', { action: 'getTool', measuredAt, trust: trustOf(input.toolName) }, started, 'Trust metadata read from measurements');
    }
    // getAll keeps the answer small: per-case detail is available through getTool.
    const summaries = catalogIn(ctx).tools.map((t) => {
      const trust = trustOf(t.name);
      return [t.name, { ...trust, validationCases: [] }] as [string, TrustT];
    });
    return policySuccess(
      TOOL,
      'benchmark trust',
      { action: 'getAll', measuredAt, maturityLevels: MATURITY, tools: Object.fromEntries(summaries) },
      started,
      'Trust metadata read from measurements',
    );
  },
});
