/**
 * Saturation points that neither give up nor mislead:
 *
 * - `saturationFromEnvelope`: when the saturation solver (saturation-solver.ts) finds no point,
 *   the phase envelope is traced and its crossings with the spec line are looked up; a crossing
 *   on the wanted branch is polished by Newton on the envelope equations (the same equations, so
 *   the answer is an exact saturation point). Near a critical point the solver's inner loop can
 *   miss a band of the envelope a fraction of a bar wide; the continuation does not.
 * - `metastability`: a saturation point whose outside neighbourhood (where the feed should be
 *   one phase) splits into two phases of comparable amounts is not a boundary of the stable phase
 *   diagram (typically a bubble point of a cold liquid that separates into two liquids). Where the
 *   feed becomes one stable phase along the spec line is located by bisection on TP flashes.
 */
import type { ThermoModel } from '../eos/types.js';
import { correct, evaluator, rootsOf, type EnvelopePoint } from './envelope-continuation.js';
import { phaseEnvelope } from './envelope.js';
import { statesTowardsCritical } from './critical-point.js';
import { crossingsNearExtreme } from './saturation-near-extreme.js';
import type { SaturationKind, SaturationOutcome, SolvedVariable } from './saturation-solver.js';
import { flashTP } from './tp-flash.js';

/** A split whose second phase holds less than this is only the incipient phase of a saturation point. */
const COMPARABLE_FRACTION = 1e-3;
/** Relative step from the saturation point to its neighbourhood (0.1 % in T or P). */
const NEIGHBOUR_STEP = 1e-3;

/**
 * The saturation point of `kind` on the spec line (T fixed: solveFor 'P'; P fixed: solveFor 'T')
 * from the traced envelope; undefined when the envelope does not cross the line on that branch.
 * Among several crossings: stable ones first, then the normal one (the lower dew pressure, the
 * higher dew temperature, the higher bubble pressure, the lower bubble temperature).
 */
