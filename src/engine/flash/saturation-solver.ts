/**
 * Saturation point of a multicomponent feed z at a fixed temperature (solve for P) or a fixed
 * pressure (solve for T). One solver serves all four kinds (bubble/dew × T/P):
 *
 * - Inner loop: successive substitution on the incipient-phase composition at fixed (T, P),
 *   giving ln S with S = Σ z_i K_i (bubble) or Σ z_i / K_i (dew); S = 1 at saturation.
 * - Outer variable u = ln P (T fixed) or 1/T (P fixed). Increasing u moves towards the condensed
 *   side in both cases, so at the normal saturation point ln S rises through 0 for a dew point
 *   (vapour → two-phase) and falls through 0 for a bubble point (two-phase → liquid). The other
 *   crossing of the same spec line (the retrograde upper dew pressure, the near-critical second
 *   dew temperature, …) has the opposite slope and is not returned.
 * - Fast path: secant on ln S from the caller's initial guess, then from Wilson's estimate. An
 *   answer is accepted only when the slope has the normal sign and the point is physical (see
 *   SaturationProblem.physical: not the trivial solution, incipient vapour less dense than the
 *   feed for a bubble point and incipient liquid denser for a dew point, the vapour of the pair
 *   not liquid-like, and near the critical point a stable feed). Otherwise a scan along the spec
 *   line brackets the first normal crossing, which is then refined (Illinois false position). No
 *   crossing on the scan is NO_SATURATION_POINT (spec above the cricondenbar / cricondentherm, a
 *   bubble point asked above the critical temperature): never a fake point.
 */
import type { ThermoModel } from '../eos/types.js';
import { wilsonK } from './fugacity.js';
import { stabilityAnalysis, wilsonTrials } from './stability.js';

export type SaturationKind = 'bubble' | 'dew';
export type SolvedVariable = 'T' | 'P';

export type SaturationOutcome =
  | {
      ok: true;
      /** The solved variable: K (solved T) or Pa (solved P). */
      value: number;
      T: number;
      P: number;
      /** Composition of the incipient phase (vapour for a bubble point, liquid for a dew point). */
      incipient: Float64Array;
      /** Work done: inner successive-substitution solves (mixture) or Newton steps (one component). */
      iterations: number;
    }
  | { ok: false; code: 'SATURATION_NOT_CONVERGED' | 'NO_SATURATION_POINT'; message: string };

/** One evaluation of the inner loop at u. */
interface Point {
  u: number;
  lnS: number;
  trivial: boolean;
  vFeed: number;
  vIncipient: number;
  lnK: Float64Array;
  w: Float64Array;
  iterations: number;
}

/** Scan limits: 1e-4 bar … 1500 bar in pressure; temperature from the components' critical temperatures. */
const P_SCAN_MIN = 10;
const P_SCAN_MAX = 1.5e8;
const P_SCAN_RATIO = 1.1;
const T_SCAN_RATIO = 1.025;
const ROOT_TOL = 1e-11;
/** A saturation point whose feed has a trial phase below this tangent-plane distance is spurious. */
const FEED_UNSTABLE_TM = -1e-7;
/** Relative density gap between feed and incipient phase below which the feed stability is checked. */
const NEAR_CRITICAL_DENSITY_GAP = 0.25;
const GAS_V_OVER_B = 1.75;
const TRIVIAL_SUM_LNK = 1e-3;

class SaturationProblem {
  readonly nc: number;
  evaluations = 0;
  constructor(
    readonly model: ThermoModel,
    readonly kind: SaturationKind,
    readonly solveFor: SolvedVariable,
    readonly spec: number,
    readonly z: Float64Array,
  ) {
    this.nc = model.nc;
  }

  TP(u: number): [number, number] {
    return this.solveFor === 'P' ? [this.spec, Math.exp(u)] : [1 / u, this.spec];
  }

