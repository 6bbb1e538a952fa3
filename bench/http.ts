/**
 * HTTP benchmarks against a real server process: cold start (spawn -> /health/ready 200), idle
 * RSS, and autocannon runs of the echo baseline and real tool routes, each reported as JSON lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  [context: string]: unknown;
}

const SERVER = fileURLToPath(new URL('../src/server.js', import.meta.url));

/** A 3-component natural gas at 25 °C / 50 bara: the contract's simplest runFlash call. */
export const RUN_FLASH_BODY = {
  model: 'SRK',
  temperature: { value: 25, unit: 'C' },
  pressure: { value: 50, unit: 'bara' },
  flashType: 'TP',
  components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
};
const SEARCH_BODY = { query: 'methane' };
/**
 * The echo baseline's body: a 16-component runFlash request of 440 B, the size the ceiling in
 * spec/performance-notes.md was measured with (the echo route validates it and answers ~3 KB).
 */
export const ECHO_BODY = {
  model: 'SRK',
  temperature: { value: 25, unit: 'C' },
  pressure: { value: 50, unit: 'bara' },
  flashType: 'TP',
  components: {
    nitrogen: 0.012, CO2: 0.021, methane: 0.835, ethane: 0.072, propane: 0.031, 'i-butane': 0.006, 'n-butane': 0.009, 'i-pentane': 0.003,
    'n-pentane': 0.0025, 'n-hexane': 0.0035, 'n-heptane': 0.002, 'n-octane': 0.001, 'n-nonane': 0.0005, 'n-decane': 0.0003, benzene: 0.0004, toluene: 0.0003,
  },
  mixingRule: 'classic',
  multiPhaseCheck: false,
};

/**
 * utime + stime of a process (all its threads), or of one of its threads, from /proc (clock ticks
 * assumed 100 Hz, the Linux default).
 */
export function cpuMsOf(pid: number, thread?: number): number | undefined {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const port = (srv.address() as { port: number }).port;
  srv.close();
  await once(srv, 'close');
  return port;
}

export interface RunningBenchServer {
  child: ChildProcess;
  url: string;
  coldStartMs: number;
  /** CPU time (user + system, all threads) the server had used when it became ready; Linux only. */
  coldStartCpuMs?: number;
  stop(): Promise<number | null>;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<RunningBenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), BENCH_ECHO: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`server exited during start-up (code ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > 60_000) throw new Error('server not ready within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = performance.now() - started;
  const coldStartCpuMs = child.pid === undefined ? undefined : cpuMsOf(child.pid);
  return {
    child,
    url,
    coldStartMs,
    ...(coldStartCpuMs !== undefined ? { coldStartCpuMs } : {}),
    async stop() {
      if (exited) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

export async function scrapeMetric(url: string, series: string): Promise<number | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

export interface LoadResult {
  requestsPerSec: number;
  /** 2xx responses per second: a shed (503) or timed-out (504) call is quick and must not count as throughput. */
  okPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

export async function load(url: string, path: string, body: unknown, durationS: number, connections: number): Promise<LoadResult> {
  const r = await autocannon({
    url: `${url}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: durationS,
  });
  return {
    requestsPerSec: r.requests.average,
    okPerSec: (r.requests.total - r.non2xx) / durationS,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
}

/** Body size of one response to this request (the figures are per response size, so it is reported with them). */
async function responseBytes(url: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.arrayBuffer()).byteLength;
}

function lines(name: string, r: LoadResult, ctx: Record<string, unknown>): BenchLine[] {
  const c = { ...ctx, non2xx: r.non2xx, errors: r.errors, total: r.total };
  return [
    { name: `http.${name}.requests_per_s`, unit: 'req/s', value: Math.round(r.requestsPerSec), ...c },
    { name: `http.${name}.ok_per_s`, unit: 'req/s', value: Math.round(r.okPerSec), note: '2xx responses only', ...c },
    { name: `http.${name}.latency_p50`, unit: 'ms', value: r.p50Ms, ...c },
    { name: `http.${name}.latency_p99`, unit: 'ms', value: r.p99Ms, ...c },
  ];
}

