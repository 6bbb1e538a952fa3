/**
 * Issue 20, "never ignore an input silently": a key nobody reads is a 400 UNKNOWN_PROPERTY naming
 * the field by JSON pointer with "did you mean"; a key of the original NeqSim that this server does
 * not model is a 422 UNSUPPORTED_PROPERTY naming the supported alternative. Regression cases seen
 * on main first, then the key tables, then every registered tool that takes a free-form map.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { runTool } from '../../src/index.js';
import { TOOLS } from '../../src/tools/registry.js';
import { httpStatusFor, type DiagnosticIssue, type Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';
import { PROPERTY_TABLES, checkProcessKeys } from '../../src/tools/process/runProcess/unit-keys.js';
import { suggest } from '../../src/tools/contract/suggest.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { RUN_DYNAMIC_EXAMPLES } from '../../src/tools/process/runDynamic/examples.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const FLUID = { model: 'SRK', temperature: 303.15, pressure: 20, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.07, propane: 0.03, 'n-butane': 0.02, nitrogen: 0.03 } };
const FEED = { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } };
const compressor = (properties: Record<string, unknown>) => ({ fluid: FLUID, process: [FEED, { type: 'Compressor', name: 'K-100', inlet: 'feed', properties }] });
const run = (input: unknown) => runProcess(input as RunProcessInput);
const errorAt = (env: Envelope, field: string): DiagnosticIssue | undefined => env.errors?.find((e) => e.field === field);

t.test('issue 20 regression: a misspelt compressor efficiency is refused, not replaced by 1.0', (t) => {
  const typo = run(compressor({ outletPressure: [60, 'bara'], isentropicEficiency: 0.75 }));
  t.equal(typo.status, 'error', 'no silent success');
  t.equal(httpStatusFor(typo), 400, 'an unknown key is an input error');
  const e = errorAt(typo, '/process/1/properties/isentropicEficiency');
  t.ok(e, `the field is named by JSON pointer (${JSON.stringify(typo.errors)})`);
  t.equal(e?.code, 'UNKNOWN_PROPERTY');
  t.match(e?.fix, /did you mean "isentropicEfficiency"/i, 'suggests isentropicEfficiency');
  t.match(e?.message, /isentropicEfficiency/);
  // The correct spelling is honoured: shaft power at η = 0.75 is the η = 1 power / 0.75
  // (isentropic efficiency = isentropic enthalpy rise / actual rise, same feed and discharge P).
  const at75 = run(compressor({ outletPressure: [60, 'bara'], isentropicEfficiency: 0.75 }));
  const at100 = run(compressor({ outletPressure: [60, 'bara'] }));
  const p75 = (at75.data as any).units['K-100'].power_kW as number;
  const p100 = (at100.data as any).units['K-100'].power_kW as number;
  t.ok(p100 > 0, `η = 1 power ${p100.toFixed(1)} kW`);
  t.ok(Math.abs(p75 - p100 / 0.75) <= 1e-6 * p75, `η = 0.75 power ${p75.toFixed(1)} kW = ${(p100 / 0.75).toFixed(1)} kW`);
  t.end();
});

t.test('issue 20 regression: chart, speed and made-up keys are never ignored', (t) => {
  // Charts and speed are modelled now (issue 22): a chart that is not a chart is refused, not skipped.
  const chart = run(compressor({ outletPressure: [60, 'bara'], compressorChart: { speeds: [1000], flows: [[1, 2, 3]], heads: [[3, 2, 1]] } }));
  t.not(chart.status, 'success', 'a malformed compressorChart is refused, never ignored');
  t.ok((chart.errors ?? []).some((e) => /compressorChart/.test(`${e.field ?? ''} ${e.message}`)), 'the error names compressorChart');
  // Keys the original takes that we do not model stay a 422 naming the alternative.
  const surge = run(compressor({ outletPressure: [60, 'bara'], antiSurge: { enabled: true } }));
  t.equal(httpStatusFor(surge), 422, 'a known-but-unmodelled key is not computable as asked');
  const c = errorAt(surge, '/process/1/properties/antiSurge');
  t.equal(c?.code, 'UNSUPPORTED_PROPERTY');
  t.match(c?.fix, /Splitter/, 'names the supported alternative');
  const driver = run(compressor({ outletPressure: [60, 'bara'], driver: 'gas turbine' }));
  t.equal(httpStatusFor(driver), 422);
  t.equal(errorAt(driver, '/process/1/properties/driver')?.code, 'UNSUPPORTED_PROPERTY');
  const foo = run(compressor({ outletPressure: [60, 'bara'], fooBar: 3 }));
  t.equal(httpStatusFor(foo), 400);
  const f = errorAt(foo, '/process/1/properties/fooBar');
  t.equal(f?.code, 'UNKNOWN_PROPERTY');
  t.notMatch(f?.fix, /did you mean/i, 'nothing close: no suggestion, the known keys are listed');
  t.match(f?.fix, /outletPressure, isentropicEfficiency/);
  t.end();
});

t.test('issue 20 regression: a misspelt outletPressure is named, not reported as missing', (t) => {
  const env = run(compressor({ outletPresure: [60, 'bara'] }));
  t.equal(httpStatusFor(env), 400);
  t.notOk(env.errors?.some((e) => e.code === 'MISSING_PROPERTY'), 'not "needs an outlet pressure"');
  t.match(errorAt(env, '/process/1/properties/outletPresure')?.fix, /did you mean "outletPressure"/i);
  t.end();
});

t.test('issue 20 regression: equipment type typos get "did you mean"', (t) => {
  const env = run({ fluid: FLUID, process: [FEED, { type: 'Seperator', name: 'HP Sep', inlet: 'feed' }] });
  const e = env.errors?.find((x) => x.code === 'UNKNOWN_EQUIPMENT_TYPE');
  t.ok(e, 'reported as an unknown type');
  t.match(e?.fix, /did you mean "Separator"/i);
  t.match(e?.message, /did you mean "Separator"/i);
  const far = run({ fluid: FLUID, process: [FEED, { type: 'FluxCapacitor', name: 'x', inlet: 'feed' }] });
  t.notMatch(far.errors?.[0]?.fix, /did you mean/i, 'no suggestion when nothing is close');
  t.end();
});

t.test('fluids, unit-level keys and adjusters are checked where they are written', (t) => {
  const fluid = run({ fluid: { ...FLUID, mixingRule: undefined, mixingrule: 'classic' }, process: [FEED] });
  t.equal(httpStatusFor(fluid), 400);
  t.match(errorAt(fluid, '/fluid/mixingrule')?.fix, /did you mean "mixingRule"/i);
  const named = run({ fluid: FLUID, fluids: { lean: { ...FLUID, temprature: 300 } }, process: [FEED] });
  t.match(errorAt(named, '/fluids/lean/temprature')?.fix, /did you mean "temperature"/i);
  const volume = run({ fluid: { ...FLUID, useVolumeCorrection: true }, process: [FEED] });
  t.equal(httpStatusFor(volume), 422, 'an original fluid option we do not model');
  t.equal(errorAt(volume, '/fluid/useVolumeCorrection')?.code, 'UNSUPPORTED_FLUID_FEATURE');
  // The original moves unit-level temperature into properties; a Cooler does not read it.
  const cooler = run({ fluid: FLUID, process: [FEED, { type: 'Cooler', name: 'c', inlet: 'feed', temperature: [30, 'C'], properties: { outTemperature: [30, 'C'] } }] });
  t.equal(httpStatusFor(cooler), 400);
  t.ok(errorAt(cooler, '/process/1/temperature'), 'named at the unit level, where it was written');
  const twice = run({ fluid: FLUID, process: [{ ...FEED, flowRate: [1, 'kg/hr'] }] });
  t.equal(errorAt(twice, '/process/0/flowRate')?.code, 'CONFLICTING_PROPERTY', 'a flow rate given twice is refused, not one of them dropped');
  const conflicts: [string, unknown, string][] = [
    ['isentropic and polytropic efficiency', compressor({ outletPressure: 60, isentropicEfficiency: 0.75, polytropicEfficiency: 0.8 }), '/process/1/properties/polytropicEfficiency'],
    ['an alias next to its key', compressor({ outletPressure: 60, outPressure: 50 }), '/process/1/properties/outPressure'],
    ['outlet pressure and pressure drop', { fluid: FLUID, process: [FEED, { type: 'Heater', name: 'h', inlet: 'feed', properties: { outTemperature: [50, 'C'], outletPressure: 15, pressureDrop: 1 } }] }, '/process/1/properties/pressureDrop'],
    ['pipe elevation and angle', { fluid: FLUID, process: [FEED, { type: 'PipeBeggsAndBrills', name: 'p', inlet: 'feed', properties: { length: 1000, diameter: 0.2, elevation: 10, angle: 5 } }] }, '/process/1/properties/angle'],
    ['fluid temperature twice', { fluid: { ...FLUID, temperature_C: 30 }, process: [FEED] }, '/fluid/temperature_C'],
    ['inlet and inlets', { fluid: FLUID, process: [FEED, { type: 'Cooler', name: 'c', inlet: 'feed', inlets: ['feed'], properties: { outTemperature: [20, 'C'] } }] }, '/process/1/inlets'],
  ];
  for (const [what, input, field] of conflicts) {
    const env = run(input);
    t.equal(httpStatusFor(env), 400, `${what}: 400`);
    t.equal(errorAt(env, field)?.code, 'CONFLICTING_PROPERTY', `${what}: CONFLICTING_PROPERTY at ${field} (${JSON.stringify(env.errors)})`);
  }
  const fluidRef = run({ fluid: FLUID, process: [FEED, { type: 'Separator', name: 's', inlet: 'feed', fluidRef: 'default' }] });
  t.ok(errorAt(fluidRef, '/process/1/fluidRef'), 'fluidRef on a separator would do nothing');
  // A valve's Cv is modelled now (issue 22); a filter's is not: it is set by its pressure drop.
  const filter = run({ fluid: FLUID, process: [FEED, { type: 'Filter', name: 'f', inlet: 'feed', properties: { Cv: 120 } }] });
  t.equal(httpStatusFor(filter), 422);
  t.match(errorAt(filter, '/process/1/properties/Cv')?.fix, /deltaP/);
  // Adjusters are taken out before solving; their keys are checked at their own position.
  const adj = run({
    fluid: FLUID,
    process: [FEED, { type: 'Adjuster', name: 'adj', properties: { adjustedEquipment: 'c', adjustedVariable: 'outTemperature', targetEquipment: 'c', targetVariabel: 'temperature', targetValue: 20, targetUnit: 'C' } }, { type: 'Cooler', name: 'c', inlet: 'feed', properties: { outTemperature: [30, 'C'] } }],
  });
  t.equal(httpStatusFor(adj), 400);
  t.match(errorAt(adj, '/process/1/properties/targetVariabel')?.fix, /did you mean "targetVariable"/i);
  t.end();
});

t.test('key tables: every modelled key is read, every unmodelled key is refused with an alternative', (t) => {
  // A key declared modelled but read nowhere would be accepted and ignored: the source must read it.
  const src = ['../../../src/tools/process/runProcess/definition.ts', '../../../src/tools/process/runProcess/column-definition.ts', '../../../src/tools/process/runProcess/unit-options.ts', '../../../src/tools/process/runProcess/adjusters.ts', '../../../src/tools/process/runProcess/loop-units.ts'].map((p) => readFileSync(new URL(p, import.meta.url), 'utf8')).join('\n');
  for (const [type, table] of Object.entries(PROPERTY_TABLES)) {
    for (const key of [...table.modelled, ...(table.aliases ?? [])]) {
      if (key === 'stepSize') continue; // read by neither the original nor us; stated in the limitations
      const read = new RegExp(`(p\\.${key}\\b|'${key}'|\\b${key}:)`).test(src);
      t.ok(read, `${type}.${key} is read by the definition reader`);
    }
    for (const key of Object.keys(table.unmodelled ?? {})) {
      const issues = checkProcessKeys({ process: [{ type, name: 'u', properties: { [key]: 1 } }] });
      t.equal(issues.length, 1, `${type}.${key}: one finding`);
      t.equal(issues[0]?.code, 'UNSUPPORTED_PROPERTY', `${type}.${key} is UNSUPPORTED_PROPERTY`);
      t.ok((issues[0]?.fix.length ?? 0) > 30, `${type}.${key}: says what to do instead`);
    }
    // All modelled keys together, one of each exclusive group (e.g. outletPressure or pressureDrop).
    const together = table.modelled.filter((k) => !(table.exclusive ?? []).some((g) => g.includes(k) && g.find((x) => table.modelled.includes(x)) !== k));
    t.same(checkProcessKeys({ process: [{ type, name: 'u', properties: Object.fromEntries(together.map((k) => [k, 1])) }] }), [], `${type}: its modelled keys pass (${together.join(', ')})`);
  }
  t.equal(suggest('isentropicEficiency', ['outletPressure', 'isentropicEfficiency']), 'isentropicEfficiency');
  t.equal(suggest('foo', ['outletPressure', 'isentropicEfficiency']), undefined);
  t.equal(suggest('Seperator', ['Stream', 'Separator', 'ThreePhaseSeparator']), 'Separator');
  t.end();
});

/** AUTOMATION_PROCESS with a typo in the feed's properties (flowRat next to flowRate). */
const withTypo = (doc: unknown): Record<string, unknown> => {
  const d = structuredClone(doc) as { process: { properties?: Record<string, unknown> }[] };
  d.process[0]!.properties = { ...d.process[0]!.properties, flowRat: 1 };
  return d as unknown as Record<string, unknown>;
};
const TYPO = withTypo(AUTOMATION_PROCESS);
const FEED_TYPO = '/process/0/properties/flowRat';
const DYN = RUN_DYNAMIC_EXAMPLES[0]!.input;

