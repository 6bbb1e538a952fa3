/**
 * Sandboxed JSON state store behind manageState (seed 000 "State Storage Sandbox").
 *
 * - Files live in one storage directory; it must resolve (realpath, so symlinks count) inside the
 *   sandbox root ~/.neqsim unless external directories are explicitly allowed.
 * - File names are validated (no separators, no "..", only [A-Za-z0-9_.-], ".json"); a file that
 *   is a symlink, or resolves outside the storage directory, is refused. Reads open with
 *   O_NOFOLLOW so a symlink swapped in after the check is refused too.
 * - Writes are atomic and never overwrite: temp file + fsync, then link() to the final name
 *   (fails with EEXIST instead of replacing, so concurrent writers each get their own file),
 *   then the temp name is removed and the directory fsynced. A crash leaves either no file or
 *   a complete one (plus at most a dot-prefixed temp file that list() ignores). Temp files older
 *   than staleTempMs (a crashed save's) are removed when the store opens and after every save.
 * - Retention: after a save, only the newest keepPerName saves of that state name are kept (the
 *   name is read back from each candidate file; files not written by this store are never removed).
 * - Replies never carry absolute server paths: files are named relative to the store, the directory
 *   is shown as "~/…" (or as the variable that set it), and error messages are scrubbed.
 * - Documents larger than maxBytes are refused on save and on load.
 */
import { constants, promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StateStoreOptions {
  dir: string;
  /** Root the storage directory must stay inside (default ~/.neqsim). */
  sandboxRoot: string;
  allowExternal: boolean;
  maxBytes: number;
  /** Saves kept per state name (NEQSIM_MCP_STATE_KEEP_PER_NAME, default 10); older ones are removed after each save. */
  keepPerName?: number;
  /** A temp file this old is a crashed save's, never one in flight (a save writes and links it within seconds). Default 60 s. */
  staleTempMs?: number;
}

export type StoreErrorKind = 'input' | 'compute' | 'too_large';

export class StateStoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fix: string,
    readonly kind: StoreErrorKind = 'input',
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StateStoreError';
  }
}

export const DEFAULT_MAX_STATE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_KEEP_PER_NAME = 10;
export const DEFAULT_STALE_TEMP_MS = 60_000;
const TEMP_FILE = /^\.tmp-[0-9]+-[0-9a-f]{16}\.partial$/;
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}\.json$/;
const MAX_SUFFIX = 1000;

export function defaultStoreOptions(env: Record<string, string | undefined> = process.env): StateStoreOptions {
  const root = join(homedir(), '.neqsim');
  const max = Number(env.NEQSIM_MCP_STATE_MAX_BYTES);
  const keep = Number(env.NEQSIM_MCP_STATE_KEEP_PER_NAME);
  return {
    dir: env.NEQSIM_MCP_STATE_DIR?.trim() || join(root, 'saved_simulations'),
    sandboxRoot: root,
    allowExternal: (env.NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR ?? '').trim().toLowerCase() === 'true',
    maxBytes: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_STATE_BYTES,
    keepPerName: Number.isInteger(keep) && keep > 0 ? keep : DEFAULT_KEEP_PER_NAME,
    staleTempMs: DEFAULT_STALE_TEMP_MS,
  };
}

function inside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** Turns a free-text state name into a file-name stem: [A-Za-z0-9_.-] only, no leading dots, no "..". */
export function sanitizeStem(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/\.{2,}/g, '_').replace(/^[._-]+/, '');
  return s.slice(0, 100) || 'state';
}

export function validateFilename(filename: string, field = '/filename'): void {
  if (filename.includes('/') || filename.includes('\\') || filename.includes('\0')) {
    throw new StateStoreError('INVALID_FILENAME', `File name "${filename}" contains a path separator`, 'Pass a bare file name from manageState list, e.g. "my_state_v1.0.json".', 'input', field);
  }
  if (filename.includes('..') || !FILENAME.test(filename)) {
    throw new StateStoreError(
      'INVALID_FILENAME',
      `File name "${filename}" is not a valid state file name`,
      'Use letters, digits, "_", "-" and "." only, no "..", ending in ".json" (as manageState list shows them).',
      'input',
      field,
    );
  }
}

export interface SavedEntry {
  filename: string;
  fileSize: number;
  lastModified: string;
  name?: string;
  version?: string;
  description?: string;
  readError?: string;
}

