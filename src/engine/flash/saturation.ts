/**
 * Saturation points of a feed z: bubble and dew points at a given temperature (solve for the
 * pressure) or a given pressure (solve for the temperature). Mixtures go through one generic
 * solver (saturation-solver.ts: successive substitution inside, secant outside, a scan along the
 * spec line when the secant fails or lands on the wrong crossing); a single component through its
 * vapour-pressure curve. Which point is returned when the spec line crosses the envelope twice:
 * the normal one, where the incipient phase appears when moving towards the condensed side, i.e.
 * the LOWER dew-point pressure (not the retrograde upper one; the original returned the lower one
 * in every visible case with two crossings), the highest dew-point temperature, the bubble point
 * below the cricondenbar. A spec outside the envelope is NO_SATURATION_POINT, never a point.
 */
import type { ThermoModel } from '../eos/types.js';
import { R } from '../eos/constants.js';
import { makePhase, orderByDensity, type FlashResult } from './phase-state.js';
import { solveSaturation, type SaturationKind, type SaturationOutcome } from './saturation-solver.js';

export type { SaturationKind, SaturationOutcome, SolvedVariable } from './saturation-solver.js';

/** Critical constants of a one-component model (the cubic reproduces them exactly). */
function criticalOf(model: ThermoModel): { tc: number; pc: number; omega: number } {
  const c = model.components[0];
  return { tc: c.tc, pc: c.pc, omega: c.omega };
}

/** Critical volume over co-volume of the cubic equations (Zc / Ωb): SRK 3.847, PR 3.951 (UMR-PRU is PR's cubic). */
const CRITICAL_V_OVER_B: Record<string, number> = { SRK: 1 / 3 / 0.08664, PR: 0.3074 / 0.0778, UMRPRU: 0.3074 / 0.0778 };

/**
 * The molar volume (m3/mol) that separates liquid-like from gas-like single roots: the cubic's own
 * critical volume (a multiple of b); GERG-2008's is the component's measured critical volume (a
 * reference equation reproduces it); else 2.5 b (PC-SAFT: its critical point is its parameters',
 * e.g. COMP.csv's CO2 set puts it far from the measured one).
 */
function criticalVolumeOf(model: ThermoModel, b: number): number {
  const ratio = CRITICAL_V_OVER_B[model.name];
  if (ratio !== undefined) return ratio * b;
  const vc = model.components[0].vc;
  return model.name === 'GERG2008' && Number.isFinite(vc) && vc > 0 ? vc : 2.5 * b;
}

/**
 * Vapour pressure (Pa) of a one-component model at T: Newton on ln P for ln φ_L = ln φ_V with
 * d(ln φ_L − ln φ_V)/d ln P = P(V_L − V_V)/(RT), safeguarded by a bracket: f = ln φ_L − ln φ_V
 * is positive below the vapour pressure and negative above it. Where only one volume root exists
 * (outside the spinodal range, which closes up towards Tc) the root's volume against the
 * critical volume tells which side P is on. Converges to within 0.1 % of Tc.
 */
export function pureSaturationPressure(model: ThermoModel, T: number, P0: number): SaturationOutcome {
  if (model.nc !== 1) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'pureSaturationPressure needs a one-component model' };
  const { tc } = criticalOf(model);
  if (T >= tc) return { ok: false, code: 'NO_SATURATION_POINT', message: `T = ${T} K is at or above the critical temperature ${tc} K` };
  const at = model.atTemperature(T);
  const one = Float64Array.of(1);
  const pL = new Float64Array(1);
  const pV = new Float64Array(1);
  const vCrit = criticalVolumeOf(model, at.covolume(one));
  let singleRoot = false;
  let lo = -Infinity; // ln P known to be below the vapour pressure
  let hi = Infinity; // … above it
  let lnP = Math.log(P0);
  for (let it = 0; it < 300; it++) {
    const P = Math.exp(lnP);
    const vL = at.lnPhi(P, one, 'liquid', pL);
    const vV = at.lnPhi(P, one, 'vapor', pV);
    if (!Number.isFinite(vL) || !Number.isFinite(vV)) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'no EOS root' };
    let next: number;
    singleRoot = Math.abs(vV - vL) <= 1e-12 * vV;
    if (singleRoot) {
      // One root only: liquid-like (denser than critical) means P is above the vapour pressure.
      if (vL < vCrit) hi = Math.min(hi, lnP);
      else lo = Math.max(lo, lnP);
      next = Number.isFinite(lo) && Number.isFinite(hi) ? 0.5 * (lo + hi) : lnP + (Number.isFinite(hi) ? -0.05 : 0.05);
    } else {
      const f = pL[0] - pV[0];
      if (Math.abs(f) < 1e-12) return { ok: true, value: P, T, P, incipient: Float64Array.of(1), iterations: it + 1 };
      if (f > 0) lo = Math.max(lo, lnP);
      else hi = Math.min(hi, lnP);
      const newton = lnP + Math.max(-0.5, Math.min(0.5, -f / ((P * (vL - vV)) / (R * T))));
      next = newton > lo && newton < hi ? newton : Number.isFinite(lo) && Number.isFinite(hi) ? 0.5 * (lo + hi) : newton;
    }
    if (hi - lo < 1e-14) {
      // A bracket closed on single roots is where the two roots merge, not a vapour pressure
      // (their fugacities were never compared): no number rather than a wrong one.
      if (singleRoot) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: `the liquid and vapour roots merge near ${(Math.exp(lnP) / 1e5).toPrecision(4)} bar at ${T} K: no vapour pressure found (at, above or too close to this model's critical point)` };
      return { ok: true, value: Math.exp(0.5 * (lo + hi)), T, P: Math.exp(0.5 * (lo + hi)), incipient: Float64Array.of(1), iterations: it + 1 };
    }
    lnP = next;
  }
  return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'vapour pressure did not converge in 300 iterations' };
}

