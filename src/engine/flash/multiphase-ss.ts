/**
 * Successive substitution for an np-phase TP split (multiphase.ts): K relative to phase 0, the
 * multiphase Rachford–Rice problem for the fractions (multiphase-rr.ts), optional DEM
 * acceleration, phases that become the same merged, and the Newton stage on the mole numbers
 * (multiphase-newton.ts) tried at a few checkpoints when substitution is slow.
 */
import type { ModelAtT, RootChoice } from '../eos/types.js';
import { accelerateSubstitution } from './acceleration.js';
import { multiphaseRachfordRice } from './multiphase-rr.js';
import { multiphaseNewton } from './multiphase-newton.js';

const MAX_SS = 300;
/** Substitution steps after which the Newton stage is tried (again) when SS has not converged. */
const NEWTON_AT = new Set([12, 50, 150]);
const SS_TOLERANCE = 1e-10;
/** Two phases whose ln K differ by less than this everywhere are one phase. */
const SAME_PHASE = 1e-5;

export interface Equilibrium {
  beta: number[];
  x: Float64Array[];
  lnPhi: Float64Array[];
  v: number[];
  iterations: number;
}

/**
 * Solves the np-phase split from compositions `start` and fractions `beta0`, each phase on the
 * volume root rootsIn[k] ('stable': the lower-G root of its current composition). Returns every
 * phase still present (fractions may be 0 for phases that vanished) or undefined.
 */
export function solveMultiphase(at: ModelAtT, P: number, z: Float64Array, start: Float64Array[], beta0: number[], rootsIn: RootChoice[], accelerate: boolean): Equilibrium | undefined {
  const nc = at.nc;
  let roots = rootsIn.slice();
  let x = start.map((c) => Float64Array.from(c));
  let beta = beta0.slice();
  let np = x.length;
  let lnPhi = x.map(() => new Float64Array(nc));
  let v = new Array<number>(np).fill(NaN);
  // ln K_ik = ln φ_i,ref − ln φ_i,k with phase 0 as reference, one row per phase, flat for DEM.
  let lnK = new Float64Array(np * nc);
  let delta = new Float64Array(np * nc);
  let deltaPrev = new Float64Array(np * nc);
  let sinceReset = 0;
  for (let it = 0; it < MAX_SS; it++) {
    for (let k = 0; k < np; k++) {
      v[k] = at.lnPhi(P, x[k], roots[k], lnPhi[k]);
      if (!Number.isFinite(v[k])) return undefined;
    }
    let err = 0;
    for (let k = 0; k < np; k++) {
      for (let i = 0; i < nc; i++) {
        const j = k * nc + i;
        const next = lnPhi[0][i] - lnPhi[k][i];
        deltaPrev[j] = delta[j];
        delta[j] = next - lnK[j];
        err += Math.abs(delta[j]);
        lnK[j] = next;
      }
    }
    // lnPhi belongs to the x the new K came from, so the answer is self-consistent.
    if (it > 0 && err < SS_TOLERANCE) return { beta, x, lnPhi, v, iterations: it };
    sinceReset++;
    if (accelerate && sinceReset % 5 === 0) accelerateSubstitution(lnK, delta, deltaPrev, np * nc);
    const K = Array.from({ length: np }, (_, k) => lnK.subarray(k * nc, (k + 1) * nc).map(Math.exp));
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
    // Two phases converging onto one composition (e.g. gas and oil merging above the
    // cricondenbar, or a trial phase sliding back onto a present one) leave Q singular and
    // substitution stalled: they are one phase.
    const same = samePhasePair(lnK, np, nc);
    if (same) {
      const [keep, drop] = same;
      beta[keep] += beta[drop];
      const rows = (a: Float64Array) => Float64Array.from(Array.from({ length: (np - 1) * nc }, (_, j) => {
        const k = Math.floor(j / nc);
        return a[(k < drop ? k : k + 1) * nc + (j % nc)];
      }));
      lnK = rows(lnK);
      delta = new Float64Array((np - 1) * nc);
      deltaPrev = new Float64Array((np - 1) * nc);
      x = x.filter((_, k) => k !== drop);
      lnPhi = lnPhi.filter((_, k) => k !== drop);
      v = v.filter((_, k) => k !== drop);
      beta = beta.filter((_, k) => k !== drop);
      roots = roots.filter((_, k) => k !== drop);
      np--;
      sinceReset = 0;
      if (np === 1) return undefined;
      continue;
    }
    if (NEWTON_AT.has(it)) {
      const present: number[] = [];
      for (let k = 0; k < np; k++) if (beta[k] > 0) present.push(k);
      if (present.length >= 2) {
        const nw = multiphaseNewton(at, P, z, present.map((k) => beta[k]), present.map((k) => x[k]), present.map((k) => roots[k]));
        if (nw && nw.beta.every((bk) => bk > 0)) return { ...nw, iterations: it + nw.iterations };
      }
    }
  }
  return undefined;

}

function samePhasePair(lnK: Float64Array, np: number, nc: number): [number, number] | undefined {
  for (let k = 0; k < np; k++) {
    for (let l = k + 1; l < np; l++) {
      let worst = 0;
      for (let i = 0; i < nc && worst < SAME_PHASE; i++) worst = Math.max(worst, Math.abs(lnK[k * nc + i] - lnK[l * nc + i]));
      if (worst < SAME_PHASE) return [k, l];
    }
  }
  return undefined;
}