  toU(value: number): number {
    return this.solveFor === 'P' ? Math.log(value) : 1 / value;
  }

  wilsonLnK(u: number): Float64Array {
    const [T, P] = this.TP(u);
    const lnK = new Float64Array(this.nc);
    for (let i = 0; i < this.nc; i++) {
      const c = this.model.components[i];
      lnK[i] = Math.log(wilsonK(c.tc, c.pc, c.omega, T, P));
    }
    return lnK;
  }

  /** Inner successive substitution from lnK0; undefined when the EOS gives no root. */
  private ss(u: number, lnK0: Float64Array): Point | undefined {
    this.evaluations++;
    const { nc, z, kind } = this;
    const [T, P] = this.TP(u);
    const at = this.model.atTemperature(T);
    const phiF = new Float64Array(nc);
    const phiW = new Float64Array(nc);
    const lnK = Float64Array.from(lnK0);
    const w = new Float64Array(nc);
    const feedRoot = kind === 'bubble' ? 'liquid' : 'vapor';
    const newRoot = kind === 'bubble' ? 'vapor' : 'liquid';
    const vFeed = at.lnPhi(P, z, feedRoot, phiF);
    if (!Number.isFinite(vFeed)) return undefined;
    let S = 0;
    let vIncipient = NaN;
    let it = 0;
    for (; it < 300; it++) {
      S = 0;
      for (let i = 0; i < nc; i++) {
        w[i] = kind === 'bubble' ? z[i] * Math.exp(lnK[i]) : z[i] / Math.exp(lnK[i]);
        S += w[i];
      }
      for (let i = 0; i < nc; i++) w[i] /= S;
      vIncipient = at.lnPhi(P, w, newRoot, phiW);
      if (!Number.isFinite(vIncipient) || !Number.isFinite(S)) return undefined;
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
      // The original's trivial-solution test: all K → 1 and the trial phase is the feed.
      if (dist < 1e-6 && size < 1e-4 * nc) return { u, lnS: Math.log(S), trivial: true, vFeed, vIncipient, lnK, w, iterations: it + 1 };
      if (change < 1e-12) break;
    }
    return { u, lnS: Math.log(S), trivial: false, vFeed, vIncipient, lnK, w, iterations: it + 1 };
  }

  /** Inner loop at u, warm-started from lnK when given; a collapse is retried from Wilson's K. */
  evaluate(u: number, lnK?: Float64Array): Point | undefined {
    const first = this.ss(u, lnK ?? this.wilsonLnK(u));
    if (lnK === undefined || (first !== undefined && !first.trivial)) return first;
    return this.ss(u, this.wilsonLnK(u)) ?? first;
  }

  /** True on the two-phase side of the spec line (the incipient phase would grow). */
  positive(p: Point | undefined): boolean {
    return p !== undefined && !p.trivial && p.lnS > 0;
  }

  /**
   * The incipient phase is on the right side of the feed: less dense (mass per volume) for a
   * bubble point, denser for a dew point. Both formulations solve the same equations, so without
   * this test the upper dew point above the critical temperature passes for a bubble point.
   * Molar volume would not do: a heavy incipient liquid can have a larger molar volume than the gas.
   */
  physical(p: Point): boolean {
    // The original's "supercritical" test: Σ|K − 1| below 1e-3 is the trivial solution, not a point.
    let sumLnK = 0;
    for (let i = 0; i < this.nc; i++) sumLnK += Math.abs(p.lnK[i]);
    if (sumLnK < TRIVIAL_SUM_LNK) return false;
    let mFeed = 0;
    let mIncipient = 0;
    for (let i = 0; i < this.nc; i++) {
      const M = this.model.components[i].molarMass;
      mFeed += this.z[i] * M;
      mIncipient += p.w[i] * M;
    }
    const rhoFeed = mFeed / p.vFeed;
    const rhoIncipient = mIncipient / p.vIncipient;
    if (this.kind === 'bubble' ? !(rhoIncipient < rhoFeed) : !(rhoIncipient > rhoFeed)) return false;
    // The vapour of the pair (feed of a dew point, incipient phase of a bubble point) must not be
    // a liquid-like root (the original's gas label, V/b > 1.75; near-critical phases have V/b ≈ 4):
    // this rejects liquid–liquid pairs at very low temperature that also satisfy S = 1.
    const at = this.model.atTemperature(this.TP(p.u)[0]);
    const vapourOk = this.kind === 'dew' ? p.vFeed / at.covolume(this.z) > GAS_V_OVER_B : p.vIncipient / at.covolume(p.w) > GAS_V_OVER_B;
    if (!vapourOk) return false;
    return Math.abs(rhoIncipient - rhoFeed) > NEAR_CRITICAL_DENSITY_GAP * rhoFeed || this.feedStable(p);
  }

