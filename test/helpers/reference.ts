/**
 * Access to ../shared/reference (or $NEQSIM_REFERENCE_DIR). Tests that need it call
 * loadReference(t, 'physical/iso6976.json'). When the folder is absent (a user's clone), the
 * physical/* files come from the committed copy test/fixtures/published/reference (published and
 * independently computed values with citations, written by scripts/write-reference-fixture.ts;
 * physical/neqsim-parity.json and the few cases cited to NeqSim's code are not in it), so the
 * physics is still checked; anything else (the original NeqSim's results) is skipped with a clear
 * message instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REFERENCE_DIR = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'));

/** The committed copy of physical/* (tests run compiled from dist/test/helpers or from source). */
const FIXTURE_DIRS = [new URL('../../../test/fixtures/published/reference/', import.meta.url), new URL('../fixtures/published/reference/', import.meta.url)].map((u) =>
  fileURLToPath(u),
);

/** Where a reference file is read from: the shared folder, the committed fixture copy, or nowhere. */
export function referenceFile(relPath: string): { file: string; origin: 'shared' | 'fixture' } | undefined {
  const shared = resolve(REFERENCE_DIR, relPath);
  if (existsSync(shared)) return { file: shared, origin: 'shared' };
  const m = /^physical\/([\w.-]+\.json)$/.exec(relPath);
  if (m === null) return undefined;
  for (const dir of FIXTURE_DIRS) {
    const f = resolve(dir, m[1]);
    if (existsSync(f)) return { file: f, origin: 'fixture' };
  }
  return undefined;
}

/** True when the file is in the shared reference folder itself (not only in the committed copy). */
export function hasSharedReference(relPath: string): boolean {
  return existsSync(resolve(REFERENCE_DIR, relPath));
}

export function hasReference(relPath: string): boolean {
  return referenceFile(relPath) !== undefined;
}

/** Any tap Test (its skip() takes a name and records a skipped subtest). */
interface Skippable {
  skip: (...args: any[]) => unknown;
}

/** Parsed reference file, or undefined after skipping the test when it is missing. */
export function loadReference<T = any>(t: Skippable, relPath: string): T | undefined {
  const found = referenceFile(relPath);
  if (found === undefined) {
    t.skip(`reference data ${relPath} not found under ${REFERENCE_DIR} (set NEQSIM_REFERENCE_DIR); skipped`);
    return undefined;
  }
  const file = found.file;
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
