/**
 * Constants and conventions shared by every model so that results line up with the original
 * engine (spec/neqsim-physics.md A0). Everything inside the engine is SI: K, Pa, m3/mol, J/mol.
 */

/** Gas constant, J/(mol·K): the value the original uses (not CODATA 2018), so numbers agree to 1e-10. */
export const R = 8.3144621;

/** Datum of ideal-gas enthalpy and entropy (H = 0, S = 0 at this temperature), K. */
export const T_REF = 273.15;

/** Datum pressure of ideal-gas entropy, Pa (1.01325 bar). */
export const P_REF = 101325;

/** Standard conditions of standard volumes, K and Pa. */
export const T_STANDARD = 288.15;
export const P_STANDARD = 101325;

/** Peneloux temperature-dependence reference, K (the shift is c + cT·(T − 288.15)). */
export const T_PENELOUX = 288.15;
