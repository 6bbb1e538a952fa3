/**
 * The MESH equations of a column section in Naphtali–Sandholm form and their Newton solution.
 * Unknowns per stage k (top = 0): liquid component flows l_ki, vapour component flows v_ki (mol/s)
 * and T_k. Equations per stage: component balances M_ki, equilibrium E_ki = K_ki·x_ki − y_ki, and
 * the energy balance H_k (replaced at a condenser/reboiler by its specification; the duty then
 * follows from the energy balance). The Jacobian is block tridiagonal; its blocks are taken by
 * finite differences stage by stage (a stage's K and h depend on that stage's unknowns only),
 * so one Newton step costs (2nc+1) property evaluations per stage.
 */
import type { ThermoModel } from '../../eos/types.js';
import { solveBlockTridiagonal } from './block-tridiagonal.js';
import { StagePropertyEvaluator, type StageProperties } from './stage-properties.js';

/** A specification closing a condenser or reboiler (replaces its energy balance). */
export type EndSpecification =
  | { kind: 'refluxRatio' | 'boilupRatio'; value: number }
  /** Product flow leaving this end, mol/s. */
  | { kind: 'productRate'; value: number }
  /** Product mass flow leaving this end, kg/s (its molar mass follows from the solved composition). */
  | { kind: 'productMassRate'; value: number }
  /** Fraction of the component's total feed leaving in this end's product. */
  | { kind: 'recovery'; component: number; value: number }
  /** Mole fraction of the component in this end's product. */
  | { kind: 'purity'; component: number; value: number }
  /** Heat added, W (a condenser's is negative). */
  | { kind: 'duty'; value: number }
  /** Stage temperature, K. */
  | { kind: 'temperature'; value: number };

export interface MeshProblem {
  model: ThermoModel;
  n: number;
  P: Float64Array;
  /** Component feed flows per stage (mol/s) and feed enthalpy flow per stage (W). */
  feed: Float64Array[];
  feedH: Float64Array;
  /** Side draws per stage, mol/s (on stage 0 with a condenser: liquid distillate). */
  liquidDraw: Float64Array;
  vapourDraw: Float64Array;
  top?: EndSpecification;
  bottom?: EndSpecification;
  /** Total feed of each component and overall (scales). */
  feedTotals: Float64Array;
  feedTotal: number;
  /**
   * Stage 0 is a total condenser: its "vapour" unknowns are the liquid distillate's component
   * flows, its rows are the balances, distillate = reflux composition, and the bubble point.
   */
  totalCondenser?: boolean;
}

export interface MeshOptions {
  maxIterations: number;
  tolerance: number;
}

export interface MeshSolution {
  ok: true;
  state: Float64Array;
  props: StageProperties[];
  iterations: number;
  residual: number;
  /** Max scaled residual after each iteration. */
  history: number[];
}

export interface MeshFailure {
  ok: false;
  message: string;
  /** Stage (0-based within the section) and equation with the largest remaining residual. */
  stage?: number;
  equation?: string;
  iterations: number;
  residual: number;
}

const H_SCALE = 1e4; // J/mol: energy rows are heat flows / (F·H_SCALE)
const T_SCALE = 100; // K: temperature-spec rows

export const stride = (nc: number): number => 2 * nc + 1;

function sums(state: Float64Array, nc: number, k: number): { L: number; V: number } {
  const o = k * stride(nc);
  let L = 0;
  let V = 0;
  for (let i = 0; i < nc; i++) {
    L += state[o + i];
    V += state[o + nc + i];
  }
  return { L, V };
}

export function propsAt(ev: StagePropertyEvaluator, p: MeshProblem, state: Float64Array, k: number): StageProperties | undefined {
  const nc = p.model.nc;
  const o = k * stride(nc);
  if (k === 0 && p.totalCondenser) return bubbleProps(ev, p, state);
  return ev.evaluate(state[o + 2 * nc], p.P[k], state.subarray(o, o + nc), state.subarray(o + nc, o + 2 * nc));
}

/**
 * A total condenser's K at its liquid: the incipient vapour y = K·x is found by substitution to
 * 1e-13 (so K does not depend on the starting vapour, the vapour entering from below).
 */
function bubbleProps(ev: StagePropertyEvaluator, p: MeshProblem, state: Float64Array): StageProperties | undefined {
  const nc = p.model.nc;
  const m = stride(nc);
  const T = state[2 * nc];
  const x = state.subarray(0, nc);
  const start = p.n > 1 ? state.subarray(m + nc, m + 2 * nc) : x;
  let y = Float64Array.from(start, (v) => v / yTotal(start));
  let pr: StageProperties | undefined;
  for (let it = 0; it < 60; it++) {
    pr = ev.evaluate(T, p.P[0], x, y);
    if (!pr) return undefined;
    const next = Float64Array.from(x, (v, i) => pr!.K[i] * v);
    const sum = yTotal(next);
    if (!(sum > 0) || !Number.isFinite(sum)) return undefined;
    let change = 0;
    for (let i = 0; i < nc; i++) {
      next[i] /= sum;
      change = Math.max(change, Math.abs(next[i] - y[i]));
    }
    y = next;
    if (change < 1e-13) break;
  }
  return pr;
}

