/**
 * Safety-system performance against a barrier register: quantitative SIF verification (low demand
 * through runSIL — the same IEC 61508-6 PFDavg with common cause — and high demand by PFH), voting
 * state of logic SIFs, and per demand case the barrier's availability, response time, process
 * safety time, capacity and fire rating against its requirements. Every rule is stated where it is
 * applied; a verdict is FAIL with any ERROR finding, PASS_WITH_WARNINGS with any WARNING, else PASS.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_COMMON_CAUSE_BETA, DEFAULT_PROOF_TEST_INTERVAL_H, HARDWARE_FAULT_TOLERANCE, type Architecture } from '../../../engine/safety/sis.js';
import { demandModeOfRate, pfh, pfhLimitOfSil, silOfPfh, type DemandMode } from '../../../engine/safety/high-demand.js';
import { runSILTool } from '../runSIL.js';
import type { Envelope } from '../../contract/envelope.js';
import type { ToolContext } from '../../contract/types.js';
import { BARRIER_CATEGORIES, CategorySchema, DemandModeSchema, type Finding, type Severity } from './schema.js';
import type { BarrierFacts, RegisterAnalysis } from './validate.js';

const ArchitectureSchema = Type.Union((['1oo1', '1oo2', '2oo2', '2oo3', '1oo3'] as const).map((a) => Type.Literal(a)));
/** runSIL's defaults, used for PFH as well. */
const DEFAULT_BETA = DEFAULT_COMMON_CAUSE_BETA;
const DEFAULT_T1 = DEFAULT_PROOF_TEST_INTERVAL_H;
const Seconds = (description: string) => Type.Number({ minimum: 0, maximum: 1e9, description });
const Fraction = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
const Quantity = (description: string) => Type.Number({ minimum: -1e12, maximum: 1e12, description });

