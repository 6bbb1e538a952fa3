/**
 * Two-phase (vapour–liquid) equilibrium at fixed T and P from an initial K estimate:
 * successive substitution with Rachford–Rice and DEM acceleration, then Newton–Raphson on the
 * vapour mole numbers v_i = β·y_i (Michelsen's u-variables) with the Gibbs-energy Hessian and a
 * backtracking line search on G (Michelsen & Mollerup 2007, ch. 10).
 * Each phase takes the volume root of lower Gibbs energy for its own composition, so
 * liquid–liquid splits (e.g. CO2-rich liquid + heavy oil) are found as well as vapour–liquid.
 */
import type { ModelAtT } from '../eos/types.js';
import { FugacityScratch, lnPhiDerivatives } from './fugacity.js';
import { NEWTON_SHIFTS, acceptsGibbsStep, shiftedNewtonStep } from './linalg.js';
import { accelerateSubstitution } from './acceleration.js';
import { rachfordRice } from './rachford-rice.js';

export interface TwoPhaseSolution {
  beta: number;
  /** 1 − β, computed from the liquid side itself (full precision when the liquid is a trace). */
  liquidFraction: number;
  x: Float64Array;
  y: Float64Array;
  lnPhiL: Float64Array;
  lnPhiV: Float64Array;
  vL: number;
  vV: number;
  iterations: number;
  converged: boolean;
  /** y ≈ x: the iteration collapsed onto the feed. */
  trivial: boolean;
  /** Reduced Gibbs energy of the split, Σ n_i ln f_i over both phases (per mole of feed, in RT). */
  gibbs: number;
}

const SS_ITERATIONS = 12;
const NEWTON_ITERATIONS = 60;
const TOLERANCE = 1e-10;

/**
 * The vapour and liquid mole fractions y, x of a split given as amounts v, l, written into the
 * caller's scratch arrays; `totals`, when given, receives the phases' total amounts [vapour, liquid].
 */
export function compositionsOfAmounts(v: Float64Array, l: Float64Array, y: Float64Array, x: Float64Array, totals?: Float64Array): void {
  const nc = v.length;
  let sv = 0;
  let sl = 0;
  for (let i = 0; i < nc; i++) {
    sv += v[i];
    sl += l[i];
  }
  for (let i = 0; i < nc; i++) {
    x[i] = l[i] / sl;
    y[i] = v[i] / sv;
  }
  if (totals !== undefined) {
    totals[0] = sv;
    totals[1] = sl;
  }
}

