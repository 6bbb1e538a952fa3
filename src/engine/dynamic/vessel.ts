/**
 * The state of a rigid, adiabatic separator vessel and the flows in and out of it.
 *
 * State: component amounts n (mol) and total internal energy U (J) in the fixed volume V (m3).
 * The thermodynamic state (T, P, phases) is the UV flash of (U, V, n) (../flash/uv-flash.ts):
 * the vessel is in phase equilibrium at every instant and well mixed within each phase. The gas
 * (phases labelled gas) leaves at the top, the liquid (every other phase, lumped as in the steady
 * two-phase Separator) at the bottom. The vessel is a vertical cylinder of height H with flat
 * ends, so the level (liquid height / H) is the liquid volume fraction; the liquid valve sees the
 * hydrostatic head ρ_L·g·level·H on top of the vessel pressure.
 *
 * Balances (no shaft work, rigid walls, no heat exchange with the surroundings):
 *   dn/dt = F_in·z_in − F_g·y − F_L·x,    dU/dt = F_in·h_in − F_g·h_g − F_L·h_L
 * with h the engine's molar enthalpies (ideal-gas datum at 273.15 K), consistent with
 * U = Σ N·β·(h − P·v_EOS) of the UV flash.
 */
import type { ThermoModel } from '../eos/types.js';
import { ResidualDerivatives } from '../eos/types.js';
import { phaseThermo } from '../properties/thermo.js';
import type { FlashErrorCode, FlashResult, PhaseState } from '../flash/phase-state.js';
import { flashUV } from '../flash/uv-flash.js';
import { gasValveFlow, liquidValveFlow, type GasValve, type LiquidValve } from './valves.js';

/** Standard gravity, m/s2 (CGPM 1901). */
const G = 9.80665;

/** The vessel's gas or its (lumped) liquid. */
export interface PhaseLump {
  /** mol held in the vessel. */
  moles: number;
  /** Mole fractions. */
  x: Float64Array;
  /** J/mol. */
  enthalpy: number;
  /** kg/mol. */
  molarMass: number;
  /** Reported (shifted) density, kg/m3. */
  density: number;
  /** m3 held. */
  volume: number;
  /** Cp/Cv. */
  gamma: number;
}

export interface VesselSnapshot {
  n: Float64Array;
  /** J, the state variable. */
  U: number;
  flash: FlashResult;
  T: number;
  P: number;
  /** kg, from the phases of the flash. */
  mass: number;
  /** J, N·u of the converged flash (equals U within the UV tolerance). */
  flashInternalEnergy: number;
  gas?: PhaseLump;
  liquid?: PhaseLump;
  /** Liquid volume / vessel volume. */
  level: number;
}

export interface VesselGeometry {
  /** m3. */
  volume: number;
  /** m, of the vertical cylinder. */
  height: number;
}

export type SnapshotOutcome = { ok: true; snapshot: VesselSnapshot } | { ok: false; code: FlashErrorCode; message: string };

/** The phases as one lump: composition, molar enthalpy, density, and amount/volume for N mol of contents. */
function lump(model: ThermoModel, r: FlashResult, phases: PhaseState[], N: number, scratch: ResidualDerivatives): PhaseLump | undefined {
  let beta = 0;
  for (const p of phases) beta += p.beta;
  if (!(beta > 0)) return undefined;
  const at = model.atTemperature(r.T);
  const x = new Float64Array(model.nc);
  let h = 0;
  let vol = 0;
  let cp = 0;
  let cv = 0;
  for (const p of phases) {
    const th = phaseThermo(model, at, r.P, p.x, p.V, scratch);
    const w = p.beta / beta;
    for (let i = 0; i < model.nc; i++) x[i] += w * p.x[i];
    h += w * th.enthalpy;
    vol += w * th.molarVolume;
    cp += w * th.cp;
    cv += w * th.cv;
  }
  let M = 0;
  for (let i = 0; i < model.nc; i++) M += x[i] * model.components[i].molarMass;
  const moles = N * beta;
  return { moles, x, enthalpy: h, molarMass: M, density: M / vol, volume: moles * vol, gamma: cp / cv };
}

