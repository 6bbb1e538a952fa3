/**
 * composeMultiServerWorkflow against a second instance of this service: the peer is a real app
 * listening on a free port, named in the first app's NEQSIM_MCP_REMOTE_SERVERS allow-list; a
 * workflow runs a flash on the peer over MCP Streamable HTTP (the SDK client) and feeds its
 * result into a local step. The peer's numbers equal a local flash of the same input; servers
 * off the list are refused; a remote failure fails the workflow with the peer's error.
 */
import t from 'tap';
import { startRealApp } from './helpers.js';
import { parseRemoteServers } from '../../src/mcp/remote.js';

type Data = Record<string, any>;
const FLASH = { model: 'SRK', components: { methane: 0.8, propane: 0.1, 'n-hexane': 0.1 }, temperature: { value: -20, unit: 'C' }, pressure: { value: 50, unit: 'bara' } };

const peer = await startRealApp(t);
process.env.NEQSIM_MCP_REMOTE_SERVERS = `peer=${peer.url.toString()}`;
const main = await startRealApp(t);
delete process.env.NEQSIM_MCP_REMOTE_SERVERS;
const call = async (input: Record<string, unknown>): Promise<{ status: number; body: Data }> => {
  const res = await main.app.inject({ method: 'POST', url: '/v1/tools/composeMultiServerWorkflow', payload: input });
  return { status: res.statusCode, body: res.json() as Data };
};

t.test('the allow-list is listed', async (t) => {
  const r = await call({ action: 'listServers' });
  t.equal(r.status, 200);
  t.same(r.body.data.servers, [{ name: 'peer', url: peer.url.toString() }]);
});

t.test('a flash on the peer feeds a local step; the peer\'s numbers are the local ones', async (t) => {
  const r = await call({
    workflow: 'two-servers',
    steps: [
      { name: 'remote', server: 'peer', tool: 'runFlash', input: FLASH },
      { name: 'again', tool: 'runFlash', input: { ...FLASH, temperature: { value: '${remote.data.fluid.conditions.overall.temperature}', unit: 'K' } } },
    ],
  });
  t.equal(r.status, 200, JSON.stringify(r.body.errors));
  t.same(r.body.data.steps.map((s: Data) => [s.name, s.server, s.status]), [['remote', 'peer', 'success'], ['again', 'local', 'success']]);
  const local = (await main.app.inject({ method: 'POST', url: '/v1/tools/runFlash', payload: FLASH })).json() as Data;
  const rhoRemote = r.body.data.combinedData.remote.fluid.properties.overall.density.value;
  t.equal(rhoRemote, local.data.fluid.properties.overall.density.value, `peer density ${rhoRemote} kg/m3 = local`);
  const T = r.body.data.combinedData.again.fluid.conditions.overall.temperature as number;
  t.ok(Math.abs(T - 253.15) < 1e-9, `the peer's temperature ${T} K fed the local step`);
});

t.test('servers off the list, remote failures, configuration errors', async (t) => {
  const off = await call({ steps: [{ server: 'elsewhere', tool: 'runFlash', input: FLASH }] });
  t.equal(off.status, 400);
  t.equal(off.body.errors[0].code, 'SERVER_NOT_ALLOWED');
  t.match(off.body.errors[0].fix, /peer/);
  const bad = await call({ steps: [{ server: 'peer', tool: 'runFlash', input: { ...FLASH, components: { unobtainium: 1 } } }] });
  t.equal(bad.status, 422);
  t.match(bad.body.errors[0].message, /on peer/);
  t.throws(() => parseRemoteServers('peer=ftp://x'), /http/);
  t.throws(() => parseRemoteServers('no-url'), /name=url/);
  t.same(parseRemoteServers(' a=http://h:1/mcp , b=https://k/mcp '), [{ name: 'a', url: 'http://h:1/mcp' }, { name: 'b', url: 'https://k/mcp' }]);
});
