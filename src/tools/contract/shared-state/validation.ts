/**
 * Validation rule sets across replicas (REDIS_URL set): the whole state (user sets and the active
 * name) is one JSON snapshot under `<p>governance:validation`. A change is written there and
 * published on the channel of the same name; every replica applies it at once and re-reads the key
 * every PROFILE_REFRESH_MS, so a message lost to a reconnect is made up within PROFILE_BOUND_MS
 * (as for the deployment profile, governance.ts). The first replica to connect stores its own
 * state if none is stored.
 */
import { applyRuleSetSnapshot, ruleSetSnapshot, useSharedValidation } from '../governance/validation-rules.js';
import { shared, type SharedBackend } from './backend.js';
import { syncSharedKey } from './synced-key.js';

export function installSharedValidation(b: SharedBackend): () => void {
  const key = `${b.prefix}governance:validation`;
  useSharedValidation({
    publish: (snapshot) =>
      shared(async () => {
        await b.redis.multi().set(key, snapshot).publish(key, snapshot).exec();
      }),
  });
  const stop = syncSharedKey(b, key, ruleSetSnapshot, applyRuleSetSnapshot);
  return () => {
    stop();
    useSharedValidation(undefined);
  };
}
