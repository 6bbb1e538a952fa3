/**
 * Binary interaction parameters (kij) of the classic van der Waals mixing rule, by canonical
 * component name. Source: NeqSim INTER.csv (see data/inter-rows.ts). As in the original, the
 * classic rule uses a constant kij (KIJSRK for SRK, KIJPR for PR; the temperature-dependent
 * columns are not used), and a pair missing from the table has kij = 0.
 */
import { INTER_ROWS } from './data/inter-rows.js';
import { INTER_ROWS_ADDED } from './data/inter-rows-added.js';
import { findComponent } from './lookup.js';

export type CubicModel = 'SRK' | 'PR';

/** CPA cross parameters for a later SRK-CPA / PR-CPA port (kij = kij0 + kijT·T form per original). */
export interface CpaInteraction {
  /** cpakij_SRK */
  kijSRK: number;
  /** cpakijT_SRK */
  kijTSRK: number;
  /** cpakij_PR */
  kijPR: number;
}

interface PairData {
  SRK: number;
  PR: number;
  cpa: CpaInteraction;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

const PAIRS = new Map<string, PairData>();
for (const [a, b, srk, pr, cpaSrk, cpaT, cpaPr] of [...INTER_ROWS, ...INTER_ROWS_ADDED]) {
  const key = pairKey(a, b);
  // First row wins, mirroring the original's first-match lookup.
  if (!PAIRS.has(key)) PAIRS.set(key, { SRK: srk, PR: pr, cpa: { kijSRK: cpaSrk, kijTSRK: cpaT, kijPR: cpaPr } });
}

/** Resolves aliases so callers may pass any accepted spelling; unknown names map to themselves. */
function canonical(name: string): string {
  return findComponent(name)?.name ?? name;
}

/**
 * Constant kij of the classic mixing rule for a pair. Symmetric; 0 for i = j and for pairs the
 * table does not list (the original's default for pure-component pairs).
 */
export function binaryInteraction(model: CubicModel, a: string, b: string): number {
  const ca = canonical(a);
  const cb = canonical(b);
  if (ca === cb) return 0;
  return PAIRS.get(pairKey(ca, cb))?.[model] ?? 0;
}

/** CPA cross parameters of a pair, or undefined when INTER.csv has no row for it. */
export function cpaInteraction(a: string, b: string): CpaInteraction | undefined {
  const ca = canonical(a);
  const cb = canonical(b);
  if (ca === cb) return undefined;
  return PAIRS.get(pairKey(ca, cb))?.cpa;
}

/** Matrix of kij for a component list (canonical names or aliases), in list order. */
export function interactionMatrix(model: CubicModel, names: readonly string[]): number[][] {
  return names.map((a) => names.map((b) => binaryInteraction(model, a, b)));
}
