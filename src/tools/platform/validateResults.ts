/**
 * validateResults (core, ADVISORY, v1.0): engineering sanity rules over any results object — an
 * agent's own numbers or another tool's output — with the original's rule table (codes, severities
 * and limits of spec/neqsim-surface.md 2.10) and its verdict strings.
 *
 * Where the original is loose we do it right: it reads the first bare JSON number under a key and
 * treats every temperature as °C and every pressure as bara, so a temperature in kelvin (as the
 * flash tools report it) is judged as if it were Celsius. Here a quantity is found under its key
 * with its unit: a {value, unit} leaf is converted, and the suffixed keys (temperature_K,
 * temperature_C, pressure_bara, pressure_Pa, …) say their unit; a bare `temperature` or `pressure`
 * is °C or bara, as in the original. Lookup order as the original: the top level first, then nested
 * objects depth-first; arrays are not searched.
 */
import { Type, type Static } from '@sinclair/typebox';
import { success, type Envelope } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';
import { ambiguousUnitFix } from '../contract/units.js';
import { parseJsonBounded } from '../contract/input-guard.js';
import { above, activeValidationLimits, below, type ValidationLimits } from '../contract/governance/validation-rules.js';

const TOOL = 'validateResults';

type Severity = 'ERROR' | 'WARNING' | 'INFO';
interface Finding {
  code: string;
  severity: Severity;
  message: string;
  remediation: string;
}

const Input = Type.Object(
  {
    resultsJson: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String()], {
      description:
        'The results to check: a JSON object (any tool output or your own figures), or its JSON text. Unlike tool inputs (where a bare temperature is K), here a bare temperature is °C and a bare pressure bara, as in the contract\'s rule table; temperature_K, pressure_Pa, psia/psig and other {value, unit} leaves are converted, and "psi" (absolute or gauge?) is reported, not guessed',
    }),
    context: Type.Optional(Type.String({ maxLength: 500, description: 'Free text echoed back as validationContext (e.g. "compressor discharge")' })),
  },
  { additionalProperties: false },
);

const FindingSchema = Type.Object(
  { code: Type.String(), severity: Type.Union([Type.Literal('ERROR'), Type.Literal('WARNING'), Type.Literal('INFO')]), message: Type.String(), remediation: Type.String() },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    validationContext: Type.String(),
    totalFindings: Type.Integer(),
    errorCount: Type.Integer(),
    warningCount: Type.Integer(),
    infoCount: Type.Integer(),
    passed: Type.Boolean({ description: 'No ERROR finding' }),
    verdict: Type.String({ description: 'FAIL …, PASS_WITH_WARNINGS … or PASS — No issues found.' }),
    findings: Type.Array(FindingSchema),
  },
  { additionalProperties: false },
);
type Output = Static<typeof Output>;

/** Converters to the rule's unit from the units a {value, unit} leaf may carry. */
const TO_C: Record<string, (v: number) => number> = { C: (v) => v, K: (v) => v - 273.15, F: (v) => ((v - 32) * 5) / 9, R: (v) => ((v - 491.67) * 5) / 9 };
// No "psi": absolute or gauge is a guess either way (src/tools/contract/units.ts); such a leaf is reported as AMBIGUOUS_UNIT.
const TO_BARA: Record<string, (v: number) => number> = { bara: (v) => v, bar: (v) => v, barg: (v) => v + 1.01325, Pa: (v) => v / 1e5, kPa: (v) => v / 100, MPa: (v) => v * 10, psia: (v) => v * 0.0689475729, psig: (v) => v * 0.0689475729 + 1.01325, atm: (v) => v * 1.01325 };

/** Keys a quantity may be found under, each with the unit a bare number under it is in. */
type Aliases = readonly (readonly [key: string, unit: string])[];
const TEMPERATURE: Aliases = [['temperature', 'C'], ['temperature_C', 'C'], ['temperature_K', 'K']];
const OUTLET_TEMPERATURE: Aliases = [['outletTemperature', 'C'], ['outletTemperature_C', 'C'], ['outletTemperature_K', 'K']];
const PRESSURE: Aliases = [['pressure', 'bara'], ['pressure_bara', 'bara'], ['pressure_bar', 'bara'], ['pressure_Pa', 'Pa']];
const WATER_DEW_POINT: Aliases = [['waterDewPoint', 'C'], ['waterDewPoint_C', 'C'], ['waterDewPoint_K', 'K']];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The value of one key in the rule's unit: a bare number in the alias's unit, or a {value, unit} leaf converted. */
/** Keys whose {value, unit} leaf had an ambiguous unit during one validation (reported, not converted). */
type Ambiguous = { key: string; unit: string; fix: string }[];

