/**
 * Shared helpers of the engine tests: a cubic fluid from a name → mole fraction map, and the
 * result of a flash that must succeed (a failed flash fails the test with its code and message).
 */
import type { Test } from 'tap';
import { createCubicFluid, resolveComponents, type FlashOutcome, type FlashResult } from '../../src/engine/index.js';

export function cubicFluid(model: 'SRK' | 'PR', comp: Record<string, number>) {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(r.unknown.join(', '));
  return createCubicFluid(model, r.components, names.map((n) => comp[n]));
}

export function mustFlash(t: Test, out: FlashOutcome, what: string): FlashResult | undefined {
  if (!out.ok) {
    t.fail(`${what}: ${out.code} ${out.message}`);
    return undefined;
  }
  return out.result;
}