const yTotal = (y: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i];
  return s;
};

/** Residual rows of stage k (length 2nc+1) written into out. */
export function stageResidual(p: MeshProblem, state: Float64Array, props: (StageProperties | undefined)[], k: number, out: Float64Array): void {
  const nc = p.model.nc;
  const m = stride(nc);
  const o = k * m;
  const F = p.feedTotal;
  const { L, V } = sums(state, nc, k);
  const sL = 1 + p.liquidDraw[k] / L;
  const sV = 1 + p.vapourDraw[k] / V;
  const pr = props[k]!;
  const above = k > 0 ? k - 1 : -1;
  const below = k < p.n - 1 ? k + 1 : -1;
  const total = k === 0 && p.totalCondenser === true;
  if (total) {
    // v holds the liquid distillate: balances, distillate composition = reflux composition, bubble point.
    let sumKx = 0;
    for (let i = 0; i < nc; i++) {
      const inflow = (below >= 0 ? state[below * m + nc + i] : 0) + p.feed[k][i];
      out[i] = (inflow - state[o + i] - state[o + nc + i]) / F;
      if (i < nc - 1) out[nc + i] = state[o + nc + i] / V - state[o + i] / L;
      sumKx += (pr.K[i] * state[o + i]) / L;
    }
    out[2 * nc - 1] = sumKx - 1;
  } else for (let i = 0; i < nc; i++) {
    const inflow = (above >= 0 ? state[above * m + i] : 0) + (below >= 0 ? state[below * m + nc + i] : 0) + p.feed[k][i];
    out[i] = (inflow - state[o + i] * sL - state[o + nc + i] * sV) / F;
    out[nc + i] = (pr.K[i] * state[o + i]) / L - state[o + nc + i] / V;
  }
  const spec = k === 0 && p.top ? p.top : k === p.n - 1 && p.bottom ? p.bottom : undefined;
  const energy = (Q: number): number => {
    let hin = p.feedH[k];
    if (above >= 0) hin += sums(state, nc, above).L * props[above]!.hL;
    if (below >= 0) hin += sums(state, nc, below).V * props[below]!.hV;
    const hout = total ? (L + V) * pr.hL : L * sL * pr.hL + V * sV * pr.hV;
    return (hin - hout + Q) / (F * H_SCALE);
  };
  if (!spec) {
    out[2 * nc] = energy(0);
    return;
  }
  const isTop = k === 0 && p.top === spec;
  // The product leaving this end: vapour + liquid draw at the top, liquid + draw at the bottom.
  const product = (i: number): number => (isTop ? state[o + nc + i] * sV + state[o + i] * (sL - 1) : state[o + i] * sL + state[o + nc + i] * (sV - 1));
  const productTotal = isTop ? V * sV + L * (sL - 1) : L * sL + V * (sV - 1);
  switch (spec.kind) {
    case 'refluxRatio':
      out[2 * nc] = (L - spec.value * productTotal) / F;
      return;
    case 'boilupRatio':
      out[2 * nc] = (V - spec.value * productTotal) / F;
      return;
    case 'productRate':
      out[2 * nc] = (productTotal - spec.value) / F;
      return;
    case 'productMassRate': {
      // Scaled by the feed's mass flow, as the molar rate is by its molar flow.
      let mass = 0;
      let feedMass = 0;
      for (let i = 0; i < nc; i++) {
        mass += product(i) * p.model.components[i].molarMass;
        feedMass += p.feedTotals[i] * p.model.components[i].molarMass;
      }
      out[2 * nc] = (mass - spec.value) / feedMass;
      return;
    }
    case 'recovery':
      out[2 * nc] = (product(spec.component) - spec.value * p.feedTotals[spec.component]) / F;
      return;
    case 'purity':
      out[2 * nc] = product(spec.component) / productTotal - spec.value;
      return;
    case 'duty':
      out[2 * nc] = energy(spec.value);
      return;
    case 'temperature':
      out[2 * nc] = (state[o + 2 * nc] - spec.value) / T_SCALE;
      return;
  }
}

