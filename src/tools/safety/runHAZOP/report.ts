/**
 * The worksheet as text: one plain-text block per node (as the original's textReport) and the
 * Markdown report of the study. Both are built from the rows only, in row order, with fixed
 * number formats, so the same study gives the same text byte for byte (no times, no dates).
 */
import type { HazopNode, HazopRow } from './worksheet.js';
import { fmt } from './worksheet.js';

export interface NotApplicable {
  failureMode: string;
  reason: string;
}

export function nodeTextReport(node: HazopNode, rows: readonly HazopRow[]): string {
  const lines = [`HAZOP node: ${node.nodeId}`, `Design intent: ${node.designIntent ?? ''}`, '-'.repeat(51)];
  rows.forEach((r, i) => {
    lines.push(`[${String(i + 1).padStart(2, '0')}] ${r.guideWord} + ${r.parameter} (${r.failureMode}, ${r.equipment})`);
    lines.push(`     Cause       : ${r.cause}`);
    lines.push(`     Consequence : ${r.consequence}`);
    lines.push(`     Safeguard   : ${r.safeguards || '(none recorded)'}`);
    lines.push(`     Recommend.  : ${r.recommendation}`);
    lines.push(`     Simulation  : ${r.simulation.status}${r.simulation.reason ? ` (${r.simulation.reason})` : ''}`);
  });
  return lines.join('\n') + '\n';
}

/** A Markdown table cell: pipes escaped, line breaks folded. */
const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function limitsText(node: HazopNode): string {
  const l = node.limits;
  if (!l) return 'none given';
  const parts: string[] = [];
  if (l.minTemperature_C !== undefined) parts.push(`min ${fmt(l.minTemperature_C, 'C')}`);
  if (l.maxTemperature_C !== undefined) parts.push(`max ${fmt(l.maxTemperature_C, 'C')}`);
  if (l.minPressure_bara !== undefined) parts.push(`min ${fmt(l.minPressure_bara, 'bara')}`);
  if (l.maxPressure_bara !== undefined) parts.push(`max ${fmt(l.maxPressure_bara, 'bara')}`);
  return parts.length ? parts.join(', ') : 'none given';
}

export interface ReportInput {
  studyId: string;
  standard: string;
  nodes: readonly HazopNode[];
  rows: readonly HazopRow[];
  summary: Record<string, number>;
  notApplicable: readonly { nodeId: string; items: readonly NotApplicable[] }[];
  reviewNote: string;
}

export function reportMarkdown(r: ReportInput): string {
  const out: string[] = [`# HAZOP worksheet: ${r.studyId}`, '', `Basis: ${r.standard}. Deviations simulated on copies of the process definition with the runProcess engine; qualitative rows are marked.`, '', '## Summary', ''];
  for (const [k, v] of Object.entries(r.summary)) out.push(`- ${k}: ${v}`);
  for (const node of r.nodes) {
    const rows = r.rows.filter((x) => x.nodeId === node.nodeId);
    out.push('', `## Node ${node.nodeId}`, '');
    out.push(`- Design intent: ${node.designIntent ?? ''}`);
    out.push(`- Equipment: ${node.equipment.join(', ')}`);
    out.push(`- Safeguards: ${(node.safeguards ?? []).join('; ') || '(none recorded)'}`);
    out.push(`- Evidence: ${(node.evidenceRefs ?? []).join(', ') || '(none)'}`);
    out.push(`- Design limits: ${limitsText(node)}`);
    const na = r.notApplicable.find((n) => n.nodeId === node.nodeId)?.items ?? [];
    if (na.length > 0) out.push(`- Not applicable here: ${na.map((n) => `${n.failureMode} (${n.reason})`).join('; ')}`);
    out.push('');
    if (rows.length === 0) {
      out.push('No enabled failure mode applies to this node.');
      continue;
    }
    out.push('| Row | Guide word | Parameter | Cause | Consequence | Safeguards | Recommendation | Simulation | Evidence |');
    out.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const x of rows) {
      const sim = x.simulation.status === 'success' ? 'simulated' : x.simulation.status === 'error' ? `failed (${x.simulation.errorCode})` : 'not run';
      out.push(`| ${cell(x.rowId)} | ${x.guideWord} | ${x.parameter} | ${cell(x.cause)} | ${cell(x.consequence)} | ${cell(x.safeguards || '(none)')} | ${cell(x.recommendation)} | ${sim} | ${cell(x.evidenceRefs.join(', '))} |`);
    }
  }
  out.push('', '## Review', '', r.reviewNote, '');
  return out.join('\n');
}