export function solveTwoPhase(at: ModelAtT, P: number, z: Float64Array, lnK0: Float64Array): TwoPhaseSolution {
  const nc = at.nc;
  const lnK = Float64Array.from(lnK0);
  const K = new Float64Array(nc);
  const x = new Float64Array(nc);
  const y = new Float64Array(nc);
  const lnPhiL = new Float64Array(nc);
  const lnPhiV = new Float64Array(nc);
  const delta = new Float64Array(nc);
  const deltaPrev = new Float64Array(nc);
  let beta = 0.5;
  /** 1 − β, kept separately for its digits when the liquid is a trace. */
  let betaL = 0.5;
  /** Rachford–Rice answer before clamping; outside (0, 1) the K describe a single phase. */
  let rawBeta = 0.5;
  let vL = NaN;
  let vV = NaN;
  let it = 0;
  let err = Infinity;

  const splitFromK = (): boolean => {
    for (let i = 0; i < nc; i++) K[i] = Math.exp(lnK[i]);
    const rr = rachfordRice(z, K, nc);
    if (!rr.converged) return false;
    beta = rr.beta;
    betaL = rr.liquidFraction;
    rawBeta = rr.beta;
    // A bound means these K give one phase; keep a tentative split so SS can move on.
    if (beta <= 0 || beta >= 1) beta = betaL = 0.5;
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < nc; i++) {
      // 1 + β(K − 1) written as (1 − β) + βK with 1 − β from Rachford–Rice itself.
      x[i] = z[i] / (betaL + beta * K[i]);
      y[i] = K[i] * x[i];
      sx += x[i];
      sy += y[i];
    }
    for (let i = 0; i < nc; i++) {
      x[i] /= sx;
      y[i] /= sy;
    }
    return true;
  };

  for (; it < SS_ITERATIONS; it++) {
    if (!splitFromK()) break;
    vL = at.lnPhi(P, x, 'stable', lnPhiL);
    vV = at.lnPhi(P, y, 'stable', lnPhiV);
    if (!Number.isFinite(vL) || !Number.isFinite(vV)) break;
    err = 0;
    for (let i = 0; i < nc; i++) {
      const next = lnPhiL[i] - lnPhiV[i];
      deltaPrev[i] = delta[i];
      delta[i] = next - lnK[i];
      err += Math.abs(delta[i]);
      lnK[i] = next;
    }
    if (err < TOLERANCE) break;
    if (it % 5 === 4) accelerateSubstitution(lnK, delta, deltaPrev, nc);
  }
  let converged = err < TOLERANCE;
  if (converged) {
    splitFromK();
    // SS settled on K for which the feed is single phase: no split from this start.
    if (rawBeta <= 0 || rawBeta >= 1) {
      beta = rawBeta;
      betaL = 1 - rawBeta;
    }
  }
  if (!converged) {
    if (!splitFromK()) return finish(false);
    const r = newtonSolve(at, P, z, beta, betaL, x, y, lnPhiL, lnPhiV);
    it += r.iterations;
    converged = r.converged;
    beta = r.beta;
    betaL = r.liquid;
    vL = r.vL;
    vV = r.vV;
  } else {
    vL = at.lnPhi(P, x, 'stable', lnPhiL);
    vV = at.lnPhi(P, y, 'stable', lnPhiV);
  }
  return finish(converged);

  function finish(ok: boolean): TwoPhaseSolution {
    let dist = 0;
    let g = 0;
    let residual = 0;
    for (let i = 0; i < nc; i++) {
      residual += Math.abs(Math.log(y[i]) + lnPhiV[i] - Math.log(x[i]) - lnPhiL[i]);
      dist += (y[i] - x[i]) * (y[i] - x[i]);
      g += beta * y[i] * (Math.log(y[i]) + lnPhiV[i]) + betaL * x[i] * (Math.log(x[i]) + lnPhiL[i]);
    }
    // Equal fugacities are the definition of the answer: check them, not only the iteration's own test.
    const equal = residual < 1e-8 || !(beta > 0 && beta < 1);
    return { beta, liquidFraction: betaL, x, y, lnPhiL, lnPhiV, vL, vV, iterations: it, converged: ok && equal, trivial: dist < 1e-10, gibbs: g };
  }
}

interface NewtonOutcome {
  beta: number;
  /** Σ l_i, the liquid fraction summed from its own amounts (not 1 − β). */
  liquid: number;
  vL: number;
  vV: number;
  iterations: number;
  converged: boolean;
}