export function saturationFromEnvelope(
  model: ThermoModel,
  kind: SaturationKind,
  solveFor: SolvedVariable,
  spec: number,
  zIn: ArrayLike<number>,
  seen?: EnvelopeReach,
): Extract<SaturationOutcome, { ok: true }> | undefined {
  if (model.nc < 2) return undefined;
  const z = Float64Array.from(zIn);
  let sum = 0;
  for (let i = 0; i < z.length; i++) sum += z[i];
  for (let i = 0; i < z.length; i++) z[i] /= sum;
  const env = phaseEnvelope(model, z);
  if (!env.ok) return undefined;
  if (seen !== undefined) {
    seen.critical = env.critical;
    seen.cricondenbar = env.cricondenbar;
    seen.cricondentherm = env.cricondentherm;
    // The largest value of the spec variable reached by the wanted branch (the critical point bounds both branches from below).
    const by = solveFor === 'T' ? 'P' : 'T';
    let reach = env.critical?.[by] ?? 0;
    let lowest = Infinity;
    for (const p of env.points) {
      if (p.branch !== kind || !p.stable) continue;
      reach = Math.max(reach, p[by]);
      lowest = Math.min(lowest, p[by]);
    }
    seen.lowest = lowest;
    const extreme = solveFor === 'T' ? env.cricondenbar : env.cricondentherm;
    if (extreme !== undefined && extremeBranch(env, extreme, by) === kind) reach = Math.max(reach, extreme[by]);
    seen.reach = reach;
  }
  const n = model.nc;
  const specIndex = solveFor === 'P' ? n : n + 1;
  const s = Math.log(spec);
  const state = (i: number) => {
    const X = new Float64Array(n + 2);
    X.set(env.lnK[i]);
    X[n] = Math.log(env.points[i].T);
    X[n + 1] = Math.log(env.points[i].P);
    return X;
  };
  const criticalState = (c: { T: number; P: number }) => {
    const X = new Float64Array(n + 2);
    X[n] = Math.log(c.T);
    X[n + 1] = Math.log(c.P);
    return X;
  };
  const ev = evaluator(model, z, rootsOf(kind));
  /**
   * The saturation point on the spec line between states Xa and Xb (both on the wanted branch),
   * or between Xa and the critical point (`toCritical`): there the ln K vanish like the square
   * root of the distance in T and P (the curve is a parabola in ln K), so they are interpolated
   * that way; a linear guess would start too close to K = 1, where Newton finds the trivial solution.
   */
  const crossing = (Xa: Float64Array, Xb: Float64Array, toCritical: boolean): { X: Float64Array; iterations: number } | undefined => {
    const da = Xa[specIndex] - s;
    const db = Xb[specIndex] - s;
    if (da * db > 0 || da === db) return undefined;
    const f = da / (da - db);
    const X = Xa.map((v, k) => v + f * (Xb[k] - v));
    if (toCritical) for (let k = 0; k < n; k++) X[k] = Xa[k] * Math.sqrt(1 - f);
    X[specIndex] = s;
    const r = correct(ev, X, specIndex);
    let size = 0;
    for (let k = 0; k < n; k++) size += Math.abs(X[k]);
    return r.ok && size > 1e-4 ? { X, iterations: r.iterations } : undefined;
  };
  const found: { X: Float64Array; stable: boolean; iterations: number }[] = [];
  for (let i = 0; i + 1 < env.points.length; i++) {
    const a = env.points[i];
    const b = env.points[i + 1];
    // Both points on the wanted branch, or either side of the critical point (the band there).
    if (a.segment !== b.segment || (a.branch !== kind && b.branch !== kind)) continue;
    const stable = a.stable && b.stable;
    if (a.branch === b.branch || env.critical === undefined) {
      const hit = crossing(state(i), state(i + 1), false);
      if (hit) found.push({ ...hit, stable });
      continue;
    }
    // Across the critical point the trace steps from a dew point to a bubble point: the wanted
    // branch runs on from its own point to the critical point (ln K = 0 there), filled with
    // states solved on the way (critical-point.ts).
    const own = state(a.branch === kind ? i : i + 1);
    const chain = [own, ...statesTowardsCritical(ev, own, env.critical)];
    for (let j = 0; j < chain.length; j++) {
      const last = j === chain.length - 1;
      const hit = crossing(chain[j], last ? criticalState(env.critical) : chain[j + 1], last);
      if (hit) {
        found.push({ ...hit, stable });
        break;
      }
    }
  }
  // Just inside the cricondenbar/cricondentherm the line cuts the curve twice between two traced points.
  if (found.length === 0) found.push(...crossingsNearExtreme(model, z, env, kind, solveFor, spec));
  if (found.length === 0) return undefined;
  const other = solveFor === 'P' ? n + 1 : n;
  // The normal crossing: lowest dew P / highest dew T / highest bubble P / lowest bubble T.
  const sign = (kind === 'dew') === (solveFor === 'P') ? 1 : -1;
  found.sort((p, q) => Number(q.stable) - Number(p.stable) || sign * (p.X[other] - q.X[other]));
  const best = found[0];
  const T = Math.exp(best.X[n]);
  const P = Math.exp(best.X[n + 1]);
  const incipient = new Float64Array(n);
  for (let i = 0; i < n; i++) incipient[i] = kind === 'dew' ? z[i] / Math.exp(best.X[i]) : z[i] * Math.exp(best.X[i]);
  return { ok: true, value: solveFor === 'P' ? P : T, T, P, incipient, iterations: best.iterations };
}

/**
 * Which branch an extreme lies on. Beside the critical point the curve is dew on one side and bubble
 * on the other: a cricondenbar at a higher temperature than the critical point, or a cricondentherm
 * at a lower pressure, is on the dew branch (the natural-gas shape); otherwise on the bubble branch
 * (the oil shape, or a narrow-boiling mixture whose cricondenbar lies just before the critical
 * point). Without a critical point: the branch of the nearest traced point.
 */
