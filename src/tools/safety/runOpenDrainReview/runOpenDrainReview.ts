/**
 * runOpenDrainReview (advanced, CALCULATION, v1.6): NORSOK S-001 clause 9.4 open-drain review of
 * normalized STID/P&ID evidence, area by area (src/tools/safety/runOpenDrainReview/requirements.ts): every
 * requirement PASS / FAIL / WARNING (evidence missing) / INFO / NOT_APPLICABLE, the area verdict
 * and the overall verdict. The drain capacity check is the one calculation: capacity ≥ fire water
 * + liquid leak.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { STANDARD, areaVerdict, assessArea, type Evidence } from './requirements.js';
import { defineTool } from '../../contract/types.js';
import { checkKeys, strictFailure } from '../../contract/strict-keys.js';

/** An evidence value as given (a flag, a number, a text, a list of standards) or null when missing. */
const EvidenceValue = Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Null(), Type.Array(Type.String())]);
const TOOL = 'runOpenDrainReview';

const bool = (d: string) => Type.Optional(Type.Boolean({ description: d }));
const rate = (d: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: `${d}, kg/s` }));
const Area = Type.Object(
  {
    areaId: Type.String({ minLength: 1, maxLength: 200 }),
    areaType: Type.Optional(Type.String({ maxLength: 200 })),
    drainSystemType: Type.Optional(Type.String({ maxLength: 200 })),
    sourceReferences: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 100 })),
    standards: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
    drainageCapacityKgPerS: rate('Open-drain capacity'),
    fireWaterCapacityKgPerS: rate('Fire water (deluge) load on the area'),
    liquidLeakRateKgPerS: rate('Design liquid leak into the area'),
    sourceHasFlammableOrHazardousLiquid: bool('The area holds flammable or hazardous liquid'),
    hasOpenDrainMeasures: bool('Drain boxes, gullies or gratings collect spills'),
    backflowPrevented: bool('Layout prevents backflow/backpressure during deluge'),
    closedOpenDrainInteractionPrevented: bool('Closed and open drains cannot interact'),
    hazardousNonHazardousPhysicallySeparated: bool('Hazardous and non-hazardous drains are separate'),
    sealDesignedForMaxBackpressure: bool('Liquid seals hold the maximum backpressure'),
    ventTerminatedSafe: bool('Drain tank and seal vents end at a safe location'),
    openDrainDependsOnUtility: bool('The drain needs a utility to work'),
    flammableLiquidTankArea: bool('Area with a flammable-liquid tank or vessel'),
    bundingProvided: bool('Bunds or coamings around it'),
    floatingFacility: bool('Part of a floating facility'),
    drainsFunctionAtDesignMotions: bool('Drains work at design heel, trim and motions'),
    hazardousDrainTank: bool('Hazardous-area drain collection tank present'),
    drainTankInertedOrPurged: bool('That tank is inerted or purged'),
    commonSumpOrCaisson: bool('Drains share a sump or caisson'),
    commonSumpSealed: bool('Each drain into it is sealed'),
    fireAreaInterface: bool('Drains cross a fire-area boundary'),
    fireSealsBetweenAreas: bool('Seals at that boundary'),
    isHelideck: bool('Helideck drain (implied for stidData.helideckDrains)'),
    dedicatedPipeDrainage: bool('Helideck: dedicated pipe drainage'),
    drillingDrain: bool('Drilling drain'),
    segregatedFromProductionDrains: bool('Drilling drains segregated from production drains'),
    toteTankArea: bool('Temporary flammable-liquid storage (tote tanks)'),
    toteAreaDrained: bool('That storage is drained or bunded'),
    fireDivisionPenetration: bool('Drain box or pipe penetrates a fire division'),
    penetrationFireRated: bool('The penetration keeps the division rating'),
    tagreaderSource: Type.Optional(Type.String({ maxLength: 300 })),
    observedBackflowEvents: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    sumpHighLevelEvents: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
  },
  { additionalProperties: false },
);
type AreaT = Static<typeof Area>;

