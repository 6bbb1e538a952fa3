/**
 * The committed OpenAPI document passes Redocly's recommended ruleset with no error and no
 * warning, declares the bearer scheme, licence, domain tags and relative servers; and the
 * security and servers the app publishes follow its configuration (AUTH_MODE, AUTH_OPEN_PATHS,
 * PUBLIC_BASE_URL).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { loadConfig, ConfigError } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { TOOLS, toolDomain } from '../../src/tools/registry.js';
import { TOOL_DOMAINS } from '../../src/tools/contract/types.js';

const DOCUMENT = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
}

t.test('Redocly recommended: no errors, no warnings', async (t) => {
  // lint exits 1 when it finds errors; the report on stdout is what we read either way.
  const run = promisify(execFile)(process.execPath, [REDOCLY, 'lint', DOCUMENT, '--format=json', '--max-problems=1000'], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  const report = JSON.parse((await run).stdout) as LintReport;
  const listed = report.problems.slice(0, 20).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`);
  t.equal(report.totals.errors, 0, `no errors${listed.length ? `\n${listed.join('\n')}` : ''}`);
  t.equal(report.totals.warnings, 0, 'no warnings');
});

type Doc = {
  info: { license?: { name: string; identifier?: string } };
  servers: { url: string }[];
  tags: { name: string }[];
  components: { securitySchemes: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, { tags?: string[]; security?: Record<string, string[]>[]; responses: Record<string, unknown> }>>;
};

t.test('the committed document: licence, bearer scheme, optional security, domain tags, relative server', async (t) => {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Doc;
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { license: string };
  t.same(doc.info.license, { name: pkg.license, identifier: pkg.license }, 'licence as package.json');
  t.same(doc.servers.map((s) => s.url), ['/'], 'relative server, not the bind address');
  t.match(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      t.same(op.security, [{}, { bearerAuth: [] }], `${method} ${path}: token optional with AUTH_MODE=none`);
      t.ok(Object.keys(op.responses).some((s) => /^4\d\d$/.test(s)), `${method} ${path} documents a 4xx`);
    }
  }
  t.same(doc.tags.map((x) => x.name), [...TOOL_DOMAINS, 'catalogue', 'health']);
  for (const tool of TOOLS) {
    const domain = toolDomain(tool.name);
    t.ok(domain, `${tool.name} has a domain`);
    t.same(doc.paths[`/v1/tools/${tool.name}`]?.post?.tags, [domain], `${tool.name} tagged ${domain}`);
  }
  for (const domain of TOOL_DOMAINS) t.ok(TOOLS.some((x) => toolDomain(x.name) === domain), `${domain} has tools`);
});

async function publishedDocument(env: Record<string, string>): Promise<Doc> {
  const app = await buildApp({ ...loadConfig(env), logLevel: 'silent' }, { pool: false, mcp: false });
  try {
    await app.ready();
    return (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc;
  } finally {
    await app.close();
  }
}

t.test('PUBLIC_BASE_URL sets servers; a bad one stops start-up', async (t) => {
  const doc = await publishedDocument({ PUBLIC_BASE_URL: 'https://neqsim.example.com/api/' });
  t.same(doc.servers.map((s) => s.url), ['https://neqsim.example.com/api'], 'trailing slash dropped');
  t.throws(() => loadConfig({ PUBLIC_BASE_URL: 'neqsim.example.com' }), ConfigError);
  t.throws(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://neqsim.example.com' }), ConfigError);
  t.throws(() => loadConfig({ PUBLIC_BASE_URL: 'https://neqsim.example.com/?x=1' }), ConfigError);
});

t.test('AUTH_MODE=oidc: a token is required except on the open paths', async (t) => {
  const doc = await publishedDocument({ AUTH_MODE: 'oidc', OIDC_ISSUER: 'https://issuer.example.com', OIDC_AUDIENCE: 'neqsim', OIDC_JWKS_URL: 'https://issuer.example.com/jwks' });
  t.same(doc.paths['/v1/tools/runFlash']?.post?.security, [{ bearerAuth: [] }]);
  t.same(doc.paths['/v1/tools']?.get?.security, [{ bearerAuth: [] }]);
  t.same(doc.paths['/health/live']?.get?.security, [{}]);
  t.same(doc.paths['/metrics']?.get?.security, [{}]);
});