/** Mass (kg) and internal energy (J) of N mol in the state r, from its phases. */
function contents(model: ThermoModel, r: FlashResult, N: number, scratch: ResidualDerivatives): { mass: number; U: number } {
  const at = model.atTemperature(r.T);
  let mass = 0;
  let u = 0;
  for (const p of r.phases) {
    let M = 0;
    for (let i = 0; i < model.nc; i++) M += p.x[i] * model.components[i].molarMass;
    mass += N * p.beta * M;
    u += p.beta * (phaseThermo(model, at, r.P, p.x, p.V, scratch).enthalpy - r.P * p.V);
  }
  return { mass, U: N * u };
}

/** The vessel's state for the amounts n and internal energy U; guess = the last state's T and P. */
export function vesselState(model: ThermoModel, n: Float64Array, U: number, geometry: VesselGeometry, guess: { T: number; P: number }, multiPhaseCheck: boolean): SnapshotOutcome {
  const uv = flashUV(model, U, geometry.volume, n, { T0: guess.T, P0: guess.P, multiPhaseCheck });
  if (!uv.ok) return uv;
  const r = uv.result;
  let N = 0;
  for (let i = 0; i < n.length; i++) N += n[i];
  const scratch = new ResidualDerivatives(model.nc);
  const gas = lump(model, r, r.phases.filter((p) => p.label === 'gas'), N, scratch);
  const liquid = lump(model, r, r.phases.filter((p) => p.label !== 'gas'), N, scratch);
  const c = contents(model, r, N, scratch);
  return {
    ok: true,
    snapshot: { n, U, flash: r, T: r.T, P: r.P, mass: c.mass, flashInternalEnergy: c.U, gas, liquid, level: liquid ? liquid.volume / geometry.volume : 0 },
  };
}

/**
 * Amounts and internal energy of a vessel of volume V filled with the equilibrium phases of a
 * state (the separator's feed at its steady state): liquid up to `level` of the volume, gas
 * above. Every point of one tie line flashes to the same phases at the same T and P, so this
 * holdup is in equilibrium at the feed's T and P whatever the level.
 */
export function holdupOf(model: ThermoModel, state: FlashResult, volume: number, level: number): { n: Float64Array; U: number } {
  const scratch = new ResidualDerivatives(model.nc);
  const gas = lump(model, state, state.phases.filter((p) => p.label === 'gas'), 1, scratch);
  const liquid = lump(model, state, state.phases.filter((p) => p.label !== 'gas'), 1, scratch);
  const n = new Float64Array(model.nc);
  let U = 0;
  const at = model.atTemperature(state.T);
  const fill = (phases: PhaseState[], lumpVolumePerMol: number, share: number) => {
    // mol of this lump that fill `share` of the vessel; each phase in proportion to its β.
    const moles = (share * volume) / lumpVolumePerMol;
    let beta = 0;
    for (const p of phases) beta += p.beta;
    for (const p of phases) {
      const m = (moles * p.beta) / beta;
      for (let i = 0; i < model.nc; i++) n[i] += m * p.x[i];
      U += m * (phaseThermo(model, at, state.P, p.x, p.V, scratch).enthalpy - state.P * p.V);
    }
  };
  const liquidShare = liquid ? (gas ? level : 1) : 0;
  if (gas) fill(state.phases.filter((p) => p.label === 'gas'), gas.volume / gas.moles, 1 - liquidShare);
  if (liquid && liquidShare > 0) fill(state.phases.filter((p) => p.label !== 'gas'), liquid.volume / liquid.moles, liquidShare);
  return { n, U };
}

export interface Inflow {
  /** mol/s (0 = no feed). */
  molarFlow: number;
  z: Float64Array;
  /** J/mol. */
  enthalpy: number;
  /** kg/mol. */
  molarMass: number;
}

export interface Openings {
  gas: number;
  liquid: number;
}

