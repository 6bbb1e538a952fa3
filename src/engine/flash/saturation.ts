/**
 * Saturation points of a feed z: bubble-point pressure at T (incipient vapour y) and dew-point
 * temperature at P (incipient liquid x). The incipient phase composition is found by successive
 * substitution at fixed T and P; the outer variable (ln P, or 1/T) is updated by a secant step on
 * ln S, where S = Σ z_i K_i (bubble) or Σ z_i / K_i (dew) and S = 1 at saturation. A collapse onto
 * the feed composition (Σ|ln K| → 0, the original's trivial-solution test) is reported as an
 * error instead of a fake saturation point.
 */
import type { ThermoModel } from '../eos/types.js';
import { R } from '../eos/constants.js';
import { wilsonK } from './fugacity.js';

export type SaturationOutcome =
  | { ok: true; value: number; incipient: Float64Array; iterations: number }
  | { ok: false; code: 'SATURATION_NOT_CONVERGED' | 'NO_SATURATION_POINT'; message: string };

type Kind = 'bubble' | 'dew';

/** ln S and the incipient composition at (T, P), or undefined when the roots give no answer. */
function innerSS(model: ThermoModel, kind: Kind, T: number, P: number, z: Float64Array, lnK: Float64Array, w: Float64Array): { lnS: number; trivial: boolean } | undefined {
  const nc = model.nc;
  const at = model.atTemperature(T);
  const phiF = new Float64Array(nc);
  const phiW = new Float64Array(nc);
  const feedRoot = kind === 'bubble' ? 'liquid' : 'vapor';
  const newRoot = kind === 'bubble' ? 'vapor' : 'liquid';
  if (!Number.isFinite(at.lnPhi(P, z, feedRoot, phiF))) return undefined;
  let S = 0;
  for (let it = 0; it < 200; it++) {
    S = 0;
    for (let i = 0; i < nc; i++) {
      w[i] = kind === 'bubble' ? z[i] * Math.exp(lnK[i]) : z[i] / Math.exp(lnK[i]);
      S += w[i];
    }
    for (let i = 0; i < nc; i++) w[i] /= S;
    if (!Number.isFinite(at.lnPhi(P, w, newRoot, phiW))) return undefined;
    let change = 0;
    let size = 0;
    for (let i = 0; i < nc; i++) {
      const next = kind === 'bubble' ? phiF[i] - phiW[i] : phiW[i] - phiF[i];
      change += Math.abs(next - lnK[i]);
      size += Math.abs(next);
      lnK[i] = next;
    }
    let dist = 0;
    for (let i = 0; i < nc; i++) dist += Math.abs(w[i] - z[i]);
    if (dist < 1e-6 && size < 1e-4 * nc) return { lnS: Math.log(S), trivial: true };
    if (change < 1e-12) break;
  }
  return { lnS: Math.log(S), trivial: false };
}

/** Outer variable (ln P or 1/T) where Wilson's K put the feed at its bubble or dew point. */
function wilsonEstimate(model: ThermoModel, kind: Kind, fixed: number, z: Float64Array): number {
  const sum = (T: number, P: number) => {
    let s = 0;
    for (let i = 0; i < model.nc; i++) {
      const c = model.components[i];
      const k = wilsonK(c.tc, c.pc, c.omega, T, P);
      s += kind === 'bubble' ? z[i] * k : z[i] / k;
    }
    return Math.log(s);
  };
  if (kind === 'bubble') {
    // Σ z K = 1 with K ∝ 1/P: closed form.
    return Math.log(fixed) + sum(fixed, fixed);
  }
  // Σ z/K decreases with T: bisection on T between 20 K and 2000 K.
  let lo = 20;
  let hi = 2000;
  for (let i = 0; i < 100; i++) {
    const mid = 0.5 * (lo + hi);
    if (sum(mid, fixed) > 0) lo = mid;
    else hi = mid;
  }
  return 2 / (lo + hi);
}

