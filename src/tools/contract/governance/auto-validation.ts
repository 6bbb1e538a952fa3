/**
 * Auto-validation: the contract's `autoValidation` block ({overall, checks[], timestamp}) that
 * executeTool appends to the responses of auto-validated tools. The checks are structural so
 * they work on any tool's payload: they look for well-known field names (convergence flags,
 * phase fractions, compositions, densities, Z, Cp, T/P, balance errors, heating values) in the
 * envelope and judge what they find. A check that finds nothing to judge is not reported.
 */
import type { AutoValidation, Envelope } from '../envelope.js';
import type { AutoValidationContext } from '../types.js';
import { DEFAULT_LIMITS, type ValidationLimits } from './validation-rules.js';

type Status = 'PASS' | 'WARNING' | 'FAIL';
interface Check {
  rule: string;
  status: Status;
  message: string;
}

/**
 * The limits come from the active validation rule set (validation-rules.ts; `default` holds the
 * tolerances: sum closure 1e-4, validated window 90-800 K and 1000 bar, cubic check above 500 bar,
 * mass balance 1e-3, GCV 5-140 and Wobbe 5-100 MJ/Sm3). A rule severity ERROR reports FAIL,
 * WARNING or INFO report WARNING.
 */
const statusOf = (L: ValidationLimits, id: string): Status => (L.rules[id]?.severity === 'ERROR' ? 'FAIL' : 'WARNING');
const maxOf = (L: ValidationLimits, id: string): number => L.rules[id]?.max ?? Infinity;
const minOf = (L: ValidationLimits, id: string): number => L.rules[id]?.min ?? -Infinity;

const MIXTURE_KEYS = new Set(['overall', 'total', 'mixture', 'feed']);
const PHASE_FRACTION_KEYS = new Set(['beta', 'phaseFraction', 'phaseMoleFraction', 'moleFractionOfPhase', 'vaporFraction']);
const COMPOSITION_KEY = /^(composition|compositions|moleFractions|massFractions|weightFractions|x|y|z)$/i;
const POSITIVE_KEY =
  /^(density|density_kgm3|density_kg_m3|densityKgM3|compressibilityFactor|compressionFactor|z|Z|zFactor|cp|Cp|cv|Cv|Cp_J_kgK|Cv_J_kgK|molarMass|molarMass_kg_mol|molarMass_kg_kmol|speedOfSound|speedOfSound_m_s|relativeDensity)$/;
const TEMPERATURE_K_KEYS = ['temperature_K', 'temperatureK', 'T_K'];
const PRESSURE_BAR_KEYS = ['pressure_bara', 'pressure_bar', 'pressureBara', 'pressureBar', 'P_bar'];

/** A number, or the value of a {value: number, unit} leaf. */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { value?: unknown }).value === 'number') {
    return (v as { value: number }).value;
  }
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const FIRST_KEYS = new Set([
  ...TEMPERATURE_K_KEYS,
  ...PRESSURE_BAR_KEYS,
  'massBalanceError',
  'massBalanceRelativeError',
  'totalInletMassFlow',
  'inletMassFlow_kg_hr',
  'totalOutletMassFlow',
  'outletMassFlow_kg_hr',
  'superiorCalorificValue_MJ_Sm3',
  'grossCalorificValue_MJ_Sm3',
  'inferiorCalorificValue_MJ_Sm3',
  'netCalorificValue_MJ_Sm3',
  'superiorWobbeIndex_MJ_Sm3',
  'wobbeIndex_MJ_Sm3',
  'relativeDensity',
]);
/** What the rules want to know about a key, as bits; memoised (payload keys repeat call after call). */
const KEY_FIRST = 1;
const KEY_POSITIVE = 2;
const KEY_FRACTION = 4;
const KEY_COMPOSITION = 8;
const keyKinds = new Map<string, number>();
/** The memo holds at most this many keys (cleared when full: arbitrary user keys cannot grow it without bound). */
const MAX_MEMO_KEYS = 4096;
function kindOf(key: string): number {
  let k = keyKinds.get(key);
  if (k === undefined) {
    k = (FIRST_KEYS.has(key) ? KEY_FIRST : 0) | (POSITIVE_KEY.test(key) ? KEY_POSITIVE : 0) | (PHASE_FRACTION_KEYS.has(key) ? KEY_FRACTION : 0) | (COMPOSITION_KEY.test(key) ? KEY_COMPOSITION : 0);
    if (keyKinds.size >= MAX_MEMO_KEYS) keyKinds.clear();
    keyKinds.set(key, k);
  }
  return k;
}

