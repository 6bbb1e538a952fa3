/**
 * The original's special-case conductivity correlations for single-component gas-labelled
 * phases (GasPhysicalProperties: pure water -> WaterConductivityMethod, pure hydrogen ->
 * HydrogenConductivityMethod; viscosity stays PFCT). Both are the original's own polynomial fits
 * to NIST WebBook data (Huber et al., J. Phys. Chem. Ref. Data 41 (2012) 033102 for water;
 * Assael et al., J. Phys. Chem. Ref. Data 40 (2011) 033101 for normal hydrogen). Both read the
 * phase's untranslated EOS density.
 */

/** Steam (dilute gas) fit, 373–1200 K. */
function steamConductivity(T: number): number {
  return 0.00153 + 5.2e-5 * T + 2.8e-8 * T * T;
}

/** Liquid water fit, 273–450 K. */
function liquidWaterConductivity(T: number): number {
  return -0.2758 + 4.612e-3 * T - 5.545e-6 * T * T;
}

/** Pure water: steam fit below 25 kg/m3, liquid fit above 100 kg/m3, linear in density between. */
export function waterConductivity(T: number, density: number): number {
  let k: number;
  if (density < 25) k = steamConductivity(T);
  else if (density > 100) k = liquidWaterConductivity(T);
  else {
    const g = steamConductivity(T);
    k = g + ((density - 25) / 75) * (liquidWaterConductivity(T) - g);
  }
  return k < 1e-10 ? 1e-10 : k;
}

/** Critical density of normal hydrogen used to reduce density, kg/m3. */
const RHOC_H2 = 31.26;

/** Pure normal hydrogen: cubic dilute-gas fit in T/100 times (1 + 0.18 ρ/ρc). */
export function hydrogenConductivity(T: number, density: number): number {
  const tau = T / 100;
  const k0 = -0.002249 + tau * (0.075188 + tau * (-0.005123 + tau * 1.7375e-4));
  const k = k0 * (1 + (0.18 * density) / RHOC_H2);
  return k < 1e-10 ? 1e-10 : k;
}
