/**
 * A compressor or pump running on its performance chart. The chart gives head and efficiency at
 * the actual inlet volume flow and the speed; the machine's own thermodynamics (compress():
 * polytropic head by Schultz for compressors, isentropic head for pumps) must deliver that head.
 * Two specifications are solved:
 *  - speed given: the outlet pressure at which the computed head equals the chart head
 *    (secant on ln P2, safeguarded by bisection);
 *  - outlet pressure given: the speed at which the chart head equals the head the compression
 *    needs (fan-law fixed point N ← N·√(H_needed/H_chart), which converges in a few steps
 *    because head grows as N²).
 * The work is head / efficiency either way, as for any polytropic (or pump) machine.
 */
import { phaseThermo } from '../properties/thermo.js';
import { chartPoint, type ChartPoint, type MachineChart } from './compressor-chart.js';
import { compress, type MachineResult } from './pressure-change.js';
import type { ProcessFailure, StreamState } from './stream.js';

export interface ChartMachineSpec {
  chart: MachineChart;
  kind: 'compressor' | 'pump';
  /** Exactly one of speed and outletPressure drives the solution (speed wins when both are set). */
  speed?: number;
  outletPressure?: number;
}

export interface ChartMachineResult extends MachineResult {
  speed: number;
  /** Actual inlet volume flow, m3/s. */
  inletVolumeFlow: number;
  chart: ChartPoint;
}

/** Actual volume flow of a stream, m3/s (volume-shifted phase volumes, as reported). */
export function actualVolumeFlow(s: StreamState): number {
  const model = s.fluid.model;
  const at = model.atTemperature(s.flash.T);
  let v = 0;
  for (const p of s.flash.phases) v += p.beta * phaseThermo(model, at, s.flash.P, p.x, p.V).molarVolume;
  return s.molarFlow * v;
}

const MAX_ITER = 60;

function run(inlet: StreamState, kind: ChartMachineSpec['kind'], P2: number, eta: number): MachineResult | ProcessFailure {
  return kind === 'compressor' ? compress(inlet, { outletPressure: P2, isentropicEfficiency: 1, polytropicEfficiency: eta }) : compress(inlet, { outletPressure: P2, isentropicEfficiency: eta }, 'pump');
}

const headOf = (r: MachineResult, kind: ChartMachineSpec['kind']): number => (kind === 'compressor' ? (r.polytropicHead as number) : r.isentropicHead);

/** Outlet pressure at which the machine's head is `head` (J/kg) at efficiency eta. */
function outletForHead(inlet: StreamState, kind: ChartMachineSpec['kind'], head: number, eta: number): MachineResult | ProcessFailure {
  const P1 = inlet.flash.P;
  const rho = (inlet.molarFlow * inlet.molarMass) / actualVolumeFlow(inlet);
  // Start: incompressible (pump) or ideal gas with n/(n−1) ≈ 4 (compressor).
  let guess = kind === 'pump' ? P1 + rho * head : P1 * Math.pow(1 + head / (4 * (P1 / rho)), 4);
  let lo = P1;
  let hi = Infinity;
  let prev: { x: number; f: number } | undefined;
  let x = Math.log(guess);
  for (let k = 0; k < MAX_ITER; k++) {
    const r = run(inlet, kind, Math.exp(x), eta);
    if (!r.ok) return r;
    const f = headOf(r, kind) - head;
    if (Math.abs(f) <= 1e-9 * head) return r;
    if (f > 0) hi = Math.min(hi, Math.exp(x));
    else lo = Math.max(lo, Math.exp(x));
    let next = prev && f !== prev.f ? x - (f * (x - prev.x)) / (f - prev.f) : x + (f > 0 ? -0.1 : 0.1);
    const inside = Math.exp(next) > lo && Math.exp(next) < hi;
    if (!inside) next = Number.isFinite(hi) ? Math.log((lo + hi) / 2) : x + 0.5;
    prev = { x, f };
    x = next;
    guess = Math.exp(x);
  }
  return { ok: false, code: 'PROCESS_ERROR', message: `no outlet pressure gives the chart head ${(head / 1000).toPrecision(5)} kJ/kg (last tried ${(guess / 1e5).toPrecision(5)} bara)` };
}

export function runOnChart(inlet: StreamState, spec: ChartMachineSpec): ChartMachineResult | ProcessFailure {
  const Q = actualVolumeFlow(inlet) * 3600;
  const chart = spec.chart;
  const done = (r: MachineResult, speed: number, p: ChartPoint): ChartMachineResult => ({ ...r, speed, inletVolumeFlow: Q / 3600, chart: p });
  if (spec.speed !== undefined) {
    const p = chartPoint(chart, Q, spec.speed);
    const r = outletForHead(inlet, spec.kind, p.head, p.efficiency);
    return r.ok ? done(r, spec.speed, p) : r;
  }
  const P2 = spec.outletPressure;
  if (P2 === undefined) return { ok: false, code: 'PROCESS_ERROR', message: 'a machine on a chart needs its speed or its outlet pressure' };
  const lines = chart.lines;
  let n = lines[Math.floor(lines.length / 2)].speed;
  for (let k = 0; k < MAX_ITER; k++) {
    const p = chartPoint(chart, Q, n);
    // Far right of a slow line the extrapolated head can vanish: speed up and look again.
    if (!(p.head > 0) || !(p.efficiency > 0)) {
      n *= 1.2;
      continue;
    }
    const r = run(inlet, spec.kind, P2, p.efficiency);
    if (!r.ok) return r;
    const needed = headOf(r, spec.kind);
    if (Math.abs(p.head - needed) <= 1e-9 * needed) return done(r, n, p);
    n *= Math.sqrt(needed / p.head);
    if (!(n > 0) || !Number.isFinite(n)) break;
  }
  return { ok: false, code: 'PROCESS_ERROR', message: `no speed on the chart gives the outlet pressure ${(P2 / 1e5).toPrecision(5)} bara` };
}
