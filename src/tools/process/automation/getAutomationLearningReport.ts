/**
 * getAutomationLearningReport (core, ADVISORY, v1.0): what the caller's automation calls on a
 * process (or on every process) have shown: how many succeeded, which errors came up, which
 * misspelt names were corrected (by self-healing, or by a failed call followed by a success with
 * a suggested name), the latest failures, and recommendations that follow from those counts.
 *
 * The history is recorded by the dispatcher (src/tools/contract/automation-history.ts). Unlike the
 * original, which built a fresh process on every call and so always reported an empty history,
 * this one reports the calls actually made, per caller.
 */
import { Type, type Static } from '@sinclair/typebox';
import { success, type Envelope } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { ProcessJsonField } from './common.js';
import { AUTOMATION_PROCESS } from './examples.js';
import { isSharedStateError, sharedStateUnavailable } from '../../contract/shared-state/backend.js';
import { automationRecordsOf, MAX_PER_CALLER, processKeyOf, type AutomationRecord } from '../../contract/automation-history.js';

const TOOL = 'getAutomationLearningReport';
const DEFAULT_RECENT = 10;

/** Diagnostic codes meaning that an address (unit, port or property) did not resolve. */
const ADDRESS_CODES = new Set(['UNIT_NOT_FOUND', 'PORT_NOT_FOUND', 'PROPERTY_NOT_FOUND', 'INVALID_ADDRESS_FORMAT']);

const Input = Type.Object(
  {
    processJson: Type.Optional({ ...ProcessJsonField, description: 'The process the report is about (as runProcess takes it, or a JSON string of it); omit for all of your automation calls' }),
    recentFailures: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: `How many of the latest failures to list (default ${DEFAULT_RECENT})` })),
  },
  { additionalProperties: false },
);

