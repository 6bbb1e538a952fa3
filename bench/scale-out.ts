/**
 * Scale-out figures (docs/scale-out.md), against a real Redis: REDIS_BENCH_URL, or a
 * redis-server started here on a free port (skipped with a message when there is none).
 * - the added latency of a Redis-backed session call and approval check over the in-memory ones:
 *   manageSession getState through the dispatcher (lock, read, save, unlock: four round trips)
 *   and the approval check of a gated call (consuming a one-shot approval: one DEL), p50/p99;
 * - sweep throughput with one and with two replicas (separate server processes, one pool
 *   thread each) on one Redis: a streamSimulation sweep started on the first replica, timed to
 *   completion, in points per second;
 * - runBatch throughput: one call of BATCH_CASES TP flashes in one process without Redis (the
 *   cases run one after the other in one pool thread), and sent to one of one or two replicas on
 *   Redis (the cases spread as jobs over every replica's worker), in cases per second.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { BenchLine } from './http.js';

const SERVER = fileURLToPath(new URL('../src/server.js', import.meta.url));
const SESSION_CALLS = 2_000;
const APPROVALS = 2_000;
const SWEEP_POINTS = 400;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function redisFor(): Promise<{ url: string; stop: () => void } | undefined> {
  if (process.env.REDIS_BENCH_URL) return { url: process.env.REDIS_BENCH_URL, stop: () => {} };
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await sleep(300);
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Times fn n times (after a warm-up); `before` runs ahead of each call, untimed. */
async function timed(n: number, fn: () => Promise<unknown>, before: () => Promise<unknown> = async () => {}): Promise<number[]> {
  for (let i = 0; i < Math.min(200, n); i++) {
    await before();
    await fn();
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    await before();
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** manageSession getState and an approval grant + consume, in memory and then on Redis. */
async function latencies(url: string): Promise<BenchLine[]> {
  const { runTool } = await import('../src/index.js');
  const { configureSharedBackend, closeSharedBackend, waitForSharedBackend } = await import('../src/tools/contract/shared-state/backend.js');
  const { RedisSessions } = await import('../src/tools/process/session/shared-store.js');
  const { MemorySessions, useSessionBackend } = await import('../src/tools/process/session/store.js');
  const { configureGovernance, grantApproval, admitCall, useRegisteredToolClasses } = await import('../src/tools/contract/governance/policy.js');
  const { installSharedGovernance } = await import('../src/tools/contract/shared-state/governance.js');
  const { configureAudit } = await import('../src/tools/contract/governance/audit.js');
  configureAudit({ destination: 'off' });
  // The stored profile would follow the last writer; this bench wants each profile as it sets it.
  const fluid = { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.9, ethane: 0.1 } };
  const sessionCall = async () => {
    const c = (await runTool('manageSession', { action: 'create', fluid })) as { status: string; data?: { sessionId?: string } };
    // Name the refusal (an earlier bench module in this process may have left state behind).
    if (c.data?.sessionId === undefined) throw new Error(`manageSession create: ${JSON.stringify(c).slice(0, 400)}`);
    const id = c.data.sessionId;
    return async () => {
      const r = (await runTool('manageSession', { action: 'getState', sessionId: id })) as { status: string };
      if (r.status !== 'success') throw new Error(`getState: ${JSON.stringify(r).slice(0, 300)}`);
    };
  };
  // A gated tool: ENTERPRISE gates core EXECUTION tools; "benchGated" is classed so here.
  const { getTool } = await import('../src/tools/registry.js');
  useRegisteredToolClasses((name) => {
    if (name === 'benchGated') return { tier: 'core', category: 'EXECUTION' };
    const t = getTool(name);
    return t === undefined ? undefined : { tier: t.tier, category: t.category };
  });
  // The approval check of a gated call (consuming the one-shot approval); the grant is untimed.
  const grant = () => grantApproval('bench', 'benchGated');
  const approval = async () => {
    const verdict = await admitCall('benchGated', 'bench');
    if (verdict !== null) throw new Error('the approval was not consumed');
  };

  const desktop = () => configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const enterprise = () => configureGovernance({ profile: 'ENTERPRISE' });
  useSessionBackend(new MemorySessions());
  // A store of its own: modules run before this one in the same process (fuzz) may have filled
  // the server-wide limit of 50 sessions.
  useSessionBackend(new MemorySessions());
  desktop();
  const memSession = await timed(SESSION_CALLS, await sessionCall());
  enterprise();
  const memApproval = await timed(APPROVALS, approval, grant);

  const b = (await configureSharedBackend({ url, keyPrefix: `bench${randomBytes(3).toString('hex')}:` }))!;
  await waitForSharedBackend(5_000);
  useSessionBackend(new RedisSessions(b.redis, b.prefix));
  desktop();
  const redisSession = await timed(SESSION_CALLS, await sessionCall());
  enterprise();
  const stop = installSharedGovernance(b);
  await sleep(100);
  const redisApproval = await timed(APPROVALS, approval, grant);
  stop();
  useSessionBackend(new MemorySessions());
  await closeSharedBackend();

  const ctx = { redis: 'local redis-server (loopback)', calls: SESSION_CALLS };
  const p50 = (xs: number[]) => quantile(xs, 0.5);
  const p99 = (xs: number[]) => quantile(xs, 0.99);
  return [
    { name: 'scale-out: manageSession getState p50, memory', unit: 'ms', value: p50(memSession), ...ctx },
    { name: 'scale-out: manageSession getState p50, Redis', unit: 'ms', value: p50(redisSession), p99: p99(redisSession), ...ctx },
    { name: 'scale-out: added latency of a Redis-backed session call, p50', unit: 'ms', value: p50(redisSession) - p50(memSession), target: 1, ...ctx },
    { name: 'scale-out: approval check (consume) p50, memory', unit: 'ms', value: p50(memApproval), ...ctx, calls: APPROVALS },
    { name: 'scale-out: approval check (consume) p50, Redis', unit: 'ms', value: p50(redisApproval), p99: p99(redisApproval), ...ctx, calls: APPROVALS },
    { name: 'scale-out: added latency of a Redis-backed approval check, p50', unit: 'ms', value: p50(redisApproval) - p50(memApproval), target: 1, ...ctx, calls: APPROVALS },
  ];
}

interface Replica {
  url: string;
  child: ChildProcess;
}

async function replica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), POOL_MIN_THREADS: '1', POOL_MAX_THREADS: '1', LOG_LEVEL: 'error', ...env }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { url, child };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('replica did not become ready');
}

