/**
 * The acceptance fuzz as a bench figure: how many fuzzed bodies every tool route took and how
 * many answers were a 500 or a WORKER_CRASHED (both must be 0). The same run as
 * test/fuzz/acceptance.fuzz.test.ts, through the real worker. Run alone with
 * `node dist/bench/fuzz.js` (FUZZ_PER_ROUTE, FUZZ_SEED override 300 and the test's seed).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { configureAudit } from '../src/tools/contract/governance/audit.js';
import { TOOLS } from '../src/tools/registry.js';
import { acceptanceFuzz } from '../test/fuzz/route-fuzz.js';

export async function benchFuzz(): Promise<object[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  configureAudit({ destination: 'off' });
  const perRoute = Number(process.env.FUZZ_PER_ROUTE ?? 300);
  const seed = Number(process.env.FUZZ_SEED ?? 20261204);
  const base = loadConfig({});
  const app = await buildApp(
    // As the test: one task per thread, so a timeout takes down only its own task (see acceptance.fuzz.test.ts).
    { ...base, logLevel: 'silent', toolTimeoutMs: 10_000, pool: { ...base.pool, minThreads: 2, maxThreads: 2, maxQueue: 256, concurrentTasksPerWorker: 1 } },
    { tools: TOOLS, mcp: false },
  );
  try {
    const r = await acceptanceFuzz(app, TOOLS, { perRoute, seed, concurrency: 4, gc, rssBoundMb: 50, settleMs: 30_000 });
    const perRouteCounts = Object.fromEntries(Object.entries(r.perRoute).map(([tool, s]) => [tool, s.bodies]));
    return [
      {
        name: 'fuzz-bodies',
        unit: 'bodies',
        value: r.total,
        responses500: r.responses500,
        workerCrashed: r.workerCrashed,
        notEnvelope: r.notEnvelope,
        routes: Object.keys(r.perRoute).length,
        minPerRoute: Math.min(...Object.values(perRouteCounts)),
        seconds: Number((r.ms / 1000).toFixed(1)),
        rssGrowthMb: Number((r.rssEndMb - r.rssStartMb).toFixed(1)),
        healthy: r.healthy,
        perRoute: perRouteCounts,
      },
    ];
  } finally {
    await app.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await benchFuzz()) process.stdout.write(JSON.stringify(line) + '\n');
}
