/**
 * generateReport (advanced, ADVISORY, v1.2): a Markdown report of a tool's result (or any results
 * object), with its tables, chart series, field counts and, on request, the validateResults
 * verdict (spec/neqsim-surface.md). It restates what it is given: no number in the report is
 * computed here except the field counts. A whole envelope may be passed: its data is reported,
 * and its warnings, assumptions and limitations are listed.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { validateResults } from '../validateResults.js';
import { chartsOf, fieldSummary, markdownTable, tablesOf, type ReportTable } from './tables.js';

const TOOL = 'generateReport';
export const REPORT_TYPES = ['process_summary', 'pvt_study', 'parametric_sweep', 'flow_assurance', 'equipment_design', 'custom'] as const;
const MAX_DATA_CHARS = 2_000_000;

const Input = Type.Object(
  {
    reportType: Type.Optional(Type.String({ description: `One of: ${REPORT_TYPES.join(', ')} (default process_summary); sets the report's heading` })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    author: Type.Optional(Type.String({ maxLength: 200 })),
    data: Type.Record(Type.String(), Type.Unknown(), { description: "A tool's result: its data object or the whole envelope" }),
    includeValidation: Type.Optional(Type.Boolean({ description: 'Run validateResults on the data and include its verdict (default true)' })),
    includeChartData: Type.Optional(Type.Boolean({ description: 'Include line series of the numeric columns (default true)' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Table = Type.Object({ title: Type.String(), headers: Type.Array(Type.String()), rows: Type.Array(Type.Array(Type.Union([Type.String(), Type.Number()]))) }, { additionalProperties: false });
const Output = Type.Object(
  {
    title: Type.String(),
    author: Type.String(),
    reportType: Type.String(),
    generatedAt: Type.String({ description: 'ISO 8601' }),
    markdown: Type.String(),
    tables: Type.Array(Table),
    chartData: Type.Optional(Type.Array(Type.Object({ name: Type.String(), type: Type.Literal('line'), xLabel: Type.String(), yLabel: Type.String(), data: Type.Array(Type.Number()), x: Type.Optional(Type.Array(Type.Number())) }, { additionalProperties: false }))),
    validation: Type.Optional(Type.Object({ verdict: Type.String(), passed: Type.Boolean(), errorCount: Type.Integer(), warningCount: Type.Integer(), findings: Type.Array(Type.Object({ code: Type.String(), severity: Type.String(), message: Type.String() }, { additionalProperties: false })) }, { additionalProperties: false })),
    summary: Type.Object({ numericFields: Type.Integer(), objectFields: Type.Integer(), arrayFields: Type.Integer(), totalFields: Type.Integer() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const HEADINGS: Record<(typeof REPORT_TYPES)[number], string> = {
  process_summary: 'Process simulation summary',
  pvt_study: 'PVT study',
  parametric_sweep: 'Parametric sweep',
  flow_assurance: 'Flow assurance',
  equipment_design: 'Equipment design',
  custom: 'Results',
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function run(input: In): Envelope<Out> {
  const started = performance.now();
  const type = REPORT_TYPES.find((t) => t === (input.reportType ?? 'process_summary').trim().toLowerCase());
  if (type === undefined) return failure(TOOL, 'compute', [issue('UNKNOWN_REPORT_TYPE', `Unknown reportType ${JSON.stringify(input.reportType)}`, `Use one of: ${REPORT_TYPES.join(', ')}`, 'reportType')]);
  if (JSON.stringify(input.data).length > MAX_DATA_CHARS) return failure(TOOL, 'compute', [issue('REPORT_TOO_LARGE', `data is larger than ${MAX_DATA_CHARS} characters`, 'Report a smaller result (e.g. one tool call, SUMMARY detail level)', 'data')]);
  // A whole envelope: report its data, list its notes.
  const envelope = typeof input.data.apiVersion === 'string' && isObj(input.data.data) ? input.data : undefined;
  const data = envelope ? (input.data.data as Obj) : input.data;
  const title = input.title ?? 'Simulation report';
  const author = input.author ?? 'neqsim-ts';
  const generatedAt = new Date().toISOString();
  const tables: ReportTable[] = tablesOf(data);
  const charts = input.includeChartData === false ? undefined : chartsOf(data);
  const summary = fieldSummary(data);

  const md: string[] = [`# ${title}`, '', `*${HEADINGS[type]}* · ${author} · ${generatedAt}`, ''];
  if (envelope) {
    const tool = typeof envelope.tool === 'string' ? envelope.tool : 'unknown tool';
    md.push(`Source: \`${tool}\`, status ${String(envelope.status)}.`, '');
  }
  for (const t of tables) md.push(`## ${t.title}`, '', markdownTable(t), '');
  let validation: Out['validation'];
  if (input.includeValidation !== false) {
    const v = validateResults({ resultsJson: data }).data as { verdict: string; passed: boolean; errorCount: number; warningCount: number; findings: { code: string; severity: string; message: string }[] };
    validation = { verdict: v.verdict, passed: v.passed, errorCount: v.errorCount, warningCount: v.warningCount, findings: v.findings.map((f) => ({ code: f.code, severity: f.severity, message: f.message })) };
    md.push('## Validation', '', `**${v.verdict}**`, '', ...v.findings.map((f) => `- ${f.severity} ${f.code}: ${f.message}`), '');
  }
  if (envelope) {
    const warnings = Array.isArray(envelope.warnings) ? (envelope.warnings as { code?: string; message?: string }[]) : [];
    const prov = isObj(envelope.provenance) ? envelope.provenance : {};
    const list = (heading: string, items: unknown) => {
      if (Array.isArray(items) && items.length > 0) md.push(`## ${heading}`, '', ...items.map((x) => `- ${typeof x === 'string' ? x : JSON.stringify(x)}`), '');
    };
    list('Warnings', warnings.map((w) => `${w.code ?? ''}: ${w.message ?? ''}`));
    list('Assumptions', prov.assumptions);
    list('Limitations', prov.limitations);
  }
  md.push('## Data summary', '', `${summary.totalFields} fields: ${summary.numericFields} numeric, ${summary.objectFields} objects, ${summary.arrayFields} arrays.`, '');
  const data_: Out = { title, author, reportType: type, generatedAt, markdown: md.join('\n'), tables, ...(charts && charts.length > 0 ? { chartData: charts } : {}), ...(validation ? { validation } : {}), summary };
  return success({
    tool: TOOL,
    data: data_,
    provenance: { calculationType: 'report', convergence: { converged: true, iterations: 0 }, assumptions: ['The report restates the given result; only the field counts are computed here'], limitations: [], computationTimeMs: performance.now() - started },
    validationMessage: 'Report generated',
  });
}

export const generateReportTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Markdown report (with tables and chart series) of a tool\'s result, e.g. a runProcess or runFlash response.',
  description:
    `Markdown report of a tool's result: {"data": <a tool's data or its whole envelope>, "reportType": ${REPORT_TYPES.join(' | ')}, "title", "author", "includeValidation" (default true), "includeChartData" (default true)}. ` +
    'runProcess results get unit, stream and balance tables; runFlash results phase and composition tables (and the hydrate block); other results a key/value table and one table per list of rows. Also returns the tables, line series of numeric columns, the validateResults verdict and field counts. ' +
    'Nothing is computed except the counts: the report restates what it is given. Always allowed (ADVISORY).',
  input: Input,
  output: Output,
  exampleCategory: 'report',
  examples: [
    {
      name: 'flash-report',
      description: 'A report of a two-phase TP flash result (its data object)',
      input: {
        reportType: 'custom',
        title: 'Separator feed',
        data: {
          flash: { model: 'SRK', flashType: 'TP', numberOfPhases: 1, phases: ['gas'] },
          fluid: { conditions: { temperature_K: 298.15, overall: { temperature: 298.15, pressure: 50, molarMass: 0.0188, phaseFraction: 1, enthalpy: -1.0e4, 'molar flow': 3600, 'mass flow': 67.7 }, gas: { temperature: 298.15, pressure: 50, molarMass: 0.0188, phaseFraction: 1, enthalpy: -1.0e4, 'molar flow': 3600, 'mass flow': 67.7 } }, properties: { density_kgm3: 41.7, overall: { density: { value: 41.7, unit: 'kg/m3' } }, gas: { density: { value: 41.7, unit: 'kg/m3' }, compressibilityFactor: { value: 0.89, unit: '' } } }, composition: { overall: { methane: { value: 0.85, unit: 'mole fraction' }, ethane: { value: 0.15, unit: 'mole fraction' } }, gas: { methane: { value: 0.85, unit: 'mole fraction' }, ethane: { value: 0.15, unit: 'mole fraction' } } } },
        },
      },
    },
  ],
  execution: 'inline',
  run: (input) => run(input),
});