const LearnedCorrection = Type.Object({ to: Type.String(), reason: Type.String(), occurrences: Type.Integer() }, { additionalProperties: false });
const Failure = Type.Object(
  {
    at: Type.String(),
    tool: Type.String(),
    address: Type.String(),
    code: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    suggestions: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    scope: Type.Union([Type.Literal('process'), Type.Literal('caller')], { description: '"process": calls about the given processJson; "caller": all of your calls' }),
    processKey: Type.Optional(Type.String({ description: 'Key of the process (the same definition, in any key order, has the same key)' })),
    totalOperations: Type.Integer(),
    successfulOperations: Type.Integer(),
    failedOperations: Type.Integer(),
    successRate: Type.Union([Type.Number(), Type.Null()], { description: 'Successful / total; null before any call' }),
    operations: Type.Object({ read: Type.Integer(), write: Type.Integer(), list: Type.Integer(), diagnose: Type.Integer() }, { additionalProperties: false }),
    errorCategories: Type.Record(Type.String(), Type.Integer(), { description: 'Diagnostic code → how many calls failed with it' }),
    learnedCorrections: Type.Record(Type.String(), LearnedCorrection, { description: 'Name or address as written → the name that worked' }),
    recentFailures: Type.Array(Failure, { description: 'Latest first' }),
    recommendations: Type.Array(Type.String()),
    firstRecordedAt: Type.Optional(Type.String()),
    lastRecordedAt: Type.Optional(Type.String()),
    historyLimit: Type.Integer({ description: 'Calls kept per caller (older ones are forgotten)' }),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;

/**
 * Corrections learned from the records: the self-healing corrections of successful calls, and a
 * failed address followed (in the same process and operation) by a success whose address holds
 * one of the names the failure suggested.
 */
function learnedCorrectionsOf(records: AutomationRecord[]): Data['learnedCorrections'] {
  const out: Data['learnedCorrections'] = {};
  const add = (from: string, to: string, reason: string) => {
    if (from === to) return;
    const seen = out[from];
    if (seen !== undefined && seen.to === to) seen.occurrences++;
    else out[from] = { to, reason, occurrences: 1 };
  };
  records.forEach((r, i) => {
    if (r.ok) {
      for (const c of r.corrections) add(c.from, c.to, c.reason);
      return;
    }
    if (r.suggestions.length === 0) return;
    const next = records.slice(i + 1).find((s) => s.processKey === r.processKey && s.operation === r.operation && (s.ok || s.address !== r.address));
    const resolved = next?.ok === true ? (next.resolvedAddress ?? next.address) : undefined;
    if (resolved !== undefined && next!.address !== r.address && r.suggestions.some((s) => resolved.includes(s))) {
      add(r.address, resolved, `failed with ${r.code ?? 'an error'}, then succeeded with a suggested name`);
    }
  });
  return out;
}

function recommendationsOf(records: AutomationRecord[], errors: Record<string, number>, learned: number, scope: Data['scope']): string[] {
  if (records.length === 0) {
    return [
      `No automation calls recorded ${scope === 'process' ? 'for this process' : 'for you'} yet: start with listSimulationUnits, then listUnitVariables for the unit you need; addresses are "unit.property" or "unit.port.property".`,
    ];
  }
  const out: string[] = [];
  const addressFailures = Object.entries(errors).reduce((n, [code, k]) => n + (ADDRESS_CODES.has(code) ? k : 0), 0);
  if (addressFailures > 0) out.push(`${addressFailures} address(es) did not resolve: list a unit's addresses with listUnitVariables, or check one with diagnoseAutomation, before reading or writing.`);
  if (errors.READ_ONLY_VARIABLE) out.push('Writes to OUTPUT (computed) variables were refused: only INPUT variables can be set; getAdjustableParameters lists them with their bounds.');
  if (errors.VALUE_OUT_OF_BOUNDS) out.push('Writes outside a variable\'s range were refused: read minimumValue/maximumValue from listUnitVariables before writing.');
  if (errors.UNKNOWN_UNIT) out.push('Engineering units were not recognised: use one of the variable\'s acceptedUnits (listUnitVariables).');
  if (errors.VALUE_NOT_AVAILABLE) out.push('Some values were not produced by the run: check the flowsheet with runProcess.');
  if (errors.DEFINITION_ERROR) out.push('The process definition itself was refused: check it with validateInput before automation calls.');
  if (learned > 0) out.push('Use the corrected names directly (learnedCorrections): self-healing is a guess and may pick another unit when names are close.');
  if (out.length === 0) out.push('No failures recorded.');
  return out;
}

export const getAutomationLearningReportTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Report on your own automation calls on a process: success rate, error categories, learned corrections and recommendations.',
  description:
    'Report on your automation calls (getSimulationVariable, setSimulationVariable, listUnitVariables, diagnoseAutomation) on one process ("processJson" = the runProcess input) or on all processes (omit it): ' +
    'totals and success rate, error categories, learned corrections (misspelt names and what worked), the latest failures and recommendations. ' +
    `History is per caller, the last ${MAX_PER_CALLER} calls; per server instance, or shared by all replicas when REDIS_URL is set.`,
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'process-report', description: 'The report on the automation example process (empty until you make automation calls on it)', input: { processJson: AUTOMATION_PROCESS } }],
  execution: 'inline',
  async run(input, ctx): Promise<Envelope<Data>> {
    const started = performance.now();
    const scope: Data['scope'] = input.processJson === undefined ? 'caller' : 'process';
    const key = input.processJson === undefined ? undefined : processKeyOf(input.processJson);
    let records: AutomationRecord[];
    try {
      records = await automationRecordsOf(ctx.subject, key);
    } catch (err) {
      if (isSharedStateError(err)) return sharedStateUnavailable('getAutomationLearningReport', err);
      throw err;
    }
    const ok = records.filter((r) => r.ok).length;
    const operations = { read: 0, write: 0, list: 0, diagnose: 0 };
    const errorCategories: Record<string, number> = {};
    for (const r of records) {
      operations[r.operation]++;
      if (!r.ok) errorCategories[r.code ?? 'UNKNOWN'] = (errorCategories[r.code ?? 'UNKNOWN'] ?? 0) + 1;
    }
    const learned = learnedCorrectionsOf(records);
    const keep = input.recentFailures ?? DEFAULT_RECENT;
    const failures = records.filter((r) => !r.ok);
    const recent = (keep === 0 ? [] : failures.slice(-keep))
      .reverse()
      .map((r) => ({ at: r.at, tool: r.tool, address: r.address, ...(r.code !== undefined ? { code: r.code } : {}), ...(r.message !== undefined ? { message: r.message } : {}), suggestions: r.suggestions }));
    const data: Data = {
      scope,
      ...(key !== undefined ? { processKey: key } : {}),
      totalOperations: records.length,
      successfulOperations: ok,
      failedOperations: records.length - ok,
      successRate: records.length === 0 ? null : ok / records.length,
      operations,
      errorCategories,
      learnedCorrections: learned,
      recentFailures: recent,
      recommendations: recommendationsOf(records, errorCategories, Object.keys(learned).length, scope),
      ...(records.length > 0 ? { firstRecordedAt: records[0]!.at, lastRecordedAt: records[records.length - 1]!.at } : {}),
      historyLimit: MAX_PER_CALLER,
    };
    return success({
      tool: TOOL,
      data,
      warnings: [],
      provenance: {
        calculationType: 'automation history report',
        convergence: { converged: true, iterations: 0 },
        assumptions: ['Counts the automation calls this server instance answered for you (success or a diagnostic error); calls refused by policy, load or schema are not counted'],
        limitations: [`The last ${MAX_PER_CALLER} calls per caller are kept, in memory: a restart or another replica starts empty`],
        computationTimeMs: performance.now() - started,
      },
      validationPhase: 'automation',
      validationMessage: `${records.length} automation call(s) on record`,
    });
  },
});
