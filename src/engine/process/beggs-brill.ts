/**
 * Beggs & Brill (1973) two-phase pressure gradient, the correlation behind the original's
 * PipeBeggsAndBrills (spec/neqsim-physics.md): flow regime from the no-slip liquid fraction λ
 * and the mixture Froude number; horizontal liquid holdup by regime; the inclination correction
 * ψ = 1 + C(sin 1.8θ − ⅓ sin³ 1.8θ); the two-phase friction factor f_ns·e^S on the no-slip
 * Reynolds number. Pure functions of the local state, SI in and out, so a pipe model (pipe.ts)
 * can march along a line with them and tests can check them against published values.
 *
 * Modelling choices of the original kept here: no Payne correction, no acceleration term,
 * Haaland's friction factor in turbulent flow (laminar 64/Re below Re 2300, linear in between),
 * the liquid velocity number from the Baker–Swerdloff dead-oil surface tension.
 */

/** Standard gravity, m/s². */
export const G = 9.80665;
const FT = 0.3048;
/** lbm/ft³ per kg/m³. */
const LB_FT3 = 0.0624279606;
const PSI = 6894.757293168361;

export type FlowRegime = 'SEGREGATED' | 'INTERMITTENT' | 'DISTRIBUTED' | 'TRANSITION' | 'SINGLE_PHASE';

/** Regime boundaries L1–L4 of Beggs & Brill as functions of λ. */
export function regimeBoundaries(lambda: number): { L1: number; L2: number; L3: number; L4: number } {
  return { L1: 316 * lambda ** 0.302, L2: 0.0009252 * lambda ** -2.4684, L3: 0.1 * lambda ** -1.4516, L4: 0.5 * lambda ** -6.738 };
}

/** The flow regime of a two-phase flow (λ strictly between 0 and 1). */
export function flowRegime(lambda: number, froude: number): Exclude<FlowRegime, 'SINGLE_PHASE'> {
  const { L1, L2, L3, L4 } = regimeBoundaries(lambda);
  if ((lambda < 0.01 && froude < L1) || (lambda >= 0.01 && froude < L2)) return 'SEGREGATED';
  if ((lambda >= 0.01 && lambda < 0.4 && froude > L3 && froude <= L1) || (lambda >= 0.4 && froude > L3 && froude <= L4)) return 'INTERMITTENT';
  if ((lambda < 0.4 && froude >= L1) || (lambda >= 0.4 && froude > L4)) return 'DISTRIBUTED';
  if (froude >= L2 && froude <= L3) return 'TRANSITION';
  // Gaps the published map leaves open (λ < 0.01 between L1 and L4 and the like): intermittent, as the original.
  return 'INTERMITTENT';
}

const HORIZONTAL = {
  SEGREGATED: [0.98, 0.4846, 0.0868],
  INTERMITTENT: [0.845, 0.5351, 0.0173],
  DISTRIBUTED: [1.065, 0.5824, 0.0609],
} as const;

/** Horizontal holdup H(0) = a λ^b / Fr^c of a regime. */
export function horizontalHoldup(regime: keyof typeof HORIZONTAL, lambda: number, froude: number): number {
  const [a, b, c] = HORIZONTAL[regime];
  return (a * lambda ** b) / froude ** c;
}

/** C of the inclination correction: (e, f, g, h) for uphill by regime, one set for downhill. */
const UPHILL = { SEGREGATED: [0.011, -3.768, 3.539, -1.614], INTERMITTENT: [2.96, 0.305, -0.4473, 0.0978] } as const;
const DOWNHILL = [4.7, -0.3692, 0.1244, -0.5056] as const;

/** Inclination factor ψ of a regime; θ in radians from horizontal (+ uphill). */
export function inclinationFactor(regime: keyof typeof HORIZONTAL, lambda: number, froude: number, nLv: number, theta: number): number {
  let C = 0;
  const coeffs = theta > 0 ? (regime === 'DISTRIBUTED' ? undefined : UPHILL[regime]) : DOWNHILL;
  if (coeffs) {
    const [e, f, g, h] = coeffs;
    C = Math.max(0, (1 - lambda) * Math.log(e * lambda ** f * nLv ** g * froude ** h));
  }
  const s = Math.sin(1.8 * theta);
  return 1 + C * (s - (s * s * s) / 3);
}

/** Liquid holdup of a two-phase flow, clamped to [λ, 1]. */
export function liquidHoldup(regime: Exclude<FlowRegime, 'SINGLE_PHASE'>, lambda: number, froude: number, nLv: number, theta: number): number {
  const corrected = (r: keyof typeof HORIZONTAL) => horizontalHoldup(r, lambda, froude) * inclinationFactor(r, lambda, froude, nLv, theta);
  let H: number;
  if (regime === 'TRANSITION') {
    const { L2, L3 } = regimeBoundaries(lambda);
    const A = (L3 - froude) / (L3 - L2);
    H = A * corrected('SEGREGATED') + (1 - A) * corrected('INTERMITTENT');
  } else {
    H = corrected(regime);
  }
  return Math.min(1, Math.max(lambda, H));
}