/** What the state tools use of a store: the directory store below, or Redis (shared-store.ts). */
export interface SavedStateBackend {
  saveState(name: string, version: string, doc: { name: string }): Promise<{ filename: string; fileSize: number; removedOlder: string[] }>;
  load(filename: string): Promise<{ doc: unknown; fileSize: number }>;
  remove(filename: string): Promise<void>;
  list(): Promise<SavedEntry[]>;
  info(): Promise<{ storageDir: string; savedCount: number; totalSizeBytes: number; maxStateBytes: number; keepPerName: number; externalAllowed: boolean }>;
  /** Where states live, as replies show it. */
  displayDir(): string;
  /** A message with server paths replaced by their display forms. */
  scrub(message: string): string;
}

export class StateStore implements SavedStateBackend {
  private realDir: Promise<string> | undefined;

  constructor(readonly options: StateStoreOptions) {}

  /** The storage directory (created on first use with mode 0700), realpath-checked against the sandbox. */
  storageDir(): Promise<string> {
    this.realDir ??= this.openDir().catch((err: unknown) => {
      this.realDir = undefined;
      throw err;
    });
    return this.realDir;
  }

  /**
   * The storage directory as replies show it: "~/…" inside the home directory, else the variable
   * that set it (an absolute server path tells a remote caller about the host, and helps no one).
   */
  displayDir(): string {
    const dir = resolve(this.options.dir);
    const home = resolve(homedir());
    if (inside(dir, home)) return dir === home ? '~' : `~/${dir.slice(home.length + 1)}`;
    return '$NEQSIM_MCP_STATE_DIR';
  }

  /** `message` with the storage directory and the home directory replaced by their display forms. */
  scrub(message: string): string {
    let out = message;
    const real = this.realPath;
    for (const [path, shown] of [[real, this.displayDir()], [resolve(this.options.dir), this.displayDir()], [resolve(this.options.sandboxRoot), '~/.neqsim'], [resolve(homedir()), '~']] as const) {
      if (path !== undefined && path.length > 1) out = out.split(path).join(shown);
    }
    return out;
  }

  private realPath: string | undefined;

