import type { ComponentData } from '../../components/types.js';

/** One phase's state as the transport and interfacial property methods need it (SI). */
export interface TransportPhaseInput {
  /** K */
  temperature: number;
  /** Pa */
  pressure: number;
  components: readonly ComponentData[];
  /** Mole fractions, same order as components. */
  x: readonly number[];
  /** Molar mass of the phase, kg/mol. */
  molarMass: number;
  /** Mass density, kg/m3, Peneloux-corrected (what the original feeds its property methods). */
  density: number;
  /** The original's phase label; it selects the model (spec/neqsim-physics.md A3). */
  kind: 'gas' | 'oil' | 'aqueous';
  /**
   * Optional untranslated EOS density, kg/m3. The original's pure-water and pure-hydrogen
   * conductivity correlations read the EOS density without the Peneloux shift; when absent,
   * `density` is used (the shift is small at the gas densities where these apply).
   */
  eosDensity?: number;
}

export interface TransportResult {
  /** Dynamic viscosity, Pa·s. */
  viscosity: number;
  /** Thermal conductivity, W/(m·K). */
  thermalConductivity: number;
}
