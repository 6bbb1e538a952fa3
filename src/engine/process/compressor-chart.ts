/**
 * Machine performance charts: speed lines of head and efficiency against actual inlet volume
 * flow (compressors and pumps). Along a speed line the points are joined by a monotone piecewise
 * cubic (Fritsch & Carlson 1980, SIAM J. Numer. Anal. 17(2):238), which passes through every
 * chart point and adds no wiggles the chart does not have; beyond a line's ends it continues
 * linearly with the end segment's slope. Between speed lines the fan laws give the similar point
 * on each neighbouring line (Q·Ni/N, head·(N/Ni)², same efficiency) and the two are weighted
 * linearly in speed, so a chart that obeys the fan laws is reproduced exactly at every speed and
 * every chart point is reproduced at its own speed. Above the fastest or below the slowest line
 * the nearest line is scaled by the fan laws (and the point is flagged as extrapolated).
 *
 * Units: flow m3/h (actual, at the inlet, as the original's charts), head J/kg, efficiency as a
 * fraction, speed in the chart's own unit (rpm as a rule).
 */

export interface SpeedLine {
  speed: number;
  flow: number[];
  head: number[];
  efficiency: number[];
}

/** A curve of head against flow (surge or stonewall line given by the user). */
export interface LimitCurve {
  flow: number[];
  head: number[];
}

export interface MachineChart {
  /** Sorted by speed, ascending. */
  lines: SpeedLine[];
  surge?: LimitCurve;
  stonewall?: LimitCurve;
}

export interface ChartPoint {
  head: number;
  efficiency: number;
  /** Flow at the surge (minimum-flow) limit and at the stonewall (maximum-flow) limit at this speed/head. */
  surgeFlow: number;
  stonewallFlow: number;
  /** (Q − Q_surge)/Q_surge and (Q_stonewall − Q)/Q_stonewall; negative = outside. */
  surgeMargin: number;
  stonewallMargin: number;
  /** The speed lies outside the chart's speed range, or the flow outside the surge–stonewall range. */
  speedOutside: boolean;
  flowOutside: boolean;
}

/** Fritsch–Carlson slopes of a monotone cubic through (x, y). */
function monotoneSlopes(x: readonly number[], y: readonly number[]): number[] {
  const n = x.length;
  const d: number[] = [];
  for (let i = 0; i < n - 1; i++) d.push((y[i + 1] - y[i]) / (x[i + 1] - x[i]));
  if (n === 2) return [d[0], d[0]];
  const m: number[] = new Array(n);
  m[0] = d[0];
  m[n - 1] = d[n - 2];
  for (let i = 1; i < n - 1; i++) m[i] = d[i - 1] * d[i] <= 0 ? 0 : (d[i - 1] + d[i]) / 2;
  for (let i = 0; i < n - 1; i++) {
    if (d[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i] / d[i];
    const b = m[i + 1] / d[i];
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      m[i] = t * a * d[i];
      m[i + 1] = t * b * d[i];
    }
  }
  return m;
}

/** Value at q of the monotone cubic through (x, y); linear beyond the ends. x strictly increasing. */
export function curveValue(x: readonly number[], y: readonly number[], q: number): number {
  const n = x.length;
  if (n === 1) return y[0];
  if (q <= x[0]) return y[0] + ((y[1] - y[0]) / (x[1] - x[0])) * (q - x[0]);
  if (q >= x[n - 1]) return y[n - 1] + ((y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2])) * (q - x[n - 1]);
  let i = 0;
  while (q > x[i + 1]) i++;
  const m = monotoneSlopes(x, y);
  const h = x[i + 1] - x[i];
  const t = (q - x[i]) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * y[i] + (t3 - 2 * t2 + t) * h * m[i] + (-2 * t3 + 3 * t2) * y[i + 1] + (t3 - t2) * h * m[i + 1];
}

