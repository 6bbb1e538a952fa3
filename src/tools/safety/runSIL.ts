/**
 * runSIL (advanced, CALCULATION, v1.3): low-demand SIL verification of a safety instrumented
 * function: PFDavg of each subsystem (sensor, logic solver, final element) from its dangerous
 * undetected failure rate, architecture, proof test interval and common-cause factor by the
 * simplified equations of IEC 61508-6 Annex B, or a given PFD; the SIF's PFDavg as their sum; the
 * SIL achieved against the one claimed. Unlike the original, redundant architectures carry the
 * common-cause term βλT/2, which usually dominates them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_COMMON_CAUSE_BETA, DEFAULT_PROOF_TEST_INTERVAL_H, HARDWARE_FAULT_TOLERANCE, pfdAvg, pfdLimitOfSil, silOfPfd, type Architecture } from '../../engine/safety/sis.js';
import { failure, issue, success, warning, type Warning } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';

const TOOL = 'runSIL';
const ARCHITECTURES = ['1oo1', '1oo2', '2oo2', '2oo3', '1oo3'] as const;
const DEFAULT_BETA = DEFAULT_COMMON_CAUSE_BETA;
const arch = Type.Union(ARCHITECTURES.map((a) => Type.Literal(a)));

const Component = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Optional(Type.Union([Type.Literal('sensor'), Type.Literal('logic'), Type.Literal('finalElement')])),
    pfd: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1, description: 'PFDavg of the subsystem, when known (e.g. a certified logic solver)' })),
    lambdaDU_per_hr: Type.Optional(Type.Number({ minimum: 0, maximum: 0.01, description: 'Dangerous undetected failure rate of one channel, 1/h' })),
    architecture: Type.Optional(arch),
    beta: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Common-cause factor of redundant channels (default: the SIF\'s beta)' })),
  },
  { additionalProperties: false },
);

const Input = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    claimedSIL: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    architecture: Type.Optional(Type.Union([arch], { description: 'Default architecture of every subsystem (default 1oo1)' })),
    proofTestInterval_hours: Type.Optional(Type.Number({ minimum: 1, maximum: 1e6, description: 'T1, h (default 8760)' })),
    beta: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: `Common-cause factor β of redundant subsystems (default ${DEFAULT_BETA}, the upper end of IEC 61508-6 Table D.4)` })),
    components: Type.Optional(Type.Array(Component, { minItems: 1, maxItems: 50 })),
    pfdAvg: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1, description: 'The SIF\'s PFDavg when already known (instead of components)' })),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    verification: Type.Object(
      {
        name: Type.String(),
        architecture: Type.String(),
        claimedSIL: Type.Optional(Type.Integer()),
        achievedSIL: Type.Integer({ description: '0 = PFDavg ≥ 0.1 (no SIL); 5 = below SIL 4\'s range' }),
        silAchieved: Type.Optional(Type.Boolean()),
        pfdAvg: Type.Number(),
        riskReductionFactor: Type.Number(),
        proofTestInterval_hours: Type.Number(),
        proofTestInterval_years: Type.Number(),
        hardwareFaultTolerance: Type.Integer({ description: 'Lowest HFT of the subsystems' }),
        marginToClaimedSIL: Type.Optional(Type.Number({ description: 'PFD limit of the claimed SIL over the PFDavg (> 1 = margin)' })),
      },
      { additionalProperties: false },
    ),
    components: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          type: Type.String(),
          architecture: Type.String(),
          lambdaDU_per_hr: Type.Optional(Type.Number()),
          beta: Type.Optional(Type.Number()),
          pfdContribution: Type.Number(),
          percentOfTotal: Type.Number(),
          source: Type.Union([Type.Literal('given PFD'), Type.Literal('IEC 61508-6 simplified equation')]),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

function run(input: Static<typeof Input>) {
  const started = performance.now();
  const T1 = input.proofTestInterval_hours ?? DEFAULT_PROOF_TEST_INTERVAL_H;
  const sifArch: Architecture = input.architecture ?? '1oo1';
  const beta = input.beta ?? DEFAULT_BETA;
  const warnings: Warning[] = [];
  let components: Static<typeof Output>['components'] = [];
  let total: number;
  let hft: number;
  if (input.components !== undefined) {
    const bad = input.components.findIndex((c) => c.pfd === undefined && c.lambdaDU_per_hr === undefined);
    if (bad >= 0) return failure(TOOL, 'compute', [issue('MISSING_FIELD', `Component '${input.components[bad]!.name}' has neither pfd nor lambdaDU_per_hr`, 'Give "lambdaDU_per_hr" (with the architecture and proof test interval) or its "pfd"', `components.${bad}`)]);
    const rows = input.components.map((c) => {
      const a = c.architecture ?? sifArch;
      const b = c.beta ?? beta;
      const given = c.pfd !== undefined;
      const pfd = given ? c.pfd! : pfdAvg(a, c.lambdaDU_per_hr!, T1, b);
      return { name: c.name, type: c.type ?? 'unspecified', architecture: a, ...(c.lambdaDU_per_hr !== undefined ? { lambdaDU_per_hr: c.lambdaDU_per_hr } : {}), ...(!given && a !== '1oo1' && a !== '2oo2' ? { beta: b } : {}), pfdContribution: pfd, source: given ? ('given PFD' as const) : ('IEC 61508-6 simplified equation' as const) };
    });
    total = rows.reduce((s, r) => s + r.pfdContribution, 0);
    components = rows.map((r) => ({ ...r, percentOfTotal: (100 * r.pfdContribution) / total }));
    hft = Math.min(...rows.map((r) => HARDWARE_FAULT_TOLERANCE[r.architecture as Architecture]));
    for (const c of input.components) if (c.pfd !== undefined && c.lambdaDU_per_hr !== undefined) warnings.push(warning('MODEL_LIMITATION', `Component '${c.name}': both pfd and lambdaDU_per_hr given; the given pfd is used`));
  } else if (input.pfdAvg !== undefined) {
    total = input.pfdAvg;
    hft = HARDWARE_FAULT_TOLERANCE[sifArch];
  } else {
    return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'Give the SIF\'s components or its pfdAvg', 'Add "components": [{"name": "PT", "type": "sensor", "lambdaDU_per_hr": 3e-7}, …] or "pfdAvg"', 'components')]);
  }
  if (!(total > 0)) return failure(TOOL, 'compute', [issue('INVALID_RESULT', 'Every subsystem has a zero failure rate: the PFD is 0, which no real SIF achieves', 'Give the dangerous undetected failure rates (lambdaDU_per_hr > 0) or PFDs', 'components')]);
  if (total >= 1) return failure(TOOL, 'compute', [issue('INVALID_RESULT', `The summed PFDavg is ${total}: the proof test interval is far too long for these failure rates (the simplified equations need λT ≪ 1)`, 'Shorten proofTestInterval_hours or check the failure rates', 'proofTestInterval_hours')]);
  const achieved = silOfPfd(total);
  if (input.components?.some((c) => c.lambdaDU_per_hr !== undefined && c.lambdaDU_per_hr * T1 > 0.1)) warnings.push(warning('EXTRAPOLATION', 'λ_DU·T1 > 0.1 for a subsystem: the simplified IEC 61508-6 equations lose accuracy; use Markov or a reliability block model'));
  warnings.push(warning('MODEL_LIMITATION', 'Only the PFDavg requirement is verified: architectural constraints (HFT against safe failure fraction, route 1H/2H) and systematic capability are not assessed'));
  return success({
    tool: TOOL,
    data: {
      verification: {
        name: input.name ?? 'SIF-001',
        architecture: sifArch,
        ...(input.claimedSIL !== undefined ? { claimedSIL: input.claimedSIL, silAchieved: achieved >= input.claimedSIL, marginToClaimedSIL: pfdLimitOfSil(input.claimedSIL) / total } : {}),
        achievedSIL: achieved,
        pfdAvg: total,
        riskReductionFactor: 1 / total,
        proofTestInterval_hours: T1,
        proofTestInterval_years: T1 / 8760,
        hardwareFaultTolerance: hft,
      },
      components,
    },
    warnings,
    provenance: {
      calculationType: 'SIL verification (IEC 61508-6 Annex B simplified equations, low demand)',
      convergence: { converged: true, iterations: 1 },
      assumptions: [
        `Dangerous undetected failures only, repair time negligible against T1 = ${T1} h; redundant subsystems with common cause β = ${beta} unless set per component`,
        'SIF PFDavg = sum of its subsystems\' PFDavg; SIL bands of IEC 61511 for low demand',
      ],
      limitations: ['Diagnostic coverage, imperfect proof tests and demand rate effects are not modelled'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'SIL verification computed',
  });
}

export const runSILTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.3',
  summary: 'SIL verification (low demand) of a SIF: PFDavg per subsystem (IEC 61508-6), RRF, achieved SIL and margin to the claimed SIL.',
  description:
    'SIL verification (low demand) of a SIF: {"claimedSIL", "architecture" (1oo1, 1oo2, 2oo2, 2oo3, 1oo3), "proofTestInterval_hours", "beta", "components": [{"name", "type", "lambdaDU_per_hr" | "pfd", "architecture"?}]} or {"pfdAvg"}. ' +
    'Returns each subsystem\'s PFDavg (IEC 61508-6 simplified equations with common cause), the SIF PFDavg, RRF, achieved SIL and margin to the claimed SIL. Architectural constraints are not assessed.',
  input: Input,
  output: Output,
  exampleCategory: 'safety',
  examples: [
    {
      name: 'pahh-1oo2-valves',
      description: 'High-pressure trip: transmitter, certified logic solver, two shutdown valves 1oo2',
      input: { name: 'HP sep PAHH', claimedSIL: 2, proofTestInterval_hours: 8760, beta: 0.1, components: [{ name: 'PT', type: 'sensor', lambdaDU_per_hr: 3e-7 }, { name: 'Logic', type: 'logic', pfd: 1e-4 }, { name: 'SDV', type: 'finalElement', lambdaDU_per_hr: 2e-6, architecture: '1oo2' }] },
    },
  ],
  execution: 'inline',
  run,
});