/** Every registered tool that takes a free-form map: a typo in it → 400, the pointer, a suggestion. */
const CASES: { tool: string; input: Record<string, unknown>; field: string; suggestion: string }[] = [
  { tool: 'runProcess', input: TYPO, field: FEED_TYPO, suggestion: 'flowRate' },
  { tool: 'runProcessLoop', input: { processJson: TYPO, trials: [{ 'Export Compressor.outletPressure': 100 }], readbacks: ['Export Compressor.power'] }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'runParametricStudy', input: { baseProcess: TYPO, sweeps: [{ address: 'Export Compressor.outletPressure', values: [100, 110] }], outputs: [{ address: 'Export Compressor.power' }] }, field: `/baseProcess${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'compareProcesses', input: { cases: [{ process: AUTOMATION_PROCESS }, { process: TYPO }] }, field: `/cases/1/process${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'crossValidateModels', input: { baseProcess: AUTOMATION_PROCESS, models: ['SRK', 'PR'], compareVariables: [{ address: 'Export Compressor.power' }], tolerances: { powr: 5 } }, field: '/tolerances/powr', suggestion: 'power' },
  { tool: 'setSimulationVariable', input: { processJson: TYPO, address: 'Export Compressor.outletPressure', value: 100 }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'getSimulationVariable', input: { processJson: TYPO, address: 'Export Compressor.power' }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'listSimulationUnits', input: { processJson: TYPO }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'listUnitVariables', input: { processJson: TYPO, unitName: 'HP Sep' }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'getAdjustableParameters', input: { processJson: TYPO }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'diagnoseAutomation', input: { processJson: TYPO, failedAddress: 'Export Compressor.power' }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'runMaterialsReview', input: { processJson: TYPO, items: [{ tag: 'L-1', stream: 'HP Sep.gasOut', material: 'carbon_steel' }] }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'saveSimulationState', input: { processJson: TYPO, stateName: 'typo' }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'runDynamic', input: { ...DYN, processJson: withTypo(DYN.processJson) }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'runOperationalStudy', input: { action: 'runScenario', processJson: TYPO, actions: [{ type: 'RUN_STEADY_STATE' }] }, field: `/processJson${FEED_TYPO}`, suggestion: 'flowRate' },
  {
    tool: 'runOperationalStudy',
    input: { action: 'applyFieldData', processJson: AUTOMATION_PROCESS, tagBindings: [{ logicalTag: 'PT-100', automationAddress: 'Export Compressor.outletPressure', unit: 'bara', role: 'INPUT' }], fieldData: { 'PT-10O': 110 } },
    field: '/fieldData/PT-10O',
    suggestion: 'PT-100',
  },
  { tool: 'runHAZOP', input: { processDefinition: TYPO, nodes: [{ nodeId: 'N1', equipment: ['HP Sep'] }] }, field: `/processDefinition${FEED_TYPO}`, suggestion: 'flowRate' },
  { tool: 'runBatch', input: { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, temperature: { value: 25, unit: 'C' }, cases: [{ pressure: { value: 10, unit: 'bara' } }, { presure: { value: 20, unit: 'bara' } }] }, field: '/cases/1/presure', suggestion: 'pressure' },
  { tool: 'manageSession', input: { action: 'create', fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.9, ethane: 0.1 }, mixingrule: 'classic' } }, field: '/fluid/mixingrule', suggestion: 'mixingRule' },
  { tool: 'composeWorkflow', input: { workflow: 'typo', fluid: { modle: 'SRK', components: { methane: 1 } }, steps: [{ name: 'flash', tool: 'runFlash', input: { temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } } }] }, field: '/fluid/modle', suggestion: 'model' },
];

