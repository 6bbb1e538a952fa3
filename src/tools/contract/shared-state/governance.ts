/**
 * Governance across replicas (REDIS_URL set):
 * - one-shot approvals are keys `<p>approval:<subject>::<tool>`; consuming one is a DEL, which
 *   returns 1 to exactly one caller in the whole cluster, so an approval is used once;
 * - the active profile is the key `<p>governance:profile`. A change is written there and
 *   published on the channel of the same name: every replica's subscriber applies it at once
 *   (milliseconds), and every replica also re-reads the key every PROFILE_REFRESH_MS, so a
 *   message lost to a reconnect is made up within that bound. PROFILE_BOUND_MS is the bound we
 *   state: a change made on one replica is enforced on all within it.
 * The first replica to connect stores its startup profile (NEQSIM_MCP_PROFILE) if none is
 * stored; after that the stored one wins over a replica's startup value.
 */
import { activeProfile, applySharedMode, useSharedGovernance, type SharedGovernance } from '../governance/policy.js';
import type { DeploymentMode } from '../governance/profiles.js';
import { shared, type SharedBackend } from './backend.js';
import { syncSharedKey } from './synced-key.js';

export { PROFILE_BOUND_MS, PROFILE_REFRESH_MS } from './synced-key.js';

export function installSharedGovernance(b: SharedBackend): () => void {
  const profileKey = `${b.prefix}governance:profile`;
  const approvalKey = (key: string) => `${b.prefix}approval:${key}`;
  const g: SharedGovernance = {
    grant: (key) => shared(async () => void (await b.redis.set(approvalKey(key), '1'))),
    consume: (key) => shared(async () => (await b.redis.del(approvalKey(key))) === 1),
    pending: (key) => shared(async () => (await b.redis.exists(approvalKey(key))) === 1),
    publishMode: (mode: DeploymentMode) =>
      shared(async () => {
        await b.redis.multi().set(profileKey, mode).publish(profileKey, mode).exec();
      }),
  };
  useSharedGovernance(g);

  const stop = syncSharedKey(b, profileKey, activeProfile, applySharedMode);
  return () => {
    stop();
    useSharedGovernance(undefined);
  };
}
