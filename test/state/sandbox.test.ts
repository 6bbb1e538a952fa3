/**
 * manageState sandbox (seed 000 "State Storage Sandbox"): round trip, traversal and symlink
 * escapes refused, external directories only when allowed, size limit, atomic never-overwrite
 * writes under concurrent writers, and audit of every call.
 */
import t from 'tap';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateStore, StateStoreError, validateFilename } from '../../src/tools/process/state/store.js';
import { configureStateStore } from '../../src/tools/process/state/config.js';
import { configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';

configureAudit({ destination: 'off' });
configureGovernance({ profile: 'DESKTOP_ENGINEER' });

function sandbox() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'neqsim-state-')));
  const root = join(base, '.neqsim');
  const dir = join(root, 'saved_simulations');
  mkdirSync(dir, { recursive: true });
  return { base, root, dir };
}

const ctx = { subject: 'alice', transport: 'api' as const };

t.test('save, list, load, export and delete round trip through the tool', async (t) => {
  const { root, dir } = sandbox();
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  const state = { feed: { methane: 0.9, ethane: 0.1 }, T_K: 300, P_bar: 50 };
  const saved = await dispatch('manageState', { action: 'save', name: 'HP separator', version: '2.1', state }, ctx);
  t.equal(saved.httpStatus, 200, saved.body);
  t.match(saved.envelope.data, { action: 'save', filename: 'HP_separator_v2.1.json', name: 'HP separator', version: '2.1' });
  const again = await dispatch('manageState', { action: 'save', name: 'HP separator', version: '2.1', state: { other: true } }, ctx);
  t.equal((again.envelope.data as { filename: string }).filename, 'HP_separator_v2.1_1.json', 'never overwrites');

  const list = await dispatch('manageState', { action: 'list' }, ctx);
  t.match(list.envelope.data, { count: 2, saved: [{ filename: 'HP_separator_v2.1.json', name: 'HP separator', version: '2.1' }, { filename: 'HP_separator_v2.1_1.json' }] });

  const loaded = await dispatch('manageState', { action: 'load', filename: 'HP_separator_v2.1.json' }, ctx);
  t.match(loaded.envelope.data, { savedState: { format: 'neqsim-saved-state', name: 'HP separator', savedBy: 'alice', state } });
  const exported = await dispatch('manageState', { action: 'export', filename: 'HP_separator_v2.1.json' }, ctx);
  t.match(exported.envelope.data, { exportedState: { format: 'neqsim-exported-state', state } });

  const del = await dispatch('manageState', { action: 'delete', filename: 'HP_separator_v2.1.json' }, ctx);
  t.equal(del.httpStatus, 200);
  const gone = await dispatch('manageState', { action: 'load', filename: 'HP_separator_v2.1.json' }, ctx);
  t.equal(gone.httpStatus, 422);
  t.equal(gone.envelope.errors?.[0]?.code, 'FILE_NOT_FOUND');

  const audited = recentAuditEvents(20).filter((e) => e.tool === 'manageState' && e.action !== undefined);
  t.same(audited.slice(-3).map((e) => [e.action, e.outcome]), [['export', 'success'], ['delete', 'success'], ['load', 'error']]);
});

t.test('path traversal and bad names are refused with INVALID_FILENAME', async (t) => {
  const { root, dir } = sandbox();
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  writeFileSync(join(root, 'secret.json'), '{"secret":1}');
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  for (const filename of ['../secret.json', '..', '/etc/passwd', 'a/b.json', '..\\secret.json', '.hidden.json', 'x..json', 'state.txt', 'evil\u0000.json']) {
    const r = await dispatch('manageState', { action: 'load', filename }, ctx);
    t.equal(r.httpStatus, 400, `${JSON.stringify(filename)} -> 400`);
    t.equal(r.envelope.errors?.[0]?.code, 'INVALID_FILENAME');
    t.ok(!r.body.includes('"secret":1'), 'nothing outside the directory is read');
  }
  t.doesNotThrow(() => validateFilename('ok_name-1.0.json'));
  const saved = await dispatch('manageState', { action: 'save', name: '../../etc/cron.d/x', state: { a: 1 } }, ctx);
  t.equal(saved.httpStatus, 200);
  const filename = (saved.envelope.data as { filename: string }).filename;
  t.notOk(filename.includes('/') || filename.includes('..'), `sanitized to ${filename}`);
  t.ok(readdirSync(dir).includes(filename), 'written inside the storage directory');
});

