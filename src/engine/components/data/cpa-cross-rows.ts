/**
 * Cross-association of SRK-CPA pairs, from NeqSim's INTER.csv (equinor/neqsim, commit
 * 1cd94c4c2db4f32c0fbf2822aeec72f4794c983f), columns cpaAssosiationType, cpaBetaCross and
 * cpaEpsCross. Only the pairs with type 1 (CR-1) are listed: every other pair of associating
 * components uses type 0, Elliott's rule Δ_ij = √(Δ_ii·Δ_jj). A zero cross value means the
 * default of CR-1: the mean of the two energies, the geometric mean of the two volumes.
 * Solvation pairs (CO2 or H2S with water, alcohols, glycols) give a non-self-associating
 * component its bonds with the other's sites.
 *
 * [component 1, component 2, β cross (−), ε cross (J/mol)]
 */
export type CpaCrossRow = readonly [a: string, b: string, betaCross: number, epsCross: number];

export const CPA_CROSS_ROWS: readonly CpaCrossRow[] = [
  ['methanol', 'CO2', 0.0386, 0],
  ['ethanol', 'CO2', 0.0627, 0],
  ['MEG', 'CO2', 0.055, 0],
  ['DEG', 'CO2', 0.085, 0],
  ['TEG', 'CO2', 0.085, 0],
  ['DEG', 'water', 0, 0],
  ['TEG', 'water', 0, 0],
  ['TEG', 'MEG', 0, 0],
  ['CO2', 'water', 0.075, 0],
  ['H2S', 'water', 0.0624, 10878],
];
