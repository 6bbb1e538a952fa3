/**
 * How the GERG-2008 / AGA8 reference files (NIST AGA8 code outputs, in its units: mol/L, kPa,
 * g/mol, J/mol) map onto our SI results. Shared by the tests against ../shared/reference and the
 * committed fixture, so both read the files the same way.
 */
import type { Test } from 'tap';
import type { GrossState, ReferenceState } from '../../src/engine/reference-eos/index.js';
import { withinTolerance, type ReferenceCase } from './reference.js';

/** Reference key → our SI field and the factor converting our value to the reference unit. */
export const REFERENCE_STATE_FIELDS: Readonly<Record<string, readonly [keyof ReferenceState, number]>> = {
  M_g_mol: ['molarMass', 1000],
  rho_mol_L: ['density', 1e-3],
  rho_kg_m3: ['massDensity', 1],
  Z: ['Z', 1],
  dPdrho_kPa_L_mol: ['dPdD', 1], // Pa·m³/mol = kPa·L/mol
  d2Pdrho2_kPa_L2_mol2: ['d2PdD2', 1000], // Pa·m⁶/mol² → kPa·L²/mol²
  dPdT_kPa_K: ['dPdT', 1e-3],
  U_J_mol: ['U', 1],
  H_J_mol: ['H', 1],
  S_J_molK: ['S', 1],
  G_J_mol: ['G', 1],
  cv_J_molK: ['Cv', 1],
  cp_J_molK: ['Cp', 1],
  w_m_s: ['w', 1],
  jt_K_kPa: ['JT', 1000], // K/Pa → K/kPa
  kappa: ['kappa', 1],
};

/** Our value of a reference key in the reference unit, or undefined when the key has no mapping. */
export function referenceStateValue(r: ReferenceState, key: string): number | undefined {
  const field = REFERENCE_STATE_FIELDS[key];
  return field === undefined ? undefined : (r[field[0]] as number) * field[1];
}

/**
 * Outputs on the equation's own ideal-gas datum, with our field: the reference README advises
 * comparing them as differences between two states of one mixture.
 */
export const DATUM_FIELDS = [
  ['H_J_mol', 'H'],
  ['U_J_mol', 'U'],
  ['S_J_molK', 'S'],
  ['G_J_mol', 'G'],
] as const;

/** One assertion per key: our value against the case's expected value at its tolerance. */
export function checkReferenceOutputs(t: Test, c: ReferenceCase<unknown>, r: ReferenceState, keys: Iterable<string>): void {
  for (const key of keys) {
    const got = referenceStateValue(r, key);
    if (got === undefined) {
      t.fail(`${c.id}: no mapping for ${key}`);
      continue;
    }
    const msg = withinTolerance(got, c.expected[key], c.tolerance[key]);
    t.notOk(msg, `${c.id} ${key}${msg ? `: ${msg}` : ''}`);
  }
}

/** H, U, S, G differences between states b and a of one mixture against the reference's, at tol. */
export function checkDatumDifferences(t: Test, a: [ReferenceCase<unknown>, ReferenceState], b: [ReferenceCase<unknown>, ReferenceState], tol: { rel: number }): void {
  const [ca, ra] = a;
  const [cb, rb] = b;
  for (const [key, field] of DATUM_FIELDS) {
    const msg = withinTolerance(rb[field] - ra[field], cb.expected[key] - ca.expected[key], tol);
    t.notOk(msg, `${cb.id} − ${ca.id}: Δ${field}${msg ? `: ${msg}` : ''}`);
  }
}

/**
 * The twelve GROSS-01 outputs of the NIST code in its units, from our full-composition analysis
 * (`full`) and the method-2 run fed with its relative density, N2 and CO2 (`method2`).
 */
export function grossOutputs(full: GrossState, method2: GrossState): Record<string, number> {
  return {
    M_g_mol: full.molarMass * 1000,
    rho_mol_L: full.density / 1000,
    Z: full.Z,
    Gr: full.relativeDensity,
    HN_kJ_mol: full.HN / 1000,
    HCH_kJ_mol: full.HCH / 1000,
    xGrs_hydrocarbon: full.xCH,
    xGrs_nitrogen: full.xN2,
    xGrs_CO2: full.xCO2,
    Hv_MJ_m3: full.Hv / 1e6,
    method2_Hv_MJ_m3: method2.Hv / 1e6,
    method2_rho_mol_L: method2.density / 1000,
  };
}
