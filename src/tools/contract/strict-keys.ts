/**
 * One strictness rule for every free-form map a tool reads (runProcess unit properties, fluids,
 * batch cases, field data keyed by tag, …): no key is ever ignored silently.
 *
 * - A key we do not know at all is a typo or a wrong field: UNKNOWN_PROPERTY, an input error
 *   (HTTP 400), naming the field by JSON pointer and, when one is close, "did you mean".
 * - A key the original NeqSim accepts but this server does not model yet (a compressor chart,
 *   a valve Cv, …): UNSUPPORTED_PROPERTY, not computable as asked (HTTP 422), naming the key
 *   and the supported alternative.
 *
 * - Two spellings of one setting (an alias and its canonical key, or two ways to give the same
 *   thing) given together: CONFLICTING_PROPERTY, an input error (400), since one would be dropped.
 *
 * Each map declares its keys in a KeyTable. Modelling something new later (compressor charts,
 * valve Cv) means moving its key from `unmodelled` to `modelled` where it is read.
 */
import { failure, issue, type DiagnosticIssue, type Envelope, type ErrorKind } from './envelope.js';
import { suggest } from './suggest.js';

export const UNKNOWN_PROPERTY = 'UNKNOWN_PROPERTY';
export const UNSUPPORTED_PROPERTY = 'UNSUPPORTED_PROPERTY';
export const CONFLICTING_PROPERTY = 'CONFLICTING_PROPERTY';

export interface KeyTable {
  /** What the map belongs to, for messages: "Compressor 'K-100' properties". */
  subject: string;
  /** Keys read and modelled, canonical spellings (listed to the caller). */
  modelled: readonly string[];
  /** Further accepted spellings of modelled keys (accepted and suggested, not listed). */
  aliases?: readonly string[];
  /** Keys the original accepts that this server does not model yet → what to use instead. */
  unmodelled?: Readonly<Record<string, string>>;
  /** Groups of keys that set one thing: at most one of each group may be given. */
  exclusive?: readonly (readonly string[])[];
}

/** RFC 6901 JSON pointer: base (already a pointer, '' for the root) plus escaped parts. */
export function pointer(base: string, ...parts: (string | number)[]): string {
  return base + parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function listed(table: KeyTable): string {
  return table.modelled.length > 0 ? table.modelled.join(', ') : '(none: leave it out)';
}

/** The issue for one key (undefined when the key is modelled). */
export function checkKey(key: string, table: KeyTable, field: string): DiagnosticIssue | undefined {
  if (table.modelled.includes(key) || table.aliases?.includes(key)) return undefined;
  const unmodelled = table.unmodelled ?? {};
  if (Object.hasOwn(unmodelled, key)) {
    return issue(
      UNSUPPORTED_PROPERTY,
      `${table.subject}: "${key}" is not modelled by this server yet, so it cannot be honoured`,
      `${unmodelled[key]}. Supported here: ${listed(table)}`,
      field,
    );
  }
  const known = [...table.modelled, ...(table.aliases ?? []), ...Object.keys(unmodelled)];
  const near = suggest(key, known);
  return issue(
    UNKNOWN_PROPERTY,
    `${table.subject}: unknown property "${key}"${near ? ` (did you mean "${near}"?)` : ''}`,
    `${near ? `Did you mean "${near}"? ` : ''}Known here: ${listed(table)}`,
    field,
  );
}

/** Keys of one exclusive group given together (present = defined). */
export function checkExclusive(obj: Record<string, unknown>, table: KeyTable, at: string): DiagnosticIssue[] {
  const out: DiagnosticIssue[] = [];
  for (const group of table.exclusive ?? []) {
    const given = group.filter((k) => obj[k] !== undefined);
    if (given.length < 2) continue;
    out.push(
      issue(
        CONFLICTING_PROPERTY,
        `${table.subject}: ${given.map((k) => `"${k}"`).join(' and ')} set the same thing; only one would be used`,
        `Give one of ${group.join(', ')}`,
        pointer(at, given[1]!),
      ),
    );
  }
  return out;
}

/** Every key of `obj` against the table; `at` is the pointer of obj itself. */
export function checkKeys(obj: Record<string, unknown>, table: KeyTable, at: string): DiagnosticIssue[] {
  const out: DiagnosticIssue[] = [];
  for (const key of Object.keys(obj)) {
    const found = checkKey(key, table, pointer(at, key));
    if (found) out.push(found);
  }
  return [...out, ...checkExclusive(obj, table, at)];
}

const INPUT_CODES = new Set([UNKNOWN_PROPERTY, CONFLICTING_PROPERTY]);

/** Unknown or conflicting keys make the request an input error (400); otherwise not computable (422). */
export function strictKind(issues: readonly DiagnosticIssue[]): Extract<ErrorKind, 'input' | 'compute'> {
  return issues.some((i) => INPUT_CODES.has(i.code)) ? 'input' : 'compute';
}

/** The error envelope of a list of issues that may hold strictness findings. */
export function strictFailure(tool: string, issues: DiagnosticIssue[], phase = 'input'): Envelope<never> {
  return failure(tool, strictKind(issues), issues, phase);
}
