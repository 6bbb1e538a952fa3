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

export const PROFILE_REFRESH_MS = 1_000;
/** Refresh interval plus one command timeout. */
export const PROFILE_BOUND_MS = 3_000;

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

  const refresh = async () => {
    try {
      // Seed the stored profile from this replica's startup profile only if none is stored yet.
      await b.redis.set(profileKey, activeProfile(), 'NX');
      const mode = await b.redis.get(profileKey);
      if (mode !== null) applySharedMode(mode);
    } catch {
      /* Redis down: keep the last known profile; the health check reports the outage */
    }
  };
  b.redis.on('ready', () => void refresh());
  if (b.redis.status === 'ready') void refresh();
  const timer = setInterval(() => void refresh(), PROFILE_REFRESH_MS);
  timer.unref();
  b.subscriber.on('message', (channel: string, message: string) => {
    if (channel === profileKey) applySharedMode(message);
  });
  // Subscribed on every (re)connection: commands are not queued while disconnected.
  const subscribe = () => void b.subscriber.subscribe(profileKey).catch(() => {});
  b.subscriber.on('ready', subscribe);
  if (b.subscriber.status === 'ready') subscribe();
  return () => {
    clearInterval(timer);
    useSharedGovernance(undefined);
  };
}
