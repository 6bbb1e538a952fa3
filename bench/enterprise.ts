/**
 * Cost of the enterprise profile: requests/s of runFlash (searchComponents when runFlash is not
 * registered) through real server processes with OIDC bearer auth + OpenTelemetry tracing on,
 * against the same server with both off, measured in the same run. A local oauth2-mock-server
 * issues the token; a local no-op OTLP/HTTP receiver in its own process accepts the spans (OTLP
 * protobuf, the default). Tracing is measured with every trace recorded and with 10 % head
 * sampling (the Helm chart's default); on request, each feature alone (OIDC only; tracing only) to
 * show which one a cost comes from. The server's CPU time per request (all threads, and the main
 * thread alone, from /proc) is reported beside the throughput. Target: < 15 % cost.
 *
 * How, and why this way (measured on the 2-core machines of spec/performance-notes.md):
 * - Paired in time with its own plain controls. The machine's speed drifts by ±20 % within
 *   minutes, and two started copies of the same build differ by up to ~10 % in steady req/s (JIT
 *   and memory layout of each process, worker threads included). So every configuration gets
 *   BENCH_ENTERPRISE_INSTANCES (default 4) servers and as many plain servers of its own (its
 *   controls), all running side by side. Each round visits the configurations in a shuffled
 *   order; for each, every (control, configuration) pair is loaded back to back in a random order
 *   of the two. A
 *   configuration's cost in a round is its req/s against its controls' over those pairs; the
 *   reported cost is the median over rounds. Controls and configuration servers are loaded equally
 *   often, so they sit idle equally long between runs (an earlier design with one set of plain
 *   servers loaded between every configuration left the others idle ten times longer: biased).
 * - Warmed up. A fresh server reaches steady throughput after ≈4 s plain and ≈5-6 s with OIDC
 *   and tracing, so each server gets BENCH_ENTERPRISE_WARMUP_S (8 s) of load when it starts. The
 *   ramp is reported apart: the warm-up's req/s per configuration and its cost against its
 *   controls' warm-ups (`*.warmup_cost`), what a newly started replica gives in its first seconds.
 * - Re-warmed. A server that sat idle while the others were loaded starts each run cold (caches,
 *   sleeping pool threads), more so the more code a request runs; each measured run is therefore
 *   preceded by BENCH_ENTERPRISE_REWARM_S (1 s) of unmeasured load.
 *
 * - An A/A control. A configuration `plain_aa` of plain servers measured exactly like the others
 *   against plain controls: its "cost" is the spread two identical configurations show in this
 *   run (enterprise.plain_aa.throughput_difference), the yardstick for every other figure.
 * - Throughput is 2xx answers only, at a load within the server's capacity
 *   (BENCH_ENTERPRISE_CONNECTIONS, default 16 = twice the default pool's running capacity): a shed
 *   (503) answer is quick and counted as throughput would make a shedding server look fast. Each
 *   line reports its non-2xx count.
 *
 * BENCH_ENTERPRISE_ROUNDS / BENCH_ENTERPRISE_DURATION_S override the 6 rounds of 3 s runs;
 * BENCH_ENTERPRISE_CONFIGS: comma-separated keys of the configurations to measure (default
 * oidc_otel,oidc_otel_sampled10; `all` adds oidc_only and otel_only); the A/A control is always
 * measured unless BENCH_ENTERPRISE_AA=0.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { OAuth2Server } from 'oauth2-mock-server';
import { RUN_FLASH_BODY, cpuMsOf, startBenchServer, type BenchLine, type RunningBenchServer } from './http.js';
import { getTool } from '../src/tools/registry.js';
import { shuffled } from './enterprise-fixture.js';

/** The no-op OTLP receiver (bench/otlp-sink.ts) in a child process. */
async function noopOtlpReceiver(): Promise<{ url: string; pid: number | undefined; bytes: () => Promise<number>; close: () => void }> {
  const child = fork(new URL('./otlp-sink.js', import.meta.url), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [msg] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${msg.port}`,
    pid: child.pid,
    async bytes() {
      child.send('bytes');
      const [m] = (await once(child, 'message')) as [{ bytes: number }];
      return m.bytes;
    },
    close: () => child.disconnect(),
  };
}

/** CPU time (user + system) of a process's main thread and of all its threads, ms; Linux only. */
function threadCpuMs(pid: number): { main: number; all: number } | undefined {
  const all = cpuMsOf(pid);
  const main = cpuMsOf(pid, pid);
  return all === undefined || main === undefined ? undefined : { main, all };
}

interface Instance {
  config: string;
  server: RunningBenchServer;
  headers: Record<string, string>;
  warmupRps: number;
  /** Answers of the measured runs (CPU time per request divides by these). */
  requests: number;
  /** 2xx answers of the measured runs (throughput counts these). */
  ok: number;
  seconds: number;
  cpuMainMs: number;
  cpuAllMs: number;
  /** CPU time of the collector process during this server's measured runs. */
  collectorCpuMs: number;
  p99s: number[];
  non2xx: number;
}


/** Key of the A/A control configuration (plain servers as the subject). */
const AA = 'plain_aa';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function benchEnterprise(): Promise<BenchLine[]> {
  // Short runs, many rounds: the cost is a ratio within a round, so drift of a shared machine
  // between rounds cancels out.
  const durationS = Number(process.env.BENCH_ENTERPRISE_DURATION_S ?? 3);
  const warmupS = Number(process.env.BENCH_ENTERPRISE_WARMUP_S ?? 8);
  const connections = Number(process.env.BENCH_ENTERPRISE_CONNECTIONS ?? 16);
  const useFlash = getTool('runFlash') !== undefined;
  const tool = useFlash ? 'runFlash' : 'searchComponents';
  const body = useFlash ? RUN_FLASH_BODY : { query: 'methane' };
  const path = `/v1/tools/${tool}`;

  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  const otlp = await noopOtlpReceiver();
  try {
    const issuer = idp.issuer.url as string;
    const token = await idp.issuer.buildToken({
      expiresIn: 3600,
      scopesOrTransform: (_h, p) => {
        p.aud = 'neqsim-bench';
        p.sub = 'bench-user';
      },
    });
    const onEnv = { AUTH_MODE: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'neqsim-bench', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_SERVICE_NAME: 'neqsim-ts-bench' };
    const auth = { authorization: `Bearer ${token}` };

    // Every trace recorded (the default), and the common production setting of 10 % head sampling.
    const sampledEnv = { ...onEnv, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' };

    // Each feature alone as well, so a regression points at auth or at tracing.
    const oidcEnv = { AUTH_MODE: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'neqsim-bench' };
    const otelEnv = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_SERVICE_NAME: 'neqsim-ts-bench' };

    const plainConfig = { key: 'plain', env: {}, headers: {} };
    const configs: { key: string; env: Record<string, string>; headers: Record<string, string>; sampling?: string }[] = [
      { key: 'oidc_otel', env: onEnv, headers: auth, sampling: 'always_on' },
      { key: 'oidc_otel_sampled10', env: sampledEnv, headers: auth, sampling: 'parentbased_traceidratio 0.1' },
      { key: 'oidc_only', env: oidcEnv, headers: auth },
      { key: 'otel_only', env: otelEnv, headers: {}, sampling: 'always_on' },
    ];
    // The two the target is about by default; BENCH_ENTERPRISE_CONFIGS=all (or a comma-separated
    // list of keys) adds each feature alone, to show which one a cost comes from.
    const chosen = (process.env.BENCH_ENTERPRISE_CONFIGS ?? 'oidc_otel,oidc_otel_sampled10').split(',').map((x) => x.trim());
    if (!chosen.includes('all')) configs.splice(0, configs.length, ...configs.filter((c) => chosen.includes(c.key)));
    if (configs.length === 0) throw new Error(`BENCH_ENTERPRISE_CONFIGS names no configuration; use 'all' or some of oidc_otel, oidc_otel_sampled10, oidc_only, otel_only`);
    // The A/A control: plain servers measured as a configuration against plain controls.
    if (process.env.BENCH_ENTERPRISE_AA !== '0') configs.unshift({ key: AA, env: {}, headers: {} });
    const rounds = Number(process.env.BENCH_ENTERPRISE_ROUNDS ?? 6);
    const rewarmS = Number(process.env.BENCH_ENTERPRISE_REWARM_S ?? 1);
    const perConfig = Math.max(1, Number(process.env.BENCH_ENTERPRISE_INSTANCES ?? 4));
    const bodyText = JSON.stringify(body);
    const run = (inst: Instance, duration: number) =>
      autocannon({ url: `${inst.server.url}${path}`, method: 'POST', headers: { 'content-type': 'application/json', ...inst.headers }, body: bodyText, connections, duration });

    /** One measured run: re-warm, then `durationS` of load with the server's CPU time read around it. */
    const measure = async (inst: Instance): Promise<{ okRps: number; requests: number; cpuAllMs: number | undefined }> => {
      // A server idle while the others ran starts cold (caches, sleeping pool threads): a short
      // unmeasured run first, so every measured run is of a server under steady load.
      if (rewarmS > 0) await run(inst, rewarmS);
      const pid = inst.server.child.pid;
      const cpu0 = pid === undefined ? undefined : threadCpuMs(pid);
      const collector0 = otlp.pid === undefined ? undefined : cpuMsOf(otlp.pid);
      const r = await run(inst, durationS);
      const cpu1 = pid === undefined ? undefined : threadCpuMs(pid);
      const collector1 = otlp.pid === undefined ? undefined : cpuMsOf(otlp.pid);
      if (collector0 !== undefined && collector1 !== undefined) inst.collectorCpuMs += collector1 - collector0;
      inst.requests += r.requests.total;
      inst.ok += r.requests.total - r.non2xx;
      inst.seconds += durationS;
      let cpuAllMs: number | undefined;
      if (cpu0 !== undefined && cpu1 !== undefined) {
        inst.cpuMainMs += cpu1.main - cpu0.main;
        inst.cpuAllMs += cpu1.all - cpu0.all;
        cpuAllMs = cpu1.all - cpu0.all;
      }
      inst.p99s.push(r.latency.p99);
      inst.non2xx += r.non2xx;
      return { okRps: (r.requests.total - r.non2xx) / durationS, requests: r.requests.total, cpuAllMs };
    };

    // Per configuration, `perConfig` pairs of (its own plain control, a server of the configuration).
    // Started and warmed pair by pair, configurations alternating, so warm-ups share the drift.
    const pairs = new Map<string, { control: Instance; subject: Instance }[]>(configs.map((c) => [c.key, []]));
    const instances: Instance[] = [];
    const startInstance = async (c: { key: string; env: Record<string, string>; headers: Record<string, string> }): Promise<Instance> => {
      const server = await startBenchServer(c.env);
      const inst: Instance = { config: c.key, server, headers: c.headers, warmupRps: 0, requests: 0, ok: 0, seconds: 0, cpuMainMs: 0, cpuAllMs: 0, collectorCpuMs: 0, p99s: [], non2xx: 0 };
      instances.push(inst);
      const warm = await run(inst, warmupS); // JIT, pool threads, JWKS cache
      inst.warmupRps = (warm.requests.total - warm.non2xx) / warmupS;
      return inst;
    };
    try {
      for (let k = 0; k < perConfig; k++) {
        for (const c of configs) {
          const [first, second] = Math.random() < 0.5 ? [plainConfig, c] : [c, plainConfig];
          const a = await startInstance(first);
          const b = await startInstance(second);
          pairs.get(c.key)!.push(first === plainConfig ? { control: a, subject: b } : { control: b, subject: a });
        }
      }
      /** Per configuration: its req/s over its controls', one value per round. */
      const ratios = new Map<string, number[]>(configs.map((c) => [c.key, []]));
      /** Per configuration: its server CPU time per request over its controls', one value per round. */
      const cpuRatios = new Map<string, number[]>(configs.map((c) => [c.key, []]));
      for (let round = 0; round < rounds; round++) {
        for (const c of shuffled(configs)) {
          let subjectRps = 0;
          let controlRps = 0;
          // Server CPU time per request (all threads), summed per side: less disturbed by the
          // machine's other load than req/s, which also moves with the CPU share a server gets.
          const cpu = { subject: { ms: 0, n: 0 }, control: { ms: 0, n: 0 } };
          for (const pair of pairs.get(c.key)!) {
            // Back to back, in a random order of the two, so drift falls on both alike.
            for (const inst of shuffled([pair.control, pair.subject])) {
              const m = await measure(inst);
              if (inst === pair.subject) subjectRps += m.okRps;
              else controlRps += m.okRps;
              const side = inst === pair.subject ? cpu.subject : cpu.control;
              if (m.cpuAllMs !== undefined) {
                side.ms += m.cpuAllMs;
                side.n += m.requests;
              }
            }
          }
          ratios.get(c.key)!.push(subjectRps / controlRps);
          if (cpu.subject.n > 0 && cpu.control.n > 0 && cpu.control.ms > 0) cpuRatios.get(c.key)!.push(cpu.subject.ms / cpu.subject.n / (cpu.control.ms / cpu.control.n));
        }
      }

      const aaCosts = (ratios.get(AA) ?? []).map((x) => 100 * (1 - x));
      const aaSpread = aaCosts.length === 0 ? undefined : Number(median(aaCosts.map(Math.abs)).toFixed(1));
      const aaCpu = (cpuRatios.get(AA) ?? []).map((x) => 100 * (x - 1));
      const aaCpuSpread = aaCpu.length === 0 ? undefined : Number(median(aaCpu.map(Math.abs)).toFixed(1));
      const ctx = { tool, connections, durationS, warmupS, rounds, serversPerConfiguration: perConfig, statistic: 'median over rounds of req/s against the configuration\'s own plain controls, loaded back to back' };
      const pooled = (xs: Instance[]) => {
        const requests = xs.reduce((a, i) => a + i.requests, 0);
        const ok = xs.reduce((a, i) => a + i.ok, 0);
        const seconds = xs.reduce((a, i) => a + i.seconds, 0);
        const cpuAll = xs.reduce((a, i) => a + i.cpuAllMs, 0);
        const cpuMain = xs.reduce((a, i) => a + i.cpuMainMs, 0);
        const collector = xs.reduce((a, i) => a + i.collectorCpuMs, 0);
        return {
          rps: ok / seconds,
          cpuAll: cpuAll > 0 ? Math.round((cpuAll * 1000) / requests) : null,
          cpuMain: cpuMain > 0 ? Math.round((cpuMain * 1000) / requests) : null,
          collector: Number(((collector * 1000) / requests).toFixed(1)),
          p99: median(xs.flatMap((i) => i.p99s)),
          non2xx: xs.reduce((a, i) => a + i.non2xx, 0),
          warmupRps: xs.reduce((a, i) => a + i.warmupRps, 0) / xs.length,
        };
      };
      const serverLine = (key: string, m: ReturnType<typeof pooled>, sampling?: string): BenchLine => {
        return {
          name: `enterprise.${tool}.${key}`,
          unit: 'req/s',
          value: Math.round(m.rps),
          note: '2xx answers only',
          p99_ms: m.p99,
          non2xx: m.non2xx,
          server_cpu_us_per_request: m.cpuAll,
          main_thread_cpu_us_per_request: m.cpuMain,
          warmup_rps: Math.round(m.warmupRps),
          ...(sampling !== undefined ? { sampling } : {}),
          ...ctx,
        };
      };
      const lines: BenchLine[] = [serverLine('plain', pooled(instances.filter((i) => i.config === 'plain')))];
      for (const c of configs) {
        const subjects = pairs.get(c.key)!.map((p) => p.subject);
        const controls = pairs.get(c.key)!.map((p) => p.control);
        const m = pooled(subjects);
        const plain = pooled(controls);
        lines.push(serverLine(c.key, m, c.sampling));
        const costs = ratios.get(c.key)!.map((x) => 100 * (1 - x));
        const cpuCosts = cpuRatios.get(c.key)!.map((x) => 100 * (x - 1));
        lines.push({
          name: c.key === AA ? `enterprise.${AA}.throughput_difference` : `enterprise.${c.key}.throughput_cost`,
          unit: '%',
          value: Number(median(costs).toFixed(1)),
          rounds_cost: costs.map((x) => Number(x.toFixed(1))),
          ...(c.key === AA
            ? { note: 'A/A control: plain servers against plain servers, measured like every configuration; its size is the noise of the other figures' }
            : { ...(aaSpread !== undefined ? { aa_spread: aaSpread } : {}), ...(aaCpuSpread !== undefined ? { aa_cpu_spread: aaCpuSpread } : {}) }),
          non2xx: m.non2xx,
          controls_non2xx: plain.non2xx,
          // The same comparison in server CPU time per request (+: the configuration uses more).
          cpu_cost: cpuCosts.length === 0 ? null : Number(median(cpuCosts).toFixed(1)),
          rounds_cpu_cost: cpuCosts.map((x) => Number(x.toFixed(1))),
          pooled_cost: Number((100 * (1 - m.rps / plain.rps)).toFixed(1)),
          controls_rps: Math.round(plain.rps),
          controls_main_thread_cpu_us_per_request: plain.cpuMain,
          controls_server_cpu_us_per_request: plain.cpuAll,
          // The no-op collector shares the machine: its CPU during this configuration's runs is
          // part of the measured cost here, and would be on another machine in a deployment.
          collector_cpu_us_per_request: m.collector,
          method: 'each configuration against its own plain servers, every (plain, configuration) pair loaded back to back in random order; per round the ratio of their req/s; median of rounds (pooled_cost: all requests of the run)',
          ...(c.key.startsWith('oidc_otel') ? { target: '< 15' } : {}),
          ...(c.sampling !== undefined ? { sampling: c.sampling } : {}),
          ...ctx,
        });
        lines.push({
          name: `enterprise.${c.key}.warmup_cost`,
          unit: '%',
          value: Number((100 * (1 - m.warmupRps / plain.warmupRps)).toFixed(1)),
          method: `req/s of each server's first ${warmupS} s after start, mean per configuration, against its controls'`,
          ...(c.sampling !== undefined ? { sampling: c.sampling } : {}),
          ...ctx,
        });
      }
      lines.push({ name: 'enterprise.otlp_bytes_received', unit: 'B', value: await otlp.bytes(), protocol: 'http/protobuf' });
      return lines;
    } finally {
      for (const inst of instances) await inst.server.stop();
    }
  } finally {
    await idp.stop();
    otlp.close();
  }
}
