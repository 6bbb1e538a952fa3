/**
 * runLOPA (advanced, CALCULATION, v1.3): layer of protection analysis (CCPS / IEC 61511-3): the
 * initiating-event frequency through the independent protection layers, the mitigated frequency
 * against the tolerable target, and for a gap the risk reduction and SIL a further SIF must give.
 */
import { Type, type Static } from '@sinclair/typebox';
import { lopa, pfdLimitOfSil } from '../../engine/safety/sis.js';
import { success, warning, type Warning } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';

const TOOL = 'runLOPA';

const Input = Type.Object(
  {
    scenario: Type.Optional(Type.String({ maxLength: 300, description: 'Scenario name' })),
    initiatingEventFrequency_per_year: Type.Number({ minimum: 1e-12, maximum: 1e6, description: 'Frequency of the initiating event, per year' }),
    targetFrequency_per_year: Type.Number({ minimum: 1e-15, maximum: 1e6, description: 'Tolerable frequency of the consequence, per year' }),
    layers: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 200 }),
          pfd: Type.Number({ minimum: 1e-12, maximum: 1, description: 'Probability of failure on demand of the independent protection layer' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50, description: 'Independent protection layers, in the order they act' },
    ),
  },
  { additionalProperties: false },
);

const Step = Type.Object({ name: Type.String(), pfd: Type.Number(), rrf: Type.Number(), frequencyBefore: Type.Number(), frequencyAfter: Type.Number(), contribution: Type.Number() }, { additionalProperties: false });
const Output = Type.Object(
  {
    scenarioName: Type.String(),
    initiatingEventFrequency: Type.Number(),
    targetFrequency: Type.Number(),
    mitigatedFrequency: Type.Number(),
    totalRRF: Type.Number({ description: 'Initiating over mitigated frequency' }),
    targetMet: Type.Boolean(),
    gapToTarget_per_year: Type.Number({ description: 'Mitigated minus target frequency (≤ 0 when met)' }),
    protectionLayers: Type.Array(Step),
    gapAnalysis: Type.Object(
      {
        requiredAdditionalRRF: Type.Number({ description: 'Mitigated over target frequency' }),
        requiredAdditionalPFD: Type.Number({ description: 'PFD a further layer must reach (1 when the target is met)' }),
        requiredSIL: Type.Integer({ description: 'SIL of a SIF that closes the gap: 0 = no SIF needed (met, or a non-SIL layer with that PFD suffices); 5 = beyond SIL 4' }),
        requiredSILPfdUpperLimit: Type.Optional(Type.Number()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

function run(input: Static<typeof Input>) {
  const started = performance.now();
  const r = lopa(input.initiatingEventFrequency_per_year, input.targetFrequency_per_year, input.layers);
  const warnings: Warning[] = [];
  const credited = input.layers.filter((l) => l.pfd <= 0.1);
  if (credited.length < input.layers.length) warnings.push(warning('MODEL_LIMITATION', `${input.layers.length - credited.length} layer(s) with PFD > 0.1: CCPS credits an independent protection layer only with PFD ≤ 0.1`));
  if (r.requiredSIL === 5) warnings.push(warning('EXTRAPOLATION', 'The gap needs a risk reduction beyond SIL 4 (RRF > 100 000): reduce the initiating frequency or add other independent layers; one SIF cannot close it'));
  return success({
    tool: TOOL,
    data: {
      scenarioName: input.scenario ?? 'unnamed scenario',
      initiatingEventFrequency: input.initiatingEventFrequency_per_year,
      targetFrequency: input.targetFrequency_per_year,
      mitigatedFrequency: r.mitigatedFrequency,
      totalRRF: r.totalRRF,
      targetMet: r.targetMet,
      gapToTarget_per_year: r.mitigatedFrequency - input.targetFrequency_per_year,
      protectionLayers: r.steps,
      gapAnalysis: {
        requiredAdditionalRRF: r.requiredAdditionalRRF,
        requiredAdditionalPFD: r.requiredAdditionalPFD,
        requiredSIL: r.requiredSIL,
        ...(r.requiredSIL >= 1 && r.requiredSIL <= 4 ? { requiredSILPfdUpperLimit: pfdLimitOfSil(r.requiredSIL) } : {}),
      },
    },
    warnings,
    provenance: {
      calculationType: 'layer of protection analysis (CCPS / IEC 61511-3)',
      convergence: { converged: true, iterations: 1 },
      assumptions: ['Layers are independent: the mitigated frequency is the initiating frequency times every layer\'s PFD', 'SIL bands of IEC 61511 (low demand): SIL n for 10^-(n+1) ≤ PFD < 10^-n'],
      limitations: ['Independence, auditability and the PFD claimed for each layer are the analyst\'s responsibility; enabling conditions and conditional modifiers go into the initiating frequency'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'LOPA computed',
  });
}

export const runLOPATool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.3',
  summary: 'Layer of protection analysis: mitigated frequency against a target and the SIL a further SIF needs to close the gap.',
  description:
    'Layer of protection analysis: {"initiatingEventFrequency_per_year", "targetFrequency_per_year", "layers": [{"name", "pfd"}]}. Returns the frequency after each layer, the mitigated frequency, whether the target is met, ' +
    'and the risk reduction, PFD and SIL a further SIF needs to close the gap (IEC 61511 bands).',
  input: Input,
  output: Output,
  exampleCategory: 'safety',
  examples: [
    { name: 'separator-overpressure', description: 'HP separator overpressure with BPCS and PSV against 1e-5 per year', input: { scenario: 'HP separator overpressure', initiatingEventFrequency_per_year: 0.1, targetFrequency_per_year: 1e-5, layers: [{ name: 'BPCS', pfd: 0.1 }, { name: 'PSV', pfd: 0.01 }] } },
  ],
  execution: 'inline',
  run,
});
