/**
 * The reusable result of a flash: one PhaseState per phase, from which properties are computed
 * (../properties/thermo.ts) and from which later flashes (PH, PS, envelopes) can warm-start.
 */
import type { ComponentData, ComponentFamily } from '../components/types.js';
import { R } from '../eos/constants.js';
import type { ModelAtT, ThermoModel } from '../eos/types.js';

export type PhaseLabel = 'gas' | 'oil' | 'aqueous';

export interface PhaseState {
  label: PhaseLabel;
  /** Mole fraction of the feed in this phase. */
  beta: number;
  /** Mole fractions. */
  x: Float64Array;
  /** EOS (untranslated) molar volume, m3/mol. */
  V: number;
  Z: number;
  lnPhi: Float64Array;
}

export interface FlashResult {
  T: number;
  P: number;
  z: Float64Array;
  /** Ordered from lightest to densest (gas first), as the original orders them. */
  phases: PhaseState[];
  iterations: number;
  /**
   * Tangent-plane distance from the stability test of the feed: for a single phase the smallest
   * tm of a non-trivial trial phase (small positive = close to a phase boundary), for a split
   * the most negative tm; 0 when no trial found a non-trivial stationary point.
   */
  stabilityTm: number;
  /** Which path produced the answer, for provenance. */
  method: string;
}

/** Families that count as the "aqueous" side in phase labelling (water, glycols, alcohols). */
const POLAR_FAMILIES: ReadonlySet<ComponentFamily> = new Set<ComponentFamily>(['water', 'alcohol', 'glycol']);

export function isPolar(c: ComponentData): boolean {
  return POLAR_FAMILIES.has(c.family);
}

/** OIL when hydrocarbons and inerts outweigh water/glycols/alcohols, otherwise AQUEOUS. */
export function liquidLabel(components: readonly ComponentData[], x: ArrayLike<number>): PhaseLabel {
  let polar = 0;
  for (let i = 0; i < components.length; i++) if (isPolar(components[i])) polar += x[i];
  return polar >= 1 - polar ? 'aqueous' : 'oil';
}

/**
 * The original's phase label (A1): GAS if V/b > 1.75, otherwise OIL or AQUEOUS by composition.
 * Used for a single phase and for the lightest phase of a split; the denser phases of a split
 * are always liquids (see orderByDensity), as in the original, whose flash makes them liquid phases.
 */
export function labelPhase(components: readonly ComponentData[], x: ArrayLike<number>, V: number, b: number): PhaseLabel {
  if (V / b > 1.75) return 'gas';
  return liquidLabel(components, x);
}

export type FlashErrorCode = 'FLASH_ERROR' | 'FLASH_NOT_CONVERGED';

export type FlashOutcome = { ok: true; result: FlashResult } | { ok: false; code: FlashErrorCode; message: string };

/** Phases whose fraction is below this are dropped (the original uses 1.01e-12). */
export const MIN_PHASE_FRACTION = 1.01e-12;

export function makePhase(model: ThermoModel, at: ModelAtT, P: number, x: Float64Array, lnPhi: Float64Array, V: number, beta: number): PhaseState {
  return {
    label: labelPhase(model.components, x, V, at.covolume(x)),
    beta,
    x: Float64Array.from(x),
    V,
    Z: (P * V) / (R * at.T),
    lnPhi: Float64Array.from(lnPhi),
  };
}

/** Mass density of the EOS volume, kg/m3 (ordering only). */
function eosDensity(model: ThermoModel, p: PhaseState): number {
  let m = 0;
  for (let i = 0; i < model.nc; i++) m += p.x[i] * model.components[i].molarMass;
  return m / p.V;
}

/** Orders phases lightest first and makes every phase after the first a liquid label. */
export function orderByDensity(model: ThermoModel, phases: PhaseState[]): PhaseState[] {
  const sorted = phases.slice().sort((a, b) => eosDensity(model, a) - eosDensity(model, b));
  for (let k = 1; k < sorted.length; k++) if (sorted[k].label === 'gas') sorted[k].label = liquidLabel(model.components, sorted[k].x);
  return sorted;
}
