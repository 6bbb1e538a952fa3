/**
 * The evidence-linked barrier register shared by runBarrierRegister and runSafetySystemPerformance:
 * document evidence, performance standards, barriers, safety-critical elements (SCE) and hazards.
 * The schema only limits shapes and sizes; whether the register is complete and consistent (ids,
 * references, PFD range, required fields) is decided by the rules of validate.ts, so that a half
 * finished register comes back as a list of findings rather than as one schema error.
 */
import { Type, type Static } from '@sinclair/typebox';

const Id = Type.String({ maxLength: 200 });
const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description !== undefined ? { description } : {}) });
const Refs = (description: string) => Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200, description });
/** A ratio or probability whose range is checked by a rule (so a bad value becomes a finding). */
const Ratio = (description: string) => Type.Number({ minimum: -1e9, maximum: 1e9, description });
const Seconds = (description: string) => Type.Number({ minimum: 0, maximum: 1e9, description });

/**
 * Barrier categories and what they are: active or passive (ISO 13702:2015 3.1, "active fire
 * protection" needs activation, "passive" does not), and whether the function is instrumented
 * (a SIF in IEC 61511's sense, verified by PFDavg/PFH). RELIEF, DELUGE, FIREWATER, BPCS and
 * ALARM_RESPONSE are active but not SIFs.
 */
export const BARRIER_CATEGORIES = {
  SIF: { nature: 'ACTIVE', instrumented: true },
  HIPPS: { nature: 'ACTIVE', instrumented: true },
  ESD: { nature: 'ACTIVE', instrumented: true },
  FIRE_GAS_DETECTION: { nature: 'ACTIVE', instrumented: true },
  BLOWDOWN: { nature: 'ACTIVE', instrumented: true },
  RELIEF: { nature: 'ACTIVE', instrumented: false },
  DELUGE: { nature: 'ACTIVE', instrumented: false },
  FIREWATER: { nature: 'ACTIVE', instrumented: false },
  BPCS: { nature: 'ACTIVE', instrumented: false },
  ALARM_RESPONSE: { nature: 'ACTIVE', instrumented: false },
  OTHER_ACTIVE: { nature: 'ACTIVE', instrumented: false },
  PASSIVE_FIRE_PROTECTION: { nature: 'PASSIVE', instrumented: false },
  FIRE_BLAST_WALL: { nature: 'PASSIVE', instrumented: false },
  CONTAINMENT: { nature: 'PASSIVE', instrumented: false },
  OTHER_PASSIVE: { nature: 'PASSIVE', instrumented: false },
} as const;
export type BarrierCategory = keyof typeof BARRIER_CATEGORIES;
export const CategorySchema = Type.Union(Object.keys(BARRIER_CATEGORIES).map((c) => Type.Literal(c as BarrierCategory)), { description: 'What the barrier is; sets active/passive and whether it is a SIF' });

export const BARRIER_STATUSES = ['AVAILABLE', 'IMPAIRED', 'BYPASSED', 'OUT_OF_SERVICE'] as const;
export const DemandModeSchema = Type.Union([Type.Literal('LOW_DEMAND'), Type.Literal('HIGH_DEMAND'), Type.Literal('CONTINUOUS')]);

export const EvidenceSchema = Type.Object(
  {
    evidenceId: Id,
    documentId: Type.Optional(Text(200, 'Document number (required)')),
    documentTitle: Type.Optional(Text(500)),
    revision: Type.Optional(Text(50, 'Document revision (needed for traceability)')),
    installationCode: Type.Optional(Text(100)),
    section: Type.Optional(Text(500)),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e6 })),
    sourceReference: Type.Optional(Text(1000, 'Where in the document (table, tag, clause)')),
    excerpt: Type.Optional(Text(4000, 'Quoted text')),
    confidence: Type.Optional(Ratio('Extraction confidence, 0…1')),
  },
  { additionalProperties: false },
);

export const PerformanceStandardSchema = Type.Object(
  {
    id: Id,
    title: Type.Optional(Text(500)),
    safetyFunction: Type.Optional(Text(1000)),
    demandMode: Type.Optional(DemandModeSchema),
    targetPfd: Type.Optional(Ratio('Required PFDavg (low demand), 0 < PFD ≤ 1')),
    requiredAvailability: Type.Optional(Ratio('Required availability, 0…1')),
    proofTestIntervalHours: Type.Optional(Type.Number({ minimum: 1, maximum: 1e6, description: 'Proof test interval, h' })),
    responseTimeSeconds: Type.Optional(Seconds('Required response time, s')),
    acceptanceCriteria: Type.Optional(Type.Array(Text(2000), { maxItems: 100 })),
    evidenceRefs: Type.Optional(Refs('evidenceId of the documents that set this standard')),
  },
  { additionalProperties: false },
);

