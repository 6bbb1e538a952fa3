/**
 * OpenTelemetry through the real app against a real OTLP/HTTP receiver started here: a REST call
 * and an MCP call each produce a request span and a `tool <name>` span with tool attributes, and
 * the pool call produces a `worker <name>` span for the work in the worker thread, a child of the
 * tool span timed inside it. Both OTLP encodings (JSON; protobuf, the default) are decoded, and
 * upstream trace context is honoured: a sampled traceparent is continued, an unsampled one
 * records nothing.
 */
import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { registerMcpRoutes } from '../../src/mcp/http.js';
import { TOOLS, getTool } from '../../src/tools/registry.js';
import { activeTelemetry } from '../../src/telemetry/otel.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import type { AnyTool } from '../../src/tools/contract/types.js';
import { startOtlpReceiver, type OtlpReceiver, type OtlpSpan } from '../helpers/otlp-receiver.js';
import { waitForTelemetry } from '../helpers/telemetry-wait.js';

configureAudit({ destination: 'off' });


t.test('spans for REST, MCP and worker-thread work reach the OTLP receiver', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());

  // A tool that runs on the worker pool: a registered pool tool, else searchComponents sent to the pool
  // (the worker looks tools up by name in the registry, so the clone runs the real tool in a thread).
  const poolTool: AnyTool = TOOLS.find((x) => x.execution === 'pool') ?? { ...(getTool('searchComponents') as AnyTool), execution: 'pool' };
  const tools = TOOLS.map((x) => (x.name === poolTool.name ? poolTool : x));
  const input = poolTool.examples[0]?.input ?? { query: 'meth' };

  const config = loadConfig({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'neqsim-ts-test',
    POOL_MIN_THREADS: '1',
    POOL_MAX_THREADS: '1',
  });
  t.equal(config.otel.enabled, true, 'an OTLP endpoint turns tracing on');
  const app = await buildApp(config, { tools });
  if (!app.hasRoute({ method: 'POST', url: '/mcp' })) await registerMcpRoutes(app, app.dispatch, { tools });
  t.teardown(async () => {
    await app.close();
    await activeTelemetry()?.shutdown();
  });

  const rest = await app.inject({ method: 'POST', url: `/v1/tools/${poolTool.name}`, payload: input });
  t.equal(rest.statusCode, 200, rest.body.slice(0, 300));

  const mcp = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'checkToolAccess', arguments: { toolName: 'runFlash' } } },
  });
  t.equal(mcp.statusCode, 200, mcp.body.slice(0, 300));

  const restTool = await waitForTelemetry(() => receiver.spans.find((s) => s.name === `tool ${poolTool.name}` && s.attributes['neqsim.transport'] === 'rest'));
  t.ok(restTool, 'REST tool span exported');
  t.match(restTool?.attributes, { 'neqsim.tool.name': poolTool.name, 'neqsim.profile': 'DESKTOP_ENGINEER', 'neqsim.status': 'success', 'http.response.status_code': 200, 'enduser.id': 'anonymous' });
  t.equal(restTool?.service, 'neqsim-ts-test');
  const restRequest = receiver.spans.find((s) => s.traceId === restTool?.traceId && s.name === 'request');
  t.ok(restRequest, 'the @fastify/otel request span is in the same trace');
  t.equal(restRequest?.attributes['neqsim.tool.name'], poolTool.name, 'request span carries the tool name');
  // No context manager runs (src/telemetry/otel.ts): the parent link comes from the explicit carrier.
  t.equal(restTool?.parentSpanId, restRequest?.spanId, 'the REST tool span is a child of the request span');

  const worker = await waitForTelemetry(() => receiver.spans.find((s) => s.name === `worker ${poolTool.name}` && s.traceId === restTool?.traceId));
  t.ok(worker, 'a span from the worker thread arrived');
  t.equal(worker?.parentSpanId, restTool?.spanId, 'the worker span is a child of the tool span');
  t.match(worker?.attributes, { 'thread.kind': 'worker', 'neqsim.tool.name': poolTool.name, 'neqsim.status': 'success' });

  const mcpTool = await waitForTelemetry(() => receiver.spans.find((s) => s.name === 'tool checkToolAccess' && s.attributes['neqsim.transport'] === 'mcp'));
  t.ok(mcpTool, 'MCP tool span exported');
  t.match(mcpTool?.attributes, { 'neqsim.tool.name': 'checkToolAccess', 'neqsim.status': 'success', 'neqsim.converged': true });
  t.ok(receiver.spans.some((s) => s.traceId === mcpTool?.traceId && s.name === 'request'), 'MCP tool span belongs to the /mcp request trace');
  const mcpRequest = receiver.spans.find((s) => s.traceId === mcpTool?.traceId && s.name === 'request');
  t.equal(mcpTool?.parentSpanId, mcpRequest?.spanId, 'the MCP tool span is a child of the /mcp request span');
});

/** An app exporting to the receiver over the default protocol (http/protobuf) with the real registry. */
async function protobufApp(t: Test, receiver: OtlpReceiver) {
  const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'neqsim-ts-proto', POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1' });
  t.equal(config.otel.protocol, 'http/protobuf', 'protobuf is the default OTLP encoding');
  const app = await buildApp(config, { tools: TOOLS });
  t.teardown(async () => {
    await app.close();
    await activeTelemetry()?.shutdown();
  });
  return app;
}

