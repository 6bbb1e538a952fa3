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
import { TOOLS } from '../../src/tools/registry.js';
import { checkAccess, configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { HelmTemplates, renderChart, type RenderedChart } from '../helpers/helm-template.js';
import { composeValidator } from '../helpers/compose-schema.js';

const require = createRequire(import.meta.url);
const root = process.cwd();
const chartDir = resolve(root, 'helm/neqsim-ts');
// ajv ships CommonJS; load it through require to keep the constructor types simple.
const Ajv = require('ajv').default as new (o: object) => any;

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
  const check = composeValidator();
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
  for (const k of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ConfigMap', 'Secret', 'NetworkPolicy', 'Ingress', 'ServiceMonitor']) {
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

// ---- Rendered chart (test/helpers/helm-template.ts renders the templates as helm would) ----

const deploymentOf = (r: RenderedChart) => r.manifests['deployment.yaml'][0];
const containerOf = (r: RenderedChart) => deploymentOf(r).spec.template.spec.containers[0];

t.test('the default render: probes, drain, spread, numbers the service accepts', async (t) => {
  const r = renderChart(chartDir);
  const c = containerOf(r);
  const spec = deploymentOf(r).spec.template.spec;
  t.equal(c.startupProbe.httpGet.path, '/health/live', 'startupProbe on the liveness route');
  t.ok(c.startupProbe.periodSeconds * c.startupProbe.failureThreshold >= 30, 'startup window of at least 30 s');
  t.equal(c.readinessProbe.httpGet.path, '/health/ready');
  t.same(c.lifecycle.preStop.exec.command, ['sleep', '5'], 'preStop sleeps before SIGTERM');
  const env = r.manifests['configmap.yaml'][0].data as Record<string, string>;
  const config = loadConfig(env);
  t.equal(config.bodyLimitBytes, r.values.bodyLimitBytes, 'BODY_LIMIT_BYTES renders as an integer the service parses (not 1.048576e+06)');
  const drainS = config.shutdownTimeoutMs / 1000 + 1; // src/http/lifecycle.ts waits shutdownTimeoutMs + 1 s
  t.ok(spec.terminationGracePeriodSeconds > 5 + drainS, `grace ${spec.terminationGracePeriodSeconds} s > preStop 5 s + drain ${drainS} s`);
  t.equal(spec.topologySpreadConstraints[0].topologyKey, 'kubernetes.io/hostname');
  t.same(spec.topologySpreadConstraints[0].labelSelector.matchLabels, deploymentOf(r).spec.selector.matchLabels, 'spread selects this release\'s pods');
  t.notOk(r.manifests['ingress.yaml'].length, 'no Ingress by default');
  t.notOk(r.manifests['servicemonitor.yaml'].length, 'no ServiceMonitor by default');
  t.notOk(deploymentOf(r).spec.template.metadata.annotations['prometheus.io/scrape'], 'no scrape annotations by default');
});

t.test('a grace period that does not cover preStop + drain refuses to render', async (t) => {
  t.throws(() => renderChart(chartDir, { terminationGracePeriodSeconds: 30 }), /terminationGracePeriodSeconds \(30\) must exceed .* = 36/, '30 s = the drain timeout is refused');
  t.throws(() => renderChart(chartDir, { shutdownTimeoutMs: 60000 }), /must exceed/);
  t.doesNotThrow(() => renderChart(chartDir, { shutdownTimeoutMs: 60000, terminationGracePeriodSeconds: 70 }));
  t.doesNotThrow(() => renderChart(chartDir, { lifecycle: { preStopSleepSeconds: 0 }, terminationGracePeriodSeconds: 32 }));
  t.notOk(containerOf(renderChart(chartDir, { lifecycle: { preStopSleepSeconds: 0 } })).lifecycle, 'preStopSleepSeconds 0 drops the hook');
});

t.test('ingress, ServiceMonitor, scrape annotations, extraEnv/extraEnvFrom render and pass the values schema', async (t) => {
  const overrides = {
    ingress: { enabled: true, className: 'nginx', annotations: { 'nginx.ingress.kubernetes.io/proxy-read-timeout': '120' }, hosts: [{ host: 'neqsim.example.com', paths: [{ path: '/', pathType: 'Prefix' }] }], tls: [{ secretName: 'neqsim-tls', hosts: ['neqsim.example.com'] }] },
    metrics: { podAnnotations: true, serviceMonitor: { enabled: true, interval: '15s', scrapeTimeout: '5s', labels: { release: 'kube-prometheus-stack' } } },
    extraEnv: [{ name: 'LOG_LEVEL', value: 'debug' }, { name: 'RATE_LIMIT_PER_MINUTE', value: '600' }, { name: 'OTEL_EXPORTER_OTLP_HEADERS', valueFrom: { secretKeyRef: { name: 'otlp-auth', key: 'headers' } } }],
    extraEnvFrom: [{ secretRef: { name: 'neqsim-extra' } }],
  };
  const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8'));
  const check = new Ajv({ strict: false, allErrors: true }).compile(schema);
  const r = renderChart(chartDir, overrides);
  t.ok(check(r.values), JSON.stringify(check.errors));
  const ing = r.manifests['ingress.yaml'][0];
  t.equal(ing.kind, 'Ingress');
  t.equal(ing.spec.ingressClassName, 'nginx');
  t.same(ing.spec.tls, overrides.ingress.tls);
  t.same(ing.spec.rules[0].http.paths[0].backend.service, { name: 'demo-neqsim-ts', port: { name: 'http' } }, 'routes to the chart Service');
  t.equal(r.manifests['service.yaml'][0].metadata.name, 'demo-neqsim-ts');
  const sm = r.manifests['servicemonitor.yaml'][0];
  t.equal(sm.apiVersion, 'monitoring.coreos.com/v1');
  t.equal(sm.kind, 'ServiceMonitor');
  t.same(sm.spec.endpoints[0], { port: 'http', path: '/metrics', interval: '15s', scrapeTimeout: '5s' });
  t.equal(sm.metadata.labels.release, 'kube-prometheus-stack');
  t.same(sm.spec.selector.matchLabels, r.manifests['service.yaml'][0].spec.selector, 'selects the chart Service by its labels');
  t.same(sm.spec.selector.matchLabels, Object.fromEntries(Object.entries(r.manifests['service.yaml'][0].metadata.labels).filter(([k]) => k in sm.spec.selector.matchLabels)), 'the Service carries those labels');
  const ann = deploymentOf(r).spec.template.metadata.annotations;
  t.same([ann['prometheus.io/scrape'], ann['prometheus.io/path'], ann['prometheus.io/port']], ['true', '/metrics', '8080']);
  const c = containerOf(r);
  t.same(c.env.filter((e: { name: string }) => e.name !== 'NEQSIM_MCP_ADMIN_TOKEN'), overrides.extraEnv, 'extraEnv lands in the container env');
  t.same(c.envFrom.slice(1), overrides.extraEnvFrom, 'extraEnvFrom follows the chart ConfigMap');
  t.doesNotThrow(() => loadConfig({ ...r.manifests['configmap.yaml'][0].data, LOG_LEVEL: 'debug', RATE_LIMIT_PER_MINUTE: '600' }), 'the service accepts the rendered env');
  t.match(r.notes, /networkPolicy\.allowedNamespaces/, 'NOTES warns that the NetworkPolicy must admit the ingress controller and Prometheus');
  const bad = structuredClone(r.values);
  bad.extraEnv = [{ name: 'RATE_LIMIT_PER_MINUTE', value: 600 }];
  t.notOk(check(bad), 'a non-string env value is rejected (Kubernetes would refuse it)');
  const bad2 = structuredClone(r.values);
  bad2.ingress.hosts = [];
  t.notOk(check(bad2), 'an enabled Ingress without hosts is rejected');
});

t.test('NOTES names the active profile and how many tools it blocks, as the registry says', async (t) => {
  configureAudit({ destination: 'off' });
  try {
    for (const profile of ['DESKTOP_ENGINEER', 'STUDY_TEAM', 'DIGITAL_TWIN', 'ENTERPRISE'] as const) {
      configureGovernance({ profile });
      const blocked = TOOLS.filter((tool) => checkAccess(tool.name, 'notes-test')?.status === 'blocked').length;
      const notes = renderChart(chartDir, { profile }).notes;
      t.match(notes, new RegExp(`Governance profile: ${profile} \\(NEQSIM_MCP_PROFILE\\) blocks ${blocked} of the ${TOOLS.length} tools`), `${profile} blocks ${blocked} of ${TOOLS.length}`);
      t.match(notes, /--set profile=/, 'and says how to change it');
    }
  } finally {
    configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  }
});

t.test('every template file renders, and helm-only constructs fail loudly in the renderer', async (t) => {
  const r = renderChart(chartDir, { adminToken: { value: 'x' }, state: { persistence: { enabled: true } }, oidc: { enabled: true, issuer: 'https://id.example.com/', audience: 'neqsim' }, otel: { enabled: true, endpoint: 'http://c:4318' } });
  for (const [file, docs] of Object.entries(r.manifests)) {
    for (const d of docs) t.ok(d.apiVersion && d.kind && d.metadata?.name, `${file}: ${d.kind} has apiVersion, kind and name`);
  }
  t.doesNotThrow(() => loadConfig(r.manifests['configmap.yaml'][0].data), 'the OIDC/OTel configmap is a configuration the service accepts');
  const tpl = new HelmTemplates();
  tpl.add('x', '{{ if le 1 .Values.a }}y{{ end }}');
  t.throws(() => tpl.render('x', { Values: { a: 2 }, Chart: {}, Release: {}, Template: {} }), /incompatible types/, 'int vs float comparison fails as in Go');
});

t.test('docker/compose.yaml: the documented token request reaches the issuer the service trusts', async (t) => {
  const text = readFileSync(resolve(root, 'docker/compose.yaml'), 'utf8');
  const issuer = YAML.parse(text).services['neqsim-ts'].environment.OIDC_ISSUER as string;
  const header = text.slice(0, text.indexOf('services:'));
  const tokenUrls = [...header.matchAll(/https?:\/\/[^\s'"]+\/token\b/g)].map((m) => m[0]);
  t.ok(tokenUrls.length > 0, 'the header shows how to get a token');
  // The mock provider stamps "iss" with the address it was reached at, so the request must use the issuer's host.
  for (const u of tokenUrls) t.equal(u, `${issuer}/token`, `${u} is the issuer's token endpoint`);
  t.match(header, /exec -T neqsim-ts/, 'fetched from inside the compose network, where the issuer host resolves');
});
