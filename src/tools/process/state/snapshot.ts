/**
 * Process-state snapshots (the contract's ProcessSystemState): the definition that reproduces
 * the state, every unit's figures, every stream's state and the connections, with a SHA-256
 * checksum over the canonical JSON of that content. And the comparison of two snapshots that
 * compareSimulationStates reports (equipment added/removed, figures changed beyond a tolerance).
 */
import { createHash } from 'node:crypto';
import type { ProcessPayload } from '../runProcess/report.js';

export const SNAPSHOT_FORMAT = 'neqsim-process-state';
export const SNAPSHOT_FORMAT_VERSION = '1.0.0';

export interface EquipmentState {
  name: string;
  type: string;
  numericProperties: Record<string, number>;
  stringProperties: Record<string, string>;
}

export interface StreamStateSnapshot {
  temperature_C: number;
  pressure_bara: number;
  massFlow_kg_hr: number;
  molarFlow_mol_hr: number;
  enthalpy_J_kg: number;
  numberOfPhases: number;
  composition: Record<string, number>;
}

export interface ProcessStateSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  formatVersion: string;
  name: string;
  version: string;
  description: string;
  createdAt: string;
  createdBy: string;
  engine: 'neqsim-ts';
  /** The definition that was run; running it again reproduces the state. */
  processDefinition: Record<string, unknown>;
  equipmentStates: EquipmentState[];
  streamStates: Record<string, StreamStateSnapshot>;
  connectionStates: { from: string; to: string }[];
  /** sha256 of the canonical JSON of processDefinition, equipmentStates, streamStates, connectionStates. */
  checksum: string;
}

/** JSON with object keys sorted, so equal content gives equal text whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

type Content = Pick<ProcessStateSnapshot, 'processDefinition' | 'equipmentStates' | 'streamStates' | 'connectionStates'>;

export function snapshotChecksum(c: Content): string {
  const content = { processDefinition: c.processDefinition, equipmentStates: c.equipmentStates, streamStates: c.streamStates, connectionStates: c.connectionStates };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

export interface SnapshotMeta {
  name: string;
  version: string;
  description: string;
  createdBy: string;
}

export function buildSnapshot(definition: Record<string, unknown>, payload: ProcessPayload, meta: SnapshotMeta): ProcessStateSnapshot {
  const equipmentStates: EquipmentState[] = [];
  const connectionStates: { from: string; to: string }[] = [];
  for (const [name, u] of Object.entries(payload.units)) {
    const numericProperties: Record<string, number> = {};
    const stringProperties: Record<string, string> = {};
    for (const [k, v] of Object.entries(u)) if (typeof v === 'number') numericProperties[k] = v;
    if (u.noFlow) stringProperties.noFlow = 'true';
    for (const [port, stream] of Object.entries(u.outlets)) stringProperties[`outlet.${port}`] = stream ?? '';
    for (const from of u.inlets) connectionStates.push({ from, to: name });
    equipmentStates.push({ name, type: u.type, numericProperties, stringProperties });
  }
  const streamStates: Record<string, StreamStateSnapshot> = {};
  for (const [name, s] of Object.entries(payload.streams)) {
    streamStates[name] = {
      temperature_C: s.temperature_C,
      pressure_bara: s.pressure_bara,
      massFlow_kg_hr: s.massFlow_kg_hr,
      molarFlow_mol_hr: s.molarFlow_mol_hr,
      enthalpy_J_kg: s.enthalpy_J_kg,
      numberOfPhases: s.numberOfPhases,
      composition: s.composition,
    };
  }
  const content: Content = { processDefinition: definition, equipmentStates, streamStates, connectionStates };
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    name: meta.name,
    version: meta.version,
    description: meta.description,
    createdAt: new Date().toISOString(),
    createdBy: meta.createdBy,
    engine: 'neqsim-ts',
    ...content,
    checksum: snapshotChecksum(content),
  };
}

export interface SnapshotDiff {
  hasChanges: boolean;
  addedEquipment: string[];
  removedEquipment: string[];
  /** "unit.figure" → "old -> new" for figures that differ by more than the tolerance. */
  modifiedParameters: Record<string, string>;
  addedStreams: string[];
  removedStreams: string[];
  /** "stream.field" → "old -> new". */
  modifiedStreams: Record<string, string>;
  definitionChanged: boolean;
}

function differs(a: number, b: number, relTol: number): boolean {
  if (a === b) return false;
  return Math.abs(a - b) > relTol * Math.max(Math.abs(a), Math.abs(b), 1e-30);
}

function compareRecords(a: Record<string, unknown>, b: Record<string, unknown>, prefix: string, relTol: number, out: Record<string, string>): void {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[k];
    const y = b[k];
    const key = `${prefix}.${k}`;
    if (typeof x === 'number' && typeof y === 'number') {
      if (differs(x, y, relTol)) out[key] = `${x} -> ${y}`;
    } else if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') {
      compareRecords(x as Record<string, unknown>, y as Record<string, unknown>, key, relTol, out);
    } else if (canonicalJson(x) !== canonicalJson(y)) {
      out[key] = `${x === undefined ? '(absent)' : JSON.stringify(x)} -> ${y === undefined ? '(absent)' : JSON.stringify(y)}`;
    }
  }
}

/** Differences from state a to state b; numbers equal within relTol count as unchanged. */
export function diffSnapshots(a: ProcessStateSnapshot, b: ProcessStateSnapshot, relTol: number): SnapshotDiff {
  const ua = new Map(a.equipmentStates.map((e) => [e.name, e]));
  const ub = new Map(b.equipmentStates.map((e) => [e.name, e]));
  const modifiedParameters: Record<string, string> = {};
  for (const [name, ea] of ua) {
    const eb = ub.get(name);
    if (!eb) continue;
    if (ea.type !== eb.type) modifiedParameters[`${name}.type`] = `${ea.type} -> ${eb.type}`;
    compareRecords(ea.numericProperties, eb.numericProperties, name, relTol, modifiedParameters);
    compareRecords(ea.stringProperties, eb.stringProperties, name, relTol, modifiedParameters);
  }
  const modifiedStreams: Record<string, string> = {};
  for (const [name, sa] of Object.entries(a.streamStates)) {
    const sb = b.streamStates[name];
    if (sb) compareRecords(sa as unknown as Record<string, unknown>, sb as unknown as Record<string, unknown>, name, relTol, modifiedStreams);
  }
  const addedEquipment = [...ub.keys()].filter((n) => !ua.has(n));
  const removedEquipment = [...ua.keys()].filter((n) => !ub.has(n));
  const addedStreams = Object.keys(b.streamStates).filter((n) => !(n in a.streamStates));
  const removedStreams = Object.keys(a.streamStates).filter((n) => !(n in b.streamStates));
  const definitionChanged = canonicalJson(a.processDefinition) !== canonicalJson(b.processDefinition);
  const hasChanges =
    definitionChanged || addedEquipment.length + removedEquipment.length + addedStreams.length + removedStreams.length > 0 || Object.keys(modifiedParameters).length + Object.keys(modifiedStreams).length > 0;
  return { hasChanges, addedEquipment, removedEquipment, modifiedParameters, addedStreams, removedStreams, modifiedStreams, definitionChanged };
}
