/**
 * getProgress (core, ADVISORY, v1.1): progress of long-running calls. Every call that runs in the
 * worker pool is tracked under its operationId (response header x-operation-id, and
 * provenance.operationId); tools report fractions through ctx.progress. Unlike the original,
 * whose tracker is never fed, these are the real running tasks.
 */
import { Type, type Static } from '@sinclair/typebox';
import { isSharedStateError, sharedStateUnavailable } from '../contract/shared-state/backend.js';
import { failure, issue } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';
import { discoverySuccess } from '../contract/catalog/discovery-envelope.js';
import { progressStore } from '../contract/progress-store.js';

const Input = Type.Object(
  {
    action: Type.Optional(
      Type.Union([Type.Literal('listActive'), Type.Literal('get')], {
        description: "'listActive' (default): all running operations; 'get': one operation by operationId",
      }),
    ),
    operationId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'operationId from the x-operation-id header of a pool call' })),
  },
  { additionalProperties: false },
);

const Operation = Type.Object(
  {
    operationId: Type.String(),
    operationType: Type.String({ description: 'name of the tool the operation runs' }),
    currentStep: Type.Number({ description: 'percentage points completed' }),
    totalSteps: Type.Number(),
    percentComplete: Type.Number(),
    message: Type.String(),
    completed: Type.Boolean(),
    failed: Type.Boolean(),
    elapsedMs: Type.Number(),
    recentMilestones: Type.Array(Type.Object({ step: Type.Number(), message: Type.String() })),
  },
  { additionalProperties: false },
);

const Output = Type.Union([
  Type.Object({ activeCount: Type.Number(), operations: Type.Array(Operation) }, { additionalProperties: false }),
  Operation,
]);

export const getProgressTool = defineTool({
  name: 'getProgress',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.1',
  summary: 'Progress of long-running calls by operationId (listActive, get): percent complete, message and milestones.',
  description:
    'Progress of long-running calls. Every call that runs in the worker pool gets an operationId (response header ' +
    'x-operation-id and provenance.operationId). action "listActive" (default) lists running operations with ' +
    'percentComplete, message, elapsedMs and recent milestones; action "get" with operationId returns one operation, ' +
    'including recently finished ones (completed/failed). "get" without operationId behaves like listActive. ' +
    'Callers see only their own operations. An unknown operationId gives error OPERATION_NOT_FOUND.',
  input: Input,
  output: Output,
  exampleCategory: 'platform',
  examples: [
    { name: 'list-active', description: 'All running operations', input: { action: 'listActive' } },
    // A "get" example cannot name a live operation; the id comes from a pool call's x-operation-id header.
    { name: 'default-action', description: 'No arguments: same as listActive', input: {} },
  ],
  execution: 'inline',
  async run(input, ctx) {
    const started = performance.now();
    try {
      return await answer(input, ctx.subject, started);
    } catch (err) {
      if (isSharedStateError(err)) return sharedStateUnavailable('getProgress', err);
      throw err;
    }
  },
});

/** Callers see their own operations only (operation ids and tool names are not shared between users). */
async function answer(input: Static<typeof Input>, subject: string, started: number) {
  if (input.action === 'get' && input.operationId !== undefined) {
    const op = await progressStore.find(input.operationId, subject);
    if (op === undefined) {
      return failure('getProgress', 'compute', [
        issue(
          'OPERATION_NOT_FOUND',
          `Operation not found: ${input.operationId}`,
          'Use the x-operation-id of a running or recently finished pool call, or action "listActive" to see running ones.',
          '/operationId',
        ),
      ]);
    }
    return discoverySuccess('getProgress', 'progress', op, started);
  }
  const operations = await progressStore.listAllActive(subject);
  return discoverySuccess('getProgress', 'progress', { activeCount: operations.length, operations }, started);
}
