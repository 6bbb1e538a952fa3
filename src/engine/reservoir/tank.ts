/**
 * A tank reservoir: the zero-dimensional material balance of a closed, volumetric reservoir at
 * constant temperature. The hydrocarbon pore volume is fixed (rock and connate water are taken as
 * incompressible, no aquifer influx), so after each withdrawal the pressure and phase split are
 * those of a TV flash of what is left in that volume. This is the model behind the p/z method of
 * gas reservoirs and the constant-volume depletion of gas condensates, solved here with the full
 * EOS instead of a z-factor correlation.
 *
 * Withdrawals: each producer takes one phase (gas or oil) at a rate given either as standard gas
 * volume (ideal gas at 15 °C and 1 atm, the service's Sm3) or as stock-tank oil volume (the liquid
 * the produced stream leaves after one flash to 15 °C and 1 atm). When the tank holds one phase,
 * every producer takes that phase. Over a step the produced phases change composition, so each
 * step is a midpoint (second-order) step: the compositions are those of the state half a step on.
 *
 * Everything is pure: the state holds plain arrays, no model state is kept between calls.
 */
import { R, T_STANDARD, P_STANDARD } from '../eos/constants.js';
import type { ThermoModel } from '../eos/types.js';
import type { FlashResult, PhaseState } from '../flash/phase-state.js';
import { flashTP } from '../flash/tp-flash.js';
import { feedVolumeShift, flashTV } from '../flash/tv-flash.js';

/** m3 per mol of ideal gas at 15 °C and 1 atm (the Sm3 of rates and gas in place). */
export const STD_GAS_MOLAR_VOLUME = (R * T_STANDARD) / P_STANDARD;

export type ReservoirPhase = 'gas' | 'oil';
/** How a producer's rate is measured: standard gas volume or stock-tank oil volume, m3/s. */
export type RateBasis = 'standardGas' | 'stockTankOil';

export interface TankProducer {
  phase: ReservoirPhase;
  basis: RateBasis;
  /** m3/s in the basis. */
  rate: number;
}

export interface TankState {
  T: number;
  /** Fixed hydrocarbon pore volume, m3. */
  volume: number;
  /** Moles of each component in the tank. */
  moles: Float64Array;
  totalMoles: number;
  flash: FlashResult;
}

export type TankOutcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/** Molar volume of a phase as a TP flash reports it (Peneloux-shifted for the cubics), m3/mol. */
export function reportedMolarVolume(model: ThermoModel, T: number, phase: PhaseState): number {
  return phase.V - feedVolumeShift(model, T, phase.x);
}

/** m3 of stock-tank liquid per mol of a fluid of composition x (one flash to 15 °C, 1 atm). */
export function stockTankOilPerMole(model: ThermoModel, x: ArrayLike<number>): TankOutcome<number> {
  const out = flashTP(model, T_STANDARD, P_STANDARD, x);
  if (!out.ok) return { ok: false, code: out.code, message: `flash to stock-tank conditions: ${out.message}` };
  let v = 0;
  for (const p of out.result.phases) if (p.label !== 'gas') v += p.beta * reportedMolarVolume(model, T_STANDARD, p);
  return { ok: true, value: v };
}

/** The phase a producer draws: its own phase when there are several, else the only one. */
export function producedPhase(flash: FlashResult, phase: ReservoirPhase): PhaseState | undefined {
  if (flash.phases.length === 1) return flash.phases[0];
  return phase === 'gas' ? flash.phases.find((p) => p.label === 'gas') : flash.phases.find((p) => p.label === 'oil');
}

/** Moles in the tank of the phase labelled `phase` (0 when absent; a single phase counts as its label). */
export function phaseMoles(state: TankState, phase: ReservoirPhase): { moles: number; phase?: PhaseState } {
  const p = state.flash.phases.find((q) => (phase === 'gas' ? q.label === 'gas' : q.label !== 'gas'));
  return p === undefined ? { moles: 0 } : { moles: p.beta * state.totalMoles, phase: p };
}

/** An amount of one phase in the tank at the initial state. */
export type PhaseAmount = { standardVolume: number } | { reservoirVolume: number };