  /**
   * Near the critical point (phases of nearly equal density) the inner loop can also close
   * (ln S = 0) on a saddle-point branch of the tangent-plane distance inside the two-phase region;
   * there the feed is unstable, which a stability test shows. Farther from it the test is not
   * applied: a feed that would split into two liquids still has its (metastable) two-phase
   * bubble point, which is what the original's two-phase saturation flashes return.
   */
  private feedStable(p: Point): boolean {
    const [T, P] = this.TP(p.u);
    const at = this.model.atTemperature(T);
    const lnPhiZ = new Float64Array(this.nc);
    at.lnPhi(P, this.z, this.kind === 'bubble' ? 'liquid' : 'vapor', lnPhiZ);
    const d = new Float64Array(this.nc);
    for (let i = 0; i < this.nc; i++) d[i] = Math.log(this.z[i]) + lnPhiZ[i];
    const trials = wilsonTrials(this.model, T, P, this.z).trials;
    const stab = stabilityAnalysis(at, P, this.z, d, trials);
    return stab.tmMin > FEED_UNSTABLE_TM;
  }

  /** Normal crossing: ln S rises with u at a dew point, falls at a bubble point. */
  normalSlope(slope: number): boolean {
    return this.kind === 'dew' ? slope > 0 : slope < 0;
  }

  success(p: Point, iterations: number): SaturationOutcome {
    const [T, P] = this.TP(p.u);
    return { ok: true, value: this.solveFor === 'P' ? P : T, T, P, incipient: Float64Array.from(p.w), iterations };
  }
}

/** u where Wilson's K put the feed at saturation: closed form in P, bisection in T. */
function wilsonEstimate(prob: SaturationProblem): number {
  const { model, z, kind } = prob;
  const lnS = (T: number, P: number) => {
    let s = 0;
    for (let i = 0; i < model.nc; i++) {
      const c = model.components[i];
      const k = wilsonK(c.tc, c.pc, c.omega, T, P);
      s += kind === 'bubble' ? z[i] * k : z[i] / k;
    }
    return Math.log(s);
  };
  if (prob.solveFor === 'P') {
    // K ∝ 1/P: Σ z K = 1 gives P = Σ z K(P=1)·1, Σ z/K = 1 gives P = 1/Σ(z/K(P=1)).
    const T = prob.spec;
    return kind === 'bubble' ? lnS(T, 1) : -lnS(T, 1);
  }
  // Σ z K rises with T, Σ z/K falls: bisection between 20 K and 3000 K.
  let lo = 20;
  let hi = 3000;
  for (let i = 0; i < 100; i++) {
    const mid = 0.5 * (lo + hi);
    const f = lnS(mid, prob.spec);
    if ((kind === 'bubble' ? f < 0 : f > 0)) lo = mid;
    else hi = mid;
  }
  return 2 / (lo + hi);
}

type Attempt = { ok: true; point: Point } | { ok: false };