export const DemandCaseSchema = Type.Object(
  {
    demandId: Type.String({ maxLength: 200 }),
    barrierId: Type.String({ maxLength: 200 }),
    category: Type.Optional(CategorySchema),
    scenario: Type.Optional(Type.String({ maxLength: 1000 })),
    demandRate_per_year: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: 'Demands on the function per year (> 1 = high demand mode, IEC 61508-4 3.5.16)' })),
    processSafetyTimeSeconds: Type.Optional(Seconds('Time from the demand to the hazardous event if the function does not act, s')),
    requiredResponseTimeSeconds: Type.Optional(Seconds('Required response time (default: the performance standard\'s), s')),
    actualResponseTimeSeconds: Type.Optional(Seconds('Measured or verified response time (default: the slowest linked SIF\'s), s')),
    requiredAvailability: Type.Optional(Fraction('Required availability (default: the performance standard\'s)')),
    actualAvailability: Type.Optional(Fraction('Achieved availability')),
    demandValue: Type.Optional(Quantity('What the scenario demands (e.g. firewater m3/h, blast load kPa)')),
    capacityValue: Type.Optional(Quantity('What the barrier provides, same unit')),
    demandUnit: Type.Optional(Type.String({ maxLength: 50 })),
    capacityUnit: Type.Optional(Type.String({ maxLength: 50, description: 'Default: demandUnit' })),
    requiredFireRatingMinutes: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5 })),
    fireRatingMinutes: Type.Optional(Type.Number({ minimum: 0, maximum: 1e5 })),
  },
  { additionalProperties: false },
);
export const MeasurementDeviceSchema = Type.Object(
  {
    tag: Type.String({ maxLength: 200 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    location: Type.Optional(Type.String({ maxLength: 500 })),
    responseTimeSeconds: Type.Optional(Seconds('Device response time, s')),
    barrierId: Type.Optional(Type.String({ maxLength: 200, description: 'Default: every barrier whose equipmentTags list the tag' })),
  },
  { additionalProperties: false },
);
const DetectorSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    tag: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    alarmLevel: Type.Optional(Type.String({ maxLength: 50 })),
    setpoint: Type.Optional(Quantity('Trip setpoint')),
    unit: Type.Optional(Type.String({ maxLength: 50 })),
    status: Type.Optional(Type.Union([Type.Literal('NORMAL'), Type.Literal('BYPASSED'), Type.Literal('FAULTY'), Type.Literal('TRIPPED')], { description: 'Default NORMAL' })),
  },
  { additionalProperties: false },
);
export const LogicSifSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    barrierId: Type.Optional(Type.String({ maxLength: 200, description: 'Default: barriers whose equipmentTags list a detector' })),
    votingLogic: Type.String({ pattern: '^[1-9][0-9]?oo[1-9][0-9]?$', description: 'MooN, e.g. 2oo3' }),
    detectors: Type.Array(DetectorSchema, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
const SifComponentSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Optional(Type.Union([Type.Literal('sensor'), Type.Literal('logic'), Type.Literal('finalElement')])),
    pfd: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1 })),
    lambdaDU_per_hr: Type.Optional(Type.Number({ minimum: 0, maximum: 0.01 })),
    architecture: Type.Optional(ArchitectureSchema),
    beta: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    pfh_per_hour: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'PFH of the subsystem when known (high demand; e.g. a certified logic solver)' })),
  },
  { additionalProperties: false },
);
export const QuantitativeSifSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 200 })),
    barrierId: Type.Optional(Type.String({ maxLength: 200, description: 'Barrier this SIF is (default: id)' })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    claimedSIL: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    sil: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Alias of claimedSIL' })),
    architecture: Type.Optional(ArchitectureSchema),
    proofTestInterval_hours: Type.Optional(Type.Number({ minimum: 1, maximum: 1e6 })),
    beta: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    components: Type.Optional(Type.Array(SifComponentSchema, { minItems: 1, maxItems: 50 })),
    pfdAvg: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1 })),
    pfd: Type.Optional(Type.Number({ minimum: 1e-12, maximum: 1, description: 'Alias of pfdAvg' })),
    demandMode: Type.Optional(DemandModeSchema),
    responseTime_seconds: Type.Optional(Seconds('SIF response time, s')),
    protectedEquipment: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
    category: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type DemandCase = Static<typeof DemandCaseSchema>;
export type MeasurementDevice = Static<typeof MeasurementDeviceSchema>;
export type LogicSif = Static<typeof LogicSifSchema>;
export type QuantitativeSif = Static<typeof QuantitativeSifSchema>;
export type Verdict = 'PASS' | 'PASS_WITH_WARNINGS' | 'FAIL';

export function verdictOf(findings: readonly Finding[]): Verdict {
  if (findings.some((f) => f.severity === 'ERROR')) return 'FAIL';
  return findings.some((f) => f.severity === 'WARNING') ? 'PASS_WITH_WARNINGS' : 'PASS';
}
const finding = (severity: Severity, code: string, path: string, message: string, remediation: string): Finding => ({ severity, code, message, remediation, path });

// ---------- quantitative SIFs ----------

export interface SifVerification {
  name: string;
  barrierId?: string;
  demandMode: DemandMode;
  demandRate_per_year?: number;
  claimedSIL?: number;
  achievedSIL?: number;
  silAchieved?: boolean;
  pfdAverage?: number;
  riskReductionFactor?: number;
  pfh_per_hour?: number;
  pfhLimitOfClaimedSIL?: number;
  architecture: string;
  hardwareFaultTolerance?: number;
  proofTestIntervalHours: number;
  responseTime_seconds?: number;
  protectedEquipment: string[];
  method: string;
  verdict: Verdict;
  findings: Finding[];
}

/** Highest demand rate among the demand cases on a barrier (undefined when none states one). */
function demandRateOf(barrierId: string | undefined, demands: readonly DemandCase[]): number | undefined {
  const rates = demands.filter((d) => d.barrierId === barrierId && d.demandRate_per_year !== undefined).map((d) => d.demandRate_per_year!);
  return rates.length > 0 ? Math.max(...rates) : undefined;
}

