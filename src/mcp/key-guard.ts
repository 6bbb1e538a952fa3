/**
 * The stdio server's API-key check per call (AUTH_API_KEYS): the session's key is verified again
 * before every tools/call, through the key store's lookup, so it costs a store read at most once
 * per KEY_CACHE_BOUND_MS. A key revoked or rotated away while the session runs gets the envelope
 * the HTTP surface sends (error, kind auth, UNAUTHORIZED with the same message and fix, audited);
 * a key store that cannot be read gets 503 SHARED_STATE_UNAVAILABLE / KEY_STORE_UNAVAILABLE and
 * the call does not run.
 */
import type { Dispatch, DispatchResult } from '../tools/contract/dispatch-types.js';
import { failure, httpStatusFor, type Envelope } from '../tools/contract/envelope.js';
import { serializeEnvelope } from '../tools/contract/execute.js';
import { keyRefusal, keyStoreFailure, verifyApiKey, type ApiKeyStore, type KeyCheck } from '../tools/contract/governance/api-keys.js';

function refused(envelope: Envelope): DispatchResult {
  return { envelope, httpStatus: httpStatusFor(envelope), body: serializeEnvelope(envelope) };
}

/** `dispatch`, run as the holder of `key` (its subject and scopes), re-verified on every call. */
export function keyGuardedDispatch(dispatch: Dispatch, key: string, store?: ApiKeyStore): Dispatch {
  return async (toolName, input, ctx) => {
    let check: KeyCheck;
    try {
      check = await verifyApiKey(key, store);
    } catch (err) {
      return refused(failure(toolName, 'busy', [keyStoreFailure(toolName, err)], 'auth'));
    }
    if (!check.ok) return refused(failure(toolName, 'auth', [keyRefusal(toolName, check.reason, false)], 'auth'));
    return dispatch(toolName, input, { ...ctx, subject: check.principal.subject, scopes: check.principal.scopes });
  };
}
