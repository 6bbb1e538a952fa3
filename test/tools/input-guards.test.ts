/**
 * Regressions of issue 20 (input guards), each reproduced on main before the fix: schema errors
 * that did not say what is allowed, variant spellings refused, two errors for one missing field,
 * deep nesting crashing a worker or answering 500, and 500s on realistic inputs.
 */
import t from 'tap';
import { loadConfig, ConfigError } from '../../src/config.js';
import { runTool } from '../../src/index.js';
import { failure, httpStatusFor, success } from '../../src/tools/contract/envelope.js';
import { serializeWithStatus, setInternalErrorLogger } from '../../src/tools/contract/execute.js';
import { checkInputLimits, jsonTextDepth } from '../../src/tools/contract/input-guard.js';
import { canonicalSpelling, didYouMean } from '../../src/tools/contract/spelling.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

// Non-finite results are logged as bugs; keep the test output clean.
setInternalErrorLogger(() => {});

const GAS = { methane: 0.9, ethane: 0.1 };
const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);

t.test('enum-like fields: the error lists the allowed values and what was probably meant', async (t) => {
  const flash = await runTool('runFlash', { components: GAS, flashType: 'dewpoint' });
  t.equal(flash.status, 'error');
  t.equal(flash.errors!.length, 1, 'one problem, one error');
  t.equal(flash.errors![0]!.field, '/flashType');
  t.match(flash.errors![0]!.message, /allowed: .*"TP".*"bubblePointP"/);
  t.match(flash.errors![0]!.message, /Did you mean "dewPointT"/);
  t.notMatch(flash.errors![0]!.message + flash.errors![0]!.fix, /union value/, 'no TypeBox jargon');

  const std = await runTool('calculateStandard', { standard: 'ISO6977', components: GAS });
  t.equal(std.errors!.length, 1);
  t.match(std.errors![0]!.message, /Did you mean "ISO6976"/);
  t.match(std.errors![0]!.fix, /"ISO6976".*"AGA3"/);

  const pressure = await runTool('runFlash', { components: GAS, pressure: '50 bara' });
  t.equal(pressure.errors!.length, 1);
  t.match(pressure.errors![0]!.message, /Expected a number ≥ -1e10 and ≤ 1e10 or an object \{value, unit\}, got "50 bara"/);
  t.match(pressure.errors![0]!.fix, /\{"value": 50, "unit": "bara"\}/);

  const model = await runTool('runFlash', { components: GAS, model: 'PengRobinsn' });
  t.equal(model.errors![0]!.code, 'UNKNOWN_MODEL');
  t.match(model.errors![0]!.message, /Did you mean "PR"/);

  const eos = await runTool('runFlash', { components: GAS, eos: 'SRK' });
  t.match(eos.errors![0]!.message, /Unknown field "\/eos" \(did you mean "model"\?\)/);
});

t.test('one missing required field gives one error', async (t) => {
  const env = await runTool('calculateStandard', { components: GAS });
  t.equal(env.errors!.length, 1);
  t.match(env.errors![0]!.message, /Missing required field "\/standard"/);
  t.match(env.errors![0]!.fix, /one of "ISO6976"/, 'says what to add');
  // (sizeEquipment, used here before, takes components or a handoff: its components check is the tool's own.)
  const two = await runTool('getSchema', {});
  t.same(two.errors!.map((e) => e.field), ['/toolName', '/schemaType']);
});

