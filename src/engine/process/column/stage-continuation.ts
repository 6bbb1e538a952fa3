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
import { solveMesh, stride, type MeshFailure, type MeshOptions, type MeshProblem, type MeshSolution } from './mesh.js';

export interface StagedColumn {
  problem: MeshProblem;
  guess: InitialGuess;
}

interface Coarse extends StagedColumn {
  /** For each fine stage: its position on the coarse stage axis (fractional between coarse stages). */
  position: Float64Array;
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

/** The column with each run of plain stages between kept stages roughly halved; undefined when nothing shrinks. */
export function coarsen(c: StagedColumn): Coarse | undefined {
  const p = c.problem;
  const kept = keptStages(p);
  // Fine stage axis positions of the coarse stages, and fine → coarse positions.
  const at: number[] = [kept[0]];
  const position = new Float64Array(p.n);
  position[kept[0]] = 0;
  for (let s = 0; s + 1 < kept.length; s++) {
    const a = kept[s];
    const b = kept[s + 1];
    const inner = b - a - 1;
    const coarseInner = Math.ceil(inner / 2);
    const ca = at.length - 1;
    for (let j = 1; j <= coarseInner; j++) at.push(a + ((b - a) * j) / (coarseInner + 1));
    at.push(b);
    for (let i = 1; i <= inner; i++) position[a + i] = ca + ((coarseInner + 1) * i) / (b - a);
    position[b] = at.length - 1;
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
  return { problem, guess, position };
}

/**
 * The coarse column's solved state stretched over the fine column: temperatures linear between
 * coarse stages, component flows geometric (a profile falling by a factor per stage stays one).
 */
export function refine(coarse: Coarse, coarseState: Float64Array, fineStages: number): Float64Array {
  const nc = coarse.problem.model.nc;
  const m = stride(nc);
  const out = new Float64Array(fineStages * m);
  const last = coarse.problem.n - 1;
  for (let k = 0; k < fineStages; k++) {
    const x = coarse.position[k];
    const i = Math.min(Math.floor(x), Math.max(last - 1, 0));
    const t = last === 0 ? 0 : x - i;
    const j = Math.min(i + 1, last);
    for (let q = 0; q < m; q++) {
      const a = coarseState[i * m + q];
      const b = coarseState[j * m + q];
      out[k * m + q] = q === 2 * nc ? a + t * (b - a) : Math.exp(Math.log(a) + t * (Math.log(b) - Math.log(a)));
    }
  }
  return out;
}

/**
 * Solves the column through shorter columns (at most `depth` halvings), each started from the
 * initial state `start` gives and, when that fails, from the next shorter column's solution.
 */
export function solveThroughShorterColumns(c: StagedColumn, start: (s: StagedColumn) => Float64Array, opts: MeshOptions, depth = 4): { solution: MeshSolution | MeshFailure; shorter: number[] } {
  const coarse = coarsen(c);
  if (!coarse || depth <= 0) return { solution: { ok: false, message: 'no shorter column to start from', iterations: 0, residual: NaN }, shorter: [] };
  let solved = solveMesh(coarse.problem, start(coarse), opts);
  let shorter = [coarse.problem.n];
  if (!solved.ok) {
    const deeper = solveThroughShorterColumns(coarse, start, opts, depth - 1);
    if (!deeper.solution.ok) return deeper;
    solved = deeper.solution;
    shorter = [...deeper.shorter, coarse.problem.n];
  }
  if (!solved.ok) return { solution: solved, shorter };
  return { solution: solveMesh(c.problem, refine(coarse, solved.state, c.problem.n), opts), shorter };
}
