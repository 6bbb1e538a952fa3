/**
 * REDIS_URL set: connects the shared backend and puts every stateful store on it (sessions,
 * approvals and the active profile, getProgress records, streamSimulation operations, the
 * automation history, saved states) and starts this replica's worker for distributed sweep
 * points and runBatch cases (BullMQ on the same Redis). Start-up waits up to READY_WAIT_MS for the first
 * connection; if Redis is not there yet the server still starts, /health/ready answers 503
 * (not ready: shared state unavailable) until it is, and stateful calls answer 503.
 */
import type { FastifyInstance } from 'fastify';
import { closeSharedBackend, configureSharedBackend, waitForSharedBackend } from '../../tools/contract/shared-state/backend.js';
import { installSharedGovernance } from '../../tools/contract/shared-state/governance.js';
import { installSharedValidation } from '../../tools/contract/shared-state/validation.js';
import { redisProgressMirror } from '../../tools/contract/shared-state/progress.js';
import { redisAutomationHistory } from '../../tools/contract/shared-state/automation.js';
import { progressStore } from '../../tools/contract/progress-store.js';
import { useAutomationHistoryMirror } from '../../tools/contract/automation-history.js';
import { RedisSessions } from '../../tools/process/session/shared-store.js';
import { MemorySessions, useSessionBackend } from '../../tools/process/session/store.js';
import { operationStore } from '../../tools/platform/stream/operations.js';
import { redisOperationMirror } from '../../tools/platform/stream/shared-operations.js';
import { startDistributedSweeps } from '../../tools/platform/stream/distributed.js';
import { casesFanOut } from '../../tools/platform/stream/distributed-cases.js';
import { useFanOut } from '../../tools/contract/fan-out.js';
import type { Dispatch } from '../../tools/contract/dispatch-types.js';
import { RedisStateStore } from '../../tools/process/state/shared-store.js';
import { stateStoreOptions, useStateBackend } from '../../tools/process/state/config.js';

const READY_WAIT_MS = 5_000;

export interface SharedStateOptions {
  /** Saves kept per state name (NEQSIM_MCP_STATE_KEEP_PER_NAME). */
  keepPerName?: number;
  /** Sweep points this replica's worker runs at once (default 1). */
  concurrency?: number;
}

export async function registerSharedState(app: FastifyInstance, settings: { url: string; keyPrefix: string }, opts: SharedStateOptions = {}): Promise<void> {
  const b = await configureSharedBackend(settings);
  if (b === undefined) return;
  const stateOptions = stateStoreOptions(opts.keepPerName !== undefined ? { keepPerName: opts.keepPerName } : {});
  useStateBackend(new RedisStateStore(b.redis, b.prefix, { maxBytes: stateOptions.maxBytes, ...(stateOptions.keepPerName !== undefined ? { keepPerName: stateOptions.keepPerName } : {}) }));
  useSessionBackend(new RedisSessions(b.redis, b.prefix));
  const stopGovernance = installSharedGovernance(b);
  const stopValidation = installSharedValidation(b);
  progressStore.useMirror(redisProgressMirror(b));
  operationStore.useMirror(redisOperationMirror(b));
  useAutomationHistoryMirror(redisAutomationHistory(b));
  // Sweep points run through this app's dispatcher (governance, pool, time budget) as their caller.
  const dispatch = (app as unknown as { dispatch: Dispatch }).dispatch;
  const stopSweeps = await startDistributedSweeps(
    b,
    async (tool, input, subject, asCase) => (await dispatch(tool, input, { subject, transport: 'api', ...(asCase === true ? { distributedCase: true } : {}) })).envelope,
    Math.max(1, opts.concurrency ?? 1),
  );
  // runBatch and runParametricStudy cases run on every replica's workers (jobs on the same queue).
  useFanOut(casesFanOut);
  if (!(await waitForSharedBackend(READY_WAIT_MS))) {
    app.log.warn({ redis: redactedUrl(settings.url) }, 'Redis (REDIS_URL) is not reachable yet: not ready until it is; stateful calls answer 503');
  }
  // Before the pool closes: the worker takes no new points and lets its running ones finish.
  app.addHook('preClose', async () => {
    useFanOut(undefined);
    await stopSweeps();
  });
  app.addHook('onClose', async () => {
    stopGovernance();
    stopValidation();
    useSessionBackend(new MemorySessions());
    progressStore.useMirror(undefined);
    operationStore.useMirror(undefined);
    useAutomationHistoryMirror(undefined);
    await closeSharedBackend();
  });
}

/** The URL without its password, for logs. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable)';
  }
}