const UPSTREAM_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const UPSTREAM_SPAN = '00f067aa0ba902b7';

t.test('protobuf export: request, tool and worker spans decode, nest and continue an upstream trace', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const app = await protobufApp(t, receiver);
  const flash = getTool('runFlash');
  if (flash === undefined) throw new Error('runFlash is not registered');

  const res = await app.inject({
    method: 'POST',
    url: '/v1/tools/runFlash',
    headers: { traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01`, tracestate: 'neqsim=t61rcWkgMzE' },
    payload: flash.examples[0]!.input as object,
  });
  t.equal(res.statusCode, 200, res.body.slice(0, 300));

  const inTrace = (name: string) => () => receiver.spans.find((s: OtlpSpan) => s.traceId === UPSTREAM_TRACE && s.name === name);
  const worker = await waitForTelemetry(inTrace('worker runFlash'));
  const tool = receiver.spans.find((s) => s.traceId === UPSTREAM_TRACE && s.name === 'tool runFlash');
  const request = receiver.spans.find((s) => s.traceId === UPSTREAM_TRACE && s.name === 'request');
  t.same([...receiver.contentTypes], ['application/x-protobuf'], 'exported as OTLP protobuf');
  t.ok(request && tool && worker, 'request, tool and worker spans arrived in the caller\'s trace');
  t.equal(request?.parentSpanId, UPSTREAM_SPAN, 'the request span continues the upstream span');
  t.equal(tool?.parentSpanId, request?.spanId, 'tool span under the request span');
  t.equal(worker?.parentSpanId, tool?.spanId, 'worker span under the tool span');
  t.same([request?.traceState, tool?.traceState, worker?.traceState], Array(3).fill('neqsim=t61rcWkgMzE'), 'the upstream tracestate is carried by every span');
  t.same([tool?.kind, worker?.kind], [1, 1], 'tool and worker spans are INTERNAL (OTLP 1)');
  // Each span's clock starts from Date.now() (whole milliseconds) at its start, as the SDK's do:
  // two spans' clocks may differ by up to 1 ms.
  const msNs = 1_000_000n;
  t.ok(tool!.startNs >= request!.startNs && tool!.endNs <= request!.endNs + msNs, 'the tool span lies within the request span');
  t.equal(tool?.service, 'neqsim-ts-proto');
  t.match(tool?.attributes, {
    'neqsim.tool.name': 'runFlash',
    'neqsim.status': 'success',
    'neqsim.model': String((flash.examples[0]!.input as { model?: string }).model ?? 'SRK'),
    'neqsim.converged': true,
    'http.response.status_code': 200,
  });
  t.type(tool?.attributes['neqsim.iterations'], 'number');
  t.match(worker?.attributes, { 'thread.kind': 'worker', 'neqsim.tool.name': 'runFlash', 'neqsim.status': 'success' });
  t.type(worker?.attributes['thread.id'], 'number');
  t.equal(worker?.attributes['neqsim.operation_id'], res.headers['x-operation-id'], 'worker span names the operation');
  // The worker times the task with its own thread's clock: the span must sit inside the tool span
  // (threads' time origins agree to about a millisecond, hence the 2 ms allowance).
  const slackNs = 2_000_000n;
  t.ok(worker!.startNs >= tool!.startNs - slackNs && worker!.endNs <= tool!.endNs + slackNs, 'worker span lies within the tool span');
  t.ok(worker!.endNs >= worker!.startNs, 'worker span has a non-negative duration');
});

t.test('an unsampled upstream traceparent records no spans for the call', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const app = await protobufApp(t, receiver);
  const unsampledTrace = '0af7651916cd43dd8448eb211c80319c';
  const sampledTrace = 'a3ce929d0e0e47364bf92f3577b34da6';
  const body = { query: 'methane' };
  const off = await app.inject({ method: 'POST', url: '/v1/tools/searchComponents', headers: { traceparent: `00-${unsampledTrace}-b7ad6b7169203331-00` }, payload: body });
  const on = await app.inject({ method: 'POST', url: '/v1/tools/searchComponents', headers: { traceparent: `00-${sampledTrace}-b7ad6b7169203331-01` }, payload: body });
  t.equal(off.statusCode, 200);
  t.equal(on.statusCode, 200);
  // Once the sampled call's tool span is in, anything from the unsampled one would be too.
  t.ok(await waitForTelemetry(() => receiver.spans.find((s) => s.traceId === sampledTrace && s.name === 'tool searchComponents')), 'sampled call traced');
  t.same(receiver.spans.filter((s) => s.traceId === unsampledTrace).map((s) => s.name), [], 'nothing exported for the unsampled call');
});

t.test('tracing exports traces only: no OpenTelemetry metrics pipeline is started', async (t) => {
  const { metrics } = await import('@opentelemetry/api');
  const { startTelemetry } = await import('../../src/telemetry/otel.js');
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const telemetry = startTelemetry({ serviceName: 'traces-only', endpoint: receiver.url, scheduledDelayMillis: 50 });
  t.teardown(() => telemetry.shutdown());
  // NodeSDK's default is an SDK MeterProvider with a periodic OTLP export to the same collector.
  t.equal(metrics.getMeterProvider().constructor.name, 'NoopMeterProvider', 'no meter provider registered');
});
