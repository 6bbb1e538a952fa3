/**
 * OpenTelemetry through the real app against a real OTLP/HTTP receiver started here (JSON
 * encoding): a REST call and an MCP call each produce a request span and a `tool <name>` span
 * with tool attributes, and the pool call produces a span from the worker thread whose parent is
 * the tool span (same trace).
 */
import t from 'tap';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { registerMcpRoutes } from '../../src/mcp/http.js';
import { TOOLS, getTool } from '../../src/tools/registry.js';
import { activeTelemetry } from '../../src/telemetry/otel.js';
import { configureAudit } from '../../src/tools/governance/audit.js';
import type { AnyTool } from '../../src/tools/types.js';

configureAudit({ destination: 'off' });

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  service?: string;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const valueOf = (v: AnyValue): unknown => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;

function startReceiver() {
  const spans: OtlpSpan[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans: { spans: any[] }[] }[];
        };
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name');
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              spans.push({
                traceId: s.traceId,
                spanId: s.spanId,
                ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
                name: s.name,
                attributes: Object.fromEntries((s.attributes ?? []).map((a: { key: string; value: AnyValue }) => [a.key, valueOf(a.value)])),
                ...(service ? { service: valueOf(service.value) as string } : {}),
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise<{ url: string; spans: OtlpSpan[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

async function waitFor<T>(fn: () => T | undefined, ms = 8000): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    await activeTelemetry()?.forceFlush();
    const v = fn();
    if (v !== undefined || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

t.test('spans for REST, MCP and worker-thread work reach the OTLP receiver', async (t) => {
  const receiver = await startReceiver();
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

  const restTool = await waitFor(() => receiver.spans.find((s) => s.name === `tool ${poolTool.name}` && s.attributes['neqsim.transport'] === 'rest'));
  t.ok(restTool, 'REST tool span exported');
  t.match(restTool?.attributes, { 'neqsim.tool.name': poolTool.name, 'neqsim.profile': 'DESKTOP_ENGINEER', 'neqsim.status': 'success', 'http.response.status_code': 200, 'enduser.id': 'anonymous' });
  t.equal(restTool?.service, 'neqsim-ts-test');
  const restRequest = receiver.spans.find((s) => s.traceId === restTool?.traceId && s.name === 'request');
  t.ok(restRequest, 'the @fastify/otel request span is in the same trace');
  t.equal(restRequest?.attributes['neqsim.tool.name'], poolTool.name, 'request span carries the tool name');
  // No context manager runs (src/telemetry/otel.ts): the parent link comes from the explicit carrier.
  t.equal(restTool?.parentSpanId, restRequest?.spanId, 'the REST tool span is a child of the request span');

  const worker = await waitFor(() => receiver.spans.find((s) => s.name === `worker ${poolTool.name}` && s.traceId === restTool?.traceId));
  t.ok(worker, 'a span from the worker thread arrived');
  t.equal(worker?.parentSpanId, restTool?.spanId, 'the worker span is a child of the tool span');
  t.match(worker?.attributes, { 'thread.kind': 'worker', 'neqsim.tool.name': poolTool.name, 'neqsim.status': 'success' });

  const mcpTool = await waitFor(() => receiver.spans.find((s) => s.name === 'tool checkToolAccess' && s.attributes['neqsim.transport'] === 'mcp'));
  t.ok(mcpTool, 'MCP tool span exported');
  t.match(mcpTool?.attributes, { 'neqsim.tool.name': 'checkToolAccess', 'neqsim.status': 'success', 'neqsim.converged': true });
  t.ok(receiver.spans.some((s) => s.traceId === mcpTool?.traceId && s.name === 'request'), 'MCP tool span belongs to the /mcp request trace');
  const mcpRequest = receiver.spans.find((s) => s.traceId === mcpTool?.traceId && s.name === 'request');
  t.equal(mcpTool?.parentSpanId, mcpRequest?.spanId, 'the MCP tool span is a child of the /mcp request span');
});