/** Secant on ln S from u0 (the fast path). */
function secant(prob: SaturationProblem, start: number): Attempt {
  let u0 = start;
  let p0 = prob.evaluate(u0);
  if (!p0 || p0.trivial) return { ok: false };
  const byP = prob.solveFor === 'P';
  let u1 = u0 + (byP ? 0.01 : -1e-5 * u0);
  for (let it = 0; it < 100; it++) {
    const p1 = prob.evaluate(u1, p0.lnK);
    if (!p1 || p1.trivial) return { ok: false };
    const slope = (p1.lnS - p0.lnS) / (u1 - u0);
    if (Math.abs(p1.lnS) < ROOT_TOL) {
      return prob.normalSlope(slope) && prob.physical(p1) ? { ok: true, point: p1 } : { ok: false };
    }
    let step = -p1.lnS / slope;
    if (!Number.isFinite(step)) return { ok: false };
    // Limit steps: 30 % in pressure, about 10 K in temperature.
    const limit = byP ? 0.3 : 10 * u1 * u1;
    step = Math.max(-limit, Math.min(limit, step));
    if (!byP && u1 + step <= 0) step = -0.5 * u1;
    u0 = u1;
    p0 = p1;
    u1 += step;
  }
  return { ok: false };
}

/** Refines a bracket [a, b] whose ends lie on either side of the wanted crossing. */
function refine(prob: SaturationProblem, a: Point, b: Point): Point | undefined {
  let side = -1;
  for (let it = 0; it < 200; it++) {
    const usable = !a.trivial && !b.trivial && a.lnS !== b.lnS;
    let m = usable ? b.u - (b.lnS * (b.u - a.u)) / (b.lnS - a.lnS) : 0.5 * (a.u + b.u);
    const lo = Math.min(a.u, b.u);
    const hi = Math.max(a.u, b.u);
    const margin = 1e-3 * (hi - lo);
    if (!(m > lo + margin && m < hi - margin)) m = 0.5 * (a.u + b.u);
    const warm = prob.positive(a) ? a : prob.positive(b) ? b : !a.trivial ? a : b;
    const pm = prob.evaluate(m, warm.lnK);
    if (!pm) return undefined;
    if (!pm.trivial && Math.abs(pm.lnS) < ROOT_TOL) return pm;
    // Keep the end of the same sign as pm replaced, halving the other end's ln S after two
    // replacements of the same end (Illinois), so the false position cannot stall.
    if (prob.positive(pm) === prob.positive(a)) {
      a = pm;
      if (side === -1 && !b.trivial) b = { ...b, lnS: 0.5 * b.lnS };
      side = -1;
    } else {
      b = pm;
      if (side === 1 && !a.trivial) a = { ...a, lnS: 0.5 * a.lnS };
      side = 1;
    }
    if (Math.abs(b.u - a.u) <= 1e-14 * Math.abs(b.u)) {
      const best = [a, b].filter((p) => !p.trivial).sort((p, q) => Math.abs(p.lnS) - Math.abs(q.lnS))[0];
      return best !== undefined && Math.abs(best.lnS) < 1e-8 ? best : undefined;
    }
  }
  return undefined;
}

/** Scan grid in u, ascending (towards the condensed side). */
function scanGrid(prob: SaturationProblem): number[] {
  const grid: number[] = [];
  if (prob.solveFor === 'P') {
    for (let lnP = Math.log(P_SCAN_MIN); lnP <= Math.log(P_SCAN_MAX); lnP += Math.log(P_SCAN_RATIO)) grid.push(lnP);
    return grid;
  }
  let tMin = Infinity;
  let tMax = 0;
  for (const c of prob.model.components) {
    tMin = Math.min(tMin, c.tc);
    tMax = Math.max(tMax, c.tc);
  }
  for (let T = 1.3 * tMax; T >= Math.max(0.2 * tMin, 10); T /= T_SCAN_RATIO) grid.push(1 / T);
  return grid;
}