/** Heat added on stage k (W) that closes its energy balance. */
export function stageDuty(p: MeshProblem, state: Float64Array, props: StageProperties[], k: number): number {
  const nc = p.model.nc;
  const { L, V } = sums(state, nc, k);
  let hin = p.feedH[k];
  if (k > 0) hin += sums(state, nc, k - 1).L * props[k - 1].hL;
  if (k < p.n - 1) hin += sums(state, nc, k + 1).V * props[k + 1].hV;
  const hout = k === 0 && p.totalCondenser ? (L + V) * props[k].hL : (L + p.liquidDraw[k]) * props[k].hL + (V + p.vapourDraw[k]) * props[k].hV;
  return hout - hin;
}

/** The current value of an end's specified quantity (in the specification's units). */
export function specValue(p: MeshProblem, state: Float64Array, props: StageProperties[], end: 'top' | 'bottom', spec: EndSpecification): number {
  const nc = p.model.nc;
  const k = end === 'top' ? 0 : p.n - 1;
  const o = k * stride(nc);
  const { L, V } = sums(state, nc, k);
  const sL = 1 + p.liquidDraw[k] / L;
  const sV = 1 + p.vapourDraw[k] / V;
  const isTop = end === 'top';
  const product = (i: number): number => (isTop ? state[o + nc + i] * sV + state[o + i] * (sL - 1) : state[o + i] * sL + state[o + nc + i] * (sV - 1));
  const productTotal = isTop ? V * sV + L * (sL - 1) : L * sL + V * (sV - 1);
  switch (spec.kind) {
    case 'refluxRatio':
      return L / productTotal;
    case 'boilupRatio':
      return V / productTotal;
    case 'productRate':
      return productTotal;
    case 'productMassRate': {
      let mass = 0;
      for (let i = 0; i < nc; i++) mass += product(i) * p.model.components[i].molarMass;
      return mass;
    }
    case 'recovery':
      return product(spec.component) / p.feedTotals[spec.component];
    case 'purity':
      return product(spec.component) / productTotal;
    case 'duty':
      return stageDuty(p, state, props, k);
    case 'temperature':
      return state[o + 2 * nc];
  }
}

export function equationName(p: MeshProblem, row: number, k: number): string {
  const nc = p.model.nc;
  const names = p.model.components.map((c) => c.name);
  if (row < nc) return `component balance of ${names[row]}`;
  if (k === 0 && p.totalCondenser && row === 2 * nc - 1) return 'bubble point of the total condenser';
  if (k === 0 && p.totalCondenser && row < 2 * nc - 1) return `distillate composition of ${names[row - nc]}`;
  if (row < 2 * nc) return `phase equilibrium of ${names[row - nc]}`;
  const spec = k === 0 && p.top ? p.top : k === p.n - 1 && p.bottom ? p.bottom : undefined;
  return spec && spec.kind !== 'duty' ? `specification (${spec.kind})` : 'energy balance';
}

function allResiduals(p: MeshProblem, state: Float64Array, props: (StageProperties | undefined)[]): Float64Array[] {
  const m = stride(p.model.nc);
  const out: Float64Array[] = [];
  for (let k = 0; k < p.n; k++) {
    const r = new Float64Array(m);
    stageResidual(p, state, props, k, r);
    out.push(r);
  }
  return out;
}

function maxAbs(rs: Float64Array[]): { value: number; stage: number; row: number } {
  let value = 0;
  let stage = 0;
  let row = 0;
  rs.forEach((r, k) =>
    r.forEach((v, i) => {
      const a = Number.isFinite(v) ? Math.abs(v) : Infinity;
      if (a > value || !Number.isFinite(a)) [value, stage, row] = [a, k, i];
    }),
  );
  return { value, stage, row };
}

const norm2 = (rs: Float64Array[]): number => Math.sqrt(rs.reduce((a, r) => a + r.reduce((b, v) => b + v * v, 0), 0));