function leaf(v: unknown, bareUnit: string, table?: Record<string, (v: number) => number>, key = '', ambiguous?: Ambiguous): number | undefined {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return undefined;
    return table ? table[bareUnit]?.(v) : v;
  }
  if (isObject(v) && typeof v.value === 'number' && Number.isFinite(v.value)) {
    if (!table) return v.value;
    const unit = typeof v.unit === 'string' ? v.unit : bareUnit;
    const fix = table === TO_BARA && typeof v.unit === 'string' ? ambiguousUnitFix('pressure', v.unit) : undefined;
    if (fix !== undefined) ambiguous?.push({ key, unit: v.unit as string, fix });
    return table[unit]?.(v.value);
  }
  return undefined;
}

/** First match over the aliases: top level first, then nested objects depth-first (arrays skipped). */
function find(root: Record<string, unknown>, aliases: Aliases, table?: Record<string, (v: number) => number>, ambiguous?: Ambiguous): number | undefined {
  for (const [key, unit] of aliases) {
    if (Object.hasOwn(root, key)) {
      const v = leaf(root[key], unit, table, key, ambiguous);
      if (v !== undefined) return v;
    }
  }
  for (const v of Object.values(root)) {
    if (isObject(v) && !('value' in v && 'unit' in v)) {
      const found = find(v, aliases, table, ambiguous);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
const plain = (root: Record<string, unknown>, key: string) => find(root, [[key, '']]);

/** A bound as text (-273.15, 1500, 50 000 keep their usual spelling). */
const fmt = (v: number | undefined): string => (v === undefined ? '' : Math.abs(v) >= 10000 ? v.toLocaleString('en-US').replace(/,/g, ' ') : String(v));

function rules(r: Record<string, unknown>, L: ValidationLimits): Finding[] {
  const out: Finding[] = [];
  const add = (code: string, severity: Severity, message: string, remediation: string) => out.push({ code, severity, message, remediation });
  const sev = (id: string) => L.rules[id]?.severity ?? 'WARNING';
  const lo = (id: string) => fmt(L.rules[id]?.min);
  const hi = (id: string) => fmt(L.rules[id]?.max);
  const t = find(r, TEMPERATURE, TO_C);
  const tOut = find(r, OUTLET_TEMPERATURE, TO_C);
  const inRange = (v: number) => !below(L, 'temperatureRange', v) && !above(L, 'temperatureRange', v);
  for (const [name, v] of [['temperature', t], ['outletTemperature', tOut]] as const) {
    if (v !== undefined && !inRange(v)) add('OUT_OF_RANGE', sev('temperatureRange'), `${name} ${v.toFixed(2)} °C is outside ${lo('temperatureRange')} … ${hi('temperatureRange')} °C`, 'Check the unit and the value: a temperature below absolute zero or above the upper limit is not physical for process equipment');
  }
  if (t !== undefined && inRange(t) && below(L, 'lowTemperature', t)) add('LOW_TEMPERATURE', sev('lowTemperature'), `temperature ${t.toFixed(2)} °C is below ${lo('lowTemperature')} °C`, 'Check material suitability for low temperatures (impact-tested steel) and hydrate or wax risk');
  if (tOut !== undefined && inRange(tOut) && above(L, 'highDischargeTemperature', tOut)) add('HIGH_DISCHARGE_TEMP', sev('highDischargeTemperature'), `outletTemperature ${tOut.toFixed(2)} °C is above ${hi('highDischargeTemperature')} °C`, 'Consider intercooling or more compression stages; check seal and lube-oil limits');
  const ambiguous: Ambiguous = [];
  const p = find(r, PRESSURE, TO_BARA, ambiguous);
  for (const a of ambiguous) add('AMBIGUOUS_UNIT', 'WARNING', `${a.key} is given in "${a.unit}", which does not say absolute or gauge: it was not checked`, a.fix);
  if (p !== undefined) {
    if (p < 0) add('NEGATIVE_PRESSURE', 'ERROR', `pressure ${p} bara is negative`, 'Absolute pressures are positive: check the sign and whether a gauge value was given');
    else if (below(L, 'nearVacuum', p)) add('NEAR_VACUUM', sev('nearVacuum'), `pressure ${p} bara is near vacuum`, 'Check that vacuum operation is intended; models and correlations are less tested there');
    else if (above(L, 'veryHighPressure', p)) add('VERY_HIGH_PRESSURE', sev('veryHighPressure'), `pressure ${p} bara is above ${hi('veryHighPressure')} bara`, 'Cubic equations of state are extrapolating; compare with a reference equation (GERG-2008) where possible');
  }
  const eff = plain(r, 'polytropicEfficiency') ?? plain(r, 'isentropicEfficiency');
  if (eff !== undefined) {
    if (below(L, 'efficiency', eff)) add('LOW_EFFICIENCY', sev('efficiency'), `efficiency ${eff} is below ${lo('efficiency')}`, 'Typical compressor and pump efficiencies are 0.7–0.85: check the value (a fraction, not %)');
    else if (above(L, 'efficiency', eff)) add('HIGH_EFFICIENCY', sev('efficiency'), `efficiency ${eff} is above ${hi('efficiency')}`, 'Efficiencies above 0.95 are unrealistic for rotating equipment: check the value');
  }
  const ratio = plain(r, 'compressionRatio');
  if (ratio !== undefined && above(L, 'compressionRatio', ratio)) add('HIGH_COMPRESSION_RATIO', sev('compressionRatio'), `compressionRatio ${ratio} is above ${hi('compressionRatio')} per stage`, 'Split the compression into more stages with intercooling');
  const power = plain(r, 'power');
  if (power !== undefined && above(L, 'power', power)) add('HIGH_POWER', sev('power'), `power ${power} is above ${hi('power')} (kW)`, 'Check the unit and the flow basis; such a machine needs a dedicated driver study');
  const residence = plain(r, 'liquidResidenceTime');
  if (residence !== undefined && below(L, 'liquidResidenceTime', residence)) add('LOW_RESIDENCE_TIME', sev('liquidResidenceTime'), `liquidResidenceTime ${residence} s is below ${lo('liquidResidenceTime')} s`, 'Increase the separator liquid volume for degassing and level control');
  const gasVelocity = plain(r, 'gasVelocity');
  if (gasVelocity !== undefined && above(L, 'gasVelocity', gasVelocity)) add('HIGH_GAS_VELOCITY', sev('gasVelocity'), `gasVelocity ${gasVelocity} m/s is above ${hi('gasVelocity')} m/s`, 'Liquid carry-over risk: increase the separator diameter or check the K-factor');
  const approach = plain(r, 'approachTemperature');
  if (approach !== undefined && below(L, 'approachTemperature', approach)) add('LOW_APPROACH_TEMP', sev('approachTemperature'), `approachTemperature ${approach} K is below ${lo('approachTemperature')} K`, 'A small approach needs a large exchanger area; check the duty and the stream temperatures');
  if (approach !== undefined && below(L, 'infeasibleApproach', approach)) add('INFEASIBLE_APPROACH', sev('infeasibleApproach'), `approachTemperature ${approach} K is below ${lo('infeasibleApproach')} K`, 'The heat exchange is (nearly) infeasible: relax the outlet temperature or the duty');
  const duty = plain(r, 'duty');
  if (duty !== undefined && duty < 0) add('NEGATIVE_DUTY', 'INFO', `duty ${duty} is negative (heat removed)`, 'A negative duty means cooling: check that this is intended');
  const velocity = plain(r, 'fluidVelocity') ?? plain(r, 'velocity');
  if (velocity !== undefined) {
    if (above(L, 'highVelocity', velocity)) add('HIGH_VELOCITY', sev('highVelocity'), `velocity ${velocity} m/s is above ${hi('highVelocity')} m/s`, 'Erosion and noise risk: increase the line size (check API RP 14E erosional velocity)');
    else if (velocity > 0 && below(L, 'lowVelocity', velocity)) add('LOW_VELOCITY', sev('lowVelocity'), `velocity ${velocity} m/s is below ${lo('lowVelocity')} m/s`, 'Solids or liquid may settle at low velocity; check the line size');
  }
  const dp = plain(r, 'pressureDrop');
  const pin = plain(r, 'inletPressure');
  if (dp !== undefined && pin !== undefined && pin > 0 && above(L, 'pressureDropRatio', dp / pin)) add('HIGH_DP_RATIO', sev('pressureDropRatio'), `pressureDrop is ${((100 * dp) / pin).toFixed(1)} % of the inlet pressure`, `More than ${100 * (L.rules.pressureDropRatio?.max ?? 0)} % pressure drop: check the line size or the equipment rating`);
  const wdp = find(r, WATER_DEW_POINT, TO_C);
  if (t !== undefined && wdp !== undefined && t < wdp) add('WATER_CONDENSATION', 'WARNING', `temperature ${t.toFixed(2)} °C is below the water dew point ${wdp.toFixed(2)} °C`, 'Free water will condense: dehydrate the gas or keep it above the water dew point');
  const mb = plain(r, 'massBalanceError');
  if (mb !== undefined && above(L, 'massBalanceError', Math.abs(mb))) add('MASS_BALANCE', sev('massBalanceError'), `massBalanceError ${mb} exceeds ${100 * (L.rules.massBalanceError?.max ?? 0)} %`, 'The flowsheet does not close: check recycles, tolerances and unit connections');
  const eb = plain(r, 'energyBalanceError');
  if (eb !== undefined && above(L, 'energyBalanceError', Math.abs(eb))) add('ENERGY_BALANCE', sev('energyBalanceError'), `energyBalanceError ${eb} exceeds ${100 * (L.rules.energyBalanceError?.max ?? 0)} %`, 'Check heater/cooler duties and the enthalpy datum of the streams');
  if (r.converged === false) add('NOT_CONVERGED', 'ERROR', 'converged is false', 'Results of a calculation that did not converge are not usable: change the inputs or the initial guesses and run it again');
  return out;
}

/** `limits`: the rule set to apply (default: the active set of manageValidationProfile). */
export function validateResults(input: unknown, limits: ValidationLimits = activeValidationLimits()): Envelope<Output> {
  const started = performance.now();
  const o = isObject(input) ? input : {};
  const context = typeof o.context === 'string' ? o.context : '';
  let results: unknown = o.resultsJson;
  if (typeof results === 'string') {
    // Depth-checked first (the rules walk the parsed value); too deep or invalid counts as not an object.
    const parsed = parseJsonBounded(results);
    results = parsed.ok ? parsed.value : undefined;
  }
  const findings = isObject(results)
    ? rules(results, limits)
    : [{ code: 'PARSE_ERROR', severity: 'WARNING' as const, message: 'resultsJson is not a JSON object (or JSON text of one): nothing was checked', remediation: 'Pass the results as an object, e.g. {"temperature": 25, "pressure": 50}' }];
  const count = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const errors = count('ERROR');
  const warnings = count('WARNING');
  const verdict = errors > 0 ? `FAIL — ${errors} error(s) found. Fix before proceeding.` : warnings > 0 ? `PASS_WITH_WARNINGS — ${warnings} warning(s). Review before finalizing design.` : 'PASS — No issues found.';
  return success({
    tool: TOOL,
    data: { validationContext: context, totalFindings: findings.length, errorCount: errors, warningCount: warnings, infoCount: count('INFO'), passed: errors === 0, verdict, findings },
    provenance: {
      calculationType: 'results validation',
      convergence: { converged: true, iterations: 0, message: verdict },
      assumptions: ['Bare temperature and pressure values are °C and bara (as the original); suffixed keys and {value, unit} leaves are converted'],
      limitations: ['Rule-of-thumb limits, not a design code check'],
      ruleSet: limits.set,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Results checked against the engineering rule table',
  });
}

export const validateResultsTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Checks a results object against engineering rules of thumb (temperatures, pressures, efficiencies, balances) and gives a verdict.',
  description:
    'Checks a results object against engineering rules of thumb and returns findings with a code, severity (ERROR, WARNING, INFO), message and remediation, plus a verdict (FAIL, PASS_WITH_WARNINGS, PASS). ' +
    'Rules: temperature/outletTemperature range (OUT_OF_RANGE, LOW_TEMPERATURE below −40 °C, HIGH_DISCHARGE_TEMP above 200 °C), pressure (NEGATIVE_PRESSURE, NEAR_VACUUM, VERY_HIGH_PRESSURE above 1000 bara; AMBIGUOUS_UNIT for a "psi" leaf, which says neither absolute nor gauge), efficiency (LOW/HIGH_EFFICIENCY), compressionRatio above 4.5, power above 50 000 kW, liquidResidenceTime below 60 s, gasVelocity above 5 m/s, approachTemperature (below 3 K, infeasible below 1 K), negative duty, fluid velocity (above 25 or below 1 m/s), pressureDrop above 20 % of inletPressure, temperature below waterDewPoint, massBalanceError above 1 %, energyBalanceError above 5 %, and converged: false. ' +
    'Values are found under these keys anywhere in the object (top level first; arrays not searched); a bare temperature is °C and a bare pressure bara, while temperature_K, pressure_Pa and {value, unit} leaves are converted. Always allowed (ADVISORY).',
  input: Input,
  output: Output,
  exampleCategory: 'validation',
  examples: [
    {
      name: 'validate-compressor',
      description: 'A compressor stage with a high ratio and a hot discharge: HIGH_COMPRESSION_RATIO and HIGH_DISCHARGE_TEMP warnings',
      input: { resultsJson: { compressor: { inletPressure: 10, outletPressure: 55, compressionRatio: 5.5, outletTemperature: 212.4, polytropicEfficiency: 0.76, power: 3200 } }, context: 'first-stage compressor' },
    },
  ],
  execution: 'inline',
  run: (input, ctx) => validateResults(input, ctx.validationLimits ?? activeValidationLimits()),
});
