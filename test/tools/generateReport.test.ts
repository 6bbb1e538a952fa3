/**
 * generateReport: the tables restate the result (every stream of a runProcess result with its
 * own T, P and flow; every phase of a runFlash result), chart series follow a property table's
 * columns against its sweep variable, the validateResults verdict is included (a non-converged
 * result fails), whole envelopes contribute their assumptions, Markdown cells are escaped, and
 * bad requests get codes.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runTool } from '../../src/index.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import { fmt } from '../../src/tools/platform/report/tables.js';

const tool = getTool('generateReport')!;
async function call(input: unknown): Promise<Envelope<any>> {
  const env = (await tool.run(input as never, { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output schema');
  return env;
}

t.test('registered as an advanced ADVISORY tool; examples run', async (t) => {
  t.same([tool.tier, tool.category, tool.since], ['advanced', 'ADVISORY', 'v1.2']);
  for (const ex of tool.examples) t.equal((await call(ex.input)).status, 'success', ex.name);
});

t.test('a runProcess envelope: units, streams and balances as computed, with its assumptions', async (t) => {
  const proc = await runTool('runProcess', RUN_PROCESS_EXAMPLES.find((e) => e.name === 'compression-with-cooling')!.input);
  const env = await call({ data: proc, title: 'Compression' });
  t.equal(env.status, 'success');
  const d = env.data;
  t.same(d.tables.map((x: any) => x.title), ['Units', 'Streams', 'Balances']);
  const streams = (proc.data as any).streams;
  const st = d.tables[1];
  t.equal(st.rows.length, Object.keys(streams).length, 'every stream');
  for (const row of st.rows) {
    const s = streams[row[0]];
    t.equal(row[1], fmt(s.temperature_C), `${row[0]}: temperature`);
    t.equal(row[3], fmt(s.massFlow_kg_hr), `${row[0]}: mass flow`);
  }
  t.match(d.markdown, /^# Compression\n/);
  t.match(d.markdown, /Source: `runProcess`, status success/);
  t.match(d.markdown, /## Assumptions\n\n- Steady state/);
  t.equal(d.validation.passed, true);
  t.ok(d.summary.numericFields > 50 && d.summary.totalFields >= d.summary.numericFields);
});

t.test('a runFlash result: a row per phase, compositions per phase', async (t) => {
  const flash = await runTool('runFlash', { model: 'PR', temperature: { value: -20, unit: 'C' }, pressure: { value: 40, unit: 'bara' }, components: { methane: 0.8, propane: 0.15, 'n-heptane': 0.05 } });
  const d = (await call({ data: flash.data as object, reportType: 'custom' })).data;
  const phases = (flash.data as any).flash.phases;
  t.equal(d.tables[0].title, 'Phases');
  t.same(d.tables[0].rows.map((r: any[]) => r[0]), phases);
  const comp = d.tables[1];
  t.equal(comp.rows.length, 3, 'one row per component');
  t.same(comp.headers, ['component', 'overall', ...phases]);
});

t.test('a property table: one series per column against the sweep variable', async (t) => {
  const table = await runTool('getPropertyTable', { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, sweep: 'temperature', sweepFrom: { value: 0, unit: 'C' }, sweepTo: { value: 100, unit: 'C' }, points: 5, fixedPressure: { value: 50, unit: 'bara' } });
  const d = (await call({ data: table.data as object, reportType: 'parametric_sweep' })).data;
  const rows = (table.data as any).table;
  t.ok(d.chartData.length > 0, `${d.chartData.length} series`);
  for (const s of d.chartData) {
    t.equal(s.data.length, rows.length, `${s.name}: one value per row`);
    if (s.x) t.ok(s.x.every((x: number, i: number) => i === 0 || x > s.x[i - 1]), `${s.name}: against the increasing ${s.xLabel}`);
  }
  const none = (await call({ data: table.data as object, includeChartData: false, includeValidation: false })).data;
  t.notOk('chartData' in none || 'validation' in none, 'both can be left out');
});

t.test('validation verdict; Markdown escaping; refusals', async (t) => {
  const bad = (await call({ data: { converged: false, temperature: 25, note: 'a | b' } })).data;
  t.equal(bad.validation.passed, false);
  t.match(bad.markdown, /FAIL/);
  t.match(bad.markdown, /a \\\| b/, 'pipes in cells escaped');
  const unknown = await call({ data: {}, reportType: 'novel' });
  t.equal(unknown.errors?.[0]?.code, 'UNKNOWN_REPORT_TYPE');
  t.equal(httpStatusFor(unknown), 422);
});
