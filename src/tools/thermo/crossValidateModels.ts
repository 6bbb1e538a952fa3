/**
 * crossValidateModels (advanced, CALCULATION, v1.1): runs one process under each equation of state
 * asked for and compares chosen results (automation addresses) across them: the spread of each
 * against a tolerance, and an overall risk that the answer depends on the model choice. The
 * process models this server has are SRK and PR; every fluid of the definition is switched.
 */
import { Type, type Static } from '@sinclair/typebox';
import { positive } from '../contract/bounded.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Warning } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { resolveAddress } from '../process/automation/address.js';
import { loadDefinition, ProcessJsonField, readVariable, solveDefinition, viewOf } from '../process/automation/common.js';
import { AUTOMATION_PROCESS } from '../process/automation/examples.js';
import { FLASH_MODELS, normalizeModel } from '../contract/flash-models.js';
import { isPlainObject } from '../platform/validation/issues.js';
import { checkKeys, strictFailure } from '../contract/strict-keys.js';

const TOOL = 'crossValidateModels';
/** Every model a process fluid can be built with (engine/models.ts). */
const PROCESS_MODELS = FLASH_MODELS;
const DEFAULT_TOLERANCE = 10;

const Input = Type.Object(
  {
    baseProcess: ProcessJsonField,
    models: Type.Array(Type.String(), { minItems: 2, maxItems: 10, description: `Equations of state to compare (process models here: ${PROCESS_MODELS.join(', ')})` }),
    compareVariables: Type.Array(Type.Object({ address: Type.String({ minLength: 1, maxLength: 400 }), unit: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
    tolerances: Type.Optional(Type.Record(Type.String(), positive(1e6), { description: 'Percent spread allowed, by a case-insensitive substring of the address ("power": 5); "default" for the rest (10). A key that matches no compared address is refused (400, with "did you mean")' })),
  },
  { additionalProperties: false },
);

const Comparison = Type.Object(
  {
    address: Type.String(),
    unit: Type.String(),
    values: Type.Record(Type.String(), Type.Number()),
    min: Type.Number(),
    max: Type.Number(),
    mean: Type.Number(),
    spread: Type.Number(),
    spreadPercent: Type.Number(),
    tolerancePercent: Type.Number(),
    withinTolerance: Type.Boolean(),
    riskLevel: Type.Union([Type.Literal('LOW'), Type.Literal('MEDIUM'), Type.Literal('HIGH')]),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    modelsCompared: Type.Array(Type.String()),
    modelResults: Type.Array(
      Type.Object({ model: Type.String(), converged: Type.Boolean(), values: Type.Record(Type.String(), Type.Number()), error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })) }, { additionalProperties: false }),
    ),
    crossComparison: Type.Array(Comparison),
    riskAssessment: Type.Object(
      { totalVariables: Type.Integer(), lowRisk: Type.Integer(), mediumRisk: Type.Integer(), highRisk: Type.Integer(), failedModels: Type.Integer(), overallRisk: Type.String(), recommendations: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;
type Out = Static<typeof Output>;

/** The definition with every fluid's model set to `model`. */
function withModel(doc: Record<string, unknown>, model: string): Record<string, unknown> {
  const out = structuredClone(doc);
  if (isPlainObject(out.fluid)) out.fluid.model = model;
  if (isPlainObject(out.fluids)) for (const f of Object.values(out.fluids)) if (isPlainObject(f)) f.model = model;
  return out;
}

function toleranceFor(address: string, tolerances: Record<string, number> | undefined): number {
  const a = address.toLowerCase();
  for (const [k, v] of Object.entries(tolerances ?? {})) if (k !== 'default' && a.includes(k.toLowerCase())) return v;
  return tolerances?.default ?? DEFAULT_TOLERANCE;
}

function run(input: In, ctx?: Pick<ToolContext, 'progress' | 'signal'>) {
  const started = performance.now();
  const issues: DiagnosticIssue[] = [];
  const models: string[] = [];
  input.models.forEach((m, i) => {
    const n = normalizeModel(m, FLASH_MODELS);
    if (n === undefined || !(PROCESS_MODELS as readonly string[]).includes(n)) issues.push(issue('UNSUPPORTED_MODEL', `Model ${JSON.stringify(m)} is not a process model of this server`, `Use ${PROCESS_MODELS.join(', ')}`, `models.${i}`));
    else if (models.includes(n)) issues.push(issue('DUPLICATE_MODEL', `${n} is listed twice`, 'List each model once', `models.${i}`));
    else models.push(n);
  });
  const base = loadDefinition(TOOL, input.baseProcess, '/baseProcess');
  if (!base.ok) return base.env;
  const targets = input.compareVariables.map((v, i) => {
    const hit = resolveAddress(base.definition.units, v.address);
    if (!hit.ok) issues.push(issue(hit.diagnostic.category, hit.diagnostic.errorMessage, hit.diagnostic.remediation, `compareVariables.${i}.address`));
    return hit.ok ? { hit, unit: v.unit } : undefined;
  });
  if (issues.length > 0) return failure(TOOL, 'compute', issues);
  // A tolerance key that matches no compared address would never apply: refuse it (a typo).
  const unmatched = Object.fromEntries(Object.entries(input.tolerances ?? {}).filter(([k]) => k !== 'default' && !targets.some((x) => x?.hit.address.toLowerCase().includes(k.toLowerCase()))));
  const parts = [...new Set(targets.flatMap((x) => (x ? x.hit.address.split('.') : [])))];
  const strict = checkKeys(unmatched, { subject: 'tolerances (keys are parts of a compared address, or "default")', modelled: ['default', ...parts] }, '/tolerances');
  if (strict.length > 0) return strictFailure(TOOL, strict);
  const resolved = targets.filter((x): x is NonNullable<typeof x> => x !== undefined);

  const modelResults: Out['modelResults'] = [];
  const units: Record<string, string> = {};
  for (const [k, model] of models.entries()) {
    if (ctx?.signal?.aborted) break;
    const doc = withModel(input.baseProcess as unknown as Record<string, unknown>, model);
    const def = loadDefinition(TOOL, doc);
    const solved = def.ok ? solveDefinition(TOOL, def.definition) : undefined;
    if (!def.ok || !solved?.ok) {
      const e = (!def.ok ? def.env : solved && !solved.ok ? solved.env : undefined)?.errors?.[0];
      modelResults.push({ model, converged: false, values: {}, error: { code: e?.code ?? 'PROCESS_ERROR', message: e?.message ?? 'did not solve' } });
      continue;
    }
    const values: Record<string, number> = {};
    for (const t of resolved) {
      const unit = def.definition.units.find((u) => u.name === t.hit.unit.name)!;
      const r = readVariable(viewOf(def.definition, unit, solved.solved), t.hit.entry, t.unit, t.hit.address);
      if (r.ok) {
        values[t.hit.address] = r.value;
        units[t.hit.address] = r.unit;
      }
    }
    modelResults.push({ model, converged: true, values });
    ctx?.progress((k + 1) / models.length, `${model} solved`);
  }
  const ok = modelResults.filter((m) => m.converged);
  const crossComparison: Out['crossComparison'] = [];
  for (const t of resolved) {
    const a = t.hit.address;
    const vals = Object.fromEntries(ok.filter((m) => a in m.values).map((m) => [m.model, m.values[a]!]));
    const xs = Object.values(vals);
    if (xs.length < 2) continue;
    const min = Math.min(...xs);
    const max = Math.max(...xs);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const spreadPercent = mean !== 0 ? (100 * (max - min)) / Math.abs(mean) : max === min ? 0 : Infinity;
    const tol = toleranceFor(a, input.tolerances);
    crossComparison.push({ address: a, unit: units[a] ?? '', values: vals, min, max, mean, spread: max - min, spreadPercent, tolerancePercent: tol, withinTolerance: spreadPercent <= tol, riskLevel: spreadPercent <= tol ? 'LOW' : spreadPercent <= 2 * tol ? 'MEDIUM' : 'HIGH' });
  }
  const count = (r: string) => crossComparison.filter((c) => c.riskLevel === r).length;
  const failedModels = modelResults.length - ok.length;
  const high = count('HIGH');
  const medium = count('MEDIUM');
  const recommendations: string[] = [];
  for (const c of crossComparison.filter((x) => x.riskLevel !== 'LOW')) recommendations.push(`${c.address}: ${c.spreadPercent.toFixed(2)} % spread across models (tolerance ${c.tolerancePercent} %): check it against measured or reference data before relying on it`);
  if (failedModels > 0) recommendations.push(`${failedModels} model(s) did not solve the process: see modelResults`);
  const overallRisk = high > 0 || failedModels > 0 ? 'HIGH — results depend on the thermodynamic model' : medium > 0 ? 'MEDIUM — some results depend on the model' : 'LOW — results consistent across thermodynamic models';
  const warnings: Warning[] = [];
  if (ok.length < 2) return failure(TOOL, 'compute', [issue('MODELS_FAILED', `Only ${ok.length} model(s) solved the process; nothing to compare`, 'Check the process with runProcess under each model', 'models')]);
  if (high > 0) warnings.push(warning('MODEL_LIMITATION', `${high} compared result(s) differ across models by more than twice their tolerance`));
  return success({
    tool: TOOL,
    data: { modelsCompared: models, modelResults, crossComparison, riskAssessment: { totalVariables: crossComparison.length, lowRisk: count('LOW'), mediumRisk: medium, highRisk: high, failedModels, overallRisk, recommendations } },
    warnings,
    provenance: {
      calculationType: 'cross-model comparison of a process',
      convergence: { converged: failedModels === 0, iterations: ok.length },
      assumptions: ['Every fluid of the definition is switched to each model; nothing else changes', 'Spread = (max − min) / |mean|; LOW within the tolerance, MEDIUM within twice it, HIGH beyond'],
      limitations: [`Process models available: ${PROCESS_MODELS.join(', ')}; agreement between models is not validation against data`],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: overallRisk,
  });
}

export const crossValidateModelsTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Runs one process (runProcess input) under SRK and PR and reports how much each result depends on the equation of state.',
  description:
    'Runs one process under several equations of state (SRK and PR here) and compares results by address: {"baseProcess": <runProcess input>, "models": ["SRK", "PR"], "compareVariables": [{"address", "unit"?}], "tolerances": {"power": 5, "default": 10}}. ' +
    'Returns each model\'s values, the spread of each result against its tolerance (LOW/MEDIUM/HIGH) and an overall risk that the answer depends on the model.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [
    {
      name: 'srk-vs-pr',
      description: 'Compressor power, separator liquid and cooler outlet density under SRK and PR',
      input: {
        baseProcess: AUTOMATION_PROCESS,
        models: ['SRK', 'PR'],
        compareVariables: [{ address: 'Export Compressor.power', unit: 'kW' }, { address: 'HP Sep.liquidOutStream.flowRate', unit: 'kg/hr' }, { address: 'Aftercooler.outletStream.density' }],
        tolerances: { power: 5, default: 10 },
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
