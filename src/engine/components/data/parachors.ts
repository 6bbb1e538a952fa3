/**
 * Parachors (Sugden), (mN/m)^¼·cm³/mol, with the source of every value. They replace the
 * original's COMP.csv PARACHOR column, which holds placeholders for many components (207 for
 * hydrogen, helium, argon, CO, neon, toluene and most C7–C8 isomers; 0 for oxygen, ethanol, DEG,
 * propanols, mercury; methane's 77.3 copied to 2-M-C7 and M-cy-C6) and, for nitrogen, the value
 * 41 that gives a pure-nitrogen σ 76–86 % low. A component absent from this table has no parachor
 * (ComponentData.parachor = null): interfacial tensions that need it are not computed.
 *
 * Two sources:
 *
 * QUAYLE — additive atomic and structural constants of O. R. Quayle, "The parachors of organic
 *   compounds", Chem. Rev. 53 (1953) 439 (as reproduced in Poling, Prausnitz & O'Connell, The
 *   Properties of Gases and Liquids, 5th ed., 2001, ch. 12): C 9.0, H 15.5, O 19.8; ring closure
 *   3-membered 12.5, 5-membered 3.0, 6-membered 0.8. Quayle's isomer (branching) corrections,
 *   a few units, are neglected, so isomers share the value of their formula. The n-alkane values
 *   40n + 31 agree within 2 % with the parachors derived below from the recommended σ and
 *   reference densities (methane 71 vs 72.4, n-heptane 311 vs 309.4, n-decane 431 vs 427.1); the
 *   test test/engine/parachors.test.ts checks this. Benzene is the original's COMP.csv value
 *   205.9 (compiled from Reid, Prausnitz & Poling), which equals Quayle's 6 C + 6 H + 6-ring
 *   (147.8) plus three double bonds; the alkylbenzenes add Quayle's CH2 increment 40.0 to it
 *   (ethylbenzene 285.9 is COMP.csv's value too). Alcohols and glycols use the same constants;
 *   their hydrogen bonding makes the additive value a few % high (methanol 90.8 against 88.3
 *   from σ = 22.1 mN/m and ρ = 786.6 kg/m³ at 25 °C).
 *
 * DERIVED — for the simple inorganic fluids, for which the organic group constants do not apply,
 *   the parachor follows from its definition P = σ^¼ / (ρL − ρV) (molar densities), evaluated
 *   at T = 0.7 Tc with σ from the recommended correlation (Mulero et al., J. Phys. Chem. Ref.
 *   Data 41 (2012) 043105; water IAPWS R1-76(2014)) and the saturated densities of the GERG-2008
 *   pure-fluid equations (Kunz & Wagner, J. Chem. Eng. Data 57 (2012) 3032) as implemented in
 *   src/engine/reference-eos. test/engine/parachors.test.ts re-derives each value.
 */

export interface ParachorRecord {
  value: number;
  source: string;
}

const QUAYLE = 'Quayle, Chem. Rev. 53 (1953) 439: additive constants C 9.0, H 15.5, O 19.8, rings (isomer corrections neglected)';
const DERIVED = 'Derived from the definition at T = 0.7 Tc: σ from Mulero et al. (2012) / IAPWS R1-76, saturated densities from GERG-2008';

/** Quayle's additive parachor of CcHhOo with the given ring closures. */
export function quayleParachor(c: number, h: number, o = 0, rings: readonly (3 | 5 | 6)[] = []): number {
  const ring = { 3: 12.5, 5: 3.0, 6: 0.8 } as const;
  return 9.0 * c + 15.5 * h + 19.8 * o + rings.reduce((s, r) => s + ring[r], 0);
}

const BENZENE = 205.9;
const CH2 = 40.0;
const alkane = (n: number): ParachorRecord => ({ value: quayleParachor(n, 2 * n + 2), source: `${QUAYLE}; C${n}H${2 * n + 2}` });
const cyclo = (n: number, ring: 3 | 5 | 6): ParachorRecord => ({ value: quayleParachor(n, 2 * n, 0, [ring]), source: `${QUAYLE}; C${n}H${2 * n}, ${ring}-membered ring` });
const oxygenate = (c: number, h: number, o: number): ParachorRecord => ({ value: quayleParachor(c, h, o), source: `${QUAYLE}; C${c}H${h}O${o} (hydrogen bonding not represented)` });
const aromatic = (extraCH2: number): ParachorRecord => ({
  value: BENZENE + extraCH2 * CH2,
  source: `benzene 205.9 (NeqSim COMP.csv, Reid–Prausnitz–Poling compilation; consistent with Quayle 1953)${extraCH2 > 0 ? ` + ${extraCH2} × CH2 40.0 (Quayle)` : ''}`,
});
const derived = (value: number, at: string): ParachorRecord => ({ value, source: `${DERIVED} (${at})` });

