/**
 * The request span made by our own Fastify hooks (src/http/plugins/otel.ts, which replaced
 * @fastify/otel): its name, kind, attributes and status on a tool call, a 404, a thrown error
 * and a 5xx reply, none for probes, a refused (401) request traced because the hook runs before
 * the OIDC hook, the propagator rule that lets a request without `traceparent` skip extraction,
 * and the one-span context the hook hands to the tool span.
 */
import t, { type Test } from 'tap';
import { ROOT_CONTEXT, createContextKey, trace, type Span } from '@opentelemetry/api';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { onlyW3cPropagators } from '../../src/http/plugins/otel.js';
import { activeTelemetry } from '../../src/telemetry/otel.js';
import { SpanOnlyContext } from '../../src/telemetry/request-tracer.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { startOtlpReceiver, type OtlpReceiver, type OtlpSpan } from '../helpers/otlp-receiver.js';
import { startIdp } from '../helpers/oidc.js';
import { waitForTelemetry } from '../helpers/telemetry-wait.js';

configureAudit({ destination: 'off' });


async function tracedApp(t: Test, receiver: OtlpReceiver, env: Record<string, string> = {}) {
  const app = await buildApp(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'hooks-test', ...env }), { pool: false });
  t.teardown(async () => {
    await app.close();
    await activeTelemetry()?.shutdown();
  });
  return app;
}

const requestSpanOf = (receiver: OtlpReceiver, path: string) => () => receiver.spans.find((s: OtlpSpan) => s.name === 'request' && s.attributes['url.path'] === path);

t.test('tool call, 404, thrown error, 5xx reply and probes', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const app = await tracedApp(t, receiver);
  app.get('/test-throws', async () => {
    throw new Error('boom in handler');
  });
  app.get('/test-502', async (_req, reply) => reply.code(502).send({ ok: false }));

  t.equal((await app.inject({ method: 'POST', url: '/v1/tools/searchComponents', payload: { query: 'methane' } })).statusCode, 200);
  t.equal((await app.inject({ method: 'GET', url: '/no-such-route' })).statusCode, 404);
  t.equal((await app.inject({ method: 'GET', url: '/test-throws' })).statusCode, 500);
  t.equal((await app.inject({ method: 'GET', url: '/test-502' })).statusCode, 502);
  t.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);

  const tool = await waitForTelemetry(requestSpanOf(receiver, '/v1/tools/searchComponents'));
  t.ok(tool, 'request span of the tool call exported');
  t.same(tool?.attributes, {
    'fastify.root': '@fastify/otel',
    'http.request.method': 'POST',
    'url.path': '/v1/tools/searchComponents',
    'http.route': '/v1/tools/searchComponents',
    'neqsim.tool.name': 'searchComponents',
    'http.response.status_code': 200,
  }, 'the attributes @fastify/otel wrote');
  t.equal(tool?.kind, 2, 'kind SERVER (OTLP 2)');
  t.equal(tool?.parentSpanId, undefined, 'a new trace without traceparent');
  t.equal(tool?.scope?.name, 'neqsim-ts', "the service's instrumentation scope");
  t.same(tool?.status ?? { code: 0 }, { code: 0 }, 'status unset on success');
  const toolSpan = receiver.spans.find((s) => s.name === 'tool searchComponents' && s.traceId === tool?.traceId);
  t.equal(toolSpan?.parentSpanId, tool?.spanId, 'the tool span is the request span\'s child');

  const notFound = await waitForTelemetry(requestSpanOf(receiver, '/no-such-route'));
  t.equal(notFound?.attributes['http.response.status_code'], 404);
  t.equal(notFound?.attributes['http.route'], undefined, 'no route on a 404');
  t.same(notFound?.status ?? { code: 0 }, { code: 0 }, 'a 4xx leaves the status unset');

  const thrown = await waitForTelemetry(requestSpanOf(receiver, '/test-throws'));
  t.equal(thrown?.attributes['http.route'], '/test-throws');
  t.equal(thrown?.attributes['http.response.status_code'], 500);
  t.same(thrown?.status, { code: 2, message: 'boom in handler' }, 'ERROR with the error message');
  t.match(thrown?.events, [{ name: 'exception', attributes: { 'exception.message': 'boom in handler', 'exception.type': 'Error' } }], 'the exception recorded');

  const bad = await waitForTelemetry(requestSpanOf(receiver, '/test-502'));
  t.equal(bad?.attributes['http.response.status_code'], 502);
  t.same(bad?.status, { code: 2 }, 'a 5xx that never threw: ERROR without a message');

  t.same(receiver.spans.filter((s) => String(s.attributes['url.path'] ?? '').startsWith('/health')), [], 'no span for a probe');
});

t.test('a request refused by OIDC (401) is traced: the request hook runs before the auth hook', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const idp = await startIdp(t, 'hooks-401');
  const app = await tracedApp(t, receiver, { AUTH_MODE: 'oidc', OIDC_ISSUER: idp.issuer.url as string, OIDC_AUDIENCE: 'hooks-test' });
  const res = await app.inject({ method: 'POST', url: '/v1/tools/searchComponents', payload: { query: 'methane' } });
  t.equal(res.statusCode, 401);
  const span = await waitForTelemetry(requestSpanOf(receiver, '/v1/tools/searchComponents'));
  t.equal(span?.attributes['http.response.status_code'], 401);
  t.equal(span?.attributes['neqsim.tool.name'], 'searchComponents');
  t.notOk(receiver.spans.some((s) => s.name === 'tool searchComponents'), 'no tool call, no tool span');
});

t.test('propagators: only W3C ones (the default) let a request without traceparent skip extraction', async (t) => {
  t.equal(onlyW3cPropagators(['traceparent', 'tracestate', 'baggage']), true, 'tracecontext,baggage');
  t.equal(onlyW3cPropagators([]), true, 'none');
  t.equal(onlyW3cPropagators(['traceparent', 'tracestate', 'b3']), false, 'b3 reads another header');
  t.equal(onlyW3cPropagators(['uber-trace-id']), false, 'jaeger');
  // What NodeSDK configures by default.
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  await tracedApp(t, receiver);
  t.equal(onlyW3cPropagators(), true, 'the SDK default (tracecontext,baggage) is W3C only');
});

t.test('SpanOnlyContext behaves as trace.setSpan(ROOT_CONTEXT, span)', async (t) => {
  const span = trace.wrapSpanContext({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 }) as Span;
  const ctx = new SpanOnlyContext(span, true);
  const reference = trace.setSpan(ROOT_CONTEXT, span);
  t.equal(trace.getSpan(ctx), span, 'the API finds the span');
  t.same(trace.getSpanContext(ctx), trace.getSpanContext(reference));
  const other = createContextKey('another value');
  t.equal(ctx.getValue(other), undefined);
  const more = ctx.setValue(other, 42);
  t.equal(more.getValue(other), 42, 'setValue gives a context with the new value');
  t.equal(trace.getSpan(more), span, '... and the span');
  t.equal(trace.getSpan(ctx.deleteValue(createContextKey('OpenTelemetry Context Key SPAN'))), undefined, 'deleting the span leaves none');
  t.equal(ctx.deleteValue(other), ctx, 'deleting an absent key changes nothing');
});
