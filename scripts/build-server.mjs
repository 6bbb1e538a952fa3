#!/usr/bin/env node
/**
 * Fast server build for `npm start` and `prepare` (after `npm ci`): compiles only what the server
 * and the stdio MCP entry run (the files tsconfig.build.json includes: src + workers) and only the
 * files whose output is missing or older than the source. Nothing stale costs a directory walk and
 * a stat per file (tens of milliseconds), so `npm start` on an up-to-date dist starts at once.
 *
 * Why transpile-only: type-checking the server is about 3/4 of a full tsc run (~17 s of CPU) and
 * is already done by `npm test` / `npm run typecheck` / `npm run build` (tsc -b tsconfig.build.json,
 * also what `npm pack` ships). tsconfig.json sets isolatedModules, so every file compiles on its
 * own to the same JavaScript tsc emits (tsc rejects the constructs where it would not).
 *
 * Usage: node scripts/build-server.mjs [--force]
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

/** Reads a tsconfig that is plain JSON; falls back to TypeScript's own reader if it has comments. */
async function readConfig(file) {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    const ts = (await import('typescript')).default;
    const read = ts.readConfigFile(file, ts.sys.readFile);
    if (read.error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
    return read.config;
  }
}

const buildConfig = await readConfig(join(root, 'tsconfig.build.json'));
const baseConfig = buildConfig.extends ? await readConfig(resolve(root, buildConfig.extends)) : {};
const compilerOptions = { ...baseConfig.compilerOptions, ...buildConfig.compilerOptions };
const include = buildConfig.include ?? baseConfig.include ?? [];
const outDir = resolve(root, compilerOptions.outDir ?? 'dist');
const rootDir = resolve(root, compilerOptions.rootDir ?? '.');

/** Every .ts (not .d.ts) and .json file under the included folders. */
function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if ((entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) || entry.name.endsWith('.json')) found.push(full);
  }
  return found;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);
const stale = [];
for (const dir of include) {
  for (const source of walk(resolve(root, dir))) {
    const target = join(outDir, relative(rootDir, source)).replace(/\.ts$/, '.js');
    if (force || mtime(target) < statSync(source).mtimeMs) stale.push({ source, target });
  }
}

if (stale.length === 0) process.exit(0);

const ts = (await import('typescript')).default;
// The project's options with the module format fixed to ESM output: transpileModule has no
// package.json lookup, and under "type": "module" NodeNext emits ESM for every .ts file.
const options = {
  ...ts.convertCompilerOptionsFromJson(compilerOptions, root).options,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  declaration: false,
  incremental: false,
  noEmit: false,
};
const started = Date.now();
for (const { source, target } of stale) {
  mkdirSync(dirname(target), { recursive: true });
  if (source.endsWith('.json')) {
    copyFileSync(source, target);
    continue;
  }
  const out = ts.transpileModule(readFileSync(source, 'utf8'), { compilerOptions: options, fileName: source, reportDiagnostics: true });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    for (const d of errors) process.stderr.write(`${relative(root, source)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n`);
    process.exit(1);
  }
  writeFileSync(target, out.outputText);
  if (out.sourceMapText !== undefined) {
    const map = JSON.parse(out.sourceMapText);
    map.sources = [relative(dirname(target), source).split('\\').join('/')];
    writeFileSync(`${target}.map`, JSON.stringify(map));
  }
}
process.stderr.write(`build-server: compiled ${stale.length} file(s) in ${Date.now() - started} ms (transpile only; \`npm run typecheck\` checks types)\n`);
