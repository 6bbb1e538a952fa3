/**
 * Small helpers for building validator findings. Findings are DiagnosticIssues (seed 001) with
 * severity 'error' (the input cannot run as given) or 'warning' (it runs, but look again).
 */
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';

export type Issues = DiagnosticIssue[];

export function err(code: string, message: string, fix: string, field?: string): DiagnosticIssue {
  return issue(code, message, fix, field);
}

export function warn(code: string, message: string, fix: string, field?: string): DiagnosticIssue {
  const i = issue(code, message, fix, field);
  i.severity = 'warning';
  return i;
}

/** Joins a parent field path and a child key ("fluid" + "model" → "fluid.model"). */
export function at(prefix: string, key: string | number): string {
  if (typeof key === 'number') return `${prefix}[${key}]`;
  return prefix === '' ? key : `${prefix}.${key}`;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Renders a user value for a message without dumping huge objects. */
export function show(v: unknown): string {
  if (typeof v === 'string') return `'${v.length > 60 ? `${v.slice(0, 57)}...` : v}'`;
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
