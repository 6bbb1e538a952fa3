/**
 * Rewrites JSON Schema draft-07 tuple keywords into their 2020-12 form. TypeBox's Type.Tuple emits
 * `items: [..]` + `additionalItems`, which 2020-12 (the dialect getSchema's documents declare, and
 * OpenAPI 3.1's schema dialect) replaced by `prefixItems` + `items`; a 2020-12 validator refuses the
 * array form. The tools keep validating their input with TypeBox; only the published documents
 * (getSchema, MCP tools/list, the catalogue, OpenAPI) go through this rewrite.
 */

/** Values that are data, not schemas: never rewritten even if they hold an `items` array. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A copy of `value` with every draft-07 tuple schema in 2020-12 form:
 * `{items: [a, b], additionalItems: X}` becomes `{prefixItems: [a, b], items: X}` (no `items`
 * when X was absent, or false with maxItems already capping the length), and a stray `additionalItems` beside a single `items` schema is dropped (it
 * had no effect there). Data keywords (example, default, const, enum) are copied unchanged.
 */
export function toJsonSchema2020<T>(value: T): T {
  return rewrite(value) as T;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!isObject(value)) return value;
  const out: Json = {};
  const tuple = Array.isArray(value.items);
  for (const [key, v] of Object.entries(value)) {
    if (DATA_KEYS.has(key)) {
      out[key] = v;
    } else if (key === 'items' && tuple) {
      out.prefixItems = rewrite(v);
    } else if (key === 'additionalItems') {
      // `additionalItems: false` with maxItems capping the tuple length says nothing more; leaving it
      // out keeps the schema meaningful to a draft-07 reader too (there `items: false` would forbid
      // every element, where `prefixItems` is merely unknown and minItems/maxItems still hold).
      if (tuple && !(v === false && typeof value.maxItems === 'number' && value.maxItems <= (value.items as unknown[]).length)) out.items = rewrite(v);
    } else {
      out[key] = rewrite(v);
    }
  }
  return out;
}
