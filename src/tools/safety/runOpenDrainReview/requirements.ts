/**
 * Open-drain requirements of NORSOK S-001:2020 clause 9.4 as checks on one area's normalized
 * evidence (STID / P&ID facts supplied by the caller). The clause numbering and the split into
 * requirements follow the original NeqSim review so results can be compared; the checks and
 * wording are ours. Each check either does not apply to the area, or gives PASS / FAIL from the
 * evidence, or WARNING/INFO when the evidence needed is missing.
 */

export type Status = 'PASS' | 'FAIL' | 'WARNING' | 'INFO' | 'NOT_APPLICABLE';
export type Severity = 'LOW' | 'MEDIUM' | 'HIGH';

export type Evidence = Record<string, unknown>;

export interface Assessment {
  requirementId: string;
  standard: string;
  clause: string;
  status: Status;
  severity: Severity;
  message: string;
  recommendation: string;
  /** The evidence the finding rests on, by input field (runOpenDrainReview.ts EvidenceValue). */
  details: Record<string, boolean | number | string | null | string[]>;
}

export const STANDARD = 'NORSOK S-001:2020+AC:2021';

const flag = (e: Evidence, k: string): boolean | undefined => (typeof e[k] === 'boolean' ? (e[k] as boolean) : undefined);
const num = (e: Evidence, k: string): number | undefined => (typeof e[k] === 'number' && Number.isFinite(e[k]) ? (e[k] as number) : undefined);

interface Rule {
  id: string;
  clause: string;
  /** Evidence flag that makes the rule apply (absent: always applies); with the not-applicable message. */
  when?: { key: string; notApplicable: string };
  check: (e: Evidence, ctx: { defaultLeakRate?: number }) => Omit<Assessment, 'requirementId' | 'standard' | 'clause'>;
}

const SEVERE: Severity = 'HIGH';

/** A yes/no evidence flag that must be true (or false when `good` is false). */
function required(key: string, good: boolean, pass: string, fail: string, fix: string, missingSeverity: Severity = 'MEDIUM'): Rule['check'] {
  return (e) => {
    const v = flag(e, key);
    if (v === undefined) return { status: 'WARNING', severity: missingSeverity, message: `No evidence for "${key}"`, recommendation: `Document ${key} from the STID/P&ID`, details: {} };
    return v === good ? { status: 'PASS', severity: 'LOW', message: pass, recommendation: 'Keep the evidence traceable in the review package', details: { [key]: v } } : { status: 'FAIL', severity: SEVERE, message: fail, recommendation: fix, details: { [key]: v } };
  };
}

