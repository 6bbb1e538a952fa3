/**
 * The rules a barrier register is checked against, and what each barrier is once its references are
 * resolved (evidence, performance standard, SCEs, whether it can be credited). Every finding names
 * its rule (code), the JSON path of the offending field, and how to fix it.
 *
 * Rules (severity, code):
 * - ERROR MISSING_REQUIRED_FIELD: registerId; evidenceId and documentId of evidence; id and title of a
 *   performance standard; id, name, type and status of a barrier; id of an SCE; hazardId of a hazard.
 * - ERROR DUPLICATE_ID: an id used twice within evidence, performance standards, barriers, SCEs or hazards
 *   (reported on the second use; the first one is the one references resolve to).
 * - ERROR UNKNOWN_PERFORMANCE_STANDARD, UNKNOWN_EVIDENCE_REF, UNKNOWN_BARRIER_REF, UNKNOWN_HAZARD_REF
 *   (the last only when the register lists its hazards).
 * - ERROR PFD_OUT_OF_RANGE: barrier pfd or standard targetPfd outside [1e-12, 1] (a PFD is a
 *   probability; below 1e-12 no engineered barrier can be claimed, and runLOPA/runSIL refuse it).
 * - ERROR FRACTION_OUT_OF_RANGE: effectiveness, requiredAvailability or confidence outside [0, 1].
 * - ERROR BARRIER_PFD_ABOVE_TARGET: the barrier's PFD exceeds its performance standard's targetPfd.
 * - WARNING BARRIER_IMPAIRED (status IMPAIRED, BYPASSED or OUT_OF_SERVICE: not credited),
 *   BARRIER_WITHOUT_EVIDENCE (no traceable evidence item), EVIDENCE_NOT_TRACEABLE (no revision, or
 *   neither sourceReference nor excerpt), BARRIER_WITHOUT_PERFORMANCE_STANDARD, BARRIER_NOT_LINKED_TO_SCE,
 *   SCE_WITHOUT_BARRIERS, PERFORMANCE_STANDARD_WITHOUT_EVIDENCE, PFD_EFFECTIVENESS_INCONSISTENT
 *   (effectiveness ≠ 1 − PFD), PROOF_TEST_INTERVAL_MISSING (instrumented barrier whose standard has no
 *   proof test interval: IEC 61511-1:2016 10.3.2 puts it in the safety requirements), LOW_EVIDENCE_CONFIDENCE
 *   (only when the caller sets minEvidenceConfidence).
 * - INFO BARRIER_CATEGORY_MISSING, BARRIER_PFD_MISSING (active or unclassified barrier without PFD: no
 *   LOPA credit), BARRIER_WITHOUT_HAZARD, UNUSED_EVIDENCE, UNUSED_PERFORMANCE_STANDARD.
 */
import { BARRIER_CATEGORIES, type Barrier, type Evidence, type Finding, type Hazard, type PerformanceStandard, type Register, type Severity } from './schema.js';

/** PFD range a register may claim: [1e-12, 1] (runLOPA and runSIL accept the same range). */
export const PFD_MIN = 1e-12;
/** CCPS (2001), Layer of Protection Analysis, ch. 6: an IPL must reduce the risk by at least a factor of 10. */
export const IPL_MAX_PFD = 0.1;

export interface EvidenceSummary {
  traceable: boolean;
  directEvidenceCount: number;
  hasPerformanceStandardEvidence: boolean;
}

export interface BarrierFacts {
  barrier: Barrier;
  index: number;
  path: string;
  standard?: PerformanceStandard;
  evidence: EvidenceSummary;
  pfdValid: boolean;
  available: boolean;
  /** Available with a PFD in range: the barrier's PFD may be used. */
  canCredit: boolean;
  /** Qualifies as an independent protection layer (see iplReasons when not). */
  ipl: boolean;
  iplReasons: string[];
  nature: 'ACTIVE' | 'PASSIVE' | 'UNCLASSIFIED';
  instrumented: boolean;
  sceIds: string[];
  hasErrors: boolean;
}

export interface RegisterAnalysis {
  root: string;
  findings: Finding[];
  barriers: BarrierFacts[];
  /** First barrier of each id. */
  byId: Map<string, BarrierFacts>;
  standards: Map<string, PerformanceStandard>;
  hazards?: Map<string, Hazard>;
}

const blank = (s: string | undefined): boolean => s === undefined || s.trim() === '';
const list = <T>(a: T[] | undefined): T[] => a ?? [];

/** An evidence item is traceable when it names its document, the revision, and where in it (source reference or excerpt). */
export function isTraceable(e: Evidence): boolean {
  return !blank(e.documentId) && !blank(e.revision) && (!blank(e.sourceReference) || !blank(e.excerpt));
}

