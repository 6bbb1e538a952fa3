/** runOperationalStudy: the local process copy — load, write, solve, read. */
import type { FlowsheetResult } from '../../../engine/index.js';
import { resolveAddress } from '../automation/address.js';
import { loadDefinition, readVariable, solveDefinition, viewOf } from '../automation/common.js';
import { applyWrite } from '../automation/write.js';
import { failure, issue, type Envelope } from '../../contract/envelope.js';
import type { ProcessDefinition } from '../runProcess/definition.js';
import type { DiagnosticIssue } from '../../contract/envelope.js';

export const TOOL = 'runOperationalStudy';

export type ProcessRun = { ok: true; definition: ProcessDefinition; solved: FlowsheetResult; iterations: number } | { ok: false; failure: { ok: false; kind: 'input' | 'compute'; errors: DiagnosticIssue[] } };

const errorsOf = (env: Envelope<never>): DiagnosticIssue[] => (env.errors ?? []).map((e) => ({ ...e }));

export function solveDoc(doc: unknown): ProcessRun {
  if (doc === undefined) return { ok: false, failure: { ok: false, kind: 'input', errors: [issue('MISSING_PROCESS', 'This action needs "processJson" (a runProcess definition)', 'Pass the process definition the tags refer to', 'processJson')] } };
  const loaded = loadDefinition(TOOL, doc);
  if (!loaded.ok) return { ok: false, failure: { ok: false, kind: 'compute', errors: errorsOf(loaded.env) } };
  const s = solveDefinition(TOOL, loaded.definition);
  if (!s.ok) return { ok: false, failure: { ok: false, kind: 'compute', errors: errorsOf(s.env) } };
  return { ok: true, definition: loaded.definition, solved: s.solved, iterations: s.solved.iterations };
}

export type Read = { ok: true; value: number; unit: string; address: string } | { ok: false; code: string; message: string; fix: string };

export function readAt(run: { definition: ProcessDefinition; solved: FlowsheetResult }, address: string, unit: string | undefined): Read {
  const hit = resolveAddress(run.definition.units, address);
  if (!hit.ok) return { ok: false, code: hit.diagnostic.category, message: hit.diagnostic.errorMessage, fix: hit.diagnostic.remediation };
  const v = readVariable(viewOf(run.definition, hit.unit, run.solved), hit.entry, unit, hit.address);
  if (!v.ok) return { ok: false, code: v.diagnostic.category, message: v.diagnostic.errorMessage, fix: v.diagnostic.remediation };
  return { ok: true, value: v.value, unit: v.unit, address: hit.address };
}

export type Written = { ok: true; doc: Record<string, unknown>; address: string } | { ok: false; code: string; message: string };

/** Writes one specification into a copy of the document (checked: writable, unit, bounds). */
export function writeAt(doc: Record<string, unknown>, address: string, value: number, unit: string | undefined): Written {
  const loaded = loadDefinition(TOOL, doc);
  if (!loaded.ok) return { ok: false, code: 'DEFINITION_ERROR', message: loaded.env.errors?.[0]?.message ?? 'the definition does not read' };
  const w = applyWrite(TOOL, doc, loaded.definition, address, value, unit);
  return w.ok ? { ok: true, doc: w.doc, address: w.address } : { ok: false, code: w.code, message: w.message };
}

export const failed = (kind: 'input' | 'compute', errors: DiagnosticIssue[]) => failure(TOOL, kind, errors);
