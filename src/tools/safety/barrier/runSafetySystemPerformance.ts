/**
 * runSafetySystemPerformance (advanced, CALCULATION, v1.4): performance of the active and passive
 * safety systems of a barrier register against demand cases — quantitative SIF verification (low
 * demand PFDavg through runSIL; high demand PFH by IEC 61508-6 B.3.3), achieved against claimed SIL,
 * voting state of logic SIFs, availability, response time against requirement and process safety
 * time, capacity against demand and fire rating (src/tools/safety/barrier/performance.ts).
 *
 * Differences from the original: SIL bands are IEC 61508's at the edges; the original's "pfdUpper"
 * (1.5 × PFDavg) and its diagnostic-coverage warning (from a DC of 60 % the caller never gave) are
 * not produced — architectural constraints are not assessed, and we say so; the NORSOK/ISO 13702/
 * TR1055 and STID extraction templates (static lists, no calculation) are not returned.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { FindingSchema, RegisterSchema, pickRegister } from './schema.js';
import { analyseRegister, countFindings } from './validate.js';
import { DemandCaseSchema, LogicSifSchema, MeasurementDeviceSchema, QuantitativeSifSchema, assessDemand, checkLogicSif, relatedTo, verifySif, type Verdict } from './performance.js';
import { defineTool, type ToolContext } from '../../contract/types.js';

const TOOL = 'runSafetySystemPerformance';

const Input = Type.Object(
  {
    register: Type.Optional(RegisterSchema),
    barrierRegister: Type.Optional(RegisterSchema),
    demands: Type.Optional(Type.Array(DemandCaseSchema, { maxItems: 2000, description: 'Demand cases: which barrier, and what it must achieve' })),
    demandCases: Type.Optional(Type.Array(DemandCaseSchema, { maxItems: 2000, description: 'Alias of demands' })),
    measurementDevices: Type.Optional(Type.Array(MeasurementDeviceSchema, { maxItems: 2000 })),
    logicSifs: Type.Optional(Type.Array(LogicSifSchema, { maxItems: 500, description: 'Voting groups (MooN) with their detectors\' states' })),
    quantitativeSifs: Type.Optional(Type.Array(QuantitativeSifSchema, { maxItems: 500, description: 'SIFs as for runSIL (components or pfdAvg), linked to a barrier by barrierId or id' })),
    safetyInstrumentedFunctions: Type.Optional(Type.Array(QuantitativeSifSchema, { maxItems: 500, description: 'Alias of quantitativeSifs' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const VerdictSchema = Type.Union([Type.Literal('PASS'), Type.Literal('PASS_WITH_WARNINGS'), Type.Literal('FAIL')]);
const Findings = Type.Array(FindingSchema);
const Num = Type.Number();
const Int = Type.Integer();
const Str = Type.String();

const Output = Type.Object(
  {
    standard: Str,
    summary: Type.Object(
      {
        registerId: Str,
        name: Str,
        overallVerdict: VerdictSchema,
        assessmentCount: Int,
        passCount: Int,
        warningCount: Int,
        failCount: Int,
        demandCaseCount: Int,
        measurementDeviceCount: Int,
        sifVerificationCount: Int,
        logicSifCount: Int,
      },
      { additionalProperties: false },
    ),
    registerValidation: Type.Object({ valid: Type.Boolean(), findingCount: Int, errorCount: Int, warningCount: Int, infoCount: Int, findings: Findings }, { additionalProperties: false }),
    assessments: Type.Array(
      Type.Object(
        {
          demandId: Str,
          barrierId: Str,
          barrierName: Str,
          category: Type.Optional(Str),
          nature: Type.Union([Type.Literal('ACTIVE'), Type.Literal('PASSIVE'), Type.Literal('UNCLASSIFIED')]),
          verdict: VerdictSchema,
          metrics: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
          instrumentTags: Type.Array(Str),
          safetyInstrumentedFunctions: Type.Array(Str),
          findings: Findings,
        },
        { additionalProperties: false },
      ),
    ),
    sifVerifications: Type.Array(
      Type.Object(
        {
          name: Str,
          barrierId: Type.Optional(Str),
          demandMode: Str,
          demandRate_per_year: Type.Optional(Num),
          claimedSIL: Type.Optional(Int),
          achievedSIL: Type.Optional(Type.Integer({ description: '0 = no SIL; 5 = beyond SIL 4' })),
          silAchieved: Type.Optional(Type.Boolean()),
          pfdAverage: Type.Optional(Num),
          riskReductionFactor: Type.Optional(Num),
          pfh_per_hour: Type.Optional(Num),
          pfhLimitOfClaimedSIL: Type.Optional(Num),
          architecture: Str,
          hardwareFaultTolerance: Type.Optional(Int),
          proofTestIntervalHours: Num,
          responseTime_seconds: Type.Optional(Num),
          protectedEquipment: Type.Array(Str),
          method: Str,
          verdict: VerdictSchema,
          findings: Findings,
        },
        { additionalProperties: false },
      ),
    ),
    logicSifChecks: Type.Array(
      Type.Object(
        {
          name: Str,
          barrierId: Type.Optional(Str),
          votingLogic: Str,
          votesRequired: Int,
          channels: Int,
          detectorCount: Int,
          bypassedDetectorCount: Int,
          faultyDetectorCount: Int,
          trippedDetectorCount: Int,
          availableVotes: Int,
          remainingFaultTolerance: Int,
          verdict: VerdictSchema,
          findings: Findings,
        },
        { additionalProperties: false },
      ),
    ),
    barriersWithoutDemandCase: Type.Array(Str),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

/** One of two alias fields (the original accepts both names); an error when both are given. */
function alias<T>(input: In, a: keyof In, b: keyof In): { value: T[]; key: string } | { error: string } {
  if (input[a] !== undefined && input[b] !== undefined) return { error: `Both "${String(a)}" and "${String(b)}" given` };
  return input[b] !== undefined ? { value: input[b] as T[], key: String(b) } : { value: (input[a] as T[] | undefined) ?? [], key: String(a) };
}

