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


/** The q-quantile of sorted values, linear between order statistics. */
function quantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? sorted[lo]!) - sorted[lo]!);
}

function meanStd(xs: number[]): [number, number] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.length > 1 ? xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1) : 0;
  return [m, Math.sqrt(v)];
}

/** The closing result of a Monte Carlo run: density and Z statistics over the samples that converged. */
export function monteCarloSummary(densities: number[], zs: number[], failed: number, n: number, seed: number): Record<string, unknown> {
  const sorted = [...densities].sort((a, b) => a - b);
  if (sorted.length === 0) return { type: 'summary', totalIterations: n, failedIterations: failed };
  const [dm, ds] = meanStd(densities);
  const [zm, zsd] = meanStd(zs);
  return { type: 'summary', totalIterations: n, failedIterations: failed, seed, density_mean: dm, density_std: ds, density_p10: quantile(sorted, 0.1), density_p50: quantile(sorted, 0.5), density_p90: quantile(sorted, 0.9), Z_mean: zm, Z_std: zsd };
}
