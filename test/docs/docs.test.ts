/**
 * The documentation is generated where it can be and checked where it cannot: docs/tools.md, the
 * README's profile matrix and docs/accuracy.md's measured bounds equal what `npm run docs` writes
 * now; the README stays a guide (≤ 400 lines) whose configuration table names every environment
 * variable the service reads; and every relative link in README.md and docs/ points at a file.
 */
import t from 'tap';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateToolsDocument, profileMatrix, toolDomains, withProfileMatrix, DOMAINS } from '../../scripts/tools-document.js';
import { withMeasuredBounds } from '../../scripts/accuracy-document.js';
import { TOOLS } from '../../src/tools/registry.js';
import { DEPLOYMENT_MODES, isAllowedIn } from '../../src/tools/contract/governance/profiles.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8');
const STALE = 'run `npm run docs` and commit the result';

t.test('generated documents are up to date', async (t) => {
  t.equal(read('docs/tools.md'), generateToolsDocument(), `docs/tools.md is current (${STALE})`);
  const readme = read('README.md');
  t.equal(withProfileMatrix(readme), readme, `README.md profile matrix is current (${STALE})`);
  const accuracy = read('docs/accuracy.md');
  t.equal(withMeasuredBounds(accuracy), accuracy, `docs/accuracy.md measured bounds are current (${STALE})`);
});

t.test('the reference places every tool in the domain folder it is declared in', async (t) => {
  const domains = toolDomains();
  t.equal(domains.size, TOOLS.length, 'every registered tool has a domain');
  for (const tool of TOOLS) {
    const domain = domains.get(tool.name)!;
    // The registry's import path names the folder; the file must really be there.
    const src = readFileSync(join(ROOT, 'src/tools/registry.ts'), 'utf8');
    const m = new RegExp(`import \\{ ${tool.name}Tool \\} from '\\./([^']+)\\.js'`).exec(src);
    t.ok(m && m[1].startsWith(`${domain}/`) && existsSync(join(ROOT, 'src/tools', `${m[1]}.ts`)), `${tool.name} in src/tools/${domain}/`);
  }
  const doc = read('docs/tools.md');
  for (const [key] of DOMAINS) {
    const section = doc.slice(doc.indexOf(`<a id="${key}"></a>`));
    const next = section.indexOf('<a id=', 10);
    const body = next > 0 ? section.slice(0, next) : section;
    for (const tool of TOOLS.filter((x) => domains.get(x.name) === key)) t.ok(body.includes(`### ${tool.name}\n`), `${tool.name} listed under ${key}`);
  }
});

t.test('the profile matrix counts what the policy allows', async (t) => {
  const matrix = profileMatrix();
  const last = matrix.trim().split('\n').at(-1)!;
  for (const mode of DEPLOYMENT_MODES) {
    const n = TOOLS.filter((tool) => isAllowedIn(mode, tool)).length;
    t.match(last, `**${n}**`, `${mode}: ${n} tools`);
  }
  // The README states how many tools the Helm/compose default blocks; keep that sentence true.
  const blocked = TOOLS.length - TOOLS.filter((tool) => isAllowedIn('ENTERPRISE', tool)).length;
  t.match(read('README.md'), `blocks ${blocked} of the ${TOOLS.length} tools`, 'the README states what ENTERPRISE blocks');
  t.match(read('helm/neqsim-ts/values.yaml'), /^profile: ENTERPRISE$/m, 'the Helm default the README names');
});

/** Environment variables the service reads: src/config.ts and direct reads elsewhere in src. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const config = read('src/config.ts');
  for (const m of config.matchAll(/\b(?:int|bool|text|url|origins|oneOf)\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add(m[1]);
  for (const m of config.matchAll(/otlpVariable\(env, '([A-Z]+)'\)/g)) names.add(`OTEL_EXPORTER_OTLP_${m[1]}`);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
    });
  for (const file of walk(join(ROOT, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]{2,})\b/g)) names.add(m[1]);
  }
  return names;
}

t.test('the README is a guide: short, with every environment variable in its configuration table', async (t) => {
  const readme = read('README.md');
  const lines = readme.split('\n').length;
  t.ok(lines <= 400, `README.md has ${lines} lines (at most 400)`);
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Profiles'));
  const vars = variablesRead();
  t.ok(vars.size >= 40, `${vars.size} variables found in src`);
  for (const name of vars) {
    // OTLP exporter settings are listed once as OTEL_EXPORTER_OTLP_PROTOCOL, "…_COMPRESSION", …
    const suffix = name.startsWith('OTEL_EXPORTER_OTLP_') ? name.slice('OTEL_EXPORTER_OTLP_'.length) : undefined;
    t.ok(table.includes(`\`${name}\``) || (suffix !== undefined && table.includes(`…_${suffix}`)), `${name} is in the configuration table`);
  }
  t.equal((readme.match(/\bthe original\b/gi) ?? []).length, 1, 'the README uses "the original" once, where it defines it');
  t.match(readme, /\*\*NeqSim\*\* is/, 'NeqSim is defined');
});

t.test('relative links in README.md and docs/ point at files that exist', async (t) => {
  const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...readdirSync(join(ROOT, 'docs/domains')).map((f) => `docs/domains/${f}`)];
  let checked = 0;
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split('#')[0];
      if (target === '' || /^[a-z]+:/.test(target)) continue;
      checked++;
      t.ok(existsSync(resolve(dirname(join(ROOT, file)), target)), `${file}: ${m[1]}`);
    }
  }
  t.ok(checked > 20, `${checked} links checked`);
});
