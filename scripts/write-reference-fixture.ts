/**
 * Writes test/fixtures/published/reference/*.json: the cited published and independently computed
 * values of ../shared/reference/physical (or $NEQSIM_REFERENCE_DIR/physical), so that a fresh clone
 * without the shared folder still checks the physics (test/helpers/reference.ts falls back to this
 * copy for physical/* files).
 *
 * What is copied, and what is not:
 *  - every case of every physical/*.json file, verbatim (id, inputs, expected, tolerance, tag,
 *    citation and the descriptive labels phase / state_label / uncertainty_class / Tr / unavailable);
 *  - never the original NeqSim's results: physical/neqsim-parity.json (NeqSim's unit-test
 *    assertions) is left out, as are the cases whose value is cited to NeqSim's code rather than a
 *    standard or reference equation (listed in each file's `excluded`), and every `parity`,
 *    `neqsim_test`, `crosscheck` and `notes` field (they hold what the original returns);
 *  - nothing from the neqsim* folders.
 *
 *   node dist/scripts/write-reference-fixture.js           # write
 *   node dist/scripts/write-reference-fixture.js --check   # compare with the committed copy
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_REFERENCE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/published/reference');

/** Files not copied at all: their values are the original NeqSim's own assertions. */
const EXCLUDED_FILES = new Set(['neqsim-parity.json']);
/** Fields of a case that are copied (everything else, e.g. parity blocks and notes, is dropped). */
const KEPT_FIELDS = ['id', 'inputs', 'expected', 'tolerance', 'tag', 'citation', 'phase', 'state_label', 'uncertainty_class', 'Tr', 'unavailable'];
/** A case is left out when its citation names NeqSim's code as the origin of the value. */
const CITED_TO_NEQSIM = /^NeqSim\b/;

export interface ReferenceFixtureFile {
  source: string;
  original_source: string;
  generated: string;
  units: Record<string, string>;
  tolerance_semantics: string;
  excluded: { id: string; reason: string }[];
  cases: Record<string, unknown>[];
}

export function buildReferenceFixture(physicalDir: string): Map<string, ReferenceFixtureFile> {
  const out = new Map<string, ReferenceFixtureFile>();
  for (const name of readdirSync(physicalDir).filter((f) => f.endsWith('.json')).sort()) {
    if (EXCLUDED_FILES.has(name)) continue;
    const src = JSON.parse(readFileSync(resolve(physicalDir, name), 'utf8'));
    const excluded: { id: string; reason: string }[] = [];
    const cases: Record<string, unknown>[] = [];
    for (const c of src.cases as Record<string, any>[]) {
      if (CITED_TO_NEQSIM.test(String(c.citation))) {
        excluded.push({ id: c.id, reason: 'value cited to the original NeqSim code, not to a standard or reference equation' });
        continue;
      }
      cases.push(Object.fromEntries(KEPT_FIELDS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])));
    }
    // A file left with no case (beggs-brill.json: its one case is NeqSim's own test) is not written: its tests skip.
    if (cases.length === 0) continue;
    out.set(name, {
      source:
        `Published and independently computed reference values copied verbatim (numbers, units, tolerances, citations) from the project's reference data set (physical/${name}). ` +
        'These are NOT NeqSim outputs: each case cites the standard, reference equation of state or correlation it comes from. ' +
        'Written by scripts/write-reference-fixture.ts so that a clone without ../shared/reference still runs the reference tests.',
      original_source: String(src.source ?? ''),
      generated: String(src.generated ?? ''),
      units: src.units ?? {},
      tolerance_semantics: String(src.tolerance_semantics ?? ''),
      excluded,
      cases,
    });
  }
  return out;
}

function main(): void {
  const physicalDir = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'), 'physical');
  if (!existsSync(physicalDir)) {
    console.error(`reference data not found at ${physicalDir} (set NEQSIM_REFERENCE_DIR)`);
    process.exit(2);
  }
  const files = buildReferenceFixture(physicalDir);
  const check = process.argv.includes('--check');
  let stale = 0;
  mkdirSync(FIXTURE_REFERENCE_DIR, { recursive: true });
  for (const [name, f] of files) {
    const path = resolve(FIXTURE_REFERENCE_DIR, name);
    const text = JSON.stringify(f, null, 1) + '\n';
    if (check) {
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
        stale++;
        console.log(`${name}: STALE`);
      }
      continue;
    }
    writeFileSync(path, text);
    const points = f.cases.reduce((n, c) => n + Object.values(c.expected as Record<string, unknown>).filter((v) => typeof v === 'number').length, 0);
    console.log(`${name}: ${f.cases.length} cases, ${points} values (${f.excluded.length} excluded)`);
  }
  if (check) process.exit(stale === 0 ? 0 : 1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