const OPEN_DRAIN = TOOLS.find((x) => x.name === 'runOpenDrainReview')!.examples[0]!.input as Record<string, unknown>;
CASES.push({ tool: 'runOpenDrainReview', input: { ...OPEN_DRAIN, tagreaderData: { 'OD-PROCESS-01': { observedBackflowEvents: 0 } } }, field: '/tagreaderData/OD-PROCESS-01', suggestion: 'OD-PROCESS-001' });

/**
 * Tools whose input holds free-form objects that are not strictness maps, and why. Anything
 * else with such an object must have a case above.
 */
const NOT_MAPS: Record<string, string> = {
  validateInput: 'judges arbitrary definitions: unknown keys are reported as findings (tested below)',
  validateResults: 'resultsJson is a tool response being judged',
  generateReport: 'data is a tool result being rendered',
  compareSimulationStates: 'two saved snapshots are compared key by key',
  manageState: 'state is stored verbatim for the caller',
  bridgeTaskWorkflow: 'toolOutput is a response; toolInput is checked against the producing tool (tested below); handoff is judged by validateHandoff',
  composeMultiServerWorkflow: 'each step input is the called tool\'s input, refused by that tool\'s closed schema on its own server (the step fails with it)',
  runPlugin: 'input is the plugin\'s input, checked by executeTool against the plugin\'s own closed schema (a misspelt key is a 400 at input.<key>, runPlugin.test.ts)',
  solveTask: 'relief is the runRelief input, passed whole to runRelief, whose closed schema refuses a misspelt key (the plan step fails with it)',
  sizeEquipment: 'handoff is an open seed-002 handoff: checked against its schema, and a field naming no unit (a misspelt one) is refused (handoffs-roundtrip.test.ts)',
  generateVisualization: 'only draws units and inlets of processJson; nothing is simulated',
  getAutomationLearningReport: 'processJson only selects which recorded calls are reported',
  runWaterHammer: 'stidRoute/lineListRoute/fieldData are refused whole (NOT_IMPLEMENTED_INPUT)',
  runHAZOP: 'barrierRegister is accepted for compatibility and a warning says it is not used; the process is a case above',
  runAgenticEngineering: 'result is a tool response being judged',
  runPipeline:
    "the original's two-fluid and heat-transfer fields are named in the schema and reported by a MODEL_LIMITATION warning: the original's Beggs & Brill solver ignores them too, and our result equals its output (runPipeline.test.ts)",
};

