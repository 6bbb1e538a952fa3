/**
 * Equilibrium constants at 1 atm (water saturation above 100 °C) as functions of T (K).
 * PHREEQC analytic form (Parkhurst & Appelo 2013, USGS TM 6-A43):
 *   log10 K = A1 + A2·T + A3/T + A4·log10 T + A5/T² + A6·T²,
 * or, where only log K(25 °C) and ΔH°r are published, the van 't Hoff equation with constant ΔH°r:
 *   log10 K(T) = log10 K(298.15) − ΔH°r/(R·ln 10)·(1/T − 1/298.15).
 * Data sources (cited per entry): Plummer & Busenberg (1982), Geochim. Cosmochim. Acta 46, 1011
 * (carbonate system and calcite, 0–90 °C); phreeqc.dat as distributed with PHREEQC 3
 * (USGS, usgs-coupled/phreeqc3, database/phreeqc.dat) for the others, with the sources it names.
 * No pressure correction: the molar-volume (-Vm) terms of phreeqc.dat are not used.
 */

export const T_REF = 298.15;
const R = 8.314462618; // J/(mol·K), CODATA 2018
const CAL = 4.184; // J per thermochemical calorie

export interface LogKData {
  /** log10 K printed at 25 °C in the source. */
  logK25: number;
  /** Analytic coefficients A1..A6 (missing = 0), or absent for van 't Hoff. */
  analytic?: readonly number[];
  /** ΔH°r, J/mol, for van 't Hoff when there is no analytic expression. */
  deltaH_J_mol?: number;
  source: string;
  /** Temperature range of the underlying data, °C, where the source states it. */
  validRange_C?: readonly [number, number];
}

export function logK(d: LogKData, T: number): number {
  if (d.analytic) {
    const [a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0] = d.analytic;
    return a1 + a2 * T + a3 / T + a4 * Math.log10(T) + a5 / (T * T) + a6 * T * T;
  }
  return d.logK25 - ((d.deltaH_J_mol ?? 0) / (R * Math.LN10)) * (1 / T - 1 / T_REF);
}

/** CO2(g) = CO2(aq): K_H, mol/(kg·atm). Plummer & Busenberg (1982) (log K = −1.468 at 25 °C). */
export const CO2_HENRY: LogKData = {
  logK25: -1.468,
  analytic: [108.3865, 0.01985076, -6919.53, -40.45154, 669365.0],
  source: 'Plummer & Busenberg (1982), GCA 46, 1011: CO2(g) = CO2(aq)',
  validRange_C: [0, 250],
};

/**
 * CO2(aq) + H2O = HCO3− + H+: K1. Plummer & Busenberg (1982) (log K = −6.352 at 25 °C); equals
 * phreeqc.dat's "CO3-2 + 2 H+ = CO2 + H2O" minus "CO3-2 + H+ = HCO3-" coefficient by coefficient.
 */
export const CARBONIC_K1: LogKData = {
  logK25: -6.352,
  analytic: [-356.3094, -0.06091964, 21834.37, 126.8339, -1684915],
  source: 'Plummer & Busenberg (1982), GCA 46, 1011: CO2(aq) + H2O = HCO3- + H+',
  validRange_C: [0, 250],
};

/** HCO3− = CO3²− + H+: K2. Plummer & Busenberg (1982) (log K = −10.329 at 25 °C). */
export const CARBONIC_K2: LogKData = {
  logK25: -10.329,
  analytic: [-107.8871, -0.03252849, 5151.79, 38.92561, -563713.9],
  source: 'Plummer & Busenberg (1982), GCA 46, 1011: HCO3- = CO3-2 + H+',
  validRange_C: [0, 250],
};

/** H2O = OH− + H+: Kw. phreeqc.dat (PHREEQC 3) analytic expression. */
export const WATER_KW: LogKData = {
  logK25: -14.0,
  analytic: [293.29227, 0.1360833, -10576.913, -123.73158, 0, -6.996455e-5],
  source: 'phreeqc.dat (PHREEQC 3): H2O = OH- + H+',
};