function extremeBranch(env: { points: EnvelopePoint[]; critical?: { T: number; P: number } }, extreme: { T: number; P: number }, by: 'T' | 'P'): SaturationKind {
  const c = env.critical;
  if (c !== undefined && (extreme.T !== c.T || extreme.P !== c.P)) return (by === 'P' ? extreme.T > c.T : extreme.P < c.P) ? 'dew' : 'bubble';
  let nearest = env.points[0];
  const d = (p: { T: number; P: number }) => Math.hypot(Math.log(p.T / extreme.T), Math.log(p.P / extreme.P));
  for (const p of env.points) if (d(p) < d(nearest)) nearest = p;
  return nearest.branch;
}

/** What the traced envelope showed, for the answer when no point was found (K, Pa). */
export interface EnvelopeReach {
  critical?: { T: number; P: number };
  cricondenbar?: { T: number; P: number };
  cricondentherm?: { T: number; P: number };
  /** Largest pressure (P spec) or temperature (T spec) the wanted branch reaches. */
  reach?: number;
  /** Smallest value of the spec variable over the traced stable points of the wanted branch. */
  lowest?: number;
}

export interface Metastability {
  /** The feed splits into two phases of comparable amounts just outside the point. */
  metastable: boolean;
  /** Phase labels of that split (e.g. ['oil', 'oil'] for two liquids). */
  outsidePhases: string[];
  /** Where, along the spec line, the feed becomes one stable phase (K or Pa), when found. */
  stableBoundary?: number;
}

/**
 * Checks a saturation point (T, P) of `kind`: TP flashes with the multiphase check just outside
 * it (higher T / lower P of a dew point, lower T / higher P of a bubble point). When the feed
 * splits there, the spec line is walked outwards (×1.25 in P up to 1000 bar or down to 0.01 bar, ×1.05
 * in T down to half the point's temperature or up to three times it) to where it is one phase, and that edge is bisected.
 */
export function metastability(model: ThermoModel, kind: SaturationKind, solveFor: SolvedVariable, T: number, P: number, z: ArrayLike<number>): Metastability {
  // Direction of "outside" along the solved variable: +1 increases it.
  const out = solveFor === 'T' ? (kind === 'dew' ? 1 : -1) : kind === 'dew' ? -1 : 1;
  const at = (v: number) => (solveFor === 'T' ? flashTP(model, v, P, z, { multiPhaseCheck: true }) : flashTP(model, T, v, z, { multiPhaseCheck: true }));
  const splits = (v: number): string[] | undefined => {
    const f = at(v);
    if (!f.ok) return undefined;
    const betas = f.result.phases.map((q) => q.beta).sort((a, b) => b - a);
    return betas.length >= 2 && betas[1] >= COMPARABLE_FRACTION ? f.result.phases.map((q) => q.label) : undefined;
  };
  const v0 = solveFor === 'T' ? T : P;
  const near = v0 * (1 + out * NEIGHBOUR_STEP);
  const phases = splits(near);
  if (!phases) return { metastable: false, outsidePhases: [] };
  // Walk outwards to a single-phase state, then bisect between the last split and it.
  const limit = solveFor === 'P' ? (out > 0 ? 1e8 : 1e3) : out > 0 ? 3 * v0 : Math.max(10, 0.5 * v0);
  let inside = near;
  let outside: number | undefined;
  const ratio = 1 + out * (solveFor === 'P' ? 0.25 : 0.05);
  for (let v = near * ratio; out > 0 ? v <= limit : v >= limit; v *= ratio) {
    if (!splits(v)) {
      outside = v;
      break;
    }
    inside = v;
  }
  if (outside === undefined) return { metastable: true, outsidePhases: phases };
  let single: number = outside;
  for (let it = 0; it < 40 && Math.abs(single - inside) > 1e-6 * Math.abs(single); it++) {
    const mid: number = 0.5 * (inside + single);
    if (splits(mid)) inside = mid;
    else single = mid;
  }
  return { metastable: true, outsidePhases: phases, stableBoundary: single };
}
