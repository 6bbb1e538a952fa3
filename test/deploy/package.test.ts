/**
 * The npm package as a user gets it: `npm pack` ships only the built server and workers (with the
 * JSON data they import), LICENSE, README and package.json; the tarball installs offline into an
 * empty project and its bin, `neqsim-ts-mcp`, serves the tools over stdio to the MCP SDK client.
 *
 * Offline install: a plain `npm install <tgz> --offline` has to resolve every dependency range from
 * registry metadata, which `npm ci` never caches. So the empty project gets a lockfile made from ours
 * (the production entries, same versions and integrity hashes, plus the tarball) and `npm ci
 * --offline` installs it from the npm cache that the repo's own `npm ci` filled. The tarball is
 * packed with --ignore-scripts from the dist/ that `npm test` has just built (pretest), so the test
 * never rebuilds files other test files are importing.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOLS } from '../../src/tools/registry.js';

const root = process.cwd();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  overrides?: Record<string, unknown>;
  engines: Record<string, string>;
  scripts: Record<string, string>;
};

interface PackResult {
  filename: string;
  entryCount: number;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

const work = mkdtempSync(join(tmpdir(), 'neqsim-pack-'));
t.teardown(() => rmSync(work, { recursive: true, force: true }));

const packed = JSON.parse(
  execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
)[0] as PackResult;
const tarball = join(work, packed.filename);

t.test('npm pack ships the built server, its data, LICENSE, README and package.json only', async (t) => {
  const paths = packed.files.map((f) => f.path);
  t.comment(`tarball: ${packed.entryCount} files, ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked`);
  const outside = paths.filter((p) => !/^dist\/(src|workers)\//.test(p) && !['LICENSE', 'README.md', 'package.json'].includes(p));
  t.same(outside, [], 'nothing outside dist/src, dist/workers and the three top-level files');
  for (const must of ['LICENSE', 'README.md', 'package.json', 'dist/src/server.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/workers/tool-worker.js', 'dist/src/tools/contract/governance/trust-measurements.json']) {
    t.ok(paths.includes(must), `ships ${must}`);
  }
  for (const bin of Object.values(pkg.bin)) t.ok(paths.includes(bin), `ships the bin ${bin}`);
  t.notOk(paths.some((p) => p.startsWith('dist/test/') || p.startsWith('dist/bench/') || p.startsWith('dist/scripts/')), 'no tests, benches or scripts');
  t.notOk(paths.some((p) => p.endsWith('.map') || p.includes('tsbuildinfo')), 'no source maps (the .ts sources are not shipped) or build info');
  t.match(readFileSync(resolve(root, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/, 'LICENSE is the Apache-2.0 text');
  t.equal(pkg.license, 'Apache-2.0');
  t.notOk(pkg.scripts['premcp:stdio'], 'npm run mcp:stdio starts from dist without a build step (MCP clients time out on slow starts)');
  t.notMatch(pkg.scripts['mcp:stdio'], /tsc|build/, 'mcp:stdio only runs node');
  t.notMatch(pkg.scripts.prestart, /tsconfig\.json|build:all/, 'npm start does not compile tests and benches');
  for (const bin of Object.values(pkg.bin)) {
    t.match(readFileSync(resolve(root, bin), 'utf8'), /^#!\/usr\/bin\/env node\n/, `${bin} starts with a node shebang`);
  }
});

/** An empty project whose lockfile pins the tarball plus our production dependency tree. */
function writeConsumerProject(dir: string): void {
  const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const spec = `file:${tarball}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const manifest = {
    name: 'neqsim-pack-consumer',
    private: true,
    dependencies: { [pkg.name]: spec },
    // Our lockfile carries the overrides in our package.json; the consumer applies the same.
    ...(pkg.overrides ? { overrides: pkg.overrides } : {}),
  };
  const packages: Record<string, unknown> = {
    '': { name: manifest.name, dependencies: manifest.dependencies },
    [`node_modules/${pkg.name}`]: { version: pkg.version, resolved: spec, integrity, license: pkg.license, dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && entry.dev !== true) packages[path] = entry;
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2));
}

t.test('the tarball installs offline and its bin lists the tools over stdio', async (t) => {
  const app = join(work, 'app');
  mkdirSync(app);
  writeConsumerProject(app);
  const quiet = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  try {
    execFileSync(npm, ['ci', '--offline', ...quiet], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    // A cache without one of the pinned tarballs (e.g. cleaned by hand): let npm fetch what is missing.
    t.comment(`offline install failed (${String((err as { stderr?: string }).stderr ?? err).split('\n')[0]}); retrying with --prefer-offline`);
    execFileSync(npm, ['ci', '--prefer-offline', ...quiet], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
  const installed = join(app, 'node_modules', pkg.name);
  t.ok(existsSync(join(installed, 'dist/src/server.js')), 'installed under node_modules');
  t.notOk(existsSync(join(app, 'node_modules/typescript')) || existsSync(join(app, 'node_modules/tap')), 'no dev dependencies installed');
  const binName = Object.keys(pkg.bin)[0];
  const bin = join(app, 'node_modules/.bin', binName);
  t.ok(existsSync(bin), `node_modules/.bin/${binName} exists`);

  const stateDir = join(work, 'state');
  const transport = new StdioClientTransport({
    command: bin,
    args: [],
    cwd: app,
    env: { ...(process.env as Record<string, string>), NEQSIM_MCP_STATE_DIR: stateDir, NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'neqsim-pack-test', version: '0.0.0' });
  const started = performance.now();
  try {
    await client.connect(transport);
  } catch (err) {
    t.fail(`the installed bin did not start: ${(err as Error).message}\n${stderr}`);
    return;
  }
  t.teardown(() => client.close());
  t.comment(`stdio initialize from the installed tarball: ${Math.round(performance.now() - started)} ms`);
  t.equal(client.getServerVersion()?.name, 'neqsim-ts');
  const { tools } = await client.listTools();
  t.same(tools.map((x) => x.name), TOOLS.map((x) => x.name), 'the installed server lists exactly the registered tools');
  const r = await client.callTool({ name: 'getExample', arguments: { category: 'tool', name: 'get_schema' } });
  t.notOk(r.isError, 'a tool call runs in the installed package');
});
