/**
 * Dominant-eigenvalue extrapolation of successive substitution (Michelsen & Mollerup,
 * "Thermodynamic Models: Fundamentals & Computational Aspects", ch. 10). Near convergence the
 * substitution error shrinks by a nearly constant factor λ per step; jumping ahead by
 * λ/(1−λ) times the last step removes most of the remaining geometric tail at once.
 * Used by the stability test (on ln W) and the two-phase split (on ln K).
 */

/** Largest λ trusted: closer to 1 the extrapolation factor blows up and overshoots. */
const MAX_LAMBDA = 0.95;

/**
 * Estimates λ from the last two steps (delta, deltaPrev) and, when it is in (0, MAX_LAMBDA),
 * moves x (length n) forward along delta in place.
 */
export function accelerateSubstitution(x: Float64Array, delta: Float64Array, deltaPrev: Float64Array, n: number): void {
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += delta[i] * delta[i];
    den += deltaPrev[i] * delta[i];
  }
  const lambda = den !== 0 ? num / den : 0;
  if (lambda > 0 && lambda < MAX_LAMBDA) {
    const f = lambda / (1 - lambda);
    for (let i = 0; i < n; i++) x[i] += f * delta[i];
  }
}
