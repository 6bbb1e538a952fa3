/**
 * The programmatic API: runTool() through the same dispatcher and governance as REST (inline by
 * default, no threads), listTools() = the registry, and pool and inline runs agreeing.
 */
import t from 'tap';
import { createToolPool, listTools, runTool } from '../../src/index.js';
import { TOOLS } from '../../src/tools/registry.js';

t.test('runTool inline', async (t) => {
  const ok = await runTool('getProgress', { action: 'listActive' });
  t.equal(ok.apiVersion, '1.0');
  t.equal(ok.status, 'success');
  t.equal(ok.tool, 'getProgress');
  t.same(ok.data, { activeCount: 0, operations: [] });

  const unknown = await runTool('noSuchTool', {});
  t.equal(unknown.status, 'error');
  t.equal(unknown.errors?.[0].code, 'UNKNOWN_TOOL');

  const bad = await runTool('getProgress', { action: 'sideways' });
  t.equal(bad.status, 'error');
  t.equal(bad.errors?.[0].code, 'SCHEMA_VALIDATION');
  t.equal(bad.errors?.[0].field, '/action');

  const courtesy = await runTool('getProgress', '{"action":"listActive"}');
  t.equal(courtesy.status, 'success', 'a JSON string input is parsed');
});

t.test('listTools is the registry catalogue', async (t) => {
  const list = listTools();
  t.same(list.map((x) => x.name), TOOLS.map((x) => x.name));
  for (const entry of list) {
    t.equal(entry.inputSchema.type, 'object');
    t.ok(['inline', 'pool'].includes(entry.execution));
  }
});

t.test('pool and inline runs of a pool tool give the same data', async (t) => {
  const poolTool = TOOLS.find((x) => x.execution === 'pool' && x.examples.length > 0);
  if (poolTool === undefined) {
    t.pass('skipped: nothing to compare', { skip: 'no pool tool with examples is registered yet' });
    return;
  }
  const pool = await createToolPool({ minThreads: 1, maxThreads: 1 });
  t.teardown(() => pool.close());
  const input = poolTool.examples[0].input;
  const inline = await runTool(poolTool.name, input);
  const pooled = await runTool(poolTool.name, input, { pool, timeoutMs: 60_000 });
  t.equal(pooled.status, inline.status, `${poolTool.name} status`);
  t.same(pooled.data, inline.data, `${poolTool.name} data identical on both paths`);
  t.match((pooled.provenance as { operationId?: string } | undefined)?.operationId ?? '', /^op_/, 'pool runs carry an operationId');
});
