/**
 * runParametricStudy (advanced, CALCULATION, v1.1): sweeps of process specifications (automation
 * addresses) one at a time or full factorial, each case written into the process JSON, run, and
 * read back at the requested output addresses. Every sweep and output address, unit and value is
 * checked before any case runs; a case whose flowsheet does not solve is recorded with its error
 * and the study goes on.
 */
import { Type, type Static } from '@sinclair/typebox';
import { VALUE_LIMIT, signed } from '../contract/bounded.js';
import type { ProcessDefinition } from './runProcess/definition.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { resolveAddress, type AddressMatch } from './automation/address.js';
import { firstError, loadDefinition, ProcessJsonField, readVariable, solveDefinition, viewOf } from './automation/common.js';
import { applyWrite, checkWrite } from './automation/write.js';
import { AUTOMATION_PROCESS } from './automation/examples.js';

const TOOL = 'runParametricStudy';
export const MAX_STUDY_CASES = 5000;

const Sweep = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 400, description: 'A writable specification, e.g. "Export Compressor.outletPressure"' }),
    unit: Type.Optional(Type.String({ maxLength: 32 })),
    // Values of any writable variable in its own unit: kept finite; the write checks the variable's range.
    values: Type.Optional(Type.Array(signed(VALUE_LIMIT), { minItems: 1, maxItems: 1000 })),
    from: Type.Optional(signed(VALUE_LIMIT)),
    to: Type.Optional(signed(VALUE_LIMIT)),
    steps: Type.Optional(Type.Integer({ minimum: 2, maximum: 1000, description: 'Evenly spaced values from "from" to "to", ends included' })),
  },
  { additionalProperties: false },
);
const OutputSpec = Type.Object({ address: Type.String({ minLength: 1, maxLength: 400 }), unit: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false });

const Input = Type.Object(
  {
    baseProcess: ProcessJsonField,
    sweeps: Type.Array(Sweep, { minItems: 1, maxItems: 10 }),
    outputs: Type.Array(OutputSpec, { minItems: 1, maxItems: 50 }),
    mode: Type.Optional(Type.Union([Type.Literal('one_at_a_time'), Type.Literal('full_factorial')], { description: 'one_at_a_time (default): each sweep alone, the others at their centre value; full_factorial: every combination' })),
    centre: Type.Optional(Type.Union([Type.Literal('midpoint'), Type.Literal('base')], { description: 'One at a time: the other sweeps at their middle value (default, as the original) or at the base process\'s value' })),
  },
  { additionalProperties: false },
);

