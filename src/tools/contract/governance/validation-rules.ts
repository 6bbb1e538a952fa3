/**
 * Validation rule sets: the engineering limits validateResults and auto-validation apply, as
 * named sets. The shipped set `default` holds exactly the limits those checks applied before
 * sets existed, each with its honest basis (mostly rules of thumb carried from the original
 * NeqSim validator; no jurisdictional clause is transcribed here, so no NCS/UKCS/GoM/Brazil set
 * ships). User sets (manageValidationProfile) override some rules' limits and severities; rules
 * they do not list keep the default.
 *
 * State lives on the main thread: the active set's limits are read there by validateResults and
 * handed to worker threads with each pool task (PoolTask.validationLimits, only when the active set
 * is not `default`), so auto-validation in the pool applies the same set. Without REDIS_URL the
 * sets are this process's (lost on restart). With it, every change is published as one snapshot
 * (shared-state/validation.ts) that every replica applies, so all replicas apply the same set.
 */

export type RuleSeverity = 'ERROR' | 'WARNING' | 'INFO';

export interface RuleDefinition {
  id: string;
  /** What the rule looks at (key names as validateResults / auto-validation read them). */
  quantity: string;
  unit: string;
  min?: number;
  max?: number;
  severity: RuleSeverity;
  /** Which check applies it. */
  appliedBy: 'validateResults' | 'autoValidation';
  basis: string;
}

/** The limits one call applies: rule id -> bounds and severity. Plain data (crosses to workers). */
export interface ValidationLimits {
  /** Name of the set the limits come from. */
  readonly set: string;
  readonly rules: Readonly<Record<string, { min?: number; max?: number; severity: RuleSeverity }>>;
}

const THUMB = 'Rule of thumb carried from the original NeqSim validator (spec/neqsim-surface.md 2.10); no design-code clause';
const NUMERIC = 'Numerical tolerance of this server (engine output closes far below it); not a design-code clause';
const RANGE = 'Window over which this server\'s cubic/GERG models and reference cases were validated; not a design-code clause';

const r = (id: string, quantity: string, unit: string, bounds: { min?: number; max?: number }, severity: RuleSeverity, appliedBy: RuleDefinition['appliedBy'], basis: string): RuleDefinition => ({
  id, quantity, unit, ...bounds, severity, appliedBy, basis,
});

