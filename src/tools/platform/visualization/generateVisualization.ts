/**
 * generateVisualization (advanced, CALCULATION, v1.2): inline SVG, Mermaid or HTML for an agent or
 * app to show (spec/neqsim-surface.md). Types:
 * - phaseEnvelope: our getPhaseEnvelope of the mixture drawn as P–T curves (dew and bubble
 *   branches, critical point, cricondenbar, cricondentherm), with the points it drew;
 * - flowsheet: a Mermaid graph from {equipment, connections} or from a runProcess definition;
 * - propertyTable: an HTML table; barChart, pieChart, lineChart: SVG of the given numbers.
 * The original's compressorMap draws curves from made-up fractions of the inputs; it is not
 * offered (no numbers that were not computed or given). The original's phase-envelope points lie
 * near −272 °C for its own example; ours are the envelope getPhaseEnvelope returns.
 */
import { Type, type Static } from '@sinclair/typebox';
import { VALUE_LIMIT, moleFraction, signed } from '../../contract/bounded.js';
import { failure, issue, success, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { getPhaseEnvelope } from '../../thermo/getPhaseEnvelope.js';
import { barChartSvg, escapeXml, lineChartSvg, pieChartSvg } from './svg.js';
import { flowsheetMermaid, type FlowEdge, type FlowNode } from './mermaid.js';

const TOOL = 'generateVisualization';
export const VISUALIZATION_TYPES = ['phaseEnvelope', 'flowsheet', 'propertyTable', 'barChart', 'pieChart', 'lineChart'] as const;
const MAX_POINTS = 10_000;
const MAX_ITEMS = 200;

// Chart data of any quantity: kept finite so that axis scaling cannot overflow.
const numbers = (d: string) => Type.Optional(Type.Array(signed(VALUE_LIMIT), { maxItems: MAX_POINTS, description: d }));
const strings = (d: string) => Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_ITEMS, description: d }));

const Input = Type.Object(
  {
    type: Type.String({ description: `One of: ${VISUALIZATION_TYPES.join(', ')}` }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    // phaseEnvelope
    components: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'phaseEnvelope: name → mole fraction' })),
    model: Type.Optional(Type.String({ description: 'phaseEnvelope: SRK (default) or PR' })),
    lowPressure: Type.Optional(Type.Unknown({ description: 'phaseEnvelope: where the trace starts (as getPhaseEnvelope: a bare number is bara, or {value, unit}; default 1 bara)' })),
    // flowsheet
    equipment: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), type: Type.Optional(Type.String({ maxLength: 100 })), inlet: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }), { maxItems: MAX_ITEMS })),
    connections: Type.Optional(Type.Array(Type.Object({ from: Type.String({ maxLength: 200 }), to: Type.String({ maxLength: 200 }), label: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }), { maxItems: 4 * MAX_ITEMS })),
    processJson: Type.Optional(Type.Unknown({ description: 'flowsheet: a runProcess definition ({"fluid", "process": [...]}); its units and inlets are drawn' })),
    // tables and charts
    headers: strings('propertyTable: column headings'),
    rows: Type.Optional(Type.Array(Type.Array(Type.Union([Type.String({ maxLength: 500 }), signed(VALUE_LIMIT), Type.Null()]), { maxItems: MAX_ITEMS }), { maxItems: MAX_POINTS, description: 'propertyTable: rows of cells' })),
    labels: strings('barChart/pieChart: one label per value'),
    categories: strings('barChart/pieChart: same as labels'),
    values: numbers('barChart/pieChart: the values'),
    xValues: numbers('lineChart: x of each point'),
    yValues: numbers('lineChart: y of each point'),
    series: Type.Optional(Type.Array(Type.Object({ name: Type.String({ maxLength: 200 }), xValues: Type.Array(signed(VALUE_LIMIT), { maxItems: MAX_POINTS }), yValues: Type.Array(signed(VALUE_LIMIT), { maxItems: MAX_POINTS }) }, { additionalProperties: false }), { maxItems: 20, description: 'lineChart: several curves instead of xValues/yValues' })),
    xLabel: Type.Optional(Type.String({ maxLength: 200 })),
    yLabel: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    visualizationType: Type.String(),
    title: Type.String(),
    mimeType: Type.String({ description: 'image/svg+xml, text/x-mermaid or text/html' }),
    svg: Type.Optional(Type.String()),
    mermaid: Type.Optional(Type.String()),
    html: Type.Optional(Type.String()),
    renderHint: Type.String(),
    dataPoints: Type.Optional(Type.Array(Type.Object({ temperature_C: Type.Number(), pressure_bara: Type.Number(), branch: Type.String() }, { additionalProperties: false }), { description: 'phaseEnvelope: the points drawn' })),
    pointCount: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const need = (issues: DiagnosticIssue[], ok: boolean, field: string, message: string, fix: string) => {
  if (!ok) issues.push(issue('MISSING_FIELD', message, fix, field));
};

