/**
 * Edit distances for the spelling suggestions. A module of its own, without the component
 * database, so the service's "did you mean" for field names and enum values does not load the
 * database at start (issue 25: cold start).
 */
/** Levenshtein edit distance (insert/delete/substitute, unit costs), case-sensitive. */
export function levenshtein(a: string, b: string): number {
  return boundedLevenshtein(a, b, Infinity);
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance, or some value ≥ bound as soon as the distance is known to reach bound
 * (every cell of a row ≥ bound). Lets the suggestion scan drop hopeless candidates early.
 */
export function boundedLevenshtein(a: string, b: string, bound: number): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (Math.abs(a.length - b.length) >= bound) return bound;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= bound) return bound;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}
