import type { DiagnosticIssue, Warning } from '../../contract/envelope.js';

/** What each analysis runner hands back to runChemistry. */
export type AnalysisOutcome<D> =
  | { ok: true; data: D; warnings: Warning[]; assumptions: string[]; limitations: string[]; iterations: number }
  | { ok: false; issues: DiagnosticIssue[] };
