/**
 * HAZOP worksheet rows from the baseline and deviated simulations: the deviation (guide word
 * from the sign of the simulated change of the mode's parameter), consequence text written from
 * the numbers, design-limit checks, and recommendations by the rules in RULES below.
 */
import type { RunProcessOutput } from '../../process/runProcess/schema.js';
import type { FailureMode, GuideWord, Perturbation } from './catalogue.js';
import { checkLimits, type ComparedValue, type LimitCheck, type NodeLimits } from './limits.js';
import { highestUpstreamPressure, unitsOf, measure, measurementKey, type Measurement, type PerturbationRecord, type SimulationRun } from './scenarios.js';

export interface HazopNode {
  nodeId: string;
  designIntent?: string;
  equipment: string[];
  safeguards?: string[];
  evidenceRefs?: string[];
  limits?: NodeLimits;
}

/** A simulated (or failed) deviated case, shared by the rows that use it. */
export interface ScenarioOutcome {
  key: string;
  name: string;
  equipment: string;
  kind: Perturbation;
  record: PerturbationRecord;
  run?: SimulationRun;
  /** Set when the case was not run (time budget). */
  skippedReason?: string;
  executionTimeMs: number;
}

export type RowValue = ComparedValue & { change: number };

export interface HazopRow {
  rowId: string;
  nodeId: string;
  designIntent: string;
  equipment: string;
  equipmentType: string;
  failureMode: string;
  deviation: string;
  guideWord: GuideWord;
  parameter: string;
  cause: string;
  consequence: string;
  safeguards: string;
  recommendation: string;
  recommendationRules: string[];
  evidenceRefs: string[];
  limitChecks: LimitCheck[];
  simulation: {
    scenario: string;
    status: 'success' | 'error' | 'not_run';
    representation: string;
    reason?: string;
    errorCode?: string;
    errorMessage?: string;
    perturbation?: { kind: Perturbation; from: Record<string, unknown>; to: Record<string, unknown> };
    values?: RowValue[];
    omittedValueCount?: number;
  };
}

/** At most this many values per row (the deviation's own first, then the rest in flowsheet order). */
const MAX_ROW_VALUES = 40;
/** Changes smaller than this relative to max(1, |baseline|) count as none (the engine's results are deterministic, so only true effects are above it). */
const CHANGE_TOLERANCE = 1e-9;

/**
 * Recommendation rules, in the order their sentences are written. Each row lists the ids of the
 * rules that fired in recommendationRules.
 */
export const RULES = {
  LIMIT_EXCEEDED: 'a deviated value is beyond a node design limit',
  AT_LIMIT: 'a deviated value equals a node design limit (no margin)',
  BASELINE_OUTSIDE_LIMIT: 'the baseline value is already beyond a design limit',
  WITHIN_LIMITS: 'limits were checked and every deviated value is within them',
  NO_LIMITS: 'no design limits apply to any temperature or pressure of the row',
  NO_EFFECT: 'the simulated change of the deviation parameter is nil',
  QUALITATIVE: 'the failure has no steady-state representation (simulation not_run)',
  SOURCE_PRESSURE_ABOVE_DESIGN: 'qualitative row: the upstream source pressure is above the node maxPressure_bara',
  SIMULATION_FAILED: 'the deviated case did not solve',
  NO_SAFEGUARDS: 'the node lists no safeguard',
} as const;
export type RuleId = keyof typeof RULES;

const UNIT_TEXT: Record<string, string> = { C: '°C', bara: 'bara', kW: 'kW' };
const DECIMALS: Record<string, number> = { C: 1, bara: 2, kW: 1 };
export const fmt = (v: number, unit: string): string => `${(Object.is(v, -0) ? 0 : v).toFixed(DECIMALS[unit] ?? 3)} ${UNIT_TEXT[unit] ?? unit}`;

function label(m: Pick<Measurement, 'equipment' | 'variable' | 'stream'>, types: Record<string, string>): string {
  const sep = types[m.equipment] === 'Separator' || types[m.equipment] === 'ThreePhaseSeparator';
  if (m.variable === 'power' || m.variable === 'duty') return `${m.equipment} ${m.variable}`;
  if (sep) return `${m.equipment} ${m.variable}`;
  if (m.stream && m.stream !== m.equipment) return `${m.equipment} outlet ${m.variable} (${m.stream.slice(m.equipment.length + 1)})`;
  return `${m.equipment} outlet ${m.variable}`;
}