const post = async (url: string, tool: string, body: unknown) =>
  (await (await fetch(`${url}/v1/tools/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { data: Record<string, any> };

const COMPONENTS = { methane: 0.8, ethane: 0.1, propane: 0.06, 'n-butane': 0.04 };
const BATCH_CASES = 400;

/** Starts `replicas` servers (on Redis when `url` is given), warms each pool thread, and times `work` on them. */
async function rate(url: string | undefined, replicas: number, work: (rs: Replica[]) => Promise<number>): Promise<number> {
  const env: Record<string, string> = url === undefined ? {} : { REDIS_URL: url, REDIS_KEY_PREFIX: `bench${randomBytes(3).toString('hex')}:` };
  const rs = await Promise.all(Array.from({ length: replicas }, () => replica(env)));
  try {
    for (const r of rs) await post(r.url, 'runFlash', { model: 'SRK', components: COMPONENTS, flashType: 'TP', temperature: { value: 40, unit: 'C' }, pressure: { value: 50, unit: 'bara' } });
    const t0 = performance.now();
    const n = await work(rs);
    return n / ((performance.now() - t0) / 1000);
  } finally {
    for (const r of rs) r.child.kill('SIGTERM');
  }
}

async function sweep(rs: Replica[]): Promise<number> {
  const start = await post(rs[0]!.url, 'streamSimulation', { action: 'startSweep', components: COMPONENTS, sweepVariable: 'pressure', from: 1, to: 200, points: SWEEP_POINTS, fixedTemperature: 40 });
  const id = start.data.operationId as string;
  for (;;) {
    const p = await post(rs[0]!.url, 'streamSimulation', { action: 'poll', operationId: id, lastIndex: SWEEP_POINTS });
    if (p.data.status !== 'running') break;
    await sleep(20);
  }
  return SWEEP_POINTS;
}

/** Eleven components with the multiphase check: about 8 ms a TP flash, against 0.3 ms for COMPONENTS. */
const HEAVY = { nitrogen: 0.01, CO2: 0.02, methane: 0.7, ethane: 0.08, propane: 0.06, 'i-butane': 0.03, 'n-butane': 0.04, 'i-pentane': 0.02, 'n-pentane': 0.02, 'n-hexane': 0.01, 'n-heptane': 0.01 };

/** One runBatch call of BATCH_CASES TP flashes, sent to the first replica. */
const batch = (heavy: boolean) => async (rs: Replica[]): Promise<number> => {
  const cases = Array.from({ length: BATCH_CASES }, (_, i) => ({ pressure: { value: 1 + (199 * i) / (BATCH_CASES - 1), unit: 'bara' } }));
  const fluid = heavy ? { components: HEAVY, multiPhaseCheck: true } : { components: COMPONENTS };
  const out = await post(rs[0]!.url, 'runBatch', { model: 'SRK', ...fluid, flashType: 'TP', temperature: { value: 40, unit: 'C' }, cases });
  if (out.data?.summary?.succeeded !== BATCH_CASES) throw new Error('bench: the batch did not compute every case');
  return BATCH_CASES;
};

export async function benchScaleOut(): Promise<BenchLine[]> {
  const redis = await redisFor();
  if (redis === undefined) {
    process.stderr.write('bench: scale-out needs REDIS_BENCH_URL or redis-server on PATH; skipping\n');
    return [];
  }
  try {
    const out = await latencies(redis.url);
    const one = await rate(redis.url, 1, sweep);
    const two = await rate(redis.url, 2, sweep);
    const batches = [];
    for (const heavy of [false, true]) {
      batches.push({ heavy, alone: await rate(undefined, 1, batch(heavy)), one: await rate(redis.url, 1, batch(heavy)), two: await rate(redis.url, 2, batch(heavy)) });
    }
    const os = await import('node:os');
    // On a shared machine the load average says how much of the cores the replicas could get.
    const ctx = { threadsPerReplica: 1, cores: os.availableParallelism(), loadAverage1m: os.loadavg()[0] };
    out.push({ name: 'scale-out: sweep throughput, 1 replica', unit: 'points/s', value: one, points: SWEEP_POINTS, ...ctx });
    out.push({ name: 'scale-out: sweep throughput, 2 replicas', unit: 'points/s', value: two, speedup: two / one, points: SWEEP_POINTS, ...ctx });
    for (const b of batches) {
      const what = b.heavy ? '11-component multiphase TP flashes' : '4-component TP flashes';
      out.push({ name: `scale-out: runBatch of ${what}, 1 process without Redis`, unit: 'cases/s', value: b.alone, cases: BATCH_CASES, ...ctx });
      out.push({ name: `scale-out: runBatch of ${what}, 1 replica on Redis`, unit: 'cases/s', value: b.one, cases: BATCH_CASES, ...ctx });
      out.push({ name: `scale-out: runBatch of ${what}, 2 replicas on Redis`, unit: 'cases/s', value: b.two, speedup: b.two / b.one, cases: BATCH_CASES, ...ctx });
    }
    return out;
  } finally {
    redis.stop();
  }
}
