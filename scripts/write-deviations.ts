/**
 * Writes the per-case deviation ledgers test/fixtures/deviations/*.json by running the ledger
 * tests with NEQSIM_UPDATE_DEVIATIONS=1 (see test/helpers/deviation-ledger.ts). Needs the full
 * shared reference data (../shared/reference or $NEQSIM_REFERENCE_DIR) and a build.
 *
 *   node dist/scripts/write-deviations.js            # every ledger
 *   node dist/scripts/write-deviations.js phase-envelope saturation-points
 *
 * Run it after an accuracy improvement (the ledger then records the smaller deviations); a
 * deviation that grew shows up in the diff of the committed ledger and needs a reason there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Ledger suite -> its compiled test file (relative to dist/). */
export const LEDGER_TESTS: Record<string, string> = {
  'thermo-physical-reference': 'test/engine/thermo-physical-reference.test.js',
  'transport-reference': 'test/engine/transport-reference.test.js',
  'gerg-aga8-reference': 'test/engine/gerg-aga8-reference.test.js',
  'saturation-points': 'test/engine/saturation-points.test.js',
  'transport-surface-tension': 'test/engine/transport-surface-tension.test.js',
  'phase-envelope': 'test/engine/phase-envelope.test.js',
  'flash-neqsim-parity': 'test/engine/flash-neqsim-parity.test.js',
};

/**
 * The trust ledger (test/fixtures/deviations/trust.json): each measured case of the committed
 * trust-measurements.json with its max relative error and whether it passed. test/governance/trust.test.ts
 * holds the trust file to it: no case's error grows > 20 %, no case joins the failing list
 * unless the test names why.
 */
function writeTrustLedger(repo: string): void {
  const trust = JSON.parse(readFileSync(resolve(repo, 'src/tools/contract/governance/trust-measurements.json'), 'utf8')) as {
    tools: Record<string, { validationCases: { id: string; passed: boolean; maxRelError: number | null }[] }>;
  };
  const cases: Record<string, { dev: number; within: boolean }> = {};
  for (const [tool, t] of Object.entries(trust.tools).sort(([a], [b]) => a.localeCompare(b))) {
    for (const c of t.validationCases) cases[`${tool} ${c.id}`] = { dev: c.maxRelError ?? 0, within: c.passed };
  }
  const out = { suite: 'trust', writtenBy: 'scripts/write-deviations.ts trust (from the committed trust-measurements.json)', rule: 'maxRelError ≤ dev × 1.2 + 1e-6; a case that passed must pass; a failing case not listed here needs a named reason in test/governance/trust.test.ts', cases };
  writeFileSync(resolve(repo, 'test/fixtures/deviations/trust.json'), JSON.stringify(out, null, 1) + '\n');
  console.log(`trust: written (${Object.keys(cases).length} cases)`);
}

function main(): void {
  const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const wanted = process.argv.slice(2);
  const suites = wanted.length > 0 ? wanted : [...Object.keys(LEDGER_TESTS), 'trust'];
  let failed = 0;
  for (const suite of suites) {
    if (suite === 'trust') {
      writeTrustLedger(resolve(dist, '..'));
      continue;
    }
    const rel = LEDGER_TESTS[suite];
    if (rel === undefined || !existsSync(resolve(dist, rel))) {
      console.error(`${suite}: no ledger test (build first?)`);
      failed++;
      continue;
    }
    const r = spawnSync(process.execPath, [resolve(dist, rel)], { env: { ...process.env, NEQSIM_UPDATE_DEVIATIONS: '1', TAP_TIMEOUT: '0' }, encoding: 'utf8' });
    const ok = r.status === 0;
    if (!ok) failed++;
    console.log(`${suite}: ${ok ? 'written' : `FAILED (exit ${r.status})\n${(r.stdout + r.stderr).split('\n').filter((l) => /not ok|Error/.test(l)).slice(0, 10).join('\n')}`}`);
  }
  process.exit(failed === 0 ? 0 : 1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
