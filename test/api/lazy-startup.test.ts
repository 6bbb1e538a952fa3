/**
 * What the server loads at start (issue 25: cold start and idle memory). In a child process that
 * records every module it loads, building the app (main thread) and loading the worker module
 * must load no tool module and no engine module: those come with a tool's first call
 * (lazy-registry.ts, tool-loaders.ts). A static import that pulls a tool or the engine back into
 * start-up (a plugin importing a tool's helpers, say) fails here with the chain to remove.
 */
import t, { type Test } from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC_TOOLS = join(DIST, '../src/tools');

/** The modules src/tools/tool-loaders.ts imports (the tool modules), as dist file URLs. */
function toolModules(): Set<string> {
  const text = readFileSync(join(SRC_TOOLS, 'tool-loaders.ts'), 'utf8');
  const urls = [...text.matchAll(/import\('(\.\/[^']+)'\)/g)].map((m) => pathToFileURL(join(DIST, 'src/tools', m[1]!)).href);
  return new Set(urls);
}

/** Loads `script` (ESM) in a child that records each module URL it resolves, with its importer. */
function loadedBy(script: string): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-startup-'));
  try {
    const log = join(dir, 'loaded.txt');
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, (context.parentURL ?? '-') + ' ' + r.url + '\\n');
  return r;
}\n`,
    );
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
    writeFileSync(join(dir, 'main.mjs'), script);
    execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(dir, 'main.mjs')], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
    const parents = new Map<string, string>();
    for (const line of readFileSync(log, 'utf8').trim().split('\n')) {
      const [parent, url] = line.split(' ') as [string, string];
      if (!parents.has(url)) parents.set(url, parent);
    }
    return parents;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The import chain that reached `url`, for the failure message. */
function chain(url: string, parents: Map<string, string>): string {
  const out = [url];
  for (let p = parents.get(url); p !== undefined && p !== '-' && out.length < 12; p = parents.get(p)) out.push(p);
  return out.map((u) => u.replace(pathToFileURL(DIST).href, 'dist')).join(' <- ');
}

function check(t: Test, parents: Map<string, string>, what: string): void {
  const tools = toolModules();
  t.ok(tools.size >= 60, `${tools.size} tool modules known`);
  const engine = pathToFileURL(join(DIST, 'src/engine')).href + '/';
  // Edit distances for "did you mean" only: no tables, no models.
  const allowed = new Set([pathToFileURL(join(DIST, 'src/engine/components/levenshtein.js')).href]);
  const early = [...parents.keys()].filter((u) => tools.has(u) || (u.startsWith(engine) && !allowed.has(u)));
  t.same(early.map((u) => chain(u, parents)), [], `${what} loads no tool module and no engine module`);
}

t.test('the main thread builds the app without loading any tool or the engine', async (t) => {
  const app = pathToFileURL(join(DIST, 'src/http/app.js')).href;
  const config = pathToFileURL(join(DIST, 'src/config.js')).href;
  const parents = loadedBy(`const { loadConfig } = await import(${JSON.stringify(config)});
const { buildApp } = await import(${JSON.stringify(app)});
const app = await buildApp({ ...loadConfig({}), logLevel: 'silent' }, { pool: false });
await app.ready();
const res = await app.inject({ method: 'GET', url: '/health/ready' });
if (res.statusCode !== 200) throw new Error('not ready: ' + res.statusCode);
await app.close();
`);
  t.ok(parents.has(app), 'the app was loaded');
  check(t, parents, 'building the app');
});

t.test('a worker thread starts without loading any tool or the engine', async (t) => {
  const worker = pathToFileURL(join(DIST, 'workers/tool-worker.js')).href;
  const parents = loadedBy(`await import(${JSON.stringify(worker)});\n`);
  t.ok(parents.has(worker), 'the worker module was loaded');
  check(t, parents, 'the worker module');
});
