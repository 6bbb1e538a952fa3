/**
 * runPlugin with the repository's sample plugin (plugins/sample) loaded at start through
 * NEQSIM_MCP_PLUGIN_DIR: listed with its schema and examples, run through the dispatcher in the
 * worker pool with runPlugin's governance, its input checked against its own schema (400), its
 * answer the formula's; a directory with broken plugin files reports them instead of loading them.
 */
import t from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// Set before the registry (and so the plugin loader) is first imported, in this thread and in the pool's workers.
process.env.NEQSIM_MCP_PLUGIN_DIR = join(ROOT, 'plugins/sample');
const { runTool, createToolPool } = await import('../../src/index.js');
const { loadPlugins } = await import('../../src/tools/platform/runPlugin/plugins.js');

type Data = Record<string, any>;

t.test('the sample plugin is listed with its schema and examples', async (t) => {
  const r = (await runTool('runPlugin', { action: 'list' })) as Data;
  t.equal(r.status, 'success');
  t.equal(r.data.pluginDirectoryConfigured, true);
  t.same(r.data.plugins.map((p: Data) => p.name), ['idealGasDensity']);
  t.same(r.data.plugins[0].inputSchema.required, ['pressure_bara', 'temperature_K', 'molarMass_kg_mol']);
  t.same(r.data.rejected, []);
});

t.test('run: the formula\'s number, in the worker pool; bad input is a 400 at the plugin\'s field', async (t) => {
  const pool = await createToolPool({ minThreads: 1, maxThreads: 1 });
  t.teardown(() => pool.close());
  // Methane at 0 °C and 1.01325 bara as an ideal gas: p·M/(R·T) = 0.716 kg/m3.
  const expected = (101325 * 0.01604246) / (8.314462618 * 273.15);
  const r = (await runTool('runPlugin', { action: 'run', plugin: 'idealGasDensity', input: { pressure_bara: 1.01325, temperature_K: 273.15, molarMass_kg_mol: 0.01604246 } }, { pool, timeoutMs: 60_000 })) as Data;
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  t.equal(r.tool, 'runPlugin');
  t.ok(Math.abs(r.data.result.density_kg_m3 - expected) < 1e-12, `${r.data.result.density_kg_m3} kg/m3`);
  const bad = (await runTool('runPlugin', { action: 'run', plugin: 'idealGasDensity', input: { pressure_bara: -1, temperature_K: 273.15, molarMass_kg_mol: 0.016 } })) as Data;
  t.equal(bad.status, 'error');
  t.match(bad.errors[0].field, /^input\.pressure_bara/);
  const unknown = (await runTool('runPlugin', { action: 'run', plugin: 'nope' })) as Data;
  t.equal(unknown.errors[0].code, 'UNKNOWN_PLUGIN');
  t.match(unknown.errors[0].fix, /idealGasDensity/);
});

t.test('broken plugin files are reported, not loaded', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'neqsim-plugins-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'a-no-run.mjs'), "export default { name: 'noRun', description: 'has no run function at all', input: { type: 'object', additionalProperties: false }, output: { type: 'object' }, examples: [{}] };\n");
  writeFileSync(join(dir, 'b-syntax.mjs'), 'export default {{;\n');
  writeFileSync(join(dir, 'c-open-input.mjs'), "export default ({ Type }) => ({ name: 'openInput', description: 'input schema not closed', input: Type.Object({}), output: Type.Object({}), examples: [{}], run() {} });\n");
  const loaded = await loadPlugins(dir);
  t.same(loaded.plugins, []);
  t.same(loaded.rejected.map((r) => r.file), ['a-no-run.mjs', 'b-syntax.mjs', 'c-open-input.mjs']);
  t.match(loaded.rejected[0]!.reason, /run/);
  t.match(loaded.rejected[1]!.reason, /import failed/);
  t.match(loaded.rejected[2]!.reason, /additionalProperties/);
  t.same((await loadPlugins(undefined)).plugins, [], 'no directory, no plugins');
});