/** Does a JSON schema hold a free-form object (open object, record of unknowns, unknown value)? */
function freeForm(s: unknown, depth = 0): boolean {
  if (s === null || typeof s !== 'object' || depth > 12) return false;
  const o = s as Record<string, unknown>;
  if (o.additionalProperties === true) return true;
  const pattern = o.patternProperties as Record<string, Record<string, unknown>> | undefined;
  if (pattern && typeof pattern === 'object' && Object.values(pattern).some((v) => v !== null && typeof v === 'object' && Object.keys(v).filter((k) => k !== 'description').length === 0)) return true;
  if (o.properties && typeof o.properties === 'object') {
    const props = o.properties as Record<string, Record<string, unknown>>;
    if ('process' in props && 'fluid' in props) return true; // a process definition
    if (Object.values(props).some((v) => v !== null && typeof v === 'object' && Object.keys(v).filter((k) => k !== 'description').length === 0)) return true;
  }
  return Object.values(o).some((v) => (Array.isArray(v) ? v.some((x) => freeForm(x, depth + 1)) : freeForm(v, depth + 1)));
}

t.test('audit: every registered tool with a free-form map has a typo case (or a stated reason)', (t) => {
  const covered = new Set(CASES.map((c) => c.tool));
  const flagged = TOOLS.filter((x) => freeForm(x.input)).map((x) => x.name);
  t.ok(flagged.length >= 15, `${flagged.length} tools take free-form input`);
  for (const name of flagged) t.ok(covered.has(name) || name in NOT_MAPS, `${name}: covered by a typo case or exempt with a reason`);
  t.end();
});

