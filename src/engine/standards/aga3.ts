/**
 * AGA Report No. 3 / API MPMS 14.3 Part 1 (orifice metering of natural gas), flange-tapped
 * concentric square-edged orifice: the Reader-Harris/Gallagher (RG) discharge-coefficient
 * equation, the upstream-tap expansion factor, and the mass flow, solved for the Reynolds number.
 *
 *   Cd = Ci(FT) + 0.000511·(10⁶β/Re)^0.7 + (0.0210 + 0.0049·A)·β⁴·(10⁶/Re)^0.35
 *   Ci(FT) = 0.5961 + 0.0291β² − 0.2290β⁸ + 0.003(1−β)·M1
 *          + (0.0433 + 0.0712e^(−8.5L1) − 0.1145e^(−6.0L1))·(1 − 0.23A)·β⁴/(1−β⁴)
 *          − 0.0116·(M2 − 0.52·M2^1.3)·β^1.1·(1 − 0.14A)
 *   A = (19000β/Re)^0.8, L1 = L2 = 25.4 mm/D, M2 = 2L2/(1−β), M1 = max(2.8 − D/25.4 mm, 0)
 *   Y = 1 − (0.41 + 0.35β⁴)·(ΔP/P1)/k                     (upstream static tap)
 *   qm = (π/4)·Cd·Ev·Y·d²·√(2ρΔP),  Ev = 1/√(1−β⁴),  Re = 4qm/(π·μ·D)
 * Diameters are corrected from the 20 °C reference to the flowing temperature with the linear
 * expansion coefficients of the plate and the tube. The constants are those of AGA 3 Part 1
 * (1990/2012), also listed as A0–A6, S1–S8 in Part 4's calculation procedure.
 */
import { StandardsError, requirePositive, requireFinite } from './errors.js';

export interface Aga3Input {
  /** orifice bore and meter-tube inside diameter at the reference temperature, m */
  orificeDiameter: number;
  pipeDiameter: number;
  /** linear expansion coefficients, 1/K (AGA 3: 316 stainless 16.65e-6, carbon steel 11.16e-6) */
  orificeExpansion: number;
  pipeExpansion: number;
  /** temperature at which the diameters were measured, K (AGA 3: 293.15 K) */
  referenceTemperature: number;
  /** flowing temperature, K; static pressure at the upstream tap, Pa; differential pressure, Pa */
  temperature: number;
  upstreamPressure: number;
  differentialPressure: number;
  /** flowing density kg/m³, isentropic exponent, dynamic viscosity Pa·s */
  density: number;
  isentropicExponent: number;
  viscosity: number;
}

export interface Aga3Result {
  d: number;
  D: number;
  beta: number;
  velocityOfApproachFactor: number;
  expansionFactor: number;
  dischargeCoefficient: number;
  dischargeCoefficientInfiniteRe: number;
  reynoldsNumber: number;
  massFlow: number;
  iterations: number;
}

/** Discharge coefficient of the RG equation for flange taps at a pipe Reynolds number Re. */
export function aga3DischargeCoefficient(beta: number, D: number, Re: number): number {
  const L1 = 0.0254 / D;
  const M2 = (2 * L1) / (1 - beta);
  const M1 = Math.max(2.8 - D / 0.0254, 0);
  const A = Number.isFinite(Re) ? Math.pow((19000 * beta) / Re, 0.8) : 0;
  const B = beta ** 4 / (1 - beta ** 4);
  const up = (0.0433 + 0.0712 * Math.exp(-8.5 * L1) - 0.1145 * Math.exp(-6.0 * L1)) * (1 - 0.23 * A) * B;
  const down = -0.0116 * (M2 - 0.52 * Math.pow(M2, 1.3)) * Math.pow(beta, 1.1) * (1 - 0.14 * A);
  const ci = 0.5961 + 0.0291 * beta ** 2 - 0.229 * beta ** 8 + 0.003 * (1 - beta) * M1 + up + down;
  if (!Number.isFinite(Re)) return ci;
  return ci + 0.000511 * Math.pow((1e6 * beta) / Re, 0.7) + (0.021 + 0.0049 * A) * beta ** 4 * Math.pow(1e6 / Re, 0.35);
}

