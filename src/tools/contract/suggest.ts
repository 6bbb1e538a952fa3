/**
 * "Did you mean": the known name closest to what was typed, by edit distance (case ignored),
 * or undefined when nothing is close enough to be a plausible typo. The allowance grows with
 * the length of the name: one edit for short names, up to three for long ones, so
 * "isentropicEficiency" finds "isentropicEfficiency" while "foo" finds nothing.
 */
import { levenshtein } from '../../engine/components/index.js';

/** Largest edit distance still taken for a typo of a name of this length. */
function allowance(length: number): number {
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

export function suggest(input: string, known: readonly string[]): string | undefined {
  const typed = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = levenshtein(typed, k.toLowerCase());
    // Ties keep the first in `known`: callers list their preferred spellings first.
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= allowance(typed.length) ? best : undefined;
}