function saturate(model: ThermoModel, kind: Kind, fixed: number, start: number, zIn: ArrayLike<number>): SaturationOutcome {
  const nc = model.nc;
  const z = Float64Array.from(zIn);
  const isBubble = kind === 'bubble';
  // Outer variable u: ln P for the bubble point at fixed T, 1/T for the dew point at fixed P.
  const TP = (u: number): [number, number] => (isBubble ? [fixed, Math.exp(u)] : [1 / u, fixed]);
  const lnK = new Float64Array(nc);
  const w = new Float64Array(nc);
  const initK = (T: number, P: number) => {
    for (let i = 0; i < nc; i++) {
      const c = model.components[i];
      lnK[i] = Math.log(wilsonK(c.tc, c.pc, c.omega, T, P));
    }
  };
  let u0 = isBubble ? Math.log(start) : 1 / start;
  initK(...TP(u0));
  let f0 = innerSS(model, kind, ...TP(u0), z, lnK, w);
  if (!f0 || f0.trivial) {
    // The start collapsed onto the feed (e.g. a dew search started at the bubble point): restart
    // from the Wilson-K estimate of the saturation point.
    u0 = wilsonEstimate(model, kind, fixed, z);
    initK(...TP(u0));
    f0 = innerSS(model, kind, ...TP(u0), z, lnK, w);
  }
  if (!f0) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'no EOS root at the start point' };
  let u1 = u0 + (isBubble ? 0.01 : -1e-5);
  for (let it = 0; it < 100; it++) {
    const f1 = innerSS(model, kind, ...TP(u1), z, lnK, w);
    if (!f1) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'no EOS root during the iteration' };
    if (f1.trivial) return { ok: false, code: 'NO_SATURATION_POINT', message: 'the incipient phase collapsed onto the feed: no saturation point here (supercritical or outside the envelope)' };
    if (Math.abs(f1.lnS) < 1e-11) {
      const [T, P] = TP(u1);
      return { ok: true, value: isBubble ? P : T, incipient: Float64Array.from(w), iterations: it + 1 };
    }
    const slope = (f1.lnS - f0.lnS) / (u1 - u0);
    let step = -f1.lnS / slope;
    if (!Number.isFinite(step)) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'secant step failed' };
    // Limit steps: 30 % in pressure, about 10 K in temperature.
    const limit = isBubble ? 0.3 : 10 * u1 * u1;
    step = Math.max(-limit, Math.min(limit, step));
    u0 = u1;
    f0 = f1;
    u1 += step;
  }
  return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'saturation point did not converge in 100 iterations' };
}

/**
 * Vapour pressure (Pa) of a one-component model at T: Newton on ln P for ln φ_L = ln φ_V with
 * d(ln φ_L − ln φ_V)/d ln P = P(V_L − V_V)/(RT); while only one volume root exists the pressure
 * is moved towards the three-root region.
 */
export function pureSaturationPressure(model: ThermoModel, T: number, P0: number): SaturationOutcome {
  const c = model.components[0];
  if (model.nc !== 1) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'pureSaturationPressure needs a one-component model' };
  if (T >= c.tc) return { ok: false, code: 'NO_SATURATION_POINT', message: `T = ${T} K is at or above the critical temperature ${c.tc} K` };
  const at = model.atTemperature(T);
  const one = Float64Array.of(1);
  const pL = new Float64Array(1);
  const pV = new Float64Array(1);
  let lnP = Math.log(P0);
  for (let it = 0; it < 200; it++) {
    const P = Math.exp(lnP);
    const vL = at.lnPhi(P, one, 'liquid', pL);
    const vV = at.lnPhi(P, one, 'vapor', pV);
    if (!Number.isFinite(vL) || !Number.isFinite(vV)) return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'no EOS root' };
    if (Math.abs(vV - vL) <= 1e-12 * vV) {
      // One root only: a liquid-like root means P is above the spinodal range, a vapour-like one below.
      const b = at.covolume(one);
      lnP += vL / b < 2.5 ? -0.05 : 0.05;
      continue;
    }
    const f = pL[0] - pV[0];
    if (Math.abs(f) < 1e-12) return { ok: true, value: P, incipient: Float64Array.of(1), iterations: it + 1 };
    const step = -f / ((P * (vL - vV)) / (R * T));
    lnP += Math.max(-0.5, Math.min(0.5, step));
  }
  return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: 'vapour pressure did not converge in 200 iterations' };
}

/** Bubble-point pressure (Pa) of feed z at temperature T (K), starting from pressure P0 (Pa). */
export function bubblePointPressure(model: ThermoModel, T: number, z: ArrayLike<number>, P0: number): SaturationOutcome {
  if (model.nc === 1) return pureSaturationPressure(model, T, P0);
  return saturate(model, 'bubble', T, P0, z);
}

/** Dew-point temperature (K) of feed z at pressure P (Pa), starting from temperature T0 (K). */
export function dewPointTemperature(model: ThermoModel, P: number, z: ArrayLike<number>, T0: number): SaturationOutcome {
  return saturate(model, 'dew', P, T0, z);
}
