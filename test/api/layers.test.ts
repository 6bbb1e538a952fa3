/**
 * The layer rule of spec/service.md: imports run engine <- tools <- {http, mcp, workers} and
 * http -> mcp. Scans the TypeScript sources (static and dynamic imports) and fails on any import
 * against the direction, or on framework packages inside the engine or the tools layer.
 */
import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// dist/test/api -> package root
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function tsFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(tsFiles(p));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) found.push(m[1] ?? m[2] ?? m[3]);
  return found;
}

type Layer = 'engine' | 'tools' | 'http' | 'mcp' | 'workers' | 'other';

function layerOf(absPath: string): Layer {
  const rel = relative(ROOT, absPath).split('\\').join('/');
  if (rel.startsWith('src/engine/')) return 'engine';
  if (rel.startsWith('src/tools/')) return 'tools';
  if (rel.startsWith('src/http/')) return 'http';
  if (rel.startsWith('src/mcp/')) return 'mcp';
  if (rel.startsWith('workers/')) return 'workers';
  return 'other';
}

/** Layers each layer may import (relative imports). */
const ALLOWED: Record<Exclude<Layer, 'other'>, Layer[]> = {
  engine: ['engine'],
  tools: ['engine', 'tools', 'other'],
  http: ['tools', 'http', 'mcp', 'other'],
  mcp: ['tools', 'mcp', 'other'],
  workers: ['tools', 'engine', 'workers', 'other'],
};

const FRAMEWORK = /^(fastify|@fastify\/|@modelcontextprotocol\/|piscina)/;

t.test('imports follow engine <- tools <- {http, mcp, workers}, http -> mcp', async (t) => {
  const files = [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'workers'))];
  t.ok(files.length > 20, `${files.length} source files scanned`);
  const violations: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (from === 'other') continue;
    for (const spec of importsOf(file)) {
      const where = relative(ROOT, file);
      if (spec.startsWith('.')) {
        const to = layerOf(resolve(dirname(file), spec));
        if (!ALLOWED[from].includes(to)) violations.push(`${where}: ${from} imports ${to} (${spec})`);
      } else if (from === 'engine' && !/^node:(util|assert)$/.test(spec)) {
        violations.push(`${where}: engine imports package ${spec} (the engine is pure numerics)`);
      } else if (from === 'tools' && FRAMEWORK.test(spec)) {
        violations.push(`${where}: tools layer imports framework package ${spec}`);
      }
    }
  }
  t.same(violations, [], 'no import against the layer direction');
});

t.test('the scanner sees violations', async (t) => {
  // Guards the regex: a file the rule would reject must be reported.
  const fake = 'import { buildApp } from "../http/app.js";\nconst m = await import("../mcp/http.js");\n';
  const found = [...fake.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
  t.same(found, ['../http/app.js', '../mcp/http.js']);
});

/** Strongly connected components (Tarjan) of a directed graph with more than one node: its cycles. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative depth-first search: the source tree is deep enough that recursion is not an option to rely on.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const w = edges[frame.next++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, next: 0 });
        } else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1) found.push(component);
      }
    }
  }
  return found;
}

t.test('no import cycles anywhere in src (static, dynamic and type-only imports alike)', async (t) => {
  const files = tsFiles(join(ROOT, 'src'));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'))
      .filter((p) => known.has(p));
    graph.set(file, targets);
  }
  const cycles = cyclesOf(graph).map((c) => c.map((f) => relative(ROOT, f)).sort().join(' <-> '));
  t.same(cycles, [], 'every module graph in src is acyclic');
});

t.test('the cycle finder sees a cycle', async (t) => {
  const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  t.same(cyclesOf(g).map((c) => c.sort()), [['a', 'b', 'c']]);
});
