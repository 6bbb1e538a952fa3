/**
 * State store hygiene (issue 20), regression tests of what was seen on main: a crashed save's
 * ".partial" temp file stayed for ever, every save added a file without bound, and replies gave
 * absolute server paths (storageDir, filePath).
 */
import t from 'tap';
import { mkdtempSync, mkdirSync, readdirSync, realpathSync, utimesSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { StateStore } from '../../src/tools/process/state/store.js';
import { configureStateStore } from '../../src/tools/process/state/config.js';
import { configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';

configureAudit({ destination: 'off' });
configureGovernance({ profile: 'DESKTOP_ENGINEER' });

function sandbox() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'neqsim-hygiene-')));
  const root = join(base, '.neqsim');
  const dir = join(root, 'saved_simulations');
  mkdirSync(dir, { recursive: true });
  return { base, root, dir };
}
const ctx = { subject: 'alice', transport: 'api' as const };

t.test('a crashed save leaves a .partial file: removed when the store opens, an in-flight one is not', async (t) => {
  const { root, dir } = sandbox();
  const crashed = '.tmp-4242-0123456789abcdef.partial';
  const inFlight = '.tmp-4243-fedcba9876543210.partial';
  writeFileSync(join(dir, crashed), '{"half": ');
  writeFileSync(join(dir, inFlight), '{"half": ');
  const twoMinutesAgo = new Date(Date.now() - 120_000);
  utimesSync(join(dir, crashed), twoMinutesAgo, twoMinutesAgo);
  writeFileSync(join(dir, 'kept.json'), '{}');
  const store = new StateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  await store.list();
  const left = readdirSync(dir).sort();
  t.notOk(left.includes(crashed), 'the stale temp file is gone');
  t.ok(left.includes(inFlight), "a fresh one (another process's save in progress) is left alone");
  t.ok(left.includes('kept.json'), 'other files are untouched');
});

t.test('retention: only the newest saves of a state name are kept; other names and foreign files untouched', async (t) => {
  const { root, dir } = sandbox();
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000, keepPerName: 3 });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  // A different state whose file names share the prefix, and a file this store did not write.
  t.equal((await dispatch('manageState', { action: 'save', name: 'HP sep_v9', state: { other: true } }, ctx)).httpStatus, 200);
  writeFileSync(join(dir, 'HP_sep_v1.0_notes.json'), JSON.stringify({ name: 'HP sep' }));
  const removed: string[] = [];
  let last: Record<string, any> = {};
  for (let k = 1; k <= 6; k++) {
    const r = await dispatch('manageState', { action: 'save', name: 'HP sep', version: '1.0', state: { k } }, ctx);
    t.equal(r.httpStatus, 200, r.body);
    last = r.envelope.data as Record<string, any>;
    removed.push(...((last.removedOlder as string[] | undefined) ?? []));
  }
  t.equal(removed.length, 3, 'six saves, three kept: three removed and reported');
  const list = (await dispatch('manageState', { action: 'list' }, ctx)).envelope.data as { saved: { filename: string; name?: string }[] };
  const mine = list.saved.filter((e) => e.name === 'HP sep' && e.filename !== 'HP_sep_v1.0_notes.json');
  t.equal(mine.length, 3);
  const ks = mine.map((e) => (JSON.parse(readFileSync(join(dir, e.filename), 'utf8')) as { state: { k: number } }).state.k).sort();
  t.same(ks, [4, 5, 6], 'the newest three');
  t.ok(list.saved.some((e) => e.name === 'HP sep_v9'), 'the other state name is kept');
  t.ok(readdirSync(dir).includes('HP_sep_v1.0_notes.json'), 'a file not written by the store is never removed');
  const info = (await dispatch('manageState', { action: 'getInfo' }, ctx)).envelope.data as { keepPerName: number };
  t.equal(info.keepPerName, 3);
});

t.test('replies carry no absolute server path', async (t) => {
  const { base, root, dir } = sandbox();
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  const bodies: string[] = [];
  const save = await dispatch('manageState', { action: 'save', name: 'paths', state: { a: 1 } }, ctx);
  t.equal(save.httpStatus, 200);
  t.equal((save.envelope.data as Record<string, unknown>).filePath, undefined, 'no filePath');
  t.equal((save.envelope.data as Record<string, unknown>).filename, 'paths_v1.0.json', 'the name relative to the store');
  bodies.push(save.body);
  for (const input of [{ action: 'list' }, { action: 'getInfo' }, { action: 'load', filename: 'paths_v1.0.json' }, { action: 'load', filename: 'missing.json' }]) {
    bodies.push((await dispatch('manageState', input, ctx)).body);
  }
  const info = (await dispatch('manageState', { action: 'getInfo' }, ctx)).envelope.data as { storageDir: string };
  t.equal(info.storageDir, '$NEQSIM_MCP_STATE_DIR', 'a directory outside the home is shown by the variable that set it');
  // A directory that resolves outside the sandbox: the error names no path either.
  configureStateStore({ dir: join(base, 'elsewhere'), sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  const outside = await dispatch('manageState', { action: 'list' }, ctx);
  t.equal(outside.envelope.errors?.[0]?.code, 'DIR_OUTSIDE_SANDBOX');
  bodies.push(outside.body);
  for (const body of bodies) t.notOk(body.includes(base), `no server path in ${body.slice(0, 80)}…`);
});

t.test('NEQSIM_MCP_STATE_KEEP_PER_NAME is read and validated', async (t) => {
  t.equal(loadConfig({}).stateKeepPerName, 10);
  t.equal(loadConfig({ NEQSIM_MCP_STATE_KEEP_PER_NAME: '3' }).stateKeepPerName, 3);
  t.throws(() => loadConfig({ NEQSIM_MCP_STATE_KEEP_PER_NAME: '0' }), /NEQSIM_MCP_STATE_KEEP_PER_NAME must be between 1/);
});
