/**
 * Accepts common spellings of enumerated values before schema validation: where the schema at a
 * field allows a fixed set of strings and the caller sent a variant that stands for exactly one of
 * them ("ISO 6976", "iso-6976" → "ISO6976"; "tp", "PT" → "TP"), the value is replaced and the
 * replacement reported back as an INPUT_NORMALIZED warning. Ambiguous variants are left alone (the
 * schema error then lists the allowed values). The caller's object is never modified: changed
 * branches are copied.
 */
import { allowedValues } from '.././contract/schema-errors.js';
import { canonicalSpelling } from '.././contract/spelling.js';

type Schema = Record<string, unknown>;

export interface Normalization {
  field: string;
  from: string;
  to: string;
}

/** Deeper than any schema we define; the input itself was depth-checked before this runs. */
const MAX_DEPTH = 64;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Per-schema answers, memoised: schemas are static objects and this runs on every call, so the
 * allowed values of an enum field and the object/array branch of a union are worked out once.
 */
const allowedMemo = new WeakMap<object, readonly (string | number | boolean)[] | null>();
const branchMemo = new WeakMap<object, { object: Schema | undefined; array: Schema | undefined }>();

function allowedAt(schema: Schema): readonly (string | number | boolean)[] | undefined {
  let a = allowedMemo.get(schema);
  if (a === undefined) {
    a = allowedValues(schema) ?? null;
    allowedMemo.set(schema, a);
  }
  return a ?? undefined;
}

const restMemo = new WeakMap<object, Schema | null>();

/** The schema of an object's keys not among its properties (pattern or additional properties), if any. */
function restOf(schema: Schema): Schema | undefined {
  let r = restMemo.get(schema);
  if (r === undefined) {
    const patterns = schema.patternProperties as Record<string, Schema> | undefined;
    r = (patterns !== undefined ? Object.values(patterns)[0] : isPlainObject(schema.additionalProperties) ? (schema.additionalProperties as Schema) : undefined) ?? null;
    restMemo.set(schema, r);
  }
  return r ?? undefined;
}

/** The one branch of a union that takes an object (or an array), if exactly one does. */
function branchFor(schema: Schema, value: unknown): Schema | undefined {
  let b = branchMemo.get(schema);
  if (b === undefined) {
    const only = (type: string) => {
      const branches = (schema.anyOf as Schema[]).filter((x) => x.type === type);
      return branches.length === 1 ? branches[0] : undefined;
    };
    b = { object: only('object'), array: only('array') };
    branchMemo.set(schema, b);
  }
  return Array.isArray(value) ? b.array : b.object;
}

function walk(schema: Schema | undefined, value: unknown, path: string, out: Normalization[], depth: number): unknown {
  if (schema === undefined || depth > MAX_DEPTH) return value;
  if (typeof value === 'string') {
    const allowed = allowedAt(schema);
    if (allowed === undefined || allowed.includes(value)) return value;
    const strings = allowed.filter((a): a is string => typeof a === 'string');
    const to = canonicalSpelling(value, strings);
    if (to === undefined) return value;
    out.push({ field: path || '/', from: value, to });
    return to;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(schema.anyOf)) return walk(branchFor(schema, value), value, path, out, depth + 1);
  if (Array.isArray(value)) {
    const items = schema.items;
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const itemSchema = (Array.isArray(items) ? items[i] : items) as Schema | undefined;
      if (itemSchema === undefined) continue;
      const next = walk(itemSchema, value[i], `${path}/${i}`, out, depth + 1);
      if (next !== value[i]) (copy ??= [...value])[i] = next;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value) || schema.type !== 'object') return value;
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const rest = restOf(schema);
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const sub = Object.hasOwn(props, key) ? props[key] : rest;
    const v = value[key];
    // Numbers, booleans and null have no spellings to accept: no call, no pointer for them.
    if (sub === undefined || (typeof v !== 'string' && (v === null || typeof v !== 'object'))) continue;
    const next = walk(sub, v, `${path}/${key}`, out, depth + 1);
    // defineProperty: a "__proto__" key stays an own data property instead of setting the prototype.
    if (next !== value[key]) Object.defineProperty((copy ??= { ...value }), key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}

/** The input with variant spellings of enumerated values replaced, and what was replaced. */
export function normalizeEnumSpellings(schema: unknown, value: unknown): { value: unknown; changes: Normalization[] } {
  const changes: Normalization[] = [];
  const next = walk(schema as Schema, value, '', changes, 0);
  return { value: next, changes };
}
