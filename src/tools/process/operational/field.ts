/** runOperationalStudy: tag maps, field data into the model, scenarios on a local copy. */
import { resolveAddress } from '../automation/address.js';
import { loadDefinition } from '../automation/common.js';
import { chooseUnit } from '../automation/families.js';
import { issue } from '../../contract/envelope.js';
import type { ActionOutcome } from './metrics.js';
import { readAt, solveDoc, writeAt } from './process.js';
import type { OperationalIn, TagBindingT } from './schema.js';
import { runTransient, transientIssue, type QueuedOpening } from './transient.js';

const refuse = (code: string, message: string, fix: string, field?: string): ActionOutcome => ({ ok: false, kind: 'input', errors: [issue(code, message, fix, field)] });

interface Finding {
  severity: 'ERROR' | 'WARNING';
  code: string;
  logicalTag: string;
  message: string;
}

/** Checks every binding against the process: address resolves, unit fits, INPUT tags writable, no duplicates. */
function checkBindings(input: OperationalIn): { findings: Finding[]; resolved: Map<string, string> } | ActionOutcome {
  const bindings = input.tagBindings ?? [];
  if (bindings.length === 0) return refuse('MISSING_FIELD', 'This action needs "tagBindings"', 'Send [{"logicalTag", "automationAddress", "unit", "role"}]', 'tagBindings');
  if (input.processJson === undefined) return refuse('MISSING_PROCESS', 'This action needs "processJson"', 'Pass the runProcess definition the tags refer to', 'processJson');
  const loaded = loadDefinition('runOperationalStudy', input.processJson);
  if (!loaded.ok) return { ok: false, kind: 'compute', errors: loaded.env.errors ?? [] };
  const findings: Finding[] = [];
  const resolved = new Map<string, string>();
  const seen = new Set<string>();
  for (const b of bindings) {
    if (seen.has(b.logicalTag)) findings.push({ severity: 'ERROR', code: 'DUPLICATE_TAG', logicalTag: b.logicalTag, message: `Logical tag ${b.logicalTag} is bound twice` });
    seen.add(b.logicalTag);
    if (b.automationAddress === undefined) {
      findings.push({ severity: b.role === 'VIRTUAL' ? 'ERROR' : 'WARNING', code: 'NO_ADDRESS', logicalTag: b.logicalTag, message: 'No automationAddress: the tag cannot be tied to the model' });
      continue;
    }
    const hit = resolveAddress(loaded.definition.units, b.automationAddress);
    if (!hit.ok) {
      findings.push({ severity: 'ERROR', code: hit.diagnostic.category, logicalTag: b.logicalTag, message: hit.diagnostic.errorMessage });
      continue;
    }
    resolved.set(b.logicalTag, hit.address);
    if (hit.corrections.length > 0) findings.push({ severity: 'WARNING', code: 'ADDRESS_CORRECTED', logicalTag: b.logicalTag, message: `${b.automationAddress} read as ${hit.address}` });
    if (b.unit !== undefined && !chooseUnit(hit.entry.def.family, b.unit).ok) findings.push({ severity: 'ERROR', code: 'UNKNOWN_UNIT', logicalTag: b.logicalTag, message: `'${b.unit}' is not a unit of ${hit.entry.def.family}` });
    if (b.role === 'INPUT' && hit.entry.def.json === undefined) findings.push({ severity: 'ERROR', code: 'READ_ONLY_VARIABLE', logicalTag: b.logicalTag, message: `${hit.address} is a computed result: an INPUT tag must map to a specification` });
  }
  return { findings, resolved };
}

export function validateTagMap(input: OperationalIn): ActionOutcome {
  const c = checkBindings(input);
  if ('ok' in c) return c;
  return { ok: true, iterations: 0, data: { action: 'validateTagMap', valid: !c.findings.some((f) => f.severity === 'ERROR'), bindingCount: input.tagBindings!.length, findings: c.findings, resolvedAddresses: Object.fromEntries(c.resolved) } };
}

const fieldValue = (b: TagBindingT, data: Record<string, number>): number | undefined => data[b.logicalTag] ?? (b.historianTag !== undefined ? data[b.historianTag] : undefined);

