/**
 * manageState (experimental, PLATFORM, v1.2): persist JSON simulation states across restarts in
 * the sandboxed store (src/tools/process/state/store.ts). Actions: save, load, list, delete, export,
 * getInfo. Every call is audited (PLATFORM tool). Unlike the original, `save` takes the state
 * object itself (we have no server-side sessions to snapshot).
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, type Envelope } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { audit } from '../../contract/governance/audit.js';
import { policySuccess } from '../../contract/governance/respond.js';
import { stateStore } from './config.js';
import { StateStoreError } from './store.js';
import { isSharedStateError, sharedStateUnavailable } from '../../contract/shared-state/backend.js';

const TOOL = 'manageState';
export const SAVED_STATE_FORMAT = 'neqsim-saved-state';
export const SAVED_STATE_FORMAT_VERSION = '1.0.0';
const ACTIONS = ['save', 'load', 'list', 'delete', 'export', 'getInfo'] as const;

const Input = Type.Object(
  {
    action: Type.Union(ACTIONS.map((a) => Type.Literal(a))),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'save: state name (file name is derived from it)' })),
    version: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,32}$', description: 'save: version label, default "1.0"' })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    state: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'save: the JSON state object to persist' })),
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'load/delete/export: a file name from list' })),
  },
  { additionalProperties: false },
);

const Saved = Type.Object(
  {
    filename: Type.String(),
    fileSize: Type.Integer(),
    lastModified: Type.String(),
    name: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    readError: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    action: Type.String(),
    storageDir: Type.Optional(Type.String({ description: 'getInfo: the storage directory as "~/…" (or "$NEQSIM_MCP_STATE_DIR" outside the home directory); replies never carry absolute server paths' })),
    filename: Type.Optional(Type.String({ description: 'A file name relative to the store (as list shows it)' })),
    fileSize: Type.Optional(Type.Integer()),
    removedOlder: Type.Optional(Type.Array(Type.String(), { description: 'save: older saves of the same name removed by the retention rule (keepPerName newest kept)' })),
    name: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    savedState: Type.Optional(Type.Unknown({ description: 'load: the stored document' })),
    saved: Type.Optional(Type.Array(Saved)),
    count: Type.Optional(Type.Integer()),
    deleted: Type.Optional(Type.String()),
    exportedState: Type.Optional(Type.Unknown({ description: 'export: portable document (nothing is written)' })),
    savedCount: Type.Optional(Type.Integer()),
    totalSizeBytes: Type.Optional(Type.Integer()),
    maxStateBytes: Type.Optional(Type.Integer()),
    keepPerName: Type.Optional(Type.Integer({ description: 'getInfo: saves kept per state name (NEQSIM_MCP_STATE_KEEP_PER_NAME)' })),
    externalAllowed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;
type In = Static<typeof Input>;

/** The error envelope of a failed store operation: the store's own diagnosis, or a persistence error. */
export function stateFailure(tool: string, what: string, err: unknown): Envelope<never> {
  if (isSharedStateError(err)) return sharedStateUnavailable(tool, err);
  return err instanceof StateStoreError
    ? failure(tool, err.kind, [issue(err.code, err.message, err.fix, err.field)])
    : failure(tool, 'compute', [issue('PERSISTENCE_ERROR', stateStore().scrub(`${what} failed: ${(err as Error).message}`), 'Check the storage directory (manageState getInfo) and its permissions.')]);
}

function need(input: In, field: 'name' | 'state' | 'filename'): string | undefined {
  return input[field] === undefined ? field : undefined;
}

