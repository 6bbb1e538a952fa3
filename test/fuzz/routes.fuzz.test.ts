/**
 * Property test over every registered tool route: random JSON, malformed text and
 * schema-mutated versions of each tool's own examples. The server must answer every one with
 * an envelope and never with a 5xx other than 503/504, stay up, and keep its heap bounded.
 */
import t from 'tap';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TOOLS } from '../../src/tools/registry.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const RUNS = 1_200;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Applies one structural mutation at a random depth. */
function mutate(value: Json, pick: number[], replacement: Json, key: string): Json {
  if (value === null || typeof value !== 'object') return replacement;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const action = pick[0] % 4;
  if (entries.length === 0 || action === 0) {
    // add an unknown field / element
    return Array.isArray(value) ? [...value, replacement] : { ...value, [key]: replacement };
  }
  const [k] = entries[pick[1] % entries.length];
  const copy: Record<string, Json> | Json[] = Array.isArray(value) ? [...value] : { ...value };
  if (action === 1) {
    // delete a field / element
    if (Array.isArray(copy)) copy.splice(Number(k), 1);
    else delete copy[k];
  } else if (action === 2) {
    // replace with a random value
    (copy as Record<string, Json>)[k] = replacement;
  } else {
    // recurse
    (copy as Record<string, Json>)[k] = mutate((copy as Record<string, Json>)[k], pick.slice(2).concat([1, 2]), replacement, key);
  }
  return copy;
}

const routeTools = TOOLS.map((tool) => ({ name: tool.name, examples: tool.examples.map((e) => e.input as Json) }));

const bodyArb = fc.oneof(
  // schema-mutated examples of the tool
  fc.record({
    kind: fc.constant('mutated' as const),
    pick: fc.array(fc.nat(50), { minLength: 8, maxLength: 8 }),
    replacement: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
    key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'toString', '')),
  }),
  // any JSON value
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> }),
  // arbitrary text, usually not JSON
  fc.record({ kind: fc.constant('text' as const), text: fc.string({ maxLength: 200 }) }),
);

t.test(`${RUNS} random and mutated bodies: envelopes only, no 5xx but 503/504`, async (t) => {
  const app = await buildTestApp(testConfig({ toolTimeoutMs: 10_000, logLevel: 'silent' }, { minThreads: 1, maxThreads: 2, maxQueue: 64 }), { tools: TOOLS });
  t.teardown(() => app.close());
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const statuses = new Map<number, number>();
  const failures: string[] = [];

  await fc.assert(
    fc.asyncProperty(fc.nat(routeTools.length * 1000), bodyArb, async (toolPick, body) => {
      const tool = routeTools[toolPick % routeTools.length];
      let payload: string;
      if (body.kind === 'mutated') {
        const base = tool.examples.length > 0 ? tool.examples[body.pick[7] % tool.examples.length] : {};
        payload = JSON.stringify(mutate(base, body.pick, body.replacement, body.key));
      } else if (body.kind === 'json') {
        payload = JSON.stringify(body.value);
      } else {
        payload = body.text;
      }
      const res = await app.inject({ method: 'POST', url: `/v1/tools/${tool.name}`, payload, headers: { 'content-type': 'application/json' } });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const serverFault = res.statusCode >= 500 && res.statusCode !== 503 && res.statusCode !== 504;
      let envelopeOk = false;
      try {
        const env = JSON.parse(res.body) as { apiVersion?: string; status?: string; errors?: unknown[] };
        envelopeOk = env.apiVersion === '1.0' && typeof env.status === 'string' && (res.statusCode === 200 || Array.isArray(env.errors) || env.status !== 'error');
      } catch {
        envelopeOk = false;
      }
      if (serverFault || !envelopeOk) failures.push(`${tool.name} ${res.statusCode} <- ${payload.slice(0, 200)} -> ${res.body.slice(0, 200)}`);
      return !serverFault && envelopeOk;
    }),
    { numRuns: RUNS, seed: 20261130, endOnFailure: true },
  );

  t.same(failures, [], 'every answer is an envelope without a server fault');
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  t.ok(total >= 1000, `${total} requests sent; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  t.ok((statuses.get(400) ?? 0) > 0, 'schema errors were exercised');
  const live = await app.inject({ method: 'GET', url: '/health/live' });
  t.equal(live.statusCode, 200, 'the server is still up');
  gc();
  const grown = process.memoryUsage().heapUsed - heapBefore;
  t.ok(grown < 64 * 1024 * 1024, `heap grew ${(grown / 1048576).toFixed(1)} MB (bound 64 MB)`);
});
