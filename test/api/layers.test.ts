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
