/**
 * Reading the richer unit specifications of a process definition: performance charts
 * (compressorChart / pumpChart, in the original's form) and valve coefficients (Cv, Kv,
 * percentValveOpening, xT, FL). Each reader returns the engine value or pushes issues.
 */
import { chartProblem, type LimitCurve, type MachineChart, type ValveCoefficients } from '../../../engine/index.js';
import { DEFAULT_FL, DEFAULT_XT, KV_PER_CV } from '../../../engine/dynamic/valves.js';
import { issue, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { isPlainObject } from '../../platform/validation/issues.js';

/** Standard gravity, m/s2: a chart head in metres of fluid → J/kg. */
const G0 = 9.80665;
const CHART_KEYS = ['chartType', 'headUnit', 'useRealKappa', 'chartConditions', 'speeds', 'flows', 'heads', 'polytropicEfficiencies', 'efficiencies', 'surgeCurve', 'stoneWallCurve', 'useCompressorChart'];
const CHART_EXAMPLE = '{"headUnit": "kJ/kg", "speeds": [9000, 10000], "flows": [[2000, 3000], [2200, 3300]], "heads": [[90, 70], [110, 86]], "polytropicEfficiencies": [[77, 75], [77, 75]]}';

const numbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x));
const grid = (v: unknown): v is number[][] => Array.isArray(v) && v.every(numbers);

function limitCurve(raw: unknown, headScale: number, field: string, issues: DiagnosticIssue[]): LimitCurve | undefined {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw) || !numbers(raw.flow) || !numbers(raw.head)) {
    issues.push(issue('INVALID_PROPERTY', 'A surge or stonewall curve is {"flow": [m3/h...], "head": [...], "active": true}', 'Give flow and head arrays of equal length', field));
    return undefined;
  }
  if (raw.active === false) return undefined;
  return { flow: raw.flow, head: raw.head.map((h) => h * headScale) };
}

/**
 * A chart in the original's form: speeds[], flows[][] (actual inlet m3/h), heads[][] in
 * headUnit ("kJ/kg", "J/kg" or "meter"; default "meter", as the original), efficiencies in
 * percent (polytropicEfficiencies for compressors; efficiencies accepted for pumps).
 * Returns undefined when the chart is switched off (useCompressorChart false) or invalid.
 */
