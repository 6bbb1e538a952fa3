/**
 * Configuration: defaults of spec/service.md, validation errors that name the variable, and the
 * server refusing to start (exit 1, message on stderr) on invalid configuration.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../src/config.js';

t.test('defaults', async (t) => {
  const c = loadConfig({});
  t.equal(c.host, '127.0.0.1');
  t.equal(c.port, 8080);
  t.equal(c.profile, 'DESKTOP_ENGINEER');
  t.equal(c.stateDir, join(homedir(), '.neqsim', 'saved_simulations'));
  t.equal(c.allowExternalStateDir, false);
  t.equal(c.auth.mode, 'none');
  t.equal(c.otel.enabled, false, 'tracing off by default');
  t.ok(c.pool.minThreads <= c.pool.maxThreads);
  t.ok(c.pool.concurrentTasksPerWorker > 1, 'pipelined pool by default');
  t.same(c.shed, { waitFactor: 2, minWaitMs: 5 }, 'shedding by expected wait on by default');
  t.equal(c.rateLimitPerMinute, 0);
});

t.test('load-shedding settings', async (t) => {
  t.same(loadConfig({ POOL_SHED_WAIT_FACTOR: '1.5', POOL_SHED_MIN_WAIT_MS: '100' }).shed, { waitFactor: 1.5, minWaitMs: 100 });
  t.same(loadConfig({ POOL_SHED_WAIT_FACTOR: '0' }).shed, { waitFactor: 0, minWaitMs: 5 }, '0: shed only by the time budget');
});

t.test('values are read and normalised', async (t) => {
  const c = loadConfig({
    HOST: '0.0.0.0',
    PORT: '9000',
    NEQSIM_MCP_PROFILE: 'enterprise',
    POOL_MIN_THREADS: '1',
    POOL_MAX_THREADS: '3',
    POOL_MAX_QUEUE: '10',
    TOOL_TIMEOUT_MS: '1500',
    BODY_LIMIT_BYTES: '4096',
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: 'https://id.example.com/',
    OIDC_AUDIENCE: 'neqsim',
    NEQSIM_MCP_STATE_DIR: '/srv/state',
    NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true',
  });
  t.equal(c.host, '0.0.0.0');
  t.equal(c.port, 9000);
  t.equal(c.profile, 'ENTERPRISE');
  t.same(c.pool, { minThreads: 1, maxThreads: 3, maxQueue: 10, concurrentTasksPerWorker: 4 });
  t.equal(c.toolTimeoutMs, 1500);
  t.equal(c.bodyLimitBytes, 4096);
  t.same(c.auth, { mode: 'oidc', issuer: 'https://id.example.com/', audience: 'neqsim', jwksUrl: undefined });
  t.equal(c.stateDir, '/srv/state');
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).otel.enabled, true);
  t.equal(loadConfig({ SERVICE_PROFILE: 'enterprise', OIDC_ISSUER: 'https://i/', OIDC_AUDIENCE: 'a' }).otel.enabled, true);
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }).otel.enabled, false);
  // OTLP encoding: protobuf by default (the OTel default), JSON on request, nothing else.
  t.equal(loadConfig({}).otel.protocol, 'http/protobuf');
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).otel.protocol, 'http/json');
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }).otel.protocol, 'http/protobuf', 'the traces-specific variable wins');
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }), /OTEL_EXPORTER_OTLP_PROTOCOL must be one of http\/protobuf, http\/json/);
  // Samplers: validated so a typo is an error, not a silent fall-back to recording everything.
  t.equal(loadConfig({}).otel.sampler, 'parentbased_always_on');
  t.match(loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).otel, { sampler: 'parentbased_traceidratio', samplerRatio: 0.1 });
  t.equal(loadConfig({ OTEL_TRACES_SAMPLER: 'traceidratio' }).otel.samplerRatio, 1, 'ratio defaults to 1 as in the OTel SDK');
  t.throws(() => loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '10%' }), /OTEL_TRACES_SAMPLER_ARG/);
  t.throws(() => loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }), /OTEL_TRACES_SAMPLER_ARG/);
  t.throws(() => loadConfig({ OTEL_TRACES_SAMPLER: 'alwayson' }), /OTEL_TRACES_SAMPLER must be one of/);
  // Exporter headers (percent-encoded values), compression and timeout, traces-specific first.
  t.same(loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'X-Api-Key=abc%20def, tenant=t1' }).otel.headers, { 'x-api-key': 'abc def', tenant: 't1' });
  t.same(loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'a=1', OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'b=2' }).otel.headers, { b: '2' });
  t.equal(loadConfig({}).otel.headers, undefined);
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'novalue' }), /OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs/);
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'k=%E0%A4%A' }), /badly percent-encoded/);
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'k=a%0Ab' }), /line breaks/);
  t.equal(loadConfig({}).otel.compression, 'none');
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_COMPRESSION: 'GZIP' }).otel.compression, 'gzip');
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: 'zstd' }), /OTEL_EXPORTER_OTLP_TRACES_COMPRESSION/);
  t.equal(loadConfig({}).otel.timeoutMs, 10_000);
  t.equal(loadConfig({ OTEL_EXPORTER_OTLP_TIMEOUT: '2500' }).otel.timeoutMs, 2500);
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_TIMEOUT: '2.5s' }), /OTEL_EXPORTER_OTLP_TIMEOUT/);
});

t.test('invalid values name the variable', async (t) => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NEQSIM_MCP_PROFILE: 'ROOT' }, 'NEQSIM_MCP_PROFILE'],
    [{ POOL_MAX_THREADS: '0' }, 'POOL_MAX_THREADS'],
    [{ POOL_MIN_THREADS: '4', POOL_MAX_THREADS: '2' }, 'POOL_MIN_THREADS'],
    [{ POOL_MAX_QUEUE: '-1' }, 'POOL_MAX_QUEUE'],
    [{ TOOL_TIMEOUT_MS: '1.5' }, 'TOOL_TIMEOUT_MS'],
    [{ BODY_LIMIT_BYTES: '10' }, 'BODY_LIMIT_BYTES'],
    [{ AUTH_MODE: 'basic' }, 'AUTH_MODE'],
    [{ AUTH_MODE: 'oidc', OIDC_AUDIENCE: 'a' }, 'OIDC_ISSUER'],
    [{ AUTH_MODE: 'oidc', OIDC_ISSUER: 'https://i/' }, 'OIDC_AUDIENCE'],
    [{ OIDC_JWKS_URL: 'not a url' }, 'OIDC_JWKS_URL'],
    [{ NEQSIM_MCP_STATE_DIR: 'relative/dir' }, 'NEQSIM_MCP_STATE_DIR'],
    [{ NEQSIM_MCP_STATE_DIR: '/etc' }, 'NEQSIM_MCP_STATE_DIR'],
    [{ NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'maybe' }, 'NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR'],
    [{ SERVICE_PROFILE: 'prod' }, 'SERVICE_PROFILE'],
    [{ NEQSIM_MCP_ADMIN_TOKEN: 'short' }, 'NEQSIM_MCP_ADMIN_TOKEN'],
    [{ POOL_SHED_WAIT_FACTOR: '-1' }, 'POOL_SHED_WAIT_FACTOR'],
    [{ POOL_SHED_WAIT_FACTOR: 'two' }, 'POOL_SHED_WAIT_FACTOR'],
    [{ POOL_SHED_WAIT_FACTOR: '5000' }, 'POOL_SHED_WAIT_FACTOR'],
    [{ POOL_SHED_MIN_WAIT_MS: '2.5' }, 'POOL_SHED_MIN_WAIT_MS'],
  ];
  for (const [env, variable] of cases) {
    try {
      loadConfig(env);
      t.fail(`${JSON.stringify(env)} was accepted`);
    } catch (err) {
      t.ok(err instanceof ConfigError, `${JSON.stringify(env)} -> ConfigError`);
      t.equal((err as ConfigError).variable, variable);
      t.match((err as Error).message, variable);
    }
  }
});

t.test('the server exits 1 on invalid configuration, naming the variable', async (t) => {
  const server = fileURLToPath(new URL('../../src/server.js', import.meta.url));
  const r = spawnSync(process.execPath, [server], { env: { ...process.env, PORT: 'abc' }, encoding: 'utf8', timeout: 30_000 });
  t.equal(r.status, 1);
  t.match(r.stderr, /PORT/);
  t.notMatch(r.stderr, /at .*\.js:\d+/, 'no stack trace');
});
