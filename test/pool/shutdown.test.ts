/**
 * Graceful shutdown of a real server process: on SIGTERM readiness goes false, new connections
 * are refused, the in-flight pool call still completes with 200, and the process exits 0.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('./fixtures/serve.js', import.meta.url));

t.test('SIGTERM drains in-flight calls and exits 0', async (t) => {
  const child = spawn(process.execPath, [SERVE], {
    env: { ...process.env, PORT: '0', POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1', TOOL_TIMEOUT_MS: '30000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  const { url } = JSON.parse(first) as { url: string };

  t.equal((await fetch(`${url}/health/ready`)).status, 200, 'ready before the signal');
  // Warm the thread, then start a 1.5 s call and signal while it runs.
  t.equal((await fetch(`${url}/v1/tools/testEcho`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"value":1}' })).status, 200);
  const inFlight = fetch(`${url}/v1/tools/testSpin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ ms: 1500 }),
  });
  await new Promise((r) => setTimeout(r, 300));
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));

  const refused = await fetch(`${url}/health/ready`).then(
    (r) => `status ${r.status}`,
    () => 'refused',
  );
  t.ok(refused === 'refused' || refused === 'status 503', `no longer ready during the drain (${refused})`);

  const res = await inFlight;
  t.equal(res.status, 200, 'the in-flight call completes');
  const body = (await res.json()) as { data: { spunMs: number } };
  t.equal(body.data.spunMs, 1500);
  const [code] = (await exited) as [number | null];
  t.equal(code, 0, 'exit code 0');
});
