/**
 * UV flash: the equilibrium state of a closed amount of material n (mol per component) with total
 * internal energy U (J) in a total volume V (m3): temperature, pressure and phases. This is the
 * state a rigid, adiabatic vessel is in (the dynamic separator of ../dynamic/).
 *
 * Internal energy of a phase is u = h − P·v_EOS, h the engine's enthalpy (ideal-gas datum
 * H0(273.15 K) = 0) and v_EOS the untranslated EOS volume the enthalpy belongs to: for a
 * Peneloux shift c the translated model has A'(T, v − c) = A(T, v), so u (unlike h) is the same
 * for the shifted and unshifted model (exactly for a T-independent c). The volume spec is the
 * *reported* (shifted) volume, as for flashTV, so a TP state's reported volume and u give it back.
 *
 * Method: an outer solve on T of g(T) = u(T) − u_spec, where u(T) is the internal energy of the TV
 * flash at (T, v_spec) (flashTV solves the pressure). At fixed volume u rises with T
 * ((∂u/∂T)_v = Cv > 0 in a stable single phase; in a multiphase state the phase change adds a
 * positive latent term), so the root is unique and a sign change brackets it:
 *  1. bracket: Newton steps from T0 (slope Cv, corrected for the temperature dependence of the
 *     volume shift), overshot by 20 % and limited to a factor 2 in T, until g changes sign or a
 *     temperature limit is reached (spec out of range → error);
 *  2. solve: safeguarded Newton inside the bracket (the search of temperature-solve.ts, shared with
 *     the PH/PS flash): the single-phase slope in one phase, the secant slope in a multiphase state,
 *     bisection when a step leaves the bracket or does not halve.
 * Converged at |g| ≤ 1e-9·max(|u|, 1000 J/mol). The TV flash is converged to 1e-10 in ln v, which
 * leaves a noise of ~(T(∂P/∂T)_v − P)·v·1e-10 in u (~1e-6 J/mol for a liquid): 1e-9 stays above
 * it, and corresponds to ~1e-8 K at the heat capacities met here. Each TV flash starts from the
 * pressure of the last one (warm start), so a step from a nearby state costs few TP flashes.
 * Non-convergence is returned as FLASH_NOT_CONVERGED with the bracket, never hidden.
 */
import type { ThermoModel } from '../eos/types.js';
import { ResidualDerivatives } from '../eos/types.js';
import { phaseThermo } from '../properties/thermo.js';
import type { FlashErrorCode, FlashResult } from './phase-state.js';
import { feedVolumeShift, flashTV } from './tv-flash.js';
import { STATE_FLASH_T_MAX, STATE_FLASH_T_MIN } from './temperature-range.js';
import { solveForTemperature, type PointOutcome, type TemperaturePoint } from './temperature-solve.js';

export interface UVFlashOptions {
  /** Initial temperature guess, K (default 298.15 K). */
  T0?: number;
  /** Initial pressure guess of the first TV flash, Pa (default: its ideal-gas guess). */
  P0?: number;
  /** Passed to every TP flash: look for a third phase. */
  multiPhaseCheck?: boolean;
}

export type UVFlashOutcome =
  | {
      ok: true;
      result: FlashResult;
      /** Molar internal energy of the state found, J/mol (within the tolerance of the spec). */
      internalEnergy: number;
      /** TV flashes the solve took. */
      tvFlashes: number;
    }
  | { ok: false; code: FlashErrorCode; message: string };

const DEFAULT_T0 = 298.15;
const RELATIVE_TOLERANCE = 1e-9;
const T_COLLAPSE = 1e-12;
/** Relative moves of the initial guess when the TV flash fails there. */
const START_OFFSETS = [0.02, -0.02, 0.1, -0.1];

/** Σβ·(h − P·v_EOS) of a flash result: molar internal energy, J/mol of feed (engine datum). */
export function molarInternalEnergy(model: ThermoModel, r: FlashResult, scratch?: ResidualDerivatives): number {
  const at = model.atTemperature(r.T);
  const s = scratch ?? new ResidualDerivatives(model.nc);
  let u = 0;
  for (const p of r.phases) u += p.beta * (phaseThermo(model, at, r.P, p.x, p.V, s).enthalpy - r.P * p.V);
  return u;
}

/** (∂u/∂T) at the reported volume as the slope: exact in one phase, too shallow in several. */
type Point = TemperaturePoint;

const fail = (code: FlashErrorCode, message: string): UVFlashOutcome => ({ ok: false, code, message });

/**
 * UV flash of the amounts n (mol) with internal energy U (J, engine datum) in volume V (m3,
 * reported volume); see the module comment.
 */
