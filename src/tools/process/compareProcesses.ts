/**
 * compareProcesses (advanced, CALCULATION, v1.2): runs two or more process definitions and sets
 * them side by side: per case the total shaft power, heating and cooling duties, feed and product
 * flows, and every unit figure the cases share (by unit name), with the difference to the first
 * case. The original's comparison looks for report fields that never exist and so compares
 * nothing; this one compares what the reports hold.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, warning, type Warning } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { runProcess } from './runProcess/runProcess.js';
import { checkProcessKeys } from './runProcess/unit-keys.js';
import { strictFailure } from '../contract/strict-keys.js';
import type { RunProcessInput } from './runProcess/schema.js';
import { ProcessJsonField } from './automation/common.js';
import { AUTOMATION_PROCESS } from './automation/examples.js';

const TOOL = 'compareProcesses';

const Input = Type.Object(
  {
    cases: Type.Array(Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })), process: ProcessJsonField }, { additionalProperties: false }), { minItems: 2, maxItems: 20 }),
  },
  { additionalProperties: false },
);

const Metrics = Type.Object(
  {
    totalShaftPower_kW: Type.Number(),
    heatAdded_kW: Type.Number({ description: 'Sum of positive heater/cooler duties' }),
    heatRemoved_kW: Type.Number({ description: 'Sum of cooler/heater duties that remove heat, as a positive number' }),
    feedMassFlow_kg_hr: Type.Number(),
    productMassFlow_kg_hr: Type.Number(),
    products: Type.Record(Type.String(), Type.Number({ description: 'Mass flow, kg/hr' })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    caseCount: Type.Integer(),
    caseNames: Type.Array(Type.String()),
    cases: Type.Array(
      Type.Object(
        { name: Type.String(), converged: Type.Boolean(), metrics: Type.Optional(Metrics), error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })) },
        { additionalProperties: false },
      ),
    ),
    sharedUnitFigures: Type.Array(
      Type.Object(
        { unit: Type.String(), figure: Type.String(), values: Type.Record(Type.String(), Type.Number()), differenceToFirst: Type.Record(Type.String(), Type.Number()) },
        { additionalProperties: false, description: 'A figure (e.g. power_kW) of a unit present in every solved case' },
      ),
    ),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;
type Out = Static<typeof Output>;

function run(input: In, ctx?: Pick<ToolContext, 'progress'>) {
  const started = performance.now();
  const names = input.cases.map((c, i) => c.name ?? `case ${i + 1}`);
  if (new Set(names).size < names.length) return failure(TOOL, 'compute', [issue('DUPLICATE_CASE_NAME', 'Two cases have the same name', 'Name every case differently', 'cases')]);
  // A typo in any case refuses the comparison (it would otherwise show up as one failed case).
  const strict = input.cases.flatMap((c, i) => checkProcessKeys(c.process as unknown as Record<string, unknown>, `/cases/${i}/process`));
  if (strict.length > 0) return strictFailure(TOOL, strict);
  const cases: Out['cases'] = [];
  const solved: { name: string; data: any }[] = [];
  input.cases.forEach((c, i) => {
    const env = runProcess(c.process as RunProcessInput);
    if (env.status !== 'success') {
      const e = env.errors?.[0];
      cases.push({ name: names[i]!, converged: false, error: { code: e?.code ?? 'PROCESS_ERROR', message: e?.message ?? 'did not solve' } });
    } else {
      const d = env.data as any;
      let added = 0;
      let removed = 0;
      for (const u of Object.values<any>(d.units)) {
        if ((u.type === 'Heater' || u.type === 'Cooler') && typeof u.duty_kW === 'number') {
          if (u.duty_kW >= 0) added += u.duty_kW;
          else removed -= u.duty_kW;
        }
      }
      const products = Object.fromEntries((d.products as string[]).map((p) => [p, d.streams[p].massFlow_kg_hr as number]));
      cases.push({ name: names[i]!, converged: true, metrics: { totalShaftPower_kW: d.energyBalance.shaftPower_kW, heatAdded_kW: added, heatRemoved_kW: removed, feedMassFlow_kg_hr: d.massBalance.in_kg_hr, productMassFlow_kg_hr: d.massBalance.out_kg_hr, products } });
      solved.push({ name: names[i]!, data: d });
    }
    ctx?.progress((i + 1) / input.cases.length, `${i + 1} of ${input.cases.length} cases`);
  });
  if (solved.length === 0) return failure(TOOL, 'compute', [issue('ALL_CASES_FAILED', `No case solved; the first: ${cases[0]!.error?.code} ${cases[0]!.error?.message}`, 'Check each case with runProcess', 'cases')]);
  const shared: Out['sharedUnitFigures'] = [];
  const first = solved[0]!;
  for (const [unit, rep] of Object.entries<any>(first.data.units)) {
    for (const [figure, v] of Object.entries(rep)) {
      if (typeof v !== 'number') continue;
      if (!solved.every((s) => typeof s.data.units[unit]?.[figure] === 'number')) continue;
      const values = Object.fromEntries(solved.map((s) => [s.name, s.data.units[unit][figure] as number]));
      shared.push({ unit, figure, values, differenceToFirst: Object.fromEntries(solved.map((s) => [s.name, values[s.name]! - (v as number)])) });
    }
  }
  const warnings: Warning[] = [];
  const failedCount = cases.length - solved.length;
  if (failedCount > 0) warnings.push(warning('CONVERGENCE_WARNING', `${failedCount} of ${cases.length} cases did not solve; their errors are listed`));
  return success({
    tool: TOOL,
    data: { caseCount: cases.length, caseNames: names, cases, sharedUnitFigures: shared },
    warnings,
    provenance: {
      calculationType: 'process comparison',
      convergence: { converged: failedCount === 0, iterations: solved.length },
      assumptions: ['Each case is run as runProcess runs it; figures are compared by unit name and figure name', 'Differences are to the first solved case'],
      limitations: ['Run a case with runProcess for its full report, warnings and auto-validation'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${solved.length} of ${cases.length} cases solved`,
  });
}

export const compareProcessesTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.2',
  summary: 'Runs 2–20 process definitions (runProcess inputs) and compares power, duties, flows and every shared unit figure against the first case.',
  description:
    'Runs 2–20 process definitions ({"cases": [{"name", "process": <runProcess input>}]}) and compares them: per case total shaft power, heat added/removed, feed and product flows; and every unit figure the cases share (power_kW, duty_kW, outlet temperatures, …) with its difference to the first case.',
  input: Input,
  output: Output,
  exampleCategory: 'process',
  examples: [
    {
      name: 'discharge-pressure-options',
      description: 'The separator–compressor–cooler train at 120 and 140 bara discharge',
      input: {
        cases: [
          { name: '120 bara', process: AUTOMATION_PROCESS },
          { name: '140 bara', process: { ...AUTOMATION_PROCESS, process: (AUTOMATION_PROCESS.process as any[]).map((u) => (u.name === 'Export Compressor' ? { ...u, properties: { ...u.properties, outletPressure: [140, 'bara'] } } : u)) } },
        ],
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