t.test('symlinks out of the directory are refused, for files and for the directory itself', async (t) => {
  const { base, root, dir } = sandbox();
  mkdirSync(dir, { recursive: true });
  const outside = join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'target.json'), '{"stolen":true}');
  symlinkSync(join(outside, 'target.json'), join(dir, 'link.json'));
  const store = new StateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  await t.rejects(store.load('link.json'), { code: 'SYMLINK_REJECTED' });
  await t.rejects(store.remove('link.json'), { code: 'SYMLINK_REJECTED' });
  t.same((await store.list()).map((e) => e.filename), [], 'list skips the link');
  t.equal(readFileSync(join(outside, 'target.json'), 'utf8'), '{"stolen":true}', 'target untouched');

  // The storage directory is a symlink that points outside the sandbox root.
  const linkedDir = join(root, 'linked');
  symlinkSync(outside, linkedDir);
  const escaped = new StateStore({ dir: linkedDir, sandboxRoot: root, allowExternal: false, maxBytes: 100_000 });
  await t.rejects(escaped.list(), { code: 'DIR_OUTSIDE_SANDBOX' });
});

t.test('external directories need NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR', async (t) => {
  const { base, root } = sandbox();
  const external = join(base, 'elsewhere');
  const refused = new StateStore({ dir: external, sandboxRoot: root, allowExternal: false, maxBytes: 1000 });
  const err = await refused.list().catch((e: unknown) => e);
  t.ok(err instanceof StateStoreError);
  t.equal((err as StateStoreError).code, 'DIR_OUTSIDE_SANDBOX');
  t.match((err as StateStoreError).fix, /NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR=true/);
  const allowed = new StateStore({ dir: external, sandboxRoot: root, allowExternal: true, maxBytes: 1000 });
  t.same(await allowed.list(), []);
});

t.test('oversized states are refused on save (413) and on load', async (t) => {
  const { root, dir } = sandbox();
  configureStateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 2048 });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  const big = { values: Array.from({ length: 500 }, (_, i) => i * 1.5) };
  const r = await dispatch('manageState', { action: 'save', name: 'big', state: big }, ctx);
  t.equal(r.httpStatus, 413);
  t.equal(r.envelope.errors?.[0]?.code, 'STATE_TOO_LARGE');
  t.same(readdirSync(dir), [], 'nothing (not even a temp file) is left behind');
  writeFileSync(join(dir, 'planted.json'), JSON.stringify(big));
  const load = await dispatch('manageState', { action: 'load', filename: 'planted.json' }, ctx);
  t.equal(load.httpStatus, 413);
});

t.test('concurrent writers each get their own complete file', async (t) => {
  const { root, dir } = sandbox();
  const store = new StateStore({ dir, sandboxRoot: root, allowExternal: false, maxBytes: 1_000_000 });
  const writers = Array.from({ length: 24 }, (_, i) => store.saveNew('shared_v1.0', { writer: i, payload: 'x'.repeat(5000 + i) }));
  const results = await Promise.all(writers);
  const names = new Set(results.map((r) => r.filename));
  t.equal(names.size, 24, 'no two writers got the same file');
  const files = readdirSync(dir);
  t.equal(files.length, 24, 'no temp files remain');
  const seen = new Set<number>();
  for (const f of files) {
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { writer: number; payload: string };
    t.equal(doc.payload.length, 5000 + doc.writer, `${f} is complete`);
    seen.add(doc.writer);
  }
  t.equal(seen.size, 24, 'every writer is preserved');
});
