/**
 * Closed-loop response metrics of a sampled process value against its setpoint: rise time,
 * overshoot, settling time, steady-state error, error integrals (IAE, ISE, ITAE, trapezoidal
 * rule on the samples) and controller-output saturation. Crossing times are interpolated
 * linearly between samples. Definitions as in Seborg, Edgar & Mellichamp, Process Dynamics and
 * Control, ch. 5 and 12 (rise time 10–90 % of the change, settling inside ± a band of the change).
 */

export interface ResponseInput {
  setPoint: number;
  time: readonly number[];
  value: readonly number[];
  output?: readonly number[];
  outputMin?: number;
  outputMax?: number;
  /** Settling band as a fraction of the setpoint change (or of |setPoint| with no change). */
  settlingTolerance: number;
}

export interface ResponseMetrics {
  initialValue: number;
  setPointChange: number;
  finalValue: number;
  steadyStateError: number;
  riseTime: number | null;
  overshootPercent: number | null;
  peakTime: number | null;
  peakValue: number;
  settlingTime: number | null;
  settled: boolean;
  iae: number;
  ise: number;
  itae: number;
  errorSignChanges: number;
  outputSaturationFraction: number | null;
}

/** First time after index `from` at which the sampled curve reaches `level`, interpolated. */
function crossing(t: readonly number[], y: readonly number[], level: number, dir: number, from = 0): number | null {
  for (let i = Math.max(from, 1); i < y.length; i++) {
    const a = (y[i - 1] - level) * dir;
    const b = (y[i] - level) * dir;
    if (a < 0 && b >= 0) return t[i - 1] + ((t[i] - t[i - 1]) * -a) / (b - a);
    if (i === 1 && a >= 0) return t[0];
  }
  return null;
}

export function responseMetrics(r: ResponseInput): ResponseMetrics {
  const { time: t, value: y, setPoint: sp } = r;
  const n = y.length;
  const y0 = y[0];
  const change = sp - y0;
  const dir = change >= 0 ? 1 : -1;
  const t0 = t[0];
  let iae = 0;
  let ise = 0;
  let itae = 0;
  let signChanges = 0;
  for (let i = 1; i < n; i++) {
    const dt = t[i] - t[i - 1];
    const e0 = sp - y[i - 1];
    const e1 = sp - y[i];
    iae += 0.5 * dt * (Math.abs(e0) + Math.abs(e1));
    ise += 0.5 * dt * (e0 * e0 + e1 * e1);
    itae += 0.5 * dt * ((t[i - 1] - t0) * Math.abs(e0) + (t[i] - t0) * Math.abs(e1));
    if (e0 !== 0 && e1 !== 0 && Math.sign(e0) !== Math.sign(e1)) signChanges++;
  }
  let peakIdx = 0;
  for (let i = 1; i < n; i++) if ((y[i] - y[peakIdx]) * dir > 0) peakIdx = i;
  const stepped = change !== 0;
  const band = r.settlingTolerance * (stepped ? Math.abs(change) : Math.max(Math.abs(sp), Number.MIN_VALUE));
  // Settling: the last sample outside the band, then the interpolated moment of entering it.
  let lastOut = -1;
  for (let i = 0; i < n; i++) if (Math.abs(sp - y[i]) > band) lastOut = i;
  let settlingTime: number | null = null;
  const settled = lastOut < n - 1;
  if (settled) {
    if (lastOut < 0) settlingTime = 0;
    else {
      const eOut = Math.abs(sp - y[lastOut]);
      const eIn = Math.abs(sp - y[lastOut + 1]);
      const f = (eOut - band) / (eOut - eIn);
      settlingTime = t[lastOut] + f * (t[lastOut + 1] - t[lastOut]) - t0;
    }
  }
  let rise: number | null = null;
  if (stepped) {
    const t10 = crossing(t, y, y0 + 0.1 * change, dir);
    const t90 = crossing(t, y, y0 + 0.9 * change, dir);
    rise = t10 !== null && t90 !== null ? t90 - t10 : null;
  }
  let saturation: number | null = null;
  if (r.output !== undefined && r.outputMin !== undefined && r.outputMax !== undefined) {
    const span = r.outputMax - r.outputMin;
    const at = (u: number) => u <= r.outputMin! + 1e-9 * span || u >= r.outputMax! - 1e-9 * span;
    let sat = 0;
    for (let i = 1; i < n; i++) if (at(r.output[i - 1]) && at(r.output[i])) sat += t[i] - t[i - 1];
    saturation = t[n - 1] > t0 ? sat / (t[n - 1] - t0) : 0;
  }
  return {
    initialValue: y0,
    setPointChange: change,
    finalValue: y[n - 1],
    steadyStateError: sp - y[n - 1],
    riseTime: rise,
    overshootPercent: stepped ? Math.max(0, ((y[peakIdx] - sp) * dir * 100) / Math.abs(change)) : null,
    peakTime: stepped ? t[peakIdx] - t0 : null,
    peakValue: y[peakIdx],
    settlingTime,
    settled,
    iae,
    ise,
    itae,
    errorSignChanges: signChanges,
    outputSaturationFraction: saturation,
  };
}

export interface MarginTrend {
  /** Least-squares slope of the margin, per second */
  slope: number;
  /** Seconds from the last sample until the fitted margin reaches zero (null when not falling) */
  timeToLimit: number | null;
}

/** Straight-line least-squares trend of a margin history and when it reaches zero. */
export function marginTrend(time: readonly number[], margin: readonly number[]): MarginTrend {
  const n = time.length;
  const mt = time.reduce((s, x) => s + x, 0) / n;
  const mm = margin.reduce((s, x) => s + x, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (time[i] - mt) * (margin[i] - mm);
    sxx += (time[i] - mt) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const tLast = time[n - 1];
  const atLast = mm + slope * (tLast - mt);
  if (atLast <= 0) return { slope, timeToLimit: 0 };
  return { slope, timeToLimit: slope < 0 ? -atLast / slope : null };
}
