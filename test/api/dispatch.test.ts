/**
 * Dispatcher order: unknown tool -> 404 before anything else; governance before any work (a
 * blocked tool's run() is never called); metrics hook sees every call with its status.
 */
import t from 'tap';
import { Type } from '@sinclair/typebox';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { success } from '../../src/tools/contract/envelope.js';
import { configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { defineTool } from '../../src/tools/contract/types.js';

let runs = 0;
const spy = defineTool({
  name: 'spyTool',
  tier: 'experimental',
  category: 'EXECUTION',
  since: 'v1.0',
  description: 'Counts its runs.',
  input: Type.Object({}, { additionalProperties: false }),
  output: Type.Object({ runs: Type.Integer() }),
  exampleCategory: 'test',
  examples: [],
  execution: 'inline',
  run() {
    runs++;
    return success({
      tool: 'spyTool',
      data: { runs },
      provenance: { calculationType: 'test', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 0 },
    });
  },
});

t.test('unknown tool, governance, then work', async (t) => {
  const seen: [string, number][] = [];
  const dispatch = createDispatcher({
    timeoutMs: 1000,
    lookup: (n) => (n === 'spyTool' ? spy : undefined),
    metrics: { onResult: (tool, status) => seen.push([tool, status]) },
  });
  t.teardown(() => configureGovernance({ profile: 'DESKTOP_ENGINEER' }));
  const ctx = { subject: 'alice', transport: 'api' as const };

  configureGovernance({ profile: 'ENTERPRISE' });
  const unknown = await dispatch('nope', {}, ctx);
  t.equal(unknown.httpStatus, 404, 'unknown tool is 404 even where unknown names would be blocked');
  const blocked = await dispatch('spyTool', {}, ctx);
  t.equal(blocked.httpStatus, 403);
  t.equal(blocked.envelope.status, 'blocked');
  t.equal(runs, 0, 'a blocked tool never runs');
  t.same(JSON.parse(blocked.body), blocked.envelope, 'body is the serialized envelope');

  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  const ok = await dispatch('spyTool', {}, ctx);
  t.equal(ok.httpStatus, 200);
  t.equal(runs, 1);
  const invalid = await dispatch('spyTool', { extra: 1 }, ctx);
  t.equal(invalid.httpStatus, 400);
  t.equal(runs, 1, 'invalid input never reaches run()');
  t.same(seen, [['unknown', 404], ['spyTool', 403], ['spyTool', 200], ['spyTool', 400]], 'metrics hook sees every call');
});
