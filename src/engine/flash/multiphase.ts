/**
 * Multiphase check after a one- or two-phase TP flash (off by default, as in the original).
 * The current equilibrium is tested with Michelsen's stability analysis using Wilson trials and
 * near-pure trials of every component. When a trial phase lowers the Gibbs energy it is added,
 * and the (up to four) phases are solved by successive
 * substitution on K relative to a reference phase with the multiphase Rachford–Rice problem
 * solved as Michelsen's convex minimisation of
 *   Q(β) = Σ_k β_k − Σ_i z_i ln(Σ_k β_k K_ik),   β_k ≥ 0
 * (Michelsen 1994, Comput. Chem. Eng. 18:545) by an active-set Newton method.
 */
import type { ModelAtT, ThermoModel } from '../eos/types.js';
import { makePhase, orderByDensity, MIN_PHASE_FRACTION, type FlashOutcome, type FlashResult, type PhaseState } from './phase-state.js';
import { pureTrial, stabilityAnalysis, wilsonTrials, UNSTABLE_TM } from './stability.js';
import { solveInPlace } from './linalg.js';

/** Vapour, hydrocarbon liquid(s) and aqueous: four covers e.g. gas + two hydrocarbon liquids + water. */
const MAX_PHASES = 4;
const MAX_SS = 400;

export function multiphaseCheck(model: ThermoModel, at: ModelAtT, P: number, z: Float64Array, first: FlashResult): FlashOutcome {
  const nc = model.nc;
  let current = first;
  // Each round tests the current equilibrium and, if a trial phase lowers G, adds it and solves
  // again; it stops when the result is stable or holds MAX_PHASES phases.
  for (let round = 0; round < MAX_PHASES && nc >= 2 && current.phases.length < MAX_PHASES; round++) {
    // At equilibrium every phase has the same d = ln x + ln φ; the first phase stands for all.
    const ref = current.phases[0];
    const d = new Float64Array(nc);
    for (let i = 0; i < nc; i++) d[i] = Math.log(ref.x[i]) + ref.lnPhi[i];
    const trials = wilsonTrials(model, at.T, P, ref.x).trials;
    for (let i = 0; i < nc; i++) trials.push(pureTrial(nc, i));
    const stab = stabilityAnalysis(at, P, ref.x, d, trials);
    if (stab.stable) return { ok: true, result: current };
    // The most negative trial that is not just one of the current phases again.
    let best: (typeof stab.trials)[number] | undefined;
    for (const t of stab.trials) {
      if (t.trivial || !(t.tm < UNSTABLE_TM)) continue;
      const copy = current.phases.some((p) => {
        let dist = 0;
        for (let i = 0; i < nc; i++) dist += Math.abs(t.w[i] - p.x[i]);
        return dist < 1e-4;
      });
      if (!copy && (best === undefined || t.tm < best.tm)) best = t;
    }
    if (best === undefined) return { ok: true, result: current };

    const comps: Float64Array[] = current.phases.map((p) => Float64Array.from(p.x));
    comps.push(Float64Array.from(best.w));
    const beta0 = current.phases.map((p) => p.beta * 0.98);
    beta0.push(0.02);
    const sol = solveMultiphase(at, P, z, comps, beta0);
    if (!sol) return { ok: false, code: 'FLASH_NOT_CONVERGED', message: `multiphase TP flash with ${comps.length} phases did not converge` };
    const phases: PhaseState[] = [];
    for (let k = 0; k < comps.length; k++) {
      if (sol.beta[k] < MIN_PHASE_FRACTION) continue;
      phases.push(makePhase(model, at, P, sol.x[k], sol.lnPhi[k], sol.v[k], sol.beta[k]));
    }
    const bsum = phases.reduce((s, p) => s + p.beta, 0);
    for (const p of phases) p.beta /= bsum;
    const method = phases.length >= 3 ? `${phases.length}-phase` : current.method;
    current = { ...current, phases: orderByDensity(model, phases), iterations: current.iterations + stab.iterations + sol.iterations, method };
  }
  return { ok: true, result: current };
}

interface MultiphaseSolution {
  beta: number[];
  x: Float64Array[];
  lnPhi: Float64Array[];
  v: number[];
  iterations: number;
}

