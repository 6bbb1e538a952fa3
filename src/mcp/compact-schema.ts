/**
 * The compact input schema MCP tools/list advertises. The full TypeBox schemas (≈ 400 KB for all
 * tools) would fill a good part of an agent's context before its first call, so the listed copy
 * keeps what an agent needs to call correctly (every property, type, enum, bound, required list,
 * additionalProperties) and leaves the prose to getSchema / neqsim://schemas/{tool}/input:
 *   - descriptions are kept only on the top-level properties, cut to their first sentence;
 *     titles, examples, defaults and comments go (the full schema documents them);
 *   - anyOf of string constants becomes one enum; a one-branch anyOf becomes its branch;
 *   - a record (patternProperties "^(.*)$") becomes additionalProperties, which means the same;
 *   - size guards (maxLength, maxItems, maxProperties, bounds of a million and more) and nested
 *     additionalProperties: false go; the root keeps it, and the service's 400 names any stray key;
 *   - another tool's input (or big top-level property) embedded here points to that tool instead;
 *   - sub-schemas repeated within one tool go to $defs once and are referenced ($ref).
 * Validation never uses this copy: dispatch validates against the full schema.
 */
import type { JsonSchema } from '../tools/contract/catalog/schemas.js';

/** Keys that only annotate a schema (JSON Schema 2020-12 meta-data vocabulary and friends). */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', '$comment', '$id', '$schema', 'markdownDescription']);
/** Keys whose value is a map of property name -> schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keys whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'additionalItems', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems']);
const ANY_KEY = '^(.*)$';
/** Size guards against abusive input: the full schema and the 400 error state them; agents never come near. */
const SIZE_GUARDS = new Set(['maxLength', 'maxItems', 'maxProperties']);
/** Bounds this large are sanity guards (the input guard's range), not engineering limits. */
const BOUNDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const GUARD_BOUND = 1e6;
/** Top-level property descriptions are cut to this many characters (first sentence, at most)… */
const PROPERTY_DESCRIPTION_MAX = 80;
/** …and stop when a tool's add up to this many: required properties first, then in declared order. */
const PROPERTY_DESCRIPTIONS_BUDGET = 220;
/** Another tool's whole input embedded in this one is replaced by a pointer when at least this big. */
const SHARED_MIN_BYTES = 500;
/** A repeated sub-schema goes to $defs only when that saves at least this many bytes. */
const MIN_SAVING = 60;

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** First sentence of a text, at most `max` characters (cut at a word, with an ellipsis). */
export function firstSentence(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // A sentence ends at ". " before a capital, a quote or a bracket; "e.g. " and the like do not end one.
  const m = /^(.+?(?<!\b(?:e\.g|i\.e|cf|vs|etc|approx))[.!?])\s+(?=[A-Z"({[])/.exec(flat);
  const sentence = m ? m[1] : flat;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(–-]+$/, '')}…`;
}

/** Enum values of a branch that only says "one of these constants" (with an optional type). */
function constants(branch: unknown): { type?: unknown; values: unknown[] } | undefined {
  if (!isObject(branch)) return undefined;
  const keys = Object.keys(branch).filter((k) => k !== 'type');
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'const') return { type: branch.type, values: [branch.const] };
  if (keys[0] === 'enum' && Array.isArray(branch.enum)) return { type: branch.type, values: branch.enum };
  return undefined;
}

function simplifyUnion(node: JsonSchema): JsonSchema {
  const branches = node.anyOf as unknown[];
  if (branches.length === 1 && isObject(branches[0]) && Object.keys(node).length === 1) return branches[0];
  const parts = branches.map(constants);
  if (parts.every((p) => p !== undefined)) {
    const types = new Set(parts.map((p) => p!.type));
    if (types.size === 1) {
      const { anyOf: _, ...rest } = node;
      const type = parts[0]!.type;
      return { ...rest, ...(type !== undefined ? { type } : {}), enum: parts.flatMap((p) => p!.values) };
    }
  }
  return node;
}

/** Strips annotations and rewrites the verbose TypeBox forms, bottom up. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => simplify(n));
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || SIZE_GUARDS.has(key)) continue;
    // Nested objects: unknown keys are refused by the service with a fix; the listing stays lean.
    if (key === 'additionalProperties' && value === false) continue;
    if (BOUNDS.has(key) && typeof value === 'number' && Math.abs(value) >= GUARD_BOUND) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: JsonSchema = {};
      for (const [name, sub] of Object.entries(value)) map[name] = simplify(sub);
      out[key] = map;
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = simplify(value);
    } else {
      out[key] = value;
    }
  }
  let result = out;
  if (Array.isArray(result.anyOf)) result = simplifyUnion(result);
  const pattern = result.patternProperties;
  if (isObject(pattern) && Object.keys(pattern).length === 1 && ANY_KEY in pattern && result.additionalProperties === undefined) {
    // A record: every key matches ^(.*)$, so additionalProperties validates exactly the same values.
    const { patternProperties: _, ...rest } = result;
    const value = pattern[ANY_KEY];
    result = isObject(value) && Object.keys(value).length === 0 ? rest : { ...rest, additionalProperties: value };
  }
  return result;
}

/**
 * One-sentence descriptions on the top-level properties, the required ones first, within a budget
 * per tool: they tell an agent which field is which; tools with forty options get the first few.
 */
function describeTopLevel(full: JsonSchema, simple: JsonSchema): JsonSchema {
  const props = full.properties;
  const listed = simple.properties;
  if (!isObject(props) || !isObject(listed)) return simple;
  const required = new Set(Array.isArray(full.required) ? (full.required as string[]) : []);
  const order = [...Object.keys(props).filter((k) => required.has(k)), ...Object.keys(props).filter((k) => !required.has(k))];
  let left = PROPERTY_DESCRIPTIONS_BUDGET;
  const described: JsonSchema = { ...listed };
  for (const name of order) {
    const sub = props[name];
    if (!isObject(sub) || typeof sub.description !== 'string' || !isObject(listed[name])) continue;
    const text = firstSentence(sub.description, PROPERTY_DESCRIPTION_MAX);
    if (text.length > left) break;
    left -= text.length;
    described[name] = { description: text, ...(listed[name] as JsonSchema) };
  }
  return { ...simple, properties: described };
}

interface Occurrence {
  text: string;
  count: number;
  /** Property name near the first occurrence, for a readable $defs name. */
  hint: string;
}

/** Counts every object sub-schema below the root (the root itself cannot be a $ref). */
function countSubschemas(node: unknown, hint: string, isRoot: boolean, seen: Map<string, Occurrence>): void {
  if (Array.isArray(node)) {
    for (const n of node) countSubschemas(n, hint, false, seen);
    return;
  }
  if (!isObject(node)) return;
  if (!isRoot && !('$ref' in node && Object.keys(node).length === 1)) {
    const text = JSON.stringify(node);
    const o = seen.get(text);
    if (o) o.count += 1;
    else seen.set(text, { text, count: 1, hint });
  }
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) countSubschemas(sub, key === '$defs' ? hint : name, false, seen);
    } else if (SCHEMA_VALUES.has(key)) {
      countSubschemas(value, key === 'items' ? `${hint}Item` : hint, false, seen);
    }
  }
}

function replaceSubschema(node: unknown, text: string, ref: JsonSchema, isRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => replaceSubschema(n, text, ref, false));
  if (!isObject(node)) return node;
  if (!isRoot && JSON.stringify(node) === text) return ref;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: JsonSchema = {};
      for (const [name, sub] of Object.entries(value)) map[name] = replaceSubschema(sub, text, ref, false);
      out[key] = map;
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = replaceSubschema(value, text, ref, false);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function defName(o: Occurrence, taken: JsonSchema): string {
  // The value/unit form accepted for every physical quantity is the most repeated sub-schema.
  const parsed = JSON.parse(o.text) as JsonSchema;
  const isQuantity = Array.isArray(parsed.anyOf) && parsed.anyOf.some((b) => isObject(b) && JSON.stringify(b.required) === '["value"]');
  const isValueUnit = isObject(parsed.properties) && 'value' in parsed.properties && 'unit' in parsed.properties;
  const base = isQuantity ? 'quantity' : isValueUnit ? 'valueWithUnit' : o.hint.replace(/[^A-Za-z0-9_]/g, '') || 'def';
  let name = base;
  for (let i = 2; name in taken; i++) name = `${base}${i}`;
  return name;
}

/** Moves repeated sub-schemas to $defs, the one saving most first, until nothing worth it repeats. */
function dedupe(schema: JsonSchema): JsonSchema {
  let current = schema;
  const defs: JsonSchema = {};
  for (;;) {
    const seen = new Map<string, Occurrence>();
    countSubschemas(current, 'root', true, seen);
    for (const def of Object.values(defs)) countSubschemas(def, 'def', true, seen);
    let best: { o: Occurrence; saving: number } | undefined;
    for (const o of seen.values()) {
      if (o.count < 2) continue;
      // Each use becomes {"$ref":"#/$defs/<name>"} (≈ 25 bytes); the body is written once in $defs.
      const saving = (o.count - 1) * o.text.length - o.count * (20 + o.hint.length) - o.hint.length;
      if (saving >= MIN_SAVING && (!best || saving > best.saving)) best = { o, saving };
    }
    if (!best) break;
    const name = defName(best.o, defs);
    const ref = { $ref: `#/$defs/${name}` };
    current = replaceSubschema(current, best.o.text, ref, true) as JsonSchema;
    for (const [k, def] of Object.entries(defs)) defs[k] = replaceSubschema(def, best.o.text, ref, true);
    defs[name] = JSON.parse(best.o.text) as JsonSchema;
  }
  return Object.keys(defs).length > 0 ? { ...current, $defs: defs } : current;
}

