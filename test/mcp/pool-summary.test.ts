/**
 * The call summary a worker thread writes for MCP calls (PoolTask.summary, worker-report.ts), so
 * the main thread answers a plain tools/call without parsing the envelope: every summary and body
 * reads back exactly, with and without the timing report; the worker's summary is the one the
 * main thread would have made from the envelope it sent; and through the real app with its pool,
 * MCP replies carry the same text summarize() makes of their structuredContent.
 */
import t from 'tap';
import fc from 'fast-check';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { MCP_PATH } from '../../src/mcp/http.js';
import { readPoolReply, summarySection, withWorkerReport } from '../../src/tools/contract/worker-report.js';
import { summarize, summaryHead } from '../../src/tools/contract/summary.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import type { PoolTask } from '../../src/tools/contract/dispatch.js';
import { createToolWorker } from '../../workers/tool-worker.js';
import { getTool } from '../../src/tools/registry.js';

const FLASH = { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };

t.test('summary section round trip, with and without the timing report', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 100, max: 599 }), fc.jsonValue(), fc.string(), fc.string(), fc.boolean(), (status, value, outcome, head, traced) => {
      const body = JSON.stringify(value);
      const withSummary = summarySection({ status: outcome, head }) + body;
      const reply = traced ? withWorkerReport(status, withSummary, { startMs: 1, endMs: 2, threadId: 3, status: 'success' }) : `${status}${withSummary}`;
      const r = readPoolReply(reply);
      return r.httpStatus === status && r.body === body && r.summary?.status === outcome && r.summary.head === head && (r.report !== undefined) === traced;
    }),
  );
  t.same(readPoolReply('200{"a":1}'), { httpStatus: 200, body: '{"a":1}', report: undefined }, 'no summary: the reply reads as before');
  const controls = 'a\u0000b\u0001c\u0002d\n';
  t.same(readPoolReply(`200${summarySection({ status: 'error', head: controls })}{}`).summary, { status: 'error', head: controls }, 'separators inside the head are escaped');
});

t.test('the worker writes the summary of the envelope it sends, only when asked', async (t) => {
  const run = createToolWorker(getTool);
  const task = (input: unknown, summary: boolean): PoolTask => ({
    tool: 'runFlash',
    input,
    subject: 'anonymous',
    profile: 'default',
    operationId: 'op_test',
    deadline: Date.now() + 60_000,
    ...(summary ? { summary: true } : {}),
  });
  for (const [what, input] of [
    ['success', FLASH],
    ['schema error', { ...FLASH, temperature: { value: 'hot', unit: 'C' } }],
    ['not computable', { ...FLASH, components: { methane: 0.5, unobtainium: 0.5 } }],
  ] as const) {
    const r = readPoolReply(await run(task(input, true)));
    const env = JSON.parse(r.body) as Envelope;
    t.same(r.summary, { status: env.status, head: summaryHead(env) }, `${what}: the summary of the sent envelope`);
    t.equal(readPoolReply(await run(task(input, false))).summary, undefined, `${what}: none unless asked`);
  }
});

t.test('through the app and its pool, MCP replies carry summarize() of their envelope', async (t) => {
  const config = { ...loadConfig({}), logLevel: 'silent' as const, toolTimeoutMs: 60_000, shed: { waitFactor: 0, minWaitMs: 0 } };
  const app = await buildApp({ ...config, pool: { ...config.pool, minThreads: 1, maxThreads: 1 } }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const post = async (args: unknown, protocol: string) => {
    const res = await fetch(new URL(MCP_PATH, address), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': protocol },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'runFlash', arguments: args } }),
    });
    t.equal(res.status, 200);
    return (await res.json()) as { result: { content: { text: string }[]; structuredContent: Envelope; isError: boolean } };
  };
  for (const [what, args] of [
    ['success', FLASH],
    ['not computable', { ...FLASH, components: { methane: 0.5, unobtainium: 0.5 } }],
  ] as const) {
    const now = await post(args, '2025-11-25');
    const env = now.result.structuredContent;
    t.equal(now.result.content[0].text, summarize(env, 'structured'), `${what}: structured summary`);
    t.equal(now.result.isError, env.status !== 'success', `${what}: isError`);
    const old = await post(args, '2025-03-26');
    t.equal(old.result.content[0].text, summarize(old.result.structuredContent, 'text'), `${what}: text-protocol summary`);
    t.same(JSON.parse(old.result.content[1].text), old.result.structuredContent, `${what}: the envelope as the second text block`);
  }
});