const Case = Type.Object(
  {
    caseIndex: Type.Integer(),
    inputs: Type.Record(Type.String(), Type.Number()),
    converged: Type.Boolean(),
    outputs: Type.Record(Type.String(), Type.Number()),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Summary = Type.Object({ min: Type.Number(), max: Type.Number(), mean: Type.Number(), range: Type.Number(), rangePercent: Type.Optional(Type.Number()), sampleCount: Type.Integer(), unit: Type.String() }, { additionalProperties: false });
const Output = Type.Object(
  {
    mode: Type.String(),
    totalCases: Type.Integer(),
    convergedCases: Type.Integer(),
    failedCases: Type.Integer(),
    sweeps: Type.Array(Type.Object({ address: Type.String(), unit: Type.String(), values: Type.Array(Type.Number()) }, { additionalProperties: false })),
    cases: Type.Array(Case),
    outputSummary: Type.Record(Type.String(), Summary),
  },
  { additionalProperties: false },
);
export type RunParametricStudyInput = Static<typeof Input>;
type In = RunParametricStudyInput;
type Out = Static<typeof Output>;

type Resolved = Extract<AddressMatch, { ok: true }>;

function sweepValues(s: Static<typeof Sweep>, i: number, issues: DiagnosticIssue[]): number[] | undefined {
  if (s.values !== undefined) return s.values;
  if (s.from !== undefined && s.to !== undefined) {
    const n = s.steps ?? 5;
    return Array.from({ length: n }, (_, k) => s.from! + ((s.to! - s.from!) * k) / (n - 1));
  }
  issues.push(issue('INVALID_SWEEP', `Sweep ${i} (${s.address}) has neither "values" nor "from"/"to"`, 'Give "values": [..] or "from", "to" and "steps"', `sweeps.${i}`));
  return undefined;
}

/** What a study runs, checked before any case: the base, its sweeps and outputs, and every case's value indices. */
export interface StudyPlan {
  base: ProcessDefinition;
  mode: 'one_at_a_time' | 'full_factorial';
  sweeps: { hit: Resolved; unit: string; values: number[] }[];
  outputs: { hit: Resolved; unit: string | undefined; key: string }[];
  /** Per case, an index into each sweep's values (-1 = leave the base value). */
  combos: number[][];
}

export function planStudy(input: In): { ok: true; plan: StudyPlan } | { ok: false; env: Envelope<never> } {
  const loaded = loadDefinition(TOOL, input.baseProcess, '/baseProcess');
  if (!loaded.ok) return { ok: false, env: loaded.env };
  const base = loaded.definition;
  const issues: DiagnosticIssue[] = [];
  const sweeps: StudyPlan['sweeps'] = [];
  input.sweeps.forEach((s, i) => {
    const hit = resolveAddress(base.units, s.address);
    if (!hit.ok) return void issues.push(issue(hit.diagnostic.category, hit.diagnostic.errorMessage, hit.diagnostic.remediation, `sweeps.${i}.address`));
    const values = sweepValues(s, i, issues);
    if (!values) return;
    for (const v of values) {
      const c = checkWrite(base, hit.unit, hit.entry, hit.address, v, s.unit);
      if (!c.ok) return void issues.push(issue(c.diagnostic.category, c.diagnostic.errorMessage, c.diagnostic.remediation, `sweeps.${i}`));
    }
    const unit = checkWrite(base, hit.unit, hit.entry, hit.address, values[0]!, s.unit);
    sweeps.push({ hit, unit: unit.ok ? unit.unit : '', values });
  });
  if (new Set(sweeps.map((s) => s.hit.address)).size < sweeps.length) issues.push(issue('INVALID_SWEEP', 'Two sweeps address the same variable', 'Sweep each variable once', 'sweeps'));
  const outputs: StudyPlan['outputs'] = [];
  input.outputs.forEach((o, i) => {
    const hit = resolveAddress(base.units, o.address);
    if (!hit.ok) issues.push(issue(hit.diagnostic.category, hit.diagnostic.errorMessage, hit.diagnostic.remediation, `outputs.${i}.address`));
    else outputs.push({ hit, unit: o.unit, key: hit.address });
  });
  if (issues.length > 0) return { ok: false, env: failure(TOOL, 'compute', issues) };

  const mode = input.mode ?? 'one_at_a_time';
  const combos: number[][] = [];
  const centre = (k: number) => (input.centre === 'base' ? -1 : Math.floor(sweeps[k]!.values.length / 2));
  if (mode === 'full_factorial') {
    const total = sweeps.reduce((n, s) => n * s.values.length, 1);
    if (total > MAX_STUDY_CASES) return { ok: false, env: failure(TOOL, 'compute', [issue('TOO_MANY_CASES', `Full factorial gives ${total} cases; the limit is ${MAX_STUDY_CASES}`, 'Use fewer values per sweep, or mode one_at_a_time', 'sweeps')]) };
    const rec = (k: number, acc: number[]) => {
      if (k === sweeps.length) return void combos.push(acc);
      sweeps[k]!.values.forEach((_, j) => rec(k + 1, [...acc, j]));
    };
    rec(0, []);
  } else {
    sweeps.forEach((s, k) => s.values.forEach((_, j) => combos.push(sweeps.map((_, m) => (m === k ? j : centre(m))))));
    if (combos.length > MAX_STUDY_CASES) return { ok: false, env: failure(TOOL, 'compute', [issue('TOO_MANY_CASES', `The study has ${combos.length} cases; the limit is ${MAX_STUDY_CASES}`, 'Use fewer values', 'sweeps')]) };
  }
  return { ok: true, plan: { base, mode, sweeps, outputs, combos } };
}

export type StudyCase = Out['cases'][number];

/**
 * Case c's values written into the base process JSON in sweep order (as setSimulationVariable
 * does), up to the first write refused: the inputs written and that refusal, or the process to run.
 */
export function writeStudyCase(plan: StudyPlan, baseProcess: unknown, c: number) {
  const combo = plan.combos[c]!;
  let doc = baseProcess as Record<string, unknown>;
  let def: ProcessDefinition = plan.base;
  const inputs: Record<string, number> = {};
  let error: { code: string; message: string } | undefined;
  for (let k = 0; k < plan.sweeps.length && !error; k++) {
    const s = plan.sweeps[k]!;
    if (combo[k] === -1) continue;
    const v = s.values[combo[k]!]!;
    inputs[s.hit.address] = v;
    const step = applyWrite(TOOL, doc, def, s.hit.address, v, s.unit);
    if (!step.ok) error = { code: step.code, message: step.message };
    else ({ doc, definition: def } = step);
  }
  return { def, inputs, error };
}

/** Case c: its values written, the process run, the outputs read. */
export function runStudyCase(input: In, plan: StudyPlan, c: number): StudyCase {
  const written = writeStudyCase(plan, input.baseProcess, c);
  const { def, inputs } = written;
  let error = written.error;
  const outs: Record<string, number> = {};
  if (!error) {
    const solved = solveDefinition(TOOL, def);
    if (!solved.ok) error = firstError(solved.env, 'PROCESS_ERROR', 'the flowsheet did not solve');
    else {
      for (const o of plan.outputs) {
        const unit = def.units.find((u) => u.name === o.hit.unit.name)!;
        const r = readVariable(viewOf(def, unit, solved.solved), o.hit.entry, o.unit, o.key);
        if (r.ok) outs[o.key] = r.value;
      }
    }
  }
  return { caseIndex: c, inputs, converged: !error, outputs: outs, ...(error ? { error } : {}) };
}

/** The study's envelope from the cases run (in order; fewer than planned when the time budget ran out). */
export function studyEnvelope(input: In, plan: StudyPlan, cases: StudyCase[], started: number) {
  const { base, mode, sweeps, outputs, combos } = plan;
  const outputSummary: Out['outputSummary'] = {};
  for (const o of outputs) {
    const xs = cases.flatMap((c) => (o.key in c.outputs ? [c.outputs[o.key]!] : []));
    if (xs.length === 0) continue;
    const min = Math.min(...xs);
    const max = Math.max(...xs);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const unit = readVariable(viewOf(base, o.hit.unit), o.hit.entry, o.unit, o.key);
    outputSummary[o.key] = { min, max, mean, range: max - min, ...(mean !== 0 ? { rangePercent: (100 * (max - min)) / Math.abs(mean) } : {}), sampleCount: xs.length, unit: unit.ok ? unit.unit : (o.unit ?? '') };
  }
  const failed = cases.filter((c) => !c.converged).length;
  const warnings: Warning[] = [];
  if (failed > 0) warnings.push(warning('CONVERGENCE_WARNING', `${failed} of ${cases.length} cases failed; each carries its error`));
  if (cases.length < combos.length) warnings.push(warning('CONVERGENCE_WARNING', `Stopped after ${cases.length} of ${combos.length} cases: the time budget ran out`));
  if (cases.length > 0 && failed === cases.length) return failure(TOOL, 'compute', [issue('ALL_CASES_FAILED', `Every case failed; the first: ${cases[0]!.error?.code} ${cases[0]!.error?.message}`, 'Check the sweep ranges against the process (e.g. a compressor discharge below its suction)', 'sweeps')]);
  return success({
    tool: TOOL,
    data: { mode, totalCases: combos.length, convergedCases: cases.length - failed, failedCases: failed, sweeps: sweeps.map((s) => ({ address: s.hit.address, unit: s.unit, values: s.values })), cases, outputSummary },
    warnings,
    provenance: {
      calculationType: `parametric study (${mode})`,
      convergence: { converged: failed === 0 && cases.length === combos.length, iterations: cases.length, message: `${cases.length - failed} of ${combos.length} cases solved` },
      assumptions: [
        'Each case writes its values into a copy of the base process JSON (as setSimulationVariable does) and runs it from scratch',
        mode === 'one_at_a_time' ? `One at a time: the other sweeps at their ${input.centre === 'base' ? 'base-process value' : 'middle value (values[n/2])'}` : 'Full factorial: every combination of the sweep values',
      ],
      limitations: ['Outputs a case does not compute (e.g. behind an empty port) are left out of that case and of the summary'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: failed ? `${failed} case(s) failed` : 'All cases solved',
  });
}

function run(input: In, ctx?: Pick<ToolContext, 'progress' | 'signal'>) {
  const started = performance.now();
  const planned = planStudy(input);
  if (!planned.ok) return planned.env;
  const { plan } = planned;
  const cases: StudyCase[] = [];
  for (let c = 0; c < plan.combos.length; c++) {
    if (ctx?.signal?.aborted) break;
    cases.push(runStudyCase(input, plan, c));
    ctx?.progress((c + 1) / plan.combos.length, `${c + 1} of ${plan.combos.length} cases`);
  }
  return studyEnvelope(input, plan, cases, started);
}

export const runParametricStudyTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Sweeps process specifications (one at a time or full factorial) on a runProcess input and reads chosen outputs per case.',
  description:
    `Sweeps process specifications and reads results: {"baseProcess": <runProcess input>, "sweeps": [{"address", "unit"?, "values" | "from","to","steps"}], "outputs": [{"address", "unit"?}], "mode": one_at_a_time | full_factorial}. ` +
    `Addresses as getSimulationVariable/setSimulationVariable. Returns each case's inputs and outputs (or its error) and min/max/mean per output; at most ${MAX_STUDY_CASES} cases.`,
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [
    {
      name: 'discharge-pressure-sweep',
      description: 'Compressor power and cooler duty against discharge pressure and cooler outlet temperature',
      input: {
        baseProcess: AUTOMATION_PROCESS,
        sweeps: [
          { address: 'Export Compressor.outletPressure', unit: 'bara', from: 80, to: 160, steps: 5 },
          { address: 'Aftercooler.outletTemperature', unit: 'C', values: [30, 40, 50] },
        ],
        outputs: [{ address: 'Export Compressor.power', unit: 'kW' }, { address: 'Aftercooler.duty', unit: 'kW' }, { address: 'Aftercooler.outletStream.density' }],
        mode: 'full_factorial',
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
