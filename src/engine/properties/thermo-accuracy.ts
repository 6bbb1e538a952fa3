/**
 * Measured accuracy of our SRK and PR for pure fluids against reference multiparameter equations of state
 * (CoolProp 8.0.0 HEOS values in reference/physical/pure-density.json and saturation.json), for
 * capability/benchmark-trust reporting. `measured` is the largest deviation found over the
 * visible reference cases of that class (computed by test/engine/thermo-physical-reference.test.ts,
 * which fails if any case exceeds `bound`); `bound` is the measured value plus ~10 %, rounded.
 * A cubic EOS does not reproduce the reference EOS (see reference/README.md): these are the
 * model's documented limits, not defects. Quantum fluids (hydrogen, helium at low T) are outside
 * the cubic's scope and carry no bound. These bounds are claims about pure fluids; natural-gas
 * mixtures were measured separately (NATURAL_GAS_ACCURACY below), and liquid hydrocarbon mixtures
 * on a generated grid (scripts/liquid-grid.ts: 48 compressed C3–C10 liquids with methane, ethane,
 * CO2 and nitrogen, 200–400 K, 20–300 bar, vs GERG-2008), where the 'liquid' bounds hold: worst
 * SRK/PR density 5.6 %/2.9 %, Cp 5.4 %/8.5 %, speed of sound 20 %/21.5 %, JT 0.034/0.030 K/bar.
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

/**
 * Natural-gas mixtures. The pure-fluid bounds above were re-measured on a generated grid of
 * natural gases (scripts/natural-gas-grid.ts: 96 single-phase states, methane ≥ 0.5 with GERG's
 * other 20 components, 250–450 K, 5–300 bar; SRK and PR through runFlash against the engine's
 * GERG-2008). Dense-fluid density, Cp, speed of sound and JT and gas Cp and JT stay within the
 * pure-fluid bounds there (measured on the grid, SRK/PR: dense density 4.2 %/4.3 %, dense w
 * 5.7 %/8.8 %, dense Cp 1.6 %/3.1 %, dense JT 0.011/0.021 K/bar, gas Cp 0.99 %/0.94 %, gas JT
 * 0.028/0.069 K/bar). Gas density and gas speed of sound do not: 1 (SRK) and 2 (PR) of 57 gas
 * densities and 6 (SRK) and 4 (PR) of 57 gas speeds of sound exceed them, so for mixtures these
 * two carry their own bound, the grid's worst case plus ~10 % (worst: SRK 423.55 K, 66.7 bar,
 * 7 % CO2 and 5 % propane, density −0.60 %, w +0.98 %; PR 314.12 K, 43.3 bar, 10 % CO2, 4 % H2S,
 * density +1.17 %; PR 332.2 K, 57.2 bar, 4.5 % H2S, 7.8 % hydrogen, w −1.22 %).
 */
export const NATURAL_GAS_SOURCE = 'scripts/natural-gas-grid.ts: 96 generated natural-gas states (seed 20765) vs GERG-2008 (ISO 20765-2, src/engine/reference-eos)';

export const NATURAL_GAS_ACCURACY: readonly (AccuracyBound & { points: number })[] = [
  { model: 'SRK', stateClass: 'gas', quantity: 'density', kind: 'rel', measured: 0.00595, bound: 0.0066, points: 57 },
  { model: 'SRK', stateClass: 'gas', quantity: 'speedOfSound', kind: 'rel', measured: 0.00977, bound: 0.011, points: 57 },
  { model: 'PR', stateClass: 'gas', quantity: 'density', kind: 'rel', measured: 0.0117, bound: 0.013, points: 57 },
  { model: 'PR', stateClass: 'gas', quantity: 'speedOfSound', kind: 'rel', measured: 0.0122, bound: 0.014, points: 57 },
];

/** The bound that holds for natural-gas mixtures: the mixture bound where one is given, else the pure-fluid bound (which the grid confirms). */
export function naturalGasAccuracyBound(model: string, stateClass: string, quantity: AccuracyQuantity): AccuracyBound | undefined {
  return NATURAL_GAS_ACCURACY.find((b) => b.model === model && b.stateClass === stateClass && b.quantity === quantity) ?? accuracyBound(model, stateClass, quantity);
}

/**
 * Water-rich liquids. The pure-fluid 'water' bounds above come from the pure-water states of
 * pure-density.json, all above 400 K. On a generated grid of liquid water with dissolved gas
 * (scripts/water-grid.ts: 40 states, 280–450 K, 5–300 bar, half pure water; SRK and PR through
 * runFlash against the engine's GERG-2008) the density stays within them (SRK/PR 7.5 %/6.4 %),
 * but the speed of sound does not: a cubic EOS puts cold liquid water's speed of sound at
 * 2.3–2.6 times the real one (SRK +143 %, PR +156 % at 284 K, 273 bar, falling to about +45 %
 * near 450 K); it carries the grid's worst case plus ~10 %. (Cp is not measured there: GERG-2008's
 * liquid-water cp is itself 5.3 % above IAPWS-95 at 298 K.)
 */
export const WATER_RICH_SOURCE = 'scripts/water-grid.ts: 40 generated water-rich liquid states (seed 9594) vs GERG-2008 (src/engine/reference-eos)';

export const WATER_RICH_ACCURACY: readonly (AccuracyBound & { points: number })[] = [
  { model: 'SRK', stateClass: 'water', quantity: 'speedOfSound', kind: 'rel', measured: 1.429, bound: 1.6, points: 40 },
  { model: 'PR', stateClass: 'water', quantity: 'speedOfSound', kind: 'rel', measured: 1.564, bound: 1.75, points: 40 },
];

/** The bound that holds for water-rich liquids: the grid's where given, else the pure-water bound (which the grid confirms). */
export function waterAccuracyBound(model: string, quantity: AccuracyQuantity): AccuracyBound | undefined {
  return WATER_RICH_ACCURACY.find((b) => b.model === model && b.quantity === quantity) ?? accuracyBound(model, 'water', quantity);
}