export const PARACHORS: Readonly<Record<string, ParachorRecord>> = {
  // n-, iso- and neo-alkanes: CnH2n+2.
  methane: alkane(1),
  ethane: alkane(2),
  propane: alkane(3),
  'n-butane': alkane(4),
  'i-butane': alkane(4),
  'n-pentane': alkane(5),
  'i-pentane': alkane(5),
  '22-dim-C3': alkane(5),
  'n-hexane': alkane(6),
  '22-dim-C4': alkane(6),
  '23-dim-C4': alkane(6),
  '2-m-C5': alkane(6),
  '3-m-C5': alkane(6),
  'n-heptane': alkane(7),
  '22-DM-C5': alkane(7),
  '23-DM-C5': alkane(7),
  '24-DM-C5': alkane(7),
  '33-DM-C5': alkane(7),
  '223-TM-C4': alkane(7),
  '2-M-C6': alkane(7),
  '3-M-C7': alkane(8),
  'n-octane': alkane(8),
  '2-M-C7': alkane(8),
  '22-DM-C6': alkane(8),
  '24-DM-C6': alkane(8),
  '25-DM-C6': alkane(8),
  '33-DM-C6': alkane(8),
  '2,3-DM-C6': alkane(8),
  '224-TM-C5': alkane(8),
  'n-nonane': alkane(9),
  '2-M-C8': alkane(9),
  '4-M-C8': alkane(9),
  nC10: alkane(10),
  nC11: alkane(11),
  nC12: alkane(12),
  nC13: alkane(13),
  nC14: alkane(14),
  nC15: alkane(15),
  nC16: alkane(16),
  nC17: alkane(17),
  nC18: alkane(18),
  nC19: alkane(19),
  nC20: alkane(20),
  // Heavier n-alkanes and the naphthenes added from the original's table (same Quayle constants).
  nC21: alkane(21),
  nC22: alkane(22),
  nC23: alkane(23),
  nC24: alkane(24),
  nC25: alkane(25),
  nC26: alkane(26),
  nC27: alkane(27),
  nC28: alkane(28),
  nC29: alkane(29),
  nC34: alkane(34),
  nC39: alkane(39),
  '1.2-DM-cyC5': cyclo(7, 5),
  '1.3-dDM-cyC5': cyclo(7, 5),
  '113-TM-cy-C5': cyclo(8, 5),
  'cis-12-DM-cy-C6': cyclo(8, 6),
  'cis-13-DM-cy-C6': cyclo(8, 6),
  'cis-14-DM-cy-C6': cyclo(8, 6),
  'trans-12-DM-cy-C6': cyclo(8, 6),
  'trans-14-DM-cy-C6': cyclo(8, 6),
  nC30: alkane(30),
  // Cycloalkanes CnH2n with 3-, 5- or 6-membered rings (Quayle gives no 7- or 8-ring constant here).
  'c-propane': cyclo(3, 3),
  'c-C5': cyclo(5, 5),
  'M-cy-C5': cyclo(6, 5),
  'E-cy-C5': cyclo(7, 5),
  'cis-13-DM-cy-C5': cyclo(7, 5),
  'trans-13-DM-cy-C5': cyclo(7, 5),
  'trans-12-DM-cy-C5': cyclo(7, 5),
  'c-hexane': cyclo(6, 6),
  'M-cy-C6': cyclo(7, 6),
  ethylcyclohexane: cyclo(8, 6),
  // Aromatics.
  benzene: aromatic(0),
  toluene: aromatic(1),
  ethylbenzene: aromatic(2),
  'm-Xylene': aromatic(2),
  'o-Xylene': aromatic(2),
  'p-Xylene': aromatic(2),
  propylbenzene: aromatic(3),
  '1,2,3-TM-Benzene': aromatic(3),
  // Alcohols and glycols.
  methanol: oxygenate(1, 4, 1),
  ethanol: oxygenate(2, 6, 1),
  '1-propanol': oxygenate(3, 8, 1),
  'i-propanol': oxygenate(3, 8, 1),
  MEG: oxygenate(2, 6, 2),
  PG: oxygenate(3, 8, 2),
  DEG: oxygenate(4, 10, 3),
  TEG: oxygenate(6, 14, 4),
  // Simple inorganic fluids (values re-derived by test/engine/parachors.test.ts).
  nitrogen: derived(60.3, 'T = 88.33 K'),
  oxygen: derived(53.7, 'T = 108.21 K'),
  argon: derived(54.1, 'T = 105.48 K'),
  hydrogen: derived(34.2, 'T = 23.20 K'),
  helium: derived(20.0, 'T = 3.637 K'),
  CO: derived(62.8, 'T = 93.00 K'),
  CO2: derived(76.2, 'T = 212.89 K'),
  H2S: derived(83.4, 'T = 261.17 K'),
  water: derived(52.1, 'T = 452.97 K; IAPWS σ'),
};

/** The cited parachor of a component (database canonical name), or undefined when none is known. */
export function parachorOf(name: string): ParachorRecord | undefined {
  return Object.prototype.hasOwnProperty.call(PARACHORS, name) ? PARACHORS[name] : undefined;
}
