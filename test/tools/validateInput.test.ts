/**
 * validateInput: every check code of seed 001 and surface §2.3 (plus ours) is triggered by an
 * input built for it; valid definitions pass; the envelope never hides errors.
 */
import t from 'tap';
import fc from 'fast-check';
import { validateInputTool } from '../../src/tools/platform/validation/validateInput.js';
import { validateDefinition } from '../../src/tools/platform/validation/validate-definition.js';
import { executeTool } from '../../src/tools/contract/execute.js';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import type { ToolContext } from '../../src/tools/contract/types.js';

const ctx: ToolContext = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };

const gas = { methane: 0.85, ethane: 0.1, propane: 0.05 };
const flash = (over: Record<string, unknown>) => ({
  model: 'SRK',
  temperature: { value: 25, unit: 'C' },
  pressure: { value: 50, unit: 'bara' },
  flashType: 'TP',
  components: gas,
  ...over,
});
const fluid = { model: 'SRK', temperature: 298.15, pressure: 50, components: gas };
const proc = (units: unknown, over: Record<string, unknown> = {}) => ({ fluid, process: units, ...over });
const feed = { type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } };

/** [code, severity, input, expected field (optional)] */
const CASES: [string, 'error' | 'warning', unknown, string?][] = [
  ['INPUT_ERROR', 'error', null],
  ['INPUT_ERROR', 'error', {}],
  ['INPUT_ERROR', 'error', '   '],
  ['JSON_PARSE_ERROR', 'error', '{"model": "SRK",'],
  ['JSON_PARSE_ERROR', 'error', [1, 2]],
  ['UNKNOWN_MODEL', 'error', flash({ model: 'PR_LK' }), 'model'],
  ['UNKNOWN_MODEL', 'error', flash({ model: 'VDW' }), 'model'],
  ['UNKNOWN_FLASH_TYPE', 'error', flash({ flashType: 'tq' }), 'flashType'],
  // Case and order variants are read as runFlash reads them (issue 20), with a warning.
  ['FLASH_TYPE_NORMALIZED', 'warning', flash({ flashType: 'tp' }), 'flashType'],
  ['UNKNOWN_FLASH_TYPE', 'error', flash({ flashType: 'constructor' }), 'flashType'],
  ['UNKNOWN_COMPONENT', 'error', JSON.parse('{"components": {"__proto__": 1}}'), 'components.__proto__'],
  ['UNKNOWN_EQUIPMENT_TYPE', 'error', proc([feed, { type: 'toString', inlet: 'feed' }]), 'process[1].type'],
  ['MISSING_SPEC', 'error', flash({ flashType: 'PH' }), 'enthalpy'],
  ['MISSING_SPEC', 'error', flash({ flashType: 'PS' }), 'entropy'],
  ['MISSING_SPEC', 'error', flash({ flashType: 'TV' }), 'volume'],
  ['INVALID_SPEC', 'error', flash({ flashType: 'PH', enthalpy: { value: 1, unit: 'BTU' } }), 'enthalpy'],
  ['INVALID_TEMPERATURE', 'error', flash({ temperature: { value: 25, unit: 'Celcius' } }), 'temperature'],
  ['NEGATIVE_TEMPERATURE', 'error', flash({ temperature: { value: -300, unit: 'C' } }), 'temperature'],
  ['EXTREME_TEMPERATURE', 'warning', flash({ temperature: { value: 1200, unit: 'C' } }), 'temperature'],
  ['EXTREME_TEMPERATURE', 'warning', flash({ temperature: 50 }), 'temperature'],
  ['INVALID_PRESSURE', 'error', flash({ pressure: { value: 50, unit: 'bars' } }), 'pressure'],
  ['NEGATIVE_PRESSURE', 'error', flash({ pressure: { value: 0, unit: 'bara' } }), 'pressure'],
  ['EXTREME_PRESSURE', 'warning', flash({ pressure: { value: 1500, unit: 'bara' } }), 'pressure'],
  ['MISSING_COMPONENTS', 'error', flash({ components: undefined }), 'components'],
  ['EMPTY_COMPONENTS', 'error', flash({ components: {} }), 'components'],
  ['INVALID_COMPONENTS', 'error', flash({ components: ['methane'] }), 'components'],
  ['UNKNOWN_COMPONENT', 'error', flash({ components: { metane: 0.9, ethane: 0.1 } }), 'components.metane'],
  ['NEGATIVE_FRACTION', 'error', flash({ components: { methane: 1.1, ethane: -0.1 } }), 'components.ethane'],
  ['INVALID_FRACTION', 'error', flash({ components: { methane: '0.9', ethane: 0.1 } }), 'components.methane'],
  ['ZERO_COMPOSITION', 'error', flash({ components: { methane: 0, ethane: 0 } }), 'components'],
  ['COMP_SUM_WARNING', 'warning', flash({ components: { methane: 0.7, ethane: 0.1 } }), 'components'],
  ['DUPLICATE_COMPONENT', 'warning', flash({ components: { methane: 0.5, C1: 0.4, ethane: 0.1 } }), 'components.C1'],
  ['UNSUPPORTED_COMPONENT', 'error', flash({ model: 'GERG2008', components: { methane: 0.9, benzene: 0.1 } }), 'components.benzene'],
  ['UNKNOWN_MIXING_RULE', 'warning', flash({ mixingRule: '10' }), 'mixingRule'],
  ['NO_FLUID', 'warning', { process: [feed] }, 'fluid'],
  ['MISSING_PROCESS', 'error', { fluid }, 'process'],
  ['INVALID_PROCESS', 'error', proc('feed'), 'process'],
  ['EMPTY_PROCESS', 'warning', proc([]), 'process'],
  ['INVALID_UNIT', 'error', proc([feed, 'Separator']), 'process[1]'],
  ['MISSING_TYPE', 'error', proc([feed, { name: 'sep', inlet: 'feed' }]), 'process[1].type'],
  ['UNKNOWN_EQUIPMENT_TYPE', 'error', proc([feed, { type: 'Seperator', name: 'sep', inlet: 'feed' }]), 'process[1].type'],
  ['UNSUPPORTED_EQUIPMENT', 'error', proc([feed, { type: 'WindTurbine', name: 'col', inlet: 'feed' }]), 'process[1].type'],
  ['DUPLICATE_EQUIPMENT_NAME', 'warning', proc([feed, { type: 'Separator', name: 'feed', inlet: 'feed' }]), 'process[1].name'],
  ['EMPTY_INLET', 'warning', proc([feed, { type: 'Separator', name: 'sep', inlet: '' }]), 'process[1].inlet'],
  ['UNRESOLVED_INLET', 'warning', proc([feed, { type: 'Separator', name: 'sep', inlet: 'fed' }]), 'process[1].inlet'],
  ['FLUID_NOT_FOUND', 'error', proc([{ ...feed, fluidRef: 'oil' }]), 'process[0].fluidRef'],
  ['INVALID_FLUID', 'error', { fluid: 'natural gas', process: [feed] }, 'fluid'],
  ['UNKNOWN_MODEL', 'error', { fluid: { ...fluid, model: 'PR_LK' }, process: [feed] }, 'fluid.model'],
  ['UNKNOWN_COMPONENT', 'error', { fluid: { ...fluid, components: { nitrogn: 1 } }, process: [feed] }, 'fluid.components.nitrogn'],
  ['MISSING_COMPONENTS', 'error', { fluid: { model: 'SRK' }, process: [feed] }, 'fluid.components'],
  ['NEGATIVE_TEMPERATURE', 'error', { fluid: { ...fluid, temperature: -5 }, process: [feed] }, 'fluid.temperature'],
  ['INVALID_AREAS', 'error', { areas: [] }, 'areas'],
  ['EMPTY_AREAS', 'error', { areas: {} }, 'areas'],
  ['INVALID_AREA', 'error', { areas: { inlet: 42 } }, 'areas.inlet'],
  ['UNKNOWN_EQUIPMENT_TYPE', 'error', { areas: { inlet: proc([feed, { type: 'Pumpp', inlet: 'feed' }]) } }, 'areas.inlet.process[1].type'],
];