/** Writes the INPUT tags' field values into a copy of the process. */
function applyInputs(doc: Record<string, unknown>, input: OperationalIn, applied: { logicalTag: string; address: string; value: number; unit: string | null }[]): { ok: true; doc: Record<string, unknown> } | ActionOutcome {
  const data = input.fieldData ?? {};
  for (const b of input.tagBindings ?? []) {
    if (b.role !== 'INPUT' || b.automationAddress === undefined) continue;
    const v = fieldValue(b, data);
    if (v === undefined) continue;
    const w = writeAt(doc, b.automationAddress, v, b.unit);
    if (!w.ok) return { ok: false, kind: 'compute', errors: [issue(w.code, `Tag ${b.logicalTag}: ${w.message}`, 'Check the binding (validateTagMap) and the field value', `fieldData.${b.logicalTag}`)] };
    doc = w.doc;
    applied.push({ logicalTag: b.logicalTag, address: w.address, value: v, unit: b.unit ?? null });
  }
  return { ok: true, doc };
}

export function applyFieldData(input: OperationalIn): ActionOutcome {
  const c = checkBindings(input);
  if ('ok' in c) return c;
  const errors = c.findings.filter((f) => f.severity === 'ERROR');
  if (errors.length > 0) return { ok: false, kind: 'input', errors: errors.map((f) => issue(f.code, `Tag ${f.logicalTag}: ${f.message}`, 'Fix the tag map (validateTagMap lists every finding)', 'tagBindings')) };
  if (input.fieldData === undefined) return refuse('MISSING_FIELD', 'applyFieldData needs "fieldData"', 'Send {"<logicalTag>": value, …}', 'fieldData');
  const applied: { logicalTag: string; address: string; value: number; unit: string | null }[] = [];
  const w = applyInputs(structuredClone(input.processJson as unknown as Record<string, unknown>), input, applied);
  if (!('doc' in w)) return w;
  const run = solveDoc(w.doc);
  if (!run.ok) return run.failure;
  const tol = input.benchmarkToleranceFraction ?? 0.05;
  const benchmarks = [];
  const virtual = [];
  for (const b of input.tagBindings!) {
    if (b.role === 'INPUT' || b.automationAddress === undefined) continue;
    const r = readAt(run, b.automationAddress, b.unit);
    if (!r.ok) return { ok: false, kind: 'compute', errors: [issue(r.code, `Tag ${b.logicalTag}: ${r.message}`, r.fix, 'tagBindings')] };
    if (b.role === 'VIRTUAL') {
      virtual.push({ logicalTag: b.logicalTag, address: r.address, value: r.value, unit: r.unit });
      continue;
    }
    const field = fieldValue(b, input.fieldData);
    const deviation = field === undefined ? null : field === 0 ? r.value - field : (r.value - field) / Math.abs(field);
    benchmarks.push({ logicalTag: b.logicalTag, address: r.address, model: r.value, field: field ?? null, unit: r.unit, deviation, deviationIsRelative: field !== undefined && field !== 0, withinTolerance: deviation === null ? null : Math.abs(deviation) <= tol });
  }
  const compared = benchmarks.filter((b) => b.withinTolerance !== null);
  return {
    ok: true,
    iterations: run.iterations,
    data: {
      action: 'applyFieldData',
      appliedInputs: applied,
      benchmarks,
      virtualTags: virtual,
      benchmarkToleranceFraction: tol,
      benchmarksWithinTolerance: compared.filter((b) => b.withinTolerance).length,
      benchmarksCompared: compared.length,
      processJson: w.doc,
    },
  };
}

