/**
 * Runs one tool call end to end on the current thread (main thread for inline tools, a worker
 * thread for pool tools): courtesy JSON parsing, schema validation, run, auto-validation.
 * Never throws: every failure becomes an error envelope.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { failure, httpStatusFor, issue, type DiagnosticIssue, type Envelope } from './envelope.js';
import { autoValidate } from './governance/auto-validation.js';
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

/** "what was expected" in words, from the failing sub-schema. */
function expected(e: ValueError): string {
  const s = e.schema as Record<string, unknown>;
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) {
    const lits = (s.anyOf as Record<string, unknown>[]).filter((b) => b.const !== undefined).map((b) => JSON.stringify(b.const));
    if (lits.length === (s.anyOf as unknown[]).length) return `one of ${lits.join(', ')}`;
  }
  return e.message.replace(/^Expected /, '');
}

function toIssue(e: ValueError): DiagnosticIssue {
  const field = e.path === '' ? '/' : e.path;
  if (e.type === ValueErrorType.ObjectAdditionalProperties) {
    const allowed = Object.keys((e.schema as { properties?: object }).properties ?? {});
    return issue(
      'SCHEMA_VALIDATION',
      `Unknown field "${field}"`,
      allowed.length > 0 ? `Remove it; allowed fields here: ${allowed.join(', ')}.` : 'Remove it; no fields are allowed here.',
      field,
    );
  }
  if (e.type === ValueErrorType.ObjectRequiredProperty) {
    return issue('SCHEMA_VALIDATION', `Missing required field "${field}"`, 'Add the field; getSchema lists the required fields.', field);
  }
  return issue(
    'SCHEMA_VALIDATION',
    `Field "${field}": ${e.message}, got ${describe(e.value)}`,
    `Send ${expected(e)} at ${field}; getSchema gives the full input schema.`,
    field,
  );
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : `"${v}"`;
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** Schema errors, most specific first (a union's branch errors say more than "Expected union value"). */
export function validateInput(tool: AnyTool, value: unknown): DiagnosticIssue[] {
  const checker = checkerFor(tool.input);
  if (checker.Check(value)) return [];
  const seen = new Set<string>();
  const issues: DiagnosticIssue[] = [];
  let total = 0;
  for (const e of checker.Errors(value)) {
    total++;
    const key = `${e.path}|${e.type}`;
    if (seen.has(key) || issues.length >= MAX_REPORTED_ERRORS) continue;
    seen.add(key);
    issues.push(toIssue(e));
  }
  if (issues.length === 0) {
    issues.push(issue('SCHEMA_VALIDATION', 'The input does not match the tool schema', 'Check the input against getSchema.', '/'));
  }
  if (total > issues.length && issues.length >= MAX_REPORTED_ERRORS) {
    issues.push(issue('SCHEMA_VALIDATION', `…and ${total - issues.length} more schema errors`, 'Fix the errors above first.'));
  }
  return issues;
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
  const problems = validateInput(tool, parsed.value);
  if (problems.length > 0) return failure(tool.name, 'input', problems, 'schema');

  let env: Envelope;
  try {
    env = (await tool.run(parsed.value, ctx)) as Envelope;
  } catch (err) {
    return internalError(tool.name, err);
  }
  if (env === null || typeof env !== 'object' || typeof env.status !== 'string') {
    return internalError(tool.name, new Error(`${tool.name}.run returned ${typeof env} instead of an envelope`));
  }
  if (env.provenance !== undefined && !(env.provenance.computationTimeMs > 0)) {
    env.provenance.computationTimeMs = performance.now() - started;
  }
  if (env.status === 'success' && tool.autoValidation !== undefined) {
    try {
      env.autoValidation = autoValidate(tool.autoValidation, env);
    } catch (err) {
      return internalError(tool.name, err);
    }
  }
  return env;
}

/** Thrown (and caught by the caller) when an envelope holds NaN/Infinity: a bug, never sent as null. */
export class NonFiniteNumberError extends Error {
  constructor(readonly path: string) {
    super(`non-finite number at ${path}`);
    this.name = 'NonFiniteNumberError';
  }
}

/**
 * JSON text of an envelope. JSON.stringify would silently turn NaN into null; a non-finite number
 * in a result is a bug, so it is replaced by an INTERNAL_ERROR envelope naming the field.
 */
export function serializeEnvelope(env: Envelope): string {
  return serializeWithStatus(env).body;
}

/** The serialized envelope and the HTTP status of what was actually serialized. */
export function serializeWithStatus(env: Envelope): { status: number; body: string } {
  const text = JSON.stringify(env);
  // Fast path: NaN/Infinity serialise as null, so text without "null" cannot hide one.
  if (typeof text === 'string' && !text.includes('null')) return { status: httpStatusFor(env), body: text };
  if (typeof text === 'string' && !hasNonFinite(env)) return { status: httpStatusFor(env), body: text };
  const bad = findNonFinite(env, '');
  const replacement = internalError(typeof env.tool === 'string' ? env.tool : 'unknown', new NonFiniteNumberError(bad ?? '(envelope)'));
  return { status: httpStatusFor(replacement), body: JSON.stringify(replacement) };
}

function hasNonFinite(v: unknown): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (hasNonFinite(v[i])) return true;
    return false;
  }
  for (const k in v) if (hasNonFinite((v as Record<string, unknown>)[k])) return true;
  return false;
}

/** JSON pointer of the first non-finite number (only computed on the rare failure path). */
function findNonFinite(v: unknown, path: string): string | undefined {
  if (!hasNonFinite(v)) return undefined;
  if (typeof v === 'number') return path || '/';
  for (const [k, child] of Object.entries(v as object)) {
    const hit = findNonFinite(child, `${path}/${k}`);
    if (hit !== undefined) return hit;
  }
  return path || '/';
}
