/**
 * Cold start on its own (`node dist/bench/run.js coldstart`): spawns the server several times
 * (spawn -> GET /health/ready 200) and reports medians of wall time, CPU time of all threads at
 * ready (from /proc), the CPU of the main thread and of all other threads (pool threads plus V8's
 * compiler/GC helpers and libuv's: Node names them all "node", so /proc cannot tell them apart),
 * and the resident set after a second idle. CPU time is the figure to compare on a shared machine: the
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

/** CPU ms of the main thread and of every other thread of a process. */
function threadCpu(pid: number): { main: number; other: number } {
  let main = 0;
  let other = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const cpuMs = cpuMsOf(pid, Number(tid)) ?? 0;
    if (Number(tid) === pid) main += cpuMs;
    else other += cpuMs;
  }
  return { main, other };
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
  const otherCpu: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startBenchServer();
    try {
      const pid = server.child.pid!;
      const threads = threadCpu(pid);
      wall.push(server.coldStartMs);
      cpu.push(server.coldStartCpuMs ?? NaN);
      mainCpu.push(threads.main);
      otherCpu.push(threads.other);
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
    { name: 'coldstart.cpu_other_threads', unit: 'ms', value: median(otherCpu), ...ctx, note: 'pool threads and V8/libuv helper threads (compilation, GC) until ready' },
    { name: 'coldstart.idle_rss', unit: 'MB', value: median(rss), target: '<= 110', max: Math.max(...rss), ...ctx, note: 'VmRSS one second after ready, pool threads included' },
  ];
}