function solveMultiphase(at: ModelAtT, P: number, z: Float64Array, start: Float64Array[], beta0: number[]): MultiphaseSolution | undefined {
  const nc = at.nc;
  const np = start.length;
  const x = start.map((c) => Float64Array.from(c));
  const lnPhi = start.map(() => new Float64Array(nc));
  const v = new Array<number>(np).fill(NaN);
  // K_ik = φ_i,ref / φ_i,k with phase 0 as reference, stored as ln.
  const lnK = start.map(() => new Float64Array(nc));
  const prev = start.map(() => new Float64Array(nc));
  let beta = beta0.slice();
  for (let it = 0; it < MAX_SS; it++) {
    for (let k = 0; k < np; k++) {
      v[k] = at.lnPhi(P, x[k], 'stable', lnPhi[k]);
      if (!Number.isFinite(v[k])) return undefined;
    }
    let err = 0;
    for (let k = 0; k < np; k++) {
      for (let i = 0; i < nc; i++) {
        const next = lnPhi[0][i] - lnPhi[k][i];
        err += Math.abs(next - lnK[k][i]);
        prev[k][i] = lnK[k][i];
        lnK[k][i] = next;
      }
    }
    const K = lnK.map((row) => row.map(Math.exp));
    const b = multiphaseRachfordRice(z, K, beta);
    if (!b) return undefined;
    beta = b;
    for (let i = 0; i < nc; i++) {
      let E = 0;
      for (let k = 0; k < np; k++) E += beta[k] * K[k][i];
      for (let k = 0; k < np; k++) x[k][i] = (z[i] * K[k][i]) / E;
    }
    for (let k = 0; k < np; k++) {
      let s = 0;
      for (let i = 0; i < nc; i++) s += x[k][i];
      for (let i = 0; i < nc; i++) x[k][i] /= s;
    }
    if (it > 0 && err < 1e-10) return { beta, x, lnPhi, v, iterations: it };
  }
  return undefined;
}

/** Minimises Q(β) over β ≥ 0 (active set Newton). Returns undefined when it cannot. */
export function multiphaseRachfordRice(z: Float64Array, K: Float64Array[], beta0: number[]): number[] | undefined {
  const np = K.length;
  const nc = z.length;
  const beta = beta0.slice();
  const E = new Float64Array(nc);
  const q = (b: number[]): number => {
    let s = 0;
    for (let k = 0; k < np; k++) s += b[k];
    for (let i = 0; i < nc; i++) {
      let e = 0;
      for (let k = 0; k < np; k++) e += b[k] * K[k][i];
      if (!(e > 0)) return Infinity;
      s -= z[i] * Math.log(e);
    }
    return s;
  };
  let Q = q(beta);
  let gmax = Infinity;
  for (let it = 0; it < 100; it++) {
    for (let i = 0; i < nc; i++) {
      let e = 0;
      for (let k = 0; k < np; k++) e += beta[k] * K[k][i];
      E[i] = e;
    }
    const g = new Float64Array(np);
    const H = new Float64Array(np * np);
    for (let k = 0; k < np; k++) {
      let s = 1;
      for (let i = 0; i < nc; i++) s -= (z[i] * K[k][i]) / E[i];
      g[k] = s;
      for (let l = 0; l < np; l++) {
        let h = 0;
        for (let i = 0; i < nc; i++) h += (z[i] * K[k][i] * K[l][i]) / (E[i] * E[i]);
        H[k * np + l] = h;
      }
    }
    // Active set: phases at zero whose gradient pushes them further down stay fixed.
    const free: number[] = [];
    for (let k = 0; k < np; k++) if (beta[k] > 0 || g[k] < 0) free.push(k);
    gmax = 0;
    for (const k of free) gmax = Math.max(gmax, Math.abs(g[k]));
    if (gmax < 1e-13) return beta;
    const nf = free.length;
    const A = new Float64Array(nf * nf);
    const rhs = new Float64Array(nf);
    for (let a = 0; a < nf; a++) {
      rhs[a] = -g[free[a]];
      for (let c = 0; c < nf; c++) A[a * nf + c] = H[free[a] * np + free[c]];
      A[a * nf + a] *= 1 + 1e-12;
    }
    // Newton direction; when the Hessian is (near) singular — two phases with almost the same K —
    // or the Newton step does not lower Q, fall back to a scaled projected-gradient step.
    const newtonOk = solveInPlace(A, rhs, nf);
    const trial = beta.slice();
    let accepted = newtonOk && lineSearch(rhs);
    if (!accepted) {
      let hmax = 0;
      for (const k of free) hmax = Math.max(hmax, H[k * np + k]);
      for (let a = 0; a < nf; a++) rhs[a] = -g[free[a]] / Math.max(hmax, 1e-300);
      accepted = lineSearch(rhs);
    }
    if (!accepted) return gmax < 1e-9 ? beta : undefined;
    function lineSearch(dir: Float64Array): boolean {
      let step = 1;
      for (let a = 0; a < nf; a++) {
        const k = free[a];
        if (beta[k] + dir[a] < 0) step = Math.min(step, -beta[k] / dir[a]);
      }
      for (let ls = 0; ls < 40; ls++) {
        for (let a = 0; a < nf; a++) trial[free[a]] = Math.max(0, beta[free[a]] + step * dir[a]);
        const Qt = q(trial);
        if (Qt <= Q + 1e-14 * Math.abs(Q)) {
          Q = Qt;
          return true;
        }
        step *= 0.5;
      }
      return false;
    }
    for (let k = 0; k < np; k++) beta[k] = trial[k];
  }
  // Q is flat to round-off near a degenerate optimum (two phases with almost equal K): a small
  // gradient is as good as it gets; the outer iteration still has to meet its own tolerance.
  return gmax < 1e-7 ? beta : undefined;
}
