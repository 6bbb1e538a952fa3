/**
 * Saturation points just inside the cricondenbar (P spec) or the cricondentherm (T spec), where
 * the spec line cuts the envelope twice between two traced points: both points lie on the same
 * side of the line, so the crossing search between consecutive points sees no sign change, and
 * the direct solver's Newton with the spec fixed works against a Jacobian that is singular at the
 * extreme itself (dP/dT = 0 there). With 0.01 % of the cricondenbar left, the points exist but
 * were answered NO_SATURATION_POINT (natural gas and LNG dew points, a methane–propane bubble point).
 *
 * Here the curve is followed with the OTHER variable fixed (well conditioned at the extreme): near
 * it the spec variable is a parabola in the other one, which gives both crossings' starting
 * values; a secant iteration on the other variable, each trial a converged envelope state, brings
 * the spec variable onto the line, and a last Newton step with the spec fixed polishes the point.
 */
import type { ThermoModel } from '../eos/types.js';
import { correct, evaluator, rootsOf, type EnvelopePoint } from './envelope-continuation.js';
import type { SaturationKind, SolvedVariable } from './saturation-solver.js';

export interface NearExtremeCrossing {
  X: Float64Array;
  stable: boolean;
  iterations: number;
}

interface TracedEnvelope {
  points: EnvelopePoint[];
  lnK: Float64Array[];
  cricondenbar?: { T: number; P: number };
  cricondentherm: { T: number; P: number };
}

/** Secant steps on the other variable before giving up. */
const MAX_SECANT = 40;

/**
 * The crossings of the spec line (ln spec) with the curve of `kind` around the extreme of the
 * spec variable (cricondenbar for solveFor 'T', cricondentherm for solveFor 'P'); empty when the
 * extreme is below the spec, lies on the other branch, or is not between traced points.
 */
export function crossingsNearExtreme(model: ThermoModel, z: Float64Array, env: TracedEnvelope, kind: SaturationKind, solveFor: SolvedVariable, spec: number): NearExtremeCrossing[] {
  const n = model.nc;
  const extreme = solveFor === 'T' ? env.cricondenbar : env.cricondentherm;
  if (extreme === undefined) return [];
  const by = solveFor === 'T' ? 'P' : 'T';
  const other = solveFor === 'T' ? 'T' : 'P';
  const specIndex = by === 'T' ? n : n + 1;
  const otherIndex = by === 'T' ? n + 1 : n;
  const s = Math.log(spec);
  const se = Math.log(extreme[by]);
  if (!(s < se)) return [];
  // The traced point nearest the extreme, with a neighbour on each side on the same branch and segment.
  const pts = env.points;
  let k = -1;
  let dMin = Infinity;
  pts.forEach((p, i) => {
    const d = Math.hypot(Math.log(p.T / extreme.T), Math.log(p.P / extreme.P));
    if (d < dMin) {
      dMin = d;
      k = i;
    }
  });
  if (k <= 0 || k >= pts.length - 1) return [];
  const trio = [k - 1, k, k + 1];
  if (!trio.every((i) => pts[i].branch === kind && pts[i].segment === pts[k].segment)) return [];
  // Only the stretch around the extreme: the line must pass above (beyond) the neighbours.
  const lnOf = (i: number, v: 'T' | 'P') => Math.log(pts[i][v]);
  if (!(lnOf(k - 1, by) < s || lnOf(k + 1, by) < s)) return [];
  // Parabola ln(by) = se − c·(ln(other) − oe)² through the extreme and its traced neighbours.
  const oe = Math.log(extreme[other]);
  let c = 0;
  let m = 0;
  for (const i of [k - 1, k + 1]) {
    const dx = lnOf(i, other) - oe;
    if (Math.abs(dx) > 1e-12) {
      c += (se - lnOf(i, by)) / (dx * dx);
      m++;
    }
  }
  c /= m;
  if (!(c > 0) || !Number.isFinite(c)) return [];
  const half = Math.sqrt((se - s) / c);
  const ev = evaluator(model, z, rootsOf(kind));
  const out: NearExtremeCrossing[] = [];
  for (const side of [-1, 1]) {
    // ln K from the traced neighbour on this side of the extreme.
    const neighbour = trio.find((i) => Math.sign(lnOf(i, other) - oe) === side) ?? k;
    const stateAt = (o: number): Float64Array | undefined => {
      const X = new Float64Array(n + 2);
      X.set(env.lnK[neighbour]);
      X[otherIndex] = o;
      X[specIndex] = se - c * (o - oe) ** 2;
      return correct(ev, X, otherIndex).ok ? X : undefined;
    };
    let o0 = oe + side * half;
    let o1 = oe + side * half * 1.05;
    let X0 = stateAt(o0);
    let X1 = stateAt(o1);
    let iterations = 0;
    while (X0 && X1 && iterations < MAX_SECANT) {
      iterations++;
      const g0 = X0[specIndex] - s;
      const g1 = X1[specIndex] - s;
      if (Math.abs(g1) < 1e-13) break;
      if (g1 === g0) {
        X1 = undefined;
        break;
      }
      const o2 = o1 - (g1 * (o1 - o0)) / (g1 - g0);
      [o0, X0] = [o1, X1];
      o1 = o2;
      X1 = stateAt(o1);
    }
    if (!X1 || Math.abs(X1[specIndex] - s) > 1e-9) continue;
    // On the spec line exactly, with the spec fixed (the saturation equations as the solver states them).
    X1[specIndex] = s;
    if (!correct(ev, X1, specIndex).ok) continue;
    let size = 0;
    for (let j = 0; j < n; j++) size += Math.abs(X1[j]);
    if (size <= 1e-4) continue; // the trivial solution K = 1
    out.push({ X: X1, stable: pts[neighbour].stable && pts[k].stable, iterations });
  }
  return out;
}
