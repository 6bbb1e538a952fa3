/**
 * Runs one tool call end to end on the current thread (main thread for inline tools, a worker
 * thread for pool tools): courtesy JSON parsing, schema validation, run, auto-validation.
 * Never throws: every failure becomes an error envelope.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { failure, httpStatusFor, issue, warning, type DiagnosticIssue, type Envelope } from './envelope.js';
import { autoValidate } from './governance/auto-validation.js';
import { activeValidationLimits } from './governance/validation-rules.js';
import { checkInputLimits, inputLimits, jsonTextDepth, parseJsonBounded } from './input-guard.js';
import { normalizeEnumSpellings } from './normalize-input.js';
import { schemaIssues } from './schema-errors.js';
import type { AnyTool, ToolContext } from './types.js';

/** Validation messages beyond this many are summarised; a fuzzed body can produce thousands. */
const MAX_REPORTED_ERRORS = 10;

const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerFor(schema: TSchema): TypeCheck<TSchema> {
  let c = checkers.get(schema);
  if (c === undefined) {
    c = TypeCompiler.Compile(schema);
    checkers.set(schema, c);
  }
  return c;
}

/** Logs unexpected exceptions; replaced by the host (Fastify's logger) when there is one. */
let internalErrorLogger: (tool: string, err: unknown) => void = (tool, err) => {
  console.error(`[neqsim-ts] internal error in ${tool}:`, err);
};
export function setInternalErrorLogger(fn: (tool: string, err: unknown) => void): void {
  internalErrorLogger = fn;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function parseJsonText(tool: string, text: string, field?: string): { ok: true; value: unknown } | { ok: false; env: Envelope } {
  // Depth first, in a loop: JSON.parse and everything after it recurse over what it builds.
  const { maxDepth } = inputLimits();
  if (jsonTextDepth(text, maxDepth) > maxDepth) {
    const deep = parseJsonBounded(text, field);
    if (!deep.ok) return { ok: false, env: failure(tool, 'input', [deep.issue]) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const where = field === undefined ? 'The request body' : `Field "${field}"`;
    return {
      ok: false,
      env: failure(tool, 'input', [
        issue(
          'JSON_PARSE_ERROR',
          `${where} is a string but not valid JSON: ${(err as Error).message}`,
          'Send the input as a JSON object (or as a string holding valid JSON).',
          field,
        ),
      ]),
    };
  }
}

function expectsStructured(schema: TSchema | undefined): boolean {
  if (schema === undefined) return false;
  const t = (schema as { type?: unknown }).type;
  return t === 'object' || t === 'array';
}

/**
 * NeqSim's MCP layer takes JSON-encoded strings (runFlash(flashJson)); agents written for it send
 * them that way. As a courtesy we accept: a body that is a JSON string; a body whose one field is
 * not in the schema and holds a JSON object string (the original's wrapper parameter); and an
 * object/array field sent as a JSON string.
 */
export function courtesyParse(tool: AnyTool, raw: unknown): { ok: true; value: unknown } | { ok: false; env: Envelope } {
  let value = raw;
  if (typeof value === 'string') {
    const parsed = parseJsonText(tool.name, value);
    if (!parsed.ok) return parsed;
    value = parsed.value;
  }
  if (!isPlainObject(value)) return { ok: true, value };
  const properties = (tool.input as { properties?: Record<string, TSchema> }).properties ?? {};
  const keys = Object.keys(value);
  if (keys.length === 1 && !(keys[0] in properties)) {
    const only = value[keys[0]];
    if (typeof only === 'string' && only.trimStart().startsWith('{')) {
      const parsed = parseJsonText(tool.name, only, `/${keys[0]}`);
      if (!parsed.ok) return parsed;
      if (isPlainObject(parsed.value)) return { ok: true, value: parsed.value };
    }
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const v = value[key];
    if (typeof v === 'string' && expectsStructured(properties[key])) {
      const parsed = parseJsonText(tool.name, v, `/${key}`);
      if (!parsed.ok) return parsed;
      copy ??= { ...value };
      copy[key] = parsed.value;
    }
  }
  return { ok: true, value: copy ?? value };
}

/** Schema errors: one per problem, at the field, naming what is allowed there (schema-errors.ts). */
export function validateInput(tool: AnyTool, value: unknown): DiagnosticIssue[] {
  const checker = checkerFor(tool.input);
  if (checker.Check(value)) return [];
  return schemaIssues(checker.Errors(value), MAX_REPORTED_ERRORS);
}

/** INTERNAL_ERROR envelope for an unexpected exception (logged, message and stack withheld). */
export function internalError(tool: string, err: unknown): Envelope {
  internalErrorLogger(tool, err);
  return failure(
    tool,
    'internal',
    [issue('INTERNAL_ERROR', 'The tool failed unexpectedly; this is a bug in neqsim-ts and has been logged.', 'Retry; if it persists report the input that caused it.')],
    'runner',
  );
}

export async function executeTool(tool: AnyTool, rawInput: unknown, ctx: ToolContext): Promise<Envelope> {
  const started = performance.now();
  const parsed = courtesyParse(tool, rawInput);
  if (!parsed.ok) return parsed.env;
  // The dispatcher checked the raw input; JSON strings the courtesy parse opened are checked here.
  if (parsed.value !== rawInput) {
    const limit = checkInputLimits(parsed.value);
    if (limit !== undefined) return failure(tool.name, limit.kind === 'size' ? 'too_large' : 'input', [limit.issue], 'schema');
  }
  const normalized = normalizeEnumSpellings(tool.input, parsed.value);
  const problems = validateInput(tool, normalized.value);
  if (problems.length > 0) return failure(tool.name, 'input', problems, 'schema');

  let env: Envelope;
  try {
    // Most tools answer synchronously: no await (and its turn of the microtask queue) for them.
    const ran = tool.run(normalized.value, ctx) as Envelope | Promise<Envelope>;
    env = ran instanceof Promise ? await ran : ran;
  } catch (err) {
    return internalError(tool.name, err);
  }
  if (env === null || typeof env !== 'object' || typeof env.status !== 'string') {
    return internalError(tool.name, new Error(`${tool.name}.run returned ${typeof env} instead of an envelope`));
  }
  if (normalized.changes.length > 0 && Array.isArray(env.warnings)) {
    for (const c of normalized.changes) env.warnings.push(warning('INPUT_NORMALIZED', `${c.field}: read "${c.from}" as "${c.to}"`));
  }
  if (env.provenance !== undefined && !(env.provenance.computationTimeMs > 0)) {
    env.provenance.computationTimeMs = performance.now() - started;
  }
  if (env.status === 'success' && tool.autoValidation !== undefined) {
    try {
      env.autoValidation = autoValidate(tool.autoValidation, env, ctx.validationLimits ?? activeValidationLimits());
    } catch (err) {
      return internalError(tool.name, err);
    }
  }
  return env;
}

/** Logged when an envelope holds NaN/Infinity (never sent as null). */
export class NonFiniteNumberError extends Error {
  constructor(readonly path: string) {
    super(`non-finite number at ${path}`);
    this.name = 'NonFiniteNumberError';
  }
}

/**
 * JSON text of an envelope. JSON.stringify would silently turn NaN into null; a non-finite number
 * in a result means the inputs led outside where a quantity is defined, so the envelope is
 * replaced by a 422 NON_FINITE_RESULT naming the quantity and its path.
 */
export function serializeEnvelope(env: Envelope): string {
  return serializeWithStatus(env).body;
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** JSON text of a value met as the property `key` of an object, or undefined when the property is left out. */
function propertyText(v: unknown, key: string): string | undefined {
  if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON !== 'function') return JSON.stringify(v);
  // toJSON gets the property name, as JSON.stringify gives it.
  const wrapped = JSON.stringify({ [key]: v });
  return wrapped.length > 2 ? wrapped.slice(JSON.stringify(key).length + 2, -1) : undefined;
}

/** The property texts of a record (each key once: they are own keys), `{…}` around them. */
type Texts = Map<string, { value: unknown; text: string }>;

/** JSON.stringify of a plain object, one property at a time: a property whose value is `reuse`'s for that key takes its text; `record` keeps the texts made. */
function objectText(o: Record<string, unknown>, reuse: Texts | undefined, record: Texts | undefined): string {
  let text = '{';
  for (const k of Object.keys(o)) {
    const v = o[k];
    const known = reuse?.get(k);
    const t = known !== undefined && known.value === v ? known.text : propertyText(v, k);
    if (t === undefined) continue;
    record?.set(k, { value: v, text: t });
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(k)}:${t}`;
  }
  return `${text}}`;
}

/**
 * JSON.stringify(env), byte for byte, with each of data's fields serialized once when the envelope
 * repeats it at the top level under the same name (runFlash's legacy `flash` and `fluid` are
 * data's own objects): number formatting is most of the cost of serializing a flash, and the
 * copies doubled it.
 */
export function stringifyEnvelope(env: Envelope): string {
  const top = env as unknown as Record<string, unknown>;
  const data = top.data;
  if (!isPlainRecord(top) || !isPlainRecord(data) || typeof top.toJSON === 'function' || typeof data.toJSON === 'function') return JSON.stringify(env);
  let repeats = false;
  for (const k of Object.keys(top)) {
    const v = top[k];
    if (k !== 'data' && v !== null && typeof v === 'object' && Object.hasOwn(data, k) && data[k] === v) repeats = true;
  }
  if (!repeats) return JSON.stringify(env);
  const texts: Texts = new Map();
  const dataText = objectText(data, undefined, texts);
  // data's own key `data`, if it has one, is not the envelope's data.
  texts.set('data', { value: data, text: dataText });
  return objectText(top, texts, undefined);
}

/** The serialized envelope and the HTTP status of what was actually serialized. */
export function serializeWithStatus(env: Envelope): { status: number; body: string } {
  const text = stringifyEnvelope(env);
  // Fast path: NaN/Infinity serialise as null, so text without "null" cannot hide one.
  if (typeof text === 'string' && !text.includes('null')) return { status: httpStatusFor(env), body: text };
  const bad = firstNonFinite(env);
  if (typeof text === 'string' && bad === undefined) return { status: httpStatusFor(env), body: text };
  const tool = typeof env.tool === 'string' ? env.tool : 'unknown';
  const path = bad?.path ?? '(envelope)';
  internalErrorLogger(tool, new NonFiniteNumberError(path));
  const segments = path.split('/').filter((p) => p !== '' && !/^[0-9]+$/.test(p));
  const quantity = segments[segments.length - 1] ?? 'a result';
  const replacement = failure(
    tool,
    'compute',
    [
      issue(
        'NON_FINITE_RESULT',
        `The calculation gave ${bad === undefined ? 'a non-finite value' : String(bad.value)} for ${quantity} (at ${path}): the inputs lead outside the range where it is defined`,
        'Check the inputs for vanishing or extreme values (a zero or near-zero flow, size or difference; numbers near 1e308) and send realistic magnitudes.',
        path,
      ),
    ],
    'runner',
  );
  return { status: httpStatusFor(replacement), body: JSON.stringify(replacement) };
}

/** Whether any number in a JSON-like value is NaN or ±Infinity (no paths: the cheap question). */
export function containsNonFinite(node: unknown, depth = 0): boolean {
  if (typeof node === 'number') return !Number.isFinite(node);
  if (node === null || typeof node !== 'object' || depth > 64) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if (containsNonFinite(node[i], depth + 1)) return true;
    return false;
  }
  const o = node as Record<string, unknown>;
  for (const k in o) if (containsNonFinite(o[k], depth + 1)) return true;
  return false;
}

/**
 * containsNonFinite of a whole envelope, walking a top-level field once when it is the same
 * object as data's field of that name (the legacy top-level copies, e.g. runFlash's flash and
 * fluid, share data's objects: they were checked under data).
 */
export function envelopeContainsNonFinite(env: Envelope): boolean {
  const data = env.data as Record<string, unknown> | undefined;
  const shared = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : undefined;
  const top = env as unknown as Record<string, unknown>;
  for (const k in top) {
    const v = top[k];
    if (shared !== undefined && k !== 'data' && v !== null && typeof v === 'object' && Object.hasOwn(shared, k) && shared[k] === v) continue;
    if (containsNonFinite(v, 1)) return true;
  }
  return false;
}

/** JSON pointer and value of the first non-finite number, depth-first in key order, without recursion. */
export function firstNonFinite(root: unknown): { path: string; value: number } | undefined {
  const stack: { v: unknown; path: string }[] = [{ v: root, path: '' }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: path || '/', value: v };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // (toJSON objects such as Date serialise to strings: nothing numeric to find inside.)
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], path: `${path}/${entries[i]![0]}` });
  }
  return undefined;
}
