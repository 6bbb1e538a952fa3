/**
 * SRK-CPA pure-component parameters from NeqSim's COMP.csv (equinor/neqsim, commit
 * 0b05ef15600e7719cdbfdac4954966452ab671e9), in the CSV's own units so each number can be checked
 * against its source line: associationscheme, associationenergy (J/mol),
 * associationboundingvolume_SRK (−), aCPA_SRK (bar·(1e-5 m3/mol)², i.e. ×1e-5 → Pa·m6/mol2),
 * bCPA_SRK (1e-5 m3/mol), mCPA_SRK (−), racketZCPA (−) and volcorrCPA_T (1e-5 m3/mol/K).
 * The fitted values are those of Kontogeorgis, Folas and co-workers (e.g. Kontogeorgis et al.
 * 1999, Ind. Eng. Chem. Res. 38, 4373; Folas et al. 2005) as collected in that database.
 * Components not listed use SRK's a, b and m from Tc, Pc and ω and do not associate. In the source,
 * propylbenzene, 2,3-DM-C6, 4-M-C8, 1,2,3-TM-Benzene and nC30 share one parameter set (348210,
 * 12.685, 0.9117); it is kept as the original uses it. The 1A aromatics and CO carry an
 * association volume without an energy: they bond only through cross parameters, none of which
 * the database gives them with this server's components.
 *
 * [name, scheme, ε, β, a0, b, m, Z_RA for Peneloux (0: no shift), dc/dT]
 */
export type CpaRow = readonly [name: string, scheme: string, energy_J_mol: number, volume: number, a0: number, b: number, m: number, racketZ: number, volcorrT: number];

export const CPA_ROWS: readonly CpaRow[] = [
  ['propane', '0', 0.0, 0.0, 91187.5, 5.7834, 0.6307, 0.0, 0.0],
  ['CO2', '2A', 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
  ['methanol', '2B', 24591.0, 0.0161, 40531.0, 3.0978, 0.43102, 0.0, 0.0],
  ['MEG', '4C', 19752.0, 0.0141, 108190.0, 5.14, 0.6744, 0.288384169, 0.000389127],
  ['TEG', '4C', 14337.0, 0.0188, 391260.0, 13.21, 1.1692, 0.284542458, -0.004423613],
  ['DEG', '4C', 19684.0, 0.0064, 264080.0, 9.21, 0.7991, 0.0, 0.0],
  ['n-butane', '0', 0.0, 0.0, 131427.4, 7.2081, 0.70771, 0.0, 0.0],
  ['n-pentane', '0', 0.0, 0.0, 181980.0, 9.1008, 0.79858, 0.0, 0.0],
  ['n-hexane', '0', 0.0, 0.0, 236810.0, 10.789, 0.8313, 0.0, 0.0],
  ['benzene', '1A', 0.0, 0.11347, 178760.0, 7.499, 0.7576, 0.0, 0.0],
  ['toluene', '1A', 0.0, 0.1251, 233750.0, 9.214, 0.8037, 0.0, 0.0],
  ['n-heptane', '0', 0.0, 0.0, 291780.0, 12.535, 0.9137, 0.0, 0.0],
  ['n-octane', '0', 0.0, 0.0, 348750.0, 14.244, 0.99415, 0.0, 0.0],
  ['nC10', '0', 0.0, 0.0, 473890.0, 17.865, 1.13243, 0.0, 0.0],
  ['n-nonane', '0', 0.0, 0.0, 412506.1, 16.035, 1.04628, 0.0, 0.0],
  ['i-butane', '0', 0.0, 0.0, 129094.0, 7.47, 0.7021, 0.0, 0.0],
  ['nC11', '0', 0.0, 0.0, 552201.0, 19.7909, 1.1437, 0.0, 0.0],
  ['nC12', '0', 0.0, 0.0, 624030.0, 21.624, 1.19531, 0.0, 0.0],
  ['nC13', '0', 0.0, 0.0, 766180.0, 25.053, 1.29057, 0.0, 0.0],
  ['c-hexane', '0', 0.0, 0.0, 212570.0, 9.0838, 0.74265, 0.0, 0.0],
  ['ethylbenzene', '0', 0.0, 0.0, 288600.0, 10.872, 0.8539, 0.0, 0.0],
  ['m-Xylene', '1A', 0.0, 0.12, 290860.0, 10.872, 0.8681, 0.0, 0.0],
  ['p-Xylene', '1A', 0.0, 0.12, 293166.3, 10.98, 0.86256, 0.0, 0.0],
  ['o-Xylene', '1A', 0.0, 0.12, 0.0, 0.0, 0.0, 0.0, 0.0],
  ['H2S', '2A', 5000.0, 0.001160489, 44505.0, 2.85, 0.60265, 0.0, 0.0],
  ['acetone', '2B', 24476.0, 0.0154, 40220.0, 3.12, 0.4623, 0.0, 0.0],
  ['ethanol', '2B', 21532.01, 0.008, 86716.09, 4.908, 0.7369, 0.0, 0.0],
  ['water', '4C', 16655.0, 0.0692, 12277.0, 1.4515, 0.67359, 0.296941807, 0.000718744],
  ['CO', '1A', 0.0, 0.3, 0.0, 0.0, 0.0, 0.0, 0.0],
  ['propylbenzene', '0', 0.0, 0.0, 348210.0, 12.685, 0.9117, 0.0, 0.0],
  ['2,3-DM-C6', '0', 0.0, 0.0, 348210.0, 12.685, 0.9117, 0.0, 0.0],
  ['4-M-C8', '0', 0.0, 0.0, 348210.0, 12.685, 0.9117, 0.0, 0.0],
  ['1,2,3-TM-Benzene', '0', 0.0, 0.0, 348210.0, 12.685, 0.9117, 0.0, 0.0],
  ['nC30', '0', 0.0, 0.0, 348210.0, 12.685, 0.9117, 0.0, 0.0],
  ['1-propanol', '2B', 21000.00004, 0.0081, 119102.0047, 6.411, 0.91709, 0.0, 0.0],
  ['i-propanol', '2B', 21000.00004, 0.0091, 106018.9945, 6.411, 0.9468, 0.0, 0.0],
  ['PG', '4C', 17442.0, 0.019, 138360.0, 6.75, 0.9372, 0.0, 0.0],
];
