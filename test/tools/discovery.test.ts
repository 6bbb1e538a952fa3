/**
 * The discovery tools getSchema, getExample, getCapabilities and searchComponents, called through
 * the dispatcher (the path REST, MCP and runTool share) against the real registry.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { allComponents, findComponent } from '../../src/engine/components/index.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { getTool, toolCatalog, TOOLS } from '../../src/tools/registry.js';
import { snakeName, type AnyTool } from '../../src/tools/contract/types.js';
import { getCapabilitiesTool } from '../../src/tools/platform/getCapabilities.js';

const dispatch = createDispatcher({ timeoutMs: 30_000 });
const call = async (tool: string, input: unknown): Promise<{ env: Envelope; status: number }> => {
  const r = await dispatch(tool, input, { subject: 'discovery-test', transport: 'api' });
  return { env: r.envelope, status: r.httpStatus };
};

t.test('getSchema returns input and output schemas by snake_case name', async (t) => {
  const { env, status } = await call('getSchema', { toolName: 'search_components', schemaType: 'input' });
  t.equal(status, 200);
  const data = env.data as { tool: string; schema: Record<string, unknown>; uri: string };
  t.equal(data.tool, 'searchComponents');
  t.equal(data.uri, 'neqsim://schemas/search_components/input');
  t.equal(data.schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  t.same((data.schema.properties as Record<string, unknown>).query !== undefined, true, 'input schema describes the query field');

  const out = await call('getSchema', { toolName: 'search_components', schemaType: 'output' });
  const schema = (out.env.data as { schema: { anyOf: { properties: Record<string, unknown> }[] } }).schema;
  t.ok(schema.anyOf[0].properties.apiVersion && schema.anyOf[0].properties.data, 'output schema is the envelope with data');

  const camel = await call('getSchema', { toolName: 'searchComponents', schemaType: 'input' });
  t.equal((camel.env.data as { toolName: string }).toolName, 'search_components', 'camelCase name is mapped to the snake name');
});

t.test('getSchema: unknown tool or schema type is 422 SCHEMA_NOT_FOUND with the names in the fix', async (t) => {
  const unknown = await call('getSchema', { toolName: 'run_teleporter', schemaType: 'input' });
  t.equal(unknown.status, 422);
  t.equal(unknown.env.status, 'error');
  const e = unknown.env.errors?.[0];
  t.equal(e?.code, 'SCHEMA_NOT_FOUND');
  t.equal(e?.field, 'toolName');
  for (const tool of TOOLS) t.match(e?.fix, snakeName(tool.name), `fix lists ${snakeName(tool.name)}`);

  for (const schemaType of ['Input', 'example', 'schema', '']) {
    const bad = await call('getSchema', { toolName: 'get_schema', schemaType });
    t.equal(bad.status, 422, `schemaType "${schemaType}" is not found`);
    t.equal(bad.env.errors?.[0].code, 'SCHEMA_NOT_FOUND');
    t.equal(bad.env.errors?.[0].field, 'schemaType');
  }
  const missing = await call('getSchema', { toolName: 'get_schema' });
  t.equal(missing.status, 400, 'a missing field is a schema error');
});

t.test('getExample returns catalog entries and lists the available ones when not found', async (t) => {
  const ok = await call('getExample', { category: 'tool', name: 'search_components' });
  t.equal(ok.status, 200);
  const data = ok.env.data as { tool: string; input: unknown };
  t.equal(data.tool, 'searchComponents');
  t.same(data.input, getTool('searchComponents')!.examples[0].input, 'tool/<snake> is the first example of the tool');

  (data.input as Record<string, unknown>).query = 'edited by a caller';
  const again = await call('getExample', { category: 'tool', name: 'search_components' });
  t.same((again.env.data as { input: unknown }).input, getTool('searchComponents')!.examples[0].input, 'callers get a copy, not the registry object');
  t.not(getTool('searchComponents')!.examples[0].input, data.input);

  const own = await call('getExample', { category: 'discovery', name: 'schema-input' });
  t.same((own.env.data as { input: unknown }).input, { toolName: 'get_schema', schemaType: 'input' });

  const missingName = await call('getExample', { category: 'discovery', name: 'nope' });
  t.equal(missingName.status, 422);
  t.equal(missingName.env.errors?.[0].code, 'EXAMPLE_NOT_FOUND');
  t.equal(missingName.env.errors?.[0].field, 'name');
  t.match(missingName.env.errors?.[0].fix, 'discovery/schema-input');

  const missingCategory = await call('getExample', { category: 'no-such-category', name: 'x' });
  t.equal(missingCategory.env.errors?.[0].field, 'category');
  t.match(missingCategory.env.errors?.[0].fix, 'discovery');
  t.match(missingCategory.env.errors?.[0].fix, 'tool');
});

t.test('getExample by the tool name agents see (camelCase), or snake_case; unknown names get suggestions', async (t) => {
  for (const toolName of ['runFlash', 'run_flash']) {
    const byTool = await call('getExample', { toolName });
    t.equal(byTool.status, 200, `{"toolName": "${toolName}"} is accepted`);
    const data = byTool.env.data as { tool: string; category: string; name: string; input: unknown };
    t.equal(data.tool, 'runFlash');
    t.same([data.category, data.name], ['tool', 'run_flash'], 'the canonical example, as {category: tool, name: run_flash} gives it');
    t.same(data.input, getTool('runFlash')!.examples[0].input);
  }

  const named = await call('getExample', { toolName: 'getSchema', name: 'schema-output' });
  t.same((named.env.data as { input: unknown }).input, { toolName: 'search_components', schemaType: 'output' }, 'toolName + name: one of its examples');

  const otherTools = await call('getExample', { toolName: 'runFlash', name: 'schema-output' });
  t.equal(otherTools.status, 422, 'an example of another tool is not one of runFlash\'s');
  t.equal(otherTools.env.errors?.[0].code, 'EXAMPLE_NOT_FOUND');
  t.match(otherTools.env.errors?.[0].fix, 'tp-simple-gas');

  const typo = await call('getExample', { toolName: 'runFlsh' });
  t.equal(typo.status, 422);
  t.equal(typo.env.errors?.[0].code, 'TOOL_NOT_FOUND');
  t.equal(typo.env.errors?.[0].field, 'toolName');
  t.match(typo.env.errors?.[0].message, 'Did you mean "runFlash"?');
  t.match(typo.env.errors?.[0].fix, 'calculateStandard');

  const neither = await call('getExample', { name: 'run_flash' });
  t.equal(neither.status, 400, 'name without category or toolName is a bad request');
  t.equal(neither.env.errors?.[0].code, 'MISSING_FIELD');
  t.equal(neither.env.errors?.[0].field, 'category');
  t.match(neither.env.errors?.[0].fix, '"toolName": "runFlash"');

  const stray = await call('getExample', { tool: 'runFlash' });
  t.equal(stray.status, 400, 'unknown keys are still refused');
});

t.test('searchComponents: substring matches over names and aliases, suggestions only without a match', async (t) => {
  const meth = await call('searchComponents', { query: 'meth' });
  const data = meth.env.data as { matchCount: number; components: string[]; suggestions?: string[] };
  t.ok(data.components.includes('methane'));
  t.ok(data.components.includes('methanol'));
  t.equal(data.matchCount, data.components.length);
  t.equal(data.suggestions, undefined);
  for (const name of data.components) {
    const c = findComponent(name)!;
    t.ok([c.name, ...c.aliases].some((s) => s.toLowerCase().includes('meth')), `${name} contains "meth" in a name or alias`);
  }

  const upper = await call('searchComponents', { query: 'METH' });
  t.same((upper.env.data as { components: string[] }).components, data.components, 'case-insensitive');

  const all = await call('searchComponents', { query: '' });
  t.equal((all.env.data as { matchCount: number }).matchCount, allComponents().length, 'empty query lists every component');

  const misspelt = await call('searchComponents', { query: 'metane' });
  const m = misspelt.env.data as { matchCount: number; suggestions?: string[] };
  t.equal(m.matchCount, 0);
  t.equal(m.suggestions?.[0], 'methane', 'closest spelling first');

  const nothing = await call('searchComponents', { query: 'zzzzzzzzzzzzzzzz' });
  t.same((nothing.env.data as { suggestions?: string[] }).suggestions, [], 'nothing close: no suggestions');

  const tooLong = await call('searchComponents', { query: 'x'.repeat(101) });
  t.equal(tooLong.status, 400, 'query length is bounded');
});

t.test('getCapabilities is derived from the registry, schemas and engine', async (t) => {
  const { env, status } = await call('getCapabilities', {});
  t.equal(status, 200);
  const data = env.data as {
    toolCount: number;
    tools: Record<string, { schemaToolName: string; tier: string; category: string; allowedInActiveProfile: boolean; examples: unknown[] }>;
    thermodynamics: { componentCount: number; flashTypes: string[]; models: { code: string; default: boolean }[] };
    resources: { uri: string }[];
    prompts: { name: string }[];
  };
  t.equal(data.toolCount, TOOLS.length);
  t.same(Object.keys(data.tools).sort(), TOOLS.map((x) => x.name).sort());
  const proc = (env.data as { process?: { equipmentTypes: string[]; flowRateUnits: string[] } }).process;
  t.ok(proc?.equipmentTypes.includes('Separator') && proc.equipmentTypes.includes('Recycle'), 'runProcess equipment listed');
  t.notOk(proc?.equipmentTypes.includes('WindTurbine'), 'only simulated equipment is listed');
  t.ok(proc?.equipmentTypes.includes('DistillationColumn'), 'columns are simulated');
  t.ok(proc?.flowRateUnits.includes('kg/hr'));
  for (const tool of TOOLS) {
    const entry = data.tools[tool.name];
    t.equal(entry.schemaToolName, snakeName(tool.name));
    t.equal(entry.tier, tool.tier);
    t.equal(entry.examples.length, tool.examples.length);
  }
  t.equal(data.thermodynamics.componentCount, allComponents().length);
  const flash = getTool('runFlash');
  if (!flash) {
    t.same(data.thermodynamics.models, [], 'no flash tool: no models claimed');
    t.same(data.thermodynamics.flashTypes, [], 'no flash tool: no flash types claimed');
  } else {
    t.ok(data.thermodynamics.flashTypes.includes('TP'));
    t.ok(data.thermodynamics.models.length > 0);
    // Every claimed model really computes: runFlash's own first example succeeds with it.
    const example = flash.examples[0].input as Record<string, unknown>;
    for (const m of data.thermodynamics.models) {
      const r = await call('runFlash', { ...example, model: m.code, flashType: 'TP' });
      t.equal(r.env.status, 'success', `runFlash computes a TP flash with claimed model ${m.code}${r.env.errors ? `: ${r.env.errors[0].code}` : ''}`);
    }
    // Every claimed flash type really computes: runFlash has an example of it, and that example succeeds.
    for (const type of data.thermodynamics.flashTypes) {
      const ex = flash.examples.find((e) => ((e.input as { flashType?: string }).flashType ?? 'TP') === type);
      t.ok(ex, `runFlash has an example of claimed flash type ${type}`);
      if (!ex) continue;
      const r = await call('runFlash', ex.input);
      t.equal(r.env.status, 'success', `runFlash computes claimed flash type ${type}${r.env.errors ? `: ${r.env.errors[0].code}` : ''}`);
    }
    t.equal(data.thermodynamics.models.filter((m) => m.default).map((m) => m.code).join(), 'SRK', 'SRK is the default (seed 000)');
  }
  t.same(data.resources.map((r) => r.uri), ['neqsim://example-catalog', 'neqsim://schema-catalog', 'neqsim://components', 'neqsim://models', 'neqsim://standards', 'neqsim://handoff-schemas', 'neqsim://data-tables']);
  t.ok(Value.Check(getCapabilitiesTool.output, env.data), 'data matches the declared output schema');

  const extra = await call('getCapabilities', { verbose: true });
  t.equal(extra.status, 400, 'takes no arguments');
});

t.test('getCapabilities computes allowedInActiveProfile from the profile of the call (contract profile table)', async (t) => {
  // Seed 000 "Deployment Profiles", restated here independently of the governance module.
  const contract: Record<string, (tool: AnyTool) => boolean> = {
    DESKTOP_ENGINEER: () => true,
    STUDY_TEAM: (x) => x.tier !== 'experimental' && x.category !== 'PLATFORM',
    // "ADVISORY + CALCULATION only", and advanced tools are "Available in DESKTOP_ENGINEER and STUDY_TEAM modes".
    DIGITAL_TWIN: (x) => x.tier === 'core' && (x.category === 'ADVISORY' || x.category === 'CALCULATION'),
    ENTERPRISE: (x) => x.tier === 'core',
  };
  for (const [profile, allowed] of Object.entries(contract)) {
    const env = await getCapabilitiesTool.run({}, { catalog: toolCatalog, subject: 's', profile, progress: () => {} });
    const data = env.data as { activeProfile: string; tools: Record<string, { allowedInActiveProfile: boolean }> };
    t.equal(data.activeProfile, profile);
    for (const tool of TOOLS) {
      t.equal(data.tools[tool.name].allowedInActiveProfile, allowed(tool), `${profile} ${tool.name}`);
    }
  }
});
