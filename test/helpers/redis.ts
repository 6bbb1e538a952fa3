/**
 * A real Redis for the scale-out tests: REDIS_TEST_URL when set (.ci/run starts one), else a
 * redis-server started here on a free port (Debian's redis-server on PATH). Without either the
 * tests skip with a message, unless REDIS_REQUIRED=1 (set by .ci/run), when they fail.
 * Also: start the built server as a child process (a "replica") with a given environment.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

export const SERVER = fileURLToPath(new URL('../../src/server.js', import.meta.url));
/** The server plus a gated test tool (test/scale-out/fixtures/replica.ts). */
export const TEST_REPLICA = fileURLToPath(new URL('../scale-out/fixtures/replica.js', import.meta.url));
export const ADMIN_TOKEN = 'scale-out-admin-token';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/** undefined: no Redis available and not required (the caller skips with `why`). */
export async function testRedis(): Promise<TestRedis | { skip: string }> {
  const given = process.env.REDIS_TEST_URL;
  if (given !== undefined && given !== '') return { url: given, stop: async () => {} };
  const which = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) {
    const why = 'no Redis: set REDIS_TEST_URL or install redis-server (apt-get install -y redis-server); .ci/run does both';
    if (process.env.REDIS_REQUIRED === '1') throw new Error(why);
    return { skip: why };
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await waitFor(async () => {
    const { Redis } = await import('ioredis');
    const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on('error', () => {});
    try {
      await r.connect();
      return (await r.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      r.disconnect();
    }
  }, 10_000, 'redis-server to answer PING');
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Replica {
  url: string;
  child: ChildProcess;
  call(tool: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A unique key prefix, so tests sharing one Redis do not see each other's state. */
export const testPrefix = () => `t${randomBytes(4).toString('hex')}:`;

/** Starts a server process (default: the test replica) on a free port and waits until /health/ready is 200. */
export async function startReplica(env: Record<string, string>, script = TEST_REPLICA): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1', LOG_LEVEL: 'warn', NEQSIM_MCP_ADMIN_TOKEN: ADMIN_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`replica exited with ${child.exitCode}`);
      return fetch(`${url}/health/ready`).then((r) => r.status === 200, () => false);
    },
    60_000,
    `replica on ${port} to be ready`,
  );
  return {
    url,
    child,
    async call(tool, body, headers = {}) {
      const r = await fetch(`${url}/v1/tools/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

/** A redis-server of a test's own on a fixed free port, to take away (SIGKILL) and bring back on the same address. */
export async function ownRedis(): Promise<{ url: string; kill(): Promise<void>; restart(): void; stop(): void }> {
  const port = await freePort();
  const start = () => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let child = start();
  await new Promise((r) => setTimeout(r, 300));
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    restart() {
      child = start();
    },
    stop() {
      child.kill('SIGKILL');
    },
  };
}
