/**
 * The shorter column of the stage continuation keeps the ends, feed and draw stages (with their
 * feeds, draws and pressures) and shortens only the plain runs between them; a state moved to
 * other stage positions and back is unchanged for profiles linear in T and geometric in flows.
 */
import t from 'tap';
import type { MeshProblem } from '../../src/engine/process/column/mesh.js';
import type { InitialGuess } from '../../src/engine/process/column/initialise.js';
import { coarsen, resample } from '../../src/engine/process/column/stage-continuation.js';

const n = 22;
const nc = 2;
const feed = Array.from({ length: n }, (_, k) => Float64Array.from(k === 7 ? [3, 1] : [0, 0]));
const liquidDraw = Float64Array.from({ length: n }, (_, k) => (k === 15 ? 0.5 : 0));
const problem = {
  model: { nc },
  n,
  P: Float64Array.from({ length: n }, (_, k) => 20e5 + 1e4 * k),
  feed,
  feedH: Float64Array.from({ length: n }, (_, k) => (k === 7 ? -1e5 : 0)),
  liquidDraw,
  vapourDraw: new Float64Array(n),
  feedTotals: Float64Array.from([3, 1]),
  feedTotal: 4,
} as unknown as MeshProblem;
const guess = { topFraction: 0.3, reflux: 2, boilup: 1, hasCondenser: true, hasReboiler: true, feedVapourFraction: Float64Array.from({ length: n }, (_, k) => (k === 7 ? 0.25 : 0)), feedTemperature: Float64Array.from({ length: n }, (_, k) => (k === 7 ? 300 : 0)) } as InitialGuess;

t.test('halving keeps the special stages', async (t) => {
  const c = coarsen({ problem, guess }, 0.5)!;
  t.ok(c, 'a shorter column exists');
  // Runs of 6 (0..7), 7 (7..15) and 5 (15..21) plain stages become 3, 4 and 3.
  t.equal(c.problem.n, 1 + 3 + 1 + 4 + 1 + 3 + 1, 'stage count');
  const kept = [0, 7, 15, 21].map((k) => Array.from(c.at).indexOf(k));
  t.ok(kept.every((i) => i >= 0), `ends, feed and draw stages kept at ${kept}`);
  t.same(Array.from(c.problem.feed[kept[1]]), [3, 1], 'the feed on its stage');
  t.equal(c.problem.liquidDraw[kept[2]], 0.5, 'the draw on its stage');
  t.equal(c.problem.feed.reduce((a, f) => a + f[0] + f[1], 0), 4, 'no feed elsewhere');
  t.equal(c.guess.feedVapourFraction[kept[1]], 0.25, 'feed vapour fraction follows the feed');
  t.ok(Array.from(c.at).every((x, k) => Math.abs(c.problem.P[k] - (20e5 + 1e4 * x)) < 1e-6), 'pressures interpolated on the stage axis');
  t.equal(coarsen({ problem: c.problem, guess: c.guess }, 1), undefined, 'nothing to shorten at full length');
});

t.test('resampling is exact for linear temperatures and geometric flows', async (t) => {
  const c = coarsen({ problem, guess }, 0.5)!;
  const m = 2 * nc + 1;
  const profile = (at: ArrayLike<number>) => {
    const s = new Float64Array(at.length * m);
    for (let k = 0; k < at.length; k++) {
      s[k * m] = 10 * 0.7 ** at[k];
      s[k * m + 1] = 2 * 1.3 ** at[k];
      s[k * m + 2] = 5 * 0.9 ** at[k];
      s[k * m + 3] = 1 + 0.1 * at[k] ** 0;
      s[k * m + 4] = 280 + 3 * at[k];
    }
    return s;
  };
  const full = Float64Array.from({ length: n }, (_, k) => k);
  const there = resample(full, profile(full), c.at, nc);
  const back = resample(c.at, there, full, nc);
  const want = profile(full);
  t.ok(there.every((v, i) => Math.abs(v / profile(c.at)[i] - 1) < 1e-12), 'onto the shorter column');
  t.ok(back.every((v, i) => Math.abs(v / want[i] - 1) < 1e-12), 'and back');
});