const Input = Type.Object(
  {
    projectName: Type.Optional(Type.String({ maxLength: 200 })),
    defaultLiquidLeakRateKgPerS: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: 'Leak rate for areas that give none (no default: such areas get a WARNING)' })),
    items: Type.Optional(Type.Array(Area, { maxItems: 1000 })),
    openDrainAreas: Type.Optional(Type.Array(Area, { maxItems: 1000 })),
    stidData: Type.Optional(Type.Object({ openDrainAreas: Type.Optional(Type.Array(Area, { maxItems: 1000 })), helideckDrains: Type.Optional(Type.Array(Area, { maxItems: 1000 })) }, { additionalProperties: false })),
    tagreaderData: Type.Optional(Type.Record(Type.String(), Type.Object({ observedBackflowEvents: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })), sumpHighLevelEvents: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })), source: Type.Optional(Type.String({ maxLength: 300 })) }, { additionalProperties: false }), { description: 'Historian event counts by areaId (an areaId not among the areas reviewed is refused: 400, with "did you mean")' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const AssessmentSchema = Type.Object(
  { requirementId: Type.String(), standard: Type.String(), clause: Type.String(), status: Type.String(), severity: Type.String(), message: Type.String(), recommendation: Type.String(), details: Type.Record(Type.String(), EvidenceValue, { description: 'the evidence the finding rests on, by input field' }) },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    reviewType: Type.Literal('open_drain_review'),
    projectName: Type.Union([Type.String(), Type.Null()]),
    overallVerdict: Type.String(),
    itemCount: Type.Integer(),
    failedItems: Type.Integer(),
    warningItems: Type.Integer(),
    standardsApplied: Type.Array(Type.String()),
    results: Type.Array(Type.Object({ areaId: Type.String(), areaType: Type.Union([Type.String(), Type.Null()]), drainSystemType: Type.Union([Type.String(), Type.Null()]), verdict: Type.String(), sourceReferences: Type.Array(Type.String()), assessments: Type.Array(AssessmentSchema) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

function run(input: In): Envelope<Static<typeof Output>> {
  const started = performance.now();
  const areas: AreaT[] = [...(input.items ?? []), ...(input.openDrainAreas ?? []), ...(input.stidData?.openDrainAreas ?? []), ...(input.stidData?.helideckDrains ?? []).map((a) => ({ ...a, isHelideck: a.isHelideck ?? true }))];
  if (areas.length === 0) return failure(TOOL, 'input', [issue('MISSING_OPEN_DRAIN_DATA', 'No drain areas were given', 'Send "items", "openDrainAreas" or "stidData": {"openDrainAreas": [...], "helideckDrains": [...]}', 'items')]);
  // Historian data for an area not in the review would be dropped: refuse it (a mistyped areaId).
  const strict = checkKeys(input.tagreaderData ?? {}, { subject: 'tagreaderData (event counts by areaId)', modelled: areas.map((a) => a.areaId) }, '/tagreaderData');
  if (strict.length > 0) return strictFailure(TOOL, strict);
  const results = areas.map((a) => {
    const ops = input.tagreaderData?.[a.areaId];
    const evidence: Evidence = { ...a, ...(a.areaType?.toLowerCase().includes('helideck') && a.isHelideck === undefined ? { isHelideck: true } : {}), ...(ops ?? {}) };
    const assessments = assessArea(evidence, { defaultLeakRate: input.defaultLiquidLeakRateKgPerS });
    return { areaId: a.areaId, areaType: a.areaType ?? null, drainSystemType: a.drainSystemType ?? null, verdict: areaVerdict(assessments), sourceReferences: a.sourceReferences ?? [], assessments };
  });
  const failed = results.filter((r) => r.verdict === 'FAIL').length;
  const warned = results.filter((r) => r.verdict === 'PASS_WITH_WARNINGS').length;
  return success({
    tool: TOOL,
    data: {
      reviewType: 'open_drain_review' as const,
      projectName: input.projectName ?? null,
      overallVerdict: failed > 0 ? 'FAIL' : warned > 0 ? 'PASS_WITH_WARNINGS' : 'PASS',
      itemCount: results.length,
      failedItems: failed,
      warningItems: warned,
      standardsApplied: [`${STANDARD} clause 9.4`],
      results,
    },
    warnings: [],
    provenance: {
      calculationType: 'open-drain evidence review (NORSOK S-001 clause 9.4)',
      convergence: { converged: true, iterations: 0 },
      assumptions: ['The evidence is the caller\'s normalized STID/P&ID facts; missing facts are WARNING, not assumed'],
      limitations: ['An evidence and rule-consistency review: no hydraulic or CFD model of the drains'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'open-drain review done',
  });
}

export const runOpenDrainReviewTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.6',
  summary: 'NORSOK S-001 clause 9.4 open-drain review of area evidence: PASS/FAIL/WARNING per requirement, verdicts per area and overall.',
  description:
    'NORSOK S-001 clause 9.4 open-drain review of normalized evidence. Areas in "items", "openDrainAreas" or "stidData" {openDrainAreas, helideckDrains}: {areaId, areaType, standards[], drainageCapacityKgPerS, fireWaterCapacityKgPerS, liquidLeakRateKgPerS, and yes/no evidence such as backflowPrevented, closedOpenDrainInteractionPrevented, hazardousNonHazardousPhysicallySeparated, sealDesignedForMaxBackpressure, ventTerminatedSafe, openDrainDependsOnUtility; conditional ones (flammableLiquidTankArea→bundingProvided, floatingFacility→drainsFunctionAtDesignMotions, hazardousDrainTank→drainTankInertedOrPurged, …)}; ' +
    '"defaultLiquidLeakRateKgPerS"; "tagreaderData" {areaId: {observedBackflowEvents, sumpHighLevelEvents}}. Per requirement PASS/FAIL/WARNING (evidence missing)/INFO/NOT_APPLICABLE; capacity must cover fire water + leak; verdicts per area and overall.',
  input: Input,
  output: Output,
  exampleCategory: 'process-safety-review',
  examples: [
    {
      name: 'process-area-and-helideck',
      description: 'A process area with full evidence and a helideck drain with no standards documented',
      input: {
        projectName: 'Open drain review',
        defaultLiquidLeakRateKgPerS: 5,
        stidData: {
          openDrainAreas: [{ areaId: 'OD-PROCESS-001', areaType: 'process hazardous area', standards: ['NORSOK P-002', 'ISO 13702'], sourceHasFlammableOrHazardousLiquid: true, hasOpenDrainMeasures: true, drainageCapacityKgPerS: 14, fireWaterCapacityKgPerS: 8, liquidLeakRateKgPerS: 5, backflowPrevented: true, closedOpenDrainInteractionPrevented: true, hazardousNonHazardousPhysicallySeparated: true, sealDesignedForMaxBackpressure: true, ventTerminatedSafe: true, openDrainDependsOnUtility: false }],
          helideckDrains: [{ areaId: 'OD-HELIDECK', areaType: 'helideck', dedicatedPipeDrainage: true, sourceHasFlammableOrHazardousLiquid: true, hasOpenDrainMeasures: true, drainageCapacityKgPerS: 6, fireWaterCapacityKgPerS: 1, liquidLeakRateKgPerS: 0.5, backflowPrevented: true, closedOpenDrainInteractionPrevented: true, hazardousNonHazardousPhysicallySeparated: true, sealDesignedForMaxBackpressure: true, ventTerminatedSafe: true }],
        },
      },
    },
  ],
  execution: 'inline',
  run,
});