/**
 * Saturation temperature (K) of a one-component model at P: secant in 1/T on ln Psat(T) − ln P,
 * which is nearly linear (Clausius–Clapeyron), from Wilson's vapour-pressure estimate.
 */
export function pureSaturationTemperature(model: ThermoModel, P: number): SaturationOutcome {
  if (model.nc !== 1) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'pureSaturationTemperature needs a one-component model' };
  const { tc, pc, omega } = criticalOf(model);
  if (P >= pc) return { ok: false, code: 'NO_SATURATION_POINT', message: `P = ${(P / 1e5).toPrecision(6)} bara is at or above the critical pressure ${(pc / 1e5).toPrecision(6)} bara` };
  const uMin = 1 / (tc * (1 - 1e-9));
  let u0 = Math.max(uMin, (1 + Math.log(pc / P) / (5.373 * (1 + omega))) / tc);
  let p0 = pureSaturationPressure(model, 1 / u0, P);
  if (!p0.ok) return p0;
  let u1 = Math.max(uMin, u0 * (1 - 1e-3));
  let iterations = p0.iterations;
  for (let it = 0; it < 100; it++) {
    const p1 = pureSaturationPressure(model, 1 / u1, p0.value);
    if (!p1.ok) return p1;
    iterations += p1.iterations;
    const g1 = Math.log(p1.value / P);
    if (Math.abs(g1) < 1e-12) return { ok: true, value: 1 / u1, T: 1 / u1, P, incipient: Float64Array.of(1), iterations };
    const g0 = Math.log(p0.value / P);
    let next = u1 - (g1 * (u1 - u0)) / (g1 - g0);
    if (!Number.isFinite(next)) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'saturation temperature: secant step failed' };
    next = Math.max(uMin, Math.min(next, 2 * u1));
    u0 = u1;
    p0 = p1;
    u1 = next;
  }
  return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'saturation temperature did not converge in 100 iterations' };
}

/** Bubble-point pressure (Pa) of feed z at temperature T (K), starting from pressure P0 (Pa). */
export function bubblePointPressure(model: ThermoModel, T: number, z: ArrayLike<number>, P0: number): SaturationOutcome {
  if (model.nc === 1) return pureSaturationPressure(model, T, P0);
  return solveSaturation(model, 'bubble', 'P', T, z, P0);
}

/** Lower (normal) dew-point pressure (Pa) of feed z at temperature T (K), starting from P0 (Pa). */
export function dewPointPressure(model: ThermoModel, T: number, z: ArrayLike<number>, P0: number): SaturationOutcome {
  if (model.nc === 1) return pureSaturationPressure(model, T, P0);
  return solveSaturation(model, 'dew', 'P', T, z, P0);
}

/** Bubble-point temperature (K) of feed z at pressure P (Pa), starting from temperature T0 (K). */
export function bubblePointTemperature(model: ThermoModel, P: number, z: ArrayLike<number>, T0: number): SaturationOutcome {
  if (model.nc === 1) return pureSaturationTemperature(model, P);
  return solveSaturation(model, 'bubble', 'T', P, z, T0);
}

/** Dew-point temperature (K) of feed z at pressure P (Pa), starting from temperature T0 (K). */
export function dewPointTemperature(model: ThermoModel, P: number, z: ArrayLike<number>, T0: number): SaturationOutcome {
  if (model.nc === 1) return pureSaturationTemperature(model, P);
  return solveSaturation(model, 'dew', 'T', P, z, T0);
}

/** Mole fraction reported for the incipient phase (the original reports 1e-10 for three of the four types). */
export const INCIPIENT_PHASE_FRACTION = 1e-10;

/**
 * The saturation state as a flash result: the feed phase (β = 1 − ε) and the incipient phase
 * (β = ε, its composition the incipient composition), lightest first, so the usual property
 * report applies. For a bubble point the feed is the liquid; for a dew point the vapour.
 */
export function saturationFlashResult(model: ThermoModel, kind: SaturationKind, T: number, P: number, zIn: ArrayLike<number>, incipient: ArrayLike<number>, iterations: number): FlashResult {
  const nc = model.nc;
  const z = Float64Array.from(zIn);
  let sum = 0;
  for (let i = 0; i < nc; i++) sum += z[i];
  for (let i = 0; i < nc; i++) z[i] /= sum;
  const w = Float64Array.from(incipient);
  const at = model.atTemperature(T);
  const feedRoot = kind === 'bubble' ? 'liquid' : 'vapor';
  const newRoot = kind === 'bubble' ? 'vapor' : 'liquid';
  const phiF = new Float64Array(nc);
  const phiW = new Float64Array(nc);
  const vF = at.lnPhi(P, z, feedRoot, phiF);
  const vW = at.lnPhi(P, w, newRoot, phiW);
  const feed = makePhase(model, at, P, z, phiF, vF, 1 - INCIPIENT_PHASE_FRACTION);
  const trial = makePhase(model, at, P, w, phiW, vW, INCIPIENT_PHASE_FRACTION);
  return { T, P, z, phases: orderByDensity(model, [feed, trial]), iterations, stabilityTm: 0, method: `${kind} point` };
}