t.test('common spellings are accepted and echoed as INPUT_NORMALIZED', async (t) => {
  for (const spelling of ['ISO 6976', 'iso6976', 'iso-6976']) {
    const env = await runTool('calculateStandard', { standard: spelling, components: GAS });
    t.equal(env.status, 'success', spelling);
    t.equal((env.data as { standard: string }).standard, 'ISO6976');
    t.same(env.warnings.filter((w) => w.code === 'INPUT_NORMALIZED').map((w) => [w.severity, w.message]), [['INFO', `/standard: read "${spelling}" as "ISO6976"`]]);
  }
  const exact = await runTool('runFlash', { components: GAS, flashType: 'TP' });
  for (const variant of ['tp', 'PT']) {
    const env = await runTool('runFlash', { components: GAS, flashType: variant });
    t.equal(env.status, 'success', variant);
    t.equal((env.provenance as { flashType: string }).flashType, 'TP');
    t.same(env.data, exact.data, `${variant} computes the TP flash`);
    t.ok(env.warnings.some((w) => w.code === 'INPUT_NORMALIZED' && w.message.includes(`"${variant}" as "TP"`)));
  }
  for (const [name, canonical] of [['srk', 'SRK'], ['Peng-Robinson', 'PR'], ['soave-redlich-kwong', 'SRK']] as const) {
    const env = await runTool('runFlash', { components: GAS, model: name });
    t.equal(env.status, 'success', name);
    t.equal(env.provenance!.model, canonical);
  }
  const checked = await runTool('validateInput', { components: GAS, flashType: 'PT' });
  t.same((checked.data as { valid: boolean; issues: { code: string }[] }).issues.map((i) => i.code), ['FLASH_TYPE_NORMALIZED'], 'validateInput agrees with runFlash on "PT"');
  t.equal((checked.data as { valid: boolean }).valid, true);
  // Ambiguous or unknown spellings are not guessed.
  t.equal(canonicalSpelling('dewpoint', ['dewPointT', 'dewPointP']), undefined);
  t.equal(canonicalSpelling('PR78', ['SRK', 'PR']), undefined);
  t.same(didYouMean('runFlsh', ['runFlash', 'runProcess']), ['runFlash']);
  const input = { standard: 'ISO 6976', components: GAS };
  await runTool('calculateStandard', input);
  t.equal(input.standard, 'ISO 6976', "the caller's object is not modified");
});

t.test('unknown tool names get a suggestion on every surface', async (t) => {
  const env = await runTool('runFlsh', {});
  t.match(env.errors![0]!.message, /No tool named "runFlsh"\. Did you mean "runFlash"\?/);
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'POST', url: '/v1/tools/calculateStandrd', payload: '{}', headers: { 'content-type': 'application/json' } });
  t.equal(res.statusCode, 404);
  t.match(res.json().errors[0].message, /Did you mean "calculateStandard"/);
});

t.test('deep nesting: 400 INPUT_TOO_DEEP naming the limit on runTool, for every formerly failing inline tool', async (t) => {
  const tools = ['manageSession', 'generateReport', 'validateInput', 'validateResults', 'compareSimulationStates', 'composeWorkflow', 'getAdjustableParameters', 'getAutomationLearningReport', 'diagnoseAutomation'];
  for (const tool of tools) {
    for (const [label, input] of [
      ['top level', JSON.parse(deep(10_000)) as unknown],
      ['inside a field', { data: JSON.parse(deep(10_000)) as unknown }],
      ['as a JSON string', deep(10_000)],
    ] as const) {
      const env = await runTool(tool, input);
      t.equal(env.errors?.[0]?.code, 'INPUT_TOO_DEEP', `${tool} ${label}`);
      t.match(env.errors?.[0]?.message, /limit is 64 \(MAX_JSON_DEPTH\)/);
    }
  }
  t.equal(jsonTextDepth('{"a": "[[[[", "b": [[1]]}', 64), 3, 'brackets inside strings do not count');
  t.equal(jsonTextDepth('"\\"["', 64), 0, 'escaped quotes end no string');
  t.equal(checkInputLimits(JSON.parse(deep(64)))?.kind, undefined, '64 levels pass');
  t.equal(checkInputLimits(JSON.parse(deep(65)))?.kind, 'depth', '65 do not');
  t.equal(checkInputLimits({ s: 'x'.repeat(100) }, { maxDepth: 64, maxBytes: 50 })?.kind, 'size');
  t.equal(checkInputLimits({ x: 1e-320 })?.issue.code, 'NUMBER_OUT_OF_RANGE');
  t.equal(checkInputLimits({ x: -0, y: 5e-324 * 0, z: 2.3e-308 }), undefined, 'zero, -0 and the smallest normal pass');
});

t.test('MAX_JSON_DEPTH is configurable and checked', async (t) => {
  t.equal(loadConfig({}).maxJsonDepth, 64);
  t.equal(loadConfig({ MAX_JSON_DEPTH: '8' }).maxJsonDepth, 8);
  t.throws(() => loadConfig({ MAX_JSON_DEPTH: '100000' }), ConfigError);
});