export const RULES: readonly Rule[] = [
  {
    id: 'OD-S001-9.4.1-STANDARDS',
    clause: '9.4.1',
    check: (e) => {
      const s = Array.isArray(e.standards) ? (e.standards as unknown[]).filter((x) => typeof x === 'string') : [];
      return s.length > 0
        ? { status: 'PASS', severity: 'LOW', message: `Drain design basis documented: ${s.join(', ')}`, recommendation: 'Keep the references in the evidence register', details: { standards: s } }
        : { status: 'WARNING', severity: 'MEDIUM', message: 'No design standards are documented for this drain area', recommendation: 'Reference the drain design basis (e.g. NORSOK P-002, ISO 13702)', details: { standards: [] } };
    },
  },
  {
    id: 'OD-S001-9.4.1-COLLECTION',
    clause: '9.4.1',
    when: { key: 'sourceHasFlammableOrHazardousLiquid', notApplicable: 'No flammable or hazardous liquid source in the area' },
    check: required('hasOpenDrainMeasures', true, 'Spills of flammable or hazardous liquid are collected by open-drain measures', 'Flammable or hazardous liquid can spill with no open-drain collection', 'Provide drain boxes, gratings and gullies to collect spills'),
  },
  {
    id: 'OD-S001-9.4.1-CAPACITY',
    clause: '9.4.1',
    check: (e, ctx) => {
      const cap = num(e, 'drainageCapacityKgPerS');
      const fire = num(e, 'fireWaterCapacityKgPerS');
      const leak = num(e, 'liquidLeakRateKgPerS') ?? ctx.defaultLeakRate;
      if (cap === undefined || fire === undefined || leak === undefined) {
        return { status: 'WARNING', severity: 'MEDIUM', message: 'Drainage capacity, fire-water load or liquid leak rate missing: the capacity cannot be checked', recommendation: 'Supply drainageCapacityKgPerS, fireWaterCapacityKgPerS and liquidLeakRateKgPerS (or defaultLiquidLeakRateKgPerS)', details: { drainageCapacityKgPerS: cap ?? null, fireWaterCapacityKgPerS: fire ?? null, liquidLeakRateKgPerS: leak ?? null } };
      }
      const need = fire + leak;
      const details = { drainageCapacityKgPerS: cap, fireWaterCapacityKgPerS: fire, liquidLeakRateKgPerS: leak, requiredCapacityKgPerS: need, leakRateSource: num(e, 'liquidLeakRateKgPerS') !== undefined ? 'area' : 'defaultLiquidLeakRateKgPerS' };
      return cap >= need
        ? { status: 'PASS', severity: 'LOW', message: `Drainage capacity ${cap} kg/s covers fire water plus leak, ${need} kg/s`, recommendation: 'Keep the capacity basis and the leak assumption in the evidence', details }
        : { status: 'FAIL', severity: SEVERE, message: `Drainage capacity ${cap} kg/s is below fire water plus leak, ${need} kg/s`, recommendation: 'Increase drain capacity or reduce the design load with a documented basis', details };
    },
  },
  { id: 'OD-S001-9.4.1-BACKFLOW', clause: '9.4.1', check: required('backflowPrevented', true, 'The drain layout prevents backflow and backpressure during deluge', 'Backflow or backpressure is possible during deluge', 'Redesign the drain routing or add backflow prevention') },
  { id: 'OD-S001-9.4.1-BUNDING', clause: '9.4.1', when: { key: 'flammableLiquidTankArea', notApplicable: 'No flammable-liquid tank or vessel area' }, check: required('bundingProvided', true, 'Tank or vessel area is bunded and drained', 'Flammable-liquid tank or vessel area without bunding', 'Provide bunds or coamings draining to the open drain') },
  { id: 'OD-S001-9.4.1-FLOATER', clause: '9.4.1', when: { key: 'floatingFacility', notApplicable: 'Not a floating facility' }, check: required('drainsFunctionAtDesignMotions', true, 'Drains work at the design heel, trim and motions', 'Drain function at the design motions is not shown', 'Verify drain slopes and capacity at design heel and trim') },
  { id: 'OD-S001-9.4.2-INERTING', clause: '9.4.2', when: { key: 'hazardousDrainTank', notApplicable: 'No hazardous-area drain collection tank' }, check: required('drainTankInertedOrPurged', true, 'The hazardous drain tank is inerted or purged', 'The hazardous drain tank is neither inerted nor purged', 'Inert or purge the drain tank') },
  { id: 'OD-S001-9.4.2-CLOSED-OPEN', clause: '9.4.2', check: required('closedOpenDrainInteractionPrevented', true, 'Closed and open drains cannot interact', 'Closed and open drain systems can interact', 'Separate the systems so closed-drain gas cannot reach the open drain') },
  { id: 'OD-S001-9.4.2-HAZ-NONHAZ', clause: '9.4.2', check: required('hazardousNonHazardousPhysicallySeparated', true, 'Hazardous and non-hazardous drains are physically separated', 'Hazardous and non-hazardous drains are not separated', 'Segregate the drains physically') },
  { id: 'OD-S001-9.4.2-COMMON-SUMP', clause: '9.4.2', when: { key: 'commonSumpOrCaisson', notApplicable: 'No common sump or caisson' }, check: required('commonSumpSealed', true, 'Drains into the common sump are sealed against gas migration', 'Drains share a sump without seals', 'Provide liquid seals on each drain into the sump') },
  { id: 'OD-S001-9.4.2-SEAL-BACKPRESSURE', clause: '9.4.2', check: required('sealDesignedForMaxBackpressure', true, 'Liquid seals are designed for the maximum backpressure', 'Liquid seals can be blown by the maximum backpressure', 'Size the seal for the maximum backpressure') },
  { id: 'OD-S001-9.4.2-VENT', clause: '9.4.2', check: required('ventTerminatedSafe', true, 'Drain tank and seal vents end at a safe location', 'A drain vent ends at an unsafe location', 'Route the vent to a safe location') },
  { id: 'OD-S001-9.4.2-FIRE-SEALS', clause: '9.4.2', when: { key: 'fireAreaInterface', notApplicable: 'No fire-area interface' }, check: required('fireSealsBetweenAreas', true, 'Drains crossing fire areas have seals', 'Drains cross fire areas without seals', 'Seal the drains at the fire-area boundary') },
  { id: 'OD-S001-9.4.2-HELIDECK', clause: '9.4.2', when: { key: 'isHelideck', notApplicable: 'Not a helideck drain' }, check: required('dedicatedPipeDrainage', true, 'The helideck has dedicated pipe drainage', 'The helideck drains without dedicated piping', 'Provide dedicated helideck drain piping') },
  { id: 'OD-S001-9.4.2-DRILLING-PROD', clause: '9.4.2', when: { key: 'drillingDrain', notApplicable: 'Not a drilling drain' }, check: required('segregatedFromProductionDrains', true, 'Drilling drains are segregated from production drains', 'Drilling and production drains are combined', 'Segregate drilling from production drains') },
  { id: 'OD-S001-9.4.2-TOTE', clause: '9.4.2', when: { key: 'toteTankArea', notApplicable: 'No temporary flammable-liquid storage' }, check: required('toteAreaDrained', true, 'Temporary flammable-liquid storage is drained', 'Temporary flammable-liquid storage is not drained', 'Drain or bund the tote-tank area') },
  { id: 'OD-S001-9.4.3-FIRE-DIVISION', clause: '9.4.3', when: { key: 'fireDivisionPenetration', notApplicable: 'No drain penetration of a fire division' }, check: required('penetrationFireRated', true, 'Drain penetrations keep the fire division rating', 'A drain penetration breaks a fire division', 'Use a rated penetration') },
  {
    id: 'OD-S001-9.4.1-UTILITY',
    clause: '9.4.1',
    check: (e): Omit<Assessment, 'requirementId' | 'standard' | 'clause'> => {
      const v = flag(e, 'openDrainDependsOnUtility');
      if (v === undefined) return { status: 'INFO', severity: 'LOW', message: 'Utility dependency not stated', recommendation: 'State whether the open drain needs any utility to work', details: {} };
      return v ? { status: 'FAIL', severity: SEVERE, message: 'The open drain needs a utility to work', recommendation: 'Make the drain function passive (gravity)', details: { openDrainDependsOnUtility: v } } : { status: 'PASS', severity: 'LOW', message: 'The open drain works without utilities', recommendation: 'Keep the evidence traceable', details: { openDrainDependsOnUtility: v } };
    },
  },
  {
    id: 'OD-OPS-TAGREADER',
    clause: 'operations',
    check: (e) => {
      const back = num(e, 'observedBackflowEvents');
      const high = num(e, 'sumpHighLevelEvents');
      if (back === undefined && high === undefined) return { status: 'INFO', severity: 'LOW', message: 'No historian evidence: the review uses design evidence only', recommendation: 'Optionally add backflow and sump high-level event counts', details: {} };
      const details = { observedBackflowEvents: back ?? null, sumpHighLevelEvents: high ?? null };
      return (back ?? 0) > 0 || (high ?? 0) > 0
        ? { status: 'WARNING', severity: 'MEDIUM', message: 'Operations recorded backflow or sump high-level events', recommendation: 'Investigate the events against the design basis', details }
        : { status: 'PASS', severity: 'LOW', message: 'No backflow or sump high-level events recorded', recommendation: 'Keep monitoring', details };
    },
  },
];

export function assessArea(e: Evidence, ctx: { defaultLeakRate?: number }): Assessment[] {
  return RULES.map((r) => {
    const base = { requirementId: r.id, standard: STANDARD, clause: r.clause };
    if (r.when !== undefined && flag(e, r.when.key) !== true) return { ...base, status: 'NOT_APPLICABLE' as const, severity: 'LOW' as const, message: r.when.notApplicable, recommendation: 'None for this item', details: {} };
    return { ...base, ...r.check(e, ctx) };
  });
}

export function areaVerdict(a: readonly Assessment[]): 'PASS' | 'PASS_WITH_WARNINGS' | 'FAIL' {
  if (a.some((x) => x.status === 'FAIL')) return 'FAIL';
  return a.some((x) => x.status === 'WARNING') ? 'PASS_WITH_WARNINGS' : 'PASS';
}
