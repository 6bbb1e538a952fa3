/**
 * Every tool's metadata (name, tier, category, description, TypeBox input/output schemas,
 * examples...) as JSON text, so the server's main thread can route, document and validate every
 * tool without importing the tool modules and the engine under them (issue 25: cold start).
 *
 * TypeBox marks schemas with registered symbols (Symbol.for('TypeBox.Kind'), ...) that its
 * compiler reads; JSON cannot hold symbols, so they travel as string keys and are put back on
 * reading, which gives schemas equal to the tools' own (test/api/lazy-registry.test.ts).
 * Sub-schemas the tools share (a fluid, a process definition) are written once and shared again
 * on reading, as in the tool modules: about half the text and half the objects.
 */
import type { AnyTool } from './contract/types.js';

/** A tool without its run function. */
export type ToolMetadata = Omit<AnyTool, 'run'>;

/** The TypeBox symbols a schema may carry (all created with Symbol.for, so they can be revived). */
const TYPEBOX_SYMBOLS = ['TypeBox.Kind', 'TypeBox.Optional', 'TypeBox.Readonly', 'TypeBox.Hint', 'TypeBox.Transform'] as const;
/** Marks a string key that stands for a symbol; no schema or example uses a key starting with it. */
const SYMBOL_KEY_PREFIX = '~symbol:';
/** {"~ref": i} stands for the i-th shared object. */
const REF = '~ref';

interface MetadataFile {
  /** Objects used more than once, each after the shared objects it holds. */
  shared: unknown[];
  tools: unknown[];
}

/** How often each object is reached (its children are walked once). */
function countUses(value: unknown, uses: Map<object, number>): void {
  if (value === null || typeof value !== 'object') return;
  const n = uses.get(value) ?? 0;
  uses.set(value, n + 1);
  if (n > 0) return;
  for (const s of Object.getOwnPropertySymbols(value)) countUses((value as Record<symbol, unknown>)[s], uses);
  for (const v of Object.values(value)) countUses(v, uses);
}

class Encoder {
  readonly shared: unknown[] = [];
  private readonly sharedAt = new Map<object, number>();

  constructor(private readonly uses: Map<object, number>) {}

  encode(value: unknown): unknown {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'function') throw new Error('tool metadata holds a function: only plain data can be written');
      if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value))) throw new Error(`tool metadata holds ${value}, which JSON does not keep`);
      return value;
    }
    const at = this.sharedAt.get(value);
    if (at !== undefined) return { [REF]: at };
    let out: unknown;
    if (Array.isArray(value)) out = value.map((v) => this.encode(v));
    else {
      const obj: Record<string, unknown> = {};
      for (const s of Object.getOwnPropertySymbols(value)) {
        const name = s.description ?? '';
        if (Symbol.for(name) !== s || !(TYPEBOX_SYMBOLS as readonly string[]).includes(name)) throw new Error(`tool metadata holds the symbol ${String(s)}, which cannot be revived`);
        obj[SYMBOL_KEY_PREFIX + name] = this.encode((value as Record<symbol, unknown>)[s]);
      }
      for (const [k, v] of Object.entries(value)) {
        if (k.startsWith(SYMBOL_KEY_PREFIX) || k === REF) throw new Error(`tool metadata has a key "${k}" that the file format reserves`);
        if (v !== undefined) obj[k] = this.encode(v);
      }
      out = obj;
    }
    if ((this.uses.get(value) ?? 0) < 2) return out;
    // Pushed after its children, so a shared object only refers to earlier ones.
    this.sharedAt.set(value, this.shared.length);
    this.shared.push(out);
    return { [REF]: this.shared.length - 1 };
  }
}

/** The JSON text of the tools' metadata, one shared object and one tool a line (scripts/write-tool-metadata.ts writes it to tool-metadata.json). */
export function toolMetadataJson(tools: readonly AnyTool[]): string {
  const metas = tools.map(({ run: _run, ...meta }) => meta);
  const uses = new Map<object, number>();
  for (const m of metas) countUses(m, uses);
  const encoder = new Encoder(uses);
  const encoded = metas.map((m) => JSON.stringify(encoder.encode(m)));
  const lines = (items: string[]) => `[\n${items.join(',\n')}\n]`;
  const json = `{"shared": ${lines(encoder.shared.map((x) => JSON.stringify(x)))},\n"tools": ${lines(encoded)}}`;
  // Non-ASCII as \u escapes: the text then reads into a one-byte string, half the memory of a
  // two-byte one while the server parses it at start.
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The value with shared objects and symbol keys put back. An object that had symbol keys is
 * rebuilt rather than edited (deleting keys would leave it in V8's slow dictionary mode).
 */
function revive(value: unknown, shared: readonly unknown[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i], shared);
    return value;
  }
  const obj = value as Record<string, unknown>;
  if (REF in obj) return shared[obj[REF] as number];
  let symbols = false;
  for (const k in obj) {
    obj[k] = revive(obj[k], shared);
    if (k.startsWith(SYMBOL_KEY_PREFIX)) symbols = true;
  }
  if (!symbols) return obj;
  const out: Record<string | symbol, unknown> = {};
  for (const k in obj) out[k.startsWith(SYMBOL_KEY_PREFIX) ? Symbol.for(k.slice(SYMBOL_KEY_PREFIX.length)) : k] = obj[k];
  return out;
}

/** Turns toolMetadataJson()'s parsed JSON into metadata with live TypeBox schemas (arrays and plain objects in place). */
export function reviveToolMetadata(parsed: unknown): ToolMetadata[] {
  const file = parsed as MetadataFile;
  const shared: unknown[] = [];
  for (const s of file.shared) shared.push(revive(s, shared));
  return revive(file.tools, shared) as ToolMetadata[];
}
