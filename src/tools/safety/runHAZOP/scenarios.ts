/**
 * Perturbed copies of a process definition and their simulation. Each failure is an edit of a
 * structuredClone of the caller's JSON (the unit found by position, as automation/write.ts
 * does), run through runProcess itself, so a row's numbers are exactly what runProcess returns
 * for the JSON the row describes. Measurements are read from runProcess's data by path.
 */
import { runProcess } from '../../process/runProcess/runProcess.js';
import type { RunProcessInput, RunProcessOutput } from '../../process/runProcess/schema.js';
import { unitList } from '../../process/automation/write.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import type { UnitReport } from '../../process/runProcess/report.js';
import type { Perturbation } from './catalogue.js';

export interface PerturbationRecord {
  kind: Perturbation;
  equipment: string;
  /** The unit object as given, and as run in the deviated case. */
  from: Record<string, unknown>;
  to: Record<string, unknown>;
}

/** A copy of `doc` with unit `index` (position in the process list) put into the failed state. */
export function perturb(doc: Record<string, unknown>, index: number, kind: Perturbation): { doc: Record<string, unknown>; record: PerturbationRecord } {
  const out = structuredClone(doc);
  const list = unitList(out);
  const raw = list[index]!;
  const from = structuredClone(raw);
  const props: Record<string, unknown> = isPlainObject(raw.properties) ? { ...raw.properties } : {};
  // Unit-level flowRate/temperature/pressure are read as properties; fold them in so the edit is complete.
  for (const k of ['flowRate', 'temperature', 'pressure', 'composition']) {
    if (raw[k] !== undefined && props[k] === undefined) props[k] = raw[k];
    delete raw[k];
  }
  if (kind === 'ZERO_UA') {
    raw.properties = { ...props, UAvalue: 0 };
  } else if (kind === 'ZERO_DUTY') {
    // The temperature/duty specification goes; outletPressure / pressureDrop stay as specified.
    for (const k of ['outTemperature', 'outletTemperature', 'temperature', 'duty', 'energyInput']) delete props[k];
    raw.properties = { ...props, duty: [0, 'W'] };
  } else {
    // PASS_THROUGH: an adiabatic unit without pressure change — what a tripped machine or a
    // fully open valve does to the stream in steady state.
    raw.type = 'Heater';
    raw.properties = { duty: [0, 'W'] };
  }
  return { doc: out, record: { kind, equipment: String(from.name ?? ''), from, to: structuredClone(raw) } };
}

/** runProcess's unit reports with their figures (power_kW, duty_kW, hotSide…) addressable. */
export const unitsOf = (data: RunProcessOutput): Record<string, UnitReport> => data.units as unknown as Record<string, UnitReport>;

export type SimulationRun = { ok: true; data: RunProcessOutput; warnings: string[] } | { ok: false; code: string; message: string };

export function simulate(doc: Record<string, unknown>): SimulationRun {
  const env = runProcess(doc as unknown as RunProcessInput);
  if (env.status !== 'success' || !env.data) {
    const e = env.errors?.[0];
    return { ok: false, code: e?.code ?? 'PROCESS_ERROR', message: e?.message ?? 'the flowsheet did not solve' };
  }
  return { ok: true, data: env.data, warnings: env.warnings.map((w) => w.message) };
}

/** One measured quantity of one unit, with where runProcess reports it. */
export interface Measurement {
  equipment: string;
  /** temperature, pressure, power, duty. */
  variable: 'temperature' | 'pressure' | 'power' | 'duty';
  /** Outlet stream (runProcess stream name) for temperature and pressure. */
  stream?: string;
  unit: 'C' | 'bara' | 'kW';
  value: number;
  /** Path into runProcess's data, e.g. ["streams", "Intercooler", "temperature_C"]. */
  source: string[];
}

export const measurementKey = (m: Pick<Measurement, 'equipment' | 'variable' | 'stream'>): string => `${m.equipment}\u0000${m.variable}\u0000${m.stream ?? ''}`;

/**
 * The temperatures and pressures of each unit's outlet streams (a separator's once: its outlets
 * share them), machine power and heater/cooler/exchanger duty, in flowsheet order.
 */
export function measure(data: RunProcessOutput): Measurement[] {
  const out: Measurement[] = [];
  for (const [name, rep] of Object.entries(unitsOf(data))) {
    const ports = Object.values(rep.outlets).filter((s): s is string => typeof s === 'string' && data.streams[s] !== undefined);
    const shown = rep.type === 'Separator' || rep.type === 'ThreePhaseSeparator' ? ports.slice(0, 1) : ports;
    for (const s of shown) {
      const st = data.streams[s]!;
      out.push({ equipment: name, variable: 'temperature', stream: s, unit: 'C', value: st.temperature_C, source: ['streams', s, 'temperature_C'] });
      out.push({ equipment: name, variable: 'pressure', stream: s, unit: 'bara', value: st.pressure_bara, source: ['streams', s, 'pressure_bara'] });
    }
    if (typeof rep.power_kW === 'number') out.push({ equipment: name, variable: 'power', unit: 'kW', value: rep.power_kW, source: ['units', name, 'power_kW'] });
    if (typeof rep.duty_kW === 'number') out.push({ equipment: name, variable: 'duty', unit: 'kW', value: rep.duty_kW, source: ['units', name, 'duty_kW'] });
  }
  return out;
}

/**
 * The highest baseline pressure upstream of `unit`, walking back through its inlets up to and
 * including the first machine on each path (a running machine can deliver more than its
 * baseline discharge when blocked in, which needs its curve). Undefined without upstream streams.
 */
export function highestUpstreamPressure(data: RunProcessOutput, unit: string): { pressure_bara: number; stream: string } | undefined {
  let best: { pressure_bara: number; stream: string } | undefined;
  const seen = new Set<string>();
  const walk = (name: string) => {
    const rep = data.units[name];
    if (!rep) return;
    for (const s of rep.inlets) {
      if (seen.has(s)) continue;
      seen.add(s);
      const st = data.streams[s];
      if (st && (!best || st.pressure_bara > best.pressure_bara)) best = { pressure_bara: st.pressure_bara, stream: s };
      const src = s.includes('.') ? s.slice(0, s.indexOf('.')) : s;
      const srcType = data.units[src]?.type;
      if (srcType !== 'Compressor' && srcType !== 'Pump') walk(src);
    }
  };
  walk(unit);
  return best;
}
