/**
 * The engine's "fluid": a thermodynamic model bound to a component list and a feed composition.
 * Its own module so the model builders (fluid.ts, cpa-fluid.ts) share it without importing each other.
 */
import type { ComponentData } from './components/index.js';
import type { ThermoModel } from './eos/types.js';

export interface Fluid {
  model: ThermoModel;
  components: readonly ComponentData[];
  /** Normalised feed mole fractions. */
  z: Float64Array;
  /** Components that kept the classic alpha because the database has no parameters of the chosen one. */
  alphaFallbacks?: string[];
}