export type MineralName = 'calcite' | 'barite' | 'celestite' | 'gypsum' | 'anhydrite' | 'siderite';
export type IonName = 'Ca' | 'Ba' | 'Sr' | 'Fe' | 'CO3' | 'SO4';

export interface MineralData extends LogKData {
  formula: string;
  cation: IonName;
  anion: IonName;
  /** Waters of hydration in the dissolution reaction (IAP includes a_w^n). */
  hydrationWaters: number;
}

/** Dissolution constants (Ksp) of the scale minerals. */
export const MINERALS: Record<MineralName, MineralData> = {
  // Plummer & Busenberg (1982), eq. for calcite; identical in phreeqc.dat PHASES Calcite (log_k −8.48).
  calcite: { formula: 'CaCO3', cation: 'Ca', anion: 'CO3', hydrationWaters: 0, logK25: -8.48, analytic: [-171.9065, -0.077993, 2839.319, 71.595], source: 'Plummer & Busenberg (1982), GCA 46, 1011 (phreeqc.dat Calcite)', validRange_C: [0, 90] },
  // phreeqc.dat PHASES Barite: "-analytical_expression -282.43 -8.972e-2 5822 113.08 # Blount 1977; Templeton, 1960" (printed log_k −9.97).
  barite: { formula: 'BaSO4', cation: 'Ba', anion: 'SO4', hydrationWaters: 0, logK25: -9.97, analytic: [-282.43, -8.972e-2, 5822, 113.08], source: 'phreeqc.dat Barite, from Blount (1977) Am. Mineral. 62, 942 and Templeton (1960) J. Chem. Eng. Data 5, 514' },
  // phreeqc.dat PHASES Celestite: "-analytic -7.14 6.11e-3 75 0 0 -1.79e-5 # Howell et al., 1992, JCED 37, 464" (printed log_k −6.63).
  celestite: { formula: 'SrSO4', cation: 'Sr', anion: 'SO4', hydrationWaters: 0, logK25: -6.63, analytic: [-7.14, 6.11e-3, 75, 0, 0, -1.79e-5], source: 'phreeqc.dat Celestite, from Howell et al. (1992) J. Chem. Eng. Data 37, 464' },
  // phreeqc.dat PHASES Gypsum: CaSO4:2H2O = Ca+2 + SO4-2 + 2 H2O, "-analytic 68.2401 0.0 -3221.51 -25.0627" (log_k −4.58).
  gypsum: { formula: 'CaSO4·2H2O', cation: 'Ca', anion: 'SO4', hydrationWaters: 2, logK25: -4.58, analytic: [68.2401, 0, -3221.51, -25.0627], source: 'phreeqc.dat Gypsum (PHREEQC 3)' },
  // phreeqc.dat PHASES Anhydrite: "-analytic 84.90 0 -3135.12 -31.79 # 50 - 160oC, 1 - 1e3 atm, Blount and Dickson, 1973, Am. Mineral. 58, 323" (log_k −4.36).
  anhydrite: { formula: 'CaSO4', cation: 'Ca', anion: 'SO4', hydrationWaters: 0, logK25: -4.36, analytic: [84.9, 0, -3135.12, -31.79], source: 'phreeqc.dat Anhydrite, from Blount & Dickson (1973) Am. Mineral. 58, 323', validRange_C: [50, 160] },
  // phreeqc.dat PHASES Siderite: log_k −10.89, delta_h −2.480 kcal/mol (no analytic expression: van 't Hoff).
  siderite: { formula: 'FeCO3', cation: 'Fe', anion: 'CO3', hydrationWaters: 0, logK25: -10.89, deltaH_J_mol: -2.48 * CAL * 1000, source: "phreeqc.dat Siderite (log K 25 °C and ΔH°r; van 't Hoff)" },
};
