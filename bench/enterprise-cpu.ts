/**
 * Main-thread CPU per request of the enterprise configurations, measured directly: the server's
 * main thread run time from /proc/<pid>/task/<pid>/schedstat (nanoseconds, unlike the 10 ms ticks
 * of /proc/<pid>/stat) around a run of runFlash calls at a fixed number of connections, divided by
 * the calls answered. Throughput on a shared 2-core machine moves with whatever else runs; the CPU
 * time a request costs the main thread moves much less, so a change of a few µs is visible here
 * within a minute of load where bench/enterprise.ts needs many rounds.
 *
 * Run: `flock /work/wt/bench.lock node dist/bench/enterprise-cpu.js` (it loads both cores).
 * Env: CPU_BENCH_CONFIGS (comma-separated, default plain,oidc_otel,oidc_otel_sampled10; also
 * oidc_only, otel_only), CPU_BENCH_ROUNDS (5), CPU_BENCH_DURATION_S (3), CPU_BENCH_CONNECTIONS (16),
 * CPU_BENCH_WARMUP_S (6), CPU_BENCH_RATE (requests/s for all connections together; default: unbounded). A key `config@/other/dist` serves that configuration from another build's
 * dist/ (a before/after comparison in one run); a key may repeat (an A/A pair). Each round measures every configuration once, in a shuffled order, each
 * run preceded by 1 s of unmeasured load; the figure is the median over rounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { RUN_FLASH_BODY } from './http.js';
import { median, shuffled, startEnterpriseFixture } from './enterprise-fixture.js';

const OWN_DIST = fileURLToPath(new URL('..', import.meta.url));

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A server process from `dist` (this build, or another build's dist/ to compare against). */
async function startServer(dist: string, env: Record<string, string>): Promise<Server> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as { port: number }).port;
  probe.close();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(dist, 'src/server.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health/ready`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error('server not ready within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Run time of one thread in ns (first field of schedstat). */
function threadRunNs(pid: number, tid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
}

/** Run time of every thread of the process in ns (threads that ended in between are lost: none here). */
function processRunNs(pid: number): number {
  let sum = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      sum += threadRunNs(pid, Number(tid));
    } catch {
      /* thread ended */
    }
  }
  return sum;
}


async function main(): Promise<void> {
  const rounds = Number(process.env.CPU_BENCH_ROUNDS ?? 5);
  const durationS = Number(process.env.CPU_BENCH_DURATION_S ?? 3);
  const warmupS = Number(process.env.CPU_BENCH_WARMUP_S ?? 6);
  const connections = Number(process.env.CPU_BENCH_CONNECTIONS ?? 16);
  // A fixed request rate instead of as many as the connections get answered: every configuration
  // then runs at the same load, where per-request costs that depend on it (batching of reads and
  // writes, worker wake-ups) are alike.
  const rate = process.env.CPU_BENCH_RATE === undefined ? undefined : Number(process.env.CPU_BENCH_RATE);
  const chosen = (process.env.CPU_BENCH_CONFIGS ?? 'plain,oidc_otel,oidc_otel_sampled10').split(',').map((x) => x.trim());

  const fixture = await startEnterpriseFixture();
  const servers: { key: string; server: Server; headers: Record<string, string>; main: number[]; all: number[]; rps: number[] }[] = [];
  try {
    const { envs, auth } = fixture;
    const all: Record<string, { env: Record<string, string>; headers: Record<string, string> }> = Object.fromEntries(
      Object.entries(envs).map(([k, env]) => [k, { env, headers: k === 'plain' || k === 'otel_only' ? {} : auth }]),
    );
    const body = JSON.stringify(RUN_FLASH_BODY);
    const run = (s: (typeof servers)[number], d: number) =>
      autocannon({ url: `${s.server.url}/v1/tools/runFlash`, method: 'POST', headers: { 'content-type': 'application/json', ...s.headers }, body, connections, duration: d, ...(rate !== undefined ? { overallRate: rate } : {}) });
    for (const key of chosen) {
      // `config@/path/to/dist`: the same configuration served by another build.
      const [name, dist] = key.split('@') as [string, string | undefined];
      const c = all[name];
      if (c === undefined) throw new Error(`unknown configuration ${name}`);
      const server = await startServer(dist ?? OWN_DIST, c.env);
      const s = { key, server, headers: c.headers, main: [] as number[], all: [] as number[], rps: [] as number[] };
      servers.push(s);
      const warm = await run(s, warmupS);
      if (warm.non2xx > 0) throw new Error(`${key}: ${warm.non2xx} non-2xx answers in the warm-up`);
    }
    for (let r = 0; r < rounds; r++) {
      for (const s of shuffled(servers)) {
        await run(s, 1);
        const pid = s.server.child.pid!;
        const m0 = threadRunNs(pid, pid);
        const a0 = processRunNs(pid);
        const res = await run(s, durationS);
        const m1 = threadRunNs(pid, pid);
        const a1 = processRunNs(pid);
        const n = res.requests.total;
        s.main.push((m1 - m0) / n / 1000);
        s.all.push((a1 - a0) / n / 1000);
        s.rps.push((n - res.non2xx) / durationS);
      }
    }
    const base = servers.find((s) => s.key === 'plain');
    for (const s of servers) {
      const main = median(s.main);
      const line = {
        config: s.key,
        main_us_per_request: Number(main.toFixed(1)),
        main_rounds: s.main.map((x) => Number(x.toFixed(1))),
        all_threads_us_per_request: Number(median(s.all).toFixed(1)),
        ok_rps: Math.round(median(s.rps)),
        ...(base !== undefined && base !== s ? { main_over_plain_us: Number((main - median(base.main)).toFixed(1)), all_over_plain_us: Number((median(s.all) - median(base.all)).toFixed(1)) } : {}),
        connections,
        ...(rate !== undefined ? { rate } : {}),
        durationS,
        rounds,
      };
      console.log(JSON.stringify(line));
    }
  } finally {
    for (const s of servers) await s.server.stop();
    await fixture.close();
  }
}

await main();