/** Deeper than this a payload is not inspected (a pathological payload cannot stall the call). */
const MAX_DEPTH = 12;
const MAX_REPORTED = 5;

/** What one pass over the payload found; every rule reads from here. */
interface Facts {
  nonFinite: string[];
  converged: boolean | undefined;
  /** Phase fractions grouped by the object that holds the phase objects. */
  fractionGroups: Map<object, { path: string; values: number[] }>;
  fractionProblems: string[];
  fractionCount: number;
  compositionSets: number;
  compositionProblems: string[];
  positiveCount: number;
  positiveProblems: string[];
  first: Map<string, number>;
}

/**
 * One depth-first pass (the payload of a flash has hundreds of nodes and this runs on every
 * auto-validated call, so paths are only spelled out when a finding needs one).
 */
function collect(data: unknown, sumTolerance: number): Facts {
  const f: Facts = {
    nonFinite: [],
    converged: undefined,
    fractionGroups: new Map(),
    fractionProblems: [],
    fractionCount: 0,
    compositionSets: 0,
    compositionProblems: [],
    positiveCount: 0,
    positiveProblems: [],
    first: new Map(),
  };
  const keys: string[] = [];
  const objs: unknown[] = [];
  const pathOf = (depth = keys.length): string => {
    let p = 'data';
    for (let i = 0; i < depth; i++) p += /^\d+$/.test(keys[i]) ? `[${keys[i]}]` : `.${keys[i]}`;
    return p;
  };

  const judgeComposition = (obj: Record<string, unknown>, label: () => string): void => {
    let sum = 0;
    let n = 0;
    for (const v of Object.values(obj)) {
      const x = numeric(v);
      if (x === undefined) return;
      if (!(x >= -1e-12 && x <= 1 + 1e-12) && f.compositionProblems.length < MAX_REPORTED) f.compositionProblems.push(`${label()} has a fraction ${x} outside [0, 1]`);
      sum += x;
      n++;
    }
    if (n === 0) return;
    f.compositionSets++;
    if (Math.abs(sum - 1) > sumTolerance && f.compositionProblems.length < MAX_REPORTED) f.compositionProblems.push(`${label()} sums to ${sum.toPrecision(8)}`);
  };

  const visit = (key: string, value: unknown, holder: unknown): void => {
    if (typeof value === 'number' && !Number.isFinite(value) && f.nonFinite.length < MAX_REPORTED) f.nonFinite.push(pathOf());
    if (key === 'converged' && typeof value === 'boolean') f.converged = f.converged === false ? false : value;
    const kind = kindOf(key);
    if (kind === 0) return;
    const x = numeric(value);
    if (x !== undefined) {
      if ((kind & KEY_FIRST) !== 0 && !f.first.has(key)) f.first.set(key, x);
      if ((kind & KEY_POSITIVE) !== 0) {
        f.positiveCount++;
        if (!(Number.isFinite(x) && x > 0) && f.positiveProblems.length < MAX_REPORTED) f.positiveProblems.push(`${pathOf()} = ${x}`);
      }
      // The mixture's own entry (conditions.overall.phaseFraction = 1) is not one of the phases.
      if ((kind & KEY_FRACTION) !== 0 && !MIXTURE_KEYS.has(keys[keys.length - 2] ?? '')) {
        f.fractionCount++;
        if (!(x >= -1e-12 && x <= 1 + 1e-12) && f.fractionProblems.length < MAX_REPORTED) f.fractionProblems.push(`${pathOf()} = ${x} is outside [0, 1]`);
        const container = (objs.length >= 2 ? objs[objs.length - 2] : holder) as object;
        let g = f.fractionGroups.get(container);
        if (g === undefined) {
          g = { path: pathOf(keys.length - 2), values: [] };
          f.fractionGroups.set(container, g);
        }
        g.values.push(x);
      }
    }
    if ((kind & KEY_COMPOSITION) !== 0 && isObject(value)) {
      judgeComposition(value, () => pathOf());
      for (const [phase, sub] of Object.entries(value)) if (isObject(sub)) judgeComposition(sub, () => `${pathOf()}.${phase}`);
    }
  };

  // Children are only entered when they are objects within MAX_DEPTH (no call per leaf), and
  // objects are read with a bare for-in (payloads are plain JSON objects, whose enumerable keys
  // are their own, in Object.keys order): no key array per object, and no hasOwn call per key,
  // which measured as the walk's largest cost.
  const walk = (node: object, depth: number): void => {
    objs.push(node);
    const deeper = depth < MAX_DEPTH;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        keys.push(String(i));
        const ik = keys[keys.length - 1]!;
        if (typeof v === 'number' ? !Number.isFinite(v) || kindOf(ik) !== 0 : kindOf(ik) !== 0) visit(ik, v, node);
        if (deeper && v !== null && typeof v === 'object') walk(v, depth + 1);
        keys.pop();
      }
    } else {
      const o = node as Record<string, unknown>;
      for (const k in o) {
        const v = o[k];
        keys.push(k);
        // visit() has something to do only for a non-finite number, `converged` or a key a rule reads.
        if (typeof v === 'number' ? !Number.isFinite(v) || kindOf(k) !== 0 : k === 'converged' || kindOf(k) !== 0) visit(k, v, node);
        if (deeper && v !== null && typeof v === 'object') walk(v, depth + 1);
        keys.pop();
      }
    }
    objs.pop();
  };
  if (data !== null && typeof data === 'object') walk(data, 0);
  return f;
}

