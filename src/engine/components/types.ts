/**
 * Pure-component record of the engine's database. Units are SI and fixed here so every model,
 * algorithm and property method can rely on them. Records are immutable and shared.
 */
export interface IdealGasCp {
  /** Cp0(T) = a + b·T + c·T² + d·T³ + e·T⁴ in J/(mol·K), T in K (NeqSim COMP.csv CPA…CPE form). */
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
}

export type ComponentFamily =
  | 'hydrocarbon'
  | 'inert'
  | 'acid-gas'
  | 'water'
  | 'alcohol'
  | 'glycol'
  | 'aromatic'
  | 'naphthene'
  | 'other';

export interface ComponentData {
  /** Canonical name as users of the original type it (e.g. "methane", "n-butane", "nC10", "CO2"). */
  name: string;
  /** Other accepted names (case-insensitive), e.g. ["C1", "CH4"]. */
  aliases: string[];
  formula: string;
  family: ComponentFamily;
  /** Molar mass, kg/mol. */
  molarMass: number;
  /** Critical temperature, K. */
  tc: number;
  /** Critical pressure, Pa. */
  pc: number;
  /** Acentric factor, -. */
  omega: number;
  /** Normal boiling point, K. */
  tb: number;
  /** Critical molar volume, m3/mol. */
  vc: number;
  /** Critical compressibility, -. */
  zc: number;
  /** Rackett compressibility Z_RA for the Peneloux shift; 0 = use 0.29056 − 0.08775·ω (as the original). */
  racketZ: number;
  /** Ideal-gas heat capacity coefficients. */
  cpIdeal: IdealGasCp;
  /**
   * Parachor (Sugden), (mN/m)^(1/4)·cm³/mol, from a cited source (data/parachors.ts), or null
   * when none is known: interfacial tensions that need it are then not computed.
   */
  parachor: number | null;
  /** Where the parachor comes from (absent when parachor is null). */
  parachorSource?: string;
  /** Citation of the record's data source. */
  source: string;
  /** Optional extra data used by property methods (e.g. liquid viscosity correlation constants). */
  extra?: Readonly<Record<string, number | string>>;
}
