/**
 * Enterprise switches from configuration: off by default; SERVICE_PROFILE=enterprise turns auth
 * and tracing on and then needs the issuer (a config error naming the variable); the open-path
 * list is configurable; the startup governance profile reaches the policy.
 */
import t from 'tap';
import { startIdp } from '../helpers/oidc.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { authEnabled } from '../../src/http/plugins/enterprise.js';
import { activeProfile } from '../../src/tools/contract/governance/policy.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';

configureAudit({ destination: 'off' });

t.test('defaults: no auth, no tracing, desktop profile', async (t) => {
  const config = loadConfig({});
  t.equal(authEnabled(config), false);
  t.equal(config.otel.enabled, false);
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  t.equal((await app.inject({ method: 'POST', url: '/v1/tools/checkToolAccess', payload: { toolName: 'runFlash' } })).statusCode, 200, 'no token needed');
  t.equal(activeProfile(), 'DESKTOP_ENGINEER');
});

t.test('SERVICE_PROFILE=enterprise needs the OIDC settings, named in the error', async (t) => {
  t.throws(() => loadConfig({ SERVICE_PROFILE: 'enterprise' }), /OIDC_ISSUER/);
  // A Config built by hand is checked again when the app registers the enterprise plugins.
  const config = { ...loadConfig({}), serviceProfile: 'enterprise' as const };
  t.equal(authEnabled(config), true);
  const err = await buildApp(config, { pool: false }).then(
    (app) => app.close().then(() => undefined),
    (e: unknown) => e,
  );
  t.ok(err instanceof ConfigError, 'a ConfigError');
  t.equal((err as ConfigError).variable, 'OIDC_ISSUER');
  t.throws(() => loadConfig({ AUTH_OPEN_PATHS: 'health' }), /AUTH_OPEN_PATHS/);
  t.throws(() => loadConfig({ NEQSIM_MCP_PROFILE: 'PRODUCTION' }), /NEQSIM_MCP_PROFILE/);
});

t.test('AUTH_OPEN_PATHS and the startup governance profile', async (t) => {
  const idp = await startIdp(t);
  const config = loadConfig({
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: idp.issuer.url as string,
    OIDC_AUDIENCE: 'api',
    AUTH_OPEN_PATHS: '/health,/v1/tools/checkToolAccess',
    NEQSIM_MCP_PROFILE: 'enterprise',
  });
  const app = await buildApp(config, { pool: false });
  t.teardown(() => app.close());
  t.equal(activeProfile(), 'ENTERPRISE', 'startup profile from NEQSIM_MCP_PROFILE');
  const open = await app.inject({ method: 'POST', url: '/v1/tools/checkToolAccess', payload: { toolName: 'manageState' } });
  t.equal(open.statusCode, 200, 'listed path is open');
  t.match(open.json().data, { activeMode: 'ENTERPRISE', allowed: false });
  t.equal((await app.inject({ method: 'POST', url: '/v1/tools/manageIndustrialProfile', payload: {} })).statusCode, 401, 'others still need a token');
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 401, 'the default open list was replaced');
});
