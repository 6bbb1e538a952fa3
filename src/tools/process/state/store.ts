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
 *   a complete one (plus at most a dot-prefixed temp file that list() ignores).
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
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}\.json$/;
const MAX_SUFFIX = 1000;

export function defaultStoreOptions(env: Record<string, string | undefined> = process.env): StateStoreOptions {
  const root = join(homedir(), '.neqsim');
  const max = Number(env.NEQSIM_MCP_STATE_MAX_BYTES);
  return {
    dir: env.NEQSIM_MCP_STATE_DIR?.trim() || join(root, 'saved_simulations'),
    sandboxRoot: root,
    allowExternal: (env.NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR ?? '').trim().toLowerCase() === 'true',
    maxBytes: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_STATE_BYTES,
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

export class StateStore {
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

  private async openDir(): Promise<string> {
    const wanted = resolve(this.options.dir);
    try {
      await fs.mkdir(wanted, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StateStoreError('DIR_CREATE_FAILED', `Cannot create the state directory ${wanted}: ${(err as Error).message}`, 'Fix NEQSIM_MCP_STATE_DIR or the directory permissions.', 'compute');
    }
    const real = await fs.realpath(wanted);
    if (!this.options.allowExternal) {
      await fs.mkdir(this.options.sandboxRoot, { recursive: true, mode: 0o700 }).catch(() => undefined);
      const root = await fs.realpath(this.options.sandboxRoot).catch(() => resolve(this.options.sandboxRoot));
      if (!inside(real, root)) {
        throw new StateStoreError(
          'DIR_OUTSIDE_SANDBOX',
          `The state directory resolves to ${real}, outside the sandbox ${root}`,
          'Point NEQSIM_MCP_STATE_DIR inside ~/.neqsim, or set NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR=true to allow an external directory.',
          'compute',
        );
      }
    }
    return real;
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

  async info(): Promise<{ storageDir: string; savedCount: number; totalSizeBytes: number; maxStateBytes: number; externalAllowed: boolean }> {
    const dir = await this.storageDir();
    const entries = await this.list();
    return {
      storageDir: dir,
      savedCount: entries.length,
      totalSizeBytes: entries.reduce((a, e) => a + e.fileSize, 0),
      maxStateBytes: this.options.maxBytes,
      externalAllowed: this.options.allowExternal,
    };
  }
}

async function syncDir(dir: string): Promise<void> {
  // Makes the new directory entry durable; some filesystems refuse fsync on directories, which is harmless.
  const h = await fs.open(dir, constants.O_RDONLY).catch(() => undefined);
  if (h === undefined) return;
  await h.sync().catch(() => undefined);
  await h.close();
}