t.test('every check code is triggered by its input', async (t) => {
  for (const [code, severity, input, field] of CASES) {
    const r = validateDefinition(input);
    const hit = r.issues.find((i) => i.code === code);
    if (hit === undefined) {
      t.fail(`${code} not reported for ${JSON.stringify(input)}; got ${JSON.stringify(r.issues)}`);
      continue;
    }
    t.equal(hit.severity, severity, `${code} severity`);
    if (field !== undefined) t.equal(hit.field, field, `${code} field`);
    t.ok(hit.message.length > 0 && hit.fix.length > 0, `${code} has message and fix`);
    t.equal(r.valid, r.issues.every((i) => i.severity !== 'error'), `${code}: valid iff no error`);
  }
});

t.test('hints: Did you mean, area prefix, supported models', async (t) => {
  const unknown = validateDefinition(flash({ components: { metane: 1 } })).issues[0];
  t.match(unknown.message, "'metane' is not a known component");
  t.equal(unknown.fix, "Did you mean 'methane'?");
  const eq = validateDefinition(proc([feed, { type: 'Seperator', inlet: 'feed' }])).issues[0];
  t.equal(eq.fix, "Did you mean 'Separator'?");
  const model = validateDefinition(flash({ model: 'PR_LK' })).issues[0];
  t.match(model.fix, 'SRK, PR, CPA, GERG2008');
  t.equal(validateDefinition(flash({ model: 'CPA' })).valid, true, 'CPA is a flash model');
  t.equal(validateDefinition(proc([feed], { fluid: { ...fluid, model: 'CPA' } })).issues.find((i) => i.code === 'UNKNOWN_MODEL'), undefined, 'CPA is a process model');
  const area = validateDefinition({ areas: { inlet: proc([feed, { type: 'Pumpp', inlet: 'feed' }]) } });
  t.equal(area.inputType, 'processModel');
  t.match(area.issues[0].message, /^Area 'inlet': /);
  const sum = validateDefinition(flash({ components: { methane: 0.7, ethane: 0.1 } })).issues[0];
  t.equal(sum.message, 'Component mole fractions sum to 0.80 (expected ~1.0)');
});

