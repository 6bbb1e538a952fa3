/**
 * Fermentation in a stirred tank with Monod or Contois growth kinetics, substrate-limited, with
 * constant yields (biomass and product per substrate consumed). Continuous operation (chemostat)
 * has closed-form steady states; batch operation is integrated in time.
 *   Monod:   μ = μmax S / (Ks + S)                      (Monod 1949)
 *   Contois: μ = μmax S / (K X + S)                     (Contois 1959)
 * Units: g/L for concentrations, 1/h for rates, h for time.
 */

export interface FermentationSpec {
  kinetics: 'MONOD' | 'CONTOIS';
  muMax: number;
  /** Monod Ks (g/L) or Contois K (g substrate / g biomass) */
  K: number;
  yieldBiomass: number;
  yieldProduct: number;
  S0: number;
  X0: number;
}

export interface FermentationState {
  S: number;
  X: number;
  P: number;
  washout: boolean;
}

export function growthRate(spec: FermentationSpec, S: number, X: number): number {
  const s = Math.max(S, 0);
  const denom = spec.kinetics === 'MONOD' ? spec.K + s : spec.K * Math.max(X, 0) + s;
  return denom > 0 ? (spec.muMax * s) / denom : 0;
}

/**
 * Chemostat steady state at dilution rate D (1/h) with a sterile feed of substrate S0 (the
 * inoculum X0 only starts it). Washout (X = 0, S = S0) when D is at or above the growth rate the
 * feed itself supports.
 */
export function chemostat(spec: FermentationSpec, D: number): FermentationState {
  const { muMax, K, yieldBiomass: Y, yieldProduct: Yp, S0 } = spec;
  let S: number;
  if (spec.kinetics === 'MONOD') {
    if (D >= (muMax * S0) / (K + S0)) return { S: S0, X: 0, P: 0, washout: true };
    S = (K * D) / (muMax - D);
  } else {
    // D = μmax S / (K Y (S0 − S) + S)  ⇒  S = D K Y S0 / (μmax − D + D K Y); a positive X needs D < μmax.
    if (D >= muMax) return { S: S0, X: 0, P: 0, washout: true };
    S = (D * K * Y * S0) / (muMax - D + D * K * Y);
  }
  return { S, X: Y * (S0 - S), P: Yp * (S0 - S), washout: false };
}

/**
 * Batch culture over `duration` hours by classical fourth-order Runge–Kutta with a step that
 * keeps μΔt ≤ 0.002; the substrate cannot go below zero (the last step is shortened to where it
 * runs out). Returns the final state and the number of steps.
 */
export function batch(spec: FermentationSpec, duration: number): FermentationState & { steps: number } {
  const Y = spec.yieldBiomass;
  // With constant yields X and P follow S exactly: X = X0 + Y (S0 − S), P = Yp (S0 − S).
  const xOf = (S: number) => spec.X0 + Y * (spec.S0 - S);
  const dSdt = (S: number) => -(growthRate(spec, S, xOf(S)) * xOf(S)) / Y;
  let S = spec.S0;
  let t = 0;
  let steps = 0;
  while (t < duration && S > 0 && steps < 2_000_000) {
    const mu = Math.max(growthRate(spec, S, xOf(S)), 1e-12);
    let h = Math.min(0.002 / mu, duration - t);
    // Never take more than a tenth of the remaining substrate in one step.
    const rate = -dSdt(S);
    if (rate > 0) h = Math.min(h, (0.1 * S) / rate + 1e-12 * duration);
    const k1 = dSdt(S);
    const k2 = dSdt(S + 0.5 * h * k1);
    const k3 = dSdt(S + 0.5 * h * k2);
    const k4 = dSdt(S + h * k3);
    S = Math.max(S + (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4), 0);
    t += h;
    steps++;
    if (S < 1e-12 * spec.S0) S = 0;
  }
  return { S, X: xOf(S), P: spec.yieldProduct * (spec.S0 - S), washout: false, steps };
}
