/**
 * TV flash: the equilibrium state at temperature T whose molar volume (per mole of feed) equals a
 * spec, i.e. the pressure solved over the TP flash.
 *
 * The spec is the *reported* molar volume, the one a TP flash reports (Peneloux-shifted for the
 * cubics), so a volume read from a TP result gives that state back. The shift of each phase is
 * Σ x_i c_i(T), linear in composition, so the shift of the β-weighted total is Σ z_i c_i(T) for
 * any phase split: the solve runs on the EOS volume with the spec moved by that constant.
 * (The original's TVflash takes the untranslated EOS volume; a user comparing with it must add
 * the shift.)
 *
 * At fixed T the equilibrium volume falls as P rises ((∂V/∂P)_T < 0 in every stable state, and
 * the phase split only adds to the fall), so the root is unique. Solved on u = ln P with
 * f(u) = ln(V(P) / V_spec), which is near-linear for gases (V ≈ RT/P) and still monotone for
 * liquids:
 *  1. bracket: Newton steps from P0 (slope (P/V)·Σβ·(∂V/∂P)_T), at most a factor 10 in P each,
 *     until f changes sign or a pressure limit is reached (spec out of range → error);
 *  2. solve: safeguarded Newton inside the bracket, the secant slope when the state is
 *     multiphase (Σβ·∂V/∂P misses the phase-change term), bisection when a step leaves the bracket
 *     or does not halve. Converged at |f| ≤ 1e-10 (relative volume).
 *
 * A pure component below its critical temperature has a jump in V at its vapour pressure, which
 * the TP flash (one phase either side) cannot resolve: a spec between the saturated liquid and
 * vapour volumes is the two-phase state at the vapour pressure, the vapour fraction by the lever
 * rule on V; a spec outside searches only the side it lies on. For a mixture a jump (a three-phase
 * pressure of a binary at this T) is reported as not converged, never papered over.
 */
