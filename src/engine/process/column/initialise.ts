/**
 * Starting state of the Newton iteration: a linear temperature profile between end estimates,
 * constant-molar-overflow flows from a distillate estimate, then a few Wang–Henke sweeps
 * (tridiagonal component balances for x at fixed K, L, V; bubble-point temperatures at fixed x).
 * Fixed end temperatures (temperature specifications) are kept through the sweeps.
 */
import type { ThermoModel } from '../../eos/types.js';
import { stride, type MeshProblem } from './mesh.js';
import { normalised, StagePropertyEvaluator, wilsonK } from './stage-properties.js';

/** Temperature at which Σ K_i^Wilson z_i = target (1 for a bubble point, Σz/K=1 via dew). */
function wilsonSaturation(model: ThermoModel, P: number, z: ArrayLike<number>, dew: boolean): number {
  const f = (T: number): number => {
    const K = wilsonK(model, T, P);
    let s = 0;
    for (let i = 0; i < model.nc; i++) s += dew ? z[i] / K[i] : z[i] * K[i];
    return dew ? -Math.log(s) : Math.log(s);
  };
  let lo = 50;
  let hi = 1500;
  for (let i = 0; i < 80; i++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) > 0) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

function solveTridiagonal(a: Float64Array, b: Float64Array, c: Float64Array, d: Float64Array): Float64Array {
  const n = b.length;
  const cp = new Float64Array(n);
  const dp = new Float64Array(n);
  cp[0] = c[0] / b[0];
  dp[0] = d[0] / b[0];
  for (let i = 1; i < n; i++) {
    const den = b[i] - a[i] * cp[i - 1];
    cp[i] = c[i] / den;
    dp[i] = (d[i] - a[i] * dp[i - 1]) / den;
  }
  const x = new Float64Array(n);
  x[n - 1] = dp[n - 1];
  for (let i = n - 2; i >= 0; i--) x[i] = dp[i] - cp[i] * x[i + 1];
  return x;
}

export interface InitialGuess {
  /** Fraction of the feed leaving at the top (0..1), from the specifications when they give it. */
  topFraction: number;
  /** Reflux ratio (condenser) and boil-up ratio (reboiler) estimates. */
  reflux: number;
  boilup: number;
  /** Vapour fraction of the feed on each stage. */
  feedVapourFraction: Float64Array;
  hasCondenser: boolean;
  hasReboiler: boolean;
  /** Flow-weighted temperature of the feeds on each stage (0 without feed), K. */
  feedTemperature: Float64Array;
}

