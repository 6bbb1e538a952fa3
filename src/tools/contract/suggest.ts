/**
 * "Did you mean" for a single best candidate: the closest known name (spelling.ts's edit distance
 * on spelling keys), or undefined when nothing is close enough to be a plausible typo. One
 * measure of closeness serves schema errors, tool names and the strict-key rule alike.
 */
import { didYouMean } from './spelling.js';

export function suggest(input: string, known: readonly string[]): string | undefined {
  return didYouMean(input, known, 1)[0];
}
