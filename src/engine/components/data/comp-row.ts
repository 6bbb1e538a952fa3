/**
 * One COMP.csv record, reduced to the columns we use, in the CSV's own units and column order
 * (g/mol, °C, bar, cm³/mol) so every number can be checked against the source line by eye.
 * database.ts converts to SI.
 */
export type CompRow = readonly [
  name: string,
  formula: string,
  cas: string,
  compType: string,
  molarMass_g_mol: number, // MOLARMASS
  liqDensity_g_cm3: number, // LIQDENS
  tc_C: number, // TC
  pc_bar: number, // PC
  acentricFactor: number, // ACSFACT
  normalBoilingPoint_C: number, // NORMBOIL
  criticalVolume_cm3_mol: number, // CRITVOL
  cpA: number, // CPA
  cpB: number, // CPB
  cpC: number, // CPC
  cpD: number, // CPD
  cpE: number, // CPE
  dipoleMoment: number, // DIPOLEMOMENT
  viscosityFactor: number, // VISCFACT
  racketZ: number, // RACKETZ
  volumeCorrectionT: number, // volcorrSRK_T
  ljDiameter: number, // LJDIAMETER (Å)
  ljEpsilonOverK: number, // LJEPS (K)
  liquidViscosityModel: number, // LIQVISCMODEL
  liquidViscosity1: number, // LIQVISC1
  liquidViscosity2: number, // LIQVISC2
  liquidViscosity3: number, // LIQVISC3
  liquidViscosity4: number, // LIQVISC4
  gibbsEnergyOfFormation: number, // GIBBSENERGYOFFORMATION (J/mol)
  liquidConductivity1: number, // LIQUIDCONDUCTIVITY1
  liquidConductivity2: number, // LIQUIDCONDUCTIVITY2
  liquidConductivity3: number, // LIQUIDCONDUCTIVITY3
  parachor: number, // PARACHOR
  heatOfFusion: number, // HEATOFFUSION (J/mol)
  triplePointTemperature: number, // TRIPLEPOINTTEMPERATURE (K)
  enthalpyOfFormation: number, // ENTHALPYOFFORMATION (J/mol)
  absoluteEntropy: number, // ABSOLUTEENTROPY (J/(mol·K))
];

export const COMP_CSV_SOURCE =
  'NeqSim COMP.csv (equinor/neqsim, src/main/resources/data/COMP.csv) — compiled from DIPPR / Reid, Prausnitz & Poling';
