/**
 * The automation history behind getAutomationLearningReport: what each caller's automation calls
 * (reads, writes, unit listings, diagnoses) asked for and how they came out, per process.
 *
 * Recorded by the dispatcher (src/tools/contract/dispatch.ts) from the call's input and its envelope, on
 * every surface (REST, MCP, runTool), in this process's memory. Bounded: the last
 * MAX_PER_CALLER calls of each caller and the MAX_CALLERS most recently active callers. A caller
 * sees only their own history. Without REDIS_URL several replicas each keep their own; with it,
 * records go to a per-caller Redis list (shared-state/automation.ts) that every replica reads.
 */
import { createHash } from 'node:crypto';
import type { Envelope } from './envelope.js';
import { parseJsonBounded } from './input-guard.js';

export const MAX_PER_CALLER = 500;
const MAX_CALLERS = 1000;

export type AutomationOperation = 'read' | 'write' | 'list' | 'diagnose';

/** The tools whose calls are recorded, and what each one does to an address. */
export const RECORDED_AUTOMATION_TOOLS: ReadonlyMap<string, AutomationOperation> = new Map([
  ['getSimulationVariable', 'read'],
  ['setSimulationVariable', 'write'],
  ['listUnitVariables', 'list'],
  ['diagnoseAutomation', 'diagnose'],
]);

export interface AutomationCorrection {
  from: string;
  to: string;
  reason: string;
}

export interface AutomationRecord {
  at: string;
  tool: string;
  operation: AutomationOperation;
  /** Which process the call was about (processKeyOf its processJson). */
  processKey: string;
  /** The address (or unit name) as the caller wrote it. */
  address: string;
  /** Where it resolved, on success. */
  resolvedAddress?: string;
  ok: boolean;
  code?: string;
  message?: string;
  /** Names the diagnostic offered instead, on failure. */
  suggestions: string[];
  /** Self-healing corrections applied to the address. */
  corrections: AutomationCorrection[];
}

/** Keys in sorted order at every level, so equal definitions give equal text whatever their key order. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, canonical(o[k])]),
    );
  }
  return v;
}

/**
 * A short stable key of a process definition: `proc_` and 16 hex digits of the SHA-256 of its
 * canonical JSON. A JSON string and the object it encodes get the same key.
 */
export function processKeyOf(processJson: unknown): string {
  let v = processJson;
  if (typeof v === 'string') {
    // Too deep or invalid JSON text is hashed as the text it is (canonical() recurses).
    const parsed = parseJsonBounded(v);
    if (parsed.ok) v = parsed.value;
  }
  const text = JSON.stringify(canonical(v)) ?? 'undefined';
  return `proc_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

class AutomationHistory {
  /** Map order = least recently active caller first. */
  private readonly byCaller = new Map<string, AutomationRecord[]>();

  record(subject: string, rec: AutomationRecord): void {
    let list = this.byCaller.get(subject);
    if (list === undefined) {
      if (this.byCaller.size >= MAX_CALLERS) this.byCaller.delete(this.byCaller.keys().next().value as string);
      list = [];
    } else {
      this.byCaller.delete(subject);
    }
    this.byCaller.set(subject, list);
    list.push(rec);
    if (list.length > MAX_PER_CALLER) list.splice(0, list.length - MAX_PER_CALLER);
  }

  /** The caller's records, oldest first; only those about one process when a key is given. */
  of(subject: string, processKey?: string): AutomationRecord[] {
    const list = this.byCaller.get(subject) ?? [];
    return processKey === undefined ? [...list] : list.filter((r) => r.processKey === processKey);
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.byCaller.clear();
  }
}

export const automationHistory = new AutomationHistory();

/** The shared history (Redis), when configured. */
export interface AutomationHistoryMirror {
  record(subject: string, rec: AutomationRecord): void;
  of(subject: string): Promise<AutomationRecord[]>;
}

let mirror: AutomationHistoryMirror | undefined;

export function useAutomationHistoryMirror(m: AutomationHistoryMirror | undefined): void {
  mirror = m;
}

export const automationHistoryShared = (): boolean => mirror !== undefined;

/** The caller's records, oldest first, from the shared history when there is one. */
export async function automationRecordsOf(subject: string, processKey?: string): Promise<AutomationRecord[]> {
  if (mirror === undefined) return automationHistory.of(subject, processKey);
  const all = await mirror.of(subject);
  return processKey === undefined ? all : all.filter((r) => r.processKey === processKey);
}

/**
 * Longest text kept per field of a record. Addresses are a few dozen characters; a caller's
 * 200 KB "address" would otherwise stay in memory for MAX_PER_CALLER calls (measured: ~100 MB
 * retained after a few hundred such calls).
 */
const MAX_TEXT = 300;
const clip = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

function asCorrections(v: unknown): AutomationCorrection[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((c): c is AutomationCorrection => c !== null && typeof c === 'object' && typeof c.from === 'string' && typeof c.to === 'string')
    .slice(0, 20)
    .map((c) => ({ from: clip(c.from), to: clip(c.to), reason: clip(String(c.reason ?? '')) }));
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').slice(0, 20).map(clip) : []);

/**
 * Records one call of a recorded automation tool from its input and envelope. Inputs that are
 * not objects (refused before the tool ran) are not recorded: there is no address to learn from.
 */
export function recordAutomationCall(tool: string, input: unknown, subject: string, env: Envelope): void {
  const operation = RECORDED_AUTOMATION_TOOLS.get(tool);
  if (operation === undefined || input === null || typeof input !== 'object') return;
  const inp = input as Record<string, unknown>;
  const raw = tool === 'listUnitVariables' ? inp.unitName : tool === 'diagnoseAutomation' ? inp.failedAddress : inp.address;
  if (typeof raw !== 'string') return;
  const ok = env.status === 'success';
  const data = (env.data ?? {}) as Record<string, unknown>;
  const extra = env as unknown as { diagnostic?: { suggestions?: unknown }; corrections?: unknown };
  const first = env.errors?.[0];
  const rec: AutomationRecord = {
    at: new Date().toISOString(),
    tool,
    operation,
    processKey: processKeyOf(inp.processJson),
    address: clip(raw),
    ok,
    suggestions: strings(extra.diagnostic?.suggestions),
    corrections: asCorrections(ok ? (data.corrections ?? (data.autoCorrection !== undefined ? [data.autoCorrection] : [])) : extra.corrections),
  };
  if (ok) {
    const resolved = tool === 'listUnitVariables' ? data.unitName : tool === 'diagnoseAutomation' ? data.resolvedAddress : data.address;
    if (typeof resolved === 'string') rec.resolvedAddress = clip(resolved);
    // A diagnosis that finds the address unresolvable is a failure of that address, not of the call.
    if (tool === 'diagnoseAutomation' && data.resolvable === false) {
      rec.ok = false;
      const d = data.diagnosis as { category?: unknown; errorMessage?: unknown; suggestions?: unknown } | undefined;
      if (typeof d?.category === 'string') rec.code = clip(d.category);
      if (typeof d?.errorMessage === 'string') rec.message = clip(d.errorMessage);
      if (Array.isArray(d?.suggestions)) rec.suggestions = strings(d.suggestions);
    }
  } else if (first !== undefined) {
    rec.code = clip(first.code);
    rec.message = clip(first.message);
  }
  if (mirror !== undefined) mirror.record(subject, rec);
  else automationHistory.record(subject, rec);
}
