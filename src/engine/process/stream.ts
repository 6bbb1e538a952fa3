/**
 * A material stream of a flowsheet: a fluid (model + component list), a molar flow and the
 * equilibrium state it is in. Streams are immutable values; unit operations make new ones.
 * Flows are in mol/s, T in K, P in Pa, H in J/mol, S in J/(mol·K) of the stream (engine datum).
 */
import type { AlphaFunctionName } from '../eos/alpha.js';
import type { ThermoModel } from '../eos/types.js';
import type { ComponentData } from '../components/types.js';
import { createFluid, type FluidModelName, type ModelOptions } from '../models.js';
import { flashTP } from '../flash/tp-flash.js';
import { flashEnthalpy, flashEntropy, flashPH, flashPS } from '../flash/state-flash.js';
import type { FlashErrorCode, FlashOutcome, FlashResult, PhaseState } from '../flash/phase-state.js';

/** The equations of state a process fluid can use: every registered model. */
export type ProcessModelKind = FluidModelName;

/** The fluid a stream is made of. Streams of one fluid share the model object. */
export interface ProcessFluid {
  kind: ProcessModelKind;
  model: ThermoModel;
  /** Look for a third (aqueous / second liquid) phase in every flash of this fluid. */
  multiPhaseCheck: boolean;
  /** How the model was built (alpha function, UMR-PRU mixing rule), so a mixer's fluid is built alike. */
  options?: ModelOptions;
}

export interface StreamState {
  fluid: ProcessFluid;
  /** Overall mole fractions. */
  z: Float64Array;
  /** mol/s; > 0. */
  molarFlow: number;
  /** The equilibrium state (T, P, phases). */
  flash: FlashResult;
  /** J/mol of stream. */
  enthalpy: number;
  /** J/(mol·K) of stream. */
  entropy: number;
  /** kg/mol. */
  molarMass: number;
}

export type ProcessErrorCode = FlashErrorCode | 'PROCESS_ERROR' | 'NO_FLOW' | 'INCOMPATIBLE_FLUIDS' | 'RECYCLE_NOT_CONVERGED' | 'COLUMN_NOT_CONVERGED';

export interface ProcessFailure {
  ok: false;
  code: ProcessErrorCode;
  message: string;
  /** The unit that failed, when known. */
  unit?: string;
}

export type StreamOutcome = { ok: true; stream: StreamState } | ProcessFailure;

/**
 * A process fluid of any registered model (../models.ts). `alphaFunction` (SRK/PR only, default
 * classic) as in createCubicFluid; components without its parameters keep the classic alpha (the
 * caller warns, see hasAlphaParameters). `options.umrAttraction` selects UMR-PRU's mixing rule.
 */
export function createProcessFluid(kind: ProcessModelKind, components: readonly ComponentData[], multiPhaseCheck: boolean, alphaFunction: AlphaFunctionName = 'classic', options: Omit<ModelOptions, 'alphaFunction'> = {}): ProcessFluid {
  const { model } = createFluid(kind, components, new Float64Array(components.length).fill(1), alphaFunction, options);
  return { kind, model, multiPhaseCheck, options: { ...options, alphaFunction } };
}

export function overallMolarMass(model: ThermoModel, z: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < model.nc; i++) m += z[i] * model.components[i].molarMass;
  return m;
}

function fromFlash(fluid: ProcessFluid, z: Float64Array, molarFlow: number, out: FlashOutcome): StreamOutcome {
  if (!out.ok) return out;
  const model = fluid.model;
  return {
    ok: true,
    stream: { fluid, z, molarFlow, flash: out.result, enthalpy: flashEnthalpy(model, out.result), entropy: flashEntropy(model, out.result), molarMass: overallMolarMass(model, z) },
  };
}

export function streamAtTP(fluid: ProcessFluid, z: Float64Array, molarFlow: number, T: number, P: number): StreamOutcome {
  return fromFlash(fluid, z, molarFlow, flashTP(fluid.model, T, P, z, { multiPhaseCheck: fluid.multiPhaseCheck }));
}

/** Equilibrium state at pressure P with molar enthalpy H; T0 is the starting guess. */
export function streamAtPH(fluid: ProcessFluid, z: Float64Array, molarFlow: number, P: number, H: number, T0: number): StreamOutcome {
  return fromFlash(fluid, z, molarFlow, flashPH(fluid.model, P, H, z, { T0, multiPhaseCheck: fluid.multiPhaseCheck }));
}

/** Equilibrium state at pressure P with molar entropy S; T0 is the starting guess. */
export function streamAtPS(fluid: ProcessFluid, z: Float64Array, molarFlow: number, P: number, S: number, T0: number): StreamOutcome {
  return fromFlash(fluid, z, molarFlow, flashPS(fluid.model, P, S, z, { T0, multiPhaseCheck: fluid.multiPhaseCheck }));
}

export const massFlow = (s: StreamState): number => s.molarFlow * s.molarMass;
export const temperature = (s: StreamState): number => s.flash.T;
export const pressure = (s: StreamState): number => s.flash.P;

/** The same stream with its flow scaled (state unchanged). */
export function scaledStream(s: StreamState, factor: number): StreamState {
  return { ...s, molarFlow: s.molarFlow * factor };
}

/**
 * The part of a stream made of some of its phases, at the same T and P, without a new flash:
 * the phases are already in equilibrium with each other, so the sub-stream is too (a separator
 * outlet). Returns undefined when the selected phases carry no material.
 */
export function phaseSubstream(s: StreamState, phases: readonly PhaseState[]): StreamState | undefined {
  let beta = 0;
  for (const p of phases) beta += p.beta;
  if (!(beta > 0) || phases.length === 0) return undefined;
  const model = s.fluid.model;
  const nc = model.nc;
  const z = new Float64Array(nc);
  for (const p of phases) for (let i = 0; i < nc; i++) z[i] += (p.beta / beta) * p.x[i];
  const sub: PhaseState[] = phases.map((p) => ({ ...p, beta: p.beta / beta }));
  const flash: FlashResult = { ...s.flash, z, phases: sub, method: `${s.flash.method}; phase cut` };
  return { fluid: s.fluid, z, molarFlow: s.molarFlow * beta, flash, enthalpy: flashEnthalpy(model, flash), entropy: flashEntropy(model, flash), molarMass: overallMolarMass(model, z) };
}

/**
 * Re-expresses a stream in another fluid whose component list contains all of the stream's
 * components (for mixing streams of different fluids). The new fluid must use the same EOS.
 */
export function mapComposition(s: StreamState, target: ProcessFluid): Float64Array | undefined {
  const z = new Float64Array(target.model.nc);
  const index = new Map(target.model.components.map((c, i) => [c.name, i]));
  const from = s.fluid.model.components;
  for (let i = 0; i < from.length; i++) {
    const j = index.get(from[i].name);
    if (j === undefined) return undefined;
    z[j] += s.z[i];
  }
  return z;
}
