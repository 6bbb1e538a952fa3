/**
 * Auto-validation: the contract's `autoValidation` block ({overall, checks[], timestamp}) that
 * executeTool appends to the responses of auto-validated tools. The checks are structural so
 * they work on any tool's payload: they look for well-known field names (convergence flags,
 * phase fractions, compositions, densities, Z, Cp, T/P, balance errors, heating values) in the
 * envelope and judge what they find. A check that finds nothing to judge is not reported.
 */
import type { AutoValidation, Envelope } from '../envelope.js';
import type { AutoValidationContext } from '../types.js';

type Status = 'PASS' | 'WARNING' | 'FAIL';
interface Check {
  rule: string;
  status: Status;
  message: string;
}

/** Closure tolerance for fractions that must add up to one (engine output is normalised well below this). */
const SUM_TOLERANCE = 1e-4;
/** Temperature and pressure window over which the cubic/GERG models and our reference cases were validated. */
const VALIDATED_T_K = { min: 90, max: 800 };
const VALIDATED_P_BAR = { max: 1000 };
/** Above this pressure the original flags SRK/PR results as needing a reference-EOS check. */
const CUBIC_HIGH_P_BAR = 500;
/** Relative mass-balance error tolerated for process results. */
const MASS_BALANCE_TOL = 1e-3;
/** Plausible ranges for fuel-gas heating values (MJ/Sm3): hydrogen ~12 at the low end, butane ~125 at the high end. */
const HV_RANGE_MJ_SM3 = { min: 5, max: 140 };
const WOBBE_RANGE_MJ_SM3 = { min: 5, max: 100 };

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

interface Visit {
  path: string;
  key: string;
  value: unknown;
}

/** Key of the object holding the last path segment: data.fluid.conditions.gas.beta -> gas. */
function parentKey(path: string): string {
  const m = /(?:\.([^.[\]]+)|\[(\d+)\])(?:\.[^.[\]]+|\[\d+\])$/.exec(path);
  return m?.[1] ?? m?.[2] ?? '';
}

/** Path of the n-th ancestor: data.phases[1].beta -> data.phases (n = 2). */
function stripSegments(path: string, n: number): string {
  let p = path;
  for (let i = 0; i < n; i++) p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
  return p;
}

/** Depth-first walk over objects and arrays (bounded depth so a pathological payload cannot stall the call). */
function walk(root: unknown, visit: (v: Visit) => void, path = 'data', depth = 0): void {
  if (depth > 12) return;
  if (Array.isArray(root)) {
    root.forEach((child, i) => {
      const p = `${path}[${i}]`;
      visit({ path: p, key: String(i), value: child });
      walk(child, visit, p, depth + 1);
    });
  } else if (isObject(root)) {
    for (const [k, child] of Object.entries(root)) {
      const p = `${path}.${k}`;
      visit({ path: p, key: k, value: child });
      walk(child, visit, p, depth + 1);
    }
  }
}

function convergenceCheck(env: Envelope): Check | undefined {
  const conv = env.provenance?.convergence;
  let converged: boolean | undefined = conv?.converged;
  walk(env.data, ({ key, value }) => {
    if (key === 'converged' && typeof value === 'boolean') converged = converged === false ? false : value;
  });
  if (converged === undefined) return undefined;
  return converged
    ? { rule: 'convergence', status: 'PASS', message: `Solver converged${conv ? ` in ${conv.iterations} iterations` : ''}` }
    : { rule: 'convergence', status: 'FAIL', message: 'Solver did not converge; results are not reliable' };
}

function finiteCheck(env: Envelope): Check {
  const bad: string[] = [];
  walk(env.data, ({ path, value }) => {
    if (typeof value === 'number' && !Number.isFinite(value)) bad.push(path);
  });
  return bad.length === 0
    ? { rule: 'finite_values', status: 'PASS', message: 'All numeric results are finite' }
    : { rule: 'finite_values', status: 'FAIL', message: `Non-finite values at ${bad.slice(0, 5).join(', ')}` };
}

function phaseFractionCheck(env: Envelope): Check | undefined {
  const problems: string[] = [];
  let seen = 0;
  // Group fractions by the container that holds the phase objects, so each group must sum to one.
  const groups = new Map<unknown, { path: string; values: number[] }>();
  walk(env.data, ({ path, key, value }) => {
    if (!PHASE_FRACTION_KEYS.has(key)) return;
    const f = numeric(value);
    if (f === undefined) return;
    // The mixture's own entry (conditions.overall.phaseFraction = 1) is not one of the phases.
    if (MIXTURE_KEYS.has(parentKey(path))) return;
    seen++;
    if (!(f >= -1e-12 && f <= 1 + 1e-12)) problems.push(`${path} = ${f} is outside [0, 1]`);
    const containerPath = stripSegments(path, 2);
    const g = groups.get(containerPath) ?? { path: containerPath, values: [] };
    g.values.push(f);
    groups.set(containerPath, g);
  });
  if (seen === 0) return undefined;
  for (const g of groups.values()) {
    if (g.values.length < 2) continue;
    const sum = g.values.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > SUM_TOLERANCE) problems.push(`phase fractions under ${g.path} sum to ${sum.toPrecision(8)}`);
  }
  return problems.length === 0
    ? { rule: 'phase_fractions', status: 'PASS', message: 'Phase fractions lie in [0, 1] and sum to 1' }
    : { rule: 'phase_fractions', status: 'FAIL', message: problems.slice(0, 5).join('; ') };
}

