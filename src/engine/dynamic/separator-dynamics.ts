/**
 * Time integration of a dynamic separator (vessel.ts) with its two outlet control valves and PI
 * controllers (pi-controller.ts), under scheduled events.
 *
 * Scheme: explicit Heun (trapezoidal predictor–corrector, 2nd order) on the state (n, U), each
 * output step Δt divided into m equal sub-steps with h = Δt/m ≤ τ/2, τ the fastest time constant
 * estimated at the start of the step (vessel.ts, fastestTimeConstant). Heun is stable for real
 * negative eigenvalues with h·|λ| ≤ 2; h ≤ τ/2 keeps a factor 4 in hand for the estimate's
 * neglect of the temperature coupling. Explicit rather than implicit because every evaluation of
 * the right-hand side is a UV flash (one per stage, warm-started), whereas a Newton step of an
 * implicit scheme would need a finite-difference Jacobian of nc + 1 further UV flashes; the
 * dynamics here (valve-controlled pressure and level) are only mildly stiff, so sub-stepping is
 * cheaper. Each sub-step costs two UV flashes (predicted and new state).
 *
 * Controllers are sampled at the output steps and held over them (zero-order hold). Events are
 * applied at the first output step at or after their time.
 *
 * Balances: the state update is the trapezoidal quadrature of the flows, so the running integrals
 * ∫(in − out) are accumulated with the same weights. The reported errors compare them with the
 * contents computed from the phases of each converged flash (mass Σ N·β·M_phase, energy
 * Σ N·β·(h − P·v)): they measure how well the flash state carries the conserved quantities (flash
 * phase balances, UV tolerance), not a tautology of the update.
 */
import { R } from '../eos/constants.js';
import type { ThermoModel } from '../eos/types.js';
import type { GasValve, LiquidValve } from './valves.js';
import type { PiController } from './pi-controller.js';
import { fastestTimeConstant, vesselRates, vesselState, type Inflow, type Openings, type Rates, type VesselGeometry, type VesselSnapshot } from './vessel.js';

export type DynamicEvent =
  | { time: number; kind: 'feed'; target: string; factor: number; label: string }
  | { time: number; kind: 'valve'; valve: 'gas' | 'liquid'; opening: number; label: string }
  | { time: number; kind: 'setpoint'; loop: 'pressure' | 'level'; value: number; label: string };

export interface SeparatorDynamicsSpec {
  model: ThermoModel;
  multiPhaseCheck: boolean;
  geometry: VesselGeometry;
  /** The vessel at t = 0 (a UV flash of the initial holdup). */
  initial: VesselSnapshot;
  inflow: Inflow;
  /** The inflow after the feed `target` is set to `factor` × its steady flow. */
  feedChange?: (target: string, factor: number) => { ok: true; inflow: Inflow } | { ok: false; message: string };
  gasValve: GasValve;
  liquidValve: LiquidValve;
  openings: Openings;
  pressureController?: PiController;
  levelController?: PiController;
  timeStep: number;
  steps: number;
  events: DynamicEvent[];
  /** Largest number of sub-steps per output step before the run is stopped as too stiff (default 1000). */
  maxSubsteps?: number;
  /** Polled every step; true stops the run (time budget). */
  shouldStop?: () => boolean;
  onStep?: (step: number) => void;
}

export interface DynamicSeries {
  /** s. */
  time: number[];
  /** Pa, K, fraction. */
  pressure: number[];
  temperature: number[];
  level: number[];
  /** kg/s at each time (valves at the openings held from that time). */
  inletMassFlow: number[];
  gasMassFlow: number[];
  liquidMassFlow: number[];
  gasOpening: number[];
  liquidOpening: number[];
  /** kg and J held, from the flash phases. */
  vesselMass: number[];
  /** |m(t) − m(0) − ∫(ṁin − ṁout)| / m(0). */
  massBalanceError: number[];
  /** |U(t) − U(0) − ∫(Ḣin − Ḣout)| / (N0·R·T0). */
  energyBalanceError: number[];
  substeps: number;
  appliedEvents: { time: number; label: string }[];
  /** Set when the run ended before the last step. */
  stopped?: { time: number; code: 'VESSEL_LIQUID_FULL' | 'STATE_ERROR' | 'TOO_STIFF' | 'EVENT_ERROR' | 'ABORTED'; reason: string };
}

function emptySeries(): DynamicSeries {
  return { time: [], pressure: [], temperature: [], level: [], inletMassFlow: [], gasMassFlow: [], liquidMassFlow: [], gasOpening: [], liquidOpening: [], vesselMass: [], massBalanceError: [], energyBalanceError: [], substeps: 0, appliedEvents: [] };
}

const sumOf = (n: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < n.length; i++) s += n[i];
  return s;
};

