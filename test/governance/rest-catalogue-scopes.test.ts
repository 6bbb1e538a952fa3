/**
 * GET /v1/tools follows an API key's scopes as MCP tools/list does: a key sees the tools it may
 * call, a "*" key and a caller without a key the whole catalogue.
 */
import t from 'tap';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { TOOLS } from '../../src/tools/registry.js';
import { startRealApp } from '../mcp/helpers.js';
import { createApiKey } from '../helpers/api-keys.js';

type Json = Record<string, any>;
configureAudit({ destination: 'off' });
const ADMIN = 'admin-token-for-tests';
const CALCULATION = TOOLS.filter((x) => x.category === 'CALCULATION').map((x) => x.name);

t.test('GET /v1/tools lists the tools a key scopes allow', async (t) => {
  const { url } = await startRealApp(t, { NEQSIM_MCP_ADMIN_TOKEN: ADMIN, AUTH_API_KEYS: 'true', NEQSIM_MCP_API_KEY_STORE: 'memory' });
  const base = new URL('/', url).href;
  const create = (scopes: string[]): Promise<string> => createApiKey(t, base, ADMIN, scopes);
  const catalogue = async (key: string | undefined): Promise<{ status: number; body: Json }> => {
    const r = await fetch(`${base}v1/tools`, { headers: key === undefined ? {} : { 'x-api-key': key } });
    return { status: r.status, body: (await r.json()) as Json };
  };

  const none = await catalogue(undefined);
  t.equal(none.status, 401, 'with keys enforced, no key: 401');

  const flash = await catalogue(await create(['runFlash']));
  t.equal(flash.status, 200);
  t.same(flash.body.tools.map((x: Json) => x.name), ['runFlash'], 'a runFlash key sees runFlash only');
  t.equal(flash.body.count, 1, 'count matches the list');

  const calc = await catalogue(await create(['category:CALCULATION']));
  t.same(calc.body.tools.map((x: Json) => x.name), CALCULATION, 'a category key sees that category');
  t.equal(calc.body.count, CALCULATION.length);

  const two = await create(['runFlash', 'getSchema']);
  const a = await catalogue(two);
  const b = await catalogue(two);
  t.same(a.body, b.body, 'the same key gets the same catalogue again');
  t.same(a.body.tools.map((x: Json) => x.name).sort(), ['getSchema', 'runFlash']);

  const all = await catalogue(await create(['*']));
  t.same(all.body.tools.map((x: Json) => x.name), TOOLS.map((x) => x.name), 'a "*" key sees every tool');
});
