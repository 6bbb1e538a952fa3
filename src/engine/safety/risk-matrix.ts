/**
 * A 5×5 risk matrix (ISO 31000 style, the original's bands): likelihood from failures per year,
 * consequence from production loss, score = likelihood × consequence, and the score bands.
 */

export const LIKELIHOOD = ['Very Low', 'Low', 'Medium', 'High', 'Very High'] as const;
export const CONSEQUENCE = ['Negligible', 'Minor', 'Moderate', 'Major', 'Catastrophic'] as const;

/** Likelihood level 1–5 from failures per year: <0.1, <0.5, <1, <2, ≥2. */
export function likelihoodLevel(failuresPerYear: number): number {
  if (failuresPerYear < 0.1) return 1;
  if (failuresPerYear < 0.5) return 2;
  if (failuresPerYear < 1) return 3;
  if (failuresPerYear < 2) return 4;
  return 5;
}

/** Consequence level 1–5 from production loss in percent: <5, <20, <50, <80, ≥80. */
export function consequenceLevel(productionLossPercent: number): number {
  if (productionLossPercent < 5) return 1;
  if (productionLossPercent < 20) return 2;
  if (productionLossPercent < 50) return 3;
  if (productionLossPercent < 80) return 4;
  return 5;
}

export type RiskLevel = 'Low' | 'Medium' | 'High' | 'Critical';

/** Score bands: 1–4 Low (green), 5–9 Medium (yellow), 10–15 High (orange), 16–25 Critical (red). */
export function riskLevel(score: number): { level: RiskLevel; color: 'green' | 'yellow' | 'orange' | 'red' } {
  if (score <= 4) return { level: 'Low', color: 'green' };
  if (score <= 9) return { level: 'Medium', color: 'yellow' };
  if (score <= 15) return { level: 'High', color: 'orange' };
  return { level: 'Critical', color: 'red' };
}
