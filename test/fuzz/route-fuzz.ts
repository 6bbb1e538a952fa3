/**
 * The acceptance fuzz of issue 20, shared by test/fuzz/acceptance.fuzz.test.ts and the `fuzz`
 * bench entry: for every tool route, bodies built from the route's own JSON Schema and its
 * examples, then mutated at a schema-known path (wrong types, 1e308, 1e-320, -0, huge strings,
 * nesting 10 000 deep, arrays for objects, `__proto__` / `constructor` keys, missing and unknown
 * fields). Deterministic (seeded), so a failure names a body that reproduces.
 */
import type { AnyTool } from '../../src/tools/contract/types.js';
import { inputJsonSchema } from '../../src/tools/contract/catalog/schemas.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

/** Small seeded PRNG (mulberry32): reproducible bodies without a dependency. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value the schema accepts, as far as a generator without semantics can tell. */
export function sampleOf(schema: Schema | undefined, rnd: () => number, depth = 0): Json {
  if (schema === undefined || depth > 8) return null;
  if (schema.const !== undefined) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[Math.floor(rnd() * schema.enum.length)] as Json;
  if (Array.isArray(schema.anyOf)) return sampleOf(schema.anyOf[Math.floor(rnd() * schema.anyOf.length)] as Schema, rnd, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && rnd() < 0.7) return schema.examples[0] as Json;
  switch (schema.type) {
    case 'number':
    case 'integer': {
      const lo = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
      const hi = typeof schema.maximum === 'number' ? schema.maximum : lo + 100;
      const v = lo + (Math.min(hi, lo + 100) - lo) * rnd();
      return schema.type === 'integer' ? Math.ceil(v) : v;
    }
    case 'string':
      return 'x'.repeat(Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1));
    case 'boolean':
      return rnd() < 0.5;
    case 'null':
      return null;
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map((s) => sampleOf(s as Schema, rnd, depth + 1));
      const n = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, 1);
      return Array.from({ length: Math.min(n, 4) }, () => sampleOf(schema.items as Schema, rnd, depth + 1));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [k, s] of Object.entries(props)) if (required.has(k) || rnd() < 0.5) out[k] = sampleOf(s, rnd, depth + 1);
      const pattern = schema.patternProperties as Record<string, Schema> | undefined;
      if (pattern !== undefined) out.methane = sampleOf(Object.values(pattern)[0], rnd, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** JSON pointer paths of every node of a value (the root is ''), at most `max` of them. */
function pathsOf(v: Json, max = 400): string[] {
  const out: string[] = [];
  const stack: [Json, string][] = [[v, '']];
  while (stack.length > 0 && out.length < max) {
    const [x, p] = stack.pop()!;
    out.push(p);
    if (x !== null && typeof x === 'object') {
      for (const [k, c] of Array.isArray(x) ? x.map((c, i) => [String(i), c] as const) : Object.entries(x)) stack.push([c, `${p}/${k}`]);
    }
  }
  return out;
}

function getAt(v: Json, path: string): Json | undefined {
  let x: Json | undefined = v;
  for (const k of path.split('/').slice(1)) {
    if (x === null || typeof x !== 'object') return undefined;
    x = (x as Record<string, Json>)[k];
  }
  return x;
}

/** A copy of `root` with the node at `path` replaced (undefined deletes it). */
function setAt(root: Json, path: string, value: Json | undefined): Json | undefined {
  if (path === '') return value;
  const keys = path.split('/').slice(1);
  const copy = structuredClone(root);
  let parent = copy as Record<string, Json> | Json[];
  for (const k of keys.slice(0, -1)) parent = (parent as Record<string, Json>)[k] as Record<string, Json>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else (parent as Record<string, Json>)[last] = value;
  return copy;
}

/** Text markers replaced after JSON.stringify: values JSON.stringify cannot write (-0) or that are big. */
const NEG_ZERO = '"__FUZZ_NEG_ZERO__"';
const DEEP = '"__FUZZ_DEEP__"';
const OBJ = '"__FUZZ_OBJ__"';
const DEEP_TEXT = '['.repeat(10_000) + ']'.repeat(10_000);

export const MUTATIONS = [
  'wrong-type',
  'max-double',
  'subnormal',
  'negative-zero',
  'huge-string',
  'deep-10000',
  'array-for-object',
  'proto-keys',
  'missing-field',
  'unknown-field',
  'whole-body',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface FuzzBody {
  tool: string;
  mutation: Mutation | 'base';
  payload: string;
}

function mutate(base: Json, kind: Mutation, rnd: () => number): string {
  const paths = pathsOf(base);
  const pick = (pred: (x: Json | undefined) => boolean = () => true): string => {
    const ok = paths.filter((p) => pred(getAt(base, p)));
    return ok.length === 0 ? '' : ok[Math.floor(rnd() * ok.length)]!;
  };
  const nonRoot = (x: Json | undefined, p?: string) => p !== '' && x !== undefined;
  const text = (v: Json | undefined) => JSON.stringify(v ?? null);
  switch (kind) {
    case 'wrong-type': {
      const p = pick();
      const x = getAt(base, p);
      const options: Json[] = ['not a number', 42, true, null, [], {}].filter((o) => typeof o !== typeof x || Array.isArray(o) !== Array.isArray(x));
      return text(setAt(base, p, options[Math.floor(rnd() * options.length)]!));
    }
    case 'max-double': {
      const p = pick((x) => typeof x === 'number') || pick();
      return text(setAt(base, p, rnd() < 0.5 ? 1e308 : -1.7976931348623157e308));
    }
    case 'subnormal': {
      const p = pick((x) => typeof x === 'number') || pick();
      return text(setAt(base, p, rnd() < 0.5 ? 1e-320 : 5e-324));
    }
    case 'negative-zero': {
      const p = pick((x) => typeof x === 'number') || pick();
      return text(setAt(base, p, '__FUZZ_NEG_ZERO__')).replace(NEG_ZERO, () => '-0');
    }
    case 'huge-string': {
      const p = pick((x) => typeof x === 'string') || pick();
      return text(setAt(base, p, 'A'.repeat(100_000 + Math.floor(rnd() * 100_000))));
    }
    case 'deep-10000':
      return text(setAt(base, pick(), '__FUZZ_DEEP__')).replace(DEEP, () => DEEP_TEXT);
    case 'array-for-object': {
      const p = pick((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
      const x = getAt(base, p);
      return text(setAt(base, p, rnd() < 0.5 ? [x ?? null] : []));
    }
    case 'proto-keys': {
      const p = pick((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
      const inner = JSON.stringify(getAt(base, p) ?? {});
      const key = rnd() < 0.5 ? '"__proto__": {"polluted": true}' : '"constructor": {"prototype": {"polluted": true}}';
      const replaced = inner === '{}' ? `{${key}}` : `{${key},${inner.slice(1)}`;
      return text(setAt(base, p, '__FUZZ_OBJ__')).replace(OBJ, () => replaced);
    }
    case 'missing-field': {
      const p = paths.filter((q) => nonRoot(getAt(base, q), q));
      return text(p.length === 0 ? base : setAt(base, p[Math.floor(rnd() * p.length)]!, undefined));
    }
    case 'unknown-field': {
      const p = pick((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
      const x = getAt(base, p) as Record<string, Json>;
      const key = ['extra', 'Model', 'temperatureC', 'toString', 'valueOf', ''][Math.floor(rnd() * 6)]!;
      return text(setAt(base, p, { ...x, [key]: 1 }));
    }
    case 'whole-body': {
      const bodies = ['[]', '"text"', '123', 'null', 'true', '{}', '{"a":', '', JSON.stringify(JSON.stringify(base)), `[${text(base)}]`];
      return bodies[Math.floor(rnd() * bodies.length)]!;
    }
  }
}

/**
 * `perRoute` bodies for one tool, made one at a time (a run holds no more than the bodies in
 * flight: a few hundred 200 KB strings would otherwise dominate the memory being measured): two
 * bases (examples, schema samples), then the mutations in turn on a random base.
 */
export function* bodiesFor(tool: AnyTool, perRoute: number, seed: number): Generator<FuzzBody> {
  const rnd = prng(seed);
  const schema = inputJsonSchema(tool) as Schema;
  const bases: Json[] = [...tool.examples.map((e) => e.input as Json), sampleOf(schema, rnd), sampleOf(schema, rnd)];
  let n = 0;
  for (const b of bases.slice(0, 2)) {
    if (n++ < perRoute) yield { tool: tool.name, mutation: 'base', payload: JSON.stringify(b) };
  }
  for (let i = 0; n < perRoute; i++, n++) {
    const kind = MUTATIONS[i % MUTATIONS.length]!;
    const base = bases[Math.floor(rnd() * bases.length)]!;
    yield { tool: tool.name, mutation: kind, payload: mutate(base, kind, rnd) };
  }
}

export interface RouteStats {
  bodies: number;
  statuses: Record<string, number>;
}

export interface FuzzReport {
  total: number;
  responses500: number;
  workerCrashed: number;
  /** Bodies answered with something other than a contract envelope. */
  notEnvelope: number;
  perRoute: Record<string, RouteStats>;
  /** First few failing bodies (tool, mutation, status, start of the body and the answer). */
  failures: string[];
}

/** What sends one body: returns the HTTP status and the response text. */
export type Send = (tool: string, payload: string) => Promise<{ status: number; body: string }>;

/** Sends every body (several at a time) and tallies the answers. */
export async function runRouteFuzz(tools: readonly AnyTool[], send: Send, opts: { perRoute: number; seed: number; concurrency: number }): Promise<FuzzReport> {
  const byTool = tools.map((t, i) => bodiesFor(t, opts.perRoute, opts.seed + i * 7919));
  // Interleaved by route, so the slow pool routes spread over the run instead of queueing together.
  function* interleaved(): Generator<FuzzBody> {
    for (let i = 0; i < opts.perRoute; i++) {
      for (const gen of byTool) {
        const r = gen.next();
        if (r.done !== true) yield r.value;
      }
    }
  }
  const queue = interleaved();
  const report: FuzzReport = { total: 0, responses500: 0, workerCrashed: 0, notEnvelope: 0, perRoute: {}, failures: [] };
  const worker = async (): Promise<void> => {
    for (let r = queue.next(); r.done !== true; r = queue.next()) {
      const b = r.value;
      const { status, body } = await send(b.tool, b.payload);
      const route = (report.perRoute[b.tool] ??= { bodies: 0, statuses: {} });
      route.bodies++;
      route.statuses[status] = (route.statuses[status] ?? 0) + 1;
      report.total++;
      let env: { apiVersion?: unknown; status?: unknown; errors?: { code?: string }[] } | undefined;
      try {
        env = JSON.parse(body) as typeof env;
      } catch {
        env = undefined;
      }
      const crashed = status === 503 && env?.errors?.[0]?.code === 'WORKER_CRASHED';
      const fault = status >= 500 && status !== 503 && status !== 504;
      // A governance refusal (403 blocked, e.g. an admin action without the admin token) carries the
      // contract's reason and remediation instead of errors[].
      const refusal = status === 403 && env?.status === 'blocked' && typeof (env as { reason?: unknown }).reason === 'string';
      const envelope = env !== undefined && env.apiVersion === '1.0' && typeof env.status === 'string' && (status === 200 || Array.isArray(env.errors) || refusal);
      if (fault) report.responses500++;
      if (crashed) report.workerCrashed++;
      if (!envelope) report.notEnvelope++;
      if ((fault || crashed || !envelope) && report.failures.length < 20) {
        report.failures.push(`${b.tool} [${b.mutation}] ${status} <- ${b.payload.slice(0, 160)} -> ${body.slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return report;
}

/** The app surface the fuzz needs (a NeqsimApp, or anything with Fastify's inject). */
export interface InjectableApp {
  inject(opts: { method: 'POST' | 'GET'; url: string; payload?: string; headers?: Record<string, string> }): Promise<{ statusCode: number; body: string }>;
}

export interface AcceptanceResult extends FuzzReport {
  /** RSS after a warm-up pass (every route's code and caches loaded), MB. */
  rssStartMb: number;
  /** RSS after the run once it settled (or after `settleMs`), MB. */
  rssEndMb: number;
  healthy: boolean;
  ms: number;
}

/**
 * The acceptance run: a warm-up pass of a few bodies per route (so "start" is a server that has
 * served every route once, not one that has not loaded them yet), the fuzz, then the health
 * check and the RSS, waiting up to `settleMs` for it to come back within `rssBoundMb` (worker
 * threads give memory back when their V8 heaps shrink after the load ends).
 */
export async function acceptanceFuzz(
  app: InjectableApp,
  tools: readonly AnyTool[],
  opts: { perRoute: number; seed: number; concurrency: number; gc: () => void; rssBoundMb: number; settleMs: number },
): Promise<AcceptanceResult> {
  const send: Send = async (tool, payload) => {
    const r = await app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload, headers: { 'content-type': 'application/json' } });
    return { status: r.statusCode, body: r.body };
  };
  // Warm-up: a full-size pass with another seed, so the pool threads have compiled, cached and grown
  // their V8 heaps to what this load needs (worker heaps count in this RSS, cannot be collected from
  // here and expand in steps; a warm-up of a few bodies per route left one-off expansions of 30-80 MB
  // inside the measured run). A leak grows in every pass, so growth after this one is the run's own.
  const warm = await runRouteFuzz(tools, send, { ...opts, seed: opts.seed ^ 0x5eed });
  if (warm.failures.length > 0 || warm.responses500 > 0) return { ...warm, rssStartMb: 0, rssEndMb: 0, healthy: false, ms: 0 };
  opts.gc();
  const rssStart = process.memoryUsage.rss();
  const t0 = performance.now();
  const report = await runRouteFuzz(tools, send, opts);
  const ms = performance.now() - t0;
  const live = await app.inject({ method: 'GET', url: '/health/live' });
  const flash = await send('runFlash', JSON.stringify({ components: { methane: 0.9, ethane: 0.1 }, temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } }));
  const healthy = live.statusCode === 200 && flash.status === 200;
  const bound = opts.rssBoundMb * 1048576;
  let rss = process.memoryUsage.rss();
  for (const until = performance.now() + opts.settleMs; rss - rssStart > bound && performance.now() < until; ) {
    await new Promise((r) => setTimeout(r, 1000));
    opts.gc();
    rss = process.memoryUsage.rss();
  }
  return { ...report, rssStartMb: rssStart / 1048576, rssEndMb: rss / 1048576, healthy, ms };
}