export interface Rates {
  dn: Float64Array;
  /** W. */
  dU: number;
  /** kg/s. */
  massIn: number;
  gasMassOut: number;
  liquidMassOut: number;
  /** W of enthalpy carried in and out. */
  enthalpyIn: number;
  enthalpyOut: number;
}

/** Liquid-valve inlet pressure: vessel pressure plus the liquid head. */
export function liquidValveInletPressure(s: VesselSnapshot, geometry: VesselGeometry): number {
  return s.liquid ? s.P + s.liquid.density * G * s.level * geometry.height : s.P;
}

/** Time derivatives of the state and the flows, with the valves at these openings. */
export function vesselRates(s: VesselSnapshot, inflow: Inflow, openings: Openings, gasValve: GasValve, liquidValve: LiquidValve, geometry: VesselGeometry): Rates {
  const nc = s.n.length;
  const dn = new Float64Array(nc);
  const gasMass = s.gas ? gasValveFlow(openings.gas * gasValve.cv, gasValve.xT, s.P, gasValve.downstreamPressure, s.gas.density, s.gas.gamma) : 0;
  const liquidMass = s.liquid ? s.liquid.density * liquidValveFlow(openings.liquid * liquidValve.cv, liquidValveInletPressure(s, geometry), liquidValve.downstreamPressure, s.liquid.density) : 0;
  const Fg = s.gas ? gasMass / s.gas.molarMass : 0;
  const Fl = s.liquid ? liquidMass / s.liquid.molarMass : 0;
  for (let i = 0; i < nc; i++) dn[i] = inflow.molarFlow * inflow.z[i] - (s.gas ? Fg * s.gas.x[i] : 0) - (s.liquid ? Fl * s.liquid.x[i] : 0);
  const enthalpyIn = inflow.molarFlow * inflow.enthalpy;
  const enthalpyOut = (s.gas ? Fg * s.gas.enthalpy : 0) + (s.liquid ? Fl * s.liquid.enthalpy : 0);
  return { dn, dU: enthalpyIn - enthalpyOut, massIn: inflow.molarFlow * inflow.molarMass, gasMassOut: gasMass, liquidMassOut: liquidMass, enthalpyIn, enthalpyOut };
}

/**
 * Estimate of the fastest time constant of the vessel, s, for choosing explicit sub-steps:
 * the pressure responds to the gas valve with 1/τ ≈ γ·(P/n_g)·∂W_g/∂P / M_g (gas hold-up over
 * the valve's flow sensitivity, adiabatic) and to the liquid valve with (γ·P/V_g)·∂Q_L/∂P (the
 * gas space grows as liquid leaves); the level to the head on the liquid valve with
 * ρ_L·g·∂Q_L/∂Δp / A. Derivatives by central differences of the valve equations at fixed
 * density-to-pressure ratio for the gas.
 */
export function fastestTimeConstant(s: VesselSnapshot, openings: Openings, gasValve: GasValve, liquidValve: LiquidValve, geometry: VesselGeometry): number {
  let rate = 0;
  const eps = 1e-4;
  if (s.gas && s.gas.moles > 0) {
    const g = s.gas;
    const c = openings.gas * gasValve.cv;
    const w = (f: number) => gasValveFlow(c, gasValve.xT, s.P * f, gasValve.downstreamPressure, g.density * f, g.gamma);
    const dWdP = (w(1 + eps) - w(1 - eps)) / (2 * eps * s.P);
    rate += (g.gamma * s.P * dWdP) / (g.moles * g.molarMass);
    if (s.liquid && g.volume > 0) {
      const l = s.liquid;
      const p1 = liquidValveInletPressure(s, geometry);
      const q = (dp: number) => liquidValveFlow(openings.liquid * liquidValve.cv, p1 + dp, liquidValve.downstreamPressure, l.density);
      const dQdP = (q(eps * s.P) - q(-eps * s.P)) / (2 * eps * s.P);
      rate += (g.gamma * s.P * dQdP) / g.volume;
      const area = geometry.volume / geometry.height;
      rate += (l.density * G * dQdP) / area;
    }
  }
  return rate > 0 && Number.isFinite(rate) ? 1 / rate : Infinity;
}