t.test('deep bodies over REST and MCP are refused before parsing; the pool worker survives', async (t) => {
  const app = await buildTestApp(testConfig({ maxJsonDepth: 16 }), { mcp: true });
  t.teardown(() => app.close());
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
  for (const tool of ['runFlash', 'manageSession']) {
    for (const payload of [deep(10_000), `{"components": ${deep(10_000)}}`, `{"components": ${deep(17)}}`]) {
      const res = await post(`/v1/tools/${tool}`, payload);
      t.equal(res.statusCode, 400, `${tool} ${payload.length} bytes`);
      t.equal(res.json().errors[0].code, 'INPUT_TOO_DEEP');
      t.match(res.json().errors[0].message, /limit is 16/);
    }
  }
  const ok = await post('/v1/tools/runFlash', JSON.stringify({ components: GAS }));
  t.equal(ok.statusCode, 200, 'the pool still computes');
  const mcp = await post(
    '/mcp',
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'runFlash', arguments: { components: JSON.parse(deep(40)) } } }),
    { accept: 'application/json, text/event-stream' },
  );
  t.equal(mcp.statusCode, 400, 'the MCP body is over the same limit');
  const mcpOk = await post(
    '/mcp',
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'manageSession', arguments: { data: JSON.parse(deep(12)) } } }),
    { accept: 'application/json, text/event-stream' },
  );
  t.equal(mcpOk.statusCode, 200);
  // 3 levels of JSON-RPC around 12 of arguments: within the limit, so the schema answers.
  t.equal(mcpOk.json().result.structuredContent.errors[0].code, 'SCHEMA_VALIDATION', 'within the limit: an ordinary schema error');
});

t.test('realistic inputs that answered 500 on main', async (t) => {
  const study = await runTool('runAgenticEngineering', {
    action: 'study',
    candidates: [
      { name: 'a', metrics: { power_kW: 5 } },
      { name: 'b', metrics: {} },
    ],
    objectives: [{ metric: 'power_kW', direction: 'minimize' }],
  });
  t.equal(study.status, 'success', 'a candidate lacking a metric is ranked infeasible, not a 500');
  const ranking = (study.data as { ranking: { name: string; feasible: boolean; violations: { limit: unknown; kind: string }[] }[]; recommended: string }).ranking;
  t.same(ranking.find((r) => r.name === 'b')!.violations, [{ metric: 'power_kW', value: null, limit: null, kind: 'missing' }]);
  t.equal((study.data as { recommended: string }).recommended, 'a');
  const huge = await runTool('runAgenticEngineering', {
    action: 'study',
    candidates: [
      { name: 'a', metrics: { x: 1e15 } },
      { name: 'b', metrics: { x: -1e15 } },
      { name: 'c', metrics: { x: 0 } },
    ],
    objectives: [{ metric: 'x', direction: 'maximize' }],
  });
  t.equal(huge.status, 'success', 'metrics at the schema limit ±1e15 rank without overflow');
  const scores = (huge.data as { ranking: { name: string; weightedScore: number }[] }).ranking;
  t.same(Object.fromEntries(scores.map((r) => [r.name, r.weightedScore])), { a: 1, b: 0, c: 0.5 });
  const beyond = await runTool('runAgenticEngineering', { action: 'study', candidates: [{ name: 'a', metrics: { x: 1.7e308 } }, { name: 'b', metrics: { x: 0 } }], objectives: [{ metric: 'x', direction: 'maximize' }] });
  t.equal(httpStatusFor(beyond), 400, 'a metric near 1.8e308 is refused by the schema before any arithmetic');
  t.equal(beyond.errors?.[0]?.field, '/candidates/0/metrics/x');

  const flash = await runTool('runFlash', { components: { methane: 0.8, propane: 0.1, 'n-decane': 0.1 }, temperature: { value: 20, unit: 'C' }, pressure: { value: 30, unit: 'bara' } });
  const data = flash.data as { flash: { phases: unknown }; fluid: { composition: unknown } };
  for (const [label, mutate] of [
    ['phases {"0": "gas"}', (d: typeof data) => (d.flash.phases = { 0: 'gas' })],
    ['composition null', (d: typeof data) => (d.fluid.composition = null)],
    ['composition {overall: null}', (d: typeof data) => (d.fluid.composition = { overall: null })],
  ] as const) {
    const d = structuredClone(data);
    mutate(d);
    const env = await runTool('generateReport', { data: d });
    t.equal(env.status, 'success', `generateReport with ${label}`);
  }
  const units = await runTool('generateReport', { data: { units: { a: null, b: 3 }, streams: { s: null } } });
  t.equal(units.status, 'success', 'process-shaped data with non-object entries');

  const tiny = await runTool('sizeEquipment', { equipmentType: 'separator', components: { methane: 0.8, 'n-decane': 0.2 }, flowRate: 1e-320 });
  t.equal(tiny.errors![0]!.code, 'NUMBER_OUT_OF_RANGE', 'a subnormal flow is refused at the input (400)');
  const small = await runTool('sizeEquipment', { equipmentType: 'separator', components: { methane: 0.8, 'n-decane': 0.2 }, flowRate: [1e-300, 'kg/hr'] });
  t.equal(small.errors![0]!.code, 'INVALID_FLOW_RATE', 'a flow below 1e-12 per second is no stream');
});

