/**
 * The Planck–Einstein part of the GERG-2004 ideal-gas heat capacity (Jaeschke & Schley 1995), used
 * by GERG-2008 and AGA8 DETAIL: Σ_k n_k ln|sinh(θ_k/T)| for k = 4, 6 and −Σ_k n_k ln cosh(θ_k/T)
 * for k = 5, 7 (Kunz & Wagner 2012, eq. 7.6). θ = 0 marks an absent term.
 */

/**
 * Writes, for one component at T, out[0] = Σ ±n ln h(y), out[1] = Σ ±n·y·h'(y)/h(y) and
 * out[2] = Σ n·(y/h)², with y = θ/T, h = sinh for terms 0 and 2 and cosh for terms 1 and 3 (±: + for
 * sinh, − for cosh). These give α° and its first and second temperature derivatives.
 */
export function planckEinsteinSums(n: readonly number[], theta: readonly number[], T: number, out: Float64Array): void {
  let s0 = 0, s1 = 0, s2 = 0;
  for (let j = 0; j < 4; j++) {
    if (!(theta[j] > 0)) continue;
    const y = theta[j] / T;
    const ep = Math.exp(y);
    const em = 1 / ep;
    const hsn = (ep - em) / 2;
    const hcn = (ep + em) / 2;
    if (j === 0 || j === 2) {
      s0 += n[j] * Math.log(Math.abs(hsn));
      s1 += (n[j] * y * hcn) / hsn;
      s2 += n[j] * (y / hsn) * (y / hsn);
    } else {
      s0 -= n[j] * Math.log(Math.abs(hcn));
      s1 -= (n[j] * y * hsn) / hcn;
      s2 += n[j] * (y / hcn) * (y / hcn);
    }
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
}
