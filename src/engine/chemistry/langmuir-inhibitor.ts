/**
 * Corrosion-inhibitor surface coverage by the Langmuir (1918) isotherm, J. Am. Chem. Soc. 40, 1361:
 *   θ = θmax·K·c / (1 + K·c),
 * with the adsorption constant K (L/mol) moved from a reference temperature by the van 't Hoff
 * equation at constant adsorption enthalpy ΔH_ads:
 *   K(T) = K_ref·exp(−ΔH_ads/R·(1/T − 1/T_ref)).
 * The inhibitor efficiency is taken equal to the coverage (blocked-area model: the corroding area
 * shrinks by the covered fraction), the usual assumption of adsorption-isotherm fits of
 * inhibition data. The inverse gives the concentration for a target efficiency:
 *   c = θ* / (K·(θmax − θ*)), defined only for θ* < θmax.
 */

const R = 8.314462618; // J/(mol·K), CODATA 2018

export interface LangmuirIsotherm {
  /** Adsorption equilibrium constant at T_ref, L/mol. */
  kAdsRef_L_mol: number;
  /** Adsorption enthalpy, J/mol (negative = exothermic: K falls as T rises). */
  dHads_J_mol: number;
  /** Maximum fractional coverage (0, 1]. */
  thetaMax: number;
  /** Molar mass of the active inhibitor, g/mol. */
  molarMass_g_mol: number;
  /** Reference temperature of kAdsRef, K. */
  Tref: number;
}

export function adsorptionConstant(iso: LangmuirIsotherm, T: number): number {
  return iso.kAdsRef_L_mol * Math.exp((-iso.dHads_J_mol / R) * (1 / T - 1 / iso.Tref));
}

/** Coverage at concentration c (mol/L). */
export function langmuirCoverage(iso: LangmuirIsotherm, K: number, c_mol_L: number): number {
  const Kc = K * c_mol_L;
  return (iso.thetaMax * Kc) / (1 + Kc);
}

/** mg/L → mol/L with the inhibitor's molar mass. */
export function doseToMolar(iso: LangmuirIsotherm, dose_mg_L: number): number {
  return dose_mg_L / 1000 / iso.molarMass_g_mol;
}

/** Concentration (mol/L) giving coverage θ*; NaN when θ* ≥ θmax (unreachable) or θ* < 0. */
export function concentrationForCoverage(iso: LangmuirIsotherm, K: number, target: number): number {
  if (!(target >= 0 && target < iso.thetaMax)) return NaN;
  return target / (K * (iso.thetaMax - target));
}
