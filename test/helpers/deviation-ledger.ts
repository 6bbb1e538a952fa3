/**
 * Per-case deviation ledger: a regression guard finer than the class bounds.
 *
 * The reference tests hold each property class to its worst case (e.g. liquid viscosity 40 %), so
 * a fluid that is accurate today could get much worse unnoticed. Each test therefore records every
 * case's measured deviation here; the committed file test/fixtures/deviations/<suite>.json stores
 * the deviation measured when it was last written, and a test fails when
 *  - a case's deviation grows by more than GROWTH (20 %) plus a small absolute floor (so that
 *    near-zero parity deviations do not flake on last-bit differences), or
 *  - a case that was within its reference tolerance is not any more (it would join the
 *    known-disagreement list), or
 *  - a case has no stored deviation, or a stored case is no longer measured (full data only).
 * A deviation that shrinks passes; re-writing the file (scripts/write-deviations.ts, which runs
 * the ledger tests with NEQSIM_UPDATE_DEVIATIONS=1) records the improvement, and any growth shows
 * up in the diff of the committed file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { hasSharedReference } from './reference.js';

/** Allowed relative growth of a case's deviation before the test fails. */
export const GROWTH = 0.2;
/** Default absolute floor added to the allowed growth (deviations are relative unless stated). */
export const DEFAULT_FLOOR = 1e-6;

export interface LedgerEntry {
  /** Measured deviation (relative unless the suite says otherwise), rounded up to 3 digits. */
  dev: number;
  /** Within the reference tolerance when measured (false: a known disagreement). */
  within: boolean;
}

export interface LedgerFile {
  suite: string;
  writtenBy: string;
  rule: string;
  cases: Record<string, LedgerEntry>;
}

type Asserts = Pick<Test, 'ok' | 'fail' | 'same'>;

export const UPDATING = process.env.NEQSIM_UPDATE_DEVIATIONS === '1';

/** test/fixtures/deviations in the source tree (tests run compiled from dist/test/helpers or from source). */
export function deviationsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const rel of ['../../../test/fixtures/deviations', '../fixtures/deviations']) {
    const dir = resolve(here, rel);
    if (existsSync(resolve(dir, '..'))) return dir;
  }
  throw new Error('test/fixtures not found');
}

/** Rounded up so that the stored value never understates the measurement. */
const roundUp = (x: number): number => {
  if (!(x > 1e-15)) return 0;
  const p = 10 ** (Math.floor(Math.log10(x)) - 2);
  return Number((Math.ceil(x / p - 1e-9) * p).toPrecision(3));
};
const fmt = (x: number): string => (x === 0 ? '0' : x.toExponential(2));

export class DeviationLedger {
  private readonly stored: Record<string, LedgerEntry>;
  private readonly seen = new Map<string, LedgerEntry>();
  readonly file: string;

  constructor(readonly suite: string) {
    this.file = resolve(deviationsDir(), `${suite}.json`);
    this.stored = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as LedgerFile).cases : {};
  }

  /**
   * Records one case's deviation and checks it against the stored one. `within` says whether the
   * value is inside the reference's own tolerance; `floor` is the absolute slack (same unit as dev).
   */
  record(t: Asserts, key: string, dev: number, within: boolean, floor = DEFAULT_FLOOR): void {
    if (!Number.isFinite(dev)) {
      t.fail(`${this.suite} ${key}: deviation is not a number`);
      return;
    }
    const entry = { dev: roundUp(Math.abs(dev)), within };
    if (this.seen.has(key)) throw new Error(`${this.suite}: case ${key} recorded twice`);
    this.seen.set(key, entry);
    if (UPDATING) return;
    const old = this.stored[key];
    if (old === undefined) {
      t.fail(`${this.suite} ${key}: no stored deviation (run node dist/scripts/write-deviations.js and commit test/fixtures/deviations)`);
      return;
    }
    const limit = old.dev * (1 + GROWTH) + floor;
    t.ok(Math.abs(dev) <= limit, `${this.suite} ${key}: deviation ${fmt(Math.abs(dev))} ≤ stored ${fmt(old.dev)} + 20 % + ${fmt(floor)}`);
    if (old.within) t.ok(within, `${this.suite} ${key}: still within the reference tolerance (a new disagreement otherwise)`);
  }

  /**
   * End of the suite: when updating, writes the ledger (only with the full shared reference data,
   * so a partial run cannot drop cases); otherwise, with the full data, every stored case must
   * still have been measured.
   */
  finish(t: Asserts, fullData = hasSharedReference('neqsim/flash-tp.json')): void {
    if (UPDATING) {
      if (!fullData || this.seen.size === 0) throw new Error(`${this.suite}: deviations are only written with the full shared reference data`);
      const cases = Object.fromEntries([...this.seen.entries()].sort(([a], [b]) => a.localeCompare(b)));
      const out: LedgerFile = {
        suite: this.suite,
        writtenBy: 'scripts/write-deviations.ts (the ledger tests run with NEQSIM_UPDATE_DEVIATIONS=1)',
        rule: `a case fails when its deviation exceeds dev × ${1 + GROWTH} + floor, or when it was within its reference tolerance and is not any more`,
        cases,
      };
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, JSON.stringify(out, null, 1) + '\n');
      t.ok(true, `${this.suite}: ${this.seen.size} deviations written`);
      return;
    }
    if (!fullData || this.seen.size === 0) return;
    const missing = Object.keys(this.stored).filter((k) => !this.seen.has(k));
    t.same(missing, [], `${this.suite}: every stored case is still measured`);
  }
}