/** The wanted crossing between a (smaller u) and b: ln S rises through 0 for a dew point, falls for a bubble point. */
function crosses(prob: SaturationProblem, a: Point, b: Point): boolean {
  return prob.kind === 'dew' ? !prob.positive(a) && prob.positive(b) : prob.positive(a) && !prob.positive(b);
}

/**
 * A bracket of the wanted crossing inside [a, b]. When one end collapsed onto the feed and the
 * other did not, a narrow two-phase band can hide between them (e.g. a CO2-rich feed whose
 * envelope is a few bar wide), so the interval is halved, warm-starting from the non-trivial end.
 */
function findBracket(prob: SaturationProblem, a: Point, b: Point, depth: number): [Point, Point] | undefined {
  if (crosses(prob, a, b)) return [a, b];
  if (depth === 0 || a.trivial === b.trivial) return undefined;
  const m = prob.evaluate(0.5 * (a.u + b.u), (a.trivial ? b : a).lnK);
  if (!m) return undefined;
  return findBracket(prob, a, m, depth - 1) ?? findBracket(prob, m, b, depth - 1);
}

/** First normal crossing along the spec line; undefined when the line never enters the envelope. */
function scan(prob: SaturationProblem): { point?: Point; failedRefine: boolean } {
  let prev: Point | undefined;
  let failedRefine = false;
  for (const u of scanGrid(prob)) {
    const cur = prob.evaluate(u, prev && !prev.trivial ? prev.lnK : undefined);
    if (!cur) continue;
    if (prev) {
      const bracket = findBracket(prob, prev, cur, 6);
      if (bracket) {
        const root = refine(prob, bracket[0], bracket[1]);
        if (root && prob.physical(root)) return { point: root, failedRefine };
        if (!root) failedRefine = true;
      }
    }
    prev = cur;
  }
  return { failedRefine };
}

/** Saturation point of kind `kind` with the other variable fixed at `spec`, from `guess`. */
export function solveSaturation(model: ThermoModel, kind: SaturationKind, solveFor: SolvedVariable, spec: number, zIn: ArrayLike<number>, guess: number): SaturationOutcome {
  const z = Float64Array.from(zIn);
  const prob = new SaturationProblem(model, kind, solveFor, spec, z);
  // Fast path: from the caller's guess, then from Wilson's estimate (which also lands on the
  // normal branch when the guess led to the other crossing, e.g. the upper dew pressure).
  const u0 = prob.toU(guess);
  const fast = secant(prob, u0);
  if (fast.ok) return prob.success(fast.point, prob.evaluations);
  const uWilson = wilsonEstimate(prob);
  if (Number.isFinite(uWilson) && Math.abs(uWilson - u0) > 1e-6 * Math.abs(u0)) {
    const second = secant(prob, uWilson);
    if (second.ok) return prob.success(second.point, prob.evaluations);
  }
  const found = scan(prob);
  if (found.point) return prob.success(found.point, prob.evaluations);
  if (found.failedRefine) {
    return { ok: false, code: 'SATURATION_NOT_CONVERGED', message: `${kind} point did not converge (the crossing is probably at a critical point)` };
  }
  const what = solveFor === 'P' ? `temperature ${spec.toFixed(2)} K` : `pressure ${(spec / 1e5).toPrecision(6)} bara`;
  const grid = scanGrid(prob);
  const [a, b] = [prob.TP(grid[0]), prob.TP(grid[grid.length - 1])];
  const range = solveFor === 'P' ? `${(a[1] / 1e5).toPrecision(2)}–${(b[1] / 1e5).toPrecision(4)} bara` : `${b[0].toFixed(1)}–${a[0].toFixed(1)} K`;
  return {
    ok: false,
    code: 'NO_SATURATION_POINT',
    message: `the feed has no ${kind} point at ${what} (searched ${range}): the spec line does not cross the ${kind} branch of the phase envelope`,
  };
}