export function readChart(raw: unknown, field: string, issues: DiagnosticIssue[], warnings: Warning[], unitName: string): MachineChart | undefined {
  if (!isPlainObject(raw)) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: the chart must be an object`, `Give e.g. ${CHART_EXAMPLE}`, field));
    return undefined;
  }
  const unknown = Object.keys(raw).filter((k) => !CHART_KEYS.includes(k));
  if (unknown.length > 0) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: unknown chart key(s) ${unknown.join(', ')}`, `Chart keys: ${CHART_KEYS.join(', ')}`, `${field}.${unknown[0]}`));
    return undefined;
  }
  if (raw.useCompressorChart === false) return undefined;
  if (Array.isArray(raw.chartConditions) && raw.chartConditions.length > 0) {
    issues.push(issue('UNSUPPORTED_PROPERTY', `${unitName}: chartConditions (correcting the chart to other reference conditions) is not modelled`, 'Give the chart at the machine\'s own suction conditions and leave chartConditions empty', `${field}.chartConditions`));
    return undefined;
  }
  const unit = typeof raw.headUnit === 'string' ? raw.headUnit.trim().toLowerCase() : 'meter';
  const headScale = unit === 'kj/kg' ? 1000 : unit === 'j/kg' ? 1 : unit === 'meter' || unit === 'm' ? G0 : NaN;
  if (Number.isNaN(headScale)) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: headUnit must be "kJ/kg", "J/kg" or "meter", got ${JSON.stringify(raw.headUnit)}`, 'Give "headUnit": "kJ/kg"', `${field}.headUnit`));
    return undefined;
  }
  const eff = raw.polytropicEfficiencies ?? raw.efficiencies;
  if (!numbers(raw.speeds) || !grid(raw.flows) || !grid(raw.heads) || !grid(eff) || raw.flows.length !== raw.speeds.length || raw.heads.length !== raw.speeds.length || eff.length !== raw.speeds.length) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: a chart needs speeds[] and, per speed, flows[][], heads[][] and polytropicEfficiencies[][] (percent)`, `Give e.g. ${CHART_EXAMPLE}`, field));
    return undefined;
  }
  // The original takes percent; fractions there give negative heads. Refuse rather than guess.
  if (eff.flat().every((e) => e <= 1)) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: chart efficiencies are in percent (as in the original), got values ≤ 1`, 'Write 78 for 78 %, not 0.78', `${field}.polytropicEfficiencies`));
    return undefined;
  }
  const flows = raw.flows as number[][];
  const heads = raw.heads as number[][];
  const lines = raw.speeds
    .map((speed, i) => ({ speed, flow: flows[i], head: heads[i].map((h) => h * headScale), efficiency: eff[i].map((e) => e / 100) }))
    .sort((a, b) => a.speed - b.speed);
  const chart: MachineChart = { lines, surge: limitCurve(raw.surgeCurve, headScale, `${field}.surgeCurve`, issues), stonewall: limitCurve(raw.stoneWallCurve, headScale, `${field}.stoneWallCurve`, issues) };
  const bad = chartProblem(chart);
  if (bad) {
    issues.push(issue('INVALID_PROPERTY', `${unitName}: ${bad}`, `Give e.g. ${CHART_EXAMPLE}`, field));
    return undefined;
  }
  if (raw.chartType !== undefined) {
    warnings.push({ code: 'MODEL_LIMITATION', severity: 'INFO', message: `${unitName}: chartType ${JSON.stringify(raw.chartType)} noted; every chart is read the same way here: monotone cubic along each speed line through its points, fan-law similarity between speed lines` });
  }
  return chart;
}

function positive(v: unknown, field: string, what: string, issues: DiagnosticIssue[], max = Infinity): number | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  if (typeof x === 'number' && Number.isFinite(x) && x > 0 && x <= max) return x;
  issues.push(issue('INVALID_PROPERTY', `${what} must be a number in (0, ${max}], got ${JSON.stringify(v)}`, `Give ${what} as a number, e.g. ${max === 100 ? 50 : max === 1 ? 0.7 : 120}`, field));
  return undefined;
}

/** Valve coefficients (undefined when the valve is given none). */
export function readValve(p: Record<string, unknown>, pf: (k: string) => string, issues: DiagnosticIssue[]): ValveCoefficients | undefined {
  const cvKey = ['Cv', 'cv'].find((k) => p[k] !== undefined);
  const given = cvKey !== undefined || p.Kv !== undefined || p.percentValveOpening !== undefined || p.xT !== undefined || p.FL !== undefined;
  if (!given) return undefined;
  let cv: number | undefined;
  if (cvKey) cv = positive(p[cvKey], pf(cvKey), 'Cv (US gpm/psi^0.5)', issues, 1e6);
  else if (p.Kv !== undefined) {
    const kv = positive(p.Kv, pf('Kv'), 'Kv (m3/h/bar^0.5)', issues, 1e6);
    cv = kv === undefined ? undefined : kv / KV_PER_CV;
  }
  const opening = p.percentValveOpening === undefined ? undefined : positive(p.percentValveOpening, pf('percentValveOpening'), 'percentValveOpening', issues, 100);
  const xT = p.xT === undefined ? DEFAULT_XT : positive(p.xT, pf('xT'), 'xT', issues, 1);
  const FL = p.FL === undefined ? DEFAULT_FL : positive(p.FL, pf('FL'), 'FL', issues, 1);
  if (opening !== undefined && cv === undefined) issues.push(issue('MISSING_PROPERTY', 'percentValveOpening needs the valve\'s Cv (or Kv)', 'Add "Cv": 120', pf('percentValveOpening')));
  return { cv, opening: opening === undefined ? undefined : opening / 100, xT: xT ?? DEFAULT_XT, FL: FL ?? DEFAULT_FL };
}