function done(data: Out, started: number, warnings: Warning[] = [], assumptions: string[] = []): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: { calculationType: `visualization: ${data.visualizationType}`, convergence: { converged: true, iterations: 1 }, assumptions, limitations: [], computationTimeMs: performance.now() - started },
    validationMessage: 'Visualization generated',
  });
}

function phaseEnvelopeChart(input: In, started: number): Envelope<Out> {
  const env = getPhaseEnvelope({ components: input.components, model: input.model, ...(input.lowPressure !== undefined ? { lowPressure: input.lowPressure } : {}) });
  if (env.status !== 'success') return env as Envelope<never>;
  const d = env.data as { envelope: { temperature_K: number; pressure_bara: number; branch: string }[]; criticalPoints: Record<string, { temperature_K: number; pressure_bara: number } | undefined>; model: string };
  const pts = d.envelope.map((p) => ({ temperature_C: p.temperature_K - 273.15, pressure_bara: p.pressure_bara, branch: p.branch }));
  const branch = (b: string) => pts.filter((p) => p.branch === b).map((p) => [p.temperature_C, p.pressure_bara] as const);
  const marks = Object.entries(d.criticalPoints)
    .filter((e): e is [string, { temperature_K: number; pressure_bara: number }] => e[1] !== undefined)
    .map(([k, p]) => ({ x: p.temperature_K - 273.15, y: p.pressure_bara, label: k === 'criticalPoint' ? 'critical point' : k }));
  const title = input.title ?? `Phase envelope (${d.model})`;
  const svg = lineChartSvg({ title, xLabel: 'Temperature (°C)', yLabel: 'Pressure (bara)', series: [{ name: 'dew point', points: branch('dew') }, { name: 'bubble point', points: branch('bubble') }], markers: marks });
  return done(
    { visualizationType: 'phaseEnvelope', title, mimeType: 'image/svg+xml', svg, renderHint: 'Embed the SVG as is (inline or as an image)', dataPoints: pts, pointCount: pts.length },
    started,
    env.warnings,
    ['Points and critical points are those getPhaseEnvelope returns for the same input'],
  );
}

