/**
 * The stdio entry (dist/src/mcp/stdio.js) spawned as a child process, as a desktop agent runs it:
 * the protocol works over stdin/stdout (any stray stdout output would corrupt it), tools go
 * through the dispatcher with governance, resources and prompts are served.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import t from 'tap';
import type { Envelope } from '../../src/tools/envelope.js';
import { TOOLS } from '../../src/tools/registry.js';
import { availablePrompts } from '../../src/tools/catalog/prompts.js';
import { connectStdio } from './helpers.js';

type Json = Record<string, any>;

t.test('stdio server: tools, a call, resources and prompts', async (t) => {
  const client = await connectStdio(t);
  t.equal(client.getServerVersion()?.name, 'neqsim-ts');

  const { tools } = await client.listTools();
  t.same(tools.map((x) => x.name), TOOLS.map((x) => x.name), 'lists exactly the registered tools');

  const r = await client.callTool({ name: 'getExample', arguments: { category: 'tool', name: 'get_schema' } });
  t.notOk(r.isError);
  const env = r.structuredContent as Envelope<{ tool: string; input: unknown }>;
  t.equal(env.status, 'success');
  t.equal(env.data?.tool, 'getSchema');

  const bad = await client.callTool({ name: 'getExample', arguments: { category: 'tool', name: 'nope' } });
  t.equal(bad.isError, true);
  t.equal((bad.structuredContent as Envelope).errors?.[0].code, 'EXAMPLE_NOT_FOUND');

  const res = await client.readResource({ uri: 'neqsim://components/nitrogen' });
  const component = JSON.parse((res.contents[0] as { text: string }).text) as { name: string; properties: { criticalTemperature: { value: number } } };
  t.equal(component.name, 'nitrogen');
  t.ok(component.properties.criticalTemperature.value > 120 && component.properties.criticalTemperature.value < 130, 'N2 Tc ≈ 126.2 K');

  const { prompts } = await client.listPrompts();
  t.same(prompts.map((p) => p.name), availablePrompts(TOOLS).map((p) => p.name));
});

t.test('stdio: governance applies the startup profile and stdout carries only JSON-RPC', async (t) => {
  const nonCore = TOOLS.find((x) => x.tier !== 'core');
  const blockedTool = nonCore?.name ?? 'getCapabilities';
  const child = spawn(process.execPath, [resolve(process.cwd(), 'dist/src/mcp/stdio.js')], {
    env: { ...process.env, NEQSIM_MCP_PROFILE: 'ENTERPRISE', NEQSIM_MCP_AUDIT_LOG: 'stdout' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    child.kill();
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const responses = new Map<number, Json>();
  const waiting = new Map<number, () => void>();
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    for (const line of stdout.split('\n').slice(0, -1)) {
      const msg = JSON.parse(line) as Json;
      if (typeof msg.id === 'number' && !responses.has(msg.id)) {
        responses.set(msg.id, msg);
        waiting.get(msg.id)?.();
      }
    }
  });
  const request = (id: number, method: string, params: Json): Promise<Json> =>
    new Promise((done) => {
      waiting.set(id, () => done(responses.get(id)!));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });

  const init = await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
  t.equal(init.result.serverInfo.name, 'neqsim-ts');
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

  const call = await request(2, 'tools/call', { name: blockedTool, arguments: nonCore?.examples[0]?.input ?? {} });
  if (nonCore) {
    t.equal(call.result.isError, true);
    t.equal(call.result.structuredContent.status, 'blocked', `${blockedTool} (${nonCore.tier}) is blocked in ENTERPRISE`);
    t.equal(call.result.structuredContent.mode, 'ENTERPRISE');
  }
  const caps = await request(3, 'tools/call', { name: 'getCapabilities', arguments: {} });
  t.equal(caps.result.structuredContent.data.activeProfile, 'ENTERPRISE', 'core tools run under the startup profile');

  const lines = stdout.split('\n').filter((l) => l.trim() !== '');
  t.ok(lines.length >= 3);
  for (const line of lines) t.equal((JSON.parse(line) as Json).jsonrpc, '2.0', 'every stdout line is a JSON-RPC message');
  if (nonCore) t.match(stderr, /"log":"audit"/, 'the audit record of the blocked call went to stderr, even with NEQSIM_MCP_AUDIT_LOG=stdout');
});