export function flashUV(model: ThermoModel, U: number, V: number, n: ArrayLike<number>, options: UVFlashOptions = {}): UVFlashOutcome {
  if (n.length !== model.nc) return fail('FLASH_ERROR', `the amounts have ${n.length} entries for ${model.nc} components`);
  let N = 0;
  for (let i = 0; i < n.length; i++) {
    if (!(n[i] >= 0) || !Number.isFinite(n[i])) return fail('FLASH_ERROR', `amount of component ${i + 1} must be a finite number ≥ 0 mol, got ${n[i]}`);
    N += n[i];
  }
  if (!(N > 0)) return fail('FLASH_ERROR', 'the total amount must be positive');
  if (!(V > 0) || !Number.isFinite(V)) return fail('FLASH_ERROR', `the volume must be a positive finite number of m3, got ${V}`);
  if (!Number.isFinite(U)) return fail('FLASH_ERROR', `the internal energy must be a finite number of J, got ${U}`);
  const z = new Float64Array(model.nc);
  for (let i = 0; i < model.nc; i++) z[i] = n[i] / N;
  const u = U / N;
  const v = V / N;
  const T0 = Math.min(STATE_FLASH_T_MAX, Math.max(STATE_FLASH_T_MIN, options.T0 !== undefined && options.T0 > 0 && Number.isFinite(options.T0) ? options.T0 : DEFAULT_T0));
  const tol = RELATIVE_TOLERANCE * Math.max(Math.abs(u), 1000);
  const scratch = new ResidualDerivatives(model.nc);
  const multiPhaseCheck = options.multiPhaseCheck ?? false;
  let lastP = options.P0 !== undefined && options.P0 > 0 && Number.isFinite(options.P0) ? options.P0 : undefined;
  let tvFlashes = 0;

  const evaluate = (T: number): PointOutcome => {
    tvFlashes++;
    const tv = flashTV(model, T, v, z, { multiPhaseCheck, ...(lastP !== undefined ? { P0: lastP } : {}) });
    if (!tv.ok) return tv;
    const r = tv.result;
    lastP = r.P;
    const at = model.atTemperature(T);
    let uT = 0;
    let cv = 0;
    let dudv = 0;
    for (const p of r.phases) {
      const th = phaseThermo(model, at, r.P, p.x, p.V, scratch);
      uT += p.beta * (th.enthalpy - r.P * p.V);
      cv += p.beta * th.cv;
      dudv += p.beta * (T * th.dPdT - r.P);
    }
    // At a fixed reported volume the EOS volume moves with the shift c(T): du = Cv dT + (∂u/∂v)_T dc.
    const dT = 1e-4 * T;
    const dcdT = model.usesVolumeShift ? (feedVolumeShift(model, T + dT, z) - feedVolumeShift(model, T - dT, z)) / (2 * dT) : 0;
    if (!Number.isFinite(uT)) return { ok: false, code: 'FLASH_ERROR', message: `the internal energy is not finite at T = ${T} K` };
    return { ok: true, point: { T, f: uT - u, slope: cv + dudv * dcdT, result: r } };
  };
  const done = (p: Point): UVFlashOutcome => ({ ok: true, result: { ...p.result, iterations: tvFlashes, method: `UV: ${tvFlashes} TV flashes (${p.result.method})` }, internalEnergy: p.f + u, tvFlashes });
  const describe = (p: Point) => `${(p.f + u).toPrecision(10)} J/mol at ${p.T.toFixed(4)} K, ${(p.result.P / 1e5).toPrecision(6)} bara`;

  return solveForTemperature(evaluate, {
    label: 'UV flash',
    inner: 'TV flash',
    T0,
    tol,
    minStep: (T) => 1e-6 * T,
    startOffsets: START_OFFSETS,
    collapse: T_COLLAPSE,
    describe: (p) => `${describe(p)}, spec ${u} J/mol`,
    beyondLimit: (p, up) => `UV flash: the internal energy ${u} J/mol is ${up ? 'above' : 'below'} the energy at the temperature limit (${describe(p)}) at ${v} m3/mol`,
    residualUnit: 'J/mol',
    done: (p) => done(p),
    fail,
    collapsed: (lo, hi) => {
      const best = Math.abs(lo.f) <= Math.abs(hi.f) ? lo : hi;
      if (Math.abs(best.f) <= 100 * tol) return done(best);
      return fail('FLASH_NOT_CONVERGED', `UV flash: the internal energy jumps from ${describe(lo)} to ${describe(hi)} at constant volume (${lo.result.phases.length} vs ${hi.result.phases.length} phases), a phase change the TV flash does not resolve here`);
    },
  });
}
