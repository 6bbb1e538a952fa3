/**
 * From a solved steady-state flowsheet to the initial state of the dynamic separator: vessel
 * size, holdup, valve sizes and controllers.
 *
 * Vessel: a given volume, or sized by residence times at the steady state: with liquid,
 * V = max(Q_L·τ_L / L0, Q_G·τ_G / (1 − L0)) (at least τ_L of liquid below the initial level L0
 * and τ_G of gas above it); gas only, V = Q_G·τ_G. A vertical cylinder of height/diameter ratio
 * H/D. The defaults (τ_L = 120 s, τ_G = 30 s, L0 = 0.5, H/D = 3) are this tool's, chosen as
 * round numbers of the order found in separator design practice; they are not taken from a
 * standard, and a real vessel should be given by its volume.
 * Valves: sized (Cv) so that at their initial opening they pass the steady outlet flows at the
 * initial vessel state, so the initial state is a steady state of the dynamic model.
 */
import type { FlowsheetResult } from '../process/flowsheet.js';
import type { ProcessFluid } from '../process/stream.js';
import { DEFAULT_XT, sizeGasValve, sizeLiquidValve, type GasValve, type LiquidValve } from './valves.js';
import { holdupOf, liquidValveInletPressure, vesselState, type Inflow, type VesselGeometry, type VesselSnapshot } from './vessel.js';
import { inflowOf, type DynamicTopology } from './flowsheet-link.js';
import { PiController, type PiTuning } from './pi-controller.js';

export const DEFAULT_LIQUID_RESIDENCE_TIME = 120;
export const DEFAULT_GAS_RESIDENCE_TIME = 30;
export const DEFAULT_INITIAL_LEVEL = 0.5;
export const DEFAULT_HEIGHT_TO_DIAMETER = 3;
export const DEFAULT_OPENING = 0.5;
/** Downstream pressure of a valve not given: 70 % of the vessel pressure (this tool's default). */
export const DEFAULT_DOWNSTREAM_FRACTION = 0.7;
/** Default PI tunings (this tool's starting values, not a tuning rule): fraction of travel per fraction of span, s. */
export const DEFAULT_TUNING: Record<'pressure' | 'level', PiTuning> = { pressure: { kp: 1, ti: 30 }, level: { kp: 10, ti: 200 } };

export interface SetupOptions {
  volume?: number;
  initialLevel?: number;
  liquidResidenceTime?: number;
  gasResidenceTime?: number;
  heightToDiameter?: number;
  gas?: { downstreamPressure?: number; xT?: number; opening?: number };
  liquid?: { downstreamPressure?: number; opening?: number };
  tuning?: Partial<Record<'pressure' | 'level', Partial<PiTuning>>>;
}

export interface DynamicSetup {
  fluid: ProcessFluid;
  geometry: VesselGeometry & { diameter: number };
  sizing: string;
  initial: VesselSnapshot;
  inflow: Inflow;
  gasValve: GasValve;
  liquidValve: LiquidValve;
  openings: { gas: number; liquid: number };
  pressureController?: PiController;
  levelController?: PiController;
  /** How each valve's downstream pressure was set. */
  downstreamSource: { gas: string; liquid: string };
}

export type SetupOutcome = { ok: true; setup: DynamicSetup } | { ok: false; code: string; message: string; field?: string };

