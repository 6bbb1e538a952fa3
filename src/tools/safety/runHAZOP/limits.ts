/**
 * Design-limit checks of a HAZOP row: each deviated temperature or pressure of a unit that
 * belongs to a node with limits, against those limits. A value equal to a limit is AT_LIMIT, not
 * an exceedance: a design value is the highest (lowest) one allowed, not a forbidden one (ASME
 * BPVC VIII-1 UG-98: the MAWP is the maximum pressure permissible); beyond it, EXCEEDS.
 */
import type { Measurement } from './scenarios.js';

export interface NodeLimits {
  maxTemperature_C?: number;
  minTemperature_C?: number;
  maxPressure_bara?: number;
  minPressure_bara?: number;
}

export type Verdict = 'EXCEEDS' | 'AT_LIMIT' | 'WITHIN';

export interface LimitCheck {
  nodeId: string;
  equipment: string;
  variable: 'temperature' | 'pressure';
  stream?: string;
  limit: keyof NodeLimits;
  limitValue: number;
  unit: 'C' | 'bara';
  baseline: number;
  deviated: number;
  verdict: Verdict;
  baselineVerdict: Verdict;
}

const LIMITS: { key: keyof NodeLimits; variable: 'temperature' | 'pressure'; upper: boolean }[] = [
  { key: 'maxTemperature_C', variable: 'temperature', upper: true },
  { key: 'minTemperature_C', variable: 'temperature', upper: false },
  { key: 'maxPressure_bara', variable: 'pressure', upper: true },
  { key: 'minPressure_bara', variable: 'pressure', upper: false },
];

export function verdictOf(value: number, limit: number, upper: boolean): Verdict {
  if (value === limit) return 'AT_LIMIT';
  return (upper ? value > limit : value < limit) ? 'EXCEEDS' : 'WITHIN';
}

export type ComparedValue = Omit<Measurement, 'value'> & { baseline: number; deviated: number };

/** Checks of `values` against the limits of every node that lists their unit. */
export function checkLimits(values: readonly ComparedValue[], nodes: readonly { nodeId: string; equipment: readonly string[]; limits?: NodeLimits }[]): LimitCheck[] {
  const checks: LimitCheck[] = [];
  for (const v of values) {
    if (v.variable !== 'temperature' && v.variable !== 'pressure') continue;
    for (const n of nodes) {
      if (!n.limits || !n.equipment.includes(v.equipment)) continue;
      for (const l of LIMITS) {
        const lim = n.limits[l.key];
        if (lim === undefined || l.variable !== v.variable) continue;
        checks.push({
          nodeId: n.nodeId,
          equipment: v.equipment,
          variable: v.variable,
          ...(v.stream !== undefined ? { stream: v.stream } : {}),
          limit: l.key,
          limitValue: lim,
          unit: v.variable === 'temperature' ? 'C' : 'bara',
          baseline: v.baseline,
          deviated: v.deviated,
          verdict: verdictOf(v.deviated, lim, l.upper),
          baselineVerdict: verdictOf(v.baseline, lim, l.upper),
        });
      }
    }
  }
  return checks;
}
