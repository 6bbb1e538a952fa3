/**
 * `npm run bench`: one JSON object per line on stdout ({name, unit, value, ...context}).
 * HTTP figures come from a real server process under autocannon; engine figures from the bench
 * modules of the engine/standards/enterprise engineers when they are present. Messages about
 * missing modules go to stderr so stdout stays machine-readable.
 *
 * BENCH_DURATION_S / BENCH_CONNECTIONS override the 10 s x 50 connections defaults.
 *
 * Arguments pick a subset by name, e.g. `node dist/bench/run.js overload` or `... http gerg`:
 * http (cold start, RSS, echo and tool routes), overload (bench/overload.ts), and the module
 * benches dispatch, batch, engine-flash, envelope, process, column, cost-curves, mcp, gerg, models, standards, enterprise, fuzz, scale-out, coldstart. No argument runs all.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchHttp, type BenchLine } from './http.js';
import { benchOverload } from './overload.js';

const emit = (line: BenchLine | object): void => {
  process.stdout.write(JSON.stringify(line) + '\n');
};

const MODULES: { file: string; fn: string }[] = [
  { file: './dispatch.js', fn: 'benchDispatch' },
  { file: './batch.js', fn: 'benchBatch' },
  { file: './engine-flash.js', fn: 'benchEngineFlash' },
  { file: './envelope.js', fn: 'benchEnvelope' },
  { file: './process.js', fn: 'benchProcess' },
  { file: './column.js', fn: 'benchColumn' },
  { file: './cost-curves.js', fn: 'benchCostCurves' },
  { file: './mcp.js', fn: 'benchMcp' },
  { file: './gerg.js', fn: 'benchGerg' },
  { file: './models.js', fn: 'benchModels' },
  { file: './standards.js', fn: 'benchStandards' },
  { file: './enterprise.js', fn: 'benchEnterprise' },
  { file: './fuzz.js', fn: 'benchFuzz' },
  { file: './scale-out.js', fn: 'benchScaleOut' },
  { file: './coldstart.js', fn: 'benchColdstart' },
];

async function runModule(file: string, fn: string): Promise<void> {
  const url = new URL(file, import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    process.stderr.write(`bench: ${file.replace('.js', '.ts')} is not present; skipping ${fn}()\n`);
    return;
  }
  const mod = (await import(url.href)) as Record<string, unknown>;
  const bench = mod[fn];
  if (typeof bench !== 'function') {
    process.stderr.write(`bench: ${file} does not export ${fn}(); skipping\n`);
    return;
  }
  try {
    const out = (await (bench as () => Promise<object[]> | object[])()) as object[];
    for (const l of out) emit(l);
  } catch (err) {
    process.stderr.write(`bench: ${fn}() failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}

const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const moduleName = (m: { file: string }): string => m.file.replace(/^\.\//, '').replace(/\.js$/, '');
const known = ['http', 'overload', ...MODULES.map(moduleName)];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !known.includes(w));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown bench ${unknown.join(', ')}; known: ${known.join(', ')}\n`);
  process.exit(2);
}
const selected = (name: string): boolean => wanted.length === 0 || wanted.includes(name);
if (selected('http')) await benchHttp(emit, { durationS, connections });
if (selected('overload')) await benchOverload(emit, { durationS });
for (const m of MODULES) if (selected(moduleName(m))) await runModule(m.file, m.fn);
