/**
 * Access to ../shared/reference (or $NEQSIM_REFERENCE_DIR). Tests that need it call
 * loadReference(t, 'physical/iso6976.json'); when the folder is absent (a user's clone)
 * the test is skipped with a clear message instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const REFERENCE_DIR = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'));

export function hasReference(relPath: string): boolean {
  return existsSync(resolve(REFERENCE_DIR, relPath));
}

/** Any tap Test (its skip() takes a name and records a skipped subtest). */
interface Skippable {
  skip: (...args: any[]) => unknown;
}

/** Parsed reference file, or undefined after skipping the test when it is missing. */
export function loadReference<T = any>(t: Skippable, relPath: string): T | undefined {
  const file = resolve(REFERENCE_DIR, relPath);
  if (!existsSync(file)) {
    t.skip(`reference data ${relPath} not found under ${REFERENCE_DIR} (set NEQSIM_REFERENCE_DIR); skipped`);
    return undefined;
  }
  // The original NeqSim prints missing numbers as NaN, which is not JSON: read them as null.
  return JSON.parse(readFileSync(file, 'utf8').replace(/:\s*NaN\b/g, ': null')) as T;
}

/** A reference file's tolerance of one output: relative or absolute. */
export type Tolerance = { rel?: number; abs?: number };

/** One case of a reference file: its inputs, the expected outputs and their tolerances. */
export interface ReferenceCase<Inputs> {
  id: string;
  inputs: Inputs;
  expected: Record<string, number>;
  tolerance: Record<string, Tolerance>;
}

/** Reference tolerance check: {rel} or {abs}; returns a message on failure, undefined when within. */
export function withinTolerance(got: number, exp: number, tol: Tolerance): string | undefined {
  const err = Math.abs(got - exp);
  const limit = tol.rel !== undefined ? tol.rel * Math.abs(exp) : (tol.abs ?? 0);
  return err <= limit ? undefined : `got ${got}, expected ${exp}, |err| ${err.toExponential(3)} > ${limit.toExponential(3)}`;
}