function convergenceCheck(env: Envelope, f: Facts): Check | undefined {
  const conv = env.provenance?.convergence;
  let converged: boolean | undefined = conv?.converged;
  if (f.converged !== undefined) converged = converged === false ? false : f.converged;
  if (converged === undefined) return undefined;
  return converged
    ? { rule: 'convergence', status: 'PASS', message: `Solver converged${conv ? ` in ${conv.iterations} iterations` : ''}` }
    : { rule: 'convergence', status: 'FAIL', message: 'Solver did not converge; results are not reliable' };
}

function finiteCheck(f: Facts): Check {
  return f.nonFinite.length === 0
    ? { rule: 'finite_values', status: 'PASS', message: 'All numeric results are finite' }
    : { rule: 'finite_values', status: 'FAIL', message: `Non-finite values at ${f.nonFinite.join(', ')}` };
}

function phaseFractionCheck(f: Facts, L: ValidationLimits): Check | undefined {
  const tol = maxOf(L, 'autoSumTolerance');
  if (f.fractionCount === 0) return undefined;
  const problems = [...f.fractionProblems];
  for (const g of f.fractionGroups.values()) {
    if (g.values.length < 2) continue;
    const sum = g.values.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > tol) problems.push(`phase fractions under ${g.path} sum to ${sum.toPrecision(8)}`);
  }
  return problems.length === 0
    ? { rule: 'phase_fractions', status: 'PASS', message: 'Phase fractions lie in [0, 1] and sum to 1' }
    : { rule: 'phase_fractions', status: f.fractionProblems.length > 0 ? 'FAIL' : statusOf(L, 'autoSumTolerance'), message: problems.slice(0, MAX_REPORTED).join('; ') };
}

function compositionCheck(f: Facts, L: ValidationLimits): Check | undefined {
  if (f.compositionSets === 0) return undefined;
  return f.compositionProblems.length === 0
    ? { rule: 'composition_sum', status: 'PASS', message: `${f.compositionSets} composition set(s) sum to 1 within ${maxOf(L, 'autoSumTolerance')}` }
    : { rule: 'composition_sum', status: statusOf(L, 'autoSumTolerance'), message: f.compositionProblems.join('; ') };
}

function positivePropertiesCheck(f: Facts): Check | undefined {
  if (f.positiveCount === 0) return undefined;
  return f.positiveProblems.length === 0
    ? { rule: 'positive_properties', status: 'PASS', message: `${f.positiveCount} density/Z/Cp/molar-mass values are positive and finite` }
    : { rule: 'positive_properties', status: 'FAIL', message: `Non-physical property values: ${f.positiveProblems.join(', ')}` };
}

