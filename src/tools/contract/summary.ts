/**
 * The short text a language model reads next to structuredContent: status, the headline numbers of
 * `data`, warning codes, and for failures each error with its fix (the recovery hint is what lets
 * an agent correct its call).
 */
import type { Envelope } from './envelope.js';

const MAX_NUMBERS = 12;
const MAX_DEPTH = 4;

/** First numeric leaves of `data`, breadth first, as "path=value". */
function keyNumbers(data: unknown): string[] {
  const out: string[] = [];
  const queue: { path: string; value: unknown; depth: number }[] = [{ path: '', value: data, depth: 0 }];
  while (queue.length > 0 && out.length < MAX_NUMBERS) {
    const { path, value, depth } = queue.shift()!;
    if (typeof value === 'number' && Number.isFinite(value)) {
      out.push(`${path}=${Number.isInteger(value) ? value : Number(value.toPrecision(6))}`);
    } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
      const entries = Array.isArray(value) ? value.slice(0, 3).map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (const [k, v] of entries) queue.push({ path: path ? `${path}.${k}` : k, value: v, depth: depth + 1 });
    }
  }
  return out;
}

const WHERE = {
  structured: 'The full response envelope (data, provenance, validation, warnings) is in structuredContent.',
  text: 'The full response envelope is the JSON in the next content block.',
} as const;

/**
 * The summary without its last line (where the envelope is): a worker thread writes this beside
 * the envelope of an MCP call (worker-report.ts), so the main thread need not parse the envelope.
 */
export function summaryHead(env: Envelope): string {
  const lines: string[] = [`${env.tool}: ${env.status}`];
  if (env.status === 'success') {
    const p = env.provenance;
    const flashNamed = p?.flashType !== undefined && (p.calculationType ?? '').includes(p.flashType);
    const facts = [p?.calculationType, p?.model && `model ${p.model}`, !flashNamed && p?.flashType && `flash ${p.flashType}`].filter(Boolean);
    if (facts.length > 0) lines[0] += ` (${facts.join(', ')})`;
    const numbers = keyNumbers(env.data);
    if (numbers.length > 0) lines.push(`Key numbers: ${numbers.join(', ')}`);
    if (env.qualityGate) lines.push(`Quality gate: ${env.qualityGate.verdict}`);
  } else if (env.status === 'blocked' || env.status === 'approval_required') {
    if (typeof env.reason === 'string') lines.push(env.reason);
    if (typeof env.remediation === 'string') lines.push(`Remediation: ${env.remediation}`);
  }
  for (const e of env.errors ?? []) lines.push(`Error ${e.code}${e.field ? ` at ${e.field}` : ''}: ${e.message} Fix: ${e.fix}`);
  if (env.warnings?.length) lines.push(`Warnings: ${env.warnings.map((w) => `${w.code} (${w.severity})`).join(', ')}`);
  return lines.join('\n');
}

/** The head and the line saying where the client finds the whole envelope. */
export function summaryText(head: string, where: 'structured' | 'text'): string {
  return `${head}\n${WHERE[where]}`;
}

/** `where` the client finds the whole envelope: structuredContent, or the next text block. */
export function summarize(env: Envelope, where: 'structured' | 'text' = 'structured'): string {
  return summaryText(summaryHead(env), where);
}
