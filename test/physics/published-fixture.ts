/**
 * Loader for the committed fixture of published physical values (test/fixtures/published/*.json).
 * Unlike test/helpers/reference.ts this never skips: the fixture ships with the repository, so a
 * missing or malformed file is a failure. Tests run compiled from dist/test/physics/, the JSON
 * stays in the source tree, so both locations are tried.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Tolerance } from '../helpers/reference.js';

export type { Tolerance };

export interface FixtureCase {
  id: string;
  tag: string;
  citation: string;
  inputs: Record<string, any>;
  expected: Record<string, number>;
  tolerance: Record<string, Tolerance>;
  /** Documented SRK/PR accuracy against the reference EOS (pure-density and saturation files). */
  cubic_bound?: { rel: Record<'SRK' | 'PR', number>; basis: string };
  [extra: string]: unknown;
}

export interface FixtureFile {
  source: string;
  units: Record<string, string>;
  tolerance_semantics: string;
  cases: FixtureCase[];
  [extra: string]: unknown;
}

const CANDIDATE_DIRS = [
  new URL('../../../test/fixtures/published/', import.meta.url), // compiled: dist/test/physics/
  new URL('../fixtures/published/', import.meta.url), // run from source
];

export const FIXTURE_FILES = ['gerg-aga8.json', 'iso6976.json', 'pure-density.json', 'saturation.json', 'relief.json', 'hydrate.json'] as const;

export function fixturePath(name: string): string {
  for (const dir of CANDIDATE_DIRS) {
    const p = fileURLToPath(new URL(name, dir));
    if (existsSync(p)) return p;
  }
  throw new Error(`committed fixture ${name} not found under test/fixtures/published/`);
}

export function loadFixture(name: (typeof FIXTURE_FILES)[number]): FixtureFile {
  return JSON.parse(readFileSync(fixturePath(name), 'utf8')) as FixtureFile;
}

export function fixtureCase(file: FixtureFile, id: string): FixtureCase {
  const c = file.cases.find((x) => x.id === id);
  if (!c) throw new Error(`fixture case ${id} missing`);
  return c;
}