export function verifySif(s: QuantitativeSif, path: string, a: RegisterAnalysis, demands: readonly DemandCase[], ctx: ToolContext): SifVerification {
  const findings: Finding[] = [];
  const barrierId = s.barrierId ?? s.id;
  const b: BarrierFacts | undefined = barrierId === undefined ? undefined : a.byId.get(barrierId);
  if (barrierId !== undefined && b === undefined) findings.push(finding('WARNING', 'SIF_BARRIER_NOT_FOUND', `${path}.${s.barrierId !== undefined ? 'barrierId' : 'id'}`, `SIF is linked to barrier '${barrierId}', which is not in the register`, 'Correct barrierId, or add the barrier'));
  if (s.claimedSIL !== undefined && s.sil !== undefined && s.claimedSIL !== s.sil) findings.push(finding('ERROR', 'CONFLICTING_ALIASES', `${path}.sil`, `claimedSIL ${s.claimedSIL} and sil ${s.sil} differ`, 'Give one of them'));
  if (s.pfdAvg !== undefined && s.pfd !== undefined && s.pfdAvg !== s.pfd) findings.push(finding('ERROR', 'CONFLICTING_ALIASES', `${path}.pfd`, `pfdAvg ${s.pfdAvg} and pfd ${s.pfd} differ`, 'Give one of them'));
  const claimed = s.claimedSIL ?? s.sil ?? b?.barrier.claimedSIL;
  const standard = b?.standard;
  const T1 = s.proofTestInterval_hours ?? standard?.proofTestIntervalHours ?? DEFAULT_T1;
  const declared = s.demandMode ?? standard?.demandMode;
  const rate = demandRateOf(barrierId, demands);
  let mode: DemandMode = declared ?? 'LOW_DEMAND';
  if (rate !== undefined) {
    if (demandModeOfRate(rate) === 'HIGH_DEMAND' && mode === 'LOW_DEMAND') {
      findings.push(finding('ERROR', 'DEMAND_MODE_INCONSISTENT', `${path}.demandMode`, `${rate} demands/year is high demand mode (> 1/year, IEC 61508-4 3.5.16), but the SIF is ${declared === undefined ? 'taken as' : 'declared'} LOW_DEMAND: a PFDavg does not verify it`, 'Verify it by PFH (give the components\' failure rates) and declare HIGH_DEMAND'));
      mode = 'HIGH_DEMAND';
    } else if (demandModeOfRate(rate) === 'LOW_DEMAND' && mode !== 'LOW_DEMAND') {
      findings.push(finding('INFO', 'DEMAND_MODE_CONSERVATIVE', `${path}.demandMode`, `${rate} demands/year is low demand mode, the SIF is verified as ${mode} (PFH), which is the stricter basis`, 'Nothing to do, or verify by PFDavg'));
    }
  }
  const name = s.name ?? s.id ?? 'SIF';
  const base = {
    name,
    ...(barrierId !== undefined ? { barrierId } : {}),
    demandMode: mode,
    ...(rate !== undefined ? { demandRate_per_year: rate } : {}),
    ...(claimed !== undefined ? { claimedSIL: claimed } : {}),
    architecture: s.architecture ?? '1oo1',
    proofTestIntervalHours: T1,
    ...(s.responseTime_seconds !== undefined ? { responseTime_seconds: s.responseTime_seconds } : {}),
    protectedEquipment: s.protectedEquipment ?? [],
  };
  let result: Partial<SifVerification> & { method: string };
  if (mode === 'LOW_DEMAND') result = lowDemand(s, path, claimed, T1, ctx, findings);
  else result = highDemand(s, path, claimed, T1, findings);
  if (mode === 'LOW_DEMAND' && result.pfdAverage !== undefined && b !== undefined) {
    const target = standard?.targetPfd;
    if (target !== undefined && target >= 1e-12 && target <= 1 && result.pfdAverage > target)
      findings.push(finding('ERROR', 'SIF_PFD_ABOVE_TARGET', path, `PFDavg ${result.pfdAverage.toPrecision(4)} exceeds the target ${target} of '${standard!.id}'`, 'Improve the architecture, shorten the proof test interval or use better components'));
    if (b.pfdValid && b.barrier.pfd! < result.pfdAverage * (1 - 1e-9))
      findings.push(finding('ERROR', 'REGISTER_PFD_NOT_SUPPORTED', `${a.root}.barriers[${b.index}].pfd`, `The register claims PFD ${b.barrier.pfd} for '${b.barrier.id}', better than the verified PFDavg ${result.pfdAverage.toPrecision(4)}`, 'Correct the register to the verified PFD'));
  }
  return { ...base, ...result, verdict: verdictOf(findings), findings } as SifVerification;
}