function flowsheet(input: In, started: number): Envelope<Out> {
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  const addInlet = (to: string, ref: string) => {
    const dot = ref.indexOf('.');
    edges.push(dot < 0 ? { from: ref, to } : { from: ref.slice(0, dot), to, label: ref.slice(dot + 1) });
  };
  if (input.processJson !== undefined) {
    const doc = input.processJson as { process?: unknown };
    const list = Array.isArray(doc?.process) ? doc.process : Array.isArray((doc?.process as { equipment?: unknown })?.equipment) ? ((doc.process as { equipment: unknown[] }).equipment) : undefined;
    if (list === undefined) return failure(TOOL, 'input', [issue('INVALID_PROCESS', 'processJson has no "process" list of units', 'Give a runProcess definition: {"fluid": {...}, "process": [{"type", "name", "inlet"}, ...]}', 'processJson')]);
    for (const raw of list as Record<string, unknown>[]) {
      if (typeof raw?.name !== 'string') continue;
      nodes.push({ name: raw.name, type: typeof raw.type === 'string' ? raw.type : undefined });
      if (typeof raw.inlet === 'string') addInlet(raw.name, raw.inlet);
      if (Array.isArray(raw.inlets)) for (const i of raw.inlets) if (typeof i === 'string') addInlet(raw.name, i);
    }
  } else {
    for (const e of input.equipment ?? []) {
      nodes.push({ name: e.name, type: e.type });
      if (e.inlet !== undefined) addInlet(e.name, e.inlet);
    }
  }
  for (const c of input.connections ?? []) edges.push({ from: c.from, to: c.to, ...(c.label !== undefined ? { label: c.label } : {}) });
  if (nodes.length === 0) return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'A flowsheet needs units', 'Give "equipment": [{"name", "type", "inlet"?}] (and "connections") or "processJson"', 'equipment')]);
  const title = input.title ?? 'Process flowsheet';
  const mermaid = flowsheetMermaid(nodes, edges);
  return done({ visualizationType: 'flowsheet', title, mimeType: 'text/x-mermaid', mermaid, renderHint: 'Render this Mermaid diagram in a Mermaid-capable viewer' }, started);
}

