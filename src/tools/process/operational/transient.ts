/**
 * runOperationalStudy RUN_TRANSIENT: the scenario's current process copy run through runDynamic
 * (same worker, its own runner), with queued valve openings applied at t = 0, summarised as the
 * final transmitter values and each loop's response metrics against its setpoint.
 */
import { responseMetrics } from '../../../engine/control/response-metrics.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import { runDynamicTool } from '../runDynamic/runDynamic.js';
import { catalogOf } from '../../contract/types.js';

export interface QueuedOpening {
  target: string;
  value: number;
}

export type TransientOutcome = { ok: true; summary: Record<string, unknown> } | { ok: false; errors: DiagnosticIssue[] };

const noProgress = () => {};
/** The transient runs runDynamic directly on this thread; that is the only tool it can see. */
const dynamicOnly = catalogOf([runDynamicTool]);

export async function runTransient(doc: Record<string, unknown>, duration: number, timeStep: number, openings: readonly QueuedOpening[], index: number): Promise<TransientOutcome> {
  const input = { processJson: doc, duration_seconds: duration, timeStep_seconds: timeStep, events: openings.map((o) => ({ time_seconds: 0, type: 'VALVE_OPENING', target: o.target, value: o.value })) };
  const env = await runDynamicTool.run(input as never, { catalog: dynamicOnly, subject: 'runOperationalStudy', profile: 'local', progress: noProgress });
  if (env.status !== 'success') return { ok: false, errors: (env.errors ?? []).map((e) => ({ ...e, message: `Action ${index} (RUN_TRANSIENT): ${e.message}` })) };
  const d = env.data as Record<string, any>;
  const time: number[] = d.time_seconds;
  const finals: Record<string, { value: number; unit: string }> = {};
  for (const [tag, tr] of Object.entries(d.transmitters as Record<string, { unit: string; values: number[] }>)) finals[tag] = { value: tr.values[tr.values.length - 1], unit: tr.unit };
  const loops = (d.controllers as Record<string, any>[]).map((c) => {
    const pv = (d.transmitters as Record<string, { values: number[] }>)[String(c.tag).replace(/^PC-/, 'PT-').replace(/^LC-/, 'LT-')]?.values;
    const metrics = pv !== undefined && pv.length === time.length && time.length >= 2 ? responseMetrics({ setPoint: c.setpoint, time, value: pv, output: c.output, outputMin: 0, outputMax: 1, settlingTolerance: 0.02 }) : null;
    return { tag: c.tag, kind: c.kind, setpoint: c.setpoint, unit: c.unit, finalOutput: c.output[c.output.length - 1], metrics };
  });
  return {
    ok: true,
    summary: {
      duration_seconds: d.duration_seconds,
      timeStep_seconds: d.timeStep_seconds,
      totalSteps: d.totalSteps,
      finalTransmitters: finals,
      loops,
      maxMassBalanceRelativeError: d.balances.maxMassBalanceRelativeError,
      maxEnergyBalanceRelativeError: d.balances.maxEnergyBalanceRelativeError,
      ...(d.stoppedEarly !== undefined ? { stoppedEarly: d.stoppedEarly } : {}),
    },
  };
}

export const transientIssue = (i: number, message: string) => issue('INVALID_INPUT', `Action ${i}: ${message}`, 'RUN_TRANSIENT takes "value" = duration in s (default 600); SET_VALVE_OPENING takes "target" (valve tag, "gas" or "liquid") and "value" 0…1', `actions.${i}`);