t.test('valid definitions pass without findings', async (t) => {
  const valid: unknown[] = [
    flash({}),
    flash({ model: 'PR', flashType: 'dewPointT' }),
    flash({ model: 'pr', flashType: 'bubblePointPressure' }),
    flash({ model: 'GERG2008', components: { methane: 0.9, CO2: 0.05, nitrogen: 0.05 } }),
    flash({ flashType: 'PH', enthalpy: { value: -5, unit: 'kJ/kg' } }),
    flash({ flashType: 'PS', entropy: -20 }),
    flash({ flashType: 'TV', volume: { value: 0.5, unit: 'L/mol' } }),
    { components: { C1: 0.5, nC4: 0.5 } },
    proc([feed, { type: 'Separator', name: 'HP Sep', inlet: 'feed' }, { type: 'compressor', name: 'Comp', inlet: 'HP Sep.gasOut' }]),
    { fluid, process: { equipment: [feed] } },
    { fluids: { gas: fluid }, process: [{ ...feed, fluidRef: 'gas' }] },
    { fluid: { ...fluid, temperature: undefined, temperature_C: 25, pressure: undefined, pressure_bara: 50 }, process: [feed] },
    { areas: { inlet: proc([feed]), export: proc([feed]) } },
  ];
  for (const v of valid) {
    const r = validateDefinition(v);
    t.same(r.issues, [], `no issues for ${JSON.stringify(v)}`);
    t.equal(r.valid, true);
  }
  t.equal(validateDefinition(flash({})).inputType, 'flash');
  t.equal(validateDefinition(proc([feed])).inputType, 'process');
});