function describeChange(v: RowValue, types: Record<string, string>): string {
  const what = label(v, types);
  // A duty is signed (negative = heat removed): "rises" from −328 kW to 0 would read wrongly.
  const verb = v.variable === 'duty' ? 'changes' : v.change > 0 ? 'rises' : 'falls';
  if (changed(v)) return `${what} ${verb} from ${fmt(v.baseline, v.unit)} to ${fmt(v.deviated, v.unit)}`;
  return `${what} is unchanged at ${fmt(v.baseline, v.unit)}`;
}

const changed = (v: { baseline: number; change: number }): boolean => Math.abs(v.change) > CHANGE_TOLERANCE * Math.max(1, Math.abs(v.baseline));

/** The measurements that carry the deviation of `mode` at `equipment`, in order (the first sets the guide word). */
function primaryKeys(mode: FailureMode, kind: Perturbation, equipment: string, baseline: RunProcessOutput): string[] {
  if (kind === 'ZERO_UA') {
    const hot = unitsOf(baseline)[equipment]?.hotSide === 1 ? 1 : 0;
    const side = mode.id === 'COOLING_LOSS' ? hot : 1 - hot;
    return [measurementKey({ equipment, variable: 'temperature', stream: `${equipment}.hx${side}` }), measurementKey({ equipment, variable: 'duty' })];
  }
  if (kind === 'ZERO_DUTY') return [measurementKey({ equipment, variable: 'temperature', stream: equipment }), measurementKey({ equipment, variable: 'duty' })];
  return [measurementKey({ equipment, variable: 'pressure', stream: equipment }), measurementKey({ equipment, variable: 'temperature', stream: equipment })];
}

/** The row's values: the deviation's own measurements, then every other one that changed. */
function compare(primary: string[], base: Measurement[], dev: Measurement[]): { values: RowValue[]; omitted: number } {
  const devBy = new Map(dev.map((m) => [measurementKey(m), m]));
  const all: RowValue[] = [];
  for (const b of base) {
    const d = devBy.get(measurementKey(b));
    if (!d) continue;
    const { value, ...where } = b;
    all.push({ ...where, baseline: value, deviated: d.value, change: d.value - value });
  }
  const byKey = new Map(all.map((v) => [measurementKey(v), v]));
  const first = primary.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
  const rest = all.filter((v) => !primary.includes(measurementKey(v)) && changed(v));
  const values = [...first, ...rest];
  return { values: values.slice(0, MAX_ROW_VALUES), omitted: Math.max(0, values.length - MAX_ROW_VALUES) };
}

function limitSentence(checks: LimitCheck[]): string {
  const out = checks.filter((c) => c.verdict !== 'WITHIN');
  if (checks.length === 0) return '';
  if (out.length === 0) return ' All checked values stay within the node design limits.';
  return (
    ' ' +
    out
      .map((c) => `${c.verdict === 'EXCEEDS' ? 'Beyond' : 'At'} ${c.nodeId} ${c.limit} ${fmt(c.limitValue, c.unit)}: ${c.equipment} ${c.variable} ${fmt(c.deviated, c.unit)}${c.baselineVerdict === 'EXCEEDS' ? ' (baseline already beyond)' : ''}.`)
      .join(' ')
  );
}

function qualitativeConsequence(mode: FailureMode, equipment: string, type: string, baseline: RunProcessOutput): { text: string; sourcePressure?: number } {
  const up = highestUpstreamPressure(baseline, equipment);
  const upText = up ? ` (the highest baseline pressure upstream, up to the first machine, is ${fmt(up.pressure_bara, 'bara')} at '${up.stream}'; a running machine upstream delivers more when deadheaded)` : '';
  const discharge = baseline.streams[equipment]?.pressure_bara;
  if (mode.id === 'VALVE_STUCK_CLOSED') {
    // The blocked-in side is upstream of the valve (another node's equipment), so no comparison with this node's limits.
    return { text: `No flow through ${equipment} or to the units it feeds. Upstream of ${equipment} the line is blocked in and its pressure rises toward the source pressure${upText}.` };
  }
  if (type === 'Compressor') {
    return { text: `${equipment} runs against a closed discharge: the discharge pressure rises from ${discharge !== undefined ? fmt(discharge, 'bara') : 'its baseline'} toward the machine's deadhead (surge) point and the recirculated gas heats up; both need the compressor curve, which the model does not have.` };
  }
  if (type === 'Pump') {
    return { text: `${equipment} runs deadheaded: the discharge pressure rises from ${discharge !== undefined ? fmt(discharge, 'bara') : 'its baseline'} to the shut-off head and the liquid heats up and may flash; both need the pump curve, which the model does not have.` };
  }
  return { text: `No flow leaves ${equipment}; it is blocked in and its pressure rises toward the source pressure${upText}.`, sourcePressure: up?.pressure_bara };
}

