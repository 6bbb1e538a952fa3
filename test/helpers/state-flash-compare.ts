/**
 * Comparison of two PH/PS (or any flash) outcomes for the fast-path tests: the same success or
 * failure, T within 1e-6 relative, the same phase count, phase fractions within 1e-8 and
 * compositions within 1e-7. Differences are appended to `out` so one assertion lists them all.
 */
import type { FlashOutcome } from '../../src/engine/index.js';

export interface Mismatch {
  what: string;
  why: string;
}

export function compareFlashStates(what: string, fast: FlashOutcome, robust: FlashOutcome, out: Mismatch[]): void {
  if (!robust.ok || !fast.ok) {
    if (robust.ok !== fast.ok) out.push({ what, why: `fast ${fast.ok ? 'ok' : `${fast.code} ${fast.message}`}, robust ${robust.ok ? 'ok' : `${robust.code} ${robust.message}`}` });
    return;
  }
  const a = fast.result;
  const b = robust.result;
  if (!(Math.abs(a.T - b.T) <= 1e-6 * b.T)) out.push({ what, why: `T ${a.T} vs ${b.T}` });
  if (a.phases.length !== b.phases.length) {
    out.push({ what, why: `${a.phases.length} vs ${b.phases.length} phases` });
    return;
  }
  for (let k = 0; k < a.phases.length; k++) {
    if (!(Math.abs(a.phases[k].beta - b.phases[k].beta) <= 1e-8)) out.push({ what, why: `phase ${k} fraction ${a.phases[k].beta} vs ${b.phases[k].beta}` });
    let dx = 0;
    for (let i = 0; i < a.phases[k].x.length; i++) dx = Math.max(dx, Math.abs(a.phases[k].x[i] - b.phases[k].x[i]));
    if (!(dx <= 1e-7)) out.push({ what, why: `phase ${k} composition differs by ${dx}` });
  }
}
