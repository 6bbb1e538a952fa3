/**
 * Density from (T, P) for an explicit-in-Helmholtz equation: Newton iteration on ln v with ln P
 * as the known variable (AGA Report No. 8, Part 1 §4 / Part 2; the scheme of the NIST reference
 * code). Where the iterate lands in a mechanically unstable region (dP/dD < 0 or P ≤ 0) it steps
 * ln v away from it; when a search stalls it restarts from liquid-like and near-critical
 * densities. Unlike the reference code, a search that never converges is reported, not replaced
 * silently by the ideal-gas density. solveLiquidDensity below is the liquid-branch counterpart.
 */
import type { DensitySolve } from './types.js';

/** Writes P (kPa) into out[0] and dP/dD (kPa·L/mol) into out[1] at density D (mol/L). */
export type PressureFn = (D: number, out: Float64Array) => void;

export interface DensitySearch {
  /** Ideal-gas density P/(RT), mol/L: the gas-side start. */
  idealDensity: number;
  /** Pseudo-critical density, mol/L: scale of the liquid-side restarts. */
  Dcx: number;
  /** Explicit start, mol/L (overrides the ideal-gas start), e.g. a previous solution. */
  initial?: number;
  /** Convergence threshold on the ln v step. */
  tolerance: number;
  maxIterations: number;
  /** Allow restarts at 3, 2.5 and 2·Dcx after a failed search (GERG; DETAIL's reference code has none). */
  restarts: boolean;
}

export function solveDensity(P: number, pressure: PressureFn, s: DensitySearch, scratch: Float64Array): DensitySolve {
  let D = s.initial !== undefined && s.initial > 0 ? s.initial : s.idealDensity;
  const plog = Math.log(P);
  let vlog = -Math.log(D);
  let nFail = 0;
  let lastStep = Infinity;
  for (let it = 1; it <= s.maxIterations; it++) {
    // The reference code restarts at fixed iteration counts; an iterate that is visibly
    // converging (last ln v step < 1e-4) is left to finish instead.
    const stalled = s.restarts && (it === 20 || it === 30 || it === 40) && !(lastStep < 1e-4);
    if (vlog < -7 || vlog > 100 || stalled || !Number.isFinite(vlog)) {
      if (!s.restarts || nFail >= 3) {
        return { ok: false, reason: 'not-converged', iterations: it, message: 'density iteration left the valid range' };
      }
      nFail++;
      D = s.Dcx * (nFail === 1 ? 3 : nFail === 2 ? 2.5 : 2);
      vlog = -Math.log(D);
      lastStep = Infinity;
    }
    D = Math.exp(-vlog);
    pressure(D, scratch);
    const P2 = scratch[0];
    const dPdD = scratch[1];
    if (!(dPdD >= 0) || !(P2 > 0)) {
      // Unstable or unphysical region: step in ln v away from it (towards the nearer stable branch).
      let vinc = 0.1;
      if (s.restarts) {
        if (D > s.Dcx) vinc = -0.1;
        if (it > 5) vinc /= 2;
        if (it > 10 && it < 20) vinc /= 5;
      }
      vlog += vinc;
      lastStep = Infinity;
      continue;
    }
    const dpdlv = -D * dPdD;
    const vdiff = ((Math.log(P2) - plog) * P2) / dpdlv;
    vlog -= vdiff;
    lastStep = Math.abs(vdiff);
    if (lastStep < s.tolerance) {
      return { ok: true, D: Math.exp(-vlog), iterations: it };
    }
  }
  return { ok: false, reason: 'not-converged', iterations: s.maxIterations, message: `no convergence in ${s.maxIterations} iterations` };
}

/**
 * Liquid-branch root: the highest-density solution of P(D) = P with ∂P/∂D > 0, by Newton steps in D
 * safeguarded with a bracket. From the high-density side P(D) is increasing and (away from the
 * spinodal) convex, so Newton approaches the root from above; any step that leaves the bracket or
 * lands in an unstable state is replaced by bisection. Used for liquid-like searches and as the
 * fallback when the gas-side iteration fails.
 */
export function solveLiquidDensity(P: number, pressure: PressureFn, Dstart: number, maxIterations: number, scratch: Float64Array): DensitySolve {
  let lo = 0; // highest density known to be too low (P(lo) < P) or unstable
  let hi = Infinity; // lowest stable density known with P(hi) > P
  let D = Dstart;
  for (let it = 1; it <= maxIterations; it++) {
    pressure(D, scratch);
    const P2 = scratch[0];
    const dPdD = scratch[1];
    if (!Number.isFinite(P2) || !Number.isFinite(dPdD)) {
      hi = D; // beyond the range where the equation evaluates: treat as too dense
      D = lo > 0 ? 0.5 * (lo + hi) : 0.9 * D;
      continue;
    }
    if (dPdD > 0 && P2 >= P) {
      hi = D;
    } else {
      lo = D;
    }
    let next: number;
    if (dPdD > 0 && hi !== Infinity) {
      const step = (P2 - P) / dPdD;
      if (Math.abs(step) <= 1e-13 * D) return { ok: true, D: D - step, iterations: it };
      next = D - step;
      if (!(next > lo && next <= hi)) next = 0.5 * (lo + hi);
    } else if (hi === Infinity) {
      next = D * 1.25; // not yet above the root on a stable branch: go denser
    } else {
      next = 0.5 * (lo + hi);
    }
    if (hi !== Infinity && hi - lo <= 1e-14 * hi) {
      return { ok: false, reason: 'not-converged', iterations: it, message: 'liquid-side bracket collapsed without a stable root' };
    }
    D = next;
  }
  return { ok: false, reason: 'not-converged', iterations: maxIterations, message: `liquid-side search did not converge in ${maxIterations} iterations` };
}