/**
 * Sub-schemas that another tool's listed schema already spells out, by simplified text: a tool's
 * whole input (runProcess's process definition is embedded in seventeen tools as processJson) or
 * a big top-level property (runBarrierRegister's register). Elsewhere the copy becomes
 * {type: object} with a pointer to where the same list spells it out.
 */
export type SharedInputs = Map<string, { tool: string; property?: string }>;

export function sharedInputs(tools: readonly { name: string; input: JsonSchema }[]): SharedInputs {
  const shared: SharedInputs = new Map();
  const offer = (schema: unknown, owner: { tool: string; property?: string }): void => {
    const text = JSON.stringify(simplify(schema));
    if (text.length >= SHARED_MIN_BYTES && !shared.has(text)) shared.set(text, owner);
  };
  for (const t of tools) offer(t.input, { tool: t.name });
  for (const t of tools) {
    const props = t.input.properties;
    if (isObject(props)) for (const [property, sub] of Object.entries(props)) offer(sub, { tool: t.name, property });
  }
  return shared;
}

function pointToShared(node: unknown, shared: SharedInputs, self: string, isRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => pointToShared(n, shared, self, false));
  if (!isObject(node)) return node;
  if (!isRoot) {
    const { description, ...body } = node;
    const owner = shared.get(JSON.stringify(body));
    if (owner !== undefined && owner.tool !== self) {
      const note = owner.property === undefined
        ? `Takes the ${owner.tool} input: see ${owner.tool}'s inputSchema.`
        : `Same as "${owner.property}" in ${owner.tool}'s inputSchema.`;
      return { type: 'object', description: typeof description === 'string' ? `${description} ${note}` : note };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pointToShared(v, shared, self, false)]));
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = pointToShared(value, shared, self, false);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The listed (compact) form of a full input JSON Schema; see the module comment. */
export function compactInputSchema(full: JsonSchema, shared: SharedInputs = new Map(), self = ''): JsonSchema {
  const listed = simplify(full) as JsonSchema;
  // The root keeps additionalProperties: false (unknown top-level keys are the common mistake).
  if (full.additionalProperties === false) listed.additionalProperties = false;
  const simple = pointToShared(describeTopLevel(full, listed), shared, self, true) as JsonSchema;
  // A schema with its own $defs (none today) may use $refs whose targets dedupe would not know: keep it as is.
  return '$defs' in simple ? simple : dedupe(simple);
}
