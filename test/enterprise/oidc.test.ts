/**
 * OIDC bearer auth through the real app against a real local identity provider
 * (oauth2-mock-server): discovery, valid RS256/ES256 tokens, the subject reaching the call
 * context, and 401 envelopes for missing, expired, wrong-issuer, wrong-audience, alg=none,
 * HS256-with-the-public-key, tampered and unknown-kid tokens; key rotation without restart;
 * unknown-kid refetches rate-limited; health stays open, /mcp is covered.
 */
import t, { type Test } from 'tap';
type Tap = Test;
import { createHmac } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { startIdp } from '../helpers/oidc.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import type { JwksKeys } from '../../src/http/plugins/jwks.js';

configureAudit({ destination: 'off' });

const AUDIENCE = 'neqsim-api';
const ADMIN = 'admin-token-for-tests';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

t.test('OIDC bearer authentication', async (t) => {
  const idp = await startIdp(t, 'rsa-1');
  const issuer = idp.issuer.url as string;

  const config = loadConfig({ AUTH_MODE: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: AUDIENCE, NEQSIM_MCP_ADMIN_TOKEN: ADMIN });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  const keys = (app as unknown as { oidcKeys: JwksKeys }).oidcKeys;

  const token = (opts: { kid?: string; expiresIn?: number; claims?: Record<string, unknown>; from?: OAuth2Server } = {}) =>
    (opts.from ?? idp).issuer.buildToken({
      ...(opts.kid !== undefined ? { kid: opts.kid } : {}),
      expiresIn: opts.expiresIn ?? 300,
      scopesOrTransform: (_header, payload) => {
        payload.iss = issuer;
        payload.aud = AUDIENCE;
        payload.sub = 'alice@example.com';
        Object.assign(payload, opts.claims ?? {});
      },
    });

  const call = (bearer: string | undefined, url = '/v1/tools/manageIndustrialProfile', payload: object = { action: 'approveTool', toolName: 'manageState', adminToken: ADMIN }) =>
    app.inject({ method: 'POST', url, payload, headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } });

  const expect401 = async (t: Tap, name: string, bearer: string | undefined, message: RegExp) => {
    const r = await call(bearer);
    t.equal(r.statusCode, 401, `${name}: 401`);
    const env = r.json();
    t.match(env, { apiVersion: '1.0', status: 'error', validation: { valid: false }, errors: [{ code: 'UNAUTHORIZED', message, fix: /Bearer/ }] }, `${name}: envelope`);
    t.match(r.headers['www-authenticate'], /^Bearer/);
  };

  await t.test('a valid RS256 token passes and its subject reaches the call context', async (t) => {
    const r = await call(await token());
    t.equal(r.statusCode, 200, r.body);
    t.equal(r.json().data.approvedFor, 'alice@example.com', 'approval recorded for the token subject');
  });

  await t.test('health and docs stay open; tool routes and /mcp need a token', async (t) => {
    t.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
    t.equal((await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode, 200);
    t.equal((await app.inject({ method: 'GET', url: '/v1/tools' })).statusCode, 401);
    const mcp = await app.inject({ method: 'POST', url: '/mcp', payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    t.equal(mcp.statusCode, 401);
  });

  await t.test('missing, expired, wrong issuer and wrong audience are 401', async (t) => {
    await expect401(t, 'no header', undefined, /No Authorization header/);
    await expect401(t, 'expired', await token({ expiresIn: -3600 }), /expired/);
    await expect401(t, 'wrong issuer', await token({ claims: { iss: 'https://evil.example.com/' } }), /invalid/);
    await expect401(t, 'wrong audience', await token({ claims: { aud: 'some-other-api' } }), /invalid/);
    await expect401(t, 'not yet valid', await token({ claims: { nbf: Math.floor(Date.now() / 1000) + 3600 } }), /not valid yet|invalid|rejected/);
  });

  await t.test("alg 'none', HS256 keyed with the public key, and tampered tokens are 401", async (t) => {
    const valid = await token();
    const [h, p, sig] = valid.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    await expect401(t, 'alg none', `${b64({ alg: 'none', typ: 'JWT', kid: 'rsa-1' })}.${p}.`, /not allowed|unsigned|invalid/);
    const publicJwk = idp.issuer.keys.toJSON(false)[0];
    const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: 'rsa-1' });
    const hsSig = createHmac('sha256', JSON.stringify(publicJwk)).update(`${hsHeader}.${p}`).digest('base64url');
    await expect401(t, 'HS256', `${hsHeader}.${p}.${hsSig}`, /not allowed/);
    await expect401(t, 'tampered payload', `${h}.${b64({ ...payload, sub: 'root' })}.${sig}`, /invalid/);
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    await expect401(t, 'tampered signature', `${h}.${p}.${flipped}`, /invalid/);
  });

  await t.test('key rotation: a token signed by a newly published key works without restart (ES256)', async (t) => {
    const before = keys.fetches;
    await idp.issuer.keys.generate('ES256', { kid: 'ec-2' });
    const r = await call(await token({ kid: 'ec-2' }));
    t.equal(r.statusCode, 200, r.body);
    t.equal(keys.fetches, before + 1, 'the unknown kid caused exactly one JWKS refetch');
    const again = await call(await token({ kid: 'ec-2' }));
    t.equal(again.statusCode, 200);
    t.equal(keys.fetches, before + 1, 'the new key is cached');
  });

  await t.test('unknown kid is 401 and further unknown kids do not hammer the IdP', async (t) => {
    const rogue = new OAuth2Server();
    await rogue.issuer.keys.generate('RS256', { kid: 'rogue-1' });
    await rogue.issuer.keys.generate('RS256', { kid: 'rogue-2' });
    await rogue.start(0, '127.0.0.1');
    t.teardown(() => rogue.stop());
    const before = keys.fetches;
    await expect401(t, 'unknown kid', await token({ kid: 'rogue-1', from: rogue }), /rogue-1/);
    t.equal(keys.fetches, before + 1, 'one refetch for the unknown kid');
    await expect401(t, 'second unknown kid', await token({ kid: 'rogue-2', from: rogue }), /refreshed moments ago/);
    t.equal(keys.fetches, before + 1, 'no second refetch within the interval');
    const ok = await call(await token());
    t.equal(ok.statusCode, 200, 'known keys keep working meanwhile');
  });
});
