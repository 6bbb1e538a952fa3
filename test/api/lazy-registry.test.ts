/**
 * The server's main thread serves the tools from src/tools/lazy-registry.ts (their generated
 * metadata, each module loaded on its first call) instead of importing every tool module at start
 * (issue 25). Checks: tool-metadata.json is what scripts/write-tool-metadata.ts writes from the
 * registry today; the lazy tools equal the registry's in every field, TypeBox symbols included;
 * their run() gives the tool's own answers; and dispatch validates against the revived schemas
 * exactly as against the originals.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { TOOLS as EAGER, getTool as eagerTool } from '../../src/tools/registry.js';
import { TOOLS as LAZY, getTool as lazyTool, toolCatalog as lazyCatalog } from '../../src/tools/lazy-registry.js';
import { TOOL_METADATA_FILE, toolMetadataFile } from '../../scripts/write-tool-metadata.js';
import { createDispatcher } from '../../src/tools/contract/dispatch.js';
import { catalogOf } from '../../src/tools/contract/types.js';

/** Differences between two values: primitives by Object.is, objects by own string and symbol keys. */
function differences(a: unknown, b: unknown, path: string, out: string[]): void {
  if (out.length > 20) return;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    if (!Object.is(a, b)) out.push(`${path}: ${String(a)} != ${String(b)}`);
    return;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return void out.push(`${path}: array vs object`);
  const keys = (o: object) => [...Object.keys(o), ...Object.getOwnPropertySymbols(o)];
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length !== kb.length || ka.some((k) => !kb.includes(k))) return void out.push(`${path}: keys ${ka.map(String).sort().join(',')} != ${kb.map(String).sort().join(',')}`);
  for (const k of ka) differences((a as Record<string | symbol, unknown>)[k], (b as Record<string | symbol, unknown>)[k], `${path}.${String(k)}`, out);
}

t.test('tool-metadata.json is up to date with the registry', async (t) => {
  t.equal(readFileSync(TOOL_METADATA_FILE, 'utf8') === toolMetadataFile(), true, 'src/tools/tool-metadata.json is stale: run `npx tsc -p tsconfig.json && node dist/scripts/write-tool-metadata.js`');
});

t.test('the lazy tools equal the registry tools, TypeBox symbols included', async (t) => {
  t.same(LAZY.map((x) => x.name), EAGER.map((x) => x.name), 'same tools, same order');
  for (const eager of EAGER) {
    const lazy = lazyTool(eager.name)!;
    const { run: _a, ...lazyMeta } = lazy;
    const { run: _b, ...eagerMeta } = eager;
    const diff: string[] = [];
    differences(lazyMeta, eagerMeta, eager.name, diff);
    t.same(diff, [], `${eager.name}: equal metadata`);
  }
});

t.test('a lazy tool runs the tool module and answers as it does', async (t) => {
  const ctx = { catalog: lazyCatalog, subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  for (const [name, input] of [
    ['searchComponents', { query: 'methane' }],
    ['getExample', { toolName: 'runFlash' }],
    ['runRiskMatrix', eagerTool('runRiskMatrix')!.examples[0]!.input],
  ] as const) {
    const lazy = JSON.stringify(await lazyTool(name)!.run(input as never, ctx as never)).replace(/"(computationTimeMs|timestamp)":[^,}]*/g, '');
    const eager = JSON.stringify(await eagerTool(name)!.run(input as never, { ...ctx, catalog: catalogOf(EAGER) } as never)).replace(/"(computationTimeMs|timestamp)":[^,}]*/g, '');
    t.equal(lazy, eager, `${name}: same envelope`);
  }
});

t.test('dispatch validates against the revived schemas as against the originals', async (t) => {
  const lazy = createDispatcher({ catalog: lazyCatalog, inlineFallback: true, timeoutMs: 60_000 });
  const eager = createDispatcher({ catalog: catalogOf(EAGER), inlineFallback: true, timeoutMs: 60_000 });
  const flash = { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
  for (const [name, input] of [
    ['runFlash', flash],
    ['runFlash', { ...flash, temperature: { value: 'hot', unit: 'C' } }],
    ['runFlash', { ...flash, extra: 1 }],
    ['runFlash', { ...flash, model: 'srk' }],
    ['searchComponents', {}],
    ['runPipeline', { nope: true }],
  ] as const) {
    const ctx = { subject: 'anonymous', transport: 'api' as const };
    const a = await lazy(name, input, ctx);
    const b = await eager(name, input, ctx);
    const strip = (s: string) => s.replace(/"(computationTimeMs|timestamp|operationId)":[^,}]*/g, '');
    t.equal(a.httpStatus, b.httpStatus, `${name} ${JSON.stringify(input).slice(0, 60)}: same status`);
    t.equal(strip(JSON.stringify(a.envelope)), strip(JSON.stringify(b.envelope)), 'same envelope');
  }
});