  private async openDir(): Promise<string> {
    const wanted = resolve(this.options.dir);
    try {
      await fs.mkdir(wanted, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StateStoreError('DIR_CREATE_FAILED', this.scrub(`Cannot create the state directory ${wanted}: ${(err as Error).message}`), 'Fix NEQSIM_MCP_STATE_DIR or the directory permissions.', 'compute');
    }
    const real = await fs.realpath(wanted);
    if (!this.options.allowExternal) {
      await fs.mkdir(this.options.sandboxRoot, { recursive: true, mode: 0o700 }).catch(() => undefined);
      const root = await fs.realpath(this.options.sandboxRoot).catch(() => resolve(this.options.sandboxRoot));
      if (!inside(real, root)) {
        throw new StateStoreError(
          'DIR_OUTSIDE_SANDBOX',
          this.scrub(`The state directory ${wanted} resolves outside the sandbox ${root}`),
          'Point NEQSIM_MCP_STATE_DIR inside ~/.neqsim, or set NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR=true to allow an external directory.',
          'compute',
        );
      }
    }
    this.realPath = real;
    await this.removeStaleTemps(real);
    return real;
  }

  /** Removes the temp files of saves that crashed (older than staleTempMs); returns how many. */
  async removeStaleTemps(dir?: string): Promise<number> {
    const where = dir ?? (await this.storageDir());
    const cutoff = Date.now() - (this.options.staleTempMs ?? DEFAULT_STALE_TEMP_MS);
    let removed = 0;
    for (const name of await fs.readdir(where).catch(() => [] as string[])) {
      if (!TEMP_FILE.test(name)) continue;
      const path = join(where, name);
      const st = await fs.lstat(path).catch(() => undefined);
      if (st === undefined || !st.isFile() || st.mtimeMs > cutoff) continue;
      await fs.unlink(path).then(
        () => removed++,
        () => undefined,
      );
    }
    return removed;
  }

  /**
   * Saves a state document under "<name>_v<version>[_n].json" (never overwriting), then keeps only
   * the newest keepPerName saves of that name. Returns the new file and the removed ones.
   */
  async saveState(name: string, version: string, doc: { name: string }): Promise<{ filename: string; fileSize: number; removedOlder: string[] }> {
    const stem = sanitizeStem(name);
    const saved = await this.saveNew(`${stem}_v${version}`, doc);
    const removedOlder = await this.prune(name, `${stem}_v`, saved.filename);
    await this.removeStaleTemps();
    return { filename: saved.filename, fileSize: saved.fileSize, removedOlder };
  }

  /** Removes the oldest saves of `name` beyond keepPerName, never `keep` (the one just written). */
  private async prune(name: string, prefix: string, keep: string): Promise<string[]> {
    const limit = this.options.keepPerName ?? DEFAULT_KEEP_PER_NAME;
    const dir = await this.storageDir();
    const mine: { filename: string; mtimeMs: number }[] = [];
    for (const filename of await fs.readdir(dir)) {
      if (!filename.startsWith(prefix) || !FILENAME.test(filename) || filename.includes('..')) continue;
      const st = await fs.lstat(join(dir, filename)).catch(() => undefined);
      if (st === undefined || !st.isFile()) continue;
      if ((await savedNameOf(join(dir, filename))) === name) mine.push({ filename, mtimeMs: st.mtimeMs });
    }
    if (mine.length <= limit) return [];
    // Newest first; the file just written is newest by definition, whatever the clock says.
    mine.sort((a, b) => (a.filename === keep ? -1 : b.filename === keep ? 1 : b.mtimeMs - a.mtimeMs || b.filename.localeCompare(a.filename)));
    const removed: string[] = [];
    for (const old of mine.slice(limit)) {
      const gone = await fs.unlink(join(dir, old.filename)).then(
        () => true,
        (err: NodeJS.ErrnoException) => err.code === 'ENOENT',
      );
      if (gone) removed.push(old.filename);
    }
    await syncDir(dir);
    return removed.sort();
  }

  /** Full path of an existing state file after name, symlink and containment checks. */
  private async existingPath(filename: string): Promise<string> {
    validateFilename(filename);
    const dir = await this.storageDir();
    const path = join(dir, filename);
    let st;
    try {
      st = await fs.lstat(path);
    } catch {
      throw new StateStoreError('FILE_NOT_FOUND', `No saved state named "${filename}"`, 'Call manageState with action list to see the saved states.', 'compute', '/filename');
    }
    if (st.isSymbolicLink()) {
      throw new StateStoreError('SYMLINK_REJECTED', `"${filename}" is a symbolic link; state files must be regular files inside the storage directory`, 'Remove the link; save states through manageState.', 'input', '/filename');
    }
    if (!st.isFile()) throw new StateStoreError('FILE_NOT_FOUND', `"${filename}" is not a regular file`, 'Call manageState with action list.', 'compute', '/filename');
    const real = await fs.realpath(path);
    if (dirname(real) !== dir) {
      throw new StateStoreError('PATH_OUTSIDE_SANDBOX', `"${filename}" resolves outside the storage directory`, 'Use a file saved by manageState.', 'input', '/filename');
    }
    return path;
  }

  /** Writes `doc` under a new file name derived from `stem`; never overwrites an existing file. */
  async saveNew(stem: string, doc: unknown): Promise<{ filename: string; filePath: string; fileSize: number }> {
    const text = JSON.stringify(doc, null, 2);
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > this.options.maxBytes) {
      throw new StateStoreError('STATE_TOO_LARGE', `The state is ${bytes} bytes; the limit is ${this.options.maxBytes}`, 'Save a smaller state (drop bulk results) or raise NEQSIM_MCP_STATE_MAX_BYTES.', 'too_large', '/state');
    }
    const dir = await this.storageDir();
    const tmp = join(dir, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}.partial`);
    const handle = await fs.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      for (let n = 0; n < MAX_SUFFIX; n++) {
        const filename = n === 0 ? `${stem}.json` : `${stem}_${n}.json`;
        const filePath = join(dir, filename);
        try {
          await fs.link(tmp, filePath);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        await syncDir(dir);
        return { filename, filePath, fileSize: bytes };
      }
      throw new StateStoreError('SAVE_FAILED', `More than ${MAX_SUFFIX} saved states named "${stem}"`, 'Delete old versions or pick another name.', 'compute', '/name');
    } finally {
      await fs.unlink(tmp).catch(() => undefined);
    }
  }

  async load(filename: string): Promise<{ doc: unknown; fileSize: number }> {
    const path = await this.existingPath(filename);
    // O_NOFOLLOW: a symlink swapped in after the checks above makes the open fail instead of escaping.
    const handle = await fs.open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch((err: NodeJS.ErrnoException) => {
      throw new StateStoreError('LOAD_FAILED', `Cannot open "${filename}": ${err.code ?? err.message}`, 'Call manageState with action list.', 'compute', '/filename');
    });
    try {
      const st = await handle.stat();
      if (st.size > this.options.maxBytes) {
        throw new StateStoreError('STATE_TOO_LARGE', `"${filename}" is ${st.size} bytes; the limit is ${this.options.maxBytes}`, 'Raise NEQSIM_MCP_STATE_MAX_BYTES to load it.', 'too_large', '/filename');
      }
      const text = await handle.readFile('utf8');
      try {
        return { doc: JSON.parse(text) as unknown, fileSize: st.size };
      } catch (err) {
        throw new StateStoreError('LOAD_FAILED', `"${filename}" is not valid JSON: ${(err as Error).message}`, 'The file is damaged or not a saved state; delete it.', 'compute', '/filename');
      }
    } finally {
      await handle.close();
    }
  }

  async remove(filename: string): Promise<void> {
    const path = await this.existingPath(filename);
    await fs.unlink(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new StateStoreError('FILE_NOT_FOUND', `No saved state named "${filename}"`, 'Call manageState with action list.', 'compute', '/filename');
      throw new StateStoreError('DELETE_FAILED', `Cannot delete "${filename}": ${err.code ?? err.message}`, 'Check the directory permissions.', 'compute', '/filename');
    });
    await syncDir(dirname(path));
  }

  async list(): Promise<SavedEntry[]> {
    const dir = await this.storageDir();
    const names = (await fs.readdir(dir)).filter((n) => FILENAME.test(n) && !n.includes('..')).sort();
    const out: SavedEntry[] = [];
    for (const filename of names) {
      const st = await fs.lstat(join(dir, filename)).catch(() => undefined);
      if (st === undefined || !st.isFile()) continue; // symlinks and directories are not states
      const entry: SavedEntry = { filename, fileSize: st.size, lastModified: st.mtime.toISOString() };
      if (st.size <= this.options.maxBytes) {
        try {
          const doc = (await this.load(filename)).doc as Record<string, unknown>;
          if (typeof doc.name === 'string') entry.name = doc.name;
          if (typeof doc.version === 'string') entry.version = doc.version;
          if (typeof doc.description === 'string') entry.description = doc.description;
        } catch (err) {
          entry.readError = (err as Error).message;
        }
      } else {
        entry.readError = `larger than the ${this.options.maxBytes}-byte limit`;
      }
      out.push(entry);
    }
    return out;
  }

  async info(): Promise<{ storageDir: string; savedCount: number; totalSizeBytes: number; maxStateBytes: number; keepPerName: number; externalAllowed: boolean }> {
    const entries = await this.list();
    return {
      storageDir: this.displayDir(),
      savedCount: entries.length,
      totalSizeBytes: entries.reduce((a, e) => a + e.fileSize, 0),
      maxStateBytes: this.options.maxBytes,
      keepPerName: this.options.keepPerName ?? DEFAULT_KEEP_PER_NAME,
      externalAllowed: this.options.allowExternal,
    };
  }
}

/**
 * The state name a file written by this store carries, read from its head (the document is written
 * with "format", "formatVersion" and "name" first); undefined for any other file.
 */
async function savedNameOf(path: string): Promise<string | undefined> {
  const h = await fs.open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
  if (h === undefined) return undefined;
  try {
    const buf = Buffer.alloc(2048);
    const { bytesRead } = await h.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8');
    const m = /^\{\s*"format":\s*"neqsim-saved-state",\s*"formatVersion":\s*"[^"\\]*",\s*"name":\s*("(?:[^"\\]|\\.)*")/.exec(head);
    return m === null ? undefined : (JSON.parse(m[1]) as string);
  } catch {
    return undefined;
  } finally {
    await h.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  // Makes the new directory entry durable; some filesystems refuse fsync on directories, which is harmless.
  const h = await fs.open(dir, constants.O_RDONLY).catch(() => undefined);
  if (h === undefined) return;
  await h.sync().catch(() => undefined);
  await h.close();
}

