/**
 * Overload figures: a real server under closed-loop clients at 1x, 4x and 40x the pool's running
 * capacity (threads x tasks per thread, from /metrics), per tool: the share of calls shed with
 * 503, p50/p99 of the admitted calls (2xx only), calls/s, 504s, and the recovery time after the
 * burst.
 *
 * Client model: each client sends its next call as soon as the previous one is answered; after a
 * 503 it waits Retry-After x (1..1.5) first, as the header asks (the jitter keeps shed clients
 * from returning in one wave). Clients that ignore Retry-After would measure how fast the main
 * thread can refuse, not the policy, and would take the CPU the admitted calls need on the 2-core
 * machines this runs on.
 *
 * Recovery: from the end of a burst (clients stop sending), the time until a probe call is
 * answered 200; probes are sent one after another, 20 ms apart, ignoring Retry-After. Without
 * shedding a probe joins the whole queue; with it, it waits at most the queue target or is
 * refused and retried. Also reported: the time until no call is left in the pool.
 */
import { Agent, request } from 'node:http';
import { RUN_FLASH_BODY, scrapeMetric, startBenchServer, type BenchLine } from './http.js';

const PHASE_ENVELOPE_BODY = { model: 'SRK', components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 } };

interface Reply {
  status: number;
  retryAfterS: number;
}

function post(agent: Agent, url: string, body: string): Promise<Reply> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfterS: Number(res.headers['retry-after'] ?? 1) || 1 }));
    });
    req.on('error', () => resolve({ status: 0, retryAfterS: 1 }));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

export interface PhaseResult {
  clients: number;
  total: number;
  ok: number;
  shed: number;
  timeouts: number;
  otherErrors: number;
  p50Ms: number | null;
  p99Ms: number | null;
  okPerS: number;
  /** ms from the end of the burst until a probe was answered 200. */
  recoveryMs: number;
  /** ms from the end of the burst until no call was left in the pool. */
  drainMs: number | null;
}

/** One burst of `clients` closed-loop clients for durationS, then the recovery probe. */
async function phase(base: string, path: string, body: unknown, clients: number, durationS: number): Promise<PhaseResult> {
  const url = `${base}${path}`;
  const text = JSON.stringify(body);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const okLatencies: number[] = [];
  let shed = 0;
  let timeouts = 0;
  let otherErrors = 0;
  let running = true;
  const client = async (): Promise<void> => {
    while (running) {
      const t0 = performance.now();
      const r = await post(agent, url, text);
      const ms = performance.now() - t0;
      if (r.status >= 200 && r.status < 300) okLatencies.push(ms);
      else if (r.status === 503) {
        shed++;
        if (running) await sleep(r.retryAfterS * 1000 * (1 + Math.random() / 2));
      } else if (r.status === 504) timeouts++;
      else otherErrors++;
    }
  };
  const started = performance.now();
  const all = Array.from({ length: clients }, () => client());
  await sleep(durationS * 1000);
  running = false;
  const ended = performance.now();
  const elapsedS = (ended - started) / 1000;
  // Recovery probe (its own connection) while the burst's last calls are still being answered.
  const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  let recoveryMs = Number.NaN;
  let drainMs: number | null = null;
  const drain = (async () => {
    for (;;) {
      const n = await scrapeMetric(base, 'neqsim_pool_in_flight');
      if (n === undefined) return;
      if (n === 0) {
        drainMs = Math.round(performance.now() - ended);
        return;
      }
      await sleep(10);
    }
  })();
  for (;;) {
    const r = await post(probeAgent, url, text);
    if (r.status === 200) {
      recoveryMs = Math.round(performance.now() - ended);
      break;
    }
    await sleep(20);
  }
  await drain;
  await Promise.all(all);
  agent.destroy();
  probeAgent.destroy();
  okLatencies.sort((a, b) => a - b);
  const total = okLatencies.length + shed + timeouts + otherErrors;
  return {
    clients,
    total,
    ok: okLatencies.length,
    shed,
    timeouts,
    otherErrors,
    p50Ms: quantile(okLatencies, 0.5),
    p99Ms: quantile(okLatencies, 0.99),
    okPerS: Math.round(okLatencies.length / elapsedS),
    recoveryMs,
    drainMs,
  };
}

/** Multiples of the running capacity measured; 1 is the baseline the others are compared with. */
const LOADS = [1, 4, 40];

export async function benchOverload(emit: (l: BenchLine) => void, opts: { durationS: number }): Promise<void> {
  const server = await startBenchServer();
  try {
    const capacity = (await scrapeMetric(server.url, 'neqsim_pool_capacity')) ?? 8;
    const targets: [string, unknown][] = [
      ['runFlash', RUN_FLASH_BODY],
      ['getPhaseEnvelope', PHASE_ENVELOPE_BODY],
    ];
    for (const [tool, body] of targets) {
      const path = `/v1/tools/${tool}`;
      // Warm-up (JIT, threads, service-time estimates); its figures are discarded.
      await phase(server.url, path, body, capacity, Math.min(3, opts.durationS));
      let atCapacityP99: number | null = null;
      for (const k of LOADS) {
        const r = await phase(server.url, path, body, k * capacity, opts.durationS);
        if (k === 1) atCapacityP99 = r.p99Ms;
        const ctx = { tool, load: `${k}x`, clients: r.clients, capacity, durationS: opts.durationS, total: r.total, ok: r.ok, shed: r.shed, timeouts: r.timeouts, otherErrors: r.otherErrors };
        const name = `overload.${tool}.${k}x`;
        emit({ name: `${name}.shed_share`, unit: 'ratio', value: r.total === 0 ? null : Math.round((r.shed / r.total) * 1000) / 1000, ...ctx, note: '503 answers / all answers; clients wait Retry-After after a 503' });
        emit({ name: `${name}.admitted_p50`, unit: 'ms', value: r.p50Ms, ...ctx });
        emit({
          name: `${name}.admitted_p99`,
          unit: 'ms',
          value: r.p99Ms,
          ...ctx,
          ...(k > 1 && atCapacityP99 !== null && r.p99Ms !== null ? { ratioToCapacity: Math.round((r.p99Ms / atCapacityP99) * 100) / 100, target: '<= 3x the 1x p99' } : {}),
        });
        emit({ name: `${name}.admitted_per_s`, unit: 'req/s', value: r.okPerS, ...ctx });
        emit({ name: `${name}.recovery`, unit: 'ms', value: r.recoveryMs, drainMs: r.drainMs, ...ctx, note: 'burst end -> first 200 of a probe; drainMs: burst end -> no call left in the pool' });
      }
    }
  } finally {
    const code = await server.stop();
    emit({ name: 'overload.server_exit_code', unit: 'code', value: code });
  }
}
