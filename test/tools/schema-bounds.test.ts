/**
 * Issue 20, "non-finite or denormal arithmetic never reaches the serializer as a 500": every
 * numeric input field of every registered tool states an engineering lower and upper bound, so a
 * finite-but-absurd number (1e300 kg/h, a 1e250 K temperature) is refused by schema validation
 * with 400 and the field's pointer before any arithmetic can overflow. The walk covers unions,
 * arrays, tuples and records (patternProperties); a $ref it cannot follow is a failure too, so a
 * recursive schema cannot hide unbounded fields.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { TOOLS } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';

type Schema = Record<string, unknown>;

interface NumericField {
  tool: string;
  pointer: string;
  lower: boolean;
  upper: boolean;
  /** Both bounds are finite numbers (a bound of Infinity or 1e308 would not protect the arithmetic). */
  finite: boolean;
}

/**
 * Numeric fields whose bound cannot be stated, by "tool pointer", each with the reason. Empty:
 * every numeric input so far has a bound, even free-form values written by address (±1e15).
 */
const ALLOWED_UNBOUNDED: Record<string, string> = {};

/** The largest bound that still keeps a product of two inputs finite (1e150² < 1.8e308). */
const LARGEST_SAFE_BOUND = 1e150;

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every number/integer schema under `schema`, with its JSON pointer in the tool's input schema. */
function numericFields(tool: string, schema: unknown, pointer = '', out: NumericField[] = [], refs: string[] = []): { fields: NumericField[]; refs: string[] } {
  if (schema === null || typeof schema !== 'object') return { fields: out, refs };
  const s = schema as Schema;
  if (typeof s.$ref === 'string') refs.push(`${tool} ${pointer}`);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('number') || types.includes('integer')) {
    const lo = (s.minimum ?? s.exclusiveMinimum) as unknown;
    const hi = (s.maximum ?? s.exclusiveMaximum) as unknown;
    const finiteBound = (b: unknown) => typeof b === 'number' && Math.abs(b) <= LARGEST_SAFE_BOUND;
    out.push({ tool, pointer: pointer || '/', lower: lo !== undefined, upper: hi !== undefined, finite: finiteBound(lo) && finiteBound(hi) });
  }
  const sub = (child: unknown, path: string) => numericFields(tool, child, `${pointer}/${path}`, out, refs);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = s[key];
    if (Array.isArray(list)) list.forEach((c, i) => sub(c, `${key}/${i}`));
  }
  for (const key of ['not', 'if', 'then', 'else', 'contains', 'additionalProperties', 'additionalItems', 'propertyNames'] as const) {
    if (s[key] !== undefined && typeof s[key] === 'object') sub(s[key], key);
  }
  if (Array.isArray(s.items)) s.items.forEach((c, i) => sub(c, `items/${i}`));
  else if (s.items !== undefined) sub(s.items, 'items');
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const) {
    const map = s[key];
    if (map !== null && typeof map === 'object') for (const [k, v] of Object.entries(map as Schema)) sub(v, `${key}/${escape(k)}`);
  }
  return { fields: out, refs };
}

const all = TOOLS.flatMap((tool) => numericFields(tool.name, tool.input).fields);
const refs = TOOLS.flatMap((tool) => numericFields(tool.name, tool.input).refs);

t.test('the walker reaches numbers inside unions, tuples, arrays and records', (t) => {
  const probe = {
    type: 'object',
    properties: {
      a: { anyOf: [{ type: 'number' }, { type: 'array', items: [{ type: 'number', minimum: 0, maximum: 1 }, { type: 'string' }] }] },
      b: { type: 'object', patternProperties: { '^(.*)$': { type: 'integer', minimum: 0 } } },
      'c/d': { type: 'array', items: { type: 'object', properties: { v: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1e300 } } } },
    },
  };
  const { fields } = numericFields('probe', probe);
  t.same(
    fields.map((f) => [f.pointer, f.lower, f.upper, f.finite]),
    [
      ['/properties/a/anyOf/0', false, false, false],
      ['/properties/a/anyOf/1/items/0', true, true, true],
      ['/properties/b/patternProperties/^(.*)$', true, false, false],
      ['/properties/c~1d/items/properties/v', true, true, false],
    ],
  );
  t.same(numericFields('probe', { properties: { x: { $ref: '#/x' } } }).refs, ['probe /properties/x']);
  t.end();
});