/** Low demand: the SIF as a runSIL input, verified by runSIL itself (one PFDavg calculation in the code base). */
function lowDemand(s: QuantitativeSif, path: string, claimed: number | undefined, T1: number, ctx: ToolContext, findings: Finding[]) {
  const input = {
    ...(s.name !== undefined ? { name: s.name } : s.id !== undefined ? { name: s.id } : {}),
    ...(claimed !== undefined ? { claimedSIL: claimed } : {}),
    ...(s.architecture !== undefined ? { architecture: s.architecture } : {}),
    proofTestInterval_hours: T1,
    ...(s.beta !== undefined ? { beta: s.beta } : {}),
    ...(s.components !== undefined ? { components: s.components.map(({ pfh_per_hour: _unused, ...c }) => c) } : {}),
    ...((s.pfdAvg ?? s.pfd) !== undefined ? { pfdAvg: (s.pfdAvg ?? s.pfd)! } : {}),
  };
  const method = 'IEC 61508-6 Annex B simplified PFDavg with common cause (runSIL)';
  if (!Value.Check(runSILTool.input, input)) {
    const e = [...Value.Errors(runSILTool.input, input)][0];
    findings.push(finding('ERROR', 'SIF_NOT_COMPUTABLE', path, `Not a valid runSIL input: ${e?.path ?? ''} ${e?.message ?? ''}`, 'Check the SIF fields'));
    return { method };
  }
  const env = runSILTool.run(input as never, ctx) as Envelope<{ verification: { pfdAvg: number; achievedSIL: number; silAchieved?: boolean; riskReductionFactor: number; hardwareFaultTolerance: number } }>;
  if (env.status !== 'success' || env.data === undefined) {
    const e = env.errors?.[0];
    findings.push(finding('ERROR', 'SIF_NOT_COMPUTABLE', e?.field !== undefined ? `${path}.${e.field.replace(/\.(\d+)/g, '[$1]')}` : path, e?.message ?? 'runSIL failed', e?.fix ?? 'Check the SIF fields'));
    return { method };
  }
  const v = env.data.verification;
  if (claimed !== undefined && v.achievedSIL < claimed)
    findings.push(finding('ERROR', 'SIL_NOT_ACHIEVED', path, `PFDavg ${v.pfdAvg.toPrecision(4)} is SIL ${v.achievedSIL}, below the claimed SIL ${claimed} (PFD < ${10 ** -claimed} needed)`, 'Improve the architecture, shorten the proof test interval or lower the claim'));
  return { method, pfdAverage: v.pfdAvg, riskReductionFactor: v.riskReductionFactor, achievedSIL: v.achievedSIL, hardwareFaultTolerance: v.hardwareFaultTolerance, ...(claimed !== undefined ? { silAchieved: v.achievedSIL >= claimed } : {}) };
}

