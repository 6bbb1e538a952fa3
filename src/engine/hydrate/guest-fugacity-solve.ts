/**
 * The water-rich hydrate TP flash solved in the guests' fugacities (a second path beside the
 * search in ./hydrate-flash.ts, tried first for feeds of water and two or more guests only).
 *
 * Why: with SRK/PR almost no gas dissolves in water, so in the search on the fluid's amounts a
 * trace second phase (gas, or a propane-rich liquid) appears and vanishes near the answer and the
 * guests' fugacities jump with it; the guest balance in amounts cannot follow. Written in
 * a_g = ln f_g instead, everything is smooth: the aqueous phase's composition follows from f_g
 * through its fugacity coefficients (nearly constant at infinite dilution, so a few substitutions
 * converge), the hydrate's occupancies follow from f_g directly, and a second phase is an explicit
 * amount V with its own closure. Two branches:
 *
 * - aqueous only. Unknowns a_g and t = ln W (W: water left in the fluid, ξ = z_w − W in hydrate).
 *     r_g = ln(W·x_g/x_w + ξ·G_g(f)) − ln z_g,   r_w = ln f_w^H(f) − ln f_w^aq.
 * - aqueous + a second phase of amount V. Also unknown V; its composition y from y_i·φ_i(y)·P = f_i
 *   by substitution, with the closure r_V = ln Σ_i f_i/(φ_i(y)·P) = 0 (the phase exists at those
 *   fugacities); the aqueous amount L follows from the water balance.
 *
 * The aqueous-only answer holds when no second phase is stable beside it (Σ_i f_i/(φ_i(y)P) ≤ 1
 * for a gas-like and a liquid-like trial, the tangent-plane test); otherwise the two-phase branch
 * is solved from it and holds when V ≥ 0. Each branch is Newton's method with a finite-difference
 * Jacobian and a backtracking line search on the largest residual. Every evaluation costs a few
 * fugacity-coefficient calls, no flash, so a failure is reported in milliseconds.
 */
import type { ThermoModel } from '../eos/types.js';
import { makePhase, type FlashResult } from '../flash/phase-state.js';
import { solveInPlace } from '../flash/linalg.js';
import type { HydrateStructure } from './parameters.js';
import { hydrateWaterOf, pureLiquidWaterLnFugacity, type HydrateSystem, type HydrateWater } from './vdwp.js';

export interface GuestFugacitySolution {
  ok: true;
  fluid: FlashResult;
  hydrate: HydrateWater;
  /** Structural water in hydrate, mol per mol feed. */
  xi: number;
  /** Every component left in the fluid, mol per mol feed. */
  rem: Float64Array;
}

export type GuestFugacityOutcome = GuestFugacitySolution | { ok: false; message: string };

/** Whether this path applies: water and hydrate guests only, at least two guests. */
export function guestFugacityPathApplies(sys: HydrateSystem): boolean {
  return sys.guests.length >= 2 && sys.guests.length + 1 === sys.nc;
}

type Root = 'vapor' | 'liquid';

interface Evaluation {
  r: Float64Array;
  x: Float64Array;
  lnPhiX: Float64Array;
  volX: number;
  second?: { y: Float64Array; lnPhi: Float64Array; vol: number };
  hydrate: HydrateWater;
  rem: Float64Array;
  xi: number;
  L: number;
  V: number;
}

const TOL = 1e-12;

/**
 * Solves the hydrate + fluid equilibrium of feed z at T (K), P (Pa) for the given structure.
 * lnFStart: ln f (Pa) of the feed's fluid (start of a_g); trial: a composition of the feed's
 * non-aqueous phase, if any (start of the second phase's composition).
 */
