/**
 * Small, dependency-free SVG charts for generateVisualization: line/scatter charts with axes and
 * "nice" ticks, bar charts and pie charts. Every number drawn is one the caller gave or a tool
 * computed; the charts only place them. Text is XML-escaped; coordinates are rounded to 0.1 px.
 */

const WIDTH = 640;
const HEIGHT = 420;
const MARGIN = { left: 70, right: 20, top: 40, bottom: 55 };
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const px = (v: number): string => (Math.round(v * 10) / 10).toString();

/** Round tick values (1, 2, 5 × 10^k) covering [lo, hi], about `count` of them. */
export function niceTicks(lo: number, hi: number, count = 6): number[] {
  if (!(hi > lo)) {
    const d = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 1;
    return niceTicks(lo - d, hi + d, count);
  }
  const raw = (hi - lo) / Math.max(1, count - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const start = Math.floor(lo / step) * step;
  // Near ±1.8e308 the rounded start or step overflows to ±Infinity, and `v += step` then never
  // passes hi (a bar of -1.7e308 hung the worker until its time budget): plain end ticks instead.
  if (!Number.isFinite(start) || !Number.isFinite(step) || !(step > 0)) return [lo, hi];
  const ticks: number[] = [];
  for (let v = start, i = 0; v <= hi + step * 1e-9 && i <= 2 * count + 2; v += step, i++) ticks.push(Number(v.toPrecision(12)));
  if (ticks.length > 0 && ticks[ticks.length - 1]! < hi) {
    const last = Number((ticks[ticks.length - 1]! + step).toPrecision(12));
    if (Number.isFinite(last)) ticks.push(last);
  }
  return ticks.length > 0 ? ticks : [lo, hi];
}

const label = (v: number): string => (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(1) : String(Number(v.toPrecision(6))));

export interface Series {
  name: string;
  points: readonly (readonly [number, number])[];
  /** Drawn as a polyline (default) or as markers only. */
  style?: 'line' | 'markers';
  dashed?: boolean;
}

export interface Marker {
  x: number;
  y: number;
  label: string;
}

export interface LineChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly Series[];
  markers?: readonly Marker[];
}

