/**
 * generateVisualization: the phase envelope drawn is getPhaseEnvelope's (same points, one polyline
 * vertex per point, pixels ordered as the data), charts place exactly the numbers given (bar
 * heights proportional to values, pie shares summing to one, NaN points left out), the SVG and
 * HTML are well formed with text escaped, the Mermaid graph has a node per unit and an edge per
 * inlet, and bad requests get codes and fixes.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { getPhaseEnvelope } from '../../src/tools/thermo/getPhaseEnvelope.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';

const tool = getTool('generateVisualization')!;
async function call(input: unknown): Promise<Envelope<any>> {
  const env = (await tool.run(input as never, { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output schema');
  return env;
}

/** Tag balance of an XML fragment: every opened element closed in order; self-closing allowed. */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^<>]*?)(\/?)>/g)) {
    const [, close, name, , self] = m;
    if (self === '/') continue;
    if (close === '/') {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  // No stray angle brackets outside tags.
  const text = xml.replace(/<[^<>]*>/g, '');
  return stack.length === 0 && !/[<>]/.test(text);
}

const points = (svg: string, series: string): [number, number][] => {
  const m = new RegExp(`data-series="${series}"[^>]*points="([^"]*)"`).exec(svg);
  return m ? m[1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]) : [];
};

t.test('registered as an advanced CALCULATION tool; examples run', async (t) => {
  t.same([tool.tier, tool.category, tool.since], ['advanced', 'CALCULATION', 'v1.2']);
  for (const ex of tool.examples) t.equal((await call(ex.input)).status, 'success', ex.name);
});

t.test('phase envelope: the getPhaseEnvelope points, drawn in order', async (t) => {
  const components = { methane: 0.8, ethane: 0.1, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02 };
  const env = await call({ type: 'phaseEnvelope', model: 'PR', components });
  t.equal(env.status, 'success');
  const ref = getPhaseEnvelope({ model: 'PR', components }).data as any;
  const d = env.data;
  t.equal(d.pointCount, ref.envelope.length, 'every envelope point');
  d.dataPoints.forEach((p: any, i: number) => {
    const r = ref.envelope[i];
    if (Math.abs(p.temperature_C - (r.temperature_K - 273.15)) > 1e-9 || p.pressure_bara !== r.pressure_bara || p.branch !== r.branch) t.fail(`point ${i} differs`);
  });
  t.ok(wellFormed(d.svg), 'SVG well formed');
  for (const branch of ['dew', 'bubble']) {
    const data = d.dataPoints.filter((p: any) => p.branch === branch);
    const px = points(d.svg, `${branch} point`);
    t.equal(px.length, data.length, `${branch}: one vertex per point`);
    // Pixels follow the data: x with temperature, y against pressure (SVG y grows downwards).
    let ordered = true;
    for (let i = 1; i < data.length; i++) {
      const dT = data[i].temperature_C - data[i - 1].temperature_C;
      const dP = data[i].pressure_bara - data[i - 1].pressure_bara;
      if (Math.abs(dT) > 0.2 && Math.sign(px[i]![0] - px[i - 1]![0]) !== Math.sign(dT)) ordered = false;
      if (Math.abs(dP) > 0.2 && Math.sign(px[i - 1]![1] - px[i]![1]) !== Math.sign(dP)) ordered = false;
    }
    t.ok(ordered, `${branch}: pixels ordered as the data`);
  }
  const marks = (d.svg.match(/r="5"/g) ?? []).length;
  t.equal(marks, Object.keys(ref.criticalPoints).length, 'one marker per critical point');
  const bad = await call({ type: 'phaseEnvelope', components: { metane: 1 } });
  t.equal(bad.errors?.[0]?.code, 'UNKNOWN_COMPONENT', 'getPhaseEnvelope errors pass through');
});

