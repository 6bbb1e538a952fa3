/**
 * runBatch (advanced, CALCULATION, v1.0): up to 500 flashes in one call. Every case is shallow-
 * merged over the base (every top-level field but `cases`; the case's fields win) and run exactly
 * as runFlash runs it, so any flash type, model or unit runFlash takes works per case. A case that
 * fails keeps its own errors in its slot; the others still run. The call fails only when every
 * case does.
 */
import { Type, type Static } from '@sinclair/typebox';
import { moleFraction } from '../contract/bounded.js';
import { runFlash } from '../thermo/runFlash/runFlash.js';
import { RunFlashInput, RunFlashOutput } from '../thermo/runFlash/schema.js';
import { checkKeys, strictFailure } from '../contract/strict-keys.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';

const TOOL = 'runBatch';
/** A case holds runFlash fields; anything else would be dropped by the merge, so it is refused. */
const CASE_KEYS = Object.keys(RunFlashInput.properties);
export const MAX_BATCH_CASES = 500;

const Input = Type.Object(
  {
    model: Type.Optional(Type.String({ description: 'Base model (SRK, PR, GERG2008), as runFlash' })),
    components: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'Base composition' })),
    mixingRule: Type.Optional(Type.String()),
    flashType: Type.Optional(Type.String({ description: 'Base flash type (TP default), as runFlash' })),
    multiPhaseCheck: Type.Optional(Type.Boolean()),
    temperature: Type.Optional(Type.Unknown({ description: 'Base temperature, as runFlash: a bare number is K, or {"value": …, "unit": "C"}' })),
    pressure: Type.Optional(Type.Unknown({ description: 'Base pressure, as runFlash: a bare number is bara, or {"value": …, "unit": "barg"}' })),
    enthalpy: Type.Optional(Type.Unknown()),
    entropy: Type.Optional(Type.Unknown()),
    volume: Type.Optional(Type.Unknown()),
    cases: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      minItems: 1,
      maxItems: MAX_BATCH_CASES,
      description: 'Per-case runFlash fields merged over the base, e.g. {"temperature": {"value": 25, "unit": "C"}, "pressure": {"value": 30, "unit": "bara"}}; any other key is refused (400 UNKNOWN_PROPERTY, with "did you mean")',
    }),
  },
  { additionalProperties: false },
);

