/**
 * Pure-water properties and activity coefficients for dilute-to-moderate brines.
 * - Density of air-free water at 1 atm: Kell (1975), J. Chem. Eng. Data 20, 97 (0–150 °C).
 * - Relative permittivity of water: Malmberg & Maryott (1956), J. Res. NBS 56, 1 (0–100 °C).
 * - Debye–Hückel A from the Debye–Hückel limiting law with CODATA 2018 exact constants:
 *   A = sqrt(2π·N_A·ρ_w)·λ_B^{3/2}/ln 10, λ_B = e²/(4π·ε0·εr·k_B·T) (molal basis, ρ_w in kg/m³).
 * - Davies (1962), Ion Association (Butterworths): log10 γ = −A·z²·(√I/(1+√I) − 0.3·I); for I ≲ 0.5 mol/kg.
 * - Water activity a_w ≈ 1 − 0.017·Σm (Garrels & Christ 1965, as used by PHREEQC:
 *   Parkhurst & Appelo 2013, USGS Techniques and Methods 6-A43).
 */

// CODATA 2018 exact SI constants.
const ELEMENTARY_CHARGE = 1.602176634e-19; // C
const VACUUM_PERMITTIVITY = 8.8541878128e-12; // F/m (CODATA 2018 recommended)
const BOLTZMANN = 1.380649e-23; // J/K
const AVOGADRO = 6.02214076e23; // 1/mol

/** Upper validity of Davies' equation (Davies 1962; Stumm & Morgan 1996, Aquatic Chemistry, 3rd ed.: I ≲ 0.5). */
export const DAVIES_MAX_IONIC_STRENGTH = 0.5;

/** Kell (1975) density of pure water at 1 atm, kg/m³, t in °C. */
export function waterDensityKell(tC: number): number {
  const num = 999.83952 + 16.945176 * tC - 7.9870401e-3 * tC ** 2 - 46.170461e-6 * tC ** 3 + 105.56302e-9 * tC ** 4 - 280.54253e-12 * tC ** 5;
  return num / (1 + 16.87985e-3 * tC);
}

/** Malmberg & Maryott (1956) relative permittivity of water, t in °C. */
export function waterDielectricMalmberg(tC: number): number {
  return 87.74 - 0.40008 * tC + 9.398e-4 * tC ** 2 - 1.41e-6 * tC ** 3;
}

/** Debye–Hückel A (log10 basis, (kg/mol)^½) at T (K), from ρ_w and εr above. */
export function debyeHuckelA(T: number): number {
  const tC = T - 273.15;
  const epsR = waterDielectricMalmberg(tC);
  const rho = waterDensityKell(tC);
  const bjerrum = (ELEMENTARY_CHARGE ** 2) / (4 * Math.PI * VACUUM_PERMITTIVITY * epsR * BOLTZMANN * T);
  return (Math.sqrt(2 * Math.PI * AVOGADRO * rho) * bjerrum ** 1.5) / Math.LN10;
}

/** Davies log10 γ of an ion of charge z at ionic strength I (mol/kg). */
export function daviesLogGamma(A: number, z: number, I: number): number {
  const s = Math.sqrt(I);
  return -A * z * z * (s / (1 + s) - 0.3 * I);
}

/** Water activity from the total solute molality (Garrels & Christ 1965). */
export function waterActivity(sumMolality: number): number {
  return 1 - 0.017 * sumMolality;
}