export const BarrierSchema = Type.Object(
  {
    id: Id,
    name: Type.Optional(Text(200)),
    description: Type.Optional(Text(2000)),
    type: Type.Optional(Type.Union([Type.Literal('PREVENTION'), Type.Literal('MITIGATION')], { description: 'Bow-tie side: before or after the top event' })),
    category: Type.Optional(CategorySchema),
    status: Type.Optional(Type.Union(BARRIER_STATUSES.map((s) => Type.Literal(s)))),
    safetyFunction: Type.Optional(Text(1000)),
    owner: Type.Optional(Text(200)),
    pfd: Type.Optional(Ratio('Probability of failure on demand, 1e-12 ≤ PFD ≤ 1')),
    effectiveness: Type.Optional(Ratio('Probability that the barrier works on demand (1 − PFD when both are given)')),
    claimedSIL: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'SIL claimed for an instrumented barrier' })),
    independent: Type.Optional(Type.Boolean({ description: 'Independence from the initiating cause and the other layers has been reviewed (false excludes it from LOPA)' })),
    performanceStandardId: Type.Optional(Id),
    equipmentTags: Type.Optional(Refs('Tags of the equipment the barrier consists of or protects')),
    hazardIds: Type.Optional(Refs('Hazards (bow-tie top events) the barrier acts on')),
    evidenceRefs: Type.Optional(Refs('evidenceId of the documents that show the barrier')),
  },
  { additionalProperties: false },
);

export const SceSchema = Type.Object(
  {
    id: Id,
    tag: Type.Optional(Text(200)),
    name: Type.Optional(Text(500)),
    type: Type.Optional(Text(100)),
    owner: Type.Optional(Text(200)),
    equipmentTags: Type.Optional(Refs('Equipment tags of the element')),
    barrierRefs: Type.Optional(Refs('Barriers this element is part of')),
    evidenceRefs: Type.Optional(Refs('evidenceId of the documents that show the element')),
  },
  { additionalProperties: false },
);

export const HazardSchema = Type.Object(
  {
    hazardId: Id,
    description: Type.Optional(Text(1000)),
    // Same bounds as runLOPA's inputs, so that a complete LOPA hand-off is always a valid runLOPA input.
    initiatingEventFrequency_per_year: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1e6, description: 'Initiating event frequency of the hazard, per year (for the LOPA hand-off)' })),
    targetFrequency_per_year: Type.Optional(Type.Number({ minimum: 1e-15, maximum: 1e6, description: 'Tolerable frequency of the consequence, per year' })),
  },
  { additionalProperties: false },
);

export const RegisterSchema = Type.Object(
  {
    registerId: Type.Optional(Id),
    name: Type.Optional(Text(500)),
    evidence: Type.Optional(Type.Array(EvidenceSchema, { maxItems: 2000 })),
    performanceStandards: Type.Optional(Type.Array(PerformanceStandardSchema, { maxItems: 2000 })),
    barriers: Type.Optional(Type.Array(BarrierSchema, { maxItems: 2000 })),
    safetyCriticalElements: Type.Optional(Type.Array(SceSchema, { maxItems: 2000 })),
    hazards: Type.Optional(Type.Array(HazardSchema, { maxItems: 500, description: 'Hazards with their frequencies: makes the LOPA hand-off runnable; when given, barrier hazardIds must refer to them' })),
  },
  { additionalProperties: false, description: 'Barrier register: evidence, performanceStandards, barriers, safetyCriticalElements (and optional hazards)' },
);

export type Evidence = Static<typeof EvidenceSchema>;
export type PerformanceStandard = Static<typeof PerformanceStandardSchema>;
export type Barrier = Static<typeof BarrierSchema>;
export type Sce = Static<typeof SceSchema>;
export type Hazard = Static<typeof HazardSchema>;
export type Register = Static<typeof RegisterSchema>;

export const SeveritySchema = Type.Union([Type.Literal('ERROR'), Type.Literal('WARNING'), Type.Literal('INFO')]);
export const FindingSchema = Type.Object(
  { severity: SeveritySchema, code: Type.String(), message: Type.String(), remediation: Type.String(), path: Type.String() },
  { additionalProperties: false },
);
export type Finding = Static<typeof FindingSchema>;
export type Severity = Finding['severity'];

/** The register of an input that may call it "register" or "barrierRegister" (the original accepts both). */
export function pickRegister(input: { register?: Register; barrierRegister?: Register }): { register: Register; root: string } | { error: string } {
  if (input.register !== undefined && input.barrierRegister !== undefined) return { error: 'both' };
  if (input.register !== undefined) return { register: input.register, root: 'register' };
  if (input.barrierRegister !== undefined) return { register: input.barrierRegister, root: 'barrierRegister' };
  return { error: 'none' };
}
