/**
 * Ideal-gas standard-state properties (1 bar) of the species the equilibrium reactors use, from
 * NASA 9-coefficient polynomials: B. J. McBride, M. J. Zehe, S. Gordon, "NASA Glenn Coefficients
 * for Calculating Thermodynamic Properties of Individual Species", NASA/TP-2002-211556 (2002),
 * the thermo.inp database of CEA2. Enthalpies include the enthalpy of formation at 298.15 K
 * (the "assigned enthalpy" convention of that report), so reaction enthalpies and Gibbs energies
 * follow directly from differences.
 *
 *   Cp/R = a1 T⁻² + a2 T⁻¹ + a3 + a4 T + a5 T² + a6 T³ + a7 T⁴
 *   H/RT = −a1 T⁻² + a2 ln(T)/T + a3 + a4 T/2 + a5 T²/3 + a6 T³/4 + a7 T⁴/5 + b1/T
 *   S/R  = −a1 T⁻²/2 − a2 T⁻¹ + a3 ln T + a4 T + a5 T²/2 + a6 T³/3 + a7 T⁴/4 + b2
 */

export const R_GAS = 8.31446261815324; // J/(mol·K), CODATA 2018 (exact by the 2019 SI)
export const P_STANDARD = 1e5; // Pa, the 1 bar standard state of the NASA data

/** Elements the reactors balance. */
export const ELEMENTS = ['C', 'H', 'O', 'N'] as const;
export type Element = (typeof ELEMENTS)[number];

interface Interval {
  Tmin: number;
  Tmax: number;
  /** a1…a7, b1, b2 */
  c: readonly number[];
}

export interface GasSpecies {
  name: string;
  formula: string;
  molarMass: number; // kg/mol
  atoms: Partial<Record<Element, number>>;
  intervals: readonly Interval[];
}

const species = (name: string, formula: string, molarMass: number, atoms: Partial<Record<Element, number>>, low: number[], high: number[]): GasSpecies => ({
  name,
  formula,
  molarMass,
  atoms,
  intervals: [
    { Tmin: 200, Tmax: 1000, c: low },
    { Tmin: 1000, Tmax: 6000, c: high },
  ],
});

// Coefficients as printed in CEA2 thermo.inp (McBride et al. 2002), 200–1000 K and 1000–6000 K.
export const GAS_SPECIES: readonly GasSpecies[] = [
  species('hydrogen', 'H2', 2.01588e-3, { H: 2 },
    [4.078323210e4, -8.009186040e2, 8.214702010, -1.269714457e-2, 1.753605076e-5, -1.202860270e-8, 3.368093490e-12, 2.682484665e3, -3.043788844e1],
    [5.608128010e5, -8.371504740e2, 2.975364532, 1.252249124e-3, -3.740716190e-7, 5.936625200e-11, -3.606994100e-15, 5.339824410e3, -2.202774769]),
  species('CO', 'CO', 28.0101e-3, { C: 1, O: 1 },
    [1.489045326e4, -2.922285939e2, 5.724527170, -8.176235030e-3, 1.456903469e-5, -1.087746302e-8, 3.027941827e-12, -1.303131878e4, -7.859241350],
    [4.619197250e5, -1.944704863e3, 5.916714180, -5.664282830e-4, 1.398814540e-7, -1.787680361e-11, 9.620935570e-16, -2.466261084e3, -1.387413108e1]),
  species('CO2', 'CO2', 44.0095e-3, { C: 1, O: 2 },
    [4.943650540e4, -6.264116010e2, 5.301725240, 2.503813816e-3, -2.127308728e-7, -7.689988780e-10, 2.849677801e-13, -4.528198460e4, -7.048279440],
    [1.176962419e5, -1.788791477e3, 8.291523190, -9.223156780e-5, 4.863676880e-9, -1.891053312e-12, 6.330036590e-16, -3.908350590e4, -2.652669281e1]),
  species('water', 'H2O', 18.01528e-3, { H: 2, O: 1 },
    [-3.947960830e4, 5.755731020e2, 9.317826530e-1, 7.222712860e-3, -7.342557370e-6, 4.955043490e-9, -1.336933246e-12, -3.303974310e4, 1.724205775e1],
    [1.034972096e6, -2.412698562e3, 4.646110780, 2.291998307e-3, -6.836830480e-7, 9.426468930e-11, -4.822380530e-15, -1.384286509e4, -7.978148510]),
  species('methane', 'CH4', 16.04246e-3, { C: 1, H: 4 },
    [-1.766850998e5, 2.786181020e3, -1.202577850e1, 3.917619290e-2, -3.619054430e-5, 2.026853043e-8, -4.976705490e-12, -2.331314360e4, 8.904322750e1],
    [3.730042760e6, -1.383501485e4, 2.049107091e1, -1.961974759e-3, 4.727313040e-7, -3.728814690e-11, 1.623737207e-15, 7.532066910e4, -1.219124889e2]),
  species('nitrogen', 'N2', 28.0134e-3, { N: 2 },
    [2.210371497e4, -3.818461820e2, 6.082738360, -8.530914410e-3, 1.384646189e-5, -9.625793620e-9, 2.519705809e-12, 7.108460860e2, -1.076003744e1],
    [5.877124060e5, -2.239249073e3, 6.066949220, -6.139685500e-4, 1.491806679e-7, -1.923105485e-11, 1.061954386e-15, 1.283210415e4, -1.586640027e1]),
  species('oxygen', 'O2', 31.9988e-3, { O: 2 },
    [-3.425563420e4, 4.847000970e2, 1.119010961, 4.293889240e-3, -6.836300520e-7, -2.023372700e-9, 1.039040018e-12, -3.391454870e3, 1.849699470e1],
    [-1.037939022e6, 2.344830282e3, 1.819732036, 1.267847582e-3, -2.188067988e-7, 2.053719572e-11, -8.193467050e-16, -1.689010929e4, 1.738716506e1]),
];

