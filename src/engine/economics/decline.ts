/**
 * Arps decline curves (Arps, J.J. 1945, "Analysis of decline curves", Trans. AIME 160, 228-247):
 * rate q(t) = qi / (1 + b·D·t)^(1/b) with nominal initial decline D (1/year); b = 0 is exponential
 * decline q = qi·e^(−D·t), b = 1 harmonic q = qi / (1 + D·t). Annual volumes are the exact
 * integrals of the rate over each calendar year of the profile (not the rate at a point of the
 * year times its length), after an optional plateau at qi, and stop where the rate reaches the
 * economic limit.
 */

export type DeclineType = 'EXPONENTIAL' | 'HYPERBOLIC' | 'HARMONIC';

export interface DeclineSpec {
  type: DeclineType;
  /** Rate at the start of the decline, per day. */
  initialRatePerDay: number;
  /** Nominal initial decline rate D, 1/year (> 0). */
  nominalDecline: number;
  /** Arps exponent b for HYPERBOLIC (0 < b < 1 in practice; up to 2 accepted). */
  b: number;
  /** Whole years at the initial rate before the decline starts. */
  plateauYears: number;
  /** Years in the profile (plateau included). */
  totalYears: number;
  /** Production stops when the rate falls to this (per day); 0 = none. */
  economicLimitPerDay: number;
}

export interface DeclineProfile {
  /** Volume produced in each year of the profile (per-day rate units × days). */
  annualVolumes: number[];
  /** Rate at the end of each year, per day (0 after the economic limit). */
  endOfYearRates: number[];
  /** Years after the start (plateau included) at which the rate reaches the economic limit; undefined if it does not within the profile. */
  economicLimitReachedAt?: number;
  total: number;
}

export const DAYS_PER_YEAR = 365.25;

/** The Arps exponent of a decline type. */
export function arpsExponent(spec: Pick<DeclineSpec, 'type' | 'b'>): number {
  return spec.type === 'EXPONENTIAL' ? 0 : spec.type === 'HARMONIC' ? 1 : spec.b;
}

/** Rate (per day) a time t (years) into the decline. */
export function arpsRate(qi: number, D: number, b: number, t: number): number {
  if (t <= 0) return qi;
  if (b === 0) return qi * Math.exp(-D * t);
  return qi / Math.pow(1 + b * D * t, 1 / b);
}

/** Cumulative volume from the start of the decline to t years (rate per day × DAYS_PER_YEAR days per year). */
export function arpsCumulative(qi: number, D: number, b: number, t: number): number {
  if (t <= 0) return 0;
  const qiYear = qi * DAYS_PER_YEAR;
  if (b === 0) return (qiYear / D) * -Math.expm1(-D * t);
  if (b === 1) return (qiYear / D) * Math.log1p(D * t);
  return (qiYear / ((1 - b) * D)) * (1 - Math.pow(1 + b * D * t, 1 - 1 / b));
}

/** Time into the decline (years) at which the rate falls to qLimit (qLimit < qi). */
export function arpsTimeToRate(qi: number, D: number, b: number, qLimit: number): number {
  if (b === 0) return Math.log(qi / qLimit) / D;
  return (Math.pow(qi / qLimit, b) - 1) / (b * D);
}

export function declineProfile(spec: DeclineSpec): DeclineProfile {
  const qi = spec.initialRatePerDay;
  const D = spec.nominalDecline;
  const b = arpsExponent(spec);
  const limit = spec.economicLimitPerDay;
  // Decline time at which production stops (Infinity: never within the profile).
  const stopDecline = limit > 0 && limit < qi ? arpsTimeToRate(qi, D, b, limit) : limit >= qi && limit > 0 ? 0 : Infinity;
  const stopAt = spec.plateauYears + stopDecline;
  const cumulativeAt = (t: number): number => {
    const tt = Math.min(t, stopAt);
    const plateau = Math.min(tt, spec.plateauYears) * qi * DAYS_PER_YEAR;
    return plateau + arpsCumulative(qi, D, b, tt - spec.plateauYears);
  };
  const annualVolumes: number[] = [];
  const endOfYearRates: number[] = [];
  for (let y = 0; y < spec.totalYears; y++) {
    annualVolumes.push(cumulativeAt(y + 1) - cumulativeAt(y));
    endOfYearRates.push(y + 1 >= stopAt ? 0 : arpsRate(qi, D, b, y + 1 - spec.plateauYears));
  }
  const total = cumulativeAt(spec.totalYears);
  return { annualVolumes, endOfYearRates, ...(stopAt <= spec.totalYears ? { economicLimitReachedAt: stopAt } : {}), total };
}
