/** runOperationalStudy: controller response and operating-envelope actions. */
import { marginTrend, responseMetrics } from '../../../engine/control/response-metrics.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import { readAt, type ProcessRun } from './process.js';
import type { OperationalIn } from './schema.js';

export type ActionOutcome = { ok: true; data: Record<string, unknown>; iterations: number } | { ok: false; kind: 'input' | 'compute'; errors: DiagnosticIssue[] };
const refuse = (code: string, message: string, fix: string, field?: string): ActionOutcome => ({ ok: false, kind: 'input', errors: [issue(code, message, fix, field)] });

export function evaluateControllerResponse(input: OperationalIn): ActionOutcome {
  const { setPoint, timeSeconds: t, processValue: y, controllerOutput: u } = input;
  if (setPoint === undefined || t === undefined || y === undefined) return refuse('MISSING_FIELD', 'evaluateControllerResponse needs "setPoint", "timeSeconds" and "processValue"', 'Send the sampled response of the loop', setPoint === undefined ? 'setPoint' : t === undefined ? 'timeSeconds' : 'processValue');
  if (y.length !== t.length) return refuse('LENGTH_MISMATCH', `timeSeconds has ${t.length} samples, processValue ${y.length}`, 'Give one value per time', 'processValue');
  if (u !== undefined && u.length !== t.length) return refuse('LENGTH_MISMATCH', `timeSeconds has ${t.length} samples, controllerOutput ${u.length}`, 'Give one output per time', 'controllerOutput');
  for (let i = 1; i < t.length; i++) if (!(t[i] > t[i - 1])) return refuse('INVALID_SERIES', `timeSeconds must increase (sample ${i})`, 'Sort the samples by time and drop duplicates', 'timeSeconds');
  if (input.outputMin !== undefined && input.outputMax !== undefined && !(input.outputMax > input.outputMin)) return refuse('INVALID_INPUT', 'outputMax must exceed outputMin', 'Give the controller output range', 'outputMax');
  const m = responseMetrics({ setPoint, time: t, value: y, output: u, outputMin: input.outputMin, outputMax: input.outputMax, settlingTolerance: input.settlingTolerance ?? 0.02 });
  return { ok: true, iterations: 0, data: { action: 'evaluateControllerResponse', setPoint, settlingTolerance: input.settlingTolerance ?? 0.02, ...m } };
}

interface CapacityRow {
  name: string;
  value: number;
  limit: number;
  kind: 'max' | 'min';
  unit: string | null;
  utilizationPercent: number;
  marginPercent: number;
  exceeded: boolean;
  nearLimit: boolean;
  source: string;
}

export function evaluateOperatingEnvelope(input: OperationalIn, run: () => ProcessRun): ActionOutcome {
  const caps = input.designCapacities ?? [];
  const history = input.marginHistory ?? [];
  if (caps.length === 0 && history.length === 0) return refuse('MISSING_FIELD', 'evaluateOperatingEnvelope needs "designCapacities" or "marginHistory"', 'Send [{"name", "value" or "address", "limit", "kind"}]', 'designCapacities');
  const rows: CapacityRow[] = [];
  let iterations = 0;
  for (const [i, c] of caps.entries()) {
    let value = c.value;
    let source = 'given';
    if (value === undefined) {
      if (c.address === undefined) return refuse('MISSING_FIELD', `Capacity ${JSON.stringify(c.name)} has neither "value" nor "address"`, 'Give the operating value or the address to read it from processJson', `designCapacities.${i}`);
      const r = run();
      if (!r.ok) return r.failure;
      iterations = r.iterations;
      const read = readAt(r, c.address, c.unit);
      if (!read.ok) return { ok: false, kind: 'compute', errors: [issue(read.code, read.message, read.fix, `designCapacities.${i}.address`)] };
      value = read.value;
      source = read.address;
    }
    if (c.limit === 0) return refuse('INVALID_INPUT', `Capacity ${JSON.stringify(c.name)} has limit 0: no relative margin`, 'Give a non-zero limit', `designCapacities.${i}.limit`);
    const kind = c.kind ?? 'max';
    // Margins relative to the limit: for a maximum (limit − value)/|limit|, for a minimum (value − limit)/|limit|.
    const margin = ((kind === 'max' ? c.limit - value : value - c.limit) / Math.abs(c.limit)) * 100;
    rows.push({
      name: c.name,
      value,
      limit: c.limit,
      kind,
      unit: c.unit ?? null,
      utilizationPercent: 100 - margin,
      marginPercent: margin,
      exceeded: margin < 0,
      nearLimit: margin >= 0 && margin < (c.nearLimitPercent ?? 10),
      source,
    });
  }
  const horizon = input.predictionHorizonSeconds ?? 3600;
  const trends = [];
  for (const [i, h] of history.entries()) {
    if (h.timeSeconds.length !== h.marginPercent.length) return refuse('LENGTH_MISMATCH', `marginHistory ${JSON.stringify(h.name)}: ${h.timeSeconds.length} times, ${h.marginPercent.length} margins`, 'One margin per time', `marginHistory.${i}`);
    const tr = marginTrend(h.timeSeconds, h.marginPercent);
    trends.push({ name: h.name, slopePercentPerSecond: tr.slope, secondsToLimit: tr.timeToLimit, tripPredictedWithinHorizon: tr.timeToLimit !== null && tr.timeToLimit <= horizon });
  }
  const bottleneck = rows.length > 0 ? rows.reduce((a, b) => (b.utilizationPercent > a.utilizationPercent ? b : a)) : null;
  return {
    ok: true,
    iterations,
    data: {
      action: 'evaluateOperatingEnvelope',
      capacities: rows,
      bottleneck: bottleneck?.name ?? null,
      exceededCount: rows.filter((r) => r.exceeded).length,
      nearLimitCount: rows.filter((r) => r.nearLimit).length,
      predictionHorizonSeconds: horizon,
      marginTrends: trends,
    },
  };
}