export function solveInGuestFugacities(
  model: ThermoModel,
  sys: HydrateSystem,
  T: number,
  P: number,
  z: Float64Array,
  structure: HydrateStructure,
  lnFStart: ArrayLike<number>,
  trial: ArrayLike<number> | undefined,
): GuestFugacityOutcome {
  const at = model.atTemperature(T);
  const nc = model.nc;
  const w = sys.water;
  const guests = sys.guests.map((g) => g.index);
  const n = guests.length;
  const lnP = Math.log(P);
  const lnFwPure = sys.variant === 'GF' ? NaN : pureLiquidWaterLnFugacity(at, sys, P);
  const lp = new Float64Array(nc);

  /** The aqueous phase at guest fugacities lnF (water's entry ignored), by substitution. */
  const aqueous = (lnF: Float64Array): { x: Float64Array; lnPhi: Float64Array; vol: number } | undefined => {
    const x = new Float64Array(nc);
    x[w] = 1;
    for (let it = 0; it < 100; it++) {
      const vol = at.lnPhi(P, x, 'liquid', lp);
      if (!Number.isFinite(vol)) return undefined;
      let sum = 0;
      let change = 0;
      for (const g of guests) {
        const xn = Math.exp(lnF[g] - lp[g] - lnP);
        change = Math.max(change, Math.abs(xn - x[g]) / xn);
        x[g] = xn;
        sum += xn;
      }
      if (!(sum < 0.5)) return undefined;
      x[w] = 1 - sum;
      if (change < 1e-15) break;
    }
    const vol = at.lnPhi(P, x, 'liquid', lp);
    return { x, lnPhi: Float64Array.from(lp), vol };
  };

  /** A second phase at fugacities lnF (all components): composition and ln Σ f_i/(φ_i P). */
  const secondPhase = (lnF: Float64Array, root: Root, y0: ArrayLike<number>): { y: Float64Array; lnPhi: Float64Array; vol: number; lnSum: number } | undefined => {
    const y = Float64Array.from(y0);
    let lnSum = NaN;
    for (let it = 0; it < 500; it++) {
      const vol = at.lnPhi(P, y, root, lp);
      if (!Number.isFinite(vol)) return undefined;
      let sum = 0;
      const Y = new Float64Array(nc);
      for (let i = 0; i < nc; i++) sum += Y[i] = Math.exp(lnF[i] - lp[i] - lnP);
      let change = 0;
      for (let i = 0; i < nc; i++) {
        const v = Y[i] / sum;
        change = Math.max(change, Math.abs(v - y[i]));
        y[i] = v;
      }
      lnSum = Math.log(sum);
      if (change < 1e-14) break;
    }
    const vol = at.lnPhi(P, y, root, lp);
    let sum = 0;
    for (let i = 0; i < nc; i++) sum += Math.exp(lnF[i] - lp[i] - lnP);
    lnSum = Math.log(sum);
    return { y, lnPhi: Float64Array.from(lp), vol, lnSum };
  };

  let yStart: Float64Array = Float64Array.from({ length: nc }, (_, i) => (i === w ? 0 : z[i]));
  if (trial !== undefined) yStart = Float64Array.from(trial);
  {
    const s = yStart.reduce((a, b) => a + b, 0);
    yStart = Float64Array.from(yStart, (v) => v / s);
  }

  /** Residuals at X = [a_g…, ln W, (V)]; undefined outside the domain. */
  const evaluate = (X: Float64Array, root: Root | undefined): Evaluation | undefined => {
    const lnF = new Float64Array(nc);
    guests.forEach((g, k) => (lnF[g] = X[k]));
    const aq = aqueous(lnF);
    if (aq === undefined) return undefined;
    lnF[w] = Math.log(aq.x[w]) + aq.lnPhi[w] + lnP;
    const hydrate = hydrateWaterOf(sys, structure, T, P, lnF, lnFwPure);
    const W = Math.exp(X[n]);
    const xi = z[w] - W;
    if (!(xi > 0)) return undefined;
    let V = 0;
    let L = W / aq.x[w];
    let second: Evaluation['second'];
    let lnSum = 0;
    if (root !== undefined) {
      V = X[n + 1];
      const sp = secondPhase(lnF, root, yStart);
      // A "second phase" that is the water again is the trivial solution, not a phase.
      if (sp === undefined || sp.y[w] > 0.5) return undefined;
      second = sp;
      lnSum = sp.lnSum;
      L = (W - V * sp.y[w]) / aq.x[w];
      if (!(L > 0)) return undefined;
    }
    const rem = new Float64Array(nc);
    for (let i = 0; i < nc; i++) rem[i] = L * aq.x[i] + (second === undefined ? 0 : V * second.y[i]);
    const r = new Float64Array(root === undefined ? n + 1 : n + 2);
    for (let k = 0; k < n; k++) {
      const g = guests[k];
      const total = rem[g] + xi * hydrate.guestsPerWater[g];
      if (!(total > 0)) return undefined;
      r[k] = Math.log(total) - Math.log(z[g]);
    }
    r[n] = hydrate.lnFugacity - lnF[w];
    if (root !== undefined) r[n + 1] = lnSum;
    return { r, x: aq.x, lnPhiX: aq.lnPhi, volX: aq.vol, second, hydrate, rem, xi, L, V };
  };

  const norm = (r: Float64Array): number => r.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

  const newton = (X0: Float64Array, root: Root | undefined): { X: Float64Array; e: Evaluation } | undefined => {
    const X = Float64Array.from(X0);
    let e = evaluate(X, root);
    if (e === undefined) return undefined;
    const m = X.length;
    for (let it = 0; it < 80; it++) {
      if (norm(e.r) < TOL) return { X, e };
      const J = new Float64Array(m * m);
      for (let k = 0; k < m; k++) {
        const h = k === n + 1 ? 1e-9 : 1e-7;
        const Xh = Float64Array.from(X);
        Xh[k] += k === n ? -h : h;
        const d = evaluate(Xh, root);
        if (d === undefined) return undefined;
        for (let j = 0; j < m; j++) J[j * m + k] = (d.r[j] - e.r[j]) / (Xh[k] - X[k]);
      }
      const step = Float64Array.from(e.r, (v) => -v);
      if (!solveInPlace(J, step, m)) return undefined;
      // Caps: fugacities and water by e^±2 per step, the phase amount by 0.05 per step.
      let scale = 1;
      for (let k = 0; k < m; k++) {
        const cap = k === n + 1 ? 0.05 : 2;
        if (Math.abs(step[k]) * scale > cap) scale = cap / Math.abs(step[k]);
      }
      let accepted = false;
      for (let back = 0; back < 40; back++, scale /= 2) {
        const Xt = Float64Array.from(X, (v, k) => v + scale * step[k]);
        const et = evaluate(Xt, root);
        if (et !== undefined && norm(et.r) < norm(e.r) * (1 - 1e-4 * scale)) {
          X.set(Xt);
          e = et;
          accepted = true;
          break;
        }
      }
      if (!accepted) return norm(e.r) < 1e-10 ? { X, e } : undefined;
    }
    return norm(e.r) < TOL ? { X, e } : undefined;
  };

  // Start: the feed's guest fugacities, and the water in hydrate that holds all the guests.
  const X0 = new Float64Array(n + 1);
  guests.forEach((g, k) => (X0[k] = lnFStart[g]));
  {
    const h = hydrateWaterOf(sys, structure, T, P, lnFStart, lnFwPure);
    let guestsIn = 0;
    let held = 0;
    for (const g of guests) {
      guestsIn += z[g];
      held += h.guestsPerWater[g];
    }
    const xi = Math.min(guestsIn / held, 0.99 * z[w]);
    X0[n] = Math.log(z[w] - xi);
  }
  const one = newton(X0, undefined);
  let solved: { X: Float64Array; e: Evaluation } | undefined;
  let root: Root | undefined;
  if (one !== undefined) {
    // Is a second phase stable beside this water? The trial that most exceeds Σ Y = 1.
    const lnF = new Float64Array(nc);
    for (let i = 0; i < nc; i++) lnF[i] = Math.log(one.e.x[i]) + one.e.lnPhiX[i] + lnP;
    let worst = 0;
    for (const r of ['vapor', 'liquid'] as const) {
      const sp = secondPhase(lnF, r, yStart);
      if (sp !== undefined && sp.lnSum > worst + 1e-10 && sp.y[w] < 0.5) {
        worst = sp.lnSum;
        root = r;
        yStart = sp.y;
      }
    }
    if (root === undefined) solved = one;
  }
  if (solved === undefined) {
    const tries: Root[] = root !== undefined ? [root] : ['vapor', 'liquid'];
    // From no second phase, or (when the water-only branch failed: a guest no cage takes stays
    // in the fluid) from a second phase of the feed's non-aqueous amount.
    const starts: [Float64Array, number][] = [0.1 * (1 - z[w]), 1 - z[w]].map((v): [Float64Array, number] => [X0, v]);
    if (one !== undefined) starts.unshift([one.X, 0]);
    search: for (const r of tries) {
      for (const [base, V0] of starts) {
        const two = newton(Float64Array.from([...base, V0]), r);
        if (two !== undefined && two.e.V >= 0) {
          solved = two;
          root = r;
          break search;
        }
      }
    }
  }
  if (solved === undefined) return { ok: false, message: 'no hydrate + water equilibrium found in the guest fugacities' };
  const e = solved.e;
  const N = e.rem.reduce((a, b) => a + b, 0);
  const phases = [];
  if (e.second !== undefined && e.V / N > 1.01e-12) phases.push(makePhase(model, at, P, e.second.y, e.second.lnPhi, e.second.vol, e.V / N));
  phases.push(makePhase(model, at, P, e.x, e.lnPhiX, e.volX, e.L / N));
  const fluid: FlashResult = { T, P, z: Float64Array.from(e.rem, (v) => v / N), phases, iterations: 0, stabilityTm: 0, method: 'hydrate guest-fugacity solve' };
  return { ok: true, fluid, hydrate: e.hydrate, xi: e.xi, rem: e.rem };
}
