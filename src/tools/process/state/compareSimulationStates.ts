/**
 * compareSimulationStates (core, ADVISORY, v1.0): the difference between two process-state
 * snapshots (saveSimulationState's `state`, or the documents manageState load/export return):
 * equipment and streams added or removed, unit figures and stream states that changed beyond a
 * relative tolerance, whether the definitions differ, and whether each snapshot's checksum
 * still matches its content. Unlike the original (which could only see a version change between
 * two saved states), every recorded figure is compared.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { policySuccess } from '../../contract/governance/respond.js';
import { diffSnapshots, snapshotChecksum, SNAPSHOT_FORMAT, type ProcessStateSnapshot } from './snapshot.js';

const TOOL = 'compareSimulationStates';

/**
 * Example input: two snapshots of a one-stream flowsheet whose feed rate was raised. They hold
 * only what the definitions state (no computed figures), with checksums made from that content.
 */
function exampleState(version: string, flow: number): ProcessStateSnapshot {
  const processDefinition = {
    fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.9, ethane: 0.1 } },
    process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [flow, 'kg/hr'] } }],
  };
  const content = {
    processDefinition,
    equipmentStates: [{ name: 'feed', type: 'Stream', numericProperties: {}, stringProperties: { 'outlet.out': 'feed' } }],
    streamStates: { feed: { temperature_C: 25, pressure_bara: 50, massFlow_kg_hr: flow } as unknown as ProcessStateSnapshot['streamStates'][string] },
    connectionStates: [],
  };
  return { format: SNAPSHOT_FORMAT, formatVersion: '1.0.0', name: 'feed-rate-study', version, description: 'example', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'example', engine: 'neqsim-ts', ...content, checksum: snapshotChecksum(content) };
}
const DEFAULT_TOLERANCE = 1e-9;

const Input = Type.Object(
  {
    stateJson1: Type.Record(Type.String(), Type.Unknown(), { description: 'First snapshot (the "before" state)' }),
    stateJson2: Type.Record(Type.String(), Type.Unknown(), { description: 'Second snapshot (the "after" state)' }),
    relativeTolerance: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: `Numbers equal within this relative difference count as unchanged (default ${DEFAULT_TOLERANCE})` })),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    hasChanges: Type.Boolean(),
    diff: Type.Object(
      {
        addedEquipment: Type.Array(Type.String()),
        removedEquipment: Type.Array(Type.String()),
        modifiedParameters: Type.Record(Type.String(), Type.String(), { description: '"unit.figure" → "old -> new"' }),
        addedStreams: Type.Array(Type.String()),
        removedStreams: Type.Array(Type.String()),
        modifiedStreams: Type.Record(Type.String(), Type.String(), { description: '"stream.field" → "old -> new"' }),
        definitionChanged: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    versions: Type.Tuple([Type.String(), Type.String()]),
    checksumsValid: Type.Tuple([Type.Boolean(), Type.Boolean()], { description: 'Whether each snapshot’s checksum matches its content (false: edited or corrupted)' }),
    relativeTolerance: Type.Number(),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;

/** The snapshot inside a state, a saved-state document or an exported document. */
function unwrap(v: Record<string, unknown>, field: string): { ok: true; snapshot: ProcessStateSnapshot } | { ok: false; issue: DiagnosticIssue } {
  let s: unknown = v;
  if (v.format !== SNAPSHOT_FORMAT && v.state !== null && typeof v.state === 'object') s = v.state;
  const o = s as Record<string, unknown>;
  const ok = o.format === SNAPSHOT_FORMAT && Array.isArray(o.equipmentStates) && o.streamStates !== null && typeof o.streamStates === 'object' && typeof o.checksum === 'string';
  if (!ok) {
    return { ok: false, issue: issue('INVALID_STATE', `${field} is not a process-state snapshot (format "${SNAPSHOT_FORMAT}" with equipmentStates, streamStates and checksum)`, 'Pass the "state" returned by saveSimulationState, or the document manageState load returns', field) };
  }
  const eq = o.equipmentStates as unknown[];
  if (!eq.every((e) => e !== null && typeof e === 'object' && typeof (e as { name?: unknown }).name === 'string' && typeof (e as { numericProperties?: unknown }).numericProperties === 'object')) {
    return { ok: false, issue: issue('INVALID_STATE', `${field}.equipmentStates has entries without name or numericProperties`, 'Pass an unedited snapshot', `${field}.equipmentStates`) };
  }
  return { ok: true, snapshot: o as unknown as ProcessStateSnapshot };
}

export const compareSimulationStatesTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Diffs two saved process-state snapshots (saveSimulationState, manageState): what was added, removed or changed, and whether checksums hold.',
  description:
    'Diffs two process-state snapshots from saveSimulationState (or the documents manageState load/export return): equipment and streams added or removed, every unit figure and stream value (T, P, flows, enthalpy, composition) that changed beyond relativeTolerance (default 1e-9), whether the definitions differ, and whether each checksum still matches its content.',
  input: Input,
  output: Output,
  exampleCategory: 'state',
  examples: [{ name: 'compare-feed-rates', description: 'Two snapshots of a feed stream at 10 and 12 t/h: the changed flow and definition are reported', input: { stateJson1: exampleState('1.0', 10000) as unknown as Record<string, unknown>, stateJson2: exampleState('1.1', 12000) as unknown as Record<string, unknown> } }],
  execution: 'inline',
  run(input): Envelope<Data> {
    const started = performance.now();
    const a = unwrap(input.stateJson1, 'stateJson1');
    const b = unwrap(input.stateJson2, 'stateJson2');
    const problems = [a, b].flatMap((r) => (r.ok ? [] : [r.issue]));
    if (!a.ok || !b.ok) return failure(TOOL, 'compute', problems);
    const tol = input.relativeTolerance ?? DEFAULT_TOLERANCE;
    const d = diffSnapshots(a.snapshot, b.snapshot, tol);
    const { hasChanges, ...diff } = d;
    const valid = (s: ProcessStateSnapshot) => snapshotChecksum(s) === s.checksum;
    const data: Data = { hasChanges, diff, versions: [String(a.snapshot.version), String(b.snapshot.version)], checksumsValid: [valid(a.snapshot), valid(b.snapshot)], relativeTolerance: tol };
    const summary = hasChanges ? `States differ: ${Object.keys(diff.modifiedParameters).length} unit figure(s), ${Object.keys(diff.modifiedStreams).length} stream value(s) changed` : 'No differences';
    return policySuccess(TOOL, 'state comparison', data, started, summary);
  },
});
