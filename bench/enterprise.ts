/**
 * Cost of the enterprise profile: requests/s of runFlash (searchComponents when runFlash is not
 * registered) through a real server process with OIDC bearer auth + OpenTelemetry tracing on,
 * against the same server with both off, measured in the same run (interleaved off/on/off/on,
 * best of each). A local oauth2-mock-server issues the token; a local no-op OTLP/HTTP receiver
 * accepts the spans. Tracing is measured with every trace recorded and with 10 % head sampling
 * (OTEL_TRACES_SAMPLER, read by the SDK), and each feature alone (OIDC only; tracing only) to
 * show which one a cost comes from. Target: < 15 % throughput cost.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { OAuth2Server } from 'oauth2-mock-server';
import { RUN_FLASH_BODY, startBenchServer, type BenchLine } from './http.js';
import { getTool } from '../src/tools/registry.js';

async function noopOtlpReceiver(): Promise<{ url: string; spans: () => number; server: Server }> {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans: () => bytes, server };
}

interface Measured {
  rps: number;
  p99: number;
  non2xx: number;
}

async function measure(env: Record<string, string>, path: string, body: unknown, headers: Record<string, string>, durationS: number, connections: number): Promise<Measured> {
  const srv = await startBenchServer(env);
  try {
    const opts = { url: `${srv.url}${path}`, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), connections };
    await autocannon({ ...opts, duration: Math.min(2, durationS) }); // warm-up: JIT, pool threads, JWKS cache
    const r = await autocannon({ ...opts, duration: durationS });
    return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
  } finally {
    await srv.stop();
  }
}

export async function benchEnterprise(): Promise<BenchLine[]> {
  const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
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

    const off: Measured[] = [];
    const on: Measured[] = [];
    const sampled: Measured[] = [];
    const oidcOnly: Measured[] = [];
    const otelOnly: Measured[] = [];
    // Interleaved so drift of a shared machine hits every configuration alike.
    for (let round = 0; round < 2; round++) {
      off.push(await measure({}, path, body, {}, durationS, connections));
      on.push(await measure(onEnv, path, body, auth, durationS, connections));
      sampled.push(await measure(sampledEnv, path, body, auth, durationS, connections));
      oidcOnly.push(await measure(oidcEnv, path, body, auth, durationS, connections));
      otelOnly.push(await measure(otelEnv, path, body, {}, durationS, connections));
    }
    const best = (xs: Measured[]) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const bOff = best(off);
    const bOn = best(on);
    const bSampled = best(sampled);
    const bOidc = best(oidcOnly);
    const bOtel = best(otelOnly);
    const cost = (m: Measured) => (bOff.rps > 0 ? Number(((100 * (bOff.rps - m.rps)) / bOff.rps).toFixed(1)) : null);
    const ctx = { tool, connections, durationS, rounds: 2, statistic: 'best of rounds' };
    return [
      { name: `enterprise.${tool}.plain`, unit: 'req/s', value: Math.round(bOff.rps), p99_ms: bOff.p99, non2xx: bOff.non2xx, ...ctx },
      { name: `enterprise.${tool}.oidc_otel`, unit: 'req/s', value: Math.round(bOn.rps), p99_ms: bOn.p99, non2xx: bOn.non2xx, sampling: 'always_on', ...ctx },
      { name: `enterprise.${tool}.oidc_otel_sampled10`, unit: 'req/s', value: Math.round(bSampled.rps), p99_ms: bSampled.p99, non2xx: bSampled.non2xx, sampling: 'parentbased_traceidratio 0.1', ...ctx },
      { name: 'enterprise.oidc_otel.throughput_cost', unit: '%', value: cost(bOn), target: '< 15', sampling: 'always_on', otlpBytesReceived: otlp.spans(), ...ctx },
      { name: 'enterprise.oidc_otel_sampled10.throughput_cost', unit: '%', value: cost(bSampled), target: '< 15', sampling: 'parentbased_traceidratio 0.1', ...ctx },
      { name: `enterprise.${tool}.oidc_only`, unit: 'req/s', value: Math.round(bOidc.rps), p99_ms: bOidc.p99, non2xx: bOidc.non2xx, ...ctx },
      { name: 'enterprise.oidc_only.throughput_cost', unit: '%', value: cost(bOidc), ...ctx },
      { name: `enterprise.${tool}.otel_only`, unit: 'req/s', value: Math.round(bOtel.rps), p99_ms: bOtel.p99, non2xx: bOtel.non2xx, sampling: 'always_on', ...ctx },
      { name: 'enterprise.otel_only.throughput_cost', unit: '%', value: cost(bOtel), sampling: 'always_on', ...ctx },
    ];
  } finally {
    await idp.stop();
    await new Promise((r) => otlp.server.close(r));
  }
}