/** Runs the simulation; never throws. */
export function simulateSeparator(spec: SeparatorDynamicsSpec): DynamicSeries {
  const out = emptySeries();
  const { model, geometry, gasValve, liquidValve, timeStep: dt } = spec;
  const maxSub = spec.maxSubsteps ?? 1000;
  const s0 = spec.initial;
  const energyScale = sumOf(s0.n) * R * s0.T;
  let s = s0;
  let inflow = spec.inflow;
  const openings: Openings = { ...spec.openings };
  const events = spec.events.slice().sort((a, b) => a.time - b.time);
  let nextEvent = 0;
  // Running integrals of (in − out): mass kg, enthalpy J.
  let netMass = 0;
  let netEnergy = 0;
  const pc = spec.pressureController;
  const lc = spec.levelController;
  const stop = (time: number, code: NonNullable<DynamicSeries['stopped']>['code'], reason: string) => {
    out.stopped = { time, code, reason };
    return out;
  };

  for (let k = 0; k <= spec.steps; k++) {
    const t = k * dt;
    while (nextEvent < events.length && events[nextEvent].time <= t + 1e-9 * dt) {
      const e = events[nextEvent++];
      if (e.kind === 'feed') {
        if (!spec.feedChange) return stop(t, 'EVENT_ERROR', `${e.label}: no feed model`);
        const r = spec.feedChange(e.target, e.factor);
        if (!r.ok) return stop(t, 'EVENT_ERROR', `${e.label}: ${r.message}`);
        inflow = r.inflow;
      } else if (e.kind === 'valve') {
        const ctl = e.valve === 'gas' ? pc : lc;
        if (ctl) {
          ctl.auto = false;
          ctl.manualOutput = e.opening;
        }
        openings[e.valve] = e.opening;
      } else {
        const ctl = e.loop === 'pressure' ? pc : lc;
        if (ctl) ctl.setpoint = e.value;
      }
      out.appliedEvents.push({ time: t, label: e.label });
    }
    // Controllers sample the transmitters now and hold their outputs over the coming step.
    if (k < spec.steps) {
      if (pc) openings.gas = pc.update(s.P, dt);
      if (lc) openings.liquid = lc.update(s.level, dt);
    }
    let f0 = vesselRates(s, inflow, openings, gasValve, liquidValve, geometry);
    out.time.push(t);
    out.pressure.push(s.P);
    out.temperature.push(s.T);
    out.level.push(s.level);
    out.inletMassFlow.push(f0.massIn);
    out.gasMassFlow.push(f0.gasMassOut);
    out.liquidMassFlow.push(f0.liquidMassOut);
    out.gasOpening.push(openings.gas);
    out.liquidOpening.push(openings.liquid);
    out.vesselMass.push(s.mass);
    out.massBalanceError.push(Math.abs(s.mass - s0.mass - netMass) / s0.mass);
    out.energyBalanceError.push(Math.abs(s.flashInternalEnergy - s0.flashInternalEnergy - netEnergy) / energyScale);
    spec.onStep?.(k);
    if (k === spec.steps) break;
    if (spec.shouldStop?.()) return stop(t, 'ABORTED', `stopped at t = ${t} s: the time budget ran out`);

    const tau = fastestTimeConstant(s, openings, gasValve, liquidValve, geometry);
    const m = Math.max(1, Math.ceil(dt / (0.5 * tau)));
    if (m > maxSub) return stop(t, 'TOO_STIFF', `at t = ${t} s the fastest time constant of the vessel is ${tau.toPrecision(3)} s: a step of ${dt} s needs ${m} sub-steps (limit ${maxSub})`);
    const h = dt / m;
    for (let j = 0; j < m; j++) {
      const nc = s.n.length;
      const nPred = new Float64Array(nc);
      for (let i = 0; i < nc; i++) nPred[i] = s.n[i] + h * f0.dn[i];
      const tj = t + j * h;
      if (nPred.some((v) => !(v >= 0))) return stop(tj, 'STATE_ERROR', `at t = ${tj.toPrecision(6)} s a component would be drawn below zero in a sub-step of ${h.toPrecision(3)} s: use a smaller timeStep_seconds`);
      const pred = vesselState(model, nPred, s.U + h * f0.dU, geometry, { T: s.T, P: s.P }, spec.multiPhaseCheck);
      if (!pred.ok) return stop(tj, 'STATE_ERROR', `UV flash of the predicted state at t = ${tj.toPrecision(6)} s: ${pred.message}`);
      const f1: Rates = vesselRates(pred.snapshot, inflow, openings, gasValve, liquidValve, geometry);
      const nNew = new Float64Array(nc);
      for (let i = 0; i < nc; i++) nNew[i] = s.n[i] + 0.5 * h * (f0.dn[i] + f1.dn[i]);
      if (nNew.some((v) => !(v >= 0))) return stop(tj, 'STATE_ERROR', `at t = ${tj.toPrecision(6)} s a component would be drawn below zero: use a smaller timeStep_seconds`);
      const next = vesselState(model, nNew, s.U + 0.5 * h * (f0.dU + f1.dU), geometry, { T: pred.snapshot.T, P: pred.snapshot.P }, spec.multiPhaseCheck);
      if (!next.ok) return stop(tj + h, 'STATE_ERROR', `UV flash at t = ${(tj + h).toPrecision(6)} s: ${next.message}`);
      netMass += 0.5 * h * (f0.massIn - f0.gasMassOut - f0.liquidMassOut + f1.massIn - f1.gasMassOut - f1.liquidMassOut);
      netEnergy += 0.5 * h * (f0.enthalpyIn - f0.enthalpyOut + f1.enthalpyIn - f1.enthalpyOut);
      s = next.snapshot;
      out.substeps++;
      if (!s.gas) return stop(tj + h, 'VESSEL_LIQUID_FULL', `at t = ${(tj + h).toPrecision(6)} s the vessel holds no gas phase any more (liquid-full): its pressure is then set by liquid compressibility, which this model does not follow`);
      f0 = vesselRates(s, inflow, openings, gasValve, liquidValve, geometry);
    }
  }
  return out;
}