/** Checks a chart's shape; returns a message for the first problem, or undefined. */
export function chartProblem(c: MachineChart): string | undefined {
  if (c.lines.length === 0) return 'the chart has no speed lines';
  for (const [k, l] of c.lines.entries()) {
    const at = `speed line ${k + 1} (speed ${l.speed})`;
    if (!(l.speed > 0)) return `${at}: the speed must be positive`;
    if (k > 0 && !(l.speed > c.lines[k - 1].speed)) return `${at}: speeds must be distinct`;
    if (l.flow.length < 2) return `${at}: needs at least two points`;
    if (l.head.length !== l.flow.length || l.efficiency.length !== l.flow.length) return `${at}: flows, heads and efficiencies must have the same number of points`;
    for (let i = 0; i < l.flow.length; i++) {
      if (!(l.flow[i] > 0) || (i > 0 && !(l.flow[i] > l.flow[i - 1]))) return `${at}: flows must be positive and strictly increasing`;
      if (!(l.head[i] > 0)) return `${at}: heads must be positive`;
      if (!(l.efficiency[i] > 0 && l.efficiency[i] <= 1)) return `${at}: efficiencies must be in (0, 100] percent`;
    }
  }
  for (const [name, lc] of [['surgeCurve', c.surge], ['stoneWallCurve', c.stonewall]] as const) {
    if (!lc) continue;
    if (lc.flow.length < 2 || lc.flow.length !== lc.head.length) return `${name}: needs two or more (flow, head) points of equal count`;
    for (let i = 1; i < lc.head.length; i++) if (!(lc.head[i] > lc.head[i - 1])) return `${name}: heads must be strictly increasing`;
  }
  return undefined;
}

/** Value of one speed line at flow q, speed n, by the fan laws (q·Ni/n on line i, head·(n/Ni)²). */
function onLine(l: SpeedLine, q: number, n: number): { head: number; efficiency: number; minFlow: number; maxFlow: number } {
  const r = n / l.speed;
  const qi = q / r;
  return {
    head: curveValue(l.flow, l.head, qi) * r * r,
    efficiency: curveValue(l.flow, l.efficiency, qi),
    minFlow: l.flow[0] * r,
    maxFlow: l.flow[l.flow.length - 1] * r,
  };
}

/** Head, efficiency and the surge/stonewall position of the operating point (flow q m3/h, speed n). */
export function chartPoint(c: MachineChart, q: number, n: number): ChartPoint {
  const lines = c.lines;
  let lo = 0;
  while (lo < lines.length - 2 && n > lines[lo + 1].speed) lo++;
  let v: ReturnType<typeof onLine>;
  let speedOutside = false;
  if (lines.length === 1 || n <= lines[0].speed || n >= lines[lines.length - 1].speed) {
    const l = n <= lines[0].speed ? lines[0] : lines[lines.length - 1];
    v = onLine(l, q, n);
    speedOutside = n !== l.speed;
  } else {
    const a = onLine(lines[lo], q, n);
    const b = onLine(lines[lo + 1], q, n);
    const w = (n - lines[lo].speed) / (lines[lo + 1].speed - lines[lo].speed);
    const mix = (x: number, y: number) => x + w * (y - x);
    v = { head: mix(a.head, b.head), efficiency: mix(a.efficiency, b.efficiency), minFlow: mix(a.minFlow, b.minFlow), maxFlow: mix(a.maxFlow, b.maxFlow) };
  }
  // A user's surge (stonewall) curve gives the limiting flow at the operating head.
  const surgeFlow = c.surge ? curveValue(c.surge.head, c.surge.flow, v.head) : v.minFlow;
  const stonewallFlow = c.stonewall ? curveValue(c.stonewall.head, c.stonewall.flow, v.head) : v.maxFlow;
  const surgeMargin = (q - surgeFlow) / surgeFlow;
  const stonewallMargin = (stonewallFlow - q) / stonewallFlow;
  return { head: v.head, efficiency: v.efficiency, surgeFlow, stonewallFlow, surgeMargin, stonewallMargin, speedOutside, flowOutside: surgeMargin < 0 || stonewallMargin < 0 };
}