export function analyseRegister(reg: Register, root: string, opts: { minEvidenceConfidence?: number } = {}): RegisterAnalysis {
  const findings: Finding[] = [];
  const add = (severity: Severity, code: string, path: string, message: string, remediation: string) => {
    // A shared standard or evidence item is reported once, not once per barrier that uses it.
    if (!findings.some((f) => f.code === code && f.path === path)) findings.push({ severity, code, message, remediation, path });
  };
  const missing = (path: string, what: string) => add('ERROR', 'MISSING_REQUIRED_FIELD', path, `${what} is missing`, `Fill in ${path.split('.').pop()}`);
  const fraction = (v: number | undefined, path: string, what: string) => {
    if (v !== undefined && !(v >= 0 && v <= 1)) add('ERROR', 'FRACTION_OUT_OF_RANGE', path, `${what} ${v} is outside [0, 1]`, 'Give a fraction between 0 and 1');
  };
  const pfdRange = (v: number | undefined, path: string, what: string) => {
    if (v !== undefined && !(v >= PFD_MIN && v <= 1)) add('ERROR', 'PFD_OUT_OF_RANGE', path, `${what} ${v} is outside [1e-12, 1]`, 'A PFD is a probability: give a value in (0, 1] (no barrier can be claimed below 1e-12)');
  };
  /** First index of each id; DUPLICATE_ID on later ones. */
  function indexIds<T>(items: T[], idOf: (x: T) => string | undefined, section: string, idField: string, what: string): Map<string, T> {
    const m = new Map<string, T>();
    items.forEach((x, i) => {
      const id = idOf(x);
      const path = `${root}.${section}[${i}].${idField}`;
      if (blank(id)) return missing(path, `${what} ${idField}`);
      if (m.has(id!)) return add('ERROR', 'DUPLICATE_ID', path, `${what} id '${id}' is used more than once`, 'Give every item its own id');
      m.set(id!, x);
    });
    return m;
  }

  if (blank(reg.registerId)) missing(`${root}.registerId`, 'Register id');
  const evidenceList = list(reg.evidence);
  const standardsList = list(reg.performanceStandards);
  const barrierList = list(reg.barriers);
  const sceList = list(reg.safetyCriticalElements);
  const evidence = indexIds(evidenceList, (e) => e.evidenceId, 'evidence', 'evidenceId', 'Evidence');
  const standards = indexIds(standardsList, (s) => s.id, 'performanceStandards', 'id', 'Performance standard');
  const barrierIds = indexIds(barrierList, (b) => b.id, 'barriers', 'id', 'Barrier');
  indexIds(sceList, (s) => s.id, 'safetyCriticalElements', 'id', 'SCE');
  const hazards = reg.hazards === undefined ? undefined : indexIds(reg.hazards, (h) => h.hazardId, 'hazards', 'hazardId', 'Hazard');

  const usedEvidence = new Set<string>();
  const usedStandards = new Set<string>();
  /** Resolves evidence refs (UNKNOWN_EVIDENCE_REF for the others); returns the known items. */
  const resolveEvidence = (refs: string[] | undefined, path: string): Evidence[] =>
    list(refs).flatMap((r, j) => {
      const e = evidence.get(r);
      if (e === undefined) {
        add('ERROR', 'UNKNOWN_EVIDENCE_REF', `${path}.evidenceRefs[${j}]`, `Evidence '${r}' is not in the register's evidence`, 'Add the document to "evidence" or correct the reference');
        return [];
      }
      usedEvidence.add(r);
      return [e];
    });

  evidenceList.forEach((e, i) => {
    const path = `${root}.evidence[${i}]`;
    if (blank(e.documentId)) missing(`${path}.documentId`, 'Evidence documentId');
    else if (!isTraceable(e)) add('WARNING', 'EVIDENCE_NOT_TRACEABLE', path, `Evidence '${e.evidenceId}' lacks ${blank(e.revision) ? 'the document revision' : 'a source reference or excerpt'}`, 'Give the revision and where in the document (sourceReference or excerpt)');
    fraction(e.confidence, `${path}.confidence`, 'Confidence');
    if (opts.minEvidenceConfidence !== undefined && e.confidence !== undefined && e.confidence >= 0 && e.confidence < opts.minEvidenceConfidence)
      add('WARNING', 'LOW_EVIDENCE_CONFIDENCE', `${path}.confidence`, `Evidence '${e.evidenceId}' has confidence ${e.confidence} < ${opts.minEvidenceConfidence}`, 'Check the extraction against the source document');
  });

  const standardTraceable = new Map<string, boolean>();
  standardsList.forEach((s, i) => {
    const path = `${root}.performanceStandards[${i}]`;
    if (blank(s.title)) missing(`${path}.title`, 'Performance standard title');
    pfdRange(s.targetPfd, `${path}.targetPfd`, 'Target PFD');
    fraction(s.requiredAvailability, `${path}.requiredAvailability`, 'Required availability');
    const ev = resolveEvidence(s.evidenceRefs, path);
    const traceable = ev.some(isTraceable);
    if (standards.get(s.id) === s) standardTraceable.set(s.id, traceable);
    if (!traceable && list(s.evidenceRefs).length === ev.length) add('WARNING', 'PERFORMANCE_STANDARD_WITHOUT_EVIDENCE', path, `Performance standard '${s.id}' has no traceable evidence`, 'Reference the SRS, datasheet or study that sets the requirement (evidenceRefs)');
  });

  // SCE → barriers (before the barriers, which need to know their SCEs).
  const scesOfBarrier = new Map<string, string[]>();
  sceList.forEach((s, i) => {
    const path = `${root}.safetyCriticalElements[${i}]`;
    resolveEvidence(s.evidenceRefs, path);
    if (list(s.barrierRefs).length === 0) add('WARNING', 'SCE_WITHOUT_BARRIERS', `${path}.barrierRefs`, `SCE '${s.id}' lists no barriers`, 'Name the barriers this element is part of (barrierRefs)');
    list(s.barrierRefs).forEach((r, j) => {
      if (!barrierIds.has(r)) return add('ERROR', 'UNKNOWN_BARRIER_REF', `${path}.barrierRefs[${j}]`, `Barrier '${r}' is not in the register`, 'Add the barrier or correct the reference');
      scesOfBarrier.set(r, [...(scesOfBarrier.get(r) ?? []), s.id]);
    });
  });

  const facts: BarrierFacts[] = barrierList.map((b, i) => {
    const path = `${root}.barriers[${i}]`;
    const before = findings.length;
    if (blank(b.name)) missing(`${path}.name`, 'Barrier name');
    if (b.type === undefined) missing(`${path}.type`, 'Barrier type (PREVENTION or MITIGATION)');
    if (b.status === undefined) missing(`${path}.status`, 'Barrier status');
    if (b.category === undefined) add('INFO', 'BARRIER_CATEGORY_MISSING', `${path}.category`, `Barrier '${b.id}' has no category: it is neither classed active/passive nor offered as a SIF`, 'Set category (e.g. HIPPS, ESD, RELIEF, PASSIVE_FIRE_PROTECTION)');
    pfdRange(b.pfd, `${path}.pfd`, 'PFD');
    fraction(b.effectiveness, `${path}.effectiveness`, 'Effectiveness');
    const cat = b.category === undefined ? undefined : BARRIER_CATEGORIES[b.category];
    let standard: PerformanceStandard | undefined;
    if (blank(b.performanceStandardId)) add('WARNING', 'BARRIER_WITHOUT_PERFORMANCE_STANDARD', `${path}.performanceStandardId`, `Barrier '${b.id}' has no performance standard`, 'Link the performance standard that states its required function, reliability and survivability');
    else {
      standard = standards.get(b.performanceStandardId!);
      if (standard === undefined) add('ERROR', 'UNKNOWN_PERFORMANCE_STANDARD', `${path}.performanceStandardId`, `Performance standard '${b.performanceStandardId}' is not in the register`, 'Add it to "performanceStandards" or correct the id');
      else usedStandards.add(standard.id);
    }
    const pfdValid = b.pfd !== undefined && b.pfd >= PFD_MIN && b.pfd <= 1;
    if (pfdValid && standard?.targetPfd !== undefined && standard.targetPfd >= PFD_MIN && b.pfd! > standard.targetPfd)
      add('ERROR', 'BARRIER_PFD_ABOVE_TARGET', `${path}.pfd`, `Barrier '${b.id}' PFD ${b.pfd} exceeds the target ${standard.targetPfd} of '${standard.id}'`, 'Improve the barrier (architecture, test interval) or correct the claimed PFD');
    if (pfdValid && b.effectiveness !== undefined && b.effectiveness >= 0 && b.effectiveness <= 1 && Math.abs(b.effectiveness - (1 - b.pfd!)) > 1e-9)
      add('WARNING', 'PFD_EFFECTIVENESS_INCONSISTENT', `${path}.effectiveness`, `Barrier '${b.id}': effectiveness ${b.effectiveness} ≠ 1 − PFD = ${1 - b.pfd!}`, 'Give one of them, or make them agree; the PFD is what is credited');
    if (b.pfd === undefined && cat?.nature !== 'PASSIVE') add('INFO', 'BARRIER_PFD_MISSING', `${path}.pfd`, `Barrier '${b.id}' has no PFD: it cannot be credited in LOPA`, 'Give the verified PFD');
    if (b.status !== undefined && b.status !== 'AVAILABLE') add('WARNING', 'BARRIER_IMPAIRED', `${path}.status`, `Barrier '${b.id}' is ${b.status}: it is not credited`, 'Restore the barrier or put compensating measures in place and record them');
    if (cat?.instrumented === true && standard !== undefined && standard.proofTestIntervalHours === undefined)
      add('WARNING', 'PROOF_TEST_INTERVAL_MISSING', `${root}.performanceStandards[${standardsList.indexOf(standard)}].proofTestIntervalHours`, `Instrumented barrier '${b.id}': its standard '${standard.id}' has no proof test interval`, 'State the proof test interval the PFD is based on (IEC 61511-1 10.3.2)');
    const ev = resolveEvidence(b.evidenceRefs, path);
    const direct = ev.filter(isTraceable);
    if (direct.length === 0 && list(b.evidenceRefs).length === ev.length) add('WARNING', 'BARRIER_WITHOUT_EVIDENCE', `${path}.evidenceRefs`, `Barrier '${b.id}' has no traceable evidence`, 'Reference the P&ID, C&E, SRS or datasheet that shows it');
    if (hazards !== undefined)
      list(b.hazardIds).forEach((h, j) => {
        if (!hazards.has(h)) add('ERROR', 'UNKNOWN_HAZARD_REF', `${path}.hazardIds[${j}]`, `Hazard '${h}' is not in the register's hazards`, 'Add the hazard or correct the reference');
      });
    if (list(b.hazardIds).length === 0) add('INFO', 'BARRIER_WITHOUT_HAZARD', `${path}.hazardIds`, `Barrier '${b.id}' acts on no hazard: it is in no LOPA scenario or bow tie`, 'List the hazards (top events) it acts on');
    const sceIds = barrierIds.get(b.id) === b ? (scesOfBarrier.get(b.id) ?? []) : [];
    if (sceIds.length === 0 && barrierIds.get(b.id) === b) add('WARNING', 'BARRIER_NOT_LINKED_TO_SCE', path, `Barrier '${b.id}' is not part of any safety-critical element`, 'Reference it from the SCE it belongs to (barrierRefs)');
    const hasErrors = findings.slice(before).some((f) => f.severity === 'ERROR') || barrierIds.get(b.id) !== b;
    const available = b.status === 'AVAILABLE';
    const evidenceSummary = { traceable: direct.length > 0, directEvidenceCount: direct.length, hasPerformanceStandardEvidence: standard !== undefined && standardTraceable.get(standard.id) === true };
    const iplReasons = [
      ...(hasErrors ? ['the register has errors for this barrier'] : []),
      ...(!available ? [`status ${b.status ?? 'missing'}`] : []),
      ...(!pfdValid ? ['no valid PFD'] : b.pfd! > IPL_MAX_PFD ? [`PFD ${b.pfd} > 0.1 (CCPS: an IPL reduces the risk at least tenfold)`] : []),
      ...(b.independent === false ? ['declared not independent'] : []),
      ...(!evidenceSummary.traceable ? ['no traceable evidence (an IPL must be auditable)'] : []),
    ];
    return {
      barrier: b,
      index: i,
      path,
      ...(standard !== undefined ? { standard } : {}),
      evidence: evidenceSummary,
      pfdValid,
      available,
      canCredit: available && pfdValid,
      ipl: iplReasons.length === 0,
      iplReasons,
      nature: cat?.nature ?? 'UNCLASSIFIED',
      instrumented: cat?.instrumented ?? false,
      sceIds,
      hasErrors,
    };
  });

  evidenceList.forEach((e, i) => {
    if (!blank(e.evidenceId) && evidence.get(e.evidenceId) === e && !usedEvidence.has(e.evidenceId))
      add('INFO', 'UNUSED_EVIDENCE', `${root}.evidence[${i}]`, `Evidence '${e.evidenceId}' is referenced by nothing`, 'Reference it or remove it');
  });
  standardsList.forEach((s, i) => {
    if (!blank(s.id) && standards.get(s.id) === s && !usedStandards.has(s.id))
      add('INFO', 'UNUSED_PERFORMANCE_STANDARD', `${root}.performanceStandards[${i}]`, `Performance standard '${s.id}' is used by no barrier`, 'Link it from its barrier or remove it');
  });

  const byId = new Map<string, BarrierFacts>();
  for (const f of facts) if (!byId.has(f.barrier.id) && !blank(f.barrier.id)) byId.set(f.barrier.id, f);
  return { root, findings, barriers: facts, byId, standards, ...(hazards !== undefined ? { hazards } : {}) };
}

/** Counts of findings by severity. */
export function countFindings(findings: readonly Finding[]): { errorCount: number; warningCount: number; infoCount: number } {
  return {
    errorCount: findings.filter((f) => f.severity === 'ERROR').length,
    warningCount: findings.filter((f) => f.severity === 'WARNING').length,
    infoCount: findings.filter((f) => f.severity === 'INFO').length,
  };
}
