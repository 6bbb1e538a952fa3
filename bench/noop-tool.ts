/** A bench-only tool with no work, to measure what the dispatch path itself costs (not registered). */
import { Type } from '@sinclair/typebox';
import { success } from '../src/tools/contract/envelope.js';
import { defineTool } from '../src/tools/contract/types.js';

export const noopTool = defineTool({
  name: 'benchNoop',
  tier: 'experimental',
  category: 'ADVISORY',
  since: 'v1.0',
  description: 'Bench-only: returns its input value.',
  input: Type.Object({ value: Type.Number() }, { additionalProperties: false }),
  output: Type.Object({ value: Type.Number() }),
  exampleCategory: 'bench',
  examples: [],
  execution: 'pool',
  run(input) {
    return success({
      tool: 'benchNoop',
      data: { value: input.value },
      provenance: { calculationType: 'bench', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 0 },
    });
  },
});
