/**
 * Safety-instrumented-system arithmetic: layer-of-protection analysis (CCPS / IEC 61511-3) and the
 * average probability of failure on demand of low-demand architectures by the simplified
 * equations of IEC 61508-6 Annex B (dangerous undetected failures, proof test interval T1, common
 * cause β; no diagnostics, repair time neglected against T1).
 */

/** Low-demand SIL bands of IEC 61508/61511 by PFDavg: SIL n for 10^−(n+1) ≤ PFD < 10^−n. 0 = no SIL. */
/** Common-cause factor used when none is given: the upper end of IEC 61508-6 Table D.4. */
export const DEFAULT_COMMON_CAUSE_BETA = 0.1;
/** Proof-test interval used when none is given: one year, h. */
export const DEFAULT_PROOF_TEST_INTERVAL_H = 8760;

export function silOfPfd(pfd: number): number {
  if (!(pfd < 0.1)) return 0;
  if (pfd >= 1e-2) return 1;
  if (pfd >= 1e-3) return 2;
  if (pfd >= 1e-4) return 3;
  if (pfd >= 1e-5) return 4;
  return 5; // beyond SIL 4: not achievable by one SIF (IEC 61511 calls for other measures)
}

/** Upper PFD limit of a SIL band (exclusive). */
export function pfdLimitOfSil(sil: number): number {
  return 10 ** -sil;
}

export interface LopaLayer {
  name: string;
  pfd: number;
}

export interface LopaStep {
  name: string;
  pfd: number;
  rrf: number;
  frequencyBefore: number;
  frequencyAfter: number;
  /** Frequency this layer removes, per year. */
  contribution: number;
}

export interface LopaResult {
  mitigatedFrequency: number;
  totalRRF: number;
  targetMet: boolean;
  steps: LopaStep[];
  /** Mitigated over target (≤ 1 when met). */
  requiredAdditionalRRF: number;
  /** PFD an additional layer would need (target over mitigated), and the SIL of a SIF that provides it (0: no SIF needed or target met). */
  requiredAdditionalPFD: number;
  requiredSIL: number;
}

/** Initiating-event frequency through the independent protection layers, against a target frequency (per year). */
export function lopa(initiatingFrequency: number, target: number, layers: readonly LopaLayer[]): LopaResult {
  let f = initiatingFrequency;
  const steps: LopaStep[] = layers.map((l) => {
    const before = f;
    f *= l.pfd;
    return { name: l.name, pfd: l.pfd, rrf: 1 / l.pfd, frequencyBefore: before, frequencyAfter: f, contribution: before - f };
  });
  const met = f <= target;
  const needPfd = met ? 1 : target / f;
  return { mitigatedFrequency: f, totalRRF: initiatingFrequency / f, targetMet: met, steps, requiredAdditionalRRF: f / target, requiredAdditionalPFD: needPfd, requiredSIL: met ? 0 : silOfPfd(needPfd) };
}

export type Architecture = '1oo1' | '1oo2' | '2oo2' | '2oo3' | '1oo3';

/** Hardware fault tolerance of an architecture (faults it survives while still able to act). */
export const HARDWARE_FAULT_TOLERANCE: Record<Architecture, number> = { '1oo1': 0, '2oo2': 0, '1oo2': 1, '2oo3': 1, '1oo3': 2 };

/**
 * PFDavg of a subsystem of identical channels with dangerous undetected rate λ (1/h), proof test
 * interval T1 (h) and common-cause factor β (IEC 61508-6 B.3.2.2, λ_DD = 0, MTTR ≪ T1):
 * 1oo1 λT/2; 2oo2 λT; 1oo2 ((1−β)λT)²/3 + βλT/2; 2oo3 ((1−β)λT)² + βλT/2; 1oo3 ((1−β)λT)³/4 + βλT/2.
 */
export function pfdAvg(architecture: Architecture, lambdaDU: number, T1: number, beta: number): number {
  const x = (1 - beta) * lambdaDU * T1;
  const ccf = (beta * lambdaDU * T1) / 2;
  switch (architecture) {
    case '1oo1':
      return (lambdaDU * T1) / 2;
    case '2oo2':
      return lambdaDU * T1;
    case '1oo2':
      return (x * x) / 3 + ccf;
    case '2oo3':
      return x * x + ccf;
    case '1oo3':
      return (x * x * x) / 4 + ccf;
  }
}