/**
 * The tank at its initial (T, P): the feed is flashed and each phase is filled to the given
 * amount (standard volume in the phase's basis, or volume in the reservoir). A phase without an
 * amount is left out; when the feed is one phase, the one amount given sizes it.
 */
export function initialTank(model: ThermoModel, T: number, P: number, z: ArrayLike<number>, amounts: { gas?: PhaseAmount; oil?: PhaseAmount }): TankOutcome<TankState> {
  const out = flashTP(model, T, P, z);
  if (!out.ok) return { ok: false, code: out.code, message: `flash at the initial reservoir conditions: ${out.message}` };
  const phases = out.result.phases;
  const given = (['gas', 'oil'] as const).filter((k) => amounts[k] !== undefined);
  if (given.length === 0) return { ok: false, code: 'MISSING_IN_PLACE', message: 'no gas or oil amount in place was given' };
  if (phases.length === 1 && given.length > 1) {
    return { ok: false, code: 'SINGLE_PHASE_RESERVOIR', message: `at the initial conditions the fluid is one phase (${phases[0]!.label}); give one amount in place, not a gas and an oil amount` };
  }
  const moles = new Float64Array(model.nc);
  let volume = 0;
  for (const kind of given) {
    const phase = phases.length === 1 ? phases[0]! : phases.find((p) => (kind === 'gas' ? p.label === 'gas' : p.label === 'oil'));
    if (phase === undefined) {
      return { ok: false, code: 'PHASE_NOT_PRESENT', message: `an initial ${kind} amount was given but at the initial conditions the fluid has no ${kind} phase (phases: ${phases.map((p) => p.label).join(', ')})` };
    }
    const amount = amounts[kind]!;
    const vRes = reportedMolarVolume(model, T, phase);
    let n: number;
    if ('reservoirVolume' in amount) n = amount.reservoirVolume / vRes;
    else if (kind === 'gas') n = amount.standardVolume / STD_GAS_MOLAR_VOLUME;
    else {
      const st = stockTankOilPerMole(model, phase.x);
      if (!st.ok) return st;
      if (!(st.value > 0)) return { ok: false, code: 'NO_STOCK_TANK_OIL', message: 'the reservoir oil leaves no liquid at 15 °C and 1 atm, so a stock-tank oil volume cannot size it' };
      n = amount.standardVolume / st.value;
    }
    for (let i = 0; i < model.nc; i++) moles[i] += n * phase.x[i]!;
    volume += n * vRes;
  }
  const total = moles.reduce((a, b) => a + b, 0);
  if (!(total > 0) || !(volume > 0)) return { ok: false, code: 'MISSING_IN_PLACE', message: 'the amounts in place are zero' };
  // The tank's own state (its overall composition may differ from the feed's when only some
  // phases are filled, but its phases are the feed's equilibrium phases at (T, P)).
  return stateAt(model, T, volume, moles, P);
}

/** The tank holding `moles` in `volume` at T: a TV flash, warm-started at P0. */
export function stateAt(model: ThermoModel, T: number, volume: number, moles: Float64Array, P0?: number): TankOutcome<TankState> {
  let total = 0;
  for (const n of moles) total += n;
  const z = new Float64Array(moles.length);
  for (let i = 0; i < z.length; i++) z[i] = moles[i]! / total;
  const out = flashTV(model, T, volume / total, z, P0 === undefined ? {} : { P0 });
  if (!out.ok) return { ok: false, code: out.code, message: out.message };
  return { ok: true, value: { T, volume, moles, totalMoles: total, flash: out.result } };
}

/** Moles a producer takes in `seconds` from a tank in `state`, or why it cannot. */
function producerWithdrawal(model: ThermoModel, state: TankState, producer: TankProducer, seconds: number): TankOutcome<{ moles: number; x: Float64Array }> {
  const phase = producedPhase(state.flash, producer.phase);
  if (phase === undefined) return { ok: true, value: { moles: 0, x: new Float64Array(model.nc) } };
  let perMole = STD_GAS_MOLAR_VOLUME;
  if (producer.basis === 'stockTankOil') {
    const st = stockTankOilPerMole(model, phase.x);
    if (!st.ok) return st;
    if (!(st.value > 0)) return { ok: false, code: 'NO_STOCK_TANK_OIL', message: 'the produced stream leaves no liquid at stock-tank conditions, so an oil rate cannot be met' };
    perMole = st.value;
  }
  return { ok: true, value: { moles: (producer.rate * seconds) / perMole, x: phase.x } };
}

