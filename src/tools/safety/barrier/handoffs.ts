/**
 * What a validated barrier register hands to the quantitative tools: runLOPA inputs per hazard (the
 * barriers that qualify as independent protection layers), runSIL inputs for the instrumented
 * barriers, the bow-tie structure, and QRA screening multipliers. The inputs are built in the exact
 * shape of runLOPA's and runSIL's schemas so they can be sent to those tools unchanged.
 */
import { silOfPfd } from '../../../engine/safety/sis.js';
import type { RegisterAnalysis, BarrierFacts, EvidenceSummary } from './validate.js';

/** runLOPA accepts at most this many layers per scenario. */
const LOPA_MAX_LAYERS = 50;

export interface LopaInput {
  scenario: string;
  initiatingEventFrequency_per_year?: number;
  targetFrequency_per_year?: number;
  layers: { name: string; pfd: number }[];
}
export interface SilInput {
  name: string;
  pfdAvg: number;
  claimedSIL?: number;
  proofTestInterval_hours?: number;
}

const nameOf = (f: BarrierFacts): string => (f.barrier.name !== undefined && f.barrier.name.trim() !== '' ? f.barrier.name : f.barrier.id).slice(0, 200);
const hazardsOf = (f: BarrierFacts): string[] => [...new Set(f.barrier.hazardIds ?? [])];

/** Hazard ids in order: the register's list first, then those only barriers name. */
function hazardOrder(a: RegisterAnalysis): string[] {
  const ids = new Set<string>(a.hazards !== undefined ? a.hazards.keys() : []);
  for (const f of a.barriers) if (!f.hasErrors) for (const h of hazardsOf(f)) ids.add(h);
  return [...ids];
}

/** Barriers of a hazard that are not in error, prevention before mitigation (the order they act in). */
function barriersOfHazard(a: RegisterAnalysis, hazardId: string): BarrierFacts[] {
  const on = a.barriers.filter((f) => !f.hasErrors && hazardsOf(f).includes(hazardId));
  return [...on.filter((f) => f.barrier.type === 'PREVENTION'), ...on.filter((f) => f.barrier.type !== 'PREVENTION')];
}

export function lopaHandoff(a: RegisterAnalysis) {
  const layers = a.barriers
    .filter((f) => f.ipl)
    .map((f) => ({
      barrierId: f.barrier.id,
      name: nameOf(f),
      type: f.barrier.type!,
      pfd: f.barrier.pfd!,
      rrf: 1 / f.barrier.pfd!,
      independenceNeedsReview: f.barrier.independent !== true,
      hazardIds: hazardsOf(f),
      equipmentTags: f.barrier.equipmentTags ?? [],
      evidence: f.evidence,
    }));
  const excluded = a.barriers.filter((f) => !f.ipl && f.barrier.id.trim() !== '').map((f) => ({ barrierId: f.barrier.id, reasons: f.iplReasons }));
  const scenarios = hazardOrder(a).map((hazardId) => {
    const hazard = a.hazards?.get(hazardId);
    const ipls = barriersOfHazard(a, hazardId).filter((f) => f.ipl);
    const input: LopaInput = {
      scenario: (hazard?.description?.trim() ? hazard.description : hazardId).slice(0, 300),
      ...(hazard?.initiatingEventFrequency_per_year !== undefined ? { initiatingEventFrequency_per_year: hazard.initiatingEventFrequency_per_year } : {}),
      ...(hazard?.targetFrequency_per_year !== undefined ? { targetFrequency_per_year: hazard.targetFrequency_per_year } : {}),
      layers: ipls.slice(0, LOPA_MAX_LAYERS).map((f) => ({ name: nameOf(f), pfd: f.barrier.pfd! })),
    };
    const missingFields = [
      ...(input.initiatingEventFrequency_per_year === undefined ? ['initiatingEventFrequency_per_year'] : []),
      ...(input.targetFrequency_per_year === undefined ? ['targetFrequency_per_year'] : []),
    ];
    return {
      hazardId,
      barrierIds: ipls.map((f) => f.barrier.id),
      complete: missingFields.length === 0 && ipls.length <= LOPA_MAX_LAYERS,
      missingFields,
      ...(ipls.length > LOPA_MAX_LAYERS ? { truncated: `only the first ${LOPA_MAX_LAYERS} of ${ipls.length} layers (runLOPA's limit)` } : {}),
      input,
    };
  });
  return {
    tool: 'runLOPA' as const,
    layers,
    excluded,
    scenarios,
    note:
      'A layer qualifies when the barrier is AVAILABLE, has a PFD in [1e-12, 0.1] (CCPS 2001: an IPL reduces the risk at least tenfold), is not declared dependent, has traceable evidence and no register error. ' +
      'Each complete scenario input can be sent to runLOPA as it is; give the hazard frequencies in register.hazards to complete the others. Review independence before claiming the credit (independenceNeedsReview).',
  };
}

