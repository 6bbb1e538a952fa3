/**
 * Continuation in the number of stages, for long columns whose Newton iteration does not converge
 * from the Wang–Henke start: the same column with about half the stages in every section (feed,
 * draw and end stages kept, so its specifications mean the same) is solved first, coarser again if
 * that fails, and its converged profile, stretched over the long column, starts the long
 * column's Newton iteration.
 *
 * Why: the start from constant molar overflow and bubble-point sweeps degrades with the length of
 * a section (a 60-tray deethaniser's rectifying section came out with temperature jumps of 30 K
 * between neighbouring stages), and Newton from there left its basin (energy balance residuals
 * growing to 1e6). A converged column of half the length is a profile of the right shape: the long
 * column only sharpens it, which Newton handles in a few iterations.
 */
import type { InitialGuess } from './initialise.js';
import { stride, type MeshFailure, type MeshProblem, type MeshSolution } from './mesh.js';

export interface StagedColumn {
  problem: MeshProblem;
  guess: InitialGuess;
}

interface Coarse extends StagedColumn {
  /** Position of each of its stages on the full column's stage axis (kept stages exactly, the rest between). */
  at: Float64Array;
}

/** Stages that must survive coarsening: the ends and every stage with a feed or a side draw. */
function keptStages(p: MeshProblem): number[] {
  const kept: number[] = [];
  for (let k = 0; k < p.n; k++) {
    const fed = p.feed[k].some((v) => v > 0);
    if (k === 0 || k === p.n - 1 || fed || p.liquidDraw[k] > 0 || p.vapourDraw[k] > 0) kept.push(k);
  }
  return kept;
}

/**
 * Runs of plain stages up to this length are started from the Wang–Henke sweeps directly; longer
 * ones from a shorter column first. Measured on the deethaniser of test/process/column-long: runs
 * of 15 (30 trays) converge directly in 5 Newton iterations, runs of 30 (60 trays) diverge.
 */
export const LONGEST_RUN_STARTED_DIRECTLY = 20;

/** The longest run of plain stages (no feed, no draw) between kept stages. */
export function longestPlainRun(p: MeshProblem): number {
  const kept = keptStages(p);
  let longest = 0;
  for (let s = 0; s + 1 < kept.length; s++) longest = Math.max(longest, kept[s + 1] - kept[s] - 1);
  return longest;
}

/**
 * The column with each run of plain stages between kept stages cut to `fraction` of its length
 * (rounded up); undefined when nothing shrinks.
 */
export function coarsen(c: StagedColumn, fraction: number): Coarse | undefined {
  const p = c.problem;
  const kept = keptStages(p);
  const at: number[] = [kept[0]];
  for (let s = 0; s + 1 < kept.length; s++) {
    const a = kept[s];
    const b = kept[s + 1];
    const inner = Math.ceil((b - a - 1) * fraction);
    for (let j = 1; j <= inner; j++) at.push(a + ((b - a) * j) / (inner + 1));
    at.push(b);
  }
  const n = at.length;
  if (n >= p.n) return undefined;
  const nc = p.model.nc;
  // Kept stages carry the feeds and draws; the inserted ones none. Pressures are interpolated.
  const fine = (k: number): number | undefined => (Number.isInteger(at[k]) && kept.includes(at[k]) ? at[k] : undefined);
  const lerp = (arr: ArrayLike<number>, x: number): number => {
    const i = Math.min(Math.floor(x), p.n - 2);
    const t = x - i;
    return p.n === 1 ? arr[0] : arr[i] * (1 - t) + arr[i + 1] * t;
  };
  const pick = (arr: Float64Array): Float64Array => Float64Array.from({ length: n }, (_, k) => (fine(k) === undefined ? 0 : arr[fine(k)!]));
  const problem: MeshProblem = {
    ...p,
    n,
    P: Float64Array.from(at, (x) => lerp(p.P, x)),
    feed: Array.from({ length: n }, (_, k) => (fine(k) === undefined ? new Float64Array(nc) : p.feed[fine(k)!])),
    feedH: pick(p.feedH),
    liquidDraw: pick(p.liquidDraw),
    vapourDraw: pick(p.vapourDraw),
  };
  const guess: InitialGuess = { ...c.guess, feedVapourFraction: pick(c.guess.feedVapourFraction), feedTemperature: pick(c.guess.feedTemperature) };
  return { problem, guess, at: Float64Array.from(at) };
}

