/**
 * Cold start on its own (`node dist/bench/run.js coldstart`): spawns the server several times
 * (spawn -> GET /health/ready 200) and reports medians of wall time, CPU time of all threads at
 * ready (from /proc), the CPU of the main thread and of the pool threads separately, and the
 * resident set after a second idle. CPU time is the figure to compare on a shared machine: the
 * wall clock on two busy cores mostly measures the neighbours.
 *
 * BENCH_COLDSTART_RUNS sets the number of spawns (default 7).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type BenchLine, cpuMsOf, startBenchServer } from './http.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Thread name (comm) and CPU ms of every thread of a process. */
function threadCpu(pid: number): { name: string; cpuMs: number }[] {
  const out: { name: string; cpuMs: number }[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const cpuMs = cpuMsOf(pid, Number(tid));
    if (cpuMs !== undefined) out.push({ name: Number(tid) === pid ? 'main' : name, cpuMs });
  }
  return out;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

export async function benchColdstart(): Promise<BenchLine[]> {
  const runs = Number(process.env.BENCH_COLDSTART_RUNS ?? 7);
  const wall: number[] = [];
  const cpu: number[] = [];
  const mainCpu: number[] = [];
  const workerCpu: number[] = [];
  const otherCpu: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startBenchServer();
    try {
      const pid = server.child.pid!;
      const threads = threadCpu(pid);
      wall.push(server.coldStartMs);
      cpu.push(server.coldStartCpuMs ?? NaN);
      mainCpu.push(threads.find((t) => t.name === 'main')?.cpuMs ?? NaN);
      // Node names a worker thread's own OS thread after nothing in particular; the pool threads are
      // the busy ones that are neither main nor a V8/libuv helper.
      const helpers = /^(V8|libuv|node|Signal|inspector)/i;
      const pool = threads.filter((t) => t.name !== 'main' && !helpers.test(t.name));
      workerCpu.push(pool.reduce((s, t) => s + t.cpuMs, 0));
      otherCpu.push(threads.filter((t) => t.name !== 'main' && helpers.test(t.name)).reduce((s, t) => s + t.cpuMs, 0));
      if (i === 0 && process.env.BENCH_COLDSTART_THREADS === '1') process.stderr.write(JSON.stringify(threads) + '\n');
      await new Promise((r) => setTimeout(r, 1_000));
      rss.push(rssMb(pid));
    } finally {
      await server.stop();
    }
  }
  const ctx = { runs };
  return [
    { name: 'coldstart.wall', unit: 'ms', value: Math.round(median(wall)), target: '<= 600', min: Math.round(Math.min(...wall)), ...ctx, note: 'spawn -> GET /health/ready 200' },
    { name: 'coldstart.cpu', unit: 'ms', value: median(cpu), min: Math.min(...cpu), ...ctx, note: 'all threads until ready' },
    { name: 'coldstart.cpu_main', unit: 'ms', value: median(mainCpu), ...ctx, note: 'main thread until ready' },
    { name: 'coldstart.cpu_pool', unit: 'ms', value: median(workerCpu), ...ctx, note: 'pool threads until ready' },
    { name: 'coldstart.cpu_helpers', unit: 'ms', value: median(otherCpu), ...ctx, note: 'V8 and libuv helper threads (GC, compilation) until ready' },
    { name: 'coldstart.idle_rss', unit: 'MB', value: median(rss), target: '<= 110', max: Math.max(...rss), ...ctx, note: 'VmRSS one second after ready, pool threads included' },
  ];
}