/** The shipped `default` set: the limits in force before rule sets existed. */
export const DEFAULT_RULES: readonly RuleDefinition[] = [
  r('temperatureRange', 'temperature, outletTemperature', 'C', { min: -273.15, max: 1500 }, 'ERROR', 'validateResults', 'Lower bound: absolute zero (physics). Upper bound: ' + THUMB),
  r('lowTemperature', 'temperature', 'C', { min: -40 }, 'WARNING', 'validateResults', THUMB),
  r('highDischargeTemperature', 'outletTemperature', 'C', { max: 200 }, 'WARNING', 'validateResults', THUMB),
  r('nearVacuum', 'pressure', 'bara', { min: 0.01 }, 'INFO', 'validateResults', THUMB),
  r('veryHighPressure', 'pressure', 'bara', { max: 1000 }, 'INFO', 'validateResults', THUMB),
  r('efficiency', 'polytropicEfficiency, isentropicEfficiency', 'fraction', { min: 0.5, max: 0.95 }, 'WARNING', 'validateResults', THUMB),
  r('compressionRatio', 'compressionRatio', 'ratio', { max: 4.5 }, 'WARNING', 'validateResults', THUMB),
  r('power', 'power', 'kW', { max: 50000 }, 'INFO', 'validateResults', THUMB),
  r('liquidResidenceTime', 'liquidResidenceTime', 's', { min: 60 }, 'WARNING', 'validateResults', THUMB),
  r('gasVelocity', 'gasVelocity', 'm/s', { max: 5 }, 'WARNING', 'validateResults', THUMB),
  r('approachTemperature', 'approachTemperature', 'K', { min: 3 }, 'WARNING', 'validateResults', THUMB),
  r('infeasibleApproach', 'approachTemperature', 'K', { min: 1 }, 'ERROR', 'validateResults', THUMB),
  r('highVelocity', 'fluidVelocity, velocity', 'm/s', { max: 25 }, 'WARNING', 'validateResults', THUMB + ' (API RP 14E erosional velocity is the remediation it points to, not its source)'),
  r('lowVelocity', 'fluidVelocity, velocity', 'm/s', { min: 1 }, 'INFO', 'validateResults', THUMB),
  r('pressureDropRatio', 'pressureDrop / inletPressure', 'fraction', { max: 0.2 }, 'WARNING', 'validateResults', THUMB),
  r('massBalanceError', 'massBalanceError', 'fraction', { max: 0.01 }, 'ERROR', 'validateResults', THUMB),
  r('energyBalanceError', 'energyBalanceError', 'fraction', { max: 0.05 }, 'WARNING', 'validateResults', THUMB),
  r('autoSumTolerance', '|sum of phase fractions or composition - 1|', 'fraction', { max: 1e-4 }, 'ERROR', 'autoValidation', NUMERIC),
  r('autoTemperatureRange', 'temperature_K', 'K', { min: 90, max: 800 }, 'WARNING', 'autoValidation', RANGE),
  r('autoPressureRange', 'pressure_bara', 'bara', { max: 1000 }, 'WARNING', 'autoValidation', RANGE),
  r('autoCubicHighPressure', 'pressure_bara with model SRK or PR', 'bara', { max: 500 }, 'WARNING', 'autoValidation', 'The original server flags SRK/PR results above this pressure for a GERG-2008 check; not a design-code clause'),
  r('autoMassBalance', 'relative mass-balance error', 'fraction', { max: 1e-3 }, 'ERROR', 'autoValidation', NUMERIC),
  r('autoHeatingValue', 'superior calorific value', 'MJ/Sm3', { min: 5, max: 140 }, 'ERROR', 'autoValidation', 'Plausibility screen: hydrogen (~12) to butane (~125 MJ/Sm3) with margin; not a design-code clause'),
  r('autoWobbe', 'superior Wobbe index', 'MJ/Sm3', { min: 5, max: 100 }, 'ERROR', 'autoValidation', 'Plausibility screen for fuel gases, with margin; not a design-code clause'),
];

export const DEFAULT_SET = 'default';
export const RULE_IDS: ReadonlySet<string> = new Set(DEFAULT_RULES.map((d) => d.id));
const BY_ID = new Map(DEFAULT_RULES.map((d) => [d.id, d]));

export function ruleDefinition(id: string): RuleDefinition | undefined {
  return BY_ID.get(id);
}

function limitsOf(set: string, rules: readonly RuleDefinition[]): ValidationLimits {
  return { set, rules: Object.fromEntries(rules.map((d) => [d.id, { ...(d.min !== undefined ? { min: d.min } : {}), ...(d.max !== undefined ? { max: d.max } : {}), severity: d.severity }])) };
}

export const DEFAULT_LIMITS: ValidationLimits = limitsOf(DEFAULT_SET, DEFAULT_RULES);

/** A user rule: overrides one default rule's bounds and severity, with its own basis. */
export interface RuleOverride {
  id: string;
  unit: string;
  min?: number;
  max?: number;
  severity?: RuleSeverity;
  basis: string;
}

export interface RuleSet {
  name: string;
  description: string;
  builtIn: boolean;
  overrides: readonly RuleOverride[];
  createdBy?: string;
  updatedAt?: string;
}

/** The effective rules of a set: the defaults with its overrides applied. */
export function effectiveRules(set: RuleSet): RuleDefinition[] {
  const byId = new Map(set.overrides.map((o) => [o.id, o]));
  return DEFAULT_RULES.map((d) => {
    const o = byId.get(d.id);
    if (o === undefined) return d;
    const { min: _min, max: _max, ...rest } = d;
    return { ...rest, ...(o.min !== undefined ? { min: o.min } : {}), ...(o.max !== undefined ? { max: o.max } : {}), severity: o.severity ?? d.severity, basis: o.basis };
  });
}

const DEFAULT_RULE_SET: RuleSet = {
  name: DEFAULT_SET,
  description: 'The limits validateResults and auto-validation apply out of the box, each with its basis. No jurisdictional (NCS, UKCS, GoM, Brazil) set ships: their clauses are not transcribed here.',
  builtIn: true,
  overrides: [],
};

