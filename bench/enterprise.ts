/**
 * Cost of the enterprise profile: requests/s of runFlash (searchComponents when runFlash is not
 * registered) through a real server process with OIDC bearer auth + OpenTelemetry tracing on,
 * against the same server with both off, measured in the same run: each round measures plain,
 * then every configuration, then plain again; a configuration's cost in a round is its req/s
 * against the mean of the two plain runs around it, and the reported cost is the median over the
 * rounds (so drift of a shared machine between rounds cancels out). A local oauth2-mock-server issues the token; a local no-op
 * OTLP/HTTP receiver accepts the spans (OTLP protobuf, the default). Tracing is measured with
 * every trace recorded and with 10 % head sampling (the Helm chart's default), and each feature
 * alone (OIDC only; tracing only) to show which one a cost comes from. The server's CPU time per
 * request (all threads, from /proc) is reported beside the throughput. Target: < 15 % cost.
 *
 * Each server is warmed up for 8 s before its measured run: measured second by second from start,
 * a fresh server reaches its steady throughput after ≈4 s plain and ≈5-6 s with OIDC and tracing
 * (the extra code is optimised later), so the earlier 2 s warm-up put part of that start-up ramp
 * into the throughput cost. The ramp is reported apart: the warm-up's own req/s per configuration
 * and its cost against plain (`*.warmup_cost`), the throughput a newly started replica gives.
 *
 * BENCH_ENTERPRISE_ROUNDS / BENCH_ENTERPRISE_DURATION_S / BENCH_ENTERPRISE_WARMUP_S override the
 * 5 rounds of 5 s runs after 8 s of warm-up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { OAuth2Server } from 'oauth2-mock-server';
import { RUN_FLASH_BODY, cpuMsOf, startBenchServer, type BenchLine } from './http.js';
import { getTool } from '../src/tools/registry.js';

async function noopOtlpReceiver(): Promise<{ url: string; spans: () => number; server: Server }> {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    // An empty ExportTraceServiceResponse, in the encoding of the request.
    req.on('end', () =>
      req.headers['content-type']?.startsWith('application/x-protobuf') === true
        ? res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans: () => bytes, server };
}

interface Measured {
  rps: number;
  p99: number;
  non2xx: number;
  /** Server CPU (user + system, all threads) per request during the measured run, µs; Linux only. */
  cpuUsPerRequest?: number;
  /** req/s of the warm-up run, from a freshly started server. */
  warmupRps: number;
}

async function measure(env: Record<string, string>, path: string, body: unknown, headers: Record<string, string>, durationS: number, warmupS: number, connections: number): Promise<Measured> {
  const srv = await startBenchServer(env);
  try {
    const opts = { url: `${srv.url}${path}`, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), connections };
    const warm = await autocannon({ ...opts, duration: warmupS }); // JIT, pool threads, JWKS cache
    const pid = srv.child.pid;
    const cpu0 = pid === undefined ? undefined : cpuMsOf(pid);
    const r = await autocannon({ ...opts, duration: durationS });
    const cpu1 = pid === undefined ? undefined : cpuMsOf(pid);
    const cpuUsPerRequest = cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0 ? Math.round(((cpu1 - cpu0) * 1000) / r.requests.total) : undefined;
    return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + warm.non2xx, warmupRps: warm.requests.total / warmupS, ...(cpuUsPerRequest !== undefined ? { cpuUsPerRequest } : {}) };
  } finally {
    await srv.stop();
  }
}

