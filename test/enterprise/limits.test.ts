/**
 * Per-identity rate limit: keyed by the token subject when authenticated (so two users behind one
 * address have their own budget), by IP otherwise; over the limit the answer is the 429 envelope
 * with Retry-After; health stays exempt. EXECUTION/PLATFORM calls reach the audit log with the
 * token subject.
 */
import t from 'tap';
import { startIdp } from '../helpers/oidc.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';

configureAudit({ destination: 'off' });

t.test('rate limit per subject with the 429 envelope', async (t) => {
  const idp = await startIdp(t);
  const issuer = idp.issuer.url as string;
  const config = loadConfig({ AUTH_MODE: 'oidc', OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'api', RATE_LIMIT_PER_MINUTE: '3' });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());

  const tokenFor = (sub: string) =>
    idp.issuer.buildToken({
      scopesOrTransform: (_h, p) => {
        p.aud = 'api';
        p.sub = sub;
      },
    });
  const alice = await tokenFor('alice');
  const bob = await tokenFor('bob');
  const call = (token: string) =>
    app.inject({ method: 'POST', url: '/v1/tools/checkToolAccess', payload: { toolName: 'runFlash' }, headers: { authorization: `Bearer ${token}` } });

  for (let i = 0; i < 3; i++) t.equal((await call(alice)).statusCode, 200, `alice call ${i + 1} within the limit`);
  const limited = await call(alice);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { apiVersion: '1.0', status: 'error', errors: [{ code: 'RATE_LIMITED', fix: /Retry-After/ }] });
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After is set');
  t.equal((await call(bob)).statusCode, 200, "bob has his own budget");
  t.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200, 'health is exempt');
  t.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
});

t.test('PLATFORM calls are audited with the token subject and outcome', async (t) => {
  const idp = await startIdp(t);
  const config = loadConfig({
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: idp.issuer.url as string,
    OIDC_AUDIENCE: 'api',
    NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR: 'true',
    NEQSIM_MCP_STATE_DIR: `${t.testdirName}/states`,
  });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  const token = await idp.issuer.buildToken({
    scopesOrTransform: (_h, p) => {
      p.aud = 'api';
      p.sub = 'carol@example.com';
    },
  });
  const r = await app.inject({ method: 'POST', url: '/v1/tools/manageState', payload: { action: 'list' }, headers: { authorization: `Bearer ${token}` } });
  t.equal(r.statusCode, 200, r.body);
  const events = recentAuditEvents(10).filter((e) => e.subject === 'carol@example.com' && e.tool === 'manageState');
  t.same(events.map((e) => [e.event, e.outcome, e.category]), [['tool_call', 'allowed', 'PLATFORM'], ['tool_call', 'success', 'PLATFORM']]);
});