t.test('a non-finite number in a result is a 422 naming the quantity and its path', async (t) => {
  const env = success({ tool: 'x', data: { sizing: { vesselDiameter_m: Infinity, ok: 1 }, list: [1, null] }, provenance: { calculationType: 't', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 1 } });
  const s = serializeWithStatus(env);
  t.equal(s.status, 422);
  const body = JSON.parse(s.body) as { errors: { code: string; field: string; message: string }[] };
  t.equal(body.errors[0]!.code, 'NON_FINITE_RESULT');
  t.equal(body.errors[0]!.field, '/data/sizing/vesselDiameter_m');
  t.match(body.errors[0]!.message, /Infinity for vesselDiameter_m/);
  const fine = failure('x', 'compute', []);
  t.equal(serializeWithStatus({ ...fine, data: { a: null } }).status, 422, 'a plain null is no non-finite number');
  t.equal(serializeWithStatus(success({ tool: 'x', data: { a: null }, provenance: { calculationType: 't', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 1 } })).status, 200);
});

t.test('found by the acceptance fuzz', async (t) => {
  const bars = await runTool('generateVisualization', { type: 'barChart', title: 'x', labels: ['Gas', 'Liquid'], values: [0.72, -1e15] });
  t.equal(bars.status, 'success', 'a bar at the schema limit -1e15 does not hang the tick loop until the time budget');
  const absurd = await runTool('generateVisualization', { type: 'barChart', title: 'x', labels: ['Gas', 'Liquid'], values: [0.72, -1.7976931348623157e308] });
  t.equal(httpStatusFor(absurd), 400, 'a bar near -1.8e308 is refused by the schema');
  t.equal(absurd.errors?.[0]?.field, '/values/1');

  const { automationHistory, recordAutomationCall } = await import('../../src/tools/contract/automation-history.js');
  automationHistory.clear();
  const long = 'A'.repeat(200_000);
  recordAutomationCall('diagnoseAutomation', { failedAddress: long }, 'fuzz-history', failure('diagnoseAutomation', 'compute', [{ severity: 'error', code: 'X', message: long, fix: '' }]));
  const kept = automationHistory.of('fuzz-history');
  t.equal(kept.length, 1);
  t.ok(kept[0]!.address.length <= 301 && kept[0]!.message!.length <= 301, 'the history keeps clipped texts, not 200 KB per record');

  const economics = await runTool('runFieldEconomics', {
    mode: 'cashflow',
    country: 'NO',
    capex: { totalMusd: 2000, year: 2025 },
    oilPrice_usdPerBbl: 75,
    production: { oil: { 2027: 15e6, 2028: 1e308 } },
  });
  t.equal(economics.errors?.[0]?.field, '/production/oil/2028', 'a yearly volume of 1e308 is refused at the schema (it gave a NaN NPV)');
  const aga7 = await runTool('calculateStandard', { standard: 'AGA7', components: GAS, temperature_C: 10, pressure_bara: 50, flowingVolume_m3: 1e308 });
  t.equal(aga7.errors?.[0]?.field, '/flowingVolume_m3', 'an AGA7 volume of 1e308 is refused (it gave an infinite base volume)');

  const deepText = await runTool('validateResults', { resultsJson: deep(10_000) });
  t.equal(deepText.status, 'success', 'JSON text too deep to walk is reported as not an object, not a crash');
});

t.test('the size guard never refuses what the HTTP body limit let through', async (t) => {
  // 500 000 one-digit numbers: 1 MB of JSON text ("1,1,…"), the default body limit.
  const ones = Array.from({ length: 499_000 }, () => 1);
  const text = JSON.stringify({ v: ones });
  t.ok(text.length <= 1_048_576);
  t.equal(checkInputLimits({ v: ones }, { maxDepth: 64, maxBytes: 1_048_576 }), undefined, 'a lower bound of the text length: no false 413');
  t.equal(checkInputLimits({ v: ones }, { maxDepth: 64, maxBytes: text.length - 1000 })?.kind, 'size', 'but a larger input is refused');
});
