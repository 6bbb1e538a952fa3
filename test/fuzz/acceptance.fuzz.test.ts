/**
 * Acceptance fuzz of issue 20: at least 300 schema-driven and mutated bodies on every tool route
 * (route-fuzz.ts), through the real app with a worker pool and a small time budget. No answer may
 * be a 500 or a WORKER_CRASHED, every answer is a contract envelope, the server stays healthy and
 * its RSS comes back within 50 MB of where it started.
 */
import t from 'tap';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { TOOLS } from '../../src/tools/registry.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';
import { acceptanceFuzz } from './route-fuzz.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
// 18 000 audit lines would be most of the test's output and time.
configureAudit({ destination: 'off' });

const PER_ROUTE = 300;

t.test(`${PER_ROUTE} fuzzed bodies on each of the ${TOOLS.length} tool routes: no 500, no worker crash`, async (t) => {
  // One task per thread: a body that runs past its budget then takes only its own thread down. With
  // tasks pipelined per thread, a timeout also fails its neighbours (retried once, alone), and on a
  // loaded CI machine that retry can time out too: a pool policy matter, not an input crash. 10 s:
  // every body finishes in under 2 s on an idle machine; the slack is for CI running files in parallel.
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 10_000, logLevel: 'silent' }, { minThreads: 2, maxThreads: 2, maxQueue: 256, concurrentTasksPerWorker: 1 }), { tools: TOOLS });
  t.teardown(() => app.close());
  const r = await acceptanceFuzz(app, TOOLS, { perRoute: PER_ROUTE, seed: 20261204, concurrency: 4, gc, rssBoundMb: 50, settleMs: 30_000 });

  const statuses: Record<string, number> = {};
  for (const s of Object.values(r.perRoute)) for (const [code, n] of Object.entries(s.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  t.comment(`fuzz: ${r.total} bodies on ${Object.keys(r.perRoute).length} routes in ${(r.ms / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`);
  t.comment(`per route: ${Object.entries(r.perRoute).map(([tool, s]) => `${tool} ${s.bodies}`).join(', ')}`);
  t.comment(`RSS ${r.rssStartMb.toFixed(0)} MB after warm-up -> ${r.rssEndMb.toFixed(0)} MB after the run`);

  t.same(r.failures, [], 'no failing body');
  t.equal(r.responses500, 0, 'no 5xx other than 503/504');
  t.equal(r.workerCrashed, 0, 'no WORKER_CRASHED');
  t.equal(r.notEnvelope, 0, 'every answer is a contract envelope');
  t.same(
    TOOLS.filter((tool) => (r.perRoute[tool.name]?.bodies ?? 0) < PER_ROUTE).map((tool) => tool.name),
    [],
    `every route got at least ${PER_ROUTE} bodies`,
  );
  t.ok((statuses['400'] ?? 0) > 0 && (statuses['200'] ?? 0) > 0 && (statuses['422'] ?? 0) > 0, 'schema errors, successes and not-computable answers were all exercised');
  t.ok(r.healthy, 'the server answers /health/live and computes a flash afterwards');
  t.ok(r.rssEndMb - r.rssStartMb <= 50, `RSS within 50 MB of its start (${(r.rssEndMb - r.rssStartMb).toFixed(0)} MB)`);
});
