/**
 * The one error type of the standards engine. Runners in src/tools catch it and turn it into
 * a structured envelope error (code, message, fix hint); nothing here knows about envelopes.
 */
export class StandardsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fix: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StandardsError';
  }
}

/** Throws INVALID_INPUT unless v is a finite number (NaN and ±Infinity are never computed with). */
export function requireFinite(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new StandardsError('INVALID_INPUT', `${field} must be a finite number, got ${String(v)}`, `Give ${field} as a finite JSON number.`, field);
  }
  return v;
}

export function requirePositive(v: unknown, field: string): number {
  const x = requireFinite(v, field);
  if (x <= 0) throw new StandardsError('INVALID_INPUT', `${field} must be > 0, got ${x}`, `Give a positive ${field}.`, field);
  return x;
}