export interface RowContext {
  studyId: string;
  rowNumber: number;
  node: HazopNode;
  nodes: readonly HazopNode[];
  equipment: string;
  mode: FailureMode;
  baseline: RunProcessOutput;
  baselineMeasurements: Measurement[];
  /** Undefined for qualitative modes and when runSimulations is false. */
  scenario?: ScenarioOutcome;
  notRunReason?: string;
}

export function rowId(studyId: string, n: number): string {
  return `${studyId}-ROW-${String(n).padStart(3, '0')}`;
}

export function buildRow(c: RowContext): HazopRow {
  const { node, equipment, mode, baseline } = c;
  const type = baseline.units[equipment]!.type;
  const types = Object.fromEntries(Object.entries(baseline.units).map(([k, v]) => [k, v.type]));
  const rules: RuleId[] = [];
  const sentences: string[] = [];
  let guideWord: GuideWord = mode.expectedGuideWord;
  let consequence: string;
  let limitChecks: LimitCheck[] = [];
  let simulation: HazopRow['simulation'];
  const sc = c.scenario;
  const ran = sc?.run;
  if (sc && ran && ran.ok) {
    const primary = primaryKeys(mode, sc.kind, equipment, baseline);
    const { values, omitted } = compare(primary, c.baselineMeasurements, measure(ran.data));
    const lead = values.find((v) => measurementKey(v) === primary[0]);
    if (lead && changed(lead)) guideWord = lead.change > 0 ? 'MORE' : 'LESS';
    const own = values.filter((v) => v.equipment === equipment);
    const elsewhere = values.filter((v) => v.equipment !== equipment && (v.variable === 'temperature' || v.variable === 'pressure'));
    // The largest relative changes elsewhere, at most three, keep the sentence readable; all are in values.
    const biggest = [...elsewhere].sort((a, b) => Math.abs(b.change) / Math.max(1, Math.abs(b.baseline)) - Math.abs(a.change) / Math.max(1, Math.abs(a.baseline))).slice(0, 3);
    consequence = own.map((v) => describeChange(v, types)).join('; ') + '.';
    if (sc.kind === 'PASS_THROUGH') {
      const w = c.baselineMeasurements.find((m) => m.equipment === equipment && m.variable === 'power');
      if (w && type !== 'ThrottlingValve') consequence += ` Its ${fmt(w.value, 'kW')} of shaft power is lost.`;
    }
    if (biggest.length > 0) consequence += ` Elsewhere: ${biggest.map((v) => describeChange(v, types)).join('; ')}${elsewhere.length > biggest.length ? ` (${elsewhere.length - biggest.length} more in simulation.values)` : ''}.`;
    limitChecks = checkLimits(values, c.nodes);
    consequence += limitSentence(limitChecks);
    if (lead && !changed(lead)) rules.push('NO_EFFECT');
    simulation = {
      scenario: sc.name,
      status: 'success',
      representation: mode.representation,
      perturbation: { kind: sc.record.kind, from: sc.record.from, to: sc.record.to },
      values,
      ...(omitted > 0 ? { omittedValueCount: omitted } : {}),
    };
  } else if (sc && ran && !ran.ok) {
    consequence = `Not quantified: the deviated case did not solve (${ran.code}: ${ran.message}).`;
    rules.push('SIMULATION_FAILED');
    simulation = { scenario: sc.name, status: 'error', representation: mode.representation, errorCode: ran.code, errorMessage: ran.message, perturbation: { kind: sc.record.kind, from: sc.record.from, to: sc.record.to } };
  } else {
    const reason = sc?.skippedReason ?? c.notRunReason ?? mode.notRunReason ?? 'not run';
    if (mode.notRunReason) {
      const q = qualitativeConsequence(mode, equipment, type, baseline);
      consequence = q.text;
      const max = node.limits?.maxPressure_bara;
      if (q.sourcePressure !== undefined && max !== undefined && q.sourcePressure > max) {
        consequence += ` That source pressure is above ${node.nodeId} maxPressure_bara ${fmt(max, 'bara')}.`;
        rules.push('SOURCE_PRESSURE_ABOVE_DESIGN');
      }
    } else {
      consequence = `Not quantified: ${reason}.`;
    }
    rules.push('QUALITATIVE');
    simulation = { scenario: sc?.name ?? `${mode.title} - ${equipment}`, status: 'not_run', representation: mode.representation, reason };
  }

  const exceeded = limitChecks.filter((l) => l.verdict === 'EXCEEDS');
  const atLimit = limitChecks.filter((l) => l.verdict === 'AT_LIMIT');
  const baseOut = limitChecks.filter((l) => l.baselineVerdict === 'EXCEEDS');
  if (exceeded.length > 0) rules.push('LIMIT_EXCEEDED');
  if (atLimit.length > 0) rules.push('AT_LIMIT');
  if (baseOut.length > 0) rules.push('BASELINE_OUTSIDE_LIMIT');
  if (simulation.status === 'success') {
    if (limitChecks.length === 0) rules.push('NO_LIMITS');
    else if (exceeded.length === 0 && atLimit.length === 0) rules.push('WITHIN_LIMITS');
  }
  const safeguards = node.safeguards ?? [];
  if (safeguards.length === 0) rules.push('NO_SAFEGUARDS');

  const order = Object.keys(RULES) as RuleId[];
  const fired = order.filter((r) => rules.includes(r));
  const where = (ls: LimitCheck[]) => [...new Set(ls.map((l) => `${l.equipment} ${l.variable} (${l.limit} ${fmt(l.limitValue, l.unit)})`))].join(', ');
  for (const r of fired) {
    if (r === 'LIMIT_EXCEEDED') sentences.push(`Design limit exceeded at ${where(exceeded)}: confirm an independent layer (trip or relief) acts before the limit is reached, and assess it with runLOPA / runRelief.`);
    if (r === 'AT_LIMIT') sentences.push(`The deviation reaches the design limit exactly at ${where(atLimit)}: no margin is left; confirm the safeguard acts before it.`);
    if (r === 'BASELINE_OUTSIDE_LIMIT') sentences.push(`The baseline is already beyond ${where(baseOut)}: check the design basis or the limits given.`);
    if (r === 'WITHIN_LIMITS') sentences.push('Within the stated design limits: confirm the listed safeguards are available and keep the limits under review.');
    if (r === 'NO_LIMITS') sentences.push(`No design limits given for the affected equipment: compare the deviated temperatures and pressures with the design values (nodes[].limits checks them automatically).`);
    if (r === 'NO_EFFECT') sentences.push(`The failure does not change the ${mode.parameter.toLowerCase()} at this operating point: confirm the operating case is the limiting one.`);
    if (r === 'QUALITATIVE') sentences.push('Not quantified by the steady-state model: assess the blocked-in or transient case with runRelief / runDynamic.');
    if (r === 'SOURCE_PRESSURE_ABOVE_DESIGN') sentences.push(`The upstream source pressure exceeds the design pressure of ${node.nodeId}: relief sized for this case (runRelief) or a rated design is needed.`);
    if (r === 'SIMULATION_FAILED') sentences.push('The deviated case did not solve: review the model for this failure before relying on the row.');
    if (r === 'NO_SAFEGUARDS') sentences.push('No safeguard is recorded for this node: identify one or raise an action.');
  }

  return {
    rowId: rowId(c.studyId, c.rowNumber),
    nodeId: node.nodeId,
    designIntent: node.designIntent ?? '',
    equipment,
    equipmentType: type,
    failureMode: mode.id,
    deviation: `${guideWord.replace(/ /g, '_')}_${mode.parameter}`,
    guideWord,
    parameter: mode.parameter,
    cause: `${mode.title} on ${equipment} (${type})`,
    consequence,
    safeguards: safeguards.join('; '),
    recommendation: sentences.join(' '),
    recommendationRules: fired,
    evidenceRefs: [...(node.evidenceRefs ?? [])],
    limitChecks,
    simulation,
  };
}