/**
 * Surface tension (N/m) of a dead oil of specific gravity `sg` by Baker & Swerdloff, with their
 * pressure correction for dissolved gas; T in K, P in Pa. Not below 1 dyn/cm.
 */
export function bakerSwerdloffTension(sg: number, T: number, P: number): number {
  const api = 141.5 / sg - 131.5;
  const s68 = 39 - 0.2571 * api;
  const s100 = 37.5 - 0.2571 * api;
  const F = ((T - 273.15) * 9) / 5 + 32;
  const dead = F <= 68 ? s68 : F >= 100 ? s100 : s68 + ((F - 68) * (s100 - s68)) / 32;
  const live = dead * (1 - 0.024 * (P / PSI) ** 0.45);
  return Math.max(1, live) * 1e-3;
}

/** Liquid velocity number N_Lv = 1.938 v_sL (ρ_L / σ)^¼ in field units (ft/s, lbm/ft³, dyn/cm). */
export function liquidVelocityNumber(vsl: number, rhoL: number, sigma: number): number {
  return 1.938 * (vsl / FT) * ((rhoL * LB_FT3) / (sigma * 1e3)) ** 0.25;
}

/** Darcy friction factor of single-phase flow: 64/Re laminar, Haaland turbulent, linear between Re 2300 and 4000. */
export function darcyFriction(Re: number, relativeRoughness: number): number {
  const haaland = (r: number) => (-1.8 * Math.log10((relativeRoughness / 3.7) ** 1.11 + 6.9 / r)) ** -2;
  if (Re < 2300) return 64 / Re;
  if (Re < 4000) {
    const w = (Re - 2300) / (4000 - 2300);
    return (1 - w) * (64 / 2300) + w * haaland(4000);
  }
  return haaland(Re);
}

/** Exponent S of the two-phase friction multiplier e^S, from y = λ / H². */
export function frictionExponent(lambda: number, holdup: number): number {
  const y = lambda / (holdup * holdup);
  if (y > 1 && y < 1.2) return Math.log(2.2 * y - 1.2);
  const ly = Math.log(y);
  return ly / (-0.0523 + 3.182 * ly - 0.8725 * ly * ly + 0.01853 * ly ** 4);
}

/** The local state a gradient is evaluated at: superficial velocities and phase properties (SI). */
export interface LocalFlow {
  /** Superficial gas and liquid velocities, m/s. */
  vsg: number;
  vsl: number;
  rhoG: number;
  rhoL: number;
  /** Pa·s. */
  muG: number;
  muL: number;
  /** Gas–liquid surface tension used in N_Lv, N/m (two-phase flow only). */
  sigma: number;
  diameter: number;
  roughness: number;
  /** Radians from horizontal, + uphill. */
  theta: number;
}

export interface Gradient {
  regime: FlowRegime;
  lambda: number;
  froude: number;
  holdup: number;
  /** Liquid velocity number of the inclination correction (0 in single-phase flow). */
  nLv: number;
  /** Slip (in-situ) mixture density, kg/m³. */
  slipDensity: number;
  noSlipDensity: number;
  noSlipViscosity: number;
  reynolds: number;
  /** Two-phase Darcy friction factor. */
  friction: number;
  /** Pressure gradients, Pa/m along the pipe (positive = pressure falls downstream). */
  frictionGradient: number;
  gravityGradient: number;
}

export function beggsBrillGradient(f: LocalFlow): Gradient {
  const vm = f.vsg + f.vsl;
  const lambda = f.vsl / vm;
  const froude = (vm * vm) / (G * f.diameter);
  let regime: FlowRegime;
  let holdup: number;
  let nLv = 0;
  if (f.vsl <= 0 || f.vsg <= 0) {
    regime = 'SINGLE_PHASE';
    holdup = lambda;
  } else {
    regime = flowRegime(lambda, froude);
    nLv = liquidVelocityNumber(f.vsl, f.rhoL, f.sigma);
    holdup = liquidHoldup(regime, lambda, froude, nLv, f.theta);
  }
  const noSlipDensity = lambda * f.rhoL + (1 - lambda) * f.rhoG;
  const noSlipViscosity = lambda * f.muL + (1 - lambda) * f.muG;
  const slipDensity = holdup * f.rhoL + (1 - holdup) * f.rhoG;
  const reynolds = (noSlipDensity * vm * f.diameter) / noSlipViscosity;
  const S = regime === 'SINGLE_PHASE' ? 0 : frictionExponent(lambda, holdup);
  const friction = darcyFriction(reynolds, f.roughness / f.diameter) * Math.exp(S);
  return {
    regime,
    lambda,
    froude,
    holdup,
    nLv,
    slipDensity,
    noSlipDensity,
    noSlipViscosity,
    reynolds,
    friction,
    frictionGradient: (friction * noSlipDensity * vm * vm) / (2 * f.diameter),
    gravityGradient: slipDensity * G * Math.sin(f.theta),
  };
}