export interface StepResult {
  state: TankState;
  /** Moles each producer took over the step. */
  produced: number[];
  /** Per producer, the composition it took (the midpoint state's phase). */
  compositions: Float64Array[];
}

/**
 * One midpoint step of `seconds`: withdrawals over half the step give the midpoint state, whose
 * produced phases are then taken over the whole step. Fails when a TV flash fails or the tank
 * would run out of a component (the caller shortens the step).
 */
export function depletionStep(model: ThermoModel, state: TankState, producers: readonly TankProducer[], seconds: number): TankOutcome<StepResult> {
  // Withdrawals at the rates and phase compositions of `from`, taken out of the step's start state.
  const take = (from: TankState, dt: number): TankOutcome<{ moles: Float64Array; produced: number[]; compositions: Float64Array[] }> => {
    const left = Float64Array.from(state.moles);
    const produced: number[] = [];
    const compositions: Float64Array[] = [];
    for (const p of producers) {
      const w = producerWithdrawal(model, from, p, dt);
      if (!w.ok) return w;
      produced.push(w.value.moles);
      compositions.push(w.value.x);
      for (let i = 0; i < left.length; i++) left[i] -= w.value.moles * w.value.x[i]!;
    }
    for (let i = 0; i < left.length; i++) {
      if (!(left[i]! >= 0)) return { ok: false, code: 'TANK_EXHAUSTED', message: `the withdrawals exceed what the tank holds of ${model.components[i]!.name}` };
    }
    return { ok: true, value: { moles: left, produced, compositions } };
  };
  const half = take(state, seconds / 2);
  if (!half.ok) return half;
  const mid = stateAt(model, state.T, state.volume, half.value.moles, state.flash.P);
  if (!mid.ok) return mid;
  const full = take(mid.value, seconds);
  if (!full.ok) return full;
  const end = stateAt(model, state.T, state.volume, full.value.moles, mid.value.flash.P);
  if (!end.ok) return end;
  return { ok: true, value: { state: end.value, produced: full.value.produced, compositions: full.value.compositions } };
}

export interface LimitedStep {
  step: StepResult;
  /** Fraction of the step taken (1 unless the limit was reached). */
  fraction: number;
  limitReached: boolean;
}

/**
 * A step that stops at the abandonment pressure: when the full step would end below `pMin` (or
 * exhaust a component), the fraction of it that ends at `pMin` is found by bisection (the
 * pressure falls monotonically with the amount withdrawn). Relative tolerance 1e-9 in pressure.
 */
export function depletionStepToLimit(model: ThermoModel, state: TankState, producers: readonly TankProducer[], seconds: number, pMin: number): TankOutcome<LimitedStep> {
  const full = depletionStep(model, state, producers, seconds);
  if (full.ok && full.value.state.flash.P >= pMin) return { ok: true, value: { step: full.value, fraction: 1, limitReached: false } };
  if (!full.ok && full.code !== 'TANK_EXHAUSTED') return full;
  let lo = 0;
  let hi = 1;
  let best: StepResult | undefined;
  for (let k = 0; k < 100 && hi - lo > 1e-15; k++) {
    const f = (lo + hi) / 2;
    const s = depletionStep(model, state, producers, seconds * f);
    if (!s.ok && s.code !== 'TANK_EXHAUSTED') return s;
    if (s.ok && s.value.state.flash.P >= pMin) {
      lo = f;
      best = s.value;
      if (s.value.state.flash.P - pMin <= 1e-9 * pMin) break;
    } else hi = f;
  }
  if (best === undefined) return { ok: true, value: { step: { state, produced: producers.map(() => 0), compositions: producers.map(() => new Float64Array(model.nc)) }, fraction: 0, limitReached: true } };
  return { ok: true, value: { step: best, fraction: lo, limitReached: true } };
}