export function aga3Orifice(i: Aga3Input): Aga3Result {
  for (const k of ['orificeDiameter', 'pipeDiameter', 'temperature', 'upstreamPressure', 'differentialPressure', 'density', 'isentropicExponent', 'viscosity', 'referenceTemperature'] as const) {
    requirePositive(i[k], k);
  }
  requireFinite(i.orificeExpansion, 'orificeExpansion');
  requireFinite(i.pipeExpansion, 'pipeExpansion');
  const d = i.orificeDiameter * (1 + i.orificeExpansion * (i.temperature - i.referenceTemperature));
  const D = i.pipeDiameter * (1 + i.pipeExpansion * (i.temperature - i.referenceTemperature));
  const beta = d / D;
  // AGA 3 Part 1 clause 1.12.4: 0.1 ≤ β ≤ 0.75, D ≥ 2 in (50.8 mm), d > 0.45 in (11.4 mm).
  if (beta < 0.1 || beta > 0.75) {
    throw new StandardsError('OUT_OF_RANGE', `Diameter ratio β = ${beta.toFixed(4)} is outside AGA 3 (0.1 ≤ β ≤ 0.75)`, 'Check the orifice and pipe diameters (both in mm, pipe inside diameter).', 'orificeDiameter_mm');
  }
  if (D < 0.0508 || d < 0.0114) {
    throw new StandardsError('OUT_OF_RANGE', `AGA 3 needs D ≥ 50.8 mm and d ≥ 11.4 mm (got D = ${(D * 1000).toFixed(2)} mm, d = ${(d * 1000).toFixed(2)} mm)`, 'Use a larger meter run or another standard.', 'pipeDiameter_mm');
  }
  const x = i.differentialPressure / i.upstreamPressure;
  if (x > 0.2) {
    throw new StandardsError('OUT_OF_RANGE', `ΔP/P1 = ${x.toFixed(3)} is beyond the expansion-factor range (≤ 0.2)`, 'Check the units of the differential and static pressures.', 'differentialPressure_kPa');
  }
  const Ev = 1 / Math.sqrt(1 - beta ** 4);
  const Y = 1 - ((0.41 + 0.35 * beta ** 4) * x) / i.isentropicExponent;
  const flowFactor = (Math.PI / 4) * Ev * Y * d * d * Math.sqrt(2 * i.density * i.differentialPressure);
  let cd = aga3DischargeCoefficient(beta, D, Number.POSITIVE_INFINITY);
  let Re = 0;
  let iterations = 0;
  const lowRe = (re: number) =>
    new StandardsError('OUT_OF_RANGE', `Pipe Reynolds number ${re.toFixed(0)} is below the AGA 3 limit of 4000`, 'The RG equation is not valid at this flow; check the differential pressure and viscosity.', 'differentialPressure_kPa');
  for (; iterations < 50; iterations++) {
    Re = (4 * cd * flowFactor) / (Math.PI * i.viscosity * D);
    // Cd stays near 0.6, so a Reynolds number this far below the limit cannot recover.
    if (Re < 2000) throw lowRe(Re);
    const next = aga3DischargeCoefficient(beta, D, Re);
    const change = Math.abs(next - cd);
    cd = next;
    if (change < 1e-13) break;
  }
  if (iterations >= 50) {
    throw new StandardsError('NOT_CONVERGED', 'The discharge coefficient / Reynolds number iteration did not converge', 'Check the inputs; report the case if they are valid.');
  }
  Re = (4 * cd * flowFactor) / (Math.PI * i.viscosity * D);
  if (Re < 4000) throw lowRe(Re);
  return {
    d,
    D,
    beta,
    velocityOfApproachFactor: Ev,
    expansionFactor: Y,
    dischargeCoefficient: cd,
    dischargeCoefficientInfiniteRe: aga3DischargeCoefficient(beta, D, Number.POSITIVE_INFINITY),
    reynoldsNumber: Re,
    massFlow: cd * flowFactor,
    iterations: iterations + 1,
  };
}
