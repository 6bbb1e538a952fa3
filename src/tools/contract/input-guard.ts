/**
 * Limits on the shape of a tool input, checked before any parsing or schema validation that
 * recurses: nesting depth, estimated JSON size, and subnormal numbers. Schema checkers, the
 * structured clone to a worker thread and our own walkers all recurse over the input, so an
 * input 10 000 levels deep would overflow the stack; every surface (REST, MCP HTTP, stdio,
 * runTool) goes through the dispatcher, which calls checkInputLimits first, and JSON text in a
 * request or in a string field is depth-scanned (a loop, no recursion) before JSON.parse.
 */
import { issue, type DiagnosticIssue } from '.././contract/envelope.js';

/** Default nesting limit: real inputs (process definitions, workflows) stay under ~12 levels. */
export const DEFAULT_MAX_JSON_DEPTH = 64;
/** Default size limit for inputs that did not come through the HTTP body limit (runTool, stdio). */
export const DEFAULT_MAX_INPUT_BYTES = 1_048_576;

export interface InputLimits {
  maxDepth: number;
  maxBytes: number;
}

function envDepth(): number | undefined {
  const raw = typeof process !== 'undefined' ? process.env.MAX_JSON_DEPTH?.trim() : undefined;
  if (raw === undefined || !/^[0-9]+$/.test(raw)) return undefined;
  const n = Number(raw);
  // config.ts rejects values outside this range at start-up; a worker thread just ignores them.
  return n >= 4 && n <= 1000 ? n : undefined;
}

let limits: InputLimits = { maxDepth: envDepth() ?? DEFAULT_MAX_JSON_DEPTH, maxBytes: DEFAULT_MAX_INPUT_BYTES };

/** Sets the limits of this thread (the HTTP app calls it with the configuration). */
export function setInputLimits(next: Partial<InputLimits>): void {
  limits = { ...limits, ...next };
}

export function inputLimits(): InputLimits {
  return limits;
}

export type LimitProblem = { kind: 'depth' | 'size'; issue: DiagnosticIssue } | { kind: 'number'; issue: DiagnosticIssue };

function depthIssue(maxDepth: number, path?: string): DiagnosticIssue {
  // A pointer 64 levels deep is unreadable: its start says where the nesting is.
  const field = path !== undefined && path.length > 60 ? `${path.slice(0, 40)}…` : path;
  return issue(
    'INPUT_TOO_DEEP',
    `The input is nested more than ${maxDepth} levels deep${field !== undefined && field !== '/' ? ` (at ${field})` : ''}; the limit is ${maxDepth} (MAX_JSON_DEPTH)`,
    `Flatten the input: no tool input needs more than a dozen levels of objects and arrays.`,
    field,
  );
}

function sizeIssue(maxBytes: number): DiagnosticIssue {
  return issue('INPUT_TOO_LARGE', `The input is larger than ${maxBytes} bytes of JSON`, 'Send a smaller input, or split the work into several calls.');
}

/**
 * Depth of JSON text without parsing it: one pass, a counter, and string state. Returns the
 * first depth above maxDepth (as maxDepth + 1) or the maximum depth seen. Invalid JSON is
 * left for JSON.parse to report.
 */
export function jsonTextDepth(text: string, maxDepth: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > maxDepth) return max;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/** JSON.parse after a depth scan: too deep is an INPUT_TOO_DEEP issue instead of a deep parse. */
export function parseJsonBounded(text: string, field?: string): { ok: true; value: unknown } | { ok: false; issue: DiagnosticIssue; deep: boolean } {
  if (jsonTextDepth(text, limits.maxDepth) > limits.maxDepth) return { ok: false, issue: depthIssue(limits.maxDepth, field), deep: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const where = field === undefined ? 'The text' : `Field "${field}"`;
    return {
      ok: false,
      deep: false,
      issue: issue('JSON_PARSE_ERROR', `${where} is not valid JSON: ${(err as Error).message}`, 'Send a JSON object (or a string holding valid JSON).', field),
    };
  }
}

const SUBNORMAL_MAX = 2.2250738585072014e-308; // Number.MIN_NORMAL (2^-1022)

/** An object or array waiting to be walked; its pointer is spelled out only if a problem is found there. */
interface Pending {
  v: object;
  depth: number;
  parent: Pending | undefined;
  key: string;
}

function pointerOf(p: Pending | undefined): string {
  const keys: string[] = [];
  for (let q = p; q !== undefined && q.parent !== undefined; q = q.parent) keys.push(q.key);
  let path = '';
  for (let i = keys.length - 1; i >= 0; i--) path += `/${keys[i]}`;
  return path;
}

/**
 * Walks a parsed input without recursion: depth against maxDepth, a lower bound of its JSON size
 * against maxBytes, and numbers that are subnormal (1e-320 and the like: no physical input is
 * that small, and dividing by one gives Infinity). Returns the first problem, or undefined.
 * (Every call runs this, so no key/value pair arrays and no JSON pointers unless one is reported.)
 */
export function checkInputLimits(value: unknown, lim: InputLimits = limits): LimitProblem | undefined {
  if (value === null || typeof value !== 'object') return checkScalar(value, '/');
  const stack: Pending[] = [{ v: value, depth: 1, parent: undefined, key: '' }];
  let bytes = 0;
  const visit = (at: Pending, k: string, child: unknown, inArray: boolean): LimitProblem | undefined => {
    if (!inArray) bytes += k.length + 3;
    if (child !== null && typeof child === 'object') {
      stack.push({ v: child, depth: at.depth + 1, parent: at, key: k });
      return undefined;
    }
    if (typeof child === 'string') bytes += child.length + 2;
    else bytes += typeof child === 'number' ? 1 : 4;
    return typeof child === 'number' && child !== 0 && Math.abs(child) < SUBNORMAL_MAX ? checkScalar(child, `${pointerOf(at)}/${k}`) : undefined;
  };
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (at.depth > lim.maxDepth) return { kind: 'depth', issue: depthIssue(lim.maxDepth, pointerOf(at) || '/') };
    const v = at.v;
    // A lower bound of the JSON text's length (brackets, commas, keys, shortest number text), so
    // an input over the limit is surely over it, and a body the HTTP limit let through is not refused.
    if (Array.isArray(v)) {
      bytes += 2 + v.length;
      for (let i = 0; i < v.length; i++) {
        const bad = visit(at, String(i), v[i], true);
        if (bad !== undefined) return bad;
      }
    } else {
      const keys = Object.keys(v);
      bytes += 2 + keys.length;
      for (const k of keys) {
        const bad = visit(at, k, (v as Record<string, unknown>)[k], false);
        if (bad !== undefined) return bad;
      }
    }
    if (bytes > lim.maxBytes) return { kind: 'size', issue: sizeIssue(lim.maxBytes) };
  }
  return undefined;
}

function checkScalar(v: unknown, field: string): LimitProblem | undefined {
  if (typeof v === 'number' && v !== 0 && Math.abs(v) < SUBNORMAL_MAX) {
    return {
      kind: 'number',
      issue: issue(
        'NUMBER_OUT_OF_RANGE',
        `Field "${field}": ${v} is a subnormal number (smaller in magnitude than 2.2e-308), not a usable physical value`,
        `Send 0 or a value of realistic magnitude at ${field}.`,
        field,
      ),
    };
  }
  return undefined;
}
