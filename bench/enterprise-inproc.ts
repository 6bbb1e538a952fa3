/**
 * Main-thread CPU per runFlash request, plain against one enterprise configuration, both apps in
 * ONE process: two started copies of the same build differ by up to ~10 % here (JIT and memory
 * layout per process), more than the few µs being measured, so the two apps share a process (and
 * its JIT) and differ only in their configuration. Each app listens on its own port with its own
 * worker pool; an autocannon child process loads one app at a time, alternating, and the main
 * thread's run time (/proc/self/task/<pid>/schedstat, ns) is read around each run.
 *
 * Run: `flock /work/wt/bench.lock node dist/bench/enterprise-inproc.js [oidc_otel|oidc_otel_sampled10|oidc_only|otel_only]`
 * Env: INPROC_ROUNDS (6), INPROC_DURATION_S (3), INPROC_CONNECTIONS (16), INPROC_RATE (requests/s;
 * default unbounded). One enterprise configuration per process: the OpenTelemetry SDK is global.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { activeTelemetry } from '../src/telemetry/otel.js';
import { RUN_FLASH_BODY } from './http.js';
import { median, startEnterpriseFixture } from './enterprise-fixture.js';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function mainThreadRunNs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
}

/** autocannon in its own process (its CPU must not count as the server's); resolves to its JSON result. */
async function load(url: string, headers: Record<string, string>, durationS: number, connections: number, rate: number | undefined): Promise<{ requests: number; non2xx: number }> {
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(durationS), '-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(RUN_FLASH_BODY)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (rate !== undefined) args.push('-R', String(rate));
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0 || out.trim() === '') throw new Error(`autocannon exited with ${code}: ${err.slice(-500)}`);
  const r = JSON.parse(out) as { requests: { total: number }; non2xx: number };
  return { requests: r.requests.total, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const key = process.argv[2] ?? 'oidc_otel';
  const rounds = Number(process.env.INPROC_ROUNDS ?? 6);
  const durationS = Number(process.env.INPROC_DURATION_S ?? 3);
  const connections = Number(process.env.INPROC_CONNECTIONS ?? 16);
  const rate = process.env.INPROC_RATE === undefined ? undefined : Number(process.env.INPROC_RATE);

  const fixture = await startEnterpriseFixture();
  const { envs } = fixture;
  const env = envs[key];
  if (env === undefined) throw new Error(`unknown configuration ${key}`);
  const auth = key === 'otel_only' ? {} : fixture.auth;
  // The sampler is read from the environment by the SDK too.
  for (const [k, v] of Object.entries(env)) if (k.startsWith('OTEL_TRACES_SAMPLER')) process.env[k] = v;

  const plain = await buildApp(loadConfig({ BENCH_ECHO: '1' }));
  const enterprise = await buildApp(loadConfig({ ...env }));
  const apps = [
    // served: every request answered, warm-ups included (what a CPU profile of the run divides by).
    { name: 'plain', app: plain, headers: {} as Record<string, string>, url: '', ns: [] as number[], served: 0, non2xx: 0 },
    { name: key, app: enterprise, headers: auth as Record<string, string>, url: '', ns: [] as number[], served: 0, non2xx: 0 },
  ];

  try {
    for (const a of apps) a.url = `${await a.app.listen({ port: 0, host: '127.0.0.1' })}/v1/tools/runFlash`;
    for (const a of apps) {
      const warm = await load(a.url, a.headers, 6, connections, rate);
      a.served += warm.requests;
      // A loaded machine can make the pool shed a few calls (503); a refused token or a broken
      // route would refuse nearly all.
      if (warm.non2xx > warm.requests / 2) throw new Error(`${a.name}: ${warm.non2xx} of ${warm.requests} answers in the warm-up were not 2xx`);
    }
    for (let r = 0; r < rounds; r++) {
      for (const a of r % 2 === 0 ? apps : [...apps].reverse()) {
        a.served += (await load(a.url, a.headers, 1, connections, rate)).requests;
        const t0 = mainThreadRunNs();
        const res = await load(a.url, a.headers, durationS, connections, rate);
        a.served += res.requests;
        a.non2xx += res.non2xx;
        a.ns.push((mainThreadRunNs() - t0) / res.requests / 1000);
      }
    }
    const [p, e] = apps.map((a) => median(a.ns)) as [number, number];
    const diffs = apps[1]!.ns.map((x, i) => x - apps[0]!.ns[i]!);
    console.log(
      JSON.stringify({
        config: key,
        build: fileURLToPath(new URL('..', import.meta.url)),
        plain_main_us_per_request: Number(p.toFixed(1)),
        enterprise_main_us_per_request: Number(e.toFixed(1)),
        over_plain_us: Number((e - p).toFixed(1)),
        median_round_difference_us: Number(median(diffs).toFixed(1)),
        rounds_plain: apps[0]!.ns.map((x) => Number(x.toFixed(1))),
        rounds_enterprise: apps[1]!.ns.map((x) => Number(x.toFixed(1))),
        connections,
        ...(rate !== undefined ? { rate } : {}),
        durationS,
        served: { plain: apps[0]!.served, enterprise: apps[1]!.served },
        non2xx_measured: { plain: apps[0]!.non2xx, enterprise: apps[1]!.non2xx },
      }),
    );
  } finally {
    await plain.close();
    await enterprise.close();
    await activeTelemetry()?.shutdown();
    await fixture.close();
  }
}

await main();