/** Objects of name -> fraction below a composition-named key (directly or one level down per phase). */
function compositionCheck(env: Envelope): Check | undefined {
  const problems: string[] = [];
  let seen = 0;
  const judge = (path: string, obj: Record<string, unknown>): void => {
    const values = Object.values(obj).map(numeric);
    if (values.length === 0 || values.some((v) => v === undefined)) return;
    seen++;
    const nums = values as number[];
    const out = nums.find((v) => !(v >= -1e-12 && v <= 1 + 1e-12));
    if (out !== undefined) problems.push(`${path} has a fraction ${out} outside [0, 1]`);
    const sum = nums.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > SUM_TOLERANCE) problems.push(`${path} sums to ${sum.toPrecision(8)}`);
  };
  walk(env.data, ({ path, key, value }) => {
    if (!COMPOSITION_KEY.test(key) || !isObject(value)) return;
    judge(path, value);
    for (const [phase, sub] of Object.entries(value)) if (isObject(sub)) judge(`${path}.${phase}`, sub);
  });
  if (seen === 0) return undefined;
  return problems.length === 0
    ? { rule: 'composition_sum', status: 'PASS', message: `${seen} composition set(s) sum to 1 within ${SUM_TOLERANCE}` }
    : { rule: 'composition_sum', status: 'FAIL', message: problems.slice(0, 5).join('; ') };
}

function positivePropertiesCheck(env: Envelope): Check | undefined {
  const problems: string[] = [];
  let seen = 0;
  walk(env.data, ({ path, key, value }) => {
    if (!POSITIVE_KEY.test(key)) return;
    const v = numeric(value);
    if (v === undefined) return;
    seen++;
    if (!(Number.isFinite(v) && v > 0)) problems.push(`${path} = ${v}`);
  });
  if (seen === 0) return undefined;
  return problems.length === 0
    ? { rule: 'positive_properties', status: 'PASS', message: `${seen} density/Z/Cp/molar-mass values are positive and finite` }
    : { rule: 'positive_properties', status: 'FAIL', message: `Non-physical property values: ${problems.slice(0, 5).join(', ')}` };
}

function firstNumber(root: unknown, keys: string[]): number | undefined {
  let found: number | undefined;
  walk(root, ({ key, value }) => {
    if (found === undefined && keys.includes(key)) found = numeric(value);
  });
  return found;
}

/** runFlash's contract format states conditions.overall.pressure in bara (seed 001). */
function flashPressureBar(data: unknown): number | undefined {
  const p = (data as { fluid?: { conditions?: { overall?: { pressure?: unknown } } } } | undefined)?.fluid?.conditions?.overall?.pressure;
  return typeof p === 'number' ? p : undefined;
}

function operatingRangeCheck(env: Envelope): Check | undefined {
  const tK = firstNumber(env.data, TEMPERATURE_K_KEYS);
  const pBar = firstNumber(env.data, PRESSURE_BAR_KEYS) ?? flashPressureBar(env.data);
  if (tK === undefined && pBar === undefined) return undefined;
  if ((tK !== undefined && !(tK > 0)) || (pBar !== undefined && !(pBar > 0))) {
    return { rule: 'operating_range', status: 'FAIL', message: `Non-physical conditions T=${tK} K, P=${pBar} bar` };
  }
  const notes: string[] = [];
  if (tK !== undefined && (tK < VALIDATED_T_K.min || tK > VALIDATED_T_K.max)) {
    notes.push(`T = ${tK.toFixed(2)} K is outside the validated ${VALIDATED_T_K.min}-${VALIDATED_T_K.max} K range`);
  }
  if (pBar !== undefined && pBar > VALIDATED_P_BAR.max) notes.push(`P = ${pBar} bar exceeds the validated ${VALIDATED_P_BAR.max} bar`);
  const model = String(env.provenance?.model ?? '').toUpperCase();
  if (pBar !== undefined && pBar > CUBIC_HIGH_P_BAR && (model === 'SRK' || model === 'PR')) {
    notes.push(`${model} above ${CUBIC_HIGH_P_BAR} bar should be benchmarked against GERG-2008 or reference data`);
  }
  return notes.length === 0
    ? { rule: 'operating_range', status: 'PASS', message: 'Temperature and pressure are within the validated range' }
    : { rule: 'operating_range', status: 'WARNING', message: notes.join('; ') };
}