function run(input: In): Envelope<Out> {
  const started = performance.now();
  const type = VISUALIZATION_TYPES.find((t) => t.toLowerCase() === input.type.trim().toLowerCase());
  if (type === undefined) {
    return failure(TOOL, 'compute', [issue('UNKNOWN_VISUALIZATION_TYPE', `Unknown visualization type ${JSON.stringify(input.type)}`, `Use one of: ${VISUALIZATION_TYPES.join(', ')}`, 'type')]);
  }
  const issues: DiagnosticIssue[] = [];
  if (type === 'phaseEnvelope') return phaseEnvelopeChart(input, started);
  if (type === 'flowsheet') return flowsheet(input, started);
  if (type === 'propertyTable') {
    need(issues, (input.headers?.length ?? 0) > 0, 'headers', 'A property table needs headers', 'Give "headers": ["T (°C)", "ρ (kg/m3)"] and "rows"');
    need(issues, input.rows !== undefined, 'rows', 'A property table needs rows', 'Give "rows": [[25, 41.2], [50, 37.9]]');
    if (issues.length > 0) return failure(TOOL, 'compute', issues);
    const cell = (v: string | number | null) => escapeXml(v === null ? '' : String(v));
    const title = input.title ?? 'Property table';
    const html = [
      `<table class="neqsim-table">`,
      `<caption>${escapeXml(title)}</caption>`,
      `<thead><tr>${input.headers!.map((h) => `<th>${escapeXml(h)}</th>`).join('')}</tr></thead>`,
      `<tbody>`,
      ...input.rows!.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`),
      `</tbody>`,
      `</table>`,
    ].join('\n');
    return done({ visualizationType: type, title, mimeType: 'text/html', html, renderHint: 'Insert the HTML table as is (text is escaped)' }, started);
  }
  if (type === 'barChart' || type === 'pieChart') {
    const labels = input.labels ?? input.categories;
    const values = input.values;
    need(issues, labels !== undefined && values !== undefined && labels.length === values.length && values.length > 0, 'values', `A ${type === 'barChart' ? 'bar' : 'pie'} chart needs "labels" (or "categories") and "values" of the same length`, 'Give e.g. "labels": ["Gas", "Liquid"], "values": [0.72, 0.28]');
    if (type === 'pieChart' && values !== undefined) need(issues, values.every((v) => v >= 0) && values.some((v) => v > 0), 'values', 'Pie chart values must be non-negative and not all zero', 'Give shares ≥ 0');
    if (issues.length > 0) return failure(TOOL, 'compute', issues);
    const title = input.title ?? (type === 'barChart' ? 'Bar chart' : 'Pie chart');
    const svg = type === 'barChart' ? barChartSvg(title, input.yLabel ?? '', labels!, values!) : pieChartSvg(title, labels!, values!);
    return done({ visualizationType: type, title, mimeType: 'image/svg+xml', svg, renderHint: 'Embed the SVG as is (inline or as an image)' }, started);
  }
  // lineChart
  const series = input.series ?? (input.xValues !== undefined && input.yValues !== undefined ? [{ name: input.yLabel ?? 'y', xValues: input.xValues, yValues: input.yValues }] : []);
  need(issues, series.length > 0 && series.every((s) => s.xValues.length === s.yValues.length && s.xValues.length > 0), 'xValues', 'A line chart needs "xValues" and "yValues" of the same length (or "series")', 'Give e.g. "xValues": [0, 10, 20], "yValues": [1.2, 1.5, 1.9]');
  const finite = series.some((s) => s.xValues.some((x, i) => Number.isFinite(x) && Number.isFinite(s.yValues[i]!)));
  if (series.length > 0) need(issues, finite, 'yValues', 'A line chart needs at least one point with finite x and y', 'Give numbers');
  if (issues.length > 0) return failure(TOOL, 'compute', issues);
  const title = input.title ?? 'Line chart';
  const svg = lineChartSvg({ title, xLabel: input.xLabel ?? 'x', yLabel: input.yLabel ?? 'y', series: series.map((s) => ({ name: s.name, points: s.xValues.map((x, i) => [x, s.yValues[i]!] as const) })) });
  return done({ visualizationType: 'lineChart', title, mimeType: 'image/svg+xml', svg, renderHint: 'Embed the SVG as is (inline or as an image)' }, started);
}

export const generateVisualizationTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.2',
  summary: 'Inline visualizations: phase envelope SVG, Mermaid flowsheet, HTML property table, bar/pie/line charts.',
  description:
    `Inline visualizations for an agent or app to show. "type": ${VISUALIZATION_TYPES.join(' | ')}. ` +
    'phaseEnvelope {components, model SRK|PR, lowPressure?}: the getPhaseEnvelope curves as SVG (dew and bubble branches, critical point, cricondenbar, cricondentherm) with the points drawn; ' +
    'flowsheet {equipment [{name, type, inlet?}], connections [{from, to, label?}]} or {processJson: a runProcess definition}: a Mermaid graph; ' +
    'propertyTable {headers, rows}: an HTML table; barChart/pieChart {labels (or categories), values}; lineChart {xValues, yValues} or {series: [{name, xValues, yValues}]}, xLabel, yLabel: SVG. ' +
    'Text is escaped; nothing is drawn that was not given or computed.',
  input: Input,
  output: Output,
  exampleCategory: 'visualization',
  examples: [
    { name: 'phase-envelope', description: 'P–T phase envelope of a natural gas (SRK) as SVG', input: { type: 'phaseEnvelope', model: 'SRK', components: { methane: 0.8, ethane: 0.1, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02 } } },
    { name: 'flowsheet', description: 'Mermaid diagram of a feed, separator and compressor', input: { type: 'flowsheet', equipment: [{ name: 'Feed', type: 'Stream' }, { name: 'HP Sep', type: 'Separator', inlet: 'Feed' }, { name: 'Compressor', type: 'Compressor', inlet: 'HP Sep.gasOut' }] } },
    { name: 'bar-chart', description: 'Phase fractions as a bar chart', input: { type: 'barChart', title: 'Phase fractions', yLabel: 'Mole fraction', labels: ['Gas', 'Liquid'], values: [0.72, 0.28] } },
  ],
  execution: 'pool',
  run: (input) => run(input),
});