/** High demand / continuous: PFH of the SIF as the sum of its subsystems' PFH (IEC 61508-6 B.3.3), SIL by IEC 61508-1 Table 3. */
function highDemand(s: QuantitativeSif, path: string, claimed: number | undefined, T1: number, findings: Finding[]) {
  const method = 'IEC 61508-6 B.3.3 simplified PFH with common cause; SIL bands of IEC 61508-1 Table 3';
  const comps = s.components ?? [];
  const bad = comps.findIndex((c) => c.pfh_per_hour === undefined && c.lambdaDU_per_hr === undefined);
  if (comps.length === 0 || bad >= 0) {
    findings.push(finding('ERROR', 'PFH_NOT_COMPUTABLE', comps.length === 0 ? `${path}.components` : `${path}.components[${bad}]`, comps.length === 0 ? 'High demand mode needs the PFH, which a given PFDavg does not give' : `Component '${comps[bad]!.name}' has neither lambdaDU_per_hr nor pfh_per_hour`, 'Give each subsystem\'s lambdaDU_per_hr (or its pfh_per_hour)'));
    return { method };
  }
  const sifArch: Architecture = s.architecture ?? '1oo1';
  const beta = s.beta ?? DEFAULT_BETA;
  const total = comps.reduce((sum, c) => sum + (c.pfh_per_hour ?? pfh(c.architecture ?? sifArch, c.lambdaDU_per_hr!, T1, c.beta ?? beta)), 0);
  const achieved = silOfPfh(total);
  if (claimed !== undefined && achieved < claimed)
    findings.push(finding('ERROR', 'SIL_NOT_ACHIEVED', path, `PFH ${total.toPrecision(4)}/h is SIL ${achieved} (high demand), below the claimed SIL ${claimed} (PFH < ${pfhLimitOfSil(claimed)}/h needed)`, 'Improve the architecture or the components, or lower the claim'));
  return {
    method,
    pfh_per_hour: total,
    achievedSIL: achieved,
    hardwareFaultTolerance: Math.min(...comps.map((c) => HARDWARE_FAULT_TOLERANCE[c.architecture ?? sifArch])),
    ...(claimed !== undefined ? { silAchieved: achieved >= claimed, pfhLimitOfClaimedSIL: pfhLimitOfSil(claimed) } : {}),
  };
}

// ---------- logic SIFs (voting) ----------

export interface LogicCheck {
  name: string;
  barrierId?: string;
  votingLogic: string;
  votesRequired: number;
  channels: number;
  detectorCount: number;
  bypassedDetectorCount: number;
  faultyDetectorCount: number;
  trippedDetectorCount: number;
  availableVotes: number;
  /** Further detector failures the voting survives (available votes − required); negative = lost. */
  remainingFaultTolerance: number;
  verdict: Verdict;
  findings: Finding[];
}

/**
 * Voting state of a MooN group: bypassed and faulty detectors cannot vote (faulty ones are taken as
 * failed dangerously, the conservative reading); tripped detectors have voted. Lost when fewer than
 * M detectors can vote; degraded when any cannot; satisfied (the function should have acted) when
 * M or more have tripped.
 */
export function checkLogicSif(l: LogicSif, path: string): LogicCheck {
  const findings: Finding[] = [];
  const [m, n] = l.votingLogic.split('oo').map(Number) as [number, number];
  const count = (st: string) => l.detectors.filter((d) => (d.status ?? 'NORMAL') === st).length;
  const bypassed = count('BYPASSED');
  const faulty = count('FAULTY');
  const tripped = count('TRIPPED');
  const available = l.detectors.length - bypassed - faulty;
  if (m > n) findings.push(finding('ERROR', 'VOTING_LOGIC_INVALID', `${path}.votingLogic`, `${l.votingLogic}: M > N`, 'Use MooN with M ≤ N'));
  else if (l.detectors.length !== n) findings.push(finding('ERROR', 'DETECTOR_COUNT_MISMATCH', `${path}.detectors`, `${l.votingLogic} needs ${n} detectors, ${l.detectors.length} listed`, 'List every detector of the voting group'));
  if (available < m) findings.push(finding('ERROR', 'VOTING_LOST', `${path}.detectors`, `Only ${available} detector(s) can vote; ${l.votingLogic} needs ${m}: the function cannot act`, 'Restore the bypassed/faulty detectors or change the voting (with compensating measures) until then'));
  else if (bypassed + faulty > 0) findings.push(finding('WARNING', 'VOTING_DEGRADED', `${path}.detectors`, `${bypassed} bypassed and ${faulty} faulty: ${available - m} further failure(s) tolerated instead of ${n - m}`, 'Restore the detectors; record the compensating measures while degraded'));
  if (tripped >= m) findings.push(finding('WARNING', 'VOTING_SATISFIED', `${path}.detectors`, `${tripped} detector(s) in trip satisfy ${l.votingLogic}: the function should have acted`, 'Check that the executive action took place'));
  return {
    name: l.name,
    ...(l.barrierId !== undefined ? { barrierId: l.barrierId } : {}),
    votingLogic: l.votingLogic,
    votesRequired: m,
    channels: n,
    detectorCount: l.detectors.length,
    bypassedDetectorCount: bypassed,
    faultyDetectorCount: faulty,
    trippedDetectorCount: tripped,
    availableVotes: available,
    remainingFaultTolerance: available - m,
    verdict: verdictOf(findings),
    findings,
  };
}