export function silHandoff(a: RegisterAnalysis) {
  const instrumented = a.barriers.filter((f) => f.instrumented && f.barrier.id.trim() !== '');
  const candidates: {
    barrierId: string;
    performanceStandardId?: string;
    demandMode: string;
    claimedPfd: number;
    achievedSIL: number;
    targetPfd?: number;
    targetMet?: boolean;
    equipmentTags: string[];
    evidence: EvidenceSummary;
    input: SilInput;
  }[] = [];
  const excluded: { barrierId: string; reason: string }[] = [];
  for (const f of instrumented) {
    const mode = f.standard?.demandMode ?? 'LOW_DEMAND';
    if (f.hasErrors) excluded.push({ barrierId: f.barrier.id, reason: 'the register has errors for this barrier' });
    else if (!f.pfdValid) excluded.push({ barrierId: f.barrier.id, reason: 'no valid PFD' });
    else if (mode !== 'LOW_DEMAND') excluded.push({ barrierId: f.barrier.id, reason: `${mode}: runSIL verifies the low-demand PFDavg only; use runSafetySystemPerformance with failure rates for the PFH` });
    else {
      const pfd = f.barrier.pfd!;
      const target = f.standard?.targetPfd !== undefined && f.standard.targetPfd >= 1e-12 && f.standard.targetPfd <= 1 ? f.standard.targetPfd : undefined;
      candidates.push({
        barrierId: f.barrier.id,
        ...(f.standard !== undefined ? { performanceStandardId: f.standard.id } : {}),
        demandMode: mode,
        claimedPfd: pfd,
        achievedSIL: silOfPfd(pfd),
        ...(target !== undefined ? { targetPfd: target, targetMet: pfd <= target } : {}),
        equipmentTags: f.barrier.equipmentTags ?? [],
        evidence: f.evidence,
        input: {
          name: nameOf(f),
          pfdAvg: pfd,
          ...(f.barrier.claimedSIL !== undefined ? { claimedSIL: f.barrier.claimedSIL } : {}),
          ...(f.standard?.proofTestIntervalHours !== undefined ? { proofTestInterval_hours: f.standard.proofTestIntervalHours } : {}),
        },
      });
    }
  }
  return { tool: 'runSIL' as const, candidates, excluded, note: 'Instrumented barriers only (category SIF, HIPPS, ESD, FIRE_GAS_DETECTION, BLOWDOWN); relief valves and passive barriers are not SIFs. Each input can be sent to runSIL as it is.' };
}

export function bowTieHandoff(a: RegisterAnalysis) {
  const ok = a.barriers.filter((f) => !f.hasErrors);
  return {
    hazards: hazardOrder(a).map((hazardId) => {
      const on = barriersOfHazard(a, hazardId);
      return { hazardId, preventionBarriers: on.filter((f) => f.barrier.type === 'PREVENTION').map((f) => f.barrier.id), mitigationBarriers: on.filter((f) => f.barrier.type === 'MITIGATION').map((f) => f.barrier.id) };
    }),
    barriers: ok.map((f) => ({
      id: f.barrier.id,
      description: nameOf(f),
      barrierType: f.barrier.type!,
      ...(f.pfdValid ? { pfd: f.barrier.pfd! } : {}),
      functional: f.available,
      ...(f.barrier.owner !== undefined ? { owner: f.barrier.owner } : {}),
      hazardIds: hazardsOf(f),
    })),
    note: 'Structure for a bow-tie model (threats and consequences are not in the register); this server has no bow-tie tool.',
  };
}

/**
 * QRA screening per hazard: the top-event frequency multiplier is the product of the PFDs of the
 * prevention barriers that qualify as IPLs, the consequence multiplier that of the qualifying
 * mitigation barriers (the probability that every one of them fails on demand: the unmitigated
 * branch of an event tree with independent, all-or-nothing barriers). Their product times the
 * initiating frequency is runLOPA's mitigated frequency.
 */
export function qraHandoff(a: RegisterAnalysis) {
  return {
    screeningOnly: true as const,
    hazards: hazardOrder(a).map((hazardId) => {
      const on = barriersOfHazard(a, hazardId);
      const rows = on.map((f) => ({
        barrierId: f.barrier.id,
        type: f.barrier.type!,
        credited: f.ipl,
        creditType: f.barrier.type === 'PREVENTION' ? ('preventiveFrequencyMultiplier' as const) : ('mitigationConsequenceMultiplier' as const),
        multiplier: f.ipl ? f.barrier.pfd! : 1,
      }));
      const product = (type: string) => rows.filter((r) => r.type === type).reduce((p, r) => p * r.multiplier, 1);
      return { hazardId, topEventFrequencyMultiplier: product('PREVENTION'), consequenceMultiplier: product('MITIGATION'), barriers: rows };
    }),
    note: 'Screening multipliers: product of the credited (IPL) PFDs before the top event, and of those after it (probability that all mitigation fails). Barriers not credited count as 1. Not a substitute for an event tree with escalation and partial outcomes.',
  };
}
