/**
 * The README's copy-paste calls work as written. Every ```bash runnable block is one curl call
 * against http://127.0.0.1:8080 (the server `npm start` runs). Each body is sent through
 * app.inject (200 and a successful envelope, or a JSON-RPC result for /mcp); where curl is
 * installed, each block also runs through bash against the app listening on a free port, with
 * only the URL's port rewritten.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const BASE = 'http://127.0.0.1:8080';

interface Call {
  block: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The runnable blocks, each parsed into the one call it makes. */
export function runnableCalls(markdown: string): Call[] {
  const calls: Call[] = [];
  for (const m of markdown.matchAll(/```bash runnable\n([\s\S]*?)```/g)) {
    const block = m[1];
    const command = block.replace(/\\\n/g, ' ');
    const url = /curl -s (\S+)/.exec(command)?.[1];
    const body = /-d '([^']*)'/.exec(command)?.[1];
    if (url === undefined || !url.startsWith(BASE) || body === undefined || (command.match(/\bcurl\b/g) ?? []).length !== 1) {
      throw new Error(`README runnable block is not one curl call to ${BASE} with a -d body:\n${block}`);
    }
    const headers: Record<string, string> = {};
    for (const h of command.matchAll(/-H '([^:']+):\s*([^']*)'/g)) headers[h[1].toLowerCase()] = h[2];
    calls.push({ block, path: url.slice(BASE.length), headers, body });
  }
  return calls;
}

/** What a successful answer looks like: an envelope with status success, or an MCP tool result that is not an error. */
type Tap = Pick<typeof t, 'equal' | 'notOk' | 'same'>;
function checkAnswer(t: Tap, call: Call, status: number, text: string): void {
  t.equal(status, 200, `${call.path}: HTTP 200`);
  const json = JSON.parse(text) as Record<string, any>;
  if (call.path === '/mcp') {
    t.equal(json.jsonrpc, '2.0');
    t.notOk(json.error, 'no JSON-RPC error');
    t.equal(json.result?.isError ?? false, false, 'the tool result is not an error');
    t.equal(json.result?.structuredContent?.status, 'success', 'the envelope in structuredContent is a success');
  } else {
    t.equal(json.status, 'success', `${call.path}: envelope status success`);
    t.same(json.errors ?? [], [], 'no errors');
  }
}

const calls = runnableCalls(readFileSync(README, 'utf8'));

t.test('the README has the five calls', async (t) => {
  t.same(
    calls.map((c) => (c.path === '/mcp' ? 'mcp' : c.path.replace('/v1/tools/', ''))),
    ['runFlash', 'runProcess', 'calculateStandard', 'getPhaseEnvelope', 'mcp'],
    'flash, process, standard, envelope and an MCP client',
  );
  const mcp = calls.find((c) => c.path === '/mcp');
  t.equal(JSON.parse(mcp!.body).params.name, 'runFlash', 'the MCP call runs a tool');
});

t.test('each runnable block answers 200 with success', async (t) => {
  const app = await buildApp({ ...loadConfig({}), logLevel: 'silent' }, { pool: false });
  t.teardown(() => app.close());

  for (const call of calls) {
    const res = await app.inject({ method: 'POST', url: call.path, headers: call.headers, payload: call.body });
    t.test(`inject ${call.path}`, async (t) => checkAnswer(t, call, res.statusCode, res.body));
  }

  const hasCurl = await promisify(execFile)('curl', ['--version']).then(
    () => true,
    () => false,
  );
  if (!hasCurl) {
    t.comment('curl is not installed: the blocks were checked through app.inject only');
    return;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  for (const call of calls) {
    const script = call.block.replaceAll(BASE, `http://127.0.0.1:${port}`);
    // Asynchronous: the server answering the call runs on this same event loop.
    const { stdout } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${script.replace(/^curl -s /m, 'curl -s -w "\\n%{http_code}" ')}`], { maxBuffer: 32 * 1024 * 1024 });
    const cut = stdout.lastIndexOf('\n');
    t.test(`bash ${call.path}`, async (t) => checkAnswer(t, call, Number(stdout.slice(cut + 1)), stdout.slice(0, cut)));
  }
});
