/**
 * Measured accuracy of our SRK and PR against reference multiparameter equations of state
 * (CoolProp 8.0.0 HEOS values in reference/physical/pure-density.json and saturation.json), for
 * capability/benchmark-trust reporting. `measured` is the largest deviation found over the
 * visible reference cases of that class (computed by test/engine/thermo-physical-reference.test.ts,
 * which fails if any case exceeds `bound`); `bound` is the measured value plus ~10 %, rounded.
 * A cubic EOS does not reproduce the reference EOS (see reference/README.md): these are the
 * model's documented limits, not defects. Quantum fluids (hydrogen, helium at low T) are outside
 * the cubic's scope and carry no bound.
 *
 * State classes: gas (dilute and moderate-pressure gas), dense (supercritical and dense fluid),
 * liquid (compressed or warm liquid), water (liquid water, polar), saturated (vapour pressure of
 * pure fluids, split at reduced temperature 0.5).
 */

export type AccuracyQuantity = 'density' | 'cp' | 'cv' | 'speedOfSound' | 'jouleThomson' | 'vapourPressure';

export interface AccuracyBound {
  model: 'SRK' | 'PR';
  stateClass: string;
  quantity: AccuracyQuantity;
  /** rel: |got/ref − 1|; abs: |got − ref| in K/bar (JT). */
  kind: 'rel' | 'abs';
  measured: number;
  bound: number;
}

export const ACCURACY_SOURCE = 'reference/physical/pure-density.json (PD grid) and saturation.json (S/SG), visible cases, CoolProp 8.0.0 HEOS';