function frame(title: string): string[] {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${escapeXml(title)}</text>`,
  ];
}

/** A line chart over the finite points of every series (non-finite points are left out). */
export function lineChartSvg(c: LineChart): string {
  const all = c.series.flatMap((s) => s.points).concat((c.markers ?? []).map((m) => [m.x, m.y] as const));
  const pts = all.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const xt = niceTicks(Math.min(...xs), Math.max(...xs));
  const yt = niceTicks(Math.min(...ys), Math.max(...ys));
  const [x0, x1] = [xt[0]!, xt[xt.length - 1]!];
  const [y0, y1] = [yt[0]!, yt[yt.length - 1]!];
  const w = WIDTH - MARGIN.left - MARGIN.right;
  const h = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + ((x - x0) / (x1 - x0)) * w;
  const sy = (y: number) => MARGIN.top + h - ((y - y0) / (y1 - y0)) * h;
  const out = frame(c.title);
  // Grid, ticks and axis labels.
  for (const t of xt) out.push(`<line x1="${px(sx(t))}" y1="${MARGIN.top}" x2="${px(sx(t))}" y2="${MARGIN.top + h}" stroke="#e0e0e0"/>`, `<text x="${px(sx(t))}" y="${MARGIN.top + h + 18}" text-anchor="middle" font-size="11">${escapeXml(label(t))}</text>`);
  for (const t of yt) out.push(`<line x1="${MARGIN.left}" y1="${px(sy(t))}" x2="${MARGIN.left + w}" y2="${px(sy(t))}" stroke="#e0e0e0"/>`, `<text x="${MARGIN.left - 8}" y="${px(sy(t) + 4)}" text-anchor="end" font-size="11">${escapeXml(label(t))}</text>`);
  out.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${w}" height="${h}" fill="none" stroke="black"/>`);
  out.push(`<text x="${MARGIN.left + w / 2}" y="${HEIGHT - 12}" text-anchor="middle" font-size="13">${escapeXml(c.xLabel)}</text>`);
  out.push(`<text x="16" y="${MARGIN.top + h / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${MARGIN.top + h / 2})">${escapeXml(c.yLabel)}</text>`);
  c.series.forEach((s, k) => {
    const color = PALETTE[k % PALETTE.length]!;
    const finite = s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
    if (s.style === 'markers') {
      for (const [x, y] of finite) out.push(`<circle cx="${px(sx(x))}" cy="${px(sy(y))}" r="3" fill="${color}"/>`);
    } else if (finite.length > 0) {
      out.push(`<polyline data-series="${escapeXml(s.name)}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''} points="${finite.map(([x, y]) => `${px(sx(x))},${px(sy(y))}`).join(' ')}"/>`);
    }
    out.push(`<text x="${MARGIN.left + w - 8}" y="${MARGIN.top + 16 + 16 * k}" text-anchor="end" font-size="12" fill="${color}">${escapeXml(s.name)}</text>`);
  });
  for (const m of c.markers ?? []) {
    if (!Number.isFinite(m.x) || !Number.isFinite(m.y)) continue;
    // Labels in the right third of the plot go to the left of their marker, so they stay inside.
    const right = sx(m.x) > MARGIN.left + (2 * w) / 3;
    out.push(
      `<circle cx="${px(sx(m.x))}" cy="${px(sy(m.y))}" r="5" fill="none" stroke="black" stroke-width="1.5"/>`,
      `<text x="${px(sx(m.x) + (right ? -8 : 8))}" y="${px(sy(m.y) - 8)}"${right ? ' text-anchor="end"' : ''} font-size="11">${escapeXml(m.label)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

/** Vertical bars from zero (negative values below the axis). */
export function barChartSvg(title: string, yLabel: string, labels: readonly string[], values: readonly number[]): string {
  const yt = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const [y0, y1] = [yt[0]!, yt[yt.length - 1]!];
  const w = WIDTH - MARGIN.left - MARGIN.right;
  const h = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sy = (y: number) => MARGIN.top + h - ((y - y0) / (y1 - y0)) * h;
  const slot = w / values.length;
  const out = frame(title);
  for (const t of yt) out.push(`<line x1="${MARGIN.left}" y1="${px(sy(t))}" x2="${MARGIN.left + w}" y2="${px(sy(t))}" stroke="#e0e0e0"/>`, `<text x="${MARGIN.left - 8}" y="${px(sy(t) + 4)}" text-anchor="end" font-size="11">${escapeXml(label(t))}</text>`);
  values.forEach((v, i) => {
    const top = sy(Math.max(0, v));
    const bottom = sy(Math.min(0, v));
    const x = MARGIN.left + i * slot + slot * 0.15;
    out.push(`<rect data-value="${v}" x="${px(x)}" y="${px(top)}" width="${px(slot * 0.7)}" height="${px(bottom - top)}" fill="${PALETTE[i % PALETTE.length]}"/>`);
    out.push(`<text x="${px(x + slot * 0.35)}" y="${MARGIN.top + h + 18}" text-anchor="middle" font-size="11">${escapeXml(labels[i] ?? '')}</text>`);
  });
  out.push(`<line x1="${MARGIN.left}" y1="${px(sy(0))}" x2="${MARGIN.left + w}" y2="${px(sy(0))}" stroke="black"/>`);
  out.push(`<text x="16" y="${MARGIN.top + h / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${MARGIN.top + h / 2})">${escapeXml(yLabel)}</text>`);
  out.push('</svg>');
  return out.join('\n');
}

/** Pie of non-negative values, slices labelled with their share. */
export function pieChartSvg(title: string, labels: readonly string[], values: readonly number[]): string {
  const total = values.reduce((a, b) => a + b, 0);
  const cx = WIDTH / 2 - 80;
  const cy = HEIGHT / 2 + 10;
  const r = 140;
  const out = frame(title);
  let angle = -Math.PI / 2;
  values.forEach((v, i) => {
    const share = v / total;
    const color = PALETTE[i % PALETTE.length]!;
    if (share >= 1 - 1e-12) out.push(`<circle data-share="${share}" cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`);
    else if (share > 0) {
      const a1 = angle + share * 2 * Math.PI;
      const large = share > 0.5 ? 1 : 0;
      out.push(
        `<path data-share="${share}" d="M ${cx} ${cy} L ${px(cx + r * Math.cos(angle))} ${px(cy + r * Math.sin(angle))} A ${r} ${r} 0 ${large} 1 ${px(cx + r * Math.cos(a1))} ${px(cy + r * Math.sin(a1))} Z" fill="${color}" stroke="white"/>`,
      );
      angle = a1;
    }
    out.push(`<rect x="${cx + r + 40}" y="${60 + 20 * i}" width="12" height="12" fill="${color}"/>`, `<text x="${cx + r + 58}" y="${70 + 20 * i}" font-size="12">${escapeXml(`${labels[i] ?? ''} (${(100 * share).toFixed(1)} %)`)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
