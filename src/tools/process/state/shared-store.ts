/**
 * Saved states in Redis (REDIS_URL set): every replica reads and writes the same states, with
 * the rules of the directory store (store.ts) carried over:
 * - names: the same file-name validation (validateFilename) and the same "<name>_v<version>[_n].json"
 *   naming, so a state saved on one backend has the name it would have on the other;
 * - atomic, never overwriting: one script picks the first free name and writes the document,
 *   its entry in the index and its place in the per-name retention list together;
 * - retention: the same script drops the oldest saves of that name beyond keepPerName;
 * - size: documents over maxBytes are refused on save and on load.
 * Keys: `<p>state:<filename>` (the JSON text), `<p>states:meta` (filename -> entry JSON),
 * `<p>states:name:<name>` (sorted set of that name's files by save order), `<p>states:seq`.
 */
import type { Redis } from 'ioredis';
import { shared } from '../../contract/shared-state/backend.js';
import { DEFAULT_KEEP_PER_NAME, StateStoreError, sanitizeStem, validateFilename, type SavedEntry, type SavedStateBackend } from './store.js';

const MAX_SUFFIX = 1000;

// KEYS: meta hash, name zset, seq. ARGV: prefix, stem, text, entry-json-without-filename, keep, savedMs.
// Returns {filename, removed...} or {} when no free name is left.
const SAVE = `
local prefix, stem, text, keep = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[5])
local filename
for n = 0, ${MAX_SUFFIX - 1} do
  local candidate = stem .. '.json'
  if n > 0 then candidate = stem .. '_' .. n .. '.json' end
  if redis.call('SET', prefix .. 'state:' .. candidate, text, 'NX') then filename = candidate break end
end
if filename == nil then return {} end
local entry = cjson.decode(ARGV[4])
entry['filename'] = filename
redis.call('HSET', KEYS[1], filename, cjson.encode(entry))
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), filename)
local out = {filename}
local count = redis.call('ZCARD', KEYS[2])
if count > keep then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[2], 0, count - keep - 1)) do
    redis.call('DEL', prefix .. 'state:' .. old)
    redis.call('HDEL', KEYS[1], old)
    redis.call('ZREM', KEYS[2], old)
    table.insert(out, old)
  end
end
return out`;

// KEYS: meta hash. ARGV: prefix, filename. Returns 1 when removed.
const REMOVE = `
local raw = redis.call('HGET', KEYS[1], ARGV[2])
if raw == false then return 0 end
local entry = cjson.decode(raw)
redis.call('DEL', ARGV[1] .. 'state:' .. ARGV[2])
redis.call('HDEL', KEYS[1], ARGV[2])
if type(entry['name']) == 'string' then redis.call('ZREM', ARGV[1] .. 'states:name:' .. entry['name'], ARGV[2]) end
return 1`;

export class RedisStateStore implements SavedStateBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly options: { maxBytes: number; keepPerName?: number },
  ) {}

  private get metaKey() {
    return `${this.prefix}states:meta`;
  }

  displayDir(): string {
    return 'redis (REDIS_URL)';
  }

  scrub(message: string): string {
    return message;
  }

  private tooLarge(bytes: number, field: string, what: string): StateStoreError {
    return new StateStoreError('STATE_TOO_LARGE', `${what} is ${bytes} bytes; the limit is ${this.options.maxBytes}`, 'Save a smaller state (drop bulk results) or raise NEQSIM_MCP_STATE_MAX_BYTES.', 'too_large', field);
  }

  async saveState(name: string, version: string, doc: { name: string }): Promise<{ filename: string; fileSize: number; removedOlder: string[] }> {
    const text = JSON.stringify(doc, null, 2);
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > this.options.maxBytes) throw this.tooLarge(bytes, '/state', 'The state');
    const d = doc as Record<string, unknown>;
    const entry: Omit<SavedEntry, 'filename'> = {
      fileSize: bytes,
      lastModified: new Date().toISOString(),
      name,
      ...(typeof d.version === 'string' ? { version: d.version } : {}),
      ...(typeof d.description === 'string' ? { description: d.description } : {}),
    };
    const keep = this.options.keepPerName ?? DEFAULT_KEEP_PER_NAME;
    const out = (await shared(() =>
      this.redis.eval(SAVE, 3, this.metaKey, `${this.prefix}states:name:${name}`, `${this.prefix}states:seq`, this.prefix, `${sanitizeStem(name)}_v${version}`, text, JSON.stringify(entry), String(keep)),
    )) as string[];
    if (out.length === 0) throw new StateStoreError('SAVE_FAILED', `More than ${MAX_SUFFIX} saved states named "${sanitizeStem(name)}_v${version}"`, 'Delete old versions or pick another name.', 'compute', '/name');
    const [filename, ...removedOlder] = out;
    return { filename: filename!, fileSize: bytes, removedOlder: removedOlder.sort() };
  }

  async load(filename: string): Promise<{ doc: unknown; fileSize: number }> {
    validateFilename(filename);
    const text = await shared(() => this.redis.get(`${this.prefix}state:${filename}`));
    if (text === null) throw new StateStoreError('FILE_NOT_FOUND', `No saved state named "${filename}"`, 'Call manageState with action list to see the saved states.', 'compute', '/filename');
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > this.options.maxBytes) throw new StateStoreError('STATE_TOO_LARGE', `"${filename}" is ${bytes} bytes; the limit is ${this.options.maxBytes}`, 'Raise NEQSIM_MCP_STATE_MAX_BYTES to load it.', 'too_large', '/filename');
    return { doc: JSON.parse(text) as unknown, fileSize: bytes };
  }

  async remove(filename: string): Promise<void> {
    validateFilename(filename);
    const gone = await shared(() => this.redis.eval(REMOVE, 1, this.metaKey, this.prefix, filename));
    if (gone !== 1) throw new StateStoreError('FILE_NOT_FOUND', `No saved state named "${filename}"`, 'Call manageState with action list.', 'compute', '/filename');
  }

  async list(): Promise<SavedEntry[]> {
    const all = await shared(() => this.redis.hgetall(this.metaKey));
    return Object.values(all)
      .map((raw) => JSON.parse(raw) as SavedEntry)
      // Code-unit order, as the directory store lists its files.
      .sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  }

  async info() {
    const entries = await this.list();
    return {
      storageDir: this.displayDir(),
      savedCount: entries.length,
      totalSizeBytes: entries.reduce((a, e) => a + e.fileSize, 0),
      maxStateBytes: this.options.maxBytes,
      keepPerName: this.options.keepPerName ?? DEFAULT_KEEP_PER_NAME,
      externalAllowed: false,
    };
  }
}
