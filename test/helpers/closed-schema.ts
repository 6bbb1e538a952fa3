/**
 * A copy of a JSON Schema in which every object schema that lists its properties and says nothing
 * about others gets `additionalProperties: false`: validating a tool's real output against it
 * shows any field the published schema does not name (which a generated client would not type).
 * Explicitly open objects (additionalProperties given, patternProperties) and the branches of an
 * allOf (each sees only part of the properties) stay as they are.
 */
type Json = Record<string, unknown>;

const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

export function closedSchema(schema: Json): Json {
  return close(schema, false) as Json;
}

function close(value: unknown, inAllOf: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => close(v, inAllOf));
  if (typeof value !== 'object' || value === null) return value;
  const src = value as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) out[k] = DATA_KEYS.has(k) ? v : k === 'allOf' ? (v as unknown[]).map((b) => close(b, true)) : close(v, false);
  if (!inAllOf && typeof src.properties === 'object' && !('additionalProperties' in src) && !('patternProperties' in src) && !('unevaluatedProperties' in src)) {
    out.additionalProperties = false;
  }
  return out;
}
