/**
 * The committed fixture of published values (test/fixtures/published) is complete and well formed,
 * and — where the shared reference data set is available — still identical to it, so the copy
 * cannot drift from its source. The structural checks always run; the drift check skips cleanly
 * on a clone without ../shared/reference.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { FIXTURE_FILES, loadFixture, type FixtureFile } from './published-fixture.js';

/** Input keys that are labels, not quantities, and so carry no unit. */
const LABEL_INPUTS = new Set(['method', 'fluid', 'edition', 'basis', 'mixture', 'composition', 'service', 'standard', 'system']);

const REQUIRED: Record<(typeof FIXTURE_FILES)[number], { ids: string[]; minCases: number }> = {
  'gerg-aga8.json': { ids: ['GERG-01', 'DETAIL-01', 'GROSS-01'], minCases: 3 },
  'iso6976.json': { ids: ['ISO-01', 'ISO-01D'], minCases: 2 },
  'pure-density.json': { ids: [], minCases: 6 },
  'saturation.json': { ids: [], minCases: 4 },
  'relief.json': { ids: ['PSV-01', 'FIRE-01'], minCases: 2 },
  'hydrate.json': { ids: ['H-01-2', 'H-01-5', 'H-01-7'], minCases: 3 },
};

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

t.test('every fixture file is complete, cited and states its tolerances', (t) => {
  for (const name of FIXTURE_FILES) {
    const f: FixtureFile = loadFixture(name);
    t.match(f.source, /NOT NeqSim outputs/, `${name}: source says what the numbers are`);
    t.ok(f.tolerance_semantics.length > 20, `${name}: tolerance semantics stated`);
    t.ok(f.cases.length >= REQUIRED[name].minCases, `${name}: ${f.cases.length} cases`);
    const ids = f.cases.map((c) => c.id);
    t.equal(new Set(ids).size, ids.length, `${name}: unique ids`);
    for (const id of REQUIRED[name].ids) t.ok(ids.includes(id), `${name}: ${id} present`);
    for (const c of f.cases) {
      t.ok(c.citation.length > 20, `${name} ${c.id}: cited`);
      t.notMatch(c.citation, /neqsim-responses\/|(^|\/)neqsim\//, `${name} ${c.id}: not taken from the original's result folders`);
      const keys = Object.keys(c.expected);
      t.ok(keys.length > 0, `${name} ${c.id}: has expected values`);
      for (const k of keys) {
        const tol = c.tolerance[k];
        const limit = tol?.rel ?? tol?.abs;
        t.ok(finite(c.expected[k]), `${name} ${c.id} ${k}: finite number`);
        t.ok(finite(limit) && limit > 0, `${name} ${c.id} ${k}: positive tolerance`);
        t.ok(f.units[k], `${name} ${c.id} ${k}: unit given`);
      }
      for (const k of Object.keys(c.inputs)) if (!LABEL_INPUTS.has(k)) t.ok(f.units[k], `${name} ${c.id} input ${k}: unit given`);
      if (name === 'pure-density.json' || name === 'saturation.json') {
        const b = c.cubic_bound;
        t.ok(b && finite(b.rel.SRK) && finite(b.rel.PR) && b.rel.SRK > 0 && b.rel.PR > 0 && b.rel.SRK <= 0.1 && b.rel.PR <= 0.1, `${name} ${c.id}: cubic bound per model, at most 10 %`);
        t.ok(b && b.basis.includes('README'), `${name} ${c.id}: cubic bound cites the documented accuracy`);
      }
    }
  }
  t.end();
});

t.test('the fixture is a verbatim copy of the shared reference data (when present)', (t) => {
  for (const name of FIXTURE_FILES) {
    const ref = loadReference<{ cases: FixtureFile['cases'] }>(t, `physical/${name}`);
    if (!ref) continue;
    const byId = new Map(ref.cases.map((c) => [c.id, c]));
    for (const c of loadFixture(name).cases) {
      const src = byId.get(c.id);
      if (!src) {
        t.fail(`${name} ${c.id}: not in the shared reference`);
        continue;
      }
      t.equal(c.citation, src.citation, `${name} ${c.id}: citation`);
      t.equal(c.tag, src.tag, `${name} ${c.id}: tag`);
      t.same(c.inputs, src.inputs, `${name} ${c.id}: inputs`);
      for (const [k, v] of Object.entries(c.expected)) t.equal(v, src.expected[k], `${name} ${c.id} ${k}: value`);
      if (name !== 'iso6976.json') {
        for (const [k, v] of Object.entries(c.tolerance)) t.same(v, src.tolerance[k], `${name} ${c.id} ${k}: tolerance`);
      } else {
        // ISO 6976: tightened to the printed digit, never looser than the source's tolerance.
        for (const [k, v] of Object.entries(c.tolerance)) {
          const srcLimit = (src.tolerance[k].rel ?? 0) * Math.abs(src.expected[k]) || (src.tolerance[k].abs ?? 0);
          t.ok(v.abs! <= srcLimit, `${name} ${c.id} ${k}: printed-digit tolerance ${v.abs} ≤ source ${srcLimit.toExponential(2)}`);
        }
      }
    }
  }
  t.end();
});