t.test('all findings are reported at once', async (t) => {
  const r = validateDefinition({ model: 'XYZ', flashType: 'PH', temperature: -5, components: { metane: 0.5, ethane: 0.1 } });
  t.same(r.issues.map((i) => i.code).sort(), ['COMP_SUM_WARNING', 'MISSING_SPEC', 'NEGATIVE_TEMPERATURE', 'UNKNOWN_COMPONENT', 'UNKNOWN_MODEL']);
  t.equal(r.errorCount, 4);
  t.equal(r.warningCount, 1);
});

async function call(input: unknown): Promise<Envelope<{ valid: boolean; issues: { code: string }[] }>> {
  return (await executeTool(validateInputTool, input, ctx)) as Envelope<{ valid: boolean; issues: { code: string }[] }>;
}

t.test('envelope: success, but an invalid definition never looks like a pass', async (t) => {
  t.equal(getTool('validateInput'), validateInputTool, 'registered');
  const bad = await call(flash({ components: { metane: 1 } }));
  t.equal(bad.status, 'success');
  t.equal(httpStatusFor(bad), 200);
  t.equal(bad.data!.valid, false);
  t.equal(bad.validation!.valid, false);
  t.equal(bad.qualityGate!.verdict, 'failed');
  t.same(bad.warnings, [], 'validator findings live in data.issues, not in the warning taxonomy');

  const warnOnly = await call(flash({ components: { methane: 0.7, ethane: 0.1 } }));
  t.equal(warnOnly.data!.valid, true);
  t.equal(warnOnly.qualityGate!.verdict, 'warning');

  const good = await call(flash({}));
  t.equal(good.data!.valid, true);
  t.equal(good.validation!.valid, true);
  t.equal(good.qualityGate!.verdict, 'passed');

  const asString = await call(JSON.stringify(flash({ components: { metane: 1 } })));
  t.equal(asString.data!.issues[0].code, 'UNKNOWN_COMPONENT', 'a body sent as a JSON string is parsed');
  const broken = await call('{"model": ');
  t.equal(broken.status, 'error');
  t.equal((broken.errors ?? [])[0]?.code, 'JSON_PARSE_ERROR', 'unparsable JSON string body');
});

t.test('examples validate against the input schema and run', async (t) => {
  t.ok(validateInputTool.examples.length >= 3);
  const outcomes: Record<string, boolean> = {};
  for (const ex of validateInputTool.examples) {
    const env = await call(ex.input);
    t.equal(env.status, 'success', `${ex.name} runs`);
    outcomes[ex.name] = env.data!.valid;
  }
  t.same(outcomes, { 'valid-flash': true, 'misspelt-component': false, 'ph-flash-missing-enthalpy': false, 'process-with-mistakes': false });
});

t.test('never throws on arbitrary JSON, and valid iff no error', async (t) => {
  const anyDef = fc.oneof(
    fc.jsonValue(),
    fc.record({ model: fc.jsonValue(), flashType: fc.jsonValue(), temperature: fc.jsonValue(), pressure: fc.jsonValue(), components: fc.dictionary(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }),
    fc.record({ fluid: fc.jsonValue(), process: fc.array(fc.record({ type: fc.jsonValue(), name: fc.jsonValue(), inlet: fc.jsonValue(), fluidRef: fc.jsonValue() }, { requiredKeys: [] })) }, { requiredKeys: [] }),
    fc.record({ areas: fc.dictionary(fc.string(), fc.jsonValue()) }),
  );
  fc.assert(
    fc.property(anyDef, (def) => {
      const r = validateDefinition(def);
      return r.valid === (r.errorCount === 0) && r.issues.every((i) => typeof i.code === 'string' && i.fix.length > 0);
    }),
    { numRuns: 400 },
  );
  t.pass('400 random definitions validated without throwing');
});
