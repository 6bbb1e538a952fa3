/**
 * GPA Midstream Standard 2145-16 "Table of physical properties for hydrocarbons and other
 * compounds of interest to the natural gas industry" — the constants GPA 2172 uses, at the GPA
 * base conditions 60 °F and 14.696 psia. Transcribed via thomasmortiz/pyngl
 * src/thermo/gpa_2145.py ("Data from GPA Midstream Standard 2145-16"); methane, ethane,
 * propane, butanes and i-pentane ideal-gas gross heating values agree with the GPA 2145-09
 * values in equinor/neqsim Standard_GPA2145.java.
 *
 * Per component: molar mass (lbm/lbmol = g/mol), ideal-gas volume per liquid gallon
 * (ft³/gal, for GPA 2172 liquid content), summation factor s = √(1−Z) at 60 °F, 14.696 psia
 * (dimensionless), ideal-gas gross heating value (Btu/ft³). null = not given by the table.
 */
export const GPA_BASE_T_F = 60;
export const GPA_BASE_P_PSIA = 14.696;

export interface Gpa2145Row {
  molarMass: number;
  idealGasVolume_ft3_gal: number;
  summationFactor: number | null;
  idealGrossHeatingValue_Btu_ft3: number | null;
}

type R = [string, number, number, number | null, number | null];
// key (ISO 6976 name), M, ideal-gas ft3/gal, summation factor, ideal GHV Btu/ft3
const ROWS: R[] = [
  ['methane', 16.0425, 59.138, 0.04438, 1010.0],
  ['ethane', 30.069, 37.488, 0.0913, 1769.7],
  ['propane', 44.0956, 36.391, 0.1329, 2516.1],
  ['isobutane', 58.1222, 30.637, 0.169, 3251.9],
  ['n-butane', 58.1222, 31.801, 0.1801, 3262.3],
  ['isopentane', 72.1488, 27.414, 0.2206, 4000.9],
  ['n-pentane', 72.1488, 27.658, 0.2323, 4008.7],
  ['n-hexane', 86.1754, 24.38, 0.2973, 4755.9],
  ['n-heptane', 100.2019, 21.73, 0.3646, 5502.6],
  ['n-octane', 114.2285, 19.57, 0.4326, 6249.0],
  ['carbon dioxide', 44.0095, 58.746, 0.0748, null],
  ['hydrogen sulphide', 34.0809, 74.16, 0.0917, 637.1],
  ['nitrogen', 28.0134, 91.128, 0.01696, null],
  ['oxygen', 31.9988, 112.95, 0.02752, null],
  ['helium', 4.0026, 98.641, null, null],
];

export const GPA2145: ReadonlyMap<string, Gpa2145Row> = new Map(
  ROWS.map(([k, molarMass, idealGasVolume_ft3_gal, summationFactor, idealGrossHeatingValue_Btu_ft3]) => [
    k,
    Object.freeze({ molarMass, idealGasVolume_ft3_gal, summationFactor, idealGrossHeatingValue_Btu_ft3 }),
  ]),
);
