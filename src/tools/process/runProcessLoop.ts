/**
 * runProcessLoop (advanced, CALCULATION, v1.7): the evaluation primitive of a closed-loop
 * optimizer: a list of setpoint trials ({address: value}) applied to one process, each run and
 * read back at the objective addresses, with a feasibility flag per trial. Unlike the original,
 * trials do not carry state over: each starts from the base process, so a trial's result does
 * not depend on the order of the list (what an optimizer needs). Rejected setpoints (read-only,
 * out of bounds, unknown unit) are reported per trial and make it infeasible.
 */
import { Type, type Static } from '@sinclair/typebox';
// A value written by address is in the variable's own unit: only kept finite here; the write
// checks the variable's range.
import { VALUE_LIMIT, signed } from '../contract/bounded.js';
import type { ProcessDefinition } from './runProcess/definition.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Warning } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { resolveAddress } from './automation/address.js';
import { firstError, loadDefinition, ProcessJsonField, readVariable, solveDefinition, viewOf } from './automation/common.js';
import { applyWrite } from './automation/write.js';
import { AUTOMATION_PROCESS } from './automation/examples.js';

const TOOL = 'runProcessLoop';
export const MAX_TRIALS = 1000;

const Input = Type.Object(
  {
    processJson: ProcessJsonField,
    trials: Type.Array(Type.Record(Type.String(), signed(VALUE_LIMIT)), { minItems: 1, maxItems: MAX_TRIALS, description: 'Each trial: {address: value} of writable specifications' }),
    readbacks: Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 50, description: 'Addresses to read after each trial' }),
    setpointUnit: Type.Optional(Type.String({ maxLength: 32, description: 'Unit of every setpoint value (default: each variable\'s default unit)' })),
    readbackUnit: Type.Optional(Type.String({ maxLength: 32, description: 'Unit of every readback (default: each variable\'s default unit)' })),
  },
  { additionalProperties: false },
);
export const Trial = Type.Object(
  {
    trialIndex: Type.Integer(),
    setpointsApplied: Type.Record(Type.String(), Type.Number()),
    setpointsRejected: Type.Record(Type.String(), Type.String()),
    runSucceeded: Type.Boolean(),
    feasible: Type.Boolean({ description: 'Every setpoint applied, the flowsheet solved and every readback read' }),
    readbacks: Type.Record(Type.String(), Type.Number()),
    readbackErrors: Type.Record(Type.String(), Type.String()),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Output = Type.Object({ trialCount: Type.Integer(), feasibleCount: Type.Integer(), trials: Type.Array(Trial) }, { additionalProperties: false });
type In = Static<typeof Input>;
type Out = Static<typeof Output>;

function run(input: In, ctx?: Pick<ToolContext, 'progress' | 'signal'>) {
  const started = performance.now();
  const loaded = loadDefinition(TOOL, input.processJson);
  if (!loaded.ok) return loaded.env;
  const base = loaded.definition;
  const issues: DiagnosticIssue[] = [];
  const reads = input.readbacks.map((a, i) => {
    const hit = resolveAddress(base.units, a);
    if (!hit.ok) issues.push(issue(hit.diagnostic.category, hit.diagnostic.errorMessage, hit.diagnostic.remediation, `readbacks.${i}`));
    return hit;
  });
  if (issues.length > 0) return failure(TOOL, 'compute', issues);
  const trials: Out['trials'] = [];
  for (let k = 0; k < input.trials.length; k++) {
    if (ctx?.signal?.aborted) break;
    let doc = input.processJson as unknown as Record<string, unknown>;
    let def: ProcessDefinition = base;
    const applied: Record<string, number> = {};
    const rejected: Record<string, string> = {};
    let error: { code: string; message: string } | undefined;
    for (const [address, value] of Object.entries(input.trials[k]!)) {
      const step = applyWrite(TOOL, doc, def, address, value, input.setpointUnit);
      if (!step.ok && step.rejected) {
        rejected[address] = `${step.code}: ${step.message}`;
        continue;
      }
      if (!step.ok) {
        error = { code: step.code, message: step.message };
        break;
      }
      ({ doc, definition: def } = step);
      applied[step.address] = value;
    }
    const readbacks: Record<string, number> = {};
    const readbackErrors: Record<string, string> = {};
    let ran = false;
    if (!error) {
      const solved = solveDefinition(TOOL, def);
      if (!solved.ok) error = firstError(solved.env, 'PROCESS_ERROR', 'the flowsheet did not solve');
      else {
        ran = true;
        for (const hit of reads) {
          if (!hit.ok) continue;
          const unit = def.units.find((u) => u.name === hit.unit.name)!;
          const r = readVariable(viewOf(def, unit, solved.solved), hit.entry, input.readbackUnit, hit.address);
          if (r.ok) readbacks[hit.address] = r.value;
          else readbackErrors[hit.address] = `${r.diagnostic.category}: ${r.diagnostic.errorMessage}`;
        }
      }
    }
    const feasible = ran && Object.keys(rejected).length === 0 && Object.keys(readbackErrors).length === 0;
    trials.push({ trialIndex: k, setpointsApplied: applied, setpointsRejected: rejected, runSucceeded: ran, feasible, readbacks, readbackErrors, ...(error ? { error } : {}) });
    ctx?.progress((k + 1) / input.trials.length, `${k + 1} of ${input.trials.length} trials`);
  }
  const feasibleCount = trials.filter((x) => x.feasible).length;
  const warnings: Warning[] = [];
  if (feasibleCount < trials.length) warnings.push(warning('CONVERGENCE_WARNING', `${trials.length - feasibleCount} of ${trials.length} trials are infeasible (rejected setpoints, no solution or unreadable results)`));
  if (trials.length < input.trials.length) warnings.push(warning('CONVERGENCE_WARNING', `Stopped after ${trials.length} of ${input.trials.length} trials: the time budget ran out`));
  return success({
    tool: TOOL,
    data: { trialCount: trials.length, feasibleCount, trials },
    warnings,
    provenance: {
      calculationType: 'process evaluation loop',
      convergence: { converged: feasibleCount === trials.length, iterations: trials.length, message: `${feasibleCount} of ${trials.length} trials feasible` },
      assumptions: ['Each trial starts from the base process (trials are independent of their order); setpoints are written into a copy of its JSON as setSimulationVariable writes them'],
      limitations: ['No optimizer: the caller proposes the trials'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${feasibleCount} of ${trials.length} trials feasible`,
  });
}

export const runProcessLoopTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.7',
  summary: 'Evaluates many setpoint trials on one process for an optimizer: applies each trial to the base process, runs it and reads back values.',
  description:
    `Evaluates setpoint trials on one process for an optimizer: {"processJson": <runProcess input>, "trials": [{"<address>": value, …}], "readbacks": ["<address>", …], "setpointUnit"?, "readbackUnit"?}. ` +
    `Each trial starts from the base process, applies its setpoints, runs and reads back; feasible when every setpoint applied and every readback read. At most ${MAX_TRIALS} trials.`,
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [
    {
      name: 'discharge-trials',
      description: 'Three discharge pressures: compressor power and cooler duty',
      input: { processJson: AUTOMATION_PROCESS, trials: [{ 'Export Compressor.outletPressure': 100 }, { 'Export Compressor.outletPressure': 120 }, { 'Export Compressor.outletPressure': 140 }], readbacks: ['Export Compressor.power', 'Aftercooler.duty'] },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
