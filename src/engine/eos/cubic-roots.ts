/**
 * Real roots of Z³ + c2·Z² + c1·Z + c0 = 0 above the co-volume limit Z > B.
 * Closed form (trigonometric / Cardano) followed by Newton polishing, because the closed form
 * loses digits for the liquid root when the roots are far apart.
 */


function polish(z: number, c2: number, c1: number, c0: number): number {
  for (let k = 0; k < 6; k++) {
    const f = ((z + c2) * z + c1) * z + c0;
    const df = (3 * z + 2 * c2) * z + c1;
    if (df === 0) break;
    const dz = f / df;
    z -= dz;
    if (Math.abs(dz) <= 1e-15 * Math.abs(z)) break;
  }
  return z;
}

/**
 * Writes the smallest and largest admissible roots to out[0] and out[1] and returns how many
 * distinct admissible roots there are (0, 1 or 2; only the extreme roots matter). A scratch
 * array instead of a result object keeps the flash inner loops allocation-free.
 */
export function solveCubicRoots(c2: number, c1: number, c0: number, B: number, out: Float64Array): number {
  const q = (c2 * c2 - 3 * c1) / 9;
  const r = (2 * c2 * c2 * c2 - 9 * c2 * c1 + 27 * c0) / 54;
  const shift = c2 / 3;
  let z1: number;
  let z3: number;
  let three = false;
  const q3 = q * q * q;
  if (r * r < q3) {
    const theta = Math.acos(Math.max(-1, Math.min(1, r / Math.sqrt(q3))));
    const sq = -2 * Math.sqrt(q);
    const ra = sq * Math.cos(theta / 3) - shift;
    const rb = sq * Math.cos((theta + 2 * Math.PI) / 3) - shift;
    const rc = sq * Math.cos((theta - 2 * Math.PI) / 3) - shift;
    z1 = Math.min(ra, rb, rc);
    z3 = Math.max(ra, rb, rc);
    three = true;
  } else {
    const aa = -Math.sign(r) * Math.cbrt(Math.abs(r) + Math.sqrt(r * r - q3));
    const bb = aa === 0 ? 0 : q / aa;
    z1 = z3 = aa + bb - shift;
  }
  z1 = polish(z1, c2, c1, c0);
  z3 = three ? polish(z3, c2, c1, c0) : z1;
  const ok1 = z1 > B && Number.isFinite(z1);
  const ok3 = z3 > B && Number.isFinite(z3);
  if (ok1 && ok3) {
    out[0] = z1;
    out[1] = z3;
    return z3 - z1 > 1e-12 * z3 ? 2 : 1;
  }
  if (ok1 || ok3) {
    out[0] = out[1] = ok3 ? z3 : z1;
    return 1;
  }
  out[0] = out[1] = NaN;
  return 0;
}