export function initialState(p: MeshProblem, g: InitialGuess): Float64Array {
  const { model, n } = p;
  const nc = model.nc;
  const F = p.feedTotal;
  const z = normalised(p.feedTotals)!;
  let Ttop = wilsonSaturation(model, p.P[0], z, false);
  let Tbot = wilsonSaturation(model, p.P[n - 1], z, true);
  // Without a condenser (reboiler) the top (bottom) stage sits near the temperature of its feed.
  if (!g.hasCondenser && g.feedTemperature[0] > 0) Ttop = g.feedTemperature[0];
  if (!g.hasReboiler && g.feedTemperature[n - 1] > 0) Tbot = g.feedTemperature[n - 1];
  if (p.top?.kind === 'temperature') Ttop = p.top.value;
  if (p.bottom?.kind === 'temperature') Tbot = p.bottom.value;
  if (g.hasCondenser && g.hasReboiler && !(Tbot > Ttop + 1)) Tbot = Ttop + Math.max(5, n);
  const Tmin = 0.6 * Math.min(Ttop, Tbot);
  const Tmax = 1.5 * Math.max(Ttop, Tbot);
  const T = Float64Array.from({ length: n }, (_, k) => (n === 1 ? 0.5 * (Ttop + Tbot) : Ttop + ((Tbot - Ttop) * k) / (n - 1)));

  // Constant molar overflow from the top: V_0 = D (+ reflux at a condenser).
  const D = Math.max(0.02, Math.min(0.98, g.topFraction)) * F;
  const L = new Float64Array(n);
  const V = new Float64Array(n);
  V[0] = g.hasCondenser ? D - p.liquidDraw[0] : D;
  L[0] = g.hasCondenser ? g.reflux * D : F * 0.5;
  if (!g.hasCondenser) {
    // Without reflux the top stage's liquid is what its feed brings down.
    let feedTop = 0;
    for (let i = 0; i < nc; i++) feedTop += p.feed[0][i];
    L[0] = Math.max(feedTop * (1 - g.feedVapourFraction[0]), 0.05 * F);
  }
  for (let k = 1; k < n; k++) {
    let fk = 0;
    for (let i = 0; i < nc; i++) fk += p.feed[k][i];
    L[k] = L[k - 1] + fk * (1 - g.feedVapourFraction[k]) - p.liquidDraw[k];
    let fPrev = 0;
    for (let i = 0; i < nc; i++) fPrev += p.feed[k - 1][i];
    // Total balance of stage k−1: L_{k−2} + V_k + F_{k−1} = L_{k−1} + V_{k−1} + draws.
    V[k] = L[k - 1] + V[k - 1] + p.liquidDraw[k - 1] + p.vapourDraw[k - 1] - (k >= 2 ? L[k - 2] : 0) - fPrev;
    if (k === n - 1 && g.hasReboiler) V[k] = Math.max(V[k], g.boilup * Math.max(F - D, 0.05 * F));
  }
  const absorber = !g.hasCondenser && !g.hasReboiler;
  if (absorber) {
    // No reflux, no boil-up: start from the profile without mass transfer, liquid feeds flowing
    // down and vapour feeds up (an absorber's solvent may be a small fraction of the gas).
    for (let k = 0; k < n; k++) {
      L[k] = 0;
      V[k] = 0;
      for (let j = 0; j < n; j++) {
        const fj = p.feed[j].reduce((a, b) => a + b, 0);
        if (j <= k) L[k] += fj * (1 - g.feedVapourFraction[j]);
        if (j >= k) V[k] += fj * g.feedVapourFraction[j];
      }
      L[k] -= p.liquidDraw.slice(0, k + 1).reduce((a, b) => a + b, 0);
      V[k] -= p.vapourDraw.slice(k).reduce((a, b) => a + b, 0);
    }
  }
  const floor = absorber ? 1e-4 * F : 0.02 * F;
  for (let k = 0; k < n; k++) {
    L[k] = Math.max(L[k], floor);
    V[k] = Math.max(V[k], floor);
  }

  // Wang–Henke sweeps.
  const ev = new StagePropertyEvaluator(model);
  const K = Array.from({ length: n }, (_, k) => wilsonK(model, T[k], p.P[k]));
  const x: Float64Array[] = Array.from({ length: n }, () => Float64Array.from(z));
  const y: Float64Array[] = Array.from({ length: n }, () => Float64Array.from(z));
  for (let sweep = 0; sweep < 8; sweep++) {
    for (let i = 0; i < nc; i++) {
      const a = new Float64Array(n);
      const b = new Float64Array(n);
      const c = new Float64Array(n);
      const d = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        if (k > 0) a[k] = L[k - 1];
        // A total condenser's outflow D (held in V[0]) is liquid of the reflux composition.
        b[k] = k === 0 && p.totalCondenser ? -(L[0] + V[0]) : -(L[k] + p.liquidDraw[k]) - (V[k] + p.vapourDraw[k]) * K[k][i];
        if (k < n - 1) c[k] = V[k + 1] * K[k + 1][i];
        d[k] = -p.feed[k][i];
      }
      const xi = solveTridiagonal(a, b, c, d);
      for (let k = 0; k < n; k++) x[k][i] = Math.max(xi[k], 1e-30);
    }
    for (let k = 0; k < n; k++) {
      // A sweep that produced no usable composition keeps the previous one.
      const xk = normalised(x[k]) ?? (sweep === 0 ? Float64Array.from(z) : normalised(y[k]) ?? Float64Array.from(z));
      x[k] = xk;
      // Absorbers keep the feed-temperature profile: their liquid is usually far below its bubble
      // point (a solvent with a little dissolved gas), so bubble temperatures would mislead.
      const fixed = absorber || (k === 0 && p.top?.kind === 'temperature') || (k === n - 1 && p.bottom?.kind === 'temperature');
      // Bubble-point temperature at fixed x: Newton on ln Σ K x in 1/T with EOS K.
      let Tk = T[k];
      for (let s = 0; s < (fixed ? 1 : 6); s++) {
        const yk = new Float64Array(nc);
        for (let i = 0; i < nc; i++) yk[i] = K[k][i] * xk[i];
        const pr = ev.evaluate(Tk, p.P[k], xk, yk, false);
        // Where the EOS finds one root for both phases (K ≡ 1: the stage is too hot for its
        // liquid) its K cannot move T: Wilson's K, which never collapse, step the temperature
        // back towards the two-phase region. Keeping the trivial K froze such stages for all
        // later sweeps (a block of stages at K ≡ 1 in long rectifying sections).
        const eos = pr && !pr.K.every((v) => Math.abs(v - 1) < 1e-4) ? pr.K : undefined;
        const Kk = (eos ?? wilsonK(model, Tk, p.P[k])).map((v) => (Number.isFinite(v) ? Math.min(1e30, Math.max(1e-30, v)) : 1));
        let sum = 0;
        for (let i = 0; i < nc; i++) sum += Kk[i] * xk[i];
        K[k] = Kk;
        if (fixed) break;
        if (!(sum > 0)) break;
        // d ln ΣKx / d(1/T) ≈ −ΔH/R ≈ −(typical 2500 K): a damped fixed slope step.
        const invT = 1 / Tk + Math.log(sum) / 3000;
        const next = 1 / invT;
        Tk = Math.max(Tk - 30, Math.min(Tk + 30, next, Tmax), Tmin);
        if (Math.abs(Math.log(sum)) < 1e-4) break;
      }
      T[k] = Tk;
      const yk = Float64Array.from(xk, (v, i) => K[k][i] * v);
      y[k] = normalised(yk) ?? Float64Array.from(z);
    }
  }
  const m = stride(nc);
  const state = new Float64Array(n * m);
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < nc; i++) {
      state[k * m + i] = Math.max(L[k] * x[k][i], 1e-20 * F);
      state[k * m + nc + i] = Math.max(V[k] * (k === 0 && p.totalCondenser ? x[k][i] : y[k][i]), 1e-20 * F);
    }
    state[k * m + 2 * nc] = T[k];
  }
  return state;
}