export async function runScenario(input: OperationalIn): Promise<ActionOutcome> {
  const actions = input.actions ?? [];
  if (actions.length === 0) return refuse('MISSING_FIELD', 'runScenario needs "actions"', 'e.g. [{"type": "SET_VARIABLE", "target": "feed.flowRate", "value": 120000, "unit": "kg/hr"}, {"type": "RUN_STEADY_STATE"}]', 'actions');
  if (input.processJson === undefined) return refuse('MISSING_PROCESS', 'runScenario needs "processJson"', 'Pass the runProcess definition to work on (a local copy is changed, never the caller\'s)', 'processJson');
  let doc = structuredClone(input.processJson as unknown as Record<string, unknown>);
  const log: Record<string, unknown>[] = [];
  const runs: Record<string, unknown>[] = [];
  let iterations = 0;
  let openings: QueuedOpening[] = [];
  const transients: Record<string, unknown>[] = [];
  for (const [i, a] of actions.entries()) {
    const type = a.type.toUpperCase();
    if (type === 'SET_VARIABLE') {
      if (a.target === undefined || a.value === undefined) return refuse('MISSING_FIELD', `Action ${i}: SET_VARIABLE needs "target" and "value"`, 'Give the automation address and the value', `actions.${i}`);
      const w = writeAt(doc, a.target, a.value, a.unit);
      if (!w.ok) return { ok: false, kind: 'compute', errors: [issue(w.code, `Action ${i}: ${w.message}`, 'getAdjustableParameters lists the writable variables and bounds', `actions.${i}`)] };
      doc = w.doc;
      log.push({ index: i, type, address: w.address, value: a.value, unit: a.unit ?? null });
    } else if (type === 'APPLY_FIELD_INPUTS') {
      const applied: { logicalTag: string; address: string; value: number; unit: string | null }[] = [];
      const w = applyInputs(doc, input, applied);
      if (!('doc' in w)) return w;
      doc = w.doc;
      log.push({ index: i, type, applied });
    } else if (type === 'RUN_STEADY_STATE') {
      const run = solveDoc(doc);
      if (!run.ok) return { ok: false, kind: 'compute', errors: run.failure.errors.map((e) => ({ ...e, message: `Action ${i} (RUN_STEADY_STATE): ${e.message}` })) };
      iterations += run.iterations;
      const values = [];
      for (const r of input.reads ?? []) {
        const v = readAt(run, r.address, r.unit);
        values.push(v.ok ? { address: v.address, value: v.value, unit: v.unit } : { address: r.address, value: null, unit: r.unit ?? null, error: v.message });
      }
      for (const b of input.tagBindings ?? []) {
        if (b.role === 'INPUT' || b.automationAddress === undefined) continue;
        const v = readAt(run, b.automationAddress, b.unit);
        values.push(v.ok ? { logicalTag: b.logicalTag, address: v.address, value: v.value, unit: v.unit } : { logicalTag: b.logicalTag, address: b.automationAddress, value: null, unit: b.unit ?? null, error: v.message });
      }
      runs.push({ afterAction: i, converged: true, iterations: run.iterations, values });
      log.push({ index: i, type, converged: true });
    } else if (type === 'SET_VALVE_OPENING') {
      // Steady-state valves are specified by outlet pressure; an opening only means something in a transient.
      if (a.target === undefined || a.value === undefined || a.value < 0 || a.value > 1) return { ok: false, kind: 'input', errors: [transientIssue(i, 'SET_VALVE_OPENING needs "target" and "value" in 0…1')] };
      openings.push({ target: a.target, value: a.value });
      log.push({ index: i, type, target: a.target, value: a.value, appliesTo: 'the next RUN_TRANSIENT, at t = 0' });
    } else if (type === 'RUN_TRANSIENT') {
      const duration = a.value ?? 600;
      if (!(duration > 0) || duration > 1e6) return { ok: false, kind: 'input', errors: [transientIssue(i, `duration ${duration} s is outside (0, 1e6]`)] };
      const r = await runTransient(doc, duration, Math.max(1, duration / 10000), openings, i);
      if (!r.ok) return { ok: false, kind: 'compute', errors: r.errors };
      openings = [];
      transients.push({ afterAction: i, ...r.summary });
      log.push({ index: i, type, duration_seconds: duration });
    } else {
      return refuse('UNKNOWN_ACTION_TYPE', `Action ${i}: unknown type ${JSON.stringify(a.type)}`, 'Use SET_VARIABLE, APPLY_FIELD_INPUTS, RUN_STEADY_STATE, SET_VALVE_OPENING or RUN_TRANSIENT', `actions.${i}.type`);
    }
  }
  if (runs.length === 0 && transients.length === 0) return refuse('NO_RUN', 'The scenario never runs the process', 'End it with {"type": "RUN_STEADY_STATE"} or {"type": "RUN_TRANSIENT"}', 'actions');
  if (openings.length > 0) return refuse('UNUSED_ACTION', 'A SET_VALVE_OPENING is not followed by a RUN_TRANSIENT', 'Add {"type": "RUN_TRANSIENT", "value": <duration s>} after it', 'actions');
  return { ok: true, iterations, data: { action: 'runScenario', steps: log, runs, transients, processJson: doc } };
}