const CaseResult = Type.Object(
  {
    caseIndex: Type.Integer(),
    status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
    data: Type.Optional(RunFlashOutput),
    warnings: Type.Array(Type.Object({ code: Type.String(), severity: Type.String(), message: Type.String() }, { additionalProperties: false })),
    errors: Type.Optional(Type.Array(Type.Object({ severity: Type.String(), code: Type.String(), message: Type.String(), fix: Type.String(), field: Type.Optional(Type.String()) }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    summary: Type.Object({ totalCases: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer(), failedCaseIndices: Type.Array(Type.Integer()) }, { additionalProperties: false }),
    results: Type.Array(CaseResult),
  },
  { additionalProperties: false },
);
export type RunBatchInput = Static<typeof Input>;
type In = RunBatchInput;
type Out = Static<typeof Output>;

/** The cases' runFlash field checks, before any case runs (a failure envelope, or undefined). */
export function refuseUnknownCaseKeys(cases: In['cases']) {
  const strict = cases.flatMap((c, i) => checkKeys(c, { subject: `case ${i} (runFlash fields)`, modelled: CASE_KEYS }, `/cases/${i}`));
  return strict.length > 0 ? strictFailure(TOOL, strict) : undefined;
}

/** Case i's runFlash input: the base with the case's fields over it. */
export function caseInput(input: In, i: number): Record<string, unknown> {
  const { cases, ...base } = input;
  return { ...base, ...cases[i] };
}

/** Case i's slot of the results, from its runFlash envelope. */
export function caseResult(i: number, env: Envelope<unknown>): CaseSlot {
  if (env.status === 'success') return { caseIndex: i, status: 'success', data: env.data as CaseSlot['data'], warnings: env.warnings, iterations: env.provenance?.convergence.iterations ?? 0 };
  return { caseIndex: i, status: 'error', warnings: env.warnings, errors: (env.errors ?? []).map((e) => ({ ...e, ...(e.field !== undefined ? { field: `cases.${i}.${e.field}` } : {}) })) };
}

/** A case's result and, when it succeeded, its runFlash iterations (summed into the provenance). */
export type CaseSlot = Out['results'][number] & { iterations?: number };

/**
 * The call's envelope from the slots of the cases run (in case order; fewer than the cases when
 * the time budget ran out): the same whether the cases ran here or on several replicas.
 */
export function batchEnvelope(totalCases: number, slots: CaseSlot[], started: number) {
  const results: Out['results'] = slots.map(({ iterations: _, ...r }) => r);
  const iterations = slots.reduce((n, r) => n + (r.iterations ?? 0), 0);
  const failedIdx = results.filter((r) => r.status === 'error').map((r) => r.caseIndex);
  const succeeded = results.length - failedIdx.length;
  if (succeeded === 0) {
    const first = results.slice(0, 5).flatMap((r) => r.errors ?? []) as DiagnosticIssue[];
    return failure(TOOL, 'compute', [issue('ALL_CASES_FAILED', `All ${results.length} cases failed; the first: ${first[0]?.code ?? 'unknown'} ${first[0]?.message ?? ''}`.trim(), 'Fix the case inputs (each case is a runFlash input merged over the base)', 'cases'), ...first]);
  }
  const warnings: Warning[] = [];
  if (failedIdx.length > 0) {
    warnings.push(warning('CONVERGENCE_WARNING', `${failedIdx.length} of ${results.length} cases failed (indices ${failedIdx.slice(0, 20).join(', ')}${failedIdx.length > 20 ? ', …' : ''}); their errors are in results[i].errors`));
  }
  if (results.length < totalCases) warnings.push(warning('CONVERGENCE_WARNING', `Stopped after ${results.length} of ${totalCases} cases: the time budget ran out`));
  return success({
    tool: TOOL,
    data: { summary: { totalCases, succeeded, failed: failedIdx.length, failedCaseIndices: failedIdx }, results },
    warnings,
    provenance: {
      calculationType: 'batch of flashes',
      convergence: { converged: failedIdx.length === 0 && results.length === totalCases, iterations, message: `${succeeded} of ${totalCases} cases computed` },
      assumptions: ['Each case = the base fields with the case\'s fields over them (shallow merge), run as runFlash'],
      limitations: ['Per-case provenance is summarised here; run a case with runFlash for its full assumptions'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: failedIdx.length ? `${failedIdx.length} case(s) failed` : 'All cases computed',
  });
}

function run(input: In, ctx?: Pick<ToolContext, 'progress' | 'signal'>) {
  const started = performance.now();
  const refused = refuseUnknownCaseKeys(input.cases);
  if (refused !== undefined) return refused;
  const slots: CaseSlot[] = [];
  for (let i = 0; i < input.cases.length; i++) {
    if (ctx?.signal?.aborted) break;
    slots.push(caseResult(i, runFlash(caseInput(input, i))));
    ctx?.progress((i + 1) / input.cases.length, `${i + 1} of ${input.cases.length} cases`);
  }
  return batchEnvelope(input.cases.length, slots, started);
}

export const runBatchTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'Up to 500 runFlash cases in one call: a base definition plus per-case overrides; each case\'s flash data or errors.',
  description:
    `Up to ${MAX_BATCH_CASES} flashes in one call: base runFlash fields (model, components, flashType, temperature, pressure, …) and "cases": [objects merged over the base]. ` +
    'Each result is the runFlash data of that case, or its errors; the call fails only if every case fails. Any flash type works per case (TP, PH, PS, TV, dew/bubble points).',
  input: Input,
  output: Output,
  exampleCategory: 'batch',
  examples: [
    {
      name: 'pressure-sweep',
      description: 'A rich gas at 25 °C from 10 to 100 bara',
      input: {
        model: 'PR',
        components: { methane: 0.7, ethane: 0.15, propane: 0.1, 'n-butane': 0.05 },
        flashType: 'TP',
        temperature: { value: 25, unit: 'C' },
        cases: [10, 30, 60, 100].map((p) => ({ pressure: { value: p, unit: 'bara' } })),
      },
    },
    {
      name: 'mixed-flash-types',
      description: 'A TP flash, a dew point and a PH flash of one gas',
      input: {
        model: 'SRK',
        components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
        cases: [
          { flashType: 'TP', temperature: { value: 0, unit: 'C' }, pressure: { value: 50, unit: 'bara' } },
          { flashType: 'dewPointT', pressure: { value: 50, unit: 'bara' } },
          { flashType: 'PH', pressure: { value: 20, unit: 'bara' }, enthalpy: { value: 0, unit: 'J/mol' } },
        ],
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});

export { run as runBatch };