export function setupSeparator(topology: DynamicTopology, solved: FlowsheetResult, options: SetupOptions): SetupOutcome {
  const sepResult = solved.units.find((u) => u.name === topology.separator.name);
  const feed = sepResult?.feed;
  if (!feed || !(feed.molarFlow > 0)) return { ok: false, code: 'UNSUPPORTED_DYNAMIC_STATE', message: `Separator '${topology.separator.name}' receives no flow at the steady state` };
  const fluid = feed.fluid;
  const model = fluid.model;
  const state = feed.flash;
  const gasOut = sepResult.outlets.gasOut;
  const liquidOut = sepResult.outlets.liquidOut;
  if (!gasOut) {
    return { ok: false, code: 'UNSUPPORTED_DYNAMIC_STATE', message: `Separator '${topology.separator.name}' holds no gas phase at the steady state (${(state.T - 273.15).toFixed(2)} °C, ${(state.P / 1e5).toFixed(3)} bara): a liquid-full vessel's pressure is set by liquid compressibility, which this model does not follow` };
  }
  const rho = (s: typeof feed) => s.molarMass / (s.flash.phases.reduce((a, p) => a + p.beta * (p.V - shiftOf(model, s.flash.T, p.x)), 0));
  const qG = (gasOut.molarFlow * gasOut.molarMass) / rho(gasOut);
  const qL = liquidOut ? (liquidOut.molarFlow * liquidOut.molarMass) / rho(liquidOut) : 0;
  const L0 = liquidOut ? (options.initialLevel ?? DEFAULT_INITIAL_LEVEL) : 0;
  const tauL = options.liquidResidenceTime ?? DEFAULT_LIQUID_RESIDENCE_TIME;
  const tauG = options.gasResidenceTime ?? DEFAULT_GAS_RESIDENCE_TIME;
  let volume: number;
  let sizing: string;
  if (options.volume !== undefined) {
    volume = options.volume;
    sizing = 'given volume_m3';
  } else if (liquidOut) {
    volume = Math.max((qL * tauL) / L0, (qG * tauG) / (1 - L0));
    sizing = `residence times: V = max(Q_L·${tauL} s / ${L0}, Q_G·${tauG} s / ${1 - L0}) at the steady state (Q_L = ${(qL * 3600).toPrecision(4)} m3/h, Q_G = ${(qG * 3600).toPrecision(4)} m3/h)`;
  } else {
    volume = qG * tauG;
    sizing = `gas residence time: V = Q_G·${tauG} s at the steady state (Q_G = ${(qG * 3600).toPrecision(4)} m3/h; no liquid)`;
  }
  if (!(volume > 0) || !Number.isFinite(volume)) return { ok: false, code: 'UNSUPPORTED_DYNAMIC_STATE', message: `The vessel volume came out as ${volume} m3` };
  const hd = options.heightToDiameter ?? DEFAULT_HEIGHT_TO_DIAMETER;
  const diameter = Math.cbrt((4 * volume) / (Math.PI * hd));
  const geometry = { volume, height: hd * diameter, diameter };

  const hold = holdupOf(model, state, volume, L0);
  const first = vesselState(model, hold.n, hold.U, geometry, { T: state.T, P: state.P }, fluid.multiPhaseCheck);
  if (!first.ok) return { ok: false, code: first.code, message: `UV flash of the initial vessel contents: ${first.message}` };
  const s0 = first.snapshot;
  const inflow = inflowOf(feed, fluid)!;

  const gasDown = options.gas?.downstreamPressure ?? topology.gasValve?.outletPressure ?? DEFAULT_DOWNSTREAM_FRACTION * s0.P;
  const liqDown = options.liquid?.downstreamPressure ?? topology.liquidValve?.outletPressure ?? DEFAULT_DOWNSTREAM_FRACTION * s0.P;
  const downstreamSource = {
    gas: options.gas?.downstreamPressure !== undefined ? 'given' : topology.gasValve ? `ThrottlingValve '${topology.gasValve.name}' outletPressure` : `default ${DEFAULT_DOWNSTREAM_FRACTION} × vessel pressure`,
    liquid: options.liquid?.downstreamPressure !== undefined ? 'given' : topology.liquidValve ? `ThrottlingValve '${topology.liquidValve.name}' outletPressure` : `default ${DEFAULT_DOWNSTREAM_FRACTION} × vessel pressure`,
  };
  if (!(gasDown < s0.P)) return { ok: false, code: 'INVALID_VALVE', message: `The gas valve's downstream pressure ${(gasDown / 1e5).toPrecision(6)} bara is not below the vessel pressure ${(s0.P / 1e5).toPrecision(6)} bara: no flow can leave`, field: 'valves.gas.outletPressure_bara' };
  const xT = options.gas?.xT ?? DEFAULT_XT;
  const gasOpening = options.gas?.opening ?? DEFAULT_OPENING;
  const liquidOpening = liquidOut ? (options.liquid?.opening ?? DEFAULT_OPENING) : 0;
  const g = s0.gas!;
  const gasCv = sizeGasValve(gasOut.molarFlow * g.molarMass, gasOpening, xT, s0.P, gasDown, g.density, g.gamma);
  let liquidCv = 0;
  if (liquidOut) {
    const l = s0.liquid;
    const p1 = liquidValveInletPressure(s0, geometry);
    if (!l || !(liqDown < p1)) return { ok: false, code: 'INVALID_VALVE', message: `The liquid valve's downstream pressure ${(liqDown / 1e5).toPrecision(6)} bara is not below its inlet pressure ${(p1 / 1e5).toPrecision(6)} bara`, field: 'valves.liquid.outletPressure_bara' };
    liquidCv = sizeLiquidValve((liquidOut.molarFlow * l.molarMass) / l.density, liquidOpening, p1, liqDown, l.density);
  }
  if (!(gasCv > 0) || !Number.isFinite(gasCv) || !(liquidCv >= 0) || !Number.isFinite(liquidCv)) return { ok: false, code: 'INVALID_VALVE', message: `Valve sizing failed (gas Cv ${gasCv}, liquid Cv ${liquidCv})` };
  const tune = (k: 'pressure' | 'level'): PiTuning => ({ kp: options.tuning?.[k]?.kp ?? DEFAULT_TUNING[k].kp, ti: options.tuning?.[k]?.ti ?? DEFAULT_TUNING[k].ti });
  return {
    ok: true,
    setup: {
      fluid,
      geometry,
      sizing,
      initial: s0,
      inflow,
      gasValve: { cv: gasCv, xT, downstreamPressure: gasDown },
      liquidValve: { cv: liquidCv, downstreamPressure: liqDown },
      openings: { gas: gasOpening, liquid: liquidOpening },
      // PT range 0 … 2·P0 and LT range 0 … 1: the spans the errors are normalised by.
      pressureController: new PiController(tune('pressure'), s0.P, 2 * s0.P, gasOpening),
      ...(liquidOut ? { levelController: new PiController(tune('level'), s0.level, 1, liquidOpening) } : {}),
      downstreamSource,
    },
  };
}

function shiftOf(model: ProcessFluid['model'], T: number, x: ArrayLike<number>): number {
  if (!model.usesVolumeShift) return 0;
  let s = 0;
  for (let i = 0; i < model.nc; i++) s += x[i] * model.volumeShift(i, T);
  return s;
}