for (const c of CASES) {
  t.test(`${c.tool}: a typo at ${c.field} is a 400 with "did you mean ${c.suggestion}"`, async (t) => {
    const env = (await runTool(c.tool, structuredClone(c.input), { subject: 'strict-keys-test' })) as Envelope;
    t.equal(env.status, 'error', `refused: ${JSON.stringify(env.errors ?? env.status).slice(0, 300)}`);
    t.equal(httpStatusFor(env), 400);
    const e = env.errors?.find((x) => x.field === c.field);
    t.ok(e, `names ${c.field} (got ${JSON.stringify(env.errors?.map((x) => x.field))})`);
    t.match(`${e?.message} ${e?.fix}`, new RegExp(`did you mean "${c.suggestion}"`, 'i'));
  });
}

t.test('manageSession addEquipment: the typo is named under /equipment and the unit is not added', async (t) => {
  const owner = `strict-${process.pid}`;
  const created = (await runTool('manageSession', { action: 'create', processJson: AUTOMATION_PROCESS, ownerId: owner })) as Envelope;
  t.equal(created.status, 'success');
  const sessionId = (created.data as { sessionId: string }).sessionId;
  const add = (await runTool('manageSession', { action: 'addEquipment', sessionId, ownerId: owner, equipment: { type: 'ThrottlingValve', name: 'v', inlet: 'HP Sep.liquidOut', properties: { outletPresure: 10 } } })) as Envelope;
  t.equal(httpStatusFor(add), 400);
  t.ok(add.errors?.some((e) => e.field === '/equipment/properties/outletPresure' && /did you mean "outletPressure"/i.test(`${e.message} ${e.fix}`)), JSON.stringify(add.errors));
  const state = (await runTool('manageSession', { action: 'getState', sessionId, ownerId: owner })) as Envelope;
  t.equal((state.data as { equipmentCount: number }).equipmentCount, 4, 'nothing was added');
});