/** Cold start, idle RSS, echo baseline and tool routes; each line is printed as soon as it is known. */
export async function benchHttp(emit: (l: BenchLine) => void, opts: { durationS: number; connections: number }): Promise<void> {
  const server = await startBenchServer();
  let flashReply: string | undefined;
  try {
    emit({ name: 'server.cold_start', unit: 'ms', value: Math.round(server.coldStartMs), target: '<= 600', note: 'spawn -> GET /health/ready 200 (wall clock)' });
    if (server.coldStartCpuMs !== undefined) {
      emit({ name: 'server.cold_start_cpu', unit: 'ms', value: server.coldStartCpuMs, note: 'CPU time of all server threads until ready: the wall-clock figure on an idle machine is close to this divided by the overlap of main and worker thread' });
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const rss = await scrapeMetric(server.url, 'process_resident_memory_bytes');
    emit({ name: 'server.idle_rss', unit: 'MB', value: rss === undefined ? null : Math.round((rss / 1048576) * 10) / 10, target: '<= 110', note: 'after start, pool threads included' });

    const tools = ((await (await fetch(`${server.url}/v1/tools`)).json()) as { tools: { name: string }[] }).tools.map((t) => t.name);
    const ctx = { connections: opts.connections, durationS: opts.durationS };
    // JIT warm-up (and on-demand pool threads) before each measured run; warm-up figures are discarded.
    const warmS = Math.min(2, opts.durationS);
    await load(server.url, '/bench/echo', ECHO_BODY, warmS, opts.connections);
    const echo = await load(server.url, '/bench/echo', ECHO_BODY, opts.durationS, opts.connections);
    for (const l of lines('echo', echo, { ...ctx, requestBytes: JSON.stringify(ECHO_BODY).length, responseBytes: await responseBytes(server.url, '/bench/echo', ECHO_BODY), note: 'body validated by a JSON Schema (spec/performance-notes.md ceiling)' })) emit(l);

    const targets: [string, unknown][] = [];
    if (tools.includes('runFlash')) targets.push(['runFlash', RUN_FLASH_BODY]);
    if (tools.includes('searchComponents')) targets.push(['searchComponents', SEARCH_BODY]);
    for (const [tool, body] of targets) {
      await load(server.url, `/v1/tools/${tool}`, body, warmS, opts.connections);
      const r = await load(server.url, `/v1/tools/${tool}`, body, opts.durationS, opts.connections);
      for (const l of lines(tool, r, { ...ctx, requestBytes: JSON.stringify(body).length, responseBytes: await responseBytes(server.url, `/v1/tools/${tool}`, body) })) emit(l);
      // 2xx against 2xx: under load the pool sheds calls (503), which answer fast and would inflate the ratio.
      emit({ name: `http.${tool}.ratio_to_echo`, unit: 'ratio', value: Math.round((r.okPerSec / echo.okPerSec) * 1000) / 1000, target: '>= 0.6', non2xx: r.non2xx, ...ctx });
    }
    const rssAfter = await scrapeMetric(server.url, 'process_resident_memory_bytes');
    emit({ name: 'server.rss_after_load', unit: 'MB', value: rssAfter === undefined ? null : Math.round((rssAfter / 1048576) * 10) / 10 });
    if (tools.includes('runFlash')) {
      flashReply = await (await fetch(`${server.url}/v1/tools/runFlash`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(RUN_FLASH_BODY) })).text();
    }
  } finally {
    const code = await server.stop();
    emit({ name: 'server.shutdown_exit_code', unit: 'code', value: code });
  }
  if (flashReply !== undefined) await benchCeiling(emit, flashReply, opts);
}

const CEILING_SERVER = fileURLToPath(new URL('./ceiling-server.js', import.meta.url));

/**
 * What the architecture allows on this machine, in the same run: a bare Fastify + piscina server
 * (bench/ceiling-server.ts, the pool configured as ours) answering our real runFlash response
 * with no work, from the main thread and through the pool, each against its own echo route.
 * A tool route cannot beat these ratios; the gap to them is what our dispatcher and the tool cost.
 */
async function benchCeiling(emit: (l: BenchLine) => void, reply: string, opts: { durationS: number; connections: number }): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [CEILING_SERVER], { env: { ...process.env, PORT: String(port), REPLY: reply }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const started = performance.now();
    for (;;) {
      try {
        if ((await fetch(`${url}/ready`)).status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 30_000) throw new Error('ceiling server not ready within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const warmS = Math.min(2, opts.durationS);
    const ctx = { connections: opts.connections, durationS: opts.durationS, responseBytes: Buffer.byteLength(reply) };
    const ok: Record<string, number> = {};
    for (const [name, path, body] of [['echo', '/echo', ECHO_BODY], ['inline', '/inline', RUN_FLASH_BODY], ['pool', '/pool', RUN_FLASH_BODY]] as const) {
      await load(url, path, body, warmS, opts.connections);
      const r = await load(url, path, body, opts.durationS, opts.connections);
      ok[name] = r.okPerSec;
      emit({ name: `http.ceiling.${name}.ok_per_s`, unit: 'req/s', value: Math.round(r.okPerSec), p99_ms: r.p99Ms, non2xx: r.non2xx, ...ctx });
    }
    const echo = ok.echo!;
    emit({ name: 'http.ceiling.inline_reply.ratio_to_echo', unit: 'ratio', value: Math.round((ok.inline! / echo) * 1000) / 1000, note: 'bare Fastify: our runFlash response sent from the main thread, no work', ...ctx });
    emit({ name: 'http.ceiling.pool_noop.ratio_to_echo', unit: 'ratio', value: Math.round((ok.pool! / echo) * 1000) / 1000, note: 'bare Fastify + piscina as ours: the body to a worker and our runFlash response back, no work: the most a pool tool route can reach', ...ctx });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}