function massBalanceCheck(env: Envelope): Check | undefined {
  const relErr = firstNumber(env.data, ['massBalanceError', 'massBalanceRelativeError']);
  if (relErr !== undefined) {
    return Math.abs(relErr) <= MASS_BALANCE_TOL
      ? { rule: 'mass_balance', status: 'PASS', message: `Mass balance closes (relative error ${relErr.toExponential(2)})` }
      : { rule: 'mass_balance', status: 'FAIL', message: `Mass balance error ${relErr.toExponential(2)} exceeds ${MASS_BALANCE_TOL}` };
  }
  const fin = firstNumber(env.data, ['totalInletMassFlow', 'inletMassFlow_kg_hr']);
  const fout = firstNumber(env.data, ['totalOutletMassFlow', 'outletMassFlow_kg_hr']);
  if (fin === undefined || fout === undefined || fin === 0) return undefined;
  const err = Math.abs(fin - fout) / Math.abs(fin);
  return err <= MASS_BALANCE_TOL
    ? { rule: 'mass_balance', status: 'PASS', message: `Inlet and outlet mass flows agree within ${err.toExponential(2)}` }
    : { rule: 'mass_balance', status: 'FAIL', message: `Inlet ${fin} vs outlet ${fout}: relative error ${err.toExponential(2)}` };
}

function standardsCheck(env: Envelope): Check[] {
  const checks: Check[] = [];
  const d = env.data;
  const gcv = firstNumber(d, ['superiorCalorificValue_MJ_Sm3', 'grossCalorificValue_MJ_Sm3']);
  const ncv = firstNumber(d, ['inferiorCalorificValue_MJ_Sm3', 'netCalorificValue_MJ_Sm3']);
  const wobbe = firstNumber(d, ['superiorWobbeIndex_MJ_Sm3', 'wobbeIndex_MJ_Sm3']);
  const relDensity = firstNumber(d, ['relativeDensity']);
  if (gcv !== undefined) {
    const problems: string[] = [];
    if (!(gcv >= HV_RANGE_MJ_SM3.min && gcv <= HV_RANGE_MJ_SM3.max)) problems.push(`GCV ${gcv} MJ/Sm3 outside ${HV_RANGE_MJ_SM3.min}-${HV_RANGE_MJ_SM3.max}`);
    if (ncv !== undefined && !(ncv > 0 && ncv <= gcv)) problems.push(`NCV ${ncv} must be positive and not above GCV ${gcv}`);
    checks.push(
      problems.length === 0
        ? { rule: 'heating_value_plausibility', status: 'PASS', message: 'Heating values are plausible (0 < NCV <= GCV, GCV in fuel-gas range)' }
        : { rule: 'heating_value_plausibility', status: 'FAIL', message: problems.join('; ') },
    );
  }
  if (wobbe !== undefined) {
    const problems: string[] = [];
    if (!(wobbe >= WOBBE_RANGE_MJ_SM3.min && wobbe <= WOBBE_RANGE_MJ_SM3.max)) problems.push(`Wobbe ${wobbe} MJ/Sm3 outside ${WOBBE_RANGE_MJ_SM3.min}-${WOBBE_RANGE_MJ_SM3.max}`);
    // W = H / sqrt(d) by definition; a mismatch means the reported values are inconsistent.
    if (gcv !== undefined && relDensity !== undefined && relDensity > 0) {
      const expected = gcv / Math.sqrt(relDensity);
      if (Math.abs(expected - wobbe) > 1e-3 * expected) problems.push(`Wobbe ${wobbe} differs from GCV/sqrt(d) = ${expected.toFixed(4)}`);
    }
    checks.push(
      problems.length === 0
        ? { rule: 'wobbe_plausibility', status: 'PASS', message: 'Wobbe index is plausible and consistent with GCV and relative density' }
        : { rule: 'wobbe_plausibility', status: 'FAIL', message: problems.join('; ') },
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

/**
 * The autoValidation block for one envelope. `context` selects the domain rules (standards
 * plausibility for 'general', mass balance for 'process'/'pipeline'); the structural rules run
 * for every context. Never throws: a payload it cannot judge yields fewer checks, not an error.
 */
export function autoValidate(context: AutoValidationContext, envelope: Envelope): AutoValidation {
  const checks: Check[] = [];
  if (envelope.status !== 'success') {
    checks.push({ rule: 'tool_status', status: 'FAIL', message: `Tool returned status '${envelope.status}'` });
  } else {
    try {
      const optional = [convergenceCheck(envelope), phaseFractionCheck(envelope), compositionCheck(envelope), positivePropertiesCheck(envelope), operatingRangeCheck(envelope)];
      if (context === 'process' || context === 'pipeline') optional.push(massBalanceCheck(envelope));
      checks.push(finiteCheck(envelope));
      for (const c of optional) if (c) checks.push(c);
      if (context === 'general') checks.push(...standardsCheck(envelope));
      checks.push(warningsCheck(envelope));
    } catch (err) {
      checks.push({ rule: 'auto_validation', status: 'FAIL', message: `Automatic validation could not inspect the result: ${(err as Error).message}` });
    }
  }
  const overall: Status = checks.some((c) => c.status === 'FAIL') ? 'FAIL' : checks.some((c) => c.status === 'WARNING') ? 'WARNING' : 'PASS';
  return { overall, checks, timestamp: new Date().toISOString() };
}