/**
 * A solved state moved to other stage positions on the same axis: temperatures linear between
 * the neighbouring source stages, component flows geometric (a profile falling by a factor per
 * stage stays one). Kept stages sit at the same position in both, so they map exactly.
 */
export function resample(fromAt: ArrayLike<number>, state: Float64Array, toAt: ArrayLike<number>, nc: number): Float64Array {
  const m = stride(nc);
  const out = new Float64Array(toAt.length * m);
  const last = fromAt.length - 1;
  let i = 0;
  for (let k = 0; k < toAt.length; k++) {
    const x = toAt[k];
    while (i < last - 1 && fromAt[i + 1] <= x) i++;
    const j = Math.min(i + 1, last);
    const t = j === i ? 0 : Math.max(0, Math.min(1, (x - fromAt[i]) / (fromAt[j] - fromAt[i])));
    for (let q = 0; q < m; q++) {
      const a = state[i * m + q];
      const b = state[j * m + q];
      out[k * m + q] = q === 2 * nc ? a + t * (b - a) : Math.exp(Math.log(a) + t * (Math.log(b) - Math.log(a)));
    }
  }
  return out;
}

/**
 * Solves the column through shorter columns (at most `depth` halvings): each shorter column is
 * solved by `solve` from the initial state `start` gives and, when that fails, from the next
 * shorter column's solution; the column itself by `solve` from the stretched shorter solution,
 * through a column of three quarters of its length when the stretch from half is too far.
 */
export function solveThroughShorterColumns(
  c: StagedColumn,
  start: (s: StagedColumn) => Float64Array,
  solve: (p: MeshProblem, start: Float64Array) => MeshSolution | MeshFailure,
  depth = 4,
): { solution: MeshSolution | MeshFailure; shorter: number[] } {
  const half = coarsen(c, 0.5);
  if (!half || depth <= 0) return { solution: { ok: false, message: 'no shorter column to start from', iterations: 0, residual: NaN }, shorter: [] };
  // A half column that is still long goes through a shorter one first, as the column itself does.
  const longHalf = longestPlainRun(half.problem) > LONGEST_RUN_STARTED_DIRECTLY;
  let solved: MeshSolution | MeshFailure | undefined = longHalf ? undefined : solve(half.problem, start(half));
  let shorter = [half.problem.n];
  if (!solved?.ok) {
    const deeper = solveThroughShorterColumns(half, start, solve, depth - 1);
    if (deeper.solution.ok) {
      solved = deeper.solution;
      shorter = [...deeper.shorter, half.problem.n];
    } else solved = solved ?? solve(half.problem, start(half));
  }
  if (!solved.ok) return { solution: solved, shorter };
  const nc = c.problem.model.nc;
  const full = Float64Array.from({ length: c.problem.n }, (_, k) => k);
  const direct = solve(c.problem, resample(half.at, solved.state, full, nc));
  if (direct.ok) return { solution: direct, shorter };
  const between = coarsen(c, 0.75);
  if (!between || between.problem.n <= half.problem.n) return { solution: direct, shorter };
  const mid = solve(between.problem, resample(half.at, solved.state, between.at, nc));
  if (!mid.ok) return { solution: direct, shorter };
  return { solution: solve(c.problem, resample(between.at, mid.state, full, nc)), shorter: [...shorter, between.problem.n] };
}