import type { ThermoModel } from '../eos/types.js';
import { DerivLevel, ResidualDerivatives } from '../eos/types.js';
import { R } from '../eos/constants.js';
import { makePhase, orderByDensity, type FlashErrorCode, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { flashTP } from './tp-flash.js';
import { pureSaturationPressure } from './saturation.js';
import { wilsonK } from './fugacity.js';

export interface TVFlashOptions {
  /** Initial pressure guess, Pa (default: the ideal-gas pressure of the spec volume). */
  P0?: number;
  /** Passed to every TP flash: look for a third phase. */
  multiPhaseCheck?: boolean;
}

/** Pressure range searched for the state, Pa (1 Pa … 10 000 bar). */
export const TV_FLASH_P_MIN = 1;
export const TV_FLASH_P_MAX = 1e9;
const MAX_BRACKET_STEPS = 60;
const MAX_SOLVE_STEPS = 200;
/** Largest step in ln P while bracketing (a factor 10 in P). */
const MAX_LN_STEP = Math.log(10);
const TOLERANCE = 1e-10;
/** Width in ln P below which the bracket is taken as collapsed. */
const U_COLLAPSE = 1e-12;
const RETRY_FRACTIONS = [0.5, 0.3, 0.7, 0.1, 0.9];

interface Point {
  u: number;
  /** ln(V / V_spec), EOS volumes per mole of feed. */
  f: number;
  /** df/du from Σβ·(∂V/∂P)_T: exact in one phase, too shallow in several. */
  slope: number;
  result: FlashResult;
}

type Evaluation = { ok: true; point: Point } | { ok: false; code: FlashErrorCode; message: string };

function fail(code: FlashErrorCode, message: string): FlashOutcome {
  return { ok: false, code, message };
}

const clampU = (u: number) => Math.min(Math.log(TV_FLASH_P_MAX), Math.max(Math.log(TV_FLASH_P_MIN), u));

/** Σ z_i c_i(T): the volume shift of any state of the feed, m3/mol (0 without a shift). */
export function feedVolumeShift(model: ThermoModel, T: number, z: ArrayLike<number>): number {
  if (!model.usesVolumeShift) return 0;
  let s = 0;
  for (let i = 0; i < model.nc; i++) if (z[i] > 0) s += z[i] * model.volumeShift(i, T);
  return s;
}

/**
 * TV flash at temperature T (K) for the reported molar volume v (m3/mol of feed, Peneloux-shifted
 * as a TP flash reports it); see the module comment.
 */
export function flashTV(model: ThermoModel, T: number, v: number, zIn: ArrayLike<number>, options: TVFlashOptions = {}): FlashOutcome {
  if (!(T > 0) || !Number.isFinite(T)) return fail('FLASH_ERROR', `temperature must be a positive finite number of kelvin, got ${T}`);
  if (!(v > 0) || !Number.isFinite(v)) return fail('FLASH_ERROR', `the molar volume must be a positive finite number of m3/mol, got ${v}`);
  if (zIn.length !== model.nc) return fail('FLASH_ERROR', `composition has ${zIn.length} entries for ${model.nc} components`);
  const vEos = v + feedVolumeShift(model, T, zIn);
  const at = model.atTemperature(T);
  const b = at.covolume(zIn);
  if (!(vEos > b)) {
    return fail('FLASH_ERROR', `TV flash: the molar volume ${v} m3/mol is at or below the smallest volume the ${model.name} model allows for this feed (${(b - (vEos - v)).toPrecision(6)} m3/mol, the co-volume): no pressure gives it`);
  }
  const P0raw = options.P0 ?? (R * T) / vEos;
  if (!(P0raw > 0) || !Number.isFinite(P0raw)) return fail('FLASH_ERROR', `the initial pressure must be a positive finite number of pascal, got ${P0raw}`);
  const flashOptions = { multiPhaseCheck: options.multiPhaseCheck ?? false };
  let uMin = Math.log(TV_FLASH_P_MIN);
  let uMax = Math.log(TV_FLASH_P_MAX);
  if (model.nc === 1) {
    const sat = insidePureDome(model, T, vEos, v);
    if (sat.kind === 'two-phase') return { ok: true, result: sat.result };
    if (sat.kind === 'vapour') uMax = sat.uSat;
    if (sat.kind === 'liquid') uMin = sat.uSat;
    if (sat.kind === 'failed') return fail(sat.code, sat.message);
  }
  const scratch = new ResidualDerivatives(model.nc);
  let flashes = 0;

  const evaluate = (u: number): Evaluation => {
    flashes++;
    const P = Math.exp(u);
    const out = flashTP(model, T, P, zIn, flashOptions);
    if (!out.ok) return out;
    let V = 0;
    let dVdP = 0;
    for (const p of out.result.phases) {
      V += p.beta * p.V;
      at.residual(p.V, p.x, DerivLevel.Caloric, scratch);
      const dPdV = -R * T * (scratch.F_VV + 1 / (p.V * p.V));
      dVdP += p.beta / dPdV;
    }
    if (!(V > 0) || !Number.isFinite(V)) return { ok: false, code: 'FLASH_ERROR', message: `the molar volume is not a positive finite number at P = ${P} Pa` };
    return { ok: true, point: { u, f: Math.log(V / vEos), slope: (P / V) * dVdP, result: out.result } };
  };
  const done = (p: Point, note: string): FlashOutcome =>
    p.slope < 0
      ? { ok: true, result: { ...p.result, iterations: flashes, method: `TV: ${note}, ${flashes} TP flashes (${p.result.method})` } }
      : fail('FLASH_ERROR', `TV flash: the state found at ${Math.exp(p.u)} Pa is mechanically unstable ((∂V/∂P)_T ≥ 0); the volume spec is outside the model's valid range`);
  const describe = (p: Point) => `${(Math.exp(p.f) * vEos - (vEos - v)).toPrecision(8)} m3/mol at ${Math.exp(p.u).toPrecision(6)} Pa`;

  let first = evaluate(Math.min(uMax, Math.max(uMin, Math.log(P0raw))));
  for (const k of [0.1, -0.1, 0.5, -0.5]) {
    if (first.ok) break;
    first = evaluate(Math.min(uMax, Math.max(uMin, Math.log(P0raw) + k)));
  }
  if (!first.ok) return fail(first.code, `TV flash: TP flash at the initial pressure ${P0raw} Pa and near it failed: ${first.message}`);
  let cur = first.point;
  if (Math.abs(cur.f) <= TOLERANCE) return done(cur, 'initial guess');

  // 1. Bracket the root: f > 0 (volume too large) needs a higher pressure.
  let lo: Point | undefined = cur.f > 0 ? cur : undefined; // lower pressure side
  let hi: Point | undefined = cur.f < 0 ? cur : undefined; // higher pressure side
  for (let step = 0; !(lo && hi); step++) {
    if (step >= MAX_BRACKET_STEPS) return fail('FLASH_NOT_CONVERGED', `TV flash: no pressure bracket found in ${MAX_BRACKET_STEPS} steps (last ${describe(cur)}, spec ${v} m3/mol)`);
    const up = cur.f > 0;
    const limit = up ? uMax : uMin;
    if (cur.u === limit) {
      return fail(
        'FLASH_ERROR',
        up
          ? `TV flash: the volume spec ${v} m3/mol is below the volume at the highest pressure searched (${describe(cur)}) at ${T} K`
          : `TV flash: the volume spec ${v} m3/mol is above the volume at the lowest pressure searched (${describe(cur)}) at ${T} K`,
      );
    }
    const newton = cur.slope < 0 && Number.isFinite(cur.slope) ? (1.2 * Math.abs(cur.f)) / -cur.slope : MAX_LN_STEP;
    const stepU = Math.min(Math.max(newton, 1e-6), MAX_LN_STEP);
    let target = Math.min(uMax, Math.max(uMin, up ? cur.u + stepU : cur.u - stepU));
    let next = evaluate(target);
    for (let k = 0; !next.ok && k < 6; k++) {
      target = 0.5 * (target + cur.u);
      next = evaluate(target);
    }
    if (!next.ok) return fail(next.code, `TV flash: TP flash failed near ${Math.exp(target).toPrecision(6)} Pa while bracketing: ${next.message}`);
    cur = next.point;
    if (Math.abs(cur.f) <= TOLERANCE) return done(cur, 'converged while bracketing');
    if (cur.f > 0) lo = cur;
    else hi = cur;
  }

  // 2. Safeguarded Newton / secant inside [lo, hi] (f falls from lo to hi).
  let prev: Point | undefined;
  let stepOld = hi.u - lo.u;
  let step = stepOld;
  for (let it = 0; it < MAX_SOLVE_STEPS; it++) {
    if (hi.u - lo.u <= U_COLLAPSE * Math.max(1, Math.abs(hi.u))) {
      const best = Math.abs(lo.f) <= Math.abs(hi.f) ? lo : hi;
      if (Math.abs(best.f) <= 100 * TOLERANCE) return done(best, 'converged in P within round-off');
      return fail(
        'FLASH_NOT_CONVERGED',
        `TV flash: the volume jumps from ${describe(lo)} to ${describe(hi)} (${lo.result.phases.length} vs ${hi.result.phases.length} phases), a phase change at constant T and P that the TP flash does not resolve for this mixture${lo.result.phases.length + hi.result.phases.length < 5 ? '; a three-phase state at this temperature is likely: try the multiphase check' : ''}`,
      );
    }
    let slope = cur.slope;
    if (cur.result.phases.length > 1 && prev && prev.u !== cur.u) {
      const secant = (cur.f - prev.f) / (cur.u - prev.u);
      if (secant < 0 && Number.isFinite(secant)) slope = secant;
    }
    const newtonStep = slope < 0 && Number.isFinite(slope) ? -cur.f / slope : NaN;
    const un = cur.u + newtonStep;
    let unext: number;
    stepOld = step;
    if (!(un > lo.u && un < hi.u) || Math.abs(2 * newtonStep) > Math.abs(stepOld)) {
      unext = 0.5 * (lo.u + hi.u);
      step = unext - cur.u;
    } else {
      step = newtonStep;
      unext = un;
    }
    let next = evaluate(unext);
    for (let k = 0; !next.ok && k < RETRY_FRACTIONS.length; k++) {
      const alt = evaluate(lo.u + RETRY_FRACTIONS[k] * (hi.u - lo.u));
      if (alt.ok) {
        next = alt;
        stepOld = step = alt.point.u - cur.u;
      }
    }
    if (!next.ok) return fail(next.code, `TV flash: TP flash failed at ${Math.exp(unext).toPrecision(8)} Pa and at ${RETRY_FRACTIONS.length} other points between ${Math.exp(lo.u).toPrecision(8)} and ${Math.exp(hi.u).toPrecision(8)} Pa: ${next.message}`);
    prev = cur;
    cur = next.point;
    if (Math.abs(cur.f) <= TOLERANCE) return done(cur, 'converged');
    if (cur.f > 0) lo = cur;
    else hi = cur;
  }
  return fail('FLASH_NOT_CONVERGED', `TV flash did not converge in ${MAX_SOLVE_STEPS} steps: bracket ${Math.exp(lo.u)} … ${Math.exp(hi.u)} Pa, residual ${cur.f.toExponential(3)} in ln V`);
}

type DomeAnswer =
  | { kind: 'supercritical' }
  | { kind: 'two-phase'; result: FlashResult }
  | { kind: 'vapour' | 'liquid'; uSat: number }
  | { kind: 'failed'; code: FlashErrorCode; message: string };

/**
 * Where a one-component spec lies against the saturation dome at T: inside it the two-phase state
 * at the vapour pressure (lever rule on V); outside it the side to search, bounded at the vapour
 * pressure so the solve never straddles the jump.
 */
function insidePureDome(model: ThermoModel, T: number, vEos: number, v: number): DomeAnswer {
  const c = model.components[0];
  if (T >= c.tc) return { kind: 'supercritical' };
  const guess = c.pc / wilsonK(c.tc, c.pc, c.omega, T, 1);
  const sat = pureSaturationPressure(model, T, Math.min(c.pc, Math.max(TV_FLASH_P_MIN, guess)));
  // Just below Tc the EOS's own critical point can lie lower than the tabulated Tc: no dome there.
  if (!sat.ok) return sat.code === 'NO_SATURATION_POINT' ? { kind: 'supercritical' } : { kind: 'failed', code: 'FLASH_NOT_CONVERGED', message: `TV flash: vapour pressure at ${T} K: ${sat.message}` };
  const Psat = sat.P;
  const at = model.atTemperature(T);
  const one = Float64Array.of(1);
  const lnPhiL = new Float64Array(1);
  const lnPhiV = new Float64Array(1);
  const vL = at.lnPhi(Psat, one, 'liquid', lnPhiL);
  const vV = at.lnPhi(Psat, one, 'vapor', lnPhiV);
  if (!(vV > vL)) return { kind: 'supercritical' };
  if (vEos >= vV) return { kind: 'vapour', uSat: Math.log(Psat) };
  if (vEos <= vL) return { kind: 'liquid', uSat: Math.log(Psat) };
  const beta = (vEos - vL) / (vV - vL);
  const vapour: PhaseState = makePhase(model, at, Psat, Float64Array.of(1), lnPhiV, vV, beta);
  const liquid: PhaseState = makePhase(model, at, Psat, Float64Array.of(1), lnPhiL, vL, 1 - beta);
  return {
    kind: 'two-phase',
    result: {
      T,
      P: Psat,
      z: Float64Array.of(1),
      phases: orderByDensity(model, [vapour, liquid]),
      iterations: sat.iterations,
      stabilityTm: 0,
      method: `TV: lever rule between the saturated liquid and vapour at the vapour pressure ${Psat.toPrecision(8)} Pa (spec ${v} m3/mol)`,
    },
  };
}