t.test('validateInput reports the same findings without refusing the call', async (t) => {
  const env = (await runTool('validateInput', structuredClone(TYPO))) as Envelope;
  t.equal(env.status, 'success');
  const d = env.data as { valid: boolean; issues: DiagnosticIssue[] };
  t.equal(d.valid, false);
  t.ok(d.issues.some((i) => i.code === 'UNKNOWN_PROPERTY' && i.field === FEED_TYPO && /flowRate/.test(i.fix)));
  const flash = (await runTool('validateInput', { model: 'SRK', components: { methane: 1 }, temprature: 300 })) as Envelope;
  t.ok((flash.data as { issues: DiagnosticIssue[] }).issues.some((i) => i.field === '/temprature' && /did you mean "temperature"/i.test(i.fix)), 'flash definitions too');
});

t.test('bridgeTaskWorkflow: toolInput keys are the producing tool\'s input keys', async (t) => {
  const flash = (await runTool('runFlash', { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } })) as Envelope;
  const env = (await runTool('bridgeTaskWorkflow', { action: 'toHandoff', toolOutput: flash, toolInput: { multiPhaseChek: true } })) as Envelope;
  t.equal(httpStatusFor(env), 400);
  t.ok(env.errors?.some((e) => e.field === '/toolInput/multiPhaseChek' && /did you mean "multiPhaseCheck"/i.test(e.fix)), JSON.stringify(env.errors));
});

t.test('over HTTP, through the worker pool: 400 for the typo, 422 for an unmodelled key, 200 when spelt right', async (t) => {
  const app = await buildTestApp(testConfig({}, { minThreads: 1, maxThreads: 1 }));
  t.teardown(() => app.close());
  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/tools/runProcess', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const typo = await post(compressor({ outletPressure: [60, 'bara'], isentropicEficiency: 0.75 }));
  t.equal(typo.statusCode, 400);
  t.equal(typo.json().errors[0].field, '/process/1/properties/isentropicEficiency');
  const chart = await post(compressor({ outletPressure: [60, 'bara'], antiSurge: {} }));
  t.equal(chart.statusCode, 422);
  t.equal(chart.json().errors[0].code, 'UNSUPPORTED_PROPERTY');
  const ok = await post(compressor({ outletPressure: [60, 'bara'], isentropicEfficiency: 0.75 }));
  t.equal(ok.statusCode, 200);
});

t.test('manageSession create from a processJson: the typo is named under /processJson', async (t) => {
  const env = (await runTool('manageSession', { action: 'create', processJson: TYPO, ownerId: `strict-create-${process.pid}` })) as Envelope;
  t.equal(httpStatusFor(env), 400);
  t.ok(env.errors?.some((e) => e.field === `/processJson${FEED_TYPO}`), JSON.stringify(env.errors));
});
