/**
 * runMaterialsReview (advanced, CALCULATION, v1.5, auto-validated): materials and degradation
 * screening of a register of items, each at conditions given or read from the solved process
 * stream it names (src/engine/integrity/materials.ts: CO2 corrosion, sour service, CUI, chloride
 * SCC, remaining life, minimum design temperature). An overall verdict and per-item findings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MATERIALS, reviewItem, worstVerdict, type ItemConditions, type MaterialClass } from '../../../engine/integrity/materials.js';
import { loadDefinition, ProcessJsonField, solveDefinition } from '../../process/automation/common.js';
import { AUTOMATION_PROCESS } from '../../process/automation/examples.js';
import { failure, issue, success, warning, type Envelope, type Warning } from '../../contract/envelope.js';
import { streamConditions } from './conditions.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import type { FlowsheetResult } from '../../../engine/index.js';
import type { ProcessDefinition } from '../../process/runProcess/definition.js';

const TOOL = 'runMaterialsReview';

const Item = Type.Object(
  {
    tag: Type.String({ minLength: 1, maxLength: 200 }),
    material: Type.Union(MATERIALS.map((m) => Type.Literal(m)), { description: 'Material class' }),
    stream: Type.Optional(Type.String({ maxLength: 300, description: 'Process stream the item sees: "Unit" or "Unit.port" (e.g. "HP Sep.gasOut"); needs processJson' })),
    temperature_C: Type.Optional(Type.Number({ minimum: -200, maximum: 1000, description: 'Operating temperature (else from the stream)' })),
    pressure_bara: Type.Optional(Type.Number({ minimum: 0.001, maximum: 2000 })),
    co2PartialPressure_bar: Type.Optional(Type.Number({ minimum: 0, maximum: 2000 })),
    h2sPartialPressure_bar: Type.Optional(Type.Number({ minimum: 0, maximum: 2000 })),
    freeWater: Type.Optional(Type.Boolean({ description: 'Free water wets the wall (else from the stream: an aqueous phase)' })),
    chlorides: Type.Optional(Type.Boolean({ description: 'Chlorides in the water (default: true when there is free water, the produced-water case)' })),
    insulated: Type.Optional(Type.Boolean()),
    nominalThickness_mm: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })),
    measuredThickness_mm: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
    requiredThickness_mm: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'Minimum required (pressure design) thickness' })),
    corrosionAllowance_mm: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    ageYears: Type.Optional(Type.Number({ minimum: 0, maximum: 200 })),
    inspectionCorrosionRate_mmPerYear: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    minimumDesignTemperature_C: Type.Optional(Type.Number({ minimum: -273, maximum: 500 })),
  },
  { additionalProperties: false },
);

const Input = Type.Object(
  {
    projectName: Type.Optional(Type.String({ maxLength: 200 })),
    designLifeYears: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 200, description: 'Default 25' })),
    processJson: Type.Optional(ProcessJsonField),
    items: Type.Array(Item, { minItems: 1, maxItems: 1000, description: 'The materials register' }),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const FindingSchema = Type.Object(
  { mechanism: Type.String(), verdict: Type.String(), message: Type.String(), rule: Type.String(), recommendation: Type.Optional(Type.String()), values: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()]))) },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    projectName: Type.Union([Type.String(), Type.Null()]),
    designLifeYears: Type.Number(),
    overallVerdict: Type.String(),
    counts: Type.Object({ PASS: Type.Integer(), WARNING: Type.Integer(), FAIL: Type.Integer() }, { additionalProperties: false }),
    items: Type.Array(
      Type.Object(
        {
          tag: Type.String(),
          material: Type.String(),
          verdict: Type.String(),
          conditions: Type.Object({ temperature_C: Type.Number(), pressure_bara: Type.Number(), co2PartialPressure_bar: Type.Number(), h2sPartialPressure_bar: Type.Number(), freeWater: Type.Boolean(), chlorides: Type.Boolean(), source: Type.String() }, { additionalProperties: false }),
          predictedCorrosionRate_mmPerYear: Type.Union([Type.Number(), Type.Null()]),
          corrosionRateUsed_mmPerYear: Type.Union([Type.Number(), Type.Null()]),
          remainingLifeYears: Type.Union([Type.Number(), Type.Null()]),
          findings: Type.Array(FindingSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

function run(input: In, ctx: ToolContext): Envelope<Static<typeof Output>> {
  const started = performance.now();
  const life = input.designLifeYears ?? 25;
  let solvedProcess: { definition: ProcessDefinition; solved: FlowsheetResult } | undefined;
  let iterations = 0;
  if (input.items.some((i) => i.stream !== undefined)) {
    if (input.processJson === undefined) return failure(TOOL, 'input', [issue('MISSING_PROCESS', 'Items name a "stream" but no "processJson" is given', 'Pass the runProcess definition, or give the conditions on the item', 'processJson')]);
    const loaded = loadDefinition(TOOL, input.processJson);
    if (!loaded.ok) return loaded.env;
    const s = solveDefinition(TOOL, loaded.definition, ctx);
    if (!s.ok) return s.env;
    solvedProcess = { definition: loaded.definition, solved: s.solved };
    iterations = s.solved.iterations;
  }
  const warnings: Warning[] = [];
  const items = [];
  for (const [i, it] of input.items.entries()) {
    let T = it.temperature_C !== undefined ? it.temperature_C + 273.15 : undefined;
    let P = it.pressure_bara;
    let pCO2 = it.co2PartialPressure_bar;
    let pH2S = it.h2sPartialPressure_bar;
    let water = it.freeWater;
    let source = 'given';
    if (it.stream !== undefined) {
      const c = streamConditions(solvedProcess!.definition, solvedProcess!.solved, it.stream);
      if (!c.ok) return failure(TOOL, 'input', [issue('STREAM_NOT_FOUND', `Item ${it.tag}: ${c.message}`, 'Name a unit (and outlet port) of processJson', `items.${i}.stream`)]);
      T ??= c.conditions.T;
      P ??= c.conditions.P;
      pCO2 ??= c.conditions.pCO2;
      pH2S ??= c.conditions.pH2S;
      water ??= c.conditions.freeWater;
      source = `${c.conditions.stream} (partial pressures from the ${c.conditions.partialPressureBasis})`;
    }
    if (T === undefined || P === undefined) return failure(TOOL, 'input', [issue('MISSING_FIELD', `Item ${it.tag} has no operating temperature and pressure`, 'Give temperature_C and pressure_bara, or a "stream" of processJson', `items.${i}`)]);
    if ((pCO2 ?? 0) > P || (pH2S ?? 0) > P) return failure(TOOL, 'input', [issue('INVALID_INPUT', `Item ${it.tag}: a partial pressure exceeds the pressure`, 'Partial pressure = mole fraction in the gas × pressure', `items.${i}`)]);
    const freeWater = water ?? false;
    const chlorides = it.chlorides ?? freeWater;
    const cond: ItemConditions = {
      material: it.material as MaterialClass,
      T,
      P,
      pCO2: pCO2 ?? 0,
      pH2S: pH2S ?? 0,
      freeWater,
      chlorides,
      insulated: it.insulated ?? false,
      designLifeYears: life,
      ageYears: it.ageYears,
      nominalThickness: it.nominalThickness_mm,
      measuredThickness: it.measuredThickness_mm,
      requiredThickness: it.requiredThickness_mm,
      corrosionAllowance: it.corrosionAllowance_mm,
      inspectionRate: it.inspectionCorrosionRate_mmPerYear,
      minimumDesignTemperature: it.minimumDesignTemperature_C,
    };
    const r = reviewItem(cond);
    items.push({
      tag: it.tag,
      material: it.material,
      verdict: r.verdict,
      conditions: { temperature_C: T - 273.15, pressure_bara: P, co2PartialPressure_bar: cond.pCO2, h2sPartialPressure_bar: cond.pH2S, freeWater, chlorides, source },
      predictedCorrosionRate_mmPerYear: r.predictedCorrosionRate_mmPerYear,
      corrosionRateUsed_mmPerYear: r.corrosionRateUsed_mmPerYear,
      remainingLifeYears: r.remainingLifeYears,
      findings: r.findings,
    });
  }
  const verdicts = items.map((x) => x.verdict as 'PASS' | 'WARNING' | 'FAIL');
  const overall = worstVerdict(verdicts);
  if (items.some((x) => x.predictedCorrosionRate_mmPerYear !== null)) warnings.push(warning('MODEL_LIMITATION', 'CO2 corrosion rates are uninhibited de Waard–Lotz–Milliams (1991) predictions: no inhibitor, glycol, scale or flow-velocity effect'));
  return success({
    tool: TOOL,
    data: {
      projectName: input.projectName ?? null,
      designLifeYears: life,
      overallVerdict: overall,
      counts: { PASS: verdicts.filter((v) => v === 'PASS').length, WARNING: verdicts.filter((v) => v === 'WARNING').length, FAIL: verdicts.filter((v) => v === 'FAIL').length },
      items,
    },
    warnings,
    provenance: {
      calculationType: 'materials and degradation screening',
      // The verdict is an engineering finding, not a solver state: the review itself always completes.
      convergence: { converged: true, iterations },
      assumptions: ['Partial pressures from the gas phase of the named stream (overall composition when it has none, an upper bound)', 'Free water from an aqueous phase in the stream; chlorides assumed present in free water unless stated'],
      limitations: ['Screening rules, not a corrosion-management programme: no MIC, erosion, fatigue, hydrogen embrittlement or elemental sulfur', 'Stainless and nickel alloys and titanium are taken as resistant to CO2 corrosion'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `materials review: ${overall}`,
  });
}

export const runMaterialsReviewTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.5',
  summary: 'Materials and degradation screening of an equipment register: CO2 corrosion, sour service, CUI and chloride SCC, remaining life; PASS/WARNING/FAIL per item.',
  description:
    'Materials and degradation screening of a register: "items" [{tag, material (carbon_steel, low_alloy_steel, martensitic_13Cr, duplex_22Cr, superduplex_25Cr, austenitic_316, austenitic_6Mo, nickel_alloy_625, titanium), "stream" of "processJson" ("Unit" or "Unit.port") or temperature_C/pressure_bara/partial pressures/freeWater, insulated, chlorides, thicknesses (nominal, measured, required), corrosionAllowance_mm, ageYears, inspectionCorrosionRate_mmPerYear, minimumDesignTemperature_C}], "designLifeYears" (25). ' +
    'Per item: CO2 corrosion (de Waard–Lotz–Milliams) against the allowance over the design life, sour service (ISO 15156 0.3 kPa H2S), CUI and chloride SCC ranges (API RP 571), remaining life (API 510/570), minimum design temperature; PASS/WARNING/FAIL per finding, item and overall.',
  input: Input,
  output: Output,
  exampleCategory: 'integrity',
  examples: [
    {
      name: 'gas-train-register',
      description: 'Items on the export gas train, conditions read from the process',
      input: {
        projectName: 'Export train',
        processJson: AUTOMATION_PROCESS,
        items: [
          { tag: 'V-100', material: 'carbon_steel', stream: 'HP Sep.gasOut', insulated: true, corrosionAllowance_mm: 3 },
          { tag: 'K-100 discharge', material: 'carbon_steel', stream: 'Export Compressor', nominalThickness_mm: 25, measuredThickness_mm: 23.5, requiredThickness_mm: 20, ageYears: 10 },
          { tag: 'PW-200 produced water', material: 'carbon_steel', temperature_C: 60, pressure_bara: 20, co2PartialPressure_bar: 0.5, freeWater: true, corrosionAllowance_mm: 6 },
          { tag: 'E-100 tubes', material: 'austenitic_316', temperature_C: 85, pressure_bara: 120, freeWater: true, chlorides: true },
        ],
      },
    },
  ],
  execution: 'pool',
  autoValidation: 'general',
  run,
});
