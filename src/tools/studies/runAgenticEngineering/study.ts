/**
 * Ranking candidate designs (runAgenticEngineering "study"): constraints decide feasibility,
 * objectives are scored by min-max normalisation over the feasible candidates (the best gets 1,
 * the worst 0; all equal gives 1), the weighted mean ranks them, and the Pareto set is the
 * feasible candidates no other feasible candidate dominates (at least as good in every objective,
 * better in one). Infeasible candidates rank after the feasible ones, by how far they miss
 * (the sum of each violation over the limit's magnitude). Pure: no state, no I/O.
 */

export interface Candidate {
  name: string;
  metrics: Record<string, number>;
}
export interface Objective {
  metric: string;
  direction: 'minimize' | 'maximize';
  weight?: number;
}
export interface Constraint {
  metric: string;
  min?: number;
  max?: number;
}
export interface Violation {
  metric: string;
  value: number | null;
  /** The limit missed; null for a missing objective metric (it has no limit). */
  limit: number | null;
  kind: 'below_min' | 'above_max' | 'missing';
}
export interface RankedCandidate {
  name: string;
  feasible: boolean;
  violations: Violation[];
  /** Per objective metric, 0 (worst feasible) … 1 (best feasible); only for feasible candidates. */
  normalizedScores: Record<string, number>;
  weightedScore: number | null;
  paretoOptimal: boolean;
  rank: number;
  /** Sum of relative violations (0 when feasible). */
  violationMeasure: number;
}

function violationsOf(c: Candidate, constraints: readonly Constraint[], objectives: readonly Objective[]): Violation[] {
  const out: Violation[] = [];
  for (const k of constraints) {
    const v = c.metrics[k.metric];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      out.push({ metric: k.metric, value: null, limit: k.min ?? k.max ?? null, kind: 'missing' });
      continue;
    }
    if (k.min !== undefined && v < k.min) out.push({ metric: k.metric, value: v, limit: k.min, kind: 'below_min' });
    if (k.max !== undefined && v > k.max) out.push({ metric: k.metric, value: v, limit: k.max, kind: 'above_max' });
  }
  // An objective the candidate has no value for cannot be scored: it cannot be recommended.
  for (const o of objectives) {
    const v = c.metrics[o.metric];
    if ((typeof v !== 'number' || !Number.isFinite(v)) && !out.some((x) => x.metric === o.metric && x.kind === 'missing')) out.push({ metric: o.metric, value: null, limit: null, kind: 'missing' });
  }
  return out;
}

/** Relative miss of one violation; capped so that metrics near ±1e308 cannot overflow the sum to Infinity. */
function relativeMiss(v: Violation): number {
  if (v.kind === 'missing' || v.value === null || v.limit === null) return 1;
  // Halves first: the difference of two numbers near ±1.8e308 overflows, the difference of their halves does not.
  const r = (2 * Math.abs(v.value / 2 - v.limit / 2)) / Math.max(Math.abs(v.limit), 1e-12);
  return Number.isFinite(r) ? Math.min(r, 1e300) : 1e300;
}

const measure = (vs: Violation[]): number => Math.min(vs.reduce((s, v) => s + relativeMiss(v), 0), 1e300);

/** `a` dominates `b`: no worse in every objective and better in at least one. */
function dominates(a: Candidate, b: Candidate, objectives: readonly Objective[]): boolean {
  let better = false;
  for (const o of objectives) {
    const x = a.metrics[o.metric]!;
    const y = b.metrics[o.metric]!;
    const ax = o.direction === 'minimize' ? -x : x;
    const by = o.direction === 'minimize' ? -y : y;
    if (ax < by) return false;
    if (ax > by) better = true;
  }
  return better;
}

export function rankCandidates(candidates: readonly Candidate[], objectives: readonly Objective[], constraints: readonly Constraint[]): RankedCandidate[] {
  const rows = candidates.map((c) => {
    const violations = violationsOf(c, constraints, objectives);
    return { c, violations, feasible: violations.length === 0 };
  });
  const feasible = rows.filter((r) => r.feasible).map((r) => r.c);
  const range = new Map(objectives.map((o) => {
    const vals = feasible.map((c) => c.metrics[o.metric]!);
    return [o.metric, { lo: Math.min(...vals), hi: Math.max(...vals) }];
  }));
  const totalWeight = objectives.reduce((s, o) => s + (o.weight ?? 1), 0);
  const ranked: RankedCandidate[] = rows.map(({ c, violations, feasible: ok }) => {
    const normalizedScores: Record<string, number> = {};
    let weighted: number | null = null;
    if (ok && objectives.length > 0) {
      let s = 0;
      for (const o of objectives) {
        const { lo, hi } = range.get(o.metric)!;
        const v = c.metrics[o.metric]!;
        // Halved differences: hi − lo of metrics near ±1e308 would overflow to Infinity and give NaN.
        const span = hi / 2 - lo / 2;
        const n = hi === lo ? 1 : o.direction === 'maximize' ? (v / 2 - lo / 2) / span : (hi / 2 - v / 2) / span;
        normalizedScores[o.metric] = n;
        s += (o.weight ?? 1) * n;
      }
      weighted = totalWeight > 0 ? s / totalWeight : null;
    }
    const pareto = ok && objectives.length > 0 && !feasible.some((other) => other !== c && dominates(other, c, objectives));
    return { name: c.name, feasible: ok, violations, normalizedScores, weightedScore: weighted, paretoOptimal: pareto, rank: 0, violationMeasure: measure(violations) };
  });
  const order = [...ranked].sort((a, b) => {
    if (a.feasible !== b.feasible) return a.feasible ? -1 : 1;
    if (a.feasible) return (b.weightedScore ?? 0) - (a.weightedScore ?? 0);
    return a.violationMeasure - b.violationMeasure;
  });
  order.forEach((r, i) => (r.rank = i + 1));
  return ranked;
}
