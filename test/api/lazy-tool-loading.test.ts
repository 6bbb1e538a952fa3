/**
 * Lazy tool loading in the worker threads (issue 25): the loader table names every registered
 * tool and yields the registry's own tool objects; the default worker function loads a tool on
 * its first call and answers exactly as a worker over the eager registry does; and no pool tool
 * reads the tool catalog (a pool thread has it only after an inline tool made it load the registry).
 */
import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_LOADERS } from '../../src/tools/tool-loaders.js';
import { getTool, TOOLS, toolNames } from '../../src/tools/registry.js';
import runTask, { createToolWorker, lazyRegisteredTool } from '../../workers/tool-worker.js';
import type { PoolTask } from '../../src/tools/contract/dispatch.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const FLASH = { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };

const task = (tool: string, input: unknown): PoolTask => ({ tool, input, subject: 'anonymous', profile: 'default', operationId: 'op_lazy', deadline: Date.now() + 60_000 });

t.test('one loader per registered tool, yielding the registry object', async (t) => {
  t.same(Object.keys(TOOL_LOADERS).sort(), toolNames().sort(), 'src/tools/tool-loaders.ts lists exactly the registry tools');
  for (const [name, load] of Object.entries(TOOL_LOADERS)) t.equal(await load(), getTool(name), `${name}: the same tool object`);
});

t.test('the default worker loads a tool on its first call and answers as the eager worker', async (t) => {
  t.equal(lazyRegisteredTool('noSuchTool'), undefined, 'an unknown name is not a promise');
  const eager = createToolWorker(getTool);
  for (const input of [FLASH, { ...FLASH, temperature: { value: 'hot', unit: 'C' } }, { ...FLASH, components: { methane: 0.5, unobtainium: 0.5 } }]) {
    const lazy = await runTask(task('runFlash', input));
    const reference = await eager(task('runFlash', input));
    // Timings aside: the envelope's own and the worker's busy-time section after the status (worker-report.ts).
    const strip = (s: string) => s.replace(/\u0003[^\u0003]*\u0003/, '').replace(/"(computationTimeMs|timestamp)":[^,}]*/g, '"$1":0');
    t.equal(lazy.slice(0, 3), reference.slice(0, 3), 'same status');
    t.equal(strip(lazy), strip(reference), 'same envelope (timings aside)');
  }
  t.equal(lazyRegisteredTool('runFlash'), getTool('runFlash'), 'once loaded, the tool comes back without a promise');
  const unknown = await runTask(task('noSuchTool', {}));
  t.equal(unknown.slice(0, 3), '404', 'an unknown tool is still a 404 envelope');
});

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : name.endsWith('.ts') ? [p] : [];
  });
}

t.test('no pool tool reads the tool catalog', async (t) => {
  const readers = tsFiles(join(ROOT, 'src/tools')).filter((f) => !f.includes('/contract/') && /catalogIn\(|ctx\.catalog/.test(readFileSync(f, 'utf8')));
  t.ok(readers.length > 0, `${readers.length} source files read the catalog`);
  const poolNames = new Set(TOOLS.filter((tool) => tool.execution === 'pool').map((tool) => tool.name));
  for (const file of readers) {
    const names = [...readFileSync(file, 'utf8').matchAll(/^\s+name: '([A-Za-z]+)',$/gm)].map((m) => m[1]!);
    for (const name of names) t.notOk(poolNames.has(name), `${name} (${file.slice(ROOT.length + 1)}) reads the catalog, so it must be inline`);
  }
});