/** Newton–Raphson on the full MESH system from the starting state (modified in place). */
export function solveMesh(p: MeshProblem, start: Float64Array, opts: MeshOptions): MeshSolution | MeshFailure {
  const nc = p.model.nc;
  const m = stride(nc);
  const n = p.n;
  const ev = new StagePropertyEvaluator(p.model);
  let state = Float64Array.from(start);
  let props: (StageProperties | undefined)[] = [];
  const evalAll = (s: Float64Array): (StageProperties | undefined)[] => Array.from({ length: n }, (_, k) => propsAt(ev, p, s, k));
  props = evalAll(state);
  const bad = props.findIndex((x) => x === undefined);
  if (bad >= 0) return { ok: false, message: `no equation-of-state solution at the starting state of stage ${bad}`, stage: bad, iterations: 0, residual: Infinity };
  let res = allResiduals(p, state, props);
  const history: number[] = [];
  const startNorm = norm2(res);
  for (let it = 1; it <= opts.maxIterations; it++) {
    const worst = maxAbs(res);
    if (worst.value <= opts.tolerance) return { ok: true, state, props: props as StageProperties[], iterations: it - 1, residual: worst.value, history };
    // Jacobian blocks by finite differences: perturbing stage j moves rows of j−1, j, j+1.
    // A block can come out singular from rounding alone (a total condenser's bubble-point K is
    // itself an inner iteration converged to 1e-13): the blocks are then built once more with
    // steps 1000 times larger before the column is declared singular.
    const buildAndSolve = (stepFactor: number) => {
      const A = Array.from({ length: n }, () => new Float64Array(m * m));
      const B = Array.from({ length: n }, () => new Float64Array(m * m));
      const C = Array.from({ length: n }, () => new Float64Array(m * m));
      const row = new Float64Array(m);
      for (let j = 0; j < n; j++) {
        const { L, V } = sums(state, nc, j);
        for (let q = 0; q < m; q++) {
          const idx = j * m + q;
          const x0 = state[idx];
          const scale = q < nc ? L : q < 2 * nc ? V : 1;
          const h = stepFactor * (q === 2 * nc ? 1e-4 : Math.max(Math.abs(x0) * 1e-6, scale * 1e-9, 1e-300));
          state[idx] = x0 + h;
          const saved = props[j];
          props[j] = propsAt(ev, p, state, j);
          if (!props[j]) {
            state[idx] = x0 - h;
            props[j] = propsAt(ev, p, state, j);
          }
          const step = state[idx] - x0;
          if (props[j]) {
            for (const k of [j - 1, j, j + 1]) {
              if (k < 0 || k >= n) continue;
              stageResidual(p, state, props, k, row);
              const blk = k === j ? B[k] : k === j - 1 ? C[k] : A[k];
              for (let r = 0; r < m; r++) blk[r * m + q] = (row[r] - res[k][r]) / step;
            }
          }
          props[j] = saved;
          state[idx] = x0;
        }
      }
      return solveBlockTridiagonal({ n, m, A, B, C, d: res.map((r) => r.map((v) => -v)) });
    };
    let sol = buildAndSolve(1);
    if (!sol.ok) sol = buildAndSolve(1e3);
    if (!sol.ok) return { ok: false, message: `singular Newton matrix at stage ${sol.block}`, stage: sol.block, equation: 'Jacobian block', iterations: it, residual: worst.value };
    const before = norm2(res);
    let lambda = 1;
    let accepted = false;
    for (let tries = 0; tries < 8 && !accepted; tries++) {
      const trial = Float64Array.from(state);
      for (let k = 0; k < n; k++) {
        for (let q = 0; q < m; q++) {
          const idx = k * m + q;
          const d = lambda * sol.x[k][q];
          if (q === 2 * nc) trial[idx] = state[idx] + Math.max(-20, Math.min(20, d));
          else {
            const v = state[idx] + d;
            // Flows stay positive: a step through zero goes a fifth of the way instead.
            trial[idx] = v > 0 ? v : state[idx] * 0.2;
          }
        }
      }
      const tp = evalAll(trial);
      if (tp.some((x) => x === undefined)) {
        lambda /= 2;
        continue;
      }
      const tr = allResiduals(p, trial, tp);
      const after = norm2(tr);
      if (after < before || tries === 7 || !Number.isFinite(before)) {
        if (!Number.isFinite(after)) {
          lambda /= 2;
          continue;
        }
        state = trial;
        props = tp;
        res = tr;
        accepted = true;
      } else lambda /= 2;
    }
    if (!accepted) return { ok: false, message: 'the Newton step found no state with a solvable equation of state', stage: worst.stage, equation: equationName(p, worst.row, worst.stage), iterations: it, residual: worst.value };
    history.push(maxAbs(res).value);
    // Left the basin: scaled residuals a thousand times the start's and above 1e3 (heat
    // imbalances of 1e7 J per mol of feed) are not recovered from; the caller's fallbacks
    // (specification and stage-count continuation) are cheaper than the remaining iterations.
    const now = norm2(res);
    if (now > 1e3 && now > 1e3 * startNorm) {
      const w = maxAbs(res);
      return { ok: false, message: `Newton iteration diverged (largest scaled residual ${w.value.toExponential(2)} after ${it} iterations)`, stage: w.stage, equation: equationName(p, w.row, w.stage), iterations: it, residual: w.value };
    }
  }
  const worst = maxAbs(res);
  if (worst.value <= opts.tolerance) return { ok: true, state, props: props as StageProperties[], iterations: opts.maxIterations, residual: worst.value, history };
  return { ok: false, message: `MESH equations not converged after ${opts.maxIterations} Newton iterations (largest scaled residual ${worst.value.toExponential(2)})`, stage: worst.stage, equation: equationName(p, worst.row, worst.stage), iterations: opts.maxIterations, residual: worst.value };
}
