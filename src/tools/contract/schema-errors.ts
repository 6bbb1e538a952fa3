/**
 * Schema validation errors in words a caller can act on: one error per problem, at the field,
 * saying what is allowed there (read from the TypeBox schema at the failing path) and, for a
 * misspelt name, what was probably meant. TypeBox reports a failed union as "Expected union
 * value" plus one error list per branch, and a missing required field twice; both are folded here.
 */
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { issue, type DiagnosticIssue } from '.././contract/envelope.js';
import { didYouMean, didYouMeanText } from '.././contract/spelling.js';

type Schema = Record<string, unknown>;

/** Literal values listed in full up to this many; beyond it the list is cut with a count. */
const MAX_LISTED = 30;
/** Schema nesting followed when describing one (schemas are static, but may be recursive via $ref). */
const MAX_SCHEMA_DEPTH = 12;

/** Every allowed value when the schema is a literal, an enum or a union of those; else undefined. */
export function allowedValues(schema: unknown, depth = 0): (string | number | boolean)[] | undefined {
  const s = schema as Schema | undefined;
  if (s === undefined || s === null || depth > MAX_SCHEMA_DEPTH) return undefined;
  if (s.const !== undefined && s.const !== null && typeof s.const !== 'object') return [s.const as string];
  if (Array.isArray(s.enum)) return s.enum.filter((x) => x !== null && typeof x !== 'object') as string[];
  if (Array.isArray(s.anyOf)) {
    const out: (string | number | boolean)[] = [];
    for (const b of s.anyOf) {
      const v = allowedValues(b, depth + 1);
      if (v === undefined) return undefined;
      for (const x of v) if (!out.includes(x)) out.push(x);
    }
    return out;
  }
  return undefined;
}

function listValues(values: readonly (string | number | boolean)[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => JSON.stringify(v));
  return values.length > MAX_LISTED ? `${shown.join(', ')} … (${values.length} in all; getSchema lists them)` : shown.join(', ');
}

/** A bound as people write it: 1e10, not 10000000000 (the generous engineering bounds are powers of ten). */
function bound(n: number): string {
  return Math.abs(n) >= 1e6 ? n.toExponential().replace('e+', 'e') : String(n);
}

function numberBounds(s: Schema): string {
  const parts: string[] = [];
  if (typeof s.exclusiveMinimum === 'number') parts.push(`> ${bound(s.exclusiveMinimum)}`);
  if (typeof s.minimum === 'number') parts.push(`≥ ${bound(s.minimum)}`);
  if (typeof s.exclusiveMaximum === 'number') parts.push(`< ${bound(s.exclusiveMaximum)}`);
  if (typeof s.maximum === 'number') parts.push(`≤ ${bound(s.maximum)}`);
  return parts.length > 0 ? ` ${parts.join(' and ')}` : '';
}

/** What a schema accepts, in words: 'a number ≥ 0', 'one of "TP", "PH"', 'an object {value, unit}'. */
export function describeSchema(schema: unknown, depth = 0): string {
  const s = schema as Schema | undefined;
  if (s === undefined || s === null || depth > MAX_SCHEMA_DEPTH) return 'a valid value';
  const literals = allowedValues(s, depth);
  if (literals !== undefined) return literals.length === 1 ? JSON.stringify(literals[0]) : `one of ${listValues(literals)}`;
  if (Array.isArray(s.anyOf)) return s.anyOf.map((b) => describeSchema(b, depth + 1)).join(' or ');
  switch (s.type) {
    case 'number':
      return `a number${numberBounds(s)}`;
    case 'integer':
      return `a whole number${numberBounds(s)}`;
    case 'string':
      return typeof s.maxLength === 'number' ? `a string of at most ${s.maxLength} characters` : 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array':
      if (Array.isArray(s.items)) return `an array of ${s.items.length} items`;
      if (typeof s.minItems === 'number' && s.minItems > 0) return `an array of at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}${typeof s.maxItems === 'number' ? ` (at most ${s.maxItems})` : ''}`;
      return typeof s.maxItems === 'number' ? `an array of at most ${s.maxItems} items` : 'an array';
    case 'object': {
      const keys = Object.keys((s.properties as object | undefined) ?? {});
      if (keys.length === 0) return 'an object';
      return `an object {${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}}`;
    }
    default:
      return 'a valid value';
  }
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}

function jsonTypesOf(schema: unknown, depth = 0): Set<string> {
  const s = schema as Schema | undefined;
  const out = new Set<string>();
  if (s === undefined || s === null || depth > MAX_SCHEMA_DEPTH) return out;
  if (Array.isArray(s.anyOf)) {
    for (const b of s.anyOf) for (const t of jsonTypesOf(b, depth + 1)) out.add(t);
    return out;
  }
  if (s.type === 'integer') out.add('number');
  else if (typeof s.type === 'string') out.add(s.type);
  else if (s.const !== undefined) out.add(s.const === null ? 'null' : typeof s.const);
  return out;
}

function jsonTypeOfValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** "50 bara" for a {value, unit} quantity: the object the caller meant. */
function quantityHint(value: unknown, schema: Schema): string {
  if (typeof value !== 'string') return '';
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([^\d\s].*?)\s*$/.exec(value);
  if (m === null) return '';
  const objectBranch = (s: unknown): boolean => {
    const props = (s as Schema).properties as Record<string, unknown> | undefined;
    return props !== undefined && 'value' in props && 'unit' in props;
  };
  if (!Array.isArray(schema.anyOf) || !schema.anyOf.some(objectBranch)) return '';
  return ` For example {"value": ${Number(m[1])}, "unit": ${JSON.stringify(m[2])}}.`;
}

function fieldOf(e: ValueError): string {
  return e.path === '' ? '/' : e.path;
}

function unionIssue(e: ValueError, out: DiagnosticIssue[], budget: number, depth: number): void {
  const field = fieldOf(e);
  const schema = e.schema as Schema;
  const literals = allowedValues(schema);
  if (literals !== undefined) {
    const typed = typeof e.value === 'string' ? e.value : undefined;
    const near = typed !== undefined ? didYouMeanText(typed, literals.map(String)) : '';
    out.push(
      issue(
        'SCHEMA_VALIDATION',
        `Field "${field}": ${describeValue(e.value)} is not allowed; allowed: ${listValues(literals)}.${near}`,
        `Send one of ${listValues(literals)} at ${field}.`,
        field,
      ),
    );
    return;
  }
  // The branch of the caller's JSON type says more than "no branch matched" (an object with an
  // unknown field, a number out of range), when exactly one branch takes that type.
  const valueType = jsonTypeOfValue(e.value);
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]) : [];
  const sameType = branches.map((b, i) => ({ b, i })).filter(({ b }) => {
    const types = jsonTypesOf(b);
    return types.has(valueType) || (valueType === 'object' && types.has('object'));
  });
  if (sameType.length === 1 && depth < MAX_SCHEMA_DEPTH && Array.isArray(e.errors) && e.errors[sameType[0]!.i] !== undefined) {
    const before = out.length;
    collect(e.errors[sameType[0]!.i]!, out, budget, depth + 1);
    if (out.length > before) return;
  }
  out.push(
    issue(
      'SCHEMA_VALIDATION',
      `Field "${field}": Expected ${describeSchema(schema)}, got ${describeValue(e.value)}`,
      `Send ${describeSchema(schema)} at ${field}.${quantityHint(e.value, schema)}`,
      field,
    ),
  );
}

function toIssue(e: ValueError): DiagnosticIssue {
  const field = fieldOf(e);
  if (e.type === ValueErrorType.ObjectAdditionalProperties) {
    const allowed = Object.keys((e.schema as { properties?: object }).properties ?? {});
    const typed = field.slice(field.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
    const near = didYouMean(typed, allowed, 1);
    return issue(
      'SCHEMA_VALIDATION',
      `Unknown field "${field}"${near.length > 0 ? ` (did you mean "${near[0]}"?)` : ''}`,
      allowed.length > 0 ? `Remove it; allowed fields here: ${allowed.join(', ')}.` : 'Remove it; no fields are allowed here.',
      field,
    );
  }
  if (e.type === ValueErrorType.ObjectRequiredProperty) {
    return issue('SCHEMA_VALIDATION', `Missing required field "${field}"`, `Add ${describeSchema(e.schema)} at ${field}; getSchema lists the required fields.`, field);
  }
  return issue(
    'SCHEMA_VALIDATION',
    `Field "${field}": ${e.message}, got ${describeValue(e.value)}`,
    `Send ${describeSchema(e.schema)} at ${field}; getSchema gives the full input schema.`,
    field,
  );
}

/** Appends the issues of an error stream to `out` until it holds `budget`; returns how many errors there were. */
function collect(errors: Iterable<ValueError>, out: DiagnosticIssue[], budget: number, depth: number): number {
  const missing = new Set<string>();
  const seen = new Set<string>();
  let total = 0;
  for (const e of errors) {
    total++;
    const field = fieldOf(e);
    // A missing required field is also reported as "expected <type>, got nothing": one error is enough.
    if (e.type === ValueErrorType.ObjectRequiredProperty) missing.add(field);
    else if (missing.has(field) && e.value === undefined) continue;
    const key = `${field}|${e.type}`;
    if (seen.has(key) || out.length >= budget) continue;
    seen.add(key);
    // Required properties are yielded before the visit of the same field; a later visit error at a
    // missing field is dropped above, but one yielded first (ExtendsUndefined schemas) is replaced.
    if (e.type === ValueErrorType.ObjectRequiredProperty) {
      const dup = out.findIndex((x) => x.field === field);
      if (dup >= 0) out.splice(dup, 1);
    }
    if (e.type === ValueErrorType.Union) unionIssue(e, out, budget, depth);
    else out.push(toIssue(e));
  }
  return total;
}

/** Issues for a failed check, at most `max` of them plus a summary line when more were found. */
export function schemaIssues(errors: Iterable<ValueError>, max: number): DiagnosticIssue[] {
  const out: DiagnosticIssue[] = [];
  const total = collect(errors, out, max, 0);
  if (out.length === 0) out.push(issue('SCHEMA_VALIDATION', 'The input does not match the tool schema', 'Check the input against getSchema.', '/'));
  if (total > out.length && out.length >= max) out.push(issue('SCHEMA_VALIDATION', `…and ${total - out.length} more schema errors`, 'Fix the errors above first.'));
  return out;
}