export const T_MIN_DATA = 200;
export const T_MAX_DATA = 6000;

export function gasSpecies(formula: string): GasSpecies {
  const s = GAS_SPECIES.find((x) => x.formula === formula);
  if (s === undefined) throw new Error(`no ideal-gas data for ${formula}`);
  return s;
}

function interval(s: GasSpecies, T: number): readonly number[] {
  return (T < 1000 ? s.intervals[0] : s.intervals[1]).c;
}

/** Cp°/R at T. */
export function cpOverR(s: GasSpecies, T: number): number {
  const a = interval(s, T);
  return a[0] / (T * T) + a[1] / T + a[2] + T * (a[3] + T * (a[4] + T * (a[5] + T * a[6])));
}

/** H°/(RT) at T (enthalpy of formation included). */
export function hOverRT(s: GasSpecies, T: number): number {
  const a = interval(s, T);
  return -a[0] / (T * T) + (a[1] * Math.log(T)) / T + a[2] + T * (a[3] / 2 + T * (a[4] / 3 + T * (a[5] / 4 + (T * a[6]) / 5))) + a[7] / T;
}

/** S°/R at T and 1 bar. */
export function sOverR(s: GasSpecies, T: number): number {
  const a = interval(s, T);
  return -a[0] / (2 * T * T) - a[1] / T + a[2] * Math.log(T) + T * (a[3] + T * (a[4] / 2 + T * (a[5] / 3 + (T * a[6]) / 4))) + a[8];
}

/** Standard molar enthalpy, J/mol. */
export const enthalpy = (s: GasSpecies, T: number): number => R_GAS * T * hOverRT(s, T);
/** Standard molar Gibbs energy over RT (G° = H° − T S°). */
export const gOverRT = (s: GasSpecies, T: number): number => hOverRT(s, T) - sOverR(s, T);

/** Enthalpy of formation of liquid water at 298.15 K, J/mol (CODATA: Cox, Wagman & Medvedev 1989). */
export const DH_F_WATER_LIQUID = -285830;

/** Standard atomic weights, kg/mol (IUPAC conventional values: Meija et al. 2016, Pure Appl. Chem. 88, 265). */
export const ATOMIC_WEIGHTS = { C: 12.011e-3, H: 1.008e-3, O: 15.999e-3, N: 14.007e-3, S: 32.06e-3 } as const;

/** Normal cubic metre: 0 °C and 101.325 kPa, ideal gas, m3/mol. */
export const NORMAL_MOLAR_VOLUME = (R_GAS * 273.15) / 101325;

const T_REF = 298.15;

/** Lower heating value of each fuel gas at 25 °C with water as vapour, J/mol, from these species data. */
export function lowerHeatingValues(): { readonly H2: number; readonly CO: number; readonly CH4: number } {
  if (lhvCache === undefined) {
    const h = (f: string) => enthalpy(gasSpecies(f), T_REF);
    lhvCache = Object.freeze({
      H2: h('H2') + 0.5 * h('O2') - h('H2O'),
      CO: h('CO') + 0.5 * h('O2') - h('CO2'),
      CH4: h('CH4') + 2 * h('O2') - h('CO2') - 2 * h('H2O'),
    });
  }
  return lhvCache;
}
let lhvCache: { readonly H2: number; readonly CO: number; readonly CH4: number } | undefined;

/** Latent heat of water at 25 °C, J/mol: ideal-gas minus liquid enthalpy of formation. */
export const waterLatentHeat = (): number => enthalpy(gasSpecies('H2O'), T_REF) - DH_F_WATER_LIQUID;
