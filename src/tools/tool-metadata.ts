/**
 * Every tool's metadata (name, tier, category, description, TypeBox input/output schemas,
 * examples...) as JSON text, so the server's main thread can route, document and validate every
 * tool without importing the tool modules and the engine under them (issue 25: cold start).
 *
 * TypeBox marks schemas with registered symbols (Symbol.for('TypeBox.Kind'), ...) that its
 * compiler reads; JSON cannot hold symbols, so they travel as string keys and are put back on
 * reading, which gives schemas equal to the tools' own (test/api/lazy-registry.test.ts).
 */
import type { AnyTool } from './contract/types.js';

/** A tool without its run function. */
export type ToolMetadata = Omit<AnyTool, 'run'>;

/** The TypeBox symbols a schema may carry (all created with Symbol.for, so they can be revived). */
const TYPEBOX_SYMBOLS = ['TypeBox.Kind', 'TypeBox.Optional', 'TypeBox.Readonly', 'TypeBox.Hint', 'TypeBox.Transform'] as const;
/** Marks a string key that stands for a symbol; no schema or example uses a key starting with it. */
const SYMBOL_KEY_PREFIX = '~symbol:';

function encode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') throw new Error('tool metadata holds a function: only plain data can be written');
    if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value))) throw new Error(`tool metadata holds ${value}, which JSON does not keep`);
    return value;
  }
  if (Array.isArray(value)) return value.map(encode);
  const out: Record<string, unknown> = {};
  for (const s of Object.getOwnPropertySymbols(value)) {
    const name = s.description ?? '';
    if (Symbol.for(name) !== s || !(TYPEBOX_SYMBOLS as readonly string[]).includes(name)) throw new Error(`tool metadata holds the symbol ${String(s)}, which cannot be revived`);
    out[SYMBOL_KEY_PREFIX + name] = encode((value as Record<symbol, unknown>)[s]);
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith(SYMBOL_KEY_PREFIX)) throw new Error(`tool metadata has a key "${k}" that reads as a symbol`);
    if (v !== undefined) out[k] = encode(v);
  }
  return out;
}

/** The JSON text of the tools' metadata, one tool a line (scripts/write-tool-metadata.ts writes it to tool-metadata.json). */
export function toolMetadataJson(tools: readonly AnyTool[]): string {
  const json = `[\n${tools.map(({ run: _run, ...meta }) => JSON.stringify(encode(meta))).join(',\n')}\n]`;
  // Non-ASCII as \u escapes: the text then reads into a one-byte string, half the memory of a
  // two-byte one while the server parses it at start.
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The value with its symbol keys put back. An object that had any is rebuilt rather than edited
 * (deleting keys would leave it in V8's slow dictionary mode: several MB more over all schemas).
 */
function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const obj = value as Record<string, unknown>;
  let symbols = false;
  for (const k in obj) {
    obj[k] = revive(obj[k]);
    if (k.startsWith(SYMBOL_KEY_PREFIX)) symbols = true;
  }
  if (!symbols) return obj;
  const out: Record<string | symbol, unknown> = {};
  for (const k in obj) out[k.startsWith(SYMBOL_KEY_PREFIX) ? Symbol.for(k.slice(SYMBOL_KEY_PREFIX.length)) : k] = obj[k];
  return out;
}

/** Turns toolMetadataJson()'s parsed JSON into metadata with live TypeBox schemas (arrays and plain objects in place). */
export function reviveToolMetadata(parsed: unknown): ToolMetadata[] {
  return revive(parsed) as ToolMetadata[];
}