/** Newton on v (vapour moles per mole feed); x, y, lnPhiL, lnPhiV hold the start and receive the result. */
function newtonSolve(
  at: ModelAtT,
  P: number,
  z: Float64Array,
  beta0: number,
  betaL0: number,
  x: Float64Array,
  y: Float64Array,
  lnPhiL: Float64Array,
  lnPhiV: Float64Array,
): NewtonOutcome {
  const nc = at.nc;
  const v = new Float64Array(nc);
  const l = new Float64Array(nc);
  const vTry = new Float64Array(nc);
  const lTry = new Float64Array(nc);
  const dL = new Float64Array(nc * nc);
  const dV = new Float64Array(nc * nc);
  const H = new Float64Array(nc * nc);
  const g = new Float64Array(nc);
  const step = new Float64Array(nc);
  const A = new Float64Array(nc * nc);
  const D = new Float64Array(nc);
  const fs = new FugacityScratch(nc);
  const phiTmpL = new Float64Array(nc);
  const phiTmpV = new Float64Array(nc);
  // Material balance z = v + l fixes one amount from the other. The smaller of the two is held
  // directly and the larger derived from it: a trace amount (e.g. heptane in the aqueous phase,
  // 1e-13) computed as z − v would lose all its digits to cancellation, and Newton would stall at
  // a residual of that round-off (seen with methane/heptane/water at 600 bar).
  for (let i = 0; i < nc; i++) {
    const vi = beta0 * y[i];
    const li = betaL0 * x[i];
    if (vi <= li) {
      v[i] = vi;
      l[i] = z[i] - vi;
    } else {
      l[i] = li;
      v[i] = z[i] - li;
    }
  }
  let vL = NaN;
  let vV = NaN;
  const gibbs = (vv: Float64Array, ll: Float64Array, pL: Float64Array, pV: Float64Array): number => {
    compositionsOfAmounts(vv, ll, y, x);
    vL = at.lnPhi(P, x, 'stable', pL);
    vV = at.lnPhi(P, y, 'stable', pV);
    if (!Number.isFinite(vL) || !Number.isFinite(vV)) return NaN;
    let G = 0;
    for (let i = 0; i < nc; i++) G += vv[i] * (Math.log(y[i]) + pV[i]) + ll[i] * (Math.log(x[i]) + pL[i]);
    return G;
  };
  let G = gibbs(v, l, lnPhiL, lnPhiV);
  for (let it = 0; it < NEWTON_ITERATIONS; it++) {
    if (!Number.isFinite(G)) return { beta: NaN, liquid: NaN, vL, vV, iterations: it, converged: false };
    if (!Number.isFinite(lnPhiDerivatives(at, P, l, 'stable', lnPhiL, dL, fs))) break;
    if (!Number.isFinite(lnPhiDerivatives(at, P, v, 'stable', lnPhiV, dV, fs))) break;
    let sv = 0;
    let sl = 0;
    for (let i = 0; i < nc; i++) {
      sv += v[i];
      sl += l[i];
    }
    let err = 0;
    for (let i = 0; i < nc; i++) {
      g[i] = Math.log(v[i] / sv) + lnPhiV[i] - Math.log(l[i] / sl) - lnPhiL[i];
      err += Math.abs(g[i]);
    }
    if (err < TOLERANCE) return { beta: sv, liquid: sl, vL, vV, iterations: it, converged: true };
    for (let i = 0; i < nc; i++) {
      for (let j = 0; j < nc; j++) {
        const ij = i * nc + j;
        H[ij] = dV[ij] + dL[ij] - 1 / sv - 1 / sl;
      }
      D[i] = 1 / v[i] + 1 / l[i];
      H[i * nc + i] += D[i];
    }
    // Modified Newton: where G is not convex (far from the solution, near a critical point) the
    // plain Newton step is not a descent direction and the line search can only fail. Adding
    // μ·diag(1/v + 1/l) (the ideal-mixing curvature) until the matrix is positive definite and
    // the step lowers G bends the step towards a scaled steepest descent.
    let accepted = false;
    for (const mu of NEWTON_SHIFTS) {
      if (!shiftedNewtonStep(H, D, g, mu, A, step, nc)) continue;
      // Largest step keeping every v_i and l_i positive.
      let s = 1;
      for (let i = 0; i < nc; i++) {
        if (step[i] < 0 && v[i] + step[i] <= 0) s = Math.min(s, (-0.9 * v[i]) / step[i]);
        if (step[i] > 0 && l[i] - step[i] <= 0) s = Math.min(s, (0.9 * l[i]) / step[i]);
      }
      let slope = 0;
      for (let i = 0; i < nc; i++) slope += g[i] * step[i];
      for (let ls = 0; ls < 30; ls++) {
        for (let i = 0; i < nc; i++) {
          if (v[i] <= l[i]) {
            vTry[i] = v[i] + s * step[i];
            lTry[i] = z[i] - vTry[i];
          } else {
            lTry[i] = l[i] - s * step[i];
            vTry[i] = z[i] - lTry[i];
          }
        }
        const Gt = gibbs(vTry, lTry, phiTmpL, phiTmpV);
        if (acceptsGibbsStep(Gt, G, s, slope)) {
          G = Gt;
          accepted = true;
          break;
        }
        s *= 0.5;
      }
      if (accepted) break;
    }
    if (!accepted) {
      gibbs(v, l, lnPhiL, lnPhiV);
      return { beta: sv, liquid: sl, vL, vV, iterations: it, converged: false };
    }
    v.set(vTry);
    l.set(lTry);
  }
  let sv = 0;
  let sl = 0;
  for (let i = 0; i < nc; i++) {
    sv += v[i];
    sl += l[i];
  }
  gibbs(v, l, lnPhiL, lnPhiV);
  return { beta: sv, liquid: sl, vL, vV, iterations: NEWTON_ITERATIONS, converged: false };
}
