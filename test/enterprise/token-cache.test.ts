/**
 * The verified-token cache in front of @fastify/jwt (src/http/plugins/auth.ts): a repeated token
 * is served from the cache with its claims, yet exp is still enforced on a cached token (clock
 * moved past exp + tolerance gives 401 expired), a token that differs only in its signature
 * never matches a cached one, and the documented 30 s clock tolerance is seconds, not ms.
 */
import t from 'tap';
import { startIdp } from '../helpers/oidc.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';

configureAudit({ destination: 'off' });

const AUDIENCE = 'neqsim-api';
const ADMIN = 'admin-token-for-cache-tests';

t.test('verified-token cache keeps exp, nbf and signature checks', async (t) => {
  const idp = await startIdp(t, 'rsa-cache');
  const issuer = idp.issuer.url as string;

  const app = await buildApp(loadConfig({ AUTH_MODE: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: AUDIENCE, NEQSIM_MCP_ADMIN_TOKEN: ADMIN }), { pool: false });
  t.teardown(() => app.close());

  const token = (expiresIn: number, sub: string) =>
    idp.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_h, p) => {
        p.iss = issuer;
        p.aud = AUDIENCE;
        p.sub = sub;
      },
    });
  const call = (bearer: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/tools/manageIndustrialProfile',
      payload: { action: 'approveTool', toolName: 'manageState', adminToken: ADMIN },
      headers: { authorization: `Bearer ${bearer}` },
    });

  const realNow = Date.now;
  t.teardown(() => {
    Date.now = realNow;
  });

  await t.test('the verifier itself allows 30 s of skew on a token it has not seen', async (t) => {
    const bearer = await token(60, 'frank@example.com');
    const base = realNow();
    Date.now = () => base + 80_000;
    t.equal((await call(bearer)).statusCode, 200, 'first use 20 s after exp: inside the tolerance');
    Date.now = realNow;
  });

  await t.test('a repeated token keeps its subject (served from the cache)', async (t) => {
    const bearer = await token(300, 'carol@example.com');
    for (let i = 0; i < 3; i++) {
      const r = await call(bearer);
      t.equal(r.statusCode, 200, r.body);
      t.equal(r.json().data.approvedFor, 'carol@example.com', `call ${i + 1}: subject from the token`);
    }
  });

  await t.test('exp is enforced on a cached token; tolerance is 30 s', async (t) => {
    const bearer = await token(60, 'dave@example.com');
    t.equal((await call(bearer)).statusCode, 200, 'fresh token passes and is cached');
    const base = realNow();
    // 60 s lifetime + 20 s: inside the 30 s tolerance (a tolerance read as 30 ms would refuse it).
    Date.now = () => base + 80_000;
    t.equal((await call(bearer)).statusCode, 200, 'within clock tolerance after exp');
    // 60 s + 40 s: past exp + tolerance, on a token the cache has seen.
    Date.now = () => base + 100_000;
    const late = await call(bearer);
    t.equal(late.statusCode, 401, 'cached token refused once expired');
    t.match(late.json(), { errors: [{ code: 'UNAUTHORIZED', message: /expired/ }] });
    Date.now = realNow;
  });

  await t.test('a token with a changed signature never matches the cached one', async (t) => {
    const bearer = await token(300, 'erin@example.com');
    t.equal((await call(bearer)).statusCode, 200);
    const [h, p, sig] = bearer.split('.');
    const flipped = `${h}.${p}.${sig.slice(0, -4)}${sig.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    t.equal((await call(flipped)).statusCode, 401, 'tampered signature refused despite a cached twin');
  });
});