// ---------- demand cases ----------

export interface Related {
  devices: MeasurementDevice[];
  logic: { sif: LogicSif; check: LogicCheck }[];
  sifs: { sif: QuantitativeSif; result: SifVerification }[];
}

/** Devices, logic SIFs and quantitative SIFs of a barrier: by explicit barrierId, else by the barrier's equipment tags (logic, devices) or id (SIFs). */
export function relatedTo(b: BarrierFacts, devices: readonly MeasurementDevice[], logic: Related['logic'], sifs: Related['sifs']): Related {
  const tags = new Set(b.barrier.equipmentTags ?? []);
  const id = b.barrier.id;
  return {
    devices: devices.filter((d) => (d.barrierId !== undefined ? d.barrierId === id : tags.has(d.tag))),
    logic: logic.filter(({ sif }) => (sif.barrierId !== undefined ? sif.barrierId === id : sif.detectors.some((d) => tags.has(d.tag ?? d.name)))),
    sifs: sifs.filter(({ sif }) => (sif.barrierId ?? sif.id) === id),
  };
}

export function assessDemand(d: DemandCase, path: string, a: RegisterAnalysis, rel: Related | undefined) {
  const findings: Finding[] = [];
  const add = (severity: Severity, code: string, p: string, message: string, remediation: string) => findings.push(finding(severity, code, p, message, remediation));
  const b = a.byId.get(d.barrierId);
  const category = d.category ?? b?.barrier.category;
  const nature: 'ACTIVE' | 'PASSIVE' | 'UNCLASSIFIED' = category !== undefined ? BARRIER_CATEGORIES[category].nature : 'UNCLASSIFIED';
  if (b === undefined || rel === undefined) {
    add('ERROR', 'BARRIER_NOT_FOUND', `${path}.barrierId`, `Barrier '${d.barrierId}' is not in the register`, 'Correct barrierId or add the barrier to the register');
    return { demandId: d.demandId, barrierId: d.barrierId, barrierName: '', ...(category !== undefined ? { category } : {}), nature, verdict: verdictOf(findings), metrics: { relatedInstrumentCount: 0, relatedSafetyInstrumentedFunctionCount: 0, relatedQuantitativeSafetyInstrumentedFunctionCount: 0 }, instrumentTags: [], safetyInstrumentedFunctions: [], findings };
  }
  // Register errors on this barrier make its stated performance unreliable.
  findings.push(...a.findings.filter((f) => f.severity === 'ERROR' && (f.path === b.path || f.path.startsWith(`${b.path}.`))));
  if (!b.available) add('ERROR', 'BARRIER_IMPAIRED', `${b.path}.status`, `Barrier '${b.barrier.id}' is ${b.barrier.status ?? 'of unknown status'}: it cannot perform on demand`, 'Restore it, or assess the compensating measures as a separate barrier');
  const ps = b.standard;
  const verifiedPfds = rel.sifs.map((s) => s.result.pfdAverage).filter((p): p is number => p !== undefined);
  const actualPfd = verifiedPfds.length > 0 ? Math.max(...verifiedPfds) : b.pfdValid ? b.barrier.pfd : undefined;
  const reqAvail = d.requiredAvailability ?? (ps?.requiredAvailability !== undefined && ps.requiredAvailability >= 0 && ps.requiredAvailability <= 1 ? ps.requiredAvailability : undefined);
  const reqResp = d.requiredResponseTimeSeconds ?? ps?.responseTimeSeconds;
  const sifResp = rel.sifs.map((s) => s.sif.responseTime_seconds).filter((x): x is number => x !== undefined);
  const actResp = d.actualResponseTimeSeconds ?? (sifResp.length > 0 ? Math.max(...sifResp) : undefined);
  const devResp = rel.devices.map((x) => x.responseTimeSeconds).filter((x): x is number => x !== undefined);
  const maxDev = devResp.length > 0 ? Math.max(...devResp) : undefined;
  const pst = d.processSafetyTimeSeconds;

  if (reqAvail !== undefined) {
    if (d.actualAvailability === undefined) add('WARNING', 'AVAILABILITY_NOT_VERIFIED', `${path}.actualAvailability`, `Required availability ${reqAvail} is not verified: no actual availability given`, 'Give the availability from operating and test records');
    else if (d.actualAvailability < reqAvail) add('ERROR', 'AVAILABILITY_BELOW_REQUIRED', `${path}.actualAvailability`, `Availability ${d.actualAvailability} < required ${reqAvail}`, 'Reduce downtime (repair, test, bypass time) or add redundancy');
  }
  if (nature === 'PASSIVE') {
    if (reqResp !== undefined || actResp !== undefined || pst !== undefined) add('INFO', 'RESPONSE_TIME_NOT_APPLICABLE', path, 'A passive barrier has no response time: the response-time and process-safety-time checks are not applied', 'Nothing to do');
  } else {
    if (reqResp !== undefined) {
      if (actResp === undefined) add('WARNING', 'RESPONSE_TIME_NOT_VERIFIED', `${path}.actualResponseTimeSeconds`, `Required response time ${reqResp} s is not verified: no actual response time given`, 'Give the tested response time');
      else if (actResp > reqResp) add('ERROR', 'RESPONSE_TIME_EXCEEDED', `${path}.actualResponseTimeSeconds`, `Response time ${actResp} s > required ${reqResp} s`, 'Speed up detection, logic or final element (valve stroke time)');
      // A chain cannot respond faster than any of its elements.
      if (maxDev !== undefined && maxDev > reqResp) add('ERROR', 'INSTRUMENT_RESPONSE_TIME_EXCEEDED', path, `The slowest linked instrument alone takes ${maxDev} s > required ${reqResp} s`, 'Use faster instruments');
    }
    if (pst !== undefined) {
      // IEC 61511-1:2016 10.3.2: the SIF must bring the process to the safe state within the process safety time.
      if (actResp !== undefined && actResp > pst) add('ERROR', 'PROCESS_SAFETY_TIME_EXCEEDED', `${path}.processSafetyTimeSeconds`, `Response time ${actResp} s > process safety time ${pst} s: the hazard develops before the safe state is reached`, 'Reduce the response time below the process safety time');
      if (reqResp !== undefined && reqResp > pst) add('WARNING', 'REQUIRED_RESPONSE_EXCEEDS_PST', `${path}.requiredResponseTimeSeconds`, `The required response time ${reqResp} s exceeds the process safety time ${pst} s`, 'Correct the performance standard');
    }
  }
  if (rel.sifs.length === 0 && d.demandRate_per_year !== undefined && demandModeOfRate(d.demandRate_per_year) === 'HIGH_DEMAND' && (ps?.demandMode ?? 'LOW_DEMAND') === 'LOW_DEMAND' && nature !== 'PASSIVE')
    add('ERROR', 'DEMAND_MODE_INCONSISTENT', `${path}.demandRate_per_year`, `${d.demandRate_per_year} demands/year is high demand mode (> 1/year, IEC 61508-4 3.5.16), but the barrier is specified for low demand (PFD)`, 'Specify and verify it in high demand mode (PFH)');
  if (d.demandValue !== undefined && d.capacityValue !== undefined) {
    const cu = d.capacityUnit ?? d.demandUnit;
    if ((d.demandUnit ?? '') !== (cu ?? '')) add('WARNING', 'UNIT_MISMATCH', `${path}.capacityUnit`, `Demand in '${d.demandUnit ?? ''}' and capacity in '${cu ?? ''}': not compared`, 'Give both in the same unit');
    else if (d.capacityValue < d.demandValue) add('ERROR', 'CAPACITY_BELOW_DEMAND', `${path}.capacityValue`, `Capacity ${d.capacityValue} < demand ${d.demandValue} ${d.demandUnit ?? ''}`.trim(), 'Increase the capacity or reduce the design demand');
  }
  if (d.requiredFireRatingMinutes !== undefined) {
    if (d.fireRatingMinutes === undefined) add('WARNING', 'FIRE_RATING_NOT_VERIFIED', `${path}.fireRatingMinutes`, `Required fire rating ${d.requiredFireRatingMinutes} min is not verified`, 'Give the certified rating');
    else if (d.fireRatingMinutes < d.requiredFireRatingMinutes) add('ERROR', 'FIRE_RATING_BELOW_REQUIRED', `${path}.fireRatingMinutes`, `Fire rating ${d.fireRatingMinutes} min < required ${d.requiredFireRatingMinutes} min`, 'Upgrade the protection');
  }
  for (const l of rel.logic) findings.push(...l.check.findings);
  for (const s of rel.sifs) findings.push(...s.result.findings);
  const metrics: Record<string, number | string | boolean> = Object.fromEntries(
    Object.entries({
      barrierStatus: b.barrier.status,
      barrierPfd: b.pfdValid ? b.barrier.pfd : undefined,
      barrierEffectiveness: b.barrier.effectiveness ?? (b.pfdValid ? 1 - b.barrier.pfd! : undefined),
      hasTraceableEvidence: b.evidence.traceable,
      performanceStandardId: ps?.id,
      demandMode: rel.sifs[0]?.result.demandMode ?? ps?.demandMode,
      demandRate_per_year: d.demandRate_per_year,
      targetPfd: ps?.targetPfd,
      actualPfd,
      requiredAvailability: reqAvail,
      actualAvailability: d.actualAvailability,
      requiredResponseTimeSeconds: reqResp,
      actualResponseTimeSeconds: actResp,
      processSafetyTimeSeconds: pst,
      scenario: d.scenario,
      demandValue: d.demandValue,
      capacityValue: d.capacityValue,
      demandUnit: d.demandUnit,
      requiredFireRatingMinutes: d.requiredFireRatingMinutes,
      fireRatingMinutes: d.fireRatingMinutes,
      relatedInstrumentCount: rel.devices.length,
      maxInstrumentResponseTimeSeconds: maxDev,
      relatedSafetyInstrumentedFunctionCount: rel.logic.length,
      relatedQuantitativeSafetyInstrumentedFunctionCount: rel.sifs.length,
    }).filter((e): e is [string, number | string | boolean] => e[1] !== undefined),
  );
  return {
    demandId: d.demandId,
    barrierId: d.barrierId,
    barrierName: b.barrier.name ?? '',
    ...(category !== undefined ? { category } : {}),
    nature,
    verdict: verdictOf(findings),
    metrics,
    instrumentTags: rel.devices.map((x) => x.tag),
    safetyInstrumentedFunctions: [...rel.logic.map((l) => l.check.name), ...rel.sifs.map((s) => s.result.name)],
    findings,
  };
}
