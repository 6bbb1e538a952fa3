/**
 * Health and metrics: liveness, readiness (ready once the pool is up, 503 while shutting down),
 * and the Prometheus text format with per-tool counts, latency histograms and pool gauges.
 */
import t from 'tap';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const SAMPLE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;

t.test('health and readiness follow the pool and shutdown', async (t) => {
  const app = await buildTestApp(testConfig());
  const live = await app.inject({ method: 'GET', url: '/health/live' });
  t.equal(live.statusCode, 200);
  t.same(live.json(), { status: 'ok' });
  t.ok(app.toolPool!.stats().threads >= 1, 'pool threads are up when buildApp resolves');
  const ready = await app.inject({ method: 'GET', url: '/health/ready' });
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), { status: 'ready' });
  app.serviceState.shuttingDown = true;
  const draining = await app.inject({ method: 'GET', url: '/health/ready' });
  t.equal(draining.statusCode, 503);
  t.same(draining.json(), { status: 'shutting_down' });
  const refused = await app.inject({ method: 'POST', url: '/v1/tools/getProgress', payload: {} });
  t.equal(refused.statusCode, 503, 'new calls during the drain are refused');
  t.equal(refused.headers['retry-after'], '1');
  t.equal(refused.json().apiVersion, '1.0');
  t.equal(refused.json().errors[0].code, 'SHUTTING_DOWN');
  await app.close();
});

t.test('metrics in Prometheus text format', async (t) => {
  const app = await buildTestApp(testConfig());
  t.teardown(() => app.close());
  await app.inject({ method: 'POST', url: '/v1/tools/getProgress', payload: {} });
  await app.inject({ method: 'POST', url: '/v1/tools/getProgress', payload: {} });
  await app.inject({ method: 'POST', url: '/v1/tools/getProgress', payload: { nope: 1 } });
  await app.inject({ method: 'POST', url: '/v1/tools/testEcho', payload: { value: 1 } });
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  const lines = res.body.trimEnd().split('\n');
  const bad = lines.filter((l) => !l.startsWith('# HELP ') && !l.startsWith('# TYPE ') && !SAMPLE.test(l));
  t.same(bad, [], 'every line is a HELP, TYPE or sample line');
  const value = (series: string) => {
    const line = lines.find((l) => l.startsWith(series + ' '));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  t.equal(value('neqsim_tool_calls_total{tool="getProgress",status="200"}'), 2);
  t.equal(value('neqsim_tool_calls_total{tool="getProgress",status="400"}'), 1);
  t.equal(value('neqsim_tool_calls_total{tool="testEcho",status="200"}'), 1);
  t.equal(value('neqsim_tool_call_duration_seconds_count{tool="getProgress",status="200"}'), 2);
  t.equal(value('neqsim_tool_call_duration_seconds_bucket{tool="getProgress",status="200",le="+Inf"}'), 2);
  // Buckets are cumulative: non-decreasing in le.
  const buckets = lines.filter((l) => l.startsWith('neqsim_tool_call_duration_seconds_bucket{tool="testEcho"')).map((l) => Number(l.split(' ')[1]));
  t.ok(buckets.length > 5 && buckets.every((v, i) => i === 0 || v >= buckets[i - 1]), 'cumulative buckets');
  t.ok((value('neqsim_pool_threads') ?? 0) >= 1, 'pool threads gauge');
  t.equal(value('neqsim_pool_capacity'), 4, '2 threads x 2 tasks');
  t.equal(value('neqsim_pool_in_flight'), 0);
  t.equal(value('neqsim_pool_expected_wait_seconds'), 0, 'nothing waits in an idle pool');
  t.ok((value('process_resident_memory_bytes') ?? 0) > 1e6, 'rss reported');
  t.match(res.body, /# TYPE neqsim_pool_queue_depth gauge/);
  t.match(res.body, /# TYPE neqsim_pool_utilization gauge/);
});