t.test('bar and pie charts place the given numbers; text is escaped', async (t) => {
  const bar = await call({ type: 'barChart', title: 'A <b> & "c"', labels: ['x', 'y', 'z'], values: [2, 1, 0.5] });
  t.ok(wellFormed(bar.data.svg), 'bar SVG well formed with markup in the title');
  t.match(bar.data.svg, /A &lt;b&gt; &amp; &quot;c&quot;/);
  const heights = [...bar.data.svg.matchAll(/data-value="([^"]+)"[^>]*height="([^"]+)"/g)].map((m: RegExpMatchArray) => [Number(m[1]), Number(m[2])]);
  t.equal(heights.length, 3);
  t.ok(Math.abs(heights[0]![1] / heights[1]![1] - 2) < 0.02 && Math.abs(heights[1]![1] / heights[2]![1] - 2) < 0.02, `heights proportional: ${heights.map((h) => h[1]).join(', ')}`);
  const categories = await call({ type: 'barChart', categories: ['Gas', 'Liquid'], values: [0.72, 0.28] });
  t.equal(categories.status, 'success', '"categories" accepted as labels (the original\'s example sends them)');
  const pie = await call({ type: 'pieChart', categories: ['C1', 'C2', 'C3'], values: [3, 1, 0] });
  t.ok(wellFormed(pie.data.svg));
  const shares = [...pie.data.svg.matchAll(/data-share="([^"]+)"/g)].map((m: RegExpMatchArray) => Number(m[1]));
  t.ok(Math.abs(shares.reduce((a: number, b: number) => a + b, 0) - 1) < 1e-12 && Math.abs(shares[0]! - 0.75) < 1e-12, `shares ${shares.join(', ')}`);
});

t.test('line chart: one vertex per finite point, several series', async (t) => {
  const env = await call({ type: 'lineChart', xLabel: 'T', yLabel: 'ρ', series: [{ name: 'a', xValues: [0, 1, 2, 3], yValues: [1, NaN, 4, 9] }, { name: 'b', xValues: [0, 3], yValues: [0, 3] }] });
  t.equal(env.status, 'success');
  t.ok(wellFormed(env.data.svg));
  t.equal(points(env.data.svg, 'a').length, 3, 'the NaN point is left out');
  t.equal(points(env.data.svg, 'b').length, 2);
});

t.test('flowsheet: a node per unit and an edge per inlet, from equipment or a runProcess definition', async (t) => {
  const env = await call({ type: 'flowsheet', equipment: [{ name: 'Feed "A"', type: 'Stream' }, { name: '1st Sep', type: 'Separator', inlet: 'Feed "A"' }, { name: 'Comp', type: 'Compressor', inlet: '1st Sep.gasOut' }] });
  const m = env.data.mermaid as string;
  t.match(m, /^graph LR\n/);
  t.match(m, /#quot;A#quot;/, 'quotes in names escaped');
  t.equal((m.match(/-->/g) ?? []).length, 2, 'two edges');
  t.match(m, /-->\|"gasOut"\|/, 'port label on the edge');
  t.notMatch(m, /\n\s+1st/, 'ids never start with a digit');
  const ex = RUN_PROCESS_EXAMPLES.find((e) => e.name === 'mixer-splitter-recycle')!;
  const proc = await call({ type: 'flowsheet', processJson: ex.input });
  const units = (ex.input as any).process as { name: string; inlet?: string; inlets?: string[] }[];
  const inlets = units.reduce((n, u) => n + (u.inlet ? 1 : 0) + (u.inlets?.length ?? 0), 0);
  const pm = proc.data.mermaid as string;
  t.equal((pm.match(/-->/g) ?? []).length, inlets, `${inlets} edges`);
  for (const u of units) t.ok(pm.includes(`"${u.name}"`), `${u.name} drawn`);
});

t.test('property table: rows and cells as given, escaped', async (t) => {
  const env = await call({ type: 'propertyTable', headers: ['T', 'name'], rows: [[25, '<x>'], [50, null]] });
  t.ok(wellFormed(env.data.html));
  t.equal((env.data.html.match(/<tr>/g) ?? []).length, 3, 'header row + 2 rows');
  t.match(env.data.html, /&lt;x&gt;/);
});

t.test('refusals with codes and fixes', async (t) => {
  const cases: [unknown, string, string][] = [
    [{ type: 'compressorMap' }, 'UNKNOWN_VISUALIZATION_TYPE', 'type'],
    [{ type: 'barChart', labels: ['a'], values: [1, 2] }, 'MISSING_FIELD', 'values'],
    [{ type: 'pieChart', labels: ['a', 'b'], values: [0, 0] }, 'MISSING_FIELD', 'values'],
    [{ type: 'lineChart', xValues: [1, 2], yValues: [1] }, 'MISSING_FIELD', 'xValues'],
    [{ type: 'propertyTable', rows: [[1]] }, 'MISSING_FIELD', 'headers'],
    [{ type: 'flowsheet' }, 'MISSING_FIELD', 'equipment'],
  ];
  for (const [input, code, field] of cases) {
    const env = await call(input);
    t.equal(env.errors?.[0]?.code, code, `${JSON.stringify(input)}: ${code}`);
    t.equal(env.errors?.[0]?.field, field);
    t.equal(httpStatusFor(env), 422);
  }
});
