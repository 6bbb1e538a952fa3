/**
 * The committed copy of the reference data's published and independently computed values
 * (test/fixtures/published/reference, written by scripts/write-reference-fixture.ts) is broad,
 * cited, free of the original NeqSim's results, and — where ../shared/reference is present —
 * exactly what the script writes from it, so it cannot drift. The physics tests read it through
 * test/helpers/reference.ts when the shared folder is absent (a fresh clone).
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hasSharedReference, REFERENCE_DIR } from '../helpers/reference.js';
import { buildReferenceFixture, FIXTURE_REFERENCE_DIR, type ReferenceFixtureFile } from '../../scripts/write-reference-fixture.js';

/** Which part of the physics each file checks (the report counts points per category). */
const CATEGORY: Record<string, string> = {
  'pure-density.json': 'pure fluids',
  'gerg-aga8.json': 'mixtures (GERG-2008, AGA8, reference mixture model)',
  'binary-vle.json': 'mixtures (GERG-2008, AGA8, reference mixture model)',
  'dew-point.json': 'saturation',
  'saturation.json': 'saturation',
  'hydrate.json': 'saturation',
  'surface-tension.json': 'transport and interfacial tension',
  'transport.json': 'transport and interfacial tension',
  'iso6976.json': 'standards',
  'relief.json': 'standards',
};

const files = readdirSync(FIXTURE_REFERENCE_DIR).filter((f) => f.endsWith('.json')).sort();
const load = (name: string): ReferenceFixtureFile => JSON.parse(readFileSync(resolve(FIXTURE_REFERENCE_DIR, name), 'utf8'));
const numeric = (c: Record<string, unknown>) => Object.values(c.expected as Record<string, unknown>).filter((v) => typeof v === 'number' && Number.isFinite(v)).length;

t.test('the committed reference fixture is broad and every point is cited', (t) => {
  const perCategory = new Map<string, number>();
  let total = 0;
  for (const name of files) {
    t.ok(CATEGORY[name], `${name}: has a category`);
    const f = load(name);
    t.match(f.source, /NOT NeqSim outputs/, `${name}: says what the numbers are`);
    t.ok(f.cases.length > 0, `${name}: ${f.cases.length} cases`);
    for (const c of f.cases) {
      t.ok(typeof c.citation === 'string' && c.citation.length > 20, `${name} ${c.id}: cited`);
      t.notMatch(String(c.citation), /^NeqSim\b/, `${name} ${c.id}: not a NeqSim assertion`);
      t.notOk('parity' in c || 'notes' in c || 'neqsim_test' in c, `${name} ${c.id}: no field holding the original's results`);
      const tol = c.tolerance as Record<string, { rel?: number; abs?: number }>;
      for (const [k, v] of Object.entries(c.expected as Record<string, unknown>)) {
        if (typeof v !== 'number') continue;
        const limit = tol[k]?.rel ?? tol[k]?.abs;
        t.ok(typeof limit === 'number' && limit >= 0, `${name} ${c.id} ${k}: tolerance stated`);
      }
      const n = numeric(c);
      total += n;
      perCategory.set(CATEGORY[name], (perCategory.get(CATEGORY[name]) ?? 0) + n);
    }
  }
  // The IAPWS check values of the water transport releases are a second committed set.
  const iapws = JSON.parse(readFileSync(resolve(FIXTURE_REFERENCE_DIR, '../iapws-transport.json'), 'utf8')) as Record<string, unknown>;
  const iapwsPoints = Object.values(iapws).filter(Array.isArray).reduce((n, a) => n + (a as unknown[]).length, 0);
  perCategory.set('transport and interfacial tension', (perCategory.get('transport and interfacial tension') ?? 0) + iapwsPoints);
  total += iapwsPoints;
  t.comment(`reference points by category: ${JSON.stringify(Object.fromEntries(perCategory))}, total ${total}`);
  t.ok(total >= 200, `${total} cited points (at least 200)`);
  for (const cat of new Set(Object.values(CATEGORY))) t.ok((perCategory.get(cat) ?? 0) >= 10, `${cat}: ${perCategory.get(cat)} points`);
  t.notOk(files.includes('neqsim-parity.json'), "NeqSim's own assertions are not copied");
  t.end();
});

t.test('the committed fixture is what the script writes from the shared reference (when present)', (t) => {
  if (!hasSharedReference('physical/pure-density.json')) {
    (t as unknown as { skip: (m: string) => void }).skip(`shared reference not found under ${REFERENCE_DIR}: drift not checked`);
    return t.end();
  }
  const built = buildReferenceFixture(resolve(REFERENCE_DIR, 'physical'));
  t.same([...built.keys()].sort(), files, 'same files');
  for (const [name, f] of built) {
    const path = resolve(FIXTURE_REFERENCE_DIR, name);
    t.ok(existsSync(path) && readFileSync(path, 'utf8') === JSON.stringify(f, null, 1) + '\n', `${name}: current (else run node dist/scripts/write-reference-fixture.js)`);
  }
  t.end();
});
