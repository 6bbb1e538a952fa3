/**
 * The stdio entry (dist/src/mcp/stdio.js) spawned as a child process, as a desktop agent runs it,
 * with the SDK's StdioClientTransport. One process, started in the ENTERPRISE profile with the
 * audit log pointed at stdout, shows: tools/resources/prompts are served, governance applies the
 * startup profile, and stdout carries nothing but protocol messages (a stray line, such as an
 * audit record, would surface as a client transport error).
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { TOOLS } from '../../src/tools/registry.js';
import { findComponent } from '../../src/engine/components/index.js';
import { availablePrompts } from '../../src/tools/contract/catalog/prompts.js';
import { connectStdio } from './helpers.js';

t.test('stdio server: tools, calls, resources, prompts, governance, clean stdout', async (t) => {
  const { client, stderr, transportErrors } = await connectStdio(t, { NEQSIM_MCP_PROFILE: 'ENTERPRISE', NEQSIM_MCP_AUDIT_LOG: 'stdout' });
  t.equal(client.getServerVersion()?.name, 'neqsim-ts');

  const { tools } = await client.listTools();
  t.same(tools.map((x) => x.name), TOOLS.map((x) => x.name), 'lists exactly the registered tools');

  const { tools: listed } = await client.listTools();
  t.ok(listed.every((x) => x.outputSchema === undefined && x.annotations?.readOnlyHint !== undefined), 'compact list: hints, no output schemas');

  const byName = await client.callTool({ name: 'getExample', arguments: { toolName: 'runFlash' } });
  t.equal((byName.structuredContent as Envelope<{ tool: string }>).data?.tool, 'runFlash', 'getExample takes the tool name as listed');

  const r = await client.callTool({ name: 'getExample', arguments: { category: 'tool', name: 'get_schema' } });
  t.notOk(r.isError);
  const env = r.structuredContent as Envelope<{ tool: string; input: unknown }>;
  t.equal(env.status, 'success');
  t.equal(env.data?.tool, 'getSchema');

  const bad = await client.callTool({ name: 'getExample', arguments: { category: 'tool', name: 'nope' } });
  t.equal(bad.isError, true);
  t.equal((bad.structuredContent as Envelope).errors?.[0].code, 'EXAMPLE_NOT_FOUND');

  // Issue 20: deeply nested arguments are refused by the dispatcher's depth guard. (1 000 levels: the
  // SDK client's own JSON.stringify overflows the test's stack near 10 000; the server takes 10 000.)
  const deep = await client.callTool({ name: 'getExample', arguments: { category: JSON.parse('['.repeat(1_000) + ']'.repeat(1_000)) as unknown } });
  t.equal(deep.isError, true);
  t.equal((deep.structuredContent as Envelope).errors?.[0].code, 'INPUT_TOO_DEEP');
  t.match((deep.structuredContent as Envelope).errors?.[0].message, /limit is 64/);

  const res = await client.readResource({ uri: 'neqsim://components/nitrogen' });
  type Constant = { value: number; unit: string };
  const component = JSON.parse((res.contents[0] as { text: string }).text) as { name: string; properties: Record<string, Constant> };
  t.equal(component.name, 'nitrogen');
  // NeqSim's COMP.csv row "nitrogen": TC -147.05 °C, PC 33.944 bar, acentric 0.0403, molar mass 28.0135 g/mol;
  // the resource gives them in SI, exactly as the engine's database holds them.
  const n2 = findComponent('nitrogen')!;
  t.strictSame(component.properties.criticalTemperature, { value: n2.tc, unit: 'K' });
  t.equal(component.properties.criticalTemperature.value, 126.1, 'N2 Tc = -147.05 °C = 126.1 K (the database keeps the sum to 15 digits)');
  t.equal(component.properties.criticalPressure.value, 3394400, 'N2 Pc = 33.944 bar in Pa');
  t.equal(component.properties.acentricFactor.value, 0.0403);
  t.equal(component.properties.molarMass.value, n2.molarMass);
  // Published: 126.192 K (Span et al., J. Phys. Chem. Ref. Data 29 (2000) 1361); the database's 126.10 K is 0.09 K off it.
  t.ok(Math.abs(component.properties.criticalTemperature.value - 126.192) < 0.1, 'within 0.1 K of the reference-EOS Tc');

  const { prompts } = await client.listPrompts();
  t.same(prompts.map((p) => p.name), availablePrompts(TOOLS).map((p) => p.name));

  const caps = await client.callTool({ name: 'getCapabilities', arguments: {} });
  t.equal((caps.structuredContent as Envelope<{ activeProfile: string }>).data?.activeProfile, 'ENTERPRISE', 'the startup profile is applied');

  const nonCore = TOOLS.find((x) => x.tier !== 'core');
  if (nonCore) {
    const blocked = await client.callTool({ name: nonCore.name, arguments: (nonCore.examples[0]?.input ?? {}) as Record<string, unknown> });
    t.equal(blocked.isError, true);
    t.equal((blocked.structuredContent as Envelope).status, 'blocked', `${nonCore.name} (${nonCore.tier}) is blocked in ENTERPRISE`);
    // The audit write is asynchronous; give it a moment to reach stderr.
    for (let i = 0; i < 250 && !/"log":"audit"/.test(stderr()); i++) await new Promise((r) => setTimeout(r, 20));
    t.match(stderr(), /"log":"audit"/, 'the audit record went to stderr although NEQSIM_MCP_AUDIT_LOG=stdout');
  }
  t.same(transportErrors(), [], 'stdout carried only protocol messages');
});

/**
 * The stdio server remembers the protocol version negotiated at initialize: a client on
 * 2025-03-26 (before structuredContent) also gets the envelope as JSON text, a 2025-06-18 one only
 * the summary. Raw JSON-RPC lines, since the SDK client always asks for the latest version.
 */
async function callOverRawStdio(protocolVersion: string): Promise<{ negotiated: string; content: { text: string }[]; structured: unknown }> {
  const child = spawn(process.execPath, [resolve(process.cwd(), 'dist/src/mcp/stdio.js')], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout! });
  const replies = new Map<number, (msg: any) => void>();
  lines.on('line', (line) => {
    const msg = JSON.parse(line) as { id?: number };
    if (typeof msg.id === 'number') replies.get(msg.id)?.(msg);
  });
  const request = (id: number, method: string, params: unknown): Promise<any> =>
    new Promise((done) => {
      replies.set(id, done);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  try {
    const init = await request(1, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const call = await request(2, 'tools/call', { name: 'searchComponents', arguments: { query: 'ethane' } });
    return { negotiated: init.result.protocolVersion, content: call.result.content, structured: call.result.structuredContent };
  } finally {
    child.stdin!.end();
    child.kill();
  }
}

t.test('stdio: text content by the negotiated protocol version', async (t) => {
  const old = await callOverRawStdio('2025-03-26');
  t.equal(old.negotiated, '2025-03-26');
  t.equal(old.content.length, 2, 'a pre-structuredContent client gets the envelope as text too');
  t.same(JSON.parse(old.content[1].text), old.structured);

  const current = await callOverRawStdio('2025-06-18');
  t.equal(current.negotiated, '2025-06-18');
  t.equal(current.content.length, 1, 'a structuredContent client gets only the summary');
  t.match(current.content[0].text, /searchComponents: success/);
  t.equal((current.structured as Envelope).status, 'success');
});