const WORST: Record<Verdict, number> = { PASS: 0, PASS_WITH_WARNINGS: 1, FAIL: 2 };

function run(input: In, ctx: ToolContext): Envelope<Out> {
  const started = performance.now();
  const picked = pickRegister(input);
  if ('error' in picked)
    return failure(TOOL, 'input', [picked.error === 'none' ? issue('MISSING_FIELD', 'No barrier register given', 'Send "register" with its barriers and performance standards', 'register') : issue('AMBIGUOUS_INPUT', 'Both "register" and "barrierRegister" given', 'Send one of them', 'barrierRegister')]);
  const demands = alias<Static<typeof DemandCaseSchema>>(input, 'demands', 'demandCases');
  const sifs = alias<Static<typeof QuantitativeSifSchema>>(input, 'quantitativeSifs', 'safetyInstrumentedFunctions');
  if ('error' in demands) return failure(TOOL, 'input', [issue('AMBIGUOUS_INPUT', demands.error, 'Send one of them', 'demandCases')]);
  if ('error' in sifs) return failure(TOOL, 'input', [issue('AMBIGUOUS_INPUT', sifs.error, 'Send one of them', 'safetyInstrumentedFunctions')]);
  const logic = input.logicSifs ?? [];
  const devices = input.measurementDevices ?? [];
  if (demands.value.length === 0 && sifs.value.length === 0 && logic.length === 0)
    return failure(TOOL, 'input', [issue('NOTHING_TO_ASSESS', 'No demand cases, logic SIFs or quantitative SIFs given', 'Add "demands": [{"demandId", "barrierId", "requiredResponseTimeSeconds", "actualResponseTimeSeconds", …}] or "quantitativeSifs"', 'demands')]);

  const { register, root } = picked;
  const a = analyseRegister(register, root);
  const counts = countFindings(a.findings);
  const sifResults = sifs.value.map((s, i) => ({ sif: s, result: verifySif(s, `${sifs.key}[${i}]`, a, demands.value, ctx) }));
  const logicResults = logic.map((l, i) => ({ sif: l, check: checkLogicSif(l, `logicSifs[${i}]`) }));
  const assessments = demands.value.map((d, i) => {
    const b = a.byId.get(d.barrierId);
    return assessDemand(d, `${demands.key}[${i}]`, a, b === undefined ? undefined : relatedTo(b, devices, logicResults, sifResults));
  });
  const verdicts = [...assessments.map((x) => x.verdict), ...sifResults.map((s) => s.result.verdict), ...logicResults.map((l) => l.check.verdict)];
  const overall = verdicts.reduce<Verdict>((w, v) => (WORST[v] > WORST[w] ? v : w), 'PASS');
  const demanded = new Set(demands.value.map((d) => d.barrierId));
  const data: Out = {
    standard: 'NORSOK S-001 / ISO 13702 / IEC 61508 / IEC 61511',
    summary: {
      registerId: register.registerId ?? '',
      name: register.name ?? '',
      overallVerdict: overall,
      assessmentCount: assessments.length,
      passCount: assessments.filter((x) => x.verdict === 'PASS').length,
      warningCount: assessments.filter((x) => x.verdict === 'PASS_WITH_WARNINGS').length,
      failCount: assessments.filter((x) => x.verdict === 'FAIL').length,
      demandCaseCount: demands.value.length,
      measurementDeviceCount: devices.length,
      sifVerificationCount: sifResults.length,
      logicSifCount: logicResults.length,
    },
    registerValidation: { valid: counts.errorCount === 0, findingCount: a.findings.length, ...counts, findings: a.findings },
    assessments,
    sifVerifications: sifResults.map((s) => s.result),
    logicSifChecks: logicResults.map((l) => l.check),
    barriersWithoutDemandCase: [...a.byId.keys()].filter((id) => !demanded.has(id)),
  };
  const message = `Overall ${overall}: ${data.summary.failCount} of ${assessments.length} demand case(s) fail`;
  const env = success<Out>({
    tool: TOOL,
    data,
    provenance: {
      calculationType: 'safety-system performance (barrier register, IEC 61508/61511 SIF verification)',
      convergence: { converged: true, iterations: 1 },
      assumptions: [
        'Low demand (≤ 1 demand/year, IEC 61508-4 3.5.16): PFDavg by runSIL (IEC 61508-6 Annex B with common cause, default β = 0.1, T1 = 8760 h); high demand or continuous: PFH = Σ subsystem PFH (IEC 61508-6 B.3.3, λ_DD = 0, MRT ≪ T1), SIL by IEC 61508-1 Table 3',
        'The SIF response time must not exceed the required response time nor the process safety time (IEC 61511-1 10.3.2); the slowest linked instrument alone must not exceed the required response time',
        'Passive barriers (PASSIVE_FIRE_PROTECTION, FIRE_BLAST_WALL, CONTAINMENT) are judged on status, availability, capacity and fire rating only',
      ],
      limitations: ['Architectural constraints (HFT against safe failure fraction), systematic capability, diagnostic coverage and imperfect proof tests are not assessed'],
      computationTimeMs: performance.now() - started,
    },
    validationPhase: 'calculation',
    validationMessage: message,
  });
  if (overall === 'FAIL') env.qualityGate = { verdict: 'failed', summary: message, engineeringReviewRequired: true };
  else if (overall === 'PASS_WITH_WARNINGS') env.qualityGate = { verdict: 'warning', summary: message, engineeringReviewRequired: true };
  return env;
}

export const runSafetySystemPerformanceTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.4',
  summary: 'Performance of safety systems against a barrier register: per SIF PFDavg/PFH and achieved SIL; per demand case response time, availability and capacity verdicts.',
  description:
    'Performance of active and passive safety systems against a barrier register (as for runBarrierRegister): {"register", "demands": [{"demandId", "barrierId", "category", "demandRate_per_year", "processSafetyTimeSeconds", ' +
    '"requiredResponseTimeSeconds", "actualResponseTimeSeconds", "requiredAvailability", "actualAvailability", "demandValue", "capacityValue", "requiredFireRatingMinutes", "fireRatingMinutes"}], ' +
    '"measurementDevices": [{"tag", "responseTimeSeconds"}], "logicSifs": [{"name", "votingLogic": "2oo3", "detectors": [{"name", "status"}]}], ' +
    '"quantitativeSifs": [{"id"|"barrierId", "claimedSIL", "architecture", "proofTestInterval_hours", "components": [{"name", "lambdaDU_per_hr"|"pfd"}] | "pfdAvg"}]}. ' +
    'Per SIF: PFDavg (runSIL, IEC 61508-6) in low demand, PFH in high demand (> 1 demand/year), achieved vs claimed SIL. Per demand case: verdict PASS / PASS_WITH_WARNINGS / FAIL with findings {severity, code, message, remediation, path}.',
  input: Input,
  output: Output,
  exampleCategory: 'safety',
  examples: [
    {
      name: 'hipps-and-gas-detection',
      description: 'HIPPS (verified from failure rates) and 2oo3 gas detection on an HP separator, against response times and the process safety time',
      input: {
        register: {
          registerId: 'BR-V101-PERF',
          name: 'V-101 safety systems',
          evidence: [{ evidenceId: 'EV-SRS', documentId: 'SRS-0101', revision: '2', sourceReference: 'Table 4' }],
          performanceStandards: [
            { id: 'PS-HIPPS', title: 'HIPPS on V-101 inlet', demandMode: 'LOW_DEMAND', targetPfd: 0.001, proofTestIntervalHours: 8760, responseTimeSeconds: 6, requiredAvailability: 0.99, evidenceRefs: ['EV-SRS'] },
            { id: 'PS-FGS', title: 'Gas detection in M01', demandMode: 'LOW_DEMAND', targetPfd: 0.01, proofTestIntervalHours: 8760, responseTimeSeconds: 20, evidenceRefs: ['EV-SRS'] },
          ],
          barriers: [
            { id: 'B-HIPPS', name: 'HIPPS inlet shutdown', type: 'PREVENTION', category: 'HIPPS', status: 'AVAILABLE', pfd: 0.0008, claimedSIL: 3, performanceStandardId: 'PS-HIPPS', equipmentTags: ['PT-101A', 'PT-101B', 'ESDV-101A', 'ESDV-101B'], hazardIds: ['HAZ-OP'], evidenceRefs: ['EV-SRS'] },
            { id: 'B-FGS', name: 'Gas detection M01', type: 'MITIGATION', category: 'FIRE_GAS_DETECTION', status: 'AVAILABLE', pfd: 0.005, performanceStandardId: 'PS-FGS', equipmentTags: ['GD-101', 'GD-102', 'GD-103'], hazardIds: ['HAZ-OP'], evidenceRefs: ['EV-SRS'] },
          ],
          safetyCriticalElements: [{ id: 'SCE-V101', tag: 'V-101', barrierRefs: ['B-HIPPS', 'B-FGS'] }],
        },
        demands: [
          { demandId: 'D-HIPPS', barrierId: 'B-HIPPS', demandRate_per_year: 0.1, processSafetyTimeSeconds: 15, actualResponseTimeSeconds: 4.5, actualAvailability: 0.995 },
          { demandId: 'D-FGS', barrierId: 'B-FGS', actualResponseTimeSeconds: 12 },
        ],
        measurementDevices: [
          { tag: 'PT-101A', responseTimeSeconds: 0.5 },
          { tag: 'GD-101', responseTimeSeconds: 8 },
        ],
        logicSifs: [{ name: 'GD 2oo3', votingLogic: '2oo3', detectors: [{ name: 'GD-101' }, { name: 'GD-102' }, { name: 'GD-103', status: 'BYPASSED' }] }],
        quantitativeSifs: [
          {
            id: 'B-HIPPS',
            name: 'HIPPS SIF',
            claimedSIL: 3,
            proofTestInterval_hours: 8760,
            beta: 0.05,
            responseTime_seconds: 4.5,
            components: [
              { name: 'PT 1oo2', type: 'sensor', lambdaDU_per_hr: 5e-7, architecture: '1oo2' },
              { name: 'Logic solver', type: 'logic', pfd: 5e-5 },
              { name: 'ESDV 1oo2', type: 'finalElement', lambdaDU_per_hr: 1e-6, architecture: '1oo2' },
            ],
          },
        ],
      },
    },
  ],
  execution: 'inline',
  run,
});
