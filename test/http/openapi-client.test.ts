/**
 * A TypeScript client generated from the committed OpenAPI document (openapi-typescript) compiles
 * under tsc --strict, and types every tool's result: the success envelope's `data` of each tool's
 * 200 response is neither `unknown` nor an empty object, and the only untyped values in any
 * tool's result are the fields listed in test/helpers/open-data.ts, arbitrary JSON by nature
 * (each with its reason); a tool without such fields has no `unknown` in its generated type.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { TOOLS } from '../../src/tools/registry.js';
import { OPEN_DATA, untypedPaths } from '../helpers/open-data.js';

const DOCUMENT = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));

/** The text of `data`'s type in the success branch of the operation's 200 response. */
function successDataText(client: string, operation: string): string | undefined {
  const ops = client.slice(client.indexOf('export interface operations {'));
  const start = ops.search(new RegExp(`^    ${operation}: \\{$`, 'm'));
  if (start < 0) return undefined;
  const next = ops.slice(start + 1).search(/^    [A-Za-z0-9]+: \{$/m);
  const body = ops.slice(start, next < 0 ? undefined : start + 1 + next);
  const ok = body.indexOf('            200: {');
  const success = body.indexOf('status: "success";', ok);
  const data = body.indexOf('data:', success);
  if (ok < 0 || success < 0 || data < 0) return undefined;
  let depth = 0;
  let end = data + 5;
  for (; end < body.length; end++) {
    const c = body[end];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ';' && depth === 0) break;
  }
  return body.slice(data, end);
}

const dir = mkdtempSync(join(tmpdir(), 'neqsim-openapi-client-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

const client = astToString(await openapiTS(JSON.parse(readFileSync(DOCUMENT, 'utf8')) as never));
writeFileSync(join(dir, 'api.d.ts'), client);

t.test('the generated client compiles (tsc --strict) and no tool result is unknown or empty', async (t) => {
  const names = TOOLS.map((x) => x.name);
  const check = [
    "import type { operations } from './api';",
    "type Body<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;",
    "type Data<N extends keyof operations> = Extract<Body<operations[N]>, { status: 'success' }> extends { data: infer D } ? D : never;",
    // Each branch of a union must name at least one field.
    'type BranchTyped<T> = T extends unknown ? ([keyof T] extends [never] ? false : true) : never;',
    'type Typed<T> = unknown extends T ? false : [T] extends [never] ? false : false extends BranchTyped<T> ? false : true;',
    `export const typed: { [N in ${names.map((n) => JSON.stringify(n)).join(' | ')}]: Typed<Data<N>> } = {`,
    ...names.map((n) => `  ${n}: true,`),
    '};',
  ].join('\n');
  writeFileSync(join(dir, 'check.ts'), check);
  const program = ts.createProgram([join(dir, 'check.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file !== undefined && d.start !== undefined ? d.file.text.split('\n')[d.file.getLineAndCharacterOfPosition(d.start).line]?.trim() : '';
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 300)}`;
  });
  t.same(diagnostics, [], 'api.d.ts and the per-tool assertions type-check');
});

t.test('untyped values in tool results: exactly the listed open JSON fields', async (t) => {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as { paths: Record<string, { post: { responses: { 200: { content: { 'application/json': { schema: { anyOf: { properties: { data: unknown } }[] } } } } } } }> };
  for (const tool of TOOLS) {
    const success = doc.paths[`/v1/tools/${tool.name}`]!.post.responses[200].content['application/json'].schema.anyOf[0]!;
    const untyped = untypedPaths(success.properties.data).sort();
    t.same(untyped, Object.keys(OPEN_DATA[tool.name] ?? {}).sort(), `${tool.name}: untyped values are the listed open JSON fields`);
    // And in the generated client: a tool without open JSON fields has no unknown anywhere in its data.
    if (untyped.length === 0) {
      const data = successDataText(client, tool.name);
      t.ok(data, `${tool.name}: success data found in the client`);
      // Descriptions (/** … */) and string literals may say "unknown"; the type may not.
      t.notMatch((data ?? '').replace(/\/\*\*[\s\S]*?\*\//g, ''), /(?<!["\w])unknown(?!["\w])/, `${tool.name}: no unknown in the generated data type`);
    }
  }
  for (const name of Object.keys(OPEN_DATA)) t.ok(TOOLS.some((x) => x.name === name), `OPEN_DATA names a registered tool (${name})`);
});
