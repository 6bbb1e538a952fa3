/**
 * Ideal-gas heat capacity, enthalpy and entropy of a component from the COMP.csv polynomial
 * Cp0 = a + bT + cT² + dT³ + eT⁴ (J/(mol·K)), on the original's datum (A0): H0 = 0 and S0 = 0 at
 * 273.15 K (and 1.01325 bar for the pressure term, which the caller adds).
 */
import type { IdealGasCp } from '../components/types.js';
import { T_REF } from './constants.js';

export function idealCp(c: IdealGasCp, T: number): number {
  return c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e)));
}

/** ∫ Cp0 dT from T_REF to T, J/mol. */
export function idealEnthalpy(c: IdealGasCp, T: number): number {
  const prim = (t: number) => t * (c.a + t * (c.b / 2 + t * (c.c / 3 + t * (c.d / 4 + (t * c.e) / 5))));
  return prim(T) - prim(T_REF);
}

/** ∫ Cp0/T dT from T_REF to T, J/(mol·K). */
export function idealEntropyT(c: IdealGasCp, T: number): number {
  const poly = (t: number) => t * (c.b + t * (c.c / 2 + t * (c.d / 3 + (t * c.e) / 4)));
  return c.a * Math.log(T / T_REF) + poly(T) - poly(T_REF);
}
