/**
 * Parameters of the van der Waals–Platteeuw hydrate model in the form PVTsim and the original
 * NeqSim use for cubic fluids (spec/neqsim-physics.md A4, "PVTsim variant"):
 *
 * - Langmuir constants C = (A/T)·exp(B/T) in 1/bar (T in K, guest fugacity in bar), per
 *   structure and cavity. Values from NeqSim's component database, COMP.csv columns
 *   HydrateA1Small … HydrateB2Large (equinor/neqsim, commit 0b05ef15600e7719cdbfdac4954966452ab671e9),
 *   which carry the Munck, Skjold-Jørgensen & Rasmussen (1988) parameter set, "Computations of the
 *   formation of gas hydrates", Chem. Eng. Sci. 43(10), 2661–2672. A = 0 means the guest does not
 *   enter that cavity. Only components flagged HydrateFormer = "yes" there are guests.
 * - Empty-lattice properties relative to liquid water at T0 = 273.15 K (same source and paper):
 *   Δμ0, Δh0, ΔCp (constant) and Δv.
 * - Cavities per water molecule: sI 2 small + 6 large per 46 H2O, sII 16 small + 8 large per
 *   136 H2O (Sloan & Koh, "Clathrate Hydrates of Natural Gases", 3rd ed., 2008, table 2.1).
 * - Cubic unit-cell edges for the reported hydrate density: sI 12.0 Å, sII 17.3 Å (same table).
 *
 * The "GF" variant, which the original uses for CPA fluids (spec/neqsim-physics.md A4), has its
 * own Langmuir constants (COMP.csv columns A1_smallGF … B2_largeGF, same commit) and an empty
 * lattice treated as a solid with vapour pressure P_sat = 1.01325·exp(a + b/T) bar (sI a = 17.44,
 * b = −6003.9; sII 17.332, −6017.6) and molar volume v0·(1 + k1ΔT + k2ΔT² + k3ΔT³) cm3/mol,
 * ΔT = T − 273.15 K (sI 22.35, 3.1075e-4, 5.9537e-7, 1.3707e-10; sII 22.57, 1.9335e-4,
 * 2.1768e-7, −1.4786e-10; Avlonitis 1994 as used in NeqSim ComponentHydrateGF).
 */

export type HydrateStructure = 'sI' | 'sII';
export const HYDRATE_STRUCTURES: readonly HydrateStructure[] = ['sI', 'sII'];

/** Langmuir A (K/bar) and B (K) for the small and large cavity of one structure. */
export interface CavityConstants {
  smallA: number;
  smallB: number;
  largeA: number;
  largeB: number;
}

export interface GuestParameters {
  sI: CavityConstants;
  sII: CavityConstants;
}

const guest = (a1s: number, b1s: number, a1l: number, b1l: number, a2s: number, b2s: number, a2l: number, b2l: number): GuestParameters => ({
  sI: { smallA: a1s, smallB: b1s, largeA: a1l, largeB: b1l },
  sII: { smallA: a2s, smallB: b2s, largeA: a2l, largeB: b2l },
});

/**
 * Hydrate formers by canonical component name. Columns in COMP.csv order: HydrateA1Small,
 * HydrateB1Small, HydrateA1Large, HydrateB1Large, HydrateA2Small, HydrateB2Small, HydrateA2Large,
 * HydrateB2Large (1 = sI, 2 = sII).
 */
export const HYDRATE_GUESTS: Readonly<Record<string, GuestParameters>> = {
  methane: guest(0.04792, 1594, 0.01244, 2952, 0.002317, 2777, 1.076, 1323),
  ethane: guest(0, 0, 0.002999, 3861, 0, 0, 0.007362, 4000),
  propane: guest(0, 0, 0, 0, 0, 0, 0.008264, 4521),
  // The database gives i-butane the same constants in the sI and sII large cavities.
  'i-butane': guest(0, 0, 0.08189, 4013, 0, 0, 0.08189, 4013),
  'n-butane': guest(0, 0, 0, 0, 0, 0, 0.001262, 4580),
  nitrogen: guest(0.0528, 932.3, 0.03415, 2240, 0.007507, 2004, 0.09477, 1596),
  CO2: guest(4.856e-11, 7470, 0.09862, 2617, 6.082e-5, 3691, 0.1683, 2591),
  H2S: guest(0.009928, 2999, 0.01613, 3737, 0.0002684, 4242, 0.8553, 2325),
  oxygen: guest(0.01717, 2016.2, 0.05696, 1662.3, 0.09799, 1045.9, 0.002681, 2563.9),
};

/** Langmuir constants of the GF variant (CPA fluids), same layout as HYDRATE_GUESTS. */
export const HYDRATE_GUESTS_GF: Readonly<Record<string, GuestParameters>> = {
  methane: guest(0.000621, 2760, 0.421, 1963.1, 0.00404868, 2636.75, 0.29527, 900),
  ethane: guest(0, 0, 0.1098, 2854.94, 0, 0, 0.0893861, 3363),
  propane: guest(0, 0, 0, 0, 0, 0, 0.0799, 3885.27),
  'i-butane': guest(0, 0, 0, 0, 0, 0, 0.08164, 4000),
  'n-butane': guest(0, 0, 0, 0, 0, 0, 1.05298, 2691),
  nitrogen: guest(0.011645, 2159, 0.4001, 1037.18, 0.00718, 2090, 0.3, 1150),
  CO2: guest(0.000758596, 2500, 0.231198, 2419.56, 0.00724496, 2330, 0.139898, 2119.56),
  H2S: guest(0.004, 3141.6, 0.295855, 2936.13, 0.00124496, 2778, 0.339898, 4119.56),
};

/** Empty-lattice vapour pressure and volume of the GF variant. */
export interface GfLattice {
  a: number;
  b: number;
  v0: number;
  k1: number;
  k2: number;
  k3: number;
}

export const GF_LATTICE: Readonly<Record<HydrateStructure, GfLattice>> = {
  sI: { a: 17.44, b: -6003.9, v0: 22.35, k1: 3.1075e-4, k2: 5.9537e-7, k3: 1.3707e-10 },
  sII: { a: 17.332, b: -6017.6, v0: 22.57, k1: 1.9335e-4, k2: 2.1768e-7, k3: -1.4786e-10 },
};

export type HydrateVariant = 'PVTsim' | 'GF';

export interface LatticeParameters {
  /** Small and large cavities per water molecule. */
  nuSmall: number;
  nuLarge: number;
  /** μ(empty lattice) − μ(liquid water) at T0, J/mol. */
  dMu0: number;
  /** h(empty lattice) − h(liquid water) at T0, J/mol. */
  dH0: number;
  /** Heat-capacity difference, J/(mol·K), taken constant. */
  dCp: number;
  /** Molar-volume difference, m3/mol. */
  dV: number;
  /** Water molecules per unit cell and the cubic cell edge (m), for the hydrate density. */
  watersPerCell: number;
  cellEdge: number;
}

export const LATTICE: Readonly<Record<HydrateStructure, LatticeParameters>> = {
  sI: { nuSmall: 2 / 46, nuLarge: 6 / 46, dMu0: 1264, dH0: -4858, dCp: -39.16, dV: 4.6e-6, watersPerCell: 46, cellEdge: 12.0e-10 },
  sII: { nuSmall: 16 / 136, nuLarge: 8 / 136, dMu0: 883, dH0: -5201, dCp: -39.16, dV: 5.0e-6, watersPerCell: 136, cellEdge: 17.3e-10 },
};

/** Reference temperature of the empty-lattice properties, K. */
export const HYDRATE_T0 = 273.15;
