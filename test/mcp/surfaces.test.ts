/**
 * One computation, every surface: REST (POST /v1/tools/{tool}), MCP over Streamable HTTP, MCP over
 * stdio (the compiled entry spawned as a child process) and the programmatic runTool() must give
 * the same `data`, number for number. The surfaces share the dispatcher, so any difference is a
 * bug in a transport (serialisation, a lost field, a rounded number).
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { connectHttp, connectStdio, startRealApp } from './helpers.js';

const CASES: { tool: string; input: Record<string, unknown> }[] = [
  {
    tool: 'runFlash',
    input: {
      model: 'SRK',
      flashType: 'TP',
      components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, nitrogen: 0.01, CO2: 0.01 },
      temperature: { value: 10, unit: 'C' },
      pressure: { value: 60, unit: 'bara' },
    },
  },
  {
    tool: 'calculateStandard',
    input: {
      standard: 'ISO6976_2016',
      components: { methane: 0.9247, ethane: 0.035, propane: 0.0098, 'n-butane': 0.0022, 'i-butane': 0.0034, 'n-pentane': 0.0006, nitrogen: 0.0175, CO2: 0.0068 },
    },
  },
  // A discovery call by the name agents see in tools/list.
  { tool: 'getExample', input: { toolName: 'runFlash' } },
];

/** Numeric leaves of a value, as "path=number", to show the comparison is not of empty objects. */
function numbers(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return [`${path}=${value}`];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}/${k}`));
  return [];
}

const { app, url } = await startRealApp(t);
const http = await connectHttp(t, url);
const { client: stdio } = await connectStdio(t);

for (const c of CASES) {
  t.test(`${c.tool}: REST, MCP HTTP, MCP stdio and runTool give the same data`, async (t) => {
    const rest = await app.inject({ method: 'POST', url: `/v1/tools/${c.tool}`, payload: c.input });
    t.equal(rest.statusCode, 200, `REST ${c.tool} succeeds`);
    const viaRest = (rest.json() as Envelope).data;

    const overHttp = await http.callTool({ name: c.tool, arguments: c.input });
    t.notOk(overHttp.isError);
    const viaHttp = (overHttp.structuredContent as Envelope).data;

    const overStdio = await stdio.callTool({ name: c.tool, arguments: c.input });
    t.notOk(overStdio.isError);
    const viaStdio = (overStdio.structuredContent as Envelope).data;

    const direct = await runTool(c.tool, c.input);
    t.equal(direct.status, 'success');
    // What any transport sends is the JSON text of the envelope; compare with that of the in-process one.
    const viaRunTool = JSON.parse(JSON.stringify(direct.data)) as unknown;

    if (c.tool !== 'getExample') t.ok(numbers(viaRunTool).length >= 10, `${c.tool} data carries numbers (${numbers(viaRunTool).length})`);
    t.strictSame(viaHttp, viaRest, 'MCP HTTP = REST');
    t.strictSame(viaStdio, viaRest, 'MCP stdio = REST');
    t.strictSame(viaRunTool, viaRest, 'runTool = REST');
    t.strictSame(numbers(viaStdio), numbers(viaRest), 'every number, to the last digit');
  });
}

t.test('the MCP text block summarises the same numbers', async (t) => {
  const r = await stdio.callTool({ name: 'runFlash', arguments: CASES[0].input });
  const content = r.content as { type: string; text: string }[];
  t.equal(content.length, 1, 'structuredContent carries the envelope; the text is a summary, not a second copy');
  t.match(content[0].text, /^runFlash: success/);
  t.match(content[0].text, /in structuredContent/);
});
