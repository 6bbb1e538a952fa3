/**
 * Alpha functions of the cubic equations of state, as options beside the default (classic) one.
 *
 * - classic: Soave (SRK) or PR-1976 α = [1 + m(ω)(1 − √Tr)]², the original's default; parity with
 *   NeqSim is defined on it, so it stays the default.
 * - mathias-copeman: Mathias & Copeman, Fluid Phase Equilib. 13 (1983) 91:
 *   α = [1 + c1·s + c2·s² + c3·s³]², s = 1 − √Tr, below Tc; [1 + c1·s]² above Tc (the published
 *   form, which keeps α smooth in value and slope at Tc). c1–c3 are fitted to each component's
 *   vapour pressure, separately for SRK (COMP.csv MC1–3) and PR (MCPR1–3).
 * - twu: Twu, Bluck, Cunningham & Coon, Fluid Phase Equilib. 69 (1991) 33:
 *   α = Tr^(N(M−1))·exp[L(1 − Tr^(NM))] at every temperature, L, M, N = COMP.csv TwuCoon1–3. The
 *   database's sets are SRK fits (they reproduce water's vapour pressure with SRK within 9 % and
 *   with PR only within 55 %), so Twu is offered with SRK only.
 *
 * Differences from the original's classes, on purpose: NeqSim's SRK Mathias–Copeman term
 * (AttractiveTermMatCop) keeps the three-term polynomial above Tc and its PR term
 * (AttractiveTermMatCopPR) switches to the classic PR alpha there, while this follows the published
 * one-term form for both; NeqSim's PR term also replaces water's and TEG's table values with
 * constants in its code, while this uses the table (MCPR1–3) for every component. Results with
 * these options are therefore not parity-checked against the original; they are checked against
 * reference equations (IAPWS-95, Span–Wagner) instead.
 *
 * Recommendation (measured in test/engine/cubic-alpha.test.ts and the issue-21 report): for
 * water and CO2 use "mathias-copeman". SRK-MC reproduces IAPWS-95 water vapour pressures within
 * 0.7 % over 280–600 K (classic SRK: −32 % at 280 K, −8.8 % at 373 K, so water at 100 °C and
 * 1 atm comes out liquid) and Span–Wagner CO2 vapour pressures within 0.2 %. The Twu sets in the
 * database are less good for water (−9 % at 280 K, −5 % at 500 K). Liquid densities are not
 * improved by any alpha: they are set by b and the Peneloux shift.
 */

export type AlphaFunctionName = 'classic' | 'mathias-copeman' | 'twu';
export const ALPHA_FUNCTIONS: readonly AlphaFunctionName[] = ['classic', 'mathias-copeman', 'twu'];

/** Twu L, M, N of one component. */
export type TwuParameters = readonly [L: number, M: number, N: number];

/** Alpha and its first two temperature derivatives (1/K, 1/K²). */
export interface AlphaValue {
  alpha: number;
  dT: number;
  dTT: number;
}

/** Twu (1991) α and derivatives; d ln α/dT = (p − L·q·Tr^q)/T with p = N(M−1), q = NM. */
export function twuAlpha(T: number, tc: number, [L, M, N]: TwuParameters, out: AlphaValue): AlphaValue {
  const tr = T / tc;
  const p = N * (M - 1);
  const q = N * M;
  const trq = Math.pow(tr, q);
  const alpha = Math.pow(tr, p) * Math.exp(L * (1 - trq));
  const g = p - L * q * trq; // T·d ln α/dT
  const gT = (-L * q * q * trq) / T; // dg/dT
  out.alpha = alpha;
  out.dT = (alpha * g) / T;
  // α'' = α·[(ln α)'² + (ln α)''], (ln α)'' = (gT·T − g)/T².
  out.dTT = alpha * ((g * g) / (T * T) + (gT * T - g) / (T * T));
  return out;
}

/**
 * Mathias–Copeman α and derivatives: the cubic polynomial in s = 1 − √Tr below Tc, the
 * one-term form above. With c2 = c3 = 0 this is the Soave form with m = c1.
 */
export function mathiasCopemanAlpha(T: number, tc: number, c1: number, c2: number, c3: number, out: AlphaValue): AlphaValue {
  const supercritical = T > tc;
  const k2 = supercritical ? 0 : c2;
  const k3 = supercritical ? 0 : c3;
  const sq = Math.sqrt(T * tc);
  const s = 1 - Math.sqrt(T / tc);
  const sT = -1 / (2 * sq);
  const sTT = 1 / (4 * T * sq);
  const u = 1 + s * (c1 + s * (k2 + s * k3));
  const us = c1 + s * (2 * k2 + 3 * k3 * s);
  const uss = 2 * k2 + 6 * k3 * s;
  const uT = us * sT;
  const uTT = uss * sT * sT + us * sTT;
  out.alpha = u * u;
  out.dT = 2 * u * uT;
  out.dTT = 2 * (uT * uT + u * uTT);
  return out;
}
