/**
 * saveSimulationState (advanced, EXECUTION, v1.0): runs a process definition (as runProcess)
 * and saves the resulting state as a JSON snapshot (ProcessSystemState: definition, equipment
 * figures, stream states, connections, checksum) in the sandboxed state store, where
 * manageState can list, load and export it. EXECUTION: allowed in DESKTOP_ENGINEER and
 * STUDY_TEAM, blocked elsewhere by the contract's profiles, and audited with its outcome.
 * Runs inline: the file write belongs to the main thread's store, and the flowsheets it
 * snapshots solve in milliseconds.
 */
import { Type, type Static } from '@sinclair/typebox';
import { success, type Envelope } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { audit } from '../../contract/governance/audit.js';
import { simulateProcess } from '../runProcess/runProcess.js';
import { RunProcessInput } from '../runProcess/schema.js';
import { RUN_PROCESS_EXAMPLES } from '../runProcess/examples.js';
import { SAVED_STATE_FORMAT, SAVED_STATE_FORMAT_VERSION, stateFailure } from './manageState.js';
import { stateStore } from './config.js';
import { buildSnapshot } from './snapshot.js';

const TOOL = 'saveSimulationState';

const Input = Type.Object(
  {
    processJson: RunProcessInput,
    stateName: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the state; the file name is derived from it' }),
    stateVersion: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,32}$', description: 'Version label, default "1.0"' })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    persist: Type.Optional(Type.Boolean({ description: 'Write the snapshot to the state store (default true); false only returns it' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    stateName: Type.String(),
    stateVersion: Type.String(),
    persisted: Type.Boolean(),
    filename: Type.Optional(Type.String({ description: 'Name in the state store (manageState load/export take it)' })),
    fileSize: Type.Optional(Type.Integer()),
    storageDir: Type.Optional(Type.String({ description: 'The store\'s directory as "~/…" (or "$NEQSIM_MCP_STATE_DIR"); never an absolute server path' })),
    removedOlder: Type.Optional(Type.Array(Type.String(), { description: 'Older saves of this state name removed by the retention rule (NEQSIM_MCP_STATE_KEEP_PER_NAME)' })),
    checksum: Type.String({ description: 'sha256 of the canonical JSON of the state content' }),
    equipmentCount: Type.Integer(),
    streamCount: Type.Integer(),
    state: Type.Record(Type.String(), Type.Unknown(), { description: 'The ProcessSystemState snapshot' }),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;

async function save(input: In, ctx: ToolContext, started: number): Promise<Envelope<Data>> {
  const sim = simulateProcess(TOOL, input.processJson, ctx, '/processJson');
  if (!sim.ok) return sim.env;
  const version = input.stateVersion ?? '1.0';
  const snapshot = buildSnapshot(input.processJson as Record<string, unknown>, sim.payload, { name: input.stateName, version, description: input.description ?? '', createdBy: ctx.subject });
  const data: Data = {
    stateName: input.stateName,
    stateVersion: version,
    persisted: false,
    checksum: snapshot.checksum,
    equipmentCount: snapshot.equipmentStates.length,
    streamCount: Object.keys(snapshot.streamStates).length,
    state: snapshot as unknown as Record<string, unknown>,
  };
  if (input.persist !== false) {
    const store = stateStore();
    const doc = {
      format: SAVED_STATE_FORMAT,
      formatVersion: SAVED_STATE_FORMAT_VERSION,
      name: input.stateName,
      description: input.description ?? '',
      version,
      savedAt: snapshot.createdAt,
      savedBy: ctx.subject,
      engine: 'neqsim-ts',
      state: snapshot,
    };
    const r = await store.saveState(input.stateName, version, doc);
    Object.assign(data, { persisted: true, filename: r.filename, fileSize: r.fileSize, storageDir: store.displayDir(), ...(r.removedOlder.length > 0 ? { removedOlder: r.removedOlder } : {}) });
  }
  return success({
    tool: TOOL,
    data,
    warnings: sim.warnings,
    provenance: {
      model: sim.model,
      calculationType: 'process simulation state snapshot',
      convergence: { converged: true, iterations: sim.solved.iterations },
      assumptions: ['The state is the steady-state solution of the given definition (see runProcess)'],
      limitations: ['A snapshot records results; loading it does not restore a live simulation (re-run state.processDefinition with runProcess)'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Definition checked; flowsheet solved; snapshot written atomically',
  });
}

export const saveSimulationStateTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'EXECUTION',
  since: 'v1.0',
  summary: 'Runs a process definition and saves the steady state as a checksummed JSON snapshot in the state store (or just returns it).',
  description:
    'Runs a process definition (the runProcess input, in processJson) and saves the resulting steady state as a JSON snapshot: the definition, every unit’s figures, every stream’s T, P, flows, enthalpy and composition, the connections and a sha256 checksum. ' +
    'Written atomically to the sandboxed state store (NEQSIM_MCP_STATE_DIR) as "<stateName>_v<stateVersion>.json" (never overwrites); manageState list/load/export read it; compareSimulationStates diffs two snapshots. persist: false only returns the snapshot. ' +
    'EXECUTION tool: blocked in DIGITAL_TWIN and ENTERPRISE, audited.',
  input: Input,
  output: Output,
  exampleCategory: 'state',
  // persist: false so the catalog checks that run every example leave no files behind.
  examples: [{ name: 'snapshot-separation', description: 'Snapshot of a feed/separator flowsheet without writing it', input: { processJson: RUN_PROCESS_EXAMPLES[0].input, stateName: 'separation-study', stateVersion: '1.0', persist: false } }],
  execution: 'inline',
  async run(input, ctx) {
    const started = performance.now();
    let env: Envelope<Data>;
    try {
      env = await save(input, ctx, started);
    } catch (err) {
      env = stateFailure(TOOL, 'Saving the state', err);
    }
    const code = env.errors?.[0]?.code;
    audit({
      event: 'tool_call',
      subject: ctx.subject,
      tool: TOOL,
      category: 'EXECUTION',
      action: 'save',
      outcome: env.status === 'success' ? 'success' : 'error',
      profile: ctx.profile,
      detail: code ?? (env.status === 'success' ? ((env.data as Data).filename ?? 'not persisted') : undefined),
    });
    return env;
  },
});