async function perform(input: In, ctx: ToolContext): Promise<Data> {
  const store = stateStore();
  switch (input.action) {
    case 'save': {
      const name = input.name as string;
      const version = input.version ?? '1.0';
      const doc = {
        format: SAVED_STATE_FORMAT,
        formatVersion: SAVED_STATE_FORMAT_VERSION,
        name,
        description: input.description ?? '',
        version,
        savedAt: new Date().toISOString(),
        savedBy: ctx.subject,
        engine: 'neqsim-ts',
        state: input.state,
      };
      const r = await store.saveState(name, version, doc);
      return { action: 'save', filename: r.filename, fileSize: r.fileSize, name, version, ...(r.removedOlder.length > 0 ? { removedOlder: r.removedOlder } : {}) };
    }
    case 'load': {
      const { doc, fileSize } = await store.load(input.filename as string);
      return { action: 'load', filename: input.filename, fileSize, savedState: doc };
    }
    case 'list': {
      const saved = await store.list();
      return { action: 'list', saved, count: saved.length };
    }
    case 'delete':
      await store.remove(input.filename as string);
      return { action: 'delete', deleted: input.filename };
    case 'export': {
      const { doc } = await store.load(input.filename as string);
      const d = doc as Record<string, unknown>;
      return {
        action: 'export',
        filename: input.filename,
        exportedState: {
          format: 'neqsim-exported-state',
          formatVersion: SAVED_STATE_FORMAT_VERSION,
          exportedAt: new Date().toISOString(),
          engine: 'neqsim-ts',
          name: d.name,
          version: d.version,
          state: d.state ?? d.sessionState,
          importInstructions: 'Save this document with manageState action save (name, version, state) on the target server.',
        },
      };
    }
    case 'getInfo':
      return { action: 'getInfo', ...(await store.info()) };
  }
}

export const manageStateTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'Save, load, list, export and delete JSON simulation states in the server\'s sandboxed state directory.',
  description:
    'Persist and restore JSON simulation states across server restarts, in a sandboxed directory (NEQSIM_MCP_STATE_DIR, ' +
    'default ~/.neqsim/saved_simulations). Actions: save {name, version?, description?, state} writes a new file ' +
    '"<name>_v<version>.json" (never overwrites; a suffix is added; only the newest NEQSIM_MCP_STATE_KEEP_PER_NAME saves of a name, default 10, are kept), load {filename}, list, delete {filename}, ' +
    'export {filename} (portable document, nothing written), getInfo. File names come from list; paths, "..", and ' +
    'symlinks are refused; replies name files relative to the store, never by absolute path. PLATFORM tool: blocked in STUDY_TEAM/DIGITAL_TWIN/ENTERPRISE and audited.',
  input: Input,
  output: Output,
  exampleCategory: 'state',
  // Read-only examples: catalog checks run every example, and a save would leave files in ~/.neqsim.
  examples: [
    { name: 'list-states', description: 'List the saved states', input: { action: 'list' } },
    { name: 'state-store-info', description: 'Storage directory, number and size of saved states, size limit', input: { action: 'getInfo' } },
  ],
  execution: 'inline',
  async run(input, ctx) {
    const started = performance.now();
    const missing = input.action === 'save' ? (need(input, 'name') ?? need(input, 'state')) : ['load', 'delete', 'export'].includes(input.action) ? need(input, 'filename') : undefined;
    let env: Envelope<Data>;
    if (missing !== undefined) {
      env = failure(TOOL, 'input', [issue('MISSING_FIELD', `action ${input.action} needs "${missing}"`, `Add "${missing}" to the input.`, `/${missing}`)]);
    } else {
      try {
        env = policySuccess(TOOL, `state ${input.action}`, await perform(input, ctx), started, 'Sandbox checks passed');
      } catch (err) {
        env = stateFailure(TOOL, `State ${input.action}`, err);
      }
    }
    const code = env.errors?.[0]?.code;
    audit({
      event: 'tool_call',
      subject: ctx.subject,
      tool: TOOL,
      category: 'PLATFORM',
      action: input.action,
      outcome: env.status === 'success' ? 'success' : 'error',
      profile: ctx.profile,
      ...(code !== undefined ? { detail: code } : input.filename !== undefined ? { detail: input.filename } : {}),
    });
    return env;
  },
});