export async function benchEnterprise(): Promise<BenchLine[]> {
  // Short runs, many rounds: the cost is a ratio within a round, so drift of a shared machine
  // between rounds cancels out.
  const durationS = Number(process.env.BENCH_ENTERPRISE_DURATION_S ?? 5);
  const warmupS = Number(process.env.BENCH_ENTERPRISE_WARMUP_S ?? 8);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
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

    const configs: { key: string; env: Record<string, string>; headers: Record<string, string>; sampling?: string }[] = [
      { key: 'plain', env: {}, headers: {} },
      { key: 'oidc_otel', env: onEnv, headers: auth, sampling: 'always_on' },
      { key: 'oidc_otel_sampled10', env: sampledEnv, headers: auth, sampling: 'parentbased_traceidratio 0.1' },
      { key: 'oidc_only', env: oidcEnv, headers: auth },
      { key: 'otel_only', env: otelEnv, headers: {}, sampling: 'always_on' },
    ];
    const rounds = Number(process.env.BENCH_ENTERPRISE_ROUNDS ?? 5);
    const runs = new Map<string, Measured[]>(configs.map((c) => [c.key, []]));
    /** Per round and configuration: 1 - rps / rps of plain measured just before and just after (mean). */
    const roundCosts = new Map<string, number[]>(configs.map((c) => [c.key, []]));
    /** The same for the warm-up runs (a freshly started server's first seconds). */
    const warmupCosts = new Map<string, number[]>(configs.map((c) => [c.key, []]));
    for (let round = 0; round < rounds; round++) {
      const before = await measure({}, path, body, {}, durationS, warmupS, connections);
      const inRound: [string, Measured][] = [];
      for (const c of configs.slice(1)) inRound.push([c.key, await measure(c.env, path, body, c.headers, durationS, warmupS, connections)]);
      const after = await measure({}, path, body, {}, durationS, warmupS, connections);
      runs.get('plain')!.push(before, after);
      const reference = (before.rps + after.rps) / 2;
      const warmReference = (before.warmupRps + after.warmupRps) / 2;
      for (const [key, m] of inRound) {
        runs.get(key)!.push(m);
        roundCosts.get(key)!.push(100 * (1 - m.rps / reference));
        warmupCosts.get(key)!.push(100 * (1 - m.warmupRps / warmReference));
      }
    }
    const median = (xs: number[]): number => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    const summary = (key: string) => {
      const ms = runs.get(key)!;
      const cpus = ms.map((m) => m.cpuUsPerRequest).filter((x): x is number => x !== undefined);
      return {
        rps: median(ms.map((m) => m.rps)),
        p99: median(ms.map((m) => m.p99)),
        non2xx: ms.reduce((a, m) => a + m.non2xx, 0),
        cpu: cpus.length > 0 ? median(cpus) : null,
        all: ms.map((m) => Math.round(m.rps)),
        warmupRps: median(ms.map((m) => m.warmupRps)),
      };
    };
    const ctx = { tool, connections, durationS, warmupS, rounds, statistic: 'median over rounds' };
    const lines: BenchLine[] = [];
    for (const c of configs) {
      const m = summary(c.key);
      lines.push({
        name: `enterprise.${tool}.${c.key}`,
        unit: 'req/s',
        value: Math.round(m.rps),
        rounds_rps: m.all,
        p99_ms: m.p99,
        non2xx: m.non2xx,
        server_cpu_us_per_request: m.cpu,
        warmup_rps: Math.round(m.warmupRps),
        ...(c.sampling !== undefined ? { sampling: c.sampling } : {}),
        ...ctx,
      });
      if (c.key === 'plain') continue;
      const costs = roundCosts.get(c.key)!;
      lines.push({
        name: `enterprise.${c.key}.throughput_cost`,
        unit: '%',
        value: Number(median(costs).toFixed(1)),
        rounds_cost: costs.map((x) => Number(x.toFixed(1))),
        method: 'per round against the mean of plain runs just before and after; median of rounds',
        ...(c.key.startsWith('oidc_otel') ? { target: '< 15' } : {}),
        ...(c.sampling !== undefined ? { sampling: c.sampling } : {}),
        ...ctx,
      });
      const warmCosts = warmupCosts.get(c.key)!;
      lines.push({
        name: `enterprise.${c.key}.warmup_cost`,
        unit: '%',
        value: Number(median(warmCosts).toFixed(1)),
        rounds_cost: warmCosts.map((x) => Number(x.toFixed(1))),
        method: `req/s of the ${warmupS} s warm-up from a fresh start, against plain's warm-ups in the same round; median of rounds`,
        ...(c.sampling !== undefined ? { sampling: c.sampling } : {}),
        ...ctx,
      });
    }
    lines.push({ name: 'enterprise.otlp_bytes_received', unit: 'B', value: otlp.spans(), protocol: 'http/protobuf' });
    return lines;
  } finally {
    await idp.stop();
    await new Promise((r) => otlp.server.close(r));
  }
}