t.test('every numeric input field of every registered tool has a lower and an upper bound', (t) => {
  // The count guards against a walker that silently finds nothing (1 247 fields when written).
  t.ok(all.length > 1000, `${all.length} numeric input fields in ${TOOLS.length} tools`);
  const unbounded = all.filter((f) => !(f.lower && f.upper) && !(`${f.tool} ${f.pointer}` in ALLOWED_UNBOUNDED));
  t.same(
    unbounded.map((f) => `${f.tool} ${f.pointer}${f.lower ? ' (no upper bound)' : f.upper ? ' (no lower bound)' : ''}`),
    [],
    'numeric fields without both bounds (use src/tools/contract/bounded.ts)',
  );
  const infinite = all.filter((f) => f.lower && f.upper && !f.finite);
  t.same(
    infinite.map((f) => `${f.tool} ${f.pointer}`),
    [],
    `bounds are numbers within ±${LARGEST_SAFE_BOUND}`,
  );
  t.same(refs, [], 'no $ref the walk cannot follow');
  for (const key of Object.keys(ALLOWED_UNBOUNDED)) t.ok(all.some((f) => `${f.tool} ${f.pointer}` === key), `allow-list entry ${key} still exists`);
  t.end();
});

// A finite-but-absurd number in each kind of place (bare, {value, unit}, tuple, record, array,
// nested process definition) is a 400 naming the field, not a 500 or a silent Infinity.
const FEED = { methane: 0.9, ethane: 0.1 };
const CASES: { tool: string; input: Record<string, unknown>; field: RegExp }[] = [
  { tool: 'runFlash', input: { components: FEED, temperature: 1e300, pressure: 10 }, field: /temperature/ },
  { tool: 'runFlash', input: { components: FEED, temperature: 300, pressure: { value: -1e300, unit: 'bara' } }, field: /pressure/ },
  { tool: 'runFlash', input: { components: { methane: 1e300, ethane: 1 }, temperature: 300, pressure: 10 }, field: /components/ },
  { tool: 'runFlash', input: { components: { methane: -0.5, ethane: 1 }, temperature: 300, pressure: 10 }, field: /components/ },
  {
    tool: 'runProcess',
    input: { fluid: { components: FEED, temperature: 300, pressure: 50 }, process: [{ type: 'Stream', name: 'feed', flowRate: [1e300, 'kg/hr'] }] },
    field: /flowRate/,
  },
  { tool: 'setSimulationVariable', input: { processJson: AUTOMATION_PROCESS, address: 'feed.flowRate', value: 1e200, unit: 'kg/hr' }, field: /value/ },
  { tool: 'generateVisualization', input: { type: 'lineChart', xValues: [0, 1e200], yValues: [1, 2] }, field: /xValues/ },
  { tool: 'runPipeline', input: { components: FEED, temperature_C: 20, pressure_bara: 50, flowRate: { value: 1e300, unit: 'kg/hr' } }, field: /flowRate/ },
];

for (const c of CASES) {
  t.test(`${c.tool}: an absurd number is a 400 naming the field`, async (t) => {
    const env = (await runTool(c.tool, structuredClone(c.input), { subject: 'schema-bounds-test' })) as Envelope;
    t.equal(env.status, 'error', JSON.stringify(env.errors ?? env.status).slice(0, 300));
    t.equal(httpStatusFor(env), 400);
    t.ok(
      env.errors?.some((e) => c.field.test(e.field ?? '')),
      `an error names ${c.field} (got ${JSON.stringify(env.errors?.map((e) => [e.code, e.field]))})`,
    );
  });
}