function firstOf(f: Facts, keys: string[]): number | undefined {
  for (const k of keys) {
    const v = f.first.get(k);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** runFlash's contract format states conditions.overall.pressure in bara (seed 001). */
function flashPressureBar(data: unknown): number | undefined {
  const p = (data as { fluid?: { conditions?: { overall?: { pressure?: unknown } } } } | undefined)?.fluid?.conditions?.overall?.pressure;
  return typeof p === 'number' ? p : undefined;
}

function operatingRangeCheck(env: Envelope, f: Facts, L: ValidationLimits): Check | undefined {
  const tMin = minOf(L, 'autoTemperatureRange');
  const tMax = maxOf(L, 'autoTemperatureRange');
  const pMax = maxOf(L, 'autoPressureRange');
  const cubicMax = maxOf(L, 'autoCubicHighPressure');
  const tK = firstOf(f, TEMPERATURE_K_KEYS);
  const pBar = firstOf(f, PRESSURE_BAR_KEYS) ?? flashPressureBar(env.data);
  if (tK === undefined && pBar === undefined) return undefined;
  if ((tK !== undefined && !(tK > 0)) || (pBar !== undefined && !(pBar > 0))) {
    return { rule: 'operating_range', status: 'FAIL', message: `Non-physical conditions T=${tK} K, P=${pBar} bar` };
  }
  const notes: string[] = [];
  let status: Status = 'WARNING';
  const note = (id: string, text: string) => {
    notes.push(text);
    if (statusOf(L, id) === 'FAIL') status = 'FAIL';
  };
  if (tK !== undefined && (tK < tMin || tK > tMax)) note('autoTemperatureRange', `T = ${tK.toFixed(2)} K is outside the validated ${tMin}-${tMax} K range`);
  if (pBar !== undefined && pBar > pMax) note('autoPressureRange', `P = ${pBar} bar exceeds the validated ${pMax} bar`);
  const model = String(env.provenance?.model ?? '').toUpperCase();
  if (pBar !== undefined && pBar > cubicMax && (model === 'SRK' || model === 'PR')) {
    note('autoCubicHighPressure', `${model} above ${cubicMax} bar should be benchmarked against GERG-2008 or reference data`);
  }
  return notes.length === 0
    ? { rule: 'operating_range', status: 'PASS', message: 'Temperature and pressure are within the validated range' }
    : { rule: 'operating_range', status, message: notes.join('; ') };
}

function massBalanceCheck(f: Facts, L: ValidationLimits): Check | undefined {
  const MASS_BALANCE_TOL = maxOf(L, 'autoMassBalance');
  const fail = statusOf(L, 'autoMassBalance');
  const relErr = firstOf(f, ['massBalanceError', 'massBalanceRelativeError']);
  if (relErr !== undefined) {
    return Math.abs(relErr) <= MASS_BALANCE_TOL
      ? { rule: 'mass_balance', status: 'PASS', message: `Mass balance closes (relative error ${relErr.toExponential(2)})` }
      : { rule: 'mass_balance', status: fail, message: `Mass balance error ${relErr.toExponential(2)} exceeds ${MASS_BALANCE_TOL}` };
  }
  const fin = firstOf(f, ['totalInletMassFlow', 'inletMassFlow_kg_hr']);
  const fout = firstOf(f, ['totalOutletMassFlow', 'outletMassFlow_kg_hr']);
  if (fin === undefined || fout === undefined || fin === 0) return undefined;
  const err = Math.abs(fin - fout) / Math.abs(fin);
  return err <= MASS_BALANCE_TOL
    ? { rule: 'mass_balance', status: 'PASS', message: `Inlet and outlet mass flows agree within ${err.toExponential(2)}` }
    : { rule: 'mass_balance', status: fail, message: `Inlet ${fin} vs outlet ${fout}: relative error ${err.toExponential(2)}` };
}

function standardsCheck(f: Facts, L: ValidationLimits): Check[] {
  const HV_RANGE_MJ_SM3 = { min: minOf(L, 'autoHeatingValue'), max: maxOf(L, 'autoHeatingValue') };
  const WOBBE_RANGE_MJ_SM3 = { min: minOf(L, 'autoWobbe'), max: maxOf(L, 'autoWobbe') };
  const checks: Check[] = [];
  const gcv = firstOf(f, ['superiorCalorificValue_MJ_Sm3', 'grossCalorificValue_MJ_Sm3']);
  const ncv = firstOf(f, ['inferiorCalorificValue_MJ_Sm3', 'netCalorificValue_MJ_Sm3']);
  const wobbe = firstOf(f, ['superiorWobbeIndex_MJ_Sm3', 'wobbeIndex_MJ_Sm3']);
  const relDensity = firstOf(f, ['relativeDensity']);
  if (gcv !== undefined) {
    const problems: string[] = [];
    // Out of range: the rule's severity; NCV above GCV is inconsistent whatever the set says.
    const inRange = gcv >= HV_RANGE_MJ_SM3.min && gcv <= HV_RANGE_MJ_SM3.max;
    if (!inRange) problems.push(`GCV ${gcv} MJ/Sm3 outside ${HV_RANGE_MJ_SM3.min}-${HV_RANGE_MJ_SM3.max}`);
    if (ncv !== undefined && !(ncv > 0 && ncv <= gcv)) problems.push(`NCV ${ncv} must be positive and not above GCV ${gcv}`);
    checks.push(
      problems.length === 0
        ? { rule: 'heating_value_plausibility', status: 'PASS', message: 'Heating values are plausible (0 < NCV <= GCV, GCV in fuel-gas range)' }
        : { rule: 'heating_value_plausibility', status: problems.length > (inRange ? 0 : 1) ? 'FAIL' : statusOf(L, 'autoHeatingValue'), message: problems.join('; ') },
    );
  }
  if (wobbe !== undefined) {
    const problems: string[] = [];
    const inRange = wobbe >= WOBBE_RANGE_MJ_SM3.min && wobbe <= WOBBE_RANGE_MJ_SM3.max;
    if (!inRange) problems.push(`Wobbe ${wobbe} MJ/Sm3 outside ${WOBBE_RANGE_MJ_SM3.min}-${WOBBE_RANGE_MJ_SM3.max}`);
    // W = H / sqrt(d) by definition; a mismatch means the reported values are inconsistent.
    if (gcv !== undefined && relDensity !== undefined && relDensity > 0) {
      const expected = gcv / Math.sqrt(relDensity);
      if (Math.abs(expected - wobbe) > 1e-3 * expected) problems.push(`Wobbe ${wobbe} differs from GCV/sqrt(d) = ${expected.toFixed(4)}`);
    }
    checks.push(
      problems.length === 0
        ? { rule: 'wobbe_plausibility', status: 'PASS', message: 'Wobbe index is plausible and consistent with GCV and relative density' }
        : { rule: 'wobbe_plausibility', status: problems.length > (inRange ? 0 : 1) ? 'FAIL' : statusOf(L, 'autoWobbe'), message: problems.join('; ') },
    );
  }
  return checks;
}

function warningsCheck(env: Envelope): Check {
  const serious = env.warnings.filter((w) => w.severity !== 'INFO');
  return serious.length === 0
    ? { rule: 'model_applicability', status: 'PASS', message: 'No model-applicability warnings raised' }
    : { rule: 'model_applicability', status: 'WARNING', message: serious.map((w) => `${w.code}: ${w.message}`).join('; ') };
}

/** Date.toISOString of now, made once per millisecond (calls come many to a millisecond). */
let isoMs = -1;
let isoText = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * The autoValidation block for one envelope. `context` selects the domain rules (standards
 * plausibility for 'general', mass balance for 'process'/'pipeline'); the structural rules run
 * for every context. Never throws: a payload it cannot judge yields fewer checks, not an error.
 */
export function autoValidate(context: AutoValidationContext, envelope: Envelope, limits: ValidationLimits = DEFAULT_LIMITS): AutoValidation {
  const checks: Check[] = [];
  if (envelope.status !== 'success') {
    checks.push({ rule: 'tool_status', status: 'FAIL', message: `Tool returned status '${envelope.status}'` });
  } else {
    try {
      const facts = collect(envelope.data, maxOf(limits, 'autoSumTolerance'));
      const optional = [convergenceCheck(envelope, facts), phaseFractionCheck(facts, limits), compositionCheck(facts, limits), positivePropertiesCheck(facts), operatingRangeCheck(envelope, facts, limits)];
      if (context === 'process' || context === 'pipeline') optional.push(massBalanceCheck(facts, limits));
      checks.push(finiteCheck(facts));
      for (const c of optional) if (c) checks.push(c);
      if (context === 'general') checks.push(...standardsCheck(facts, limits));
      checks.push(warningsCheck(envelope));
    } catch (err) {
      checks.push({ rule: 'auto_validation', status: 'FAIL', message: `Automatic validation could not inspect the result: ${(err as Error).message}` });
    }
  }
  const overall: Status = checks.some((c) => c.status === 'FAIL') ? 'FAIL' : checks.some((c) => c.status === 'WARNING') ? 'WARNING' : 'PASS';
  return { overall, checks, timestamp: isoNow(), ...(limits.set !== DEFAULT_LIMITS.set ? { ruleSet: limits.set } : {}) };
}
