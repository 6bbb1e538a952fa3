/**
 * High-demand and continuous mode of a safety function: the demand mode from the demand rate, the
 * average frequency of dangerous failure (PFH, 1/h) of a subsystem by the simplified equations of
 * IEC 61508-6:2010 Annex B.3.3, and the SIL bands of IEC 61508-1:2010 Table 3. Same assumptions as
 * the low-demand PFDavg of sis.ts: dangerous undetected failures only (λ_DD = 0), mean repair time
 * negligible against the proof test interval T1, common-cause factor β on redundant channels.
 */
import type { Architecture } from './sis.js';

export type DemandMode = 'LOW_DEMAND' | 'HIGH_DEMAND' | 'CONTINUOUS';

/**
 * IEC 61508-4:2010 3.5.16 / IEC 61511-1:2016 3.2.39: low demand mode when the safety function is
 * demanded no more than once per year; more often is high demand mode.
 */
export function demandModeOfRate(demandsPerYear: number): 'LOW_DEMAND' | 'HIGH_DEMAND' {
  return demandsPerYear > 1 ? 'HIGH_DEMAND' : 'LOW_DEMAND';
}

/**
 * PFH of a subsystem of identical channels with dangerous undetected rate λ (1/h), proof test
 * interval T1 (h) and common cause β, IEC 61508-6:2010 B.3.3.2 with λ_DD = 0, so that the channel
 * equivalent down times are t_CE = T1/2 and t_GE = T1/3:
 * 1oo1 λ; 2oo2 2λ; 1oo2 2((1−β)λ)²t_CE + βλ; 2oo3 6((1−β)λ)²t_CE + βλ; 1oo3 6((1−β)λ)³t_CE·t_GE + βλ.
 */
export function pfh(architecture: Architecture, lambdaDU: number, T1: number, beta: number): number {
  const x = (1 - beta) * lambdaDU;
  const ccf = beta * lambdaDU;
  const tCE = T1 / 2;
  const tGE = T1 / 3;
  switch (architecture) {
    case '1oo1':
      return lambdaDU;
    case '2oo2':
      return 2 * lambdaDU;
    case '1oo2':
      return 2 * x * x * tCE + ccf;
    case '2oo3':
      return 6 * x * x * tCE + ccf;
    case '1oo3':
      return 6 * x * x * x * tCE * tGE + ccf;
  }
}

/**
 * High-demand / continuous SIL bands by PFH, IEC 61508-1:2010 Table 3: SIL n for
 * 10^−(n+5) ≤ PFH < 10^−(n+4) per hour. 0 = no SIL (PFH ≥ 1e-5); 5 = below SIL 4's range.
 */
export function silOfPfh(pfhPerHour: number): number {
  if (!(pfhPerHour < 1e-5)) return 0;
  if (pfhPerHour >= 1e-6) return 1;
  if (pfhPerHour >= 1e-7) return 2;
  if (pfhPerHour >= 1e-8) return 3;
  if (pfhPerHour >= 1e-9) return 4;
  return 5;
}

/** Upper PFH limit (exclusive) of a high-demand SIL band, per hour. */
export function pfhLimitOfSil(sil: number): number {
  return 10 ** -(sil + 4);
}
