/** The values streamSimulation reports for one runFlash TP flash (shared by the local and distributed paths). */
import { R } from '../../../engine/index.js';

/** The point values of a runFlash result. */
export function pointOf(d: Record<string, any>): Record<string, unknown> {
  const c = d.fluid.conditions.overall;
  const p = d.fluid.properties.overall;
  const T = c.temperature as number;
  const Pbar = c.pressure as number;
  const phase0 = d.flash.phases[0] as string;
  return {
    temperature_K: T,
    pressure_bara: Pbar,
    density_kg_m3: p.density.value,
    numberOfPhases: d.flash.numberOfPhases,
    compressibilityZ: (Pbar * 1e5 * p.molarVolume.value) / (R * T),
    enthalpy_J_mol: p.enthalpy.value,
    entropy_J_molK: p.entropy.value,
    phase0_type: phase0,
    phase0_fraction: d.fluid.conditions[phase0]?.phaseFraction,
  };
}