export const CUBIC_ACCURACY: readonly AccuracyBound[] = [
  { model: 'PR', stateClass: 'dense', quantity: 'cp', kind: 'rel', measured: 0.0643, bound: 0.071 },
  { model: 'PR', stateClass: 'dense', quantity: 'cv', kind: 'rel', measured: 0.08, bound: 0.088 },
  { model: 'PR', stateClass: 'dense', quantity: 'density', kind: 'rel', measured: 0.0924, bound: 0.11 },
  { model: 'PR', stateClass: 'dense', quantity: 'jouleThomson', kind: 'abs', measured: 0.0488, bound: 0.054 },
  { model: 'PR', stateClass: 'dense', quantity: 'speedOfSound', kind: 'rel', measured: 0.174, bound: 0.2 },
  { model: 'PR', stateClass: 'gas', quantity: 'cp', kind: 'rel', measured: 0.0137, bound: 0.016 },
  { model: 'PR', stateClass: 'gas', quantity: 'cv', kind: 'rel', measured: 0.0238, bound: 0.027 },
  { model: 'PR', stateClass: 'gas', quantity: 'density', kind: 'rel', measured: 0.0084, bound: 0.0093 },
  { model: 'PR', stateClass: 'gas', quantity: 'jouleThomson', kind: 'abs', measured: 0.6057, bound: 0.67 },
  { model: 'PR', stateClass: 'gas', quantity: 'speedOfSound', kind: 'rel', measured: 0.0087, bound: 0.0096 },
  { model: 'PR', stateClass: 'liquid', quantity: 'cp', kind: 'rel', measured: 0.0889, bound: 0.098 },
  { model: 'PR', stateClass: 'liquid', quantity: 'cv', kind: 'rel', measured: 0.0407, bound: 0.045 },
  { model: 'PR', stateClass: 'liquid', quantity: 'density', kind: 'rel', measured: 0.0467, bound: 0.052 },
  { model: 'PR', stateClass: 'liquid', quantity: 'jouleThomson', kind: 'abs', measured: 0.0282, bound: 0.032 },
  { model: 'PR', stateClass: 'liquid', quantity: 'speedOfSound', kind: 'rel', measured: 0.2411, bound: 0.27 },
  { model: 'PR', stateClass: 'saturated (Tr ≥ 0.5)', quantity: 'vapourPressure', kind: 'rel', measured: 0.0718, bound: 0.079 },
  { model: 'PR', stateClass: 'saturated (Tr < 0.5)', quantity: 'vapourPressure', kind: 'rel', measured: 0.2121, bound: 0.24 },
  { model: 'SRK', stateClass: 'dense', quantity: 'cp', kind: 'rel', measured: 0.0748, bound: 0.083 },
  { model: 'SRK', stateClass: 'dense', quantity: 'cv', kind: 'rel', measured: 0.0532, bound: 0.059 },
  { model: 'SRK', stateClass: 'dense', quantity: 'density', kind: 'rel', measured: 0.1065, bound: 0.12 },
  { model: 'SRK', stateClass: 'dense', quantity: 'jouleThomson', kind: 'abs', measured: 0.0458, bound: 0.051 },
  { model: 'SRK', stateClass: 'dense', quantity: 'speedOfSound', kind: 'rel', measured: 0.1338, bound: 0.15 },
  { model: 'SRK', stateClass: 'gas', quantity: 'cp', kind: 'rel', measured: 0.0135, bound: 0.015 },
  { model: 'SRK', stateClass: 'gas', quantity: 'cv', kind: 'rel', measured: 0.0186, bound: 0.021 },
  { model: 'SRK', stateClass: 'gas', quantity: 'density', kind: 'rel', measured: 0.0051, bound: 0.0057 },
  { model: 'SRK', stateClass: 'gas', quantity: 'jouleThomson', kind: 'abs', measured: 0.6197, bound: 0.69 },
  { model: 'SRK', stateClass: 'gas', quantity: 'speedOfSound', kind: 'rel', measured: 0.0057, bound: 0.0063 },
  { model: 'SRK', stateClass: 'liquid', quantity: 'cp', kind: 'rel', measured: 0.1326, bound: 0.15 },
  { model: 'SRK', stateClass: 'liquid', quantity: 'cv', kind: 'rel', measured: 0.1161, bound: 0.13 },
  { model: 'SRK', stateClass: 'liquid', quantity: 'density', kind: 'rel', measured: 0.0525, bound: 0.058 },
  { model: 'SRK', stateClass: 'liquid', quantity: 'jouleThomson', kind: 'abs', measured: 0.0327, bound: 0.036 },
  { model: 'SRK', stateClass: 'liquid', quantity: 'speedOfSound', kind: 'rel', measured: 0.2318, bound: 0.26 },
  { model: 'SRK', stateClass: 'saturated (Tr ≥ 0.5)', quantity: 'vapourPressure', kind: 'rel', measured: 0.0461, bound: 0.051 },
  { model: 'SRK', stateClass: 'saturated (Tr < 0.5)', quantity: 'vapourPressure', kind: 'rel', measured: 0.0655, bound: 0.073 },
  { model: 'SRK', stateClass: 'water', quantity: 'cp', kind: 'rel', measured: 0.1762, bound: 0.2 },
  { model: 'SRK', stateClass: 'water', quantity: 'cv', kind: 'rel', measured: 0.1087, bound: 0.12 },
  { model: 'SRK', stateClass: 'water', quantity: 'density', kind: 'rel', measured: 0.0773, bound: 0.086 },
  { model: 'SRK', stateClass: 'water', quantity: 'speedOfSound', kind: 'rel', measured: 0.4056, bound: 0.45 },
  { model: 'PR', stateClass: 'water', quantity: 'cp', kind: 'rel', measured: 0.1187, bound: 0.14 },
  { model: 'PR', stateClass: 'water', quantity: 'cv', kind: 'rel', measured: 0.1659, bound: 0.19 },
  { model: 'PR', stateClass: 'water', quantity: 'density', kind: 'rel', measured: 0.0651, bound: 0.072 },
  { model: 'PR', stateClass: 'water', quantity: 'speedOfSound', kind: 'rel', measured: 0.4427, bound: 0.49 },
];

/** State class of a pure-fluid reference state (see the module comment). */
export function accuracyClass(fluid: string, stateLabel: string): string | undefined {
  if (fluid === 'hydrogen' || fluid === 'helium') return undefined;
  if (fluid === 'water') return 'water';
  if (stateLabel.startsWith('gas')) return 'gas';
  if (stateLabel.startsWith('liquid')) return 'liquid';
  return 'dense';
}

export function saturationClass(fluid: string, reducedTemperature: number): string | undefined {
  if (fluid === 'hydrogen' || fluid === 'helium' || fluid === 'water') return undefined;
  return reducedTemperature < 0.5 ? 'saturated (Tr < 0.5)' : 'saturated (Tr ≥ 0.5)';
}

export function accuracyBound(model: string, stateClass: string, quantity: AccuracyQuantity): AccuracyBound | undefined {
  return CUBIC_ACCURACY.find((b) => b.model === model && b.stateClass === stateClass && b.quantity === quantity);
}
