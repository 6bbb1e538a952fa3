/**
 * API-key authentication (AUTH_API_KEYS=true): keys made by manageSecurity, presented as
 * `x-api-key: <key>` or `Authorization: ApiKey <key>`, on every tool route and /mcp.
 * - A valid key: request.user = { sub: "apikey:<id>", tenant, apiKeyId, apiKeyScopes }, so the
 *   dispatcher applies its scopes and audit/rate limits see the key as the caller; the OIDC hook
 *   (registered after this one) then leaves the request alone.
 * - An invalid, rotated-away or revoked key: 401 UNAUTHORIZED, audited.
 * - A key store that cannot be read (Redis down, broken file): 503 with Retry-After; the key is
 *   not admitted.
 * - No key: with OIDC on, the bearer-token hook decides; without OIDC, 401, except the
 *   manageSecurity route itself (every action of it but status needs the admin token; this is
 *   how the first key is made).
 */
import type { FastifyInstance } from 'fastify';
import { issue } from '../../tools/contract/envelope.js';
import { apiKeyFix, keyRefusal, keyStoreFailure, presentedKey, verifyApiKey } from '../../tools/contract/governance/api-keys.js';
import { sendEnvelopeError, toolOfRequest } from '../errors.js';
import { isOpen } from './open-paths.js';

export interface ApiKeyAuthOptions {
  /** OIDC is on as well: a request without a key goes on to the bearer-token check. */
  oidc: boolean;
  openPaths: readonly string[];
}

const BOOTSTRAP_PATH = '/v1/tools/manageSecurity';

export async function registerApiKeyAuth(app: FastifyInstance, opts: ApiKeyAuthOptions): Promise<void> {
  const fix = apiKeyFix(opts.oidc);
  app.addHook('onRequest', async (req, reply) => {
    if (isOpen(req.url, opts.openPaths)) return;
    const key = presentedKey(req.headers);
    if (key === undefined) {
      if (opts.oidc || req.url.split('?')[0] === BOOTSTRAP_PATH) return;
      return sendEnvelopeError(reply, 401, toolOfRequest(req), 'auth', issue('UNAUTHORIZED', 'No API key was sent', fix), { 'www-authenticate': 'ApiKey realm="neqsim-ts"' });
    }
    let check: Awaited<ReturnType<typeof verifyApiKey>>;
    try {
      check = await verifyApiKey(key);
    } catch (err) {
      req.log.error({ err }, 'API key store unavailable');
      return sendEnvelopeError(reply, 503, toolOfRequest(req), 'busy', keyStoreFailure(toolOfRequest(req), err), { 'retry-after': '5' });
    }
    if (!check.ok) {
      const tool = toolOfRequest(req);
      return sendEnvelopeError(reply, 401, tool, 'auth', keyRefusal(tool, check.reason, opts.oidc), { 'www-authenticate': 'ApiKey realm="neqsim-ts", error="invalid_key"' });
    }
    const p = check.principal;
    (req as unknown as { user: Record<string, unknown> }).user = { sub: p.subject, tenant: p.tenant, apiKeyId: p.id, apiKeyScopes: p.scopes };
  });
}