let userSets = new Map<string, RuleSet>();
let activeName = DEFAULT_SET;
let activeLimitsCache: ValidationLimits = DEFAULT_LIMITS;

/** The cluster-wide side (Redis): stores and announces a snapshot; undefined: this process only. */
export interface SharedValidation {
  publish(snapshot: string): Promise<void>;
}
let sharedValidation: SharedValidation | undefined;
export function useSharedValidation(s: SharedValidation | undefined): void {
  sharedValidation = s;
}

export function listRuleSets(): RuleSet[] {
  return [DEFAULT_RULE_SET, ...userSets.values()];
}

export function getRuleSet(name: string): RuleSet | undefined {
  return name === DEFAULT_SET ? DEFAULT_RULE_SET : userSets.get(name);
}

export function activeRuleSetName(): string {
  return activeName;
}

/** The limits the active set applies (read by validateResults and, inline, by auto-validation). */
export function activeValidationLimits(): ValidationLimits {
  return activeLimitsCache;
}

/** What a pool task carries: undefined while `default` is active (the worker's own default). */
export function limitsForWorker(): ValidationLimits | undefined {
  return activeName === DEFAULT_SET ? undefined : activeLimitsCache;
}

function install(sets: Map<string, RuleSet>, active: string): void {
  userSets = sets;
  activeName = active === DEFAULT_SET || sets.has(active) ? active : DEFAULT_SET;
  const set = getRuleSet(activeName) as RuleSet;
  activeLimitsCache = activeName === DEFAULT_SET ? DEFAULT_LIMITS : limitsOf(activeName, effectiveRules(set));
}

function snapshotOf(sets: Map<string, RuleSet>, active: string): string {
  return JSON.stringify({ active, sets: [...sets.values()] });
}

/** This process's state as the snapshot replicas exchange. */
export function ruleSetSnapshot(): string {
  return snapshotOf(userSets, activeName);
}

/** Applies a snapshot read from the shared store; a malformed one is ignored (the last good state stays). */
export function applyRuleSetSnapshot(text: string): void {
  try {
    const o = JSON.parse(text) as { active?: unknown; sets?: unknown };
    if (typeof o.active !== 'string' || !Array.isArray(o.sets)) return;
    const sets = new Map<string, RuleSet>();
    for (const x of o.sets as RuleSet[]) {
      if (x === null || typeof x !== 'object' || typeof x.name !== 'string' || x.name === DEFAULT_SET || !Array.isArray(x.overrides)) return;
      if (!x.overrides.every((r) => r !== null && typeof r === 'object' && RULE_IDS.has(r.id))) return;
      sets.set(x.name, { ...x, builtIn: false });
    }
    install(sets, o.active);
  } catch {
    /* not JSON: keep the last good state */
  }
}

/** Publishes the next state (Redis, when shared; rejects when it fails) and then applies it here. */
async function commit(sets: Map<string, RuleSet>, active: string): Promise<void> {
  if (sharedValidation !== undefined) await sharedValidation.publish(snapshotOf(sets, active));
  install(sets, active);
}

export async function activateRuleSet(name: string): Promise<boolean> {
  if (getRuleSet(name) === undefined) return false;
  await commit(userSets, name);
  return true;
}

/** Creates or replaces a user set (the active one takes effect at once). */
export async function saveRuleSet(set: RuleSet): Promise<void> {
  await commit(new Map(userSets).set(set.name, set), activeName);
}

/** Deletes a user set; the active one falls back to `default`. */
export async function deleteRuleSet(name: string): Promise<boolean> {
  if (!userSets.has(name)) return false;
  const next = new Map(userSets);
  next.delete(name);
  await commit(next, activeName === name ? DEFAULT_SET : activeName);
  return true;
}

/** Test hook: back to only `default`, active (this process only). */
export function resetRuleSets(): void {
  install(new Map(), DEFAULT_SET);
}

/** Whether a value breaks a rule's bounds (min exclusive-below, max exclusive-above, as before). */
export function below(l: ValidationLimits, id: string, v: number): boolean {
  const min = l.rules[id]?.min;
  return min !== undefined && v < min;
}
export function above(l: ValidationLimits, id: string, v: number): boolean {
  const max = l.rules[id]?.max;
  return max !== undefined && v > max;
}
