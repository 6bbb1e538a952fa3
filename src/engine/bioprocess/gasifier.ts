/**
 * Equilibrium biomass gasifier: the converted part of the biomass, its moisture and the gasifying
 * agent (air, oxygen or steam) brought to chemical equilibrium as an ideal gas at T and P
 * (src/engine/reaction/gibbs-equilibrium.ts); the unconverted carbon leaves as char with the
 * ash. The biomass enthalpy of formation comes from its higher heating value (Channiwala &
 * Parikh 2002), so the heat balance closes on the same heating values the efficiencies use.
 * Everything per kg of biomass as received, SI units.
 */
import { gibbsEquilibrium } from '../reaction/gibbs-equilibrium.js';
import { ATOMIC_WEIGHTS as M, DH_F_WATER_LIQUID, GAS_SPECIES, enthalpy, gasSpecies, lowerHeatingValues, waterLatentHeat, type Element } from '../reaction/ideal-gas-species.js';
/** ΔfH° of SO2(g), J/mol (CODATA: Cox, Wagman & Medvedev 1989): the HHV's sulfur product. */
const DH_F_SO2 = -296810;
/** N2/O2 of air taken as 79/21 (argon counted with nitrogen). */
const AIR_N2_PER_O2 = 79 / 21;
const T_REF = 298.15;

export interface UltimateAnalysis {
  /** wt % of the dry biomass */
  carbon: number;
  hydrogen: number;
  oxygen: number;
  nitrogen: number;
  sulfur: number;
  ash: number;
}

export interface GasifierSpec {
  biomass: UltimateAnalysis;
  /** wt % of the biomass as received */
  moisture: number;
  agent: 'air' | 'oxygen' | 'steam';
  /** O2 supplied over the O2 for complete combustion (0 for pure steam gasification). */
  equivalenceRatio: number;
  /** kg steam per kg biomass as received (steam agent). */
  steamToBiomass: number;
  /** K, the steam's temperature as it enters. */
  steamTemperature: number;
  /** Fraction of the biomass carbon gasified (the rest leaves as char). */
  carbonConversion: number;
  /** Pa */
  P: number;
}

export interface GasifierResult {
  converged: boolean;
  T: number;
  /** mol per kg biomass, in GAS_SPECIES order */
  moles: Float64Array;
  /** mol H2S per kg (all sulfur, stoichiometric) */
  h2s: number;
  elementBalanceError: number;
  iterations: number;
  /** Heat to supply per kg biomass to hold T, J/kg (negative: heat released). */
  heatDemand: number;
  /** dry-basis HHV of the biomass, J/kg dry */
  hhvDry: number;
  /** LHV of the biomass as received, J/kg */
  lhvAsReceived: number;
  /** Chemical energy (LHV) of the product gas, J per kg biomass */
  gasLhv: number;
  /** kg char (unconverted carbon + ash) per kg biomass */
  charYield: number;
  oxygenSupplied: number;
  nitrogenSupplied: number;
  steamSupplied: number;
  stoichiometricOxygen: number;
  message?: string;
}

/** Channiwala & Parikh (2002), Fuel 81:1051, eq. (ii): HHV of the dry fuel, MJ/kg, from wt % (dry). */
export function hhvChanniwalaParikh(b: UltimateAnalysis): number {
  return 0.3491 * b.carbon + 1.1783 * b.hydrogen + 0.1005 * b.sulfur - 0.1034 * b.oxygen - 0.0151 * b.nitrogen - 0.0211 * b.ash;
}

export function gasify(spec: GasifierSpec, T: number): GasifierResult {
  const dry = 1 - spec.moisture / 100;
  const b = spec.biomass;
  const molC = (dry * b.carbon) / 100 / M.C;
  const molH = (dry * b.hydrogen) / 100 / M.H;
  const molO = (dry * b.oxygen) / 100 / M.O;
  const molN = (dry * b.nitrogen) / 100 / M.N;
  const molS = (dry * b.sulfur) / 100 / M.S;
  const molWater = spec.moisture / 100 / gasSpecies('H2O').molarMass;
  const o2Stoich = molC + molH / 4 + molS - molO / 2;
  const o2 = spec.equivalenceRatio * Math.max(o2Stoich, 0);
  const n2Agent = spec.agent === 'air' ? o2 * AIR_N2_PER_O2 : 0;
  const steam = spec.agent === 'steam' ? spec.steamToBiomass / gasSpecies('H2O').molarMass : 0;
  const gasC = molC * spec.carbonConversion;
  // Sulfur leaves as H2S (the stable sulfur species of a reducing gas), taking two H atoms each.
  const elements: Record<Element, number> = {
    C: gasC,
    H: molH + 2 * molWater + 2 * steam - 2 * molS,
    O: molO + molWater + steam + 2 * o2,
    N: molN + 2 * n2Agent,
  };
  const eq = gibbsEquilibrium(GAS_SPECIES, elements, T, spec.P);

  const hhvDry = hhvChanniwalaParikh(b) * 1e6;
  // Enthalpy of formation of the dry biomass from its HHV: burning it to CO2, H2O(l), SO2 and N2 releases HHV.
  const hCO2 = enthalpy(gasSpecies('CO2'), T_REF);
  const hfBiomass = dry * hhvDry + molC * hCO2 + (molH / 2) * DH_F_WATER_LIQUID + molS * DH_F_SO2;
  const hIn = hfBiomass + molWater * DH_F_WATER_LIQUID + o2 * enthalpy(gasSpecies('O2'), T_REF) + n2Agent * enthalpy(gasSpecies('N2'), T_REF) + steam * enthalpy(gasSpecies('H2O'), spec.steamTemperature);
  let hOut = 0;
  GAS_SPECIES.forEach((s, j) => (hOut += eq.moles[j] * enthalpy(s, T)));
  const latent = waterLatentHeat();
  const lhvAsReceived = dry * hhvDry - latent * (molH / 2 + molWater);
  const lhv = lowerHeatingValues();
  const gasLhv = GAS_SPECIES.reduce((s, sp, j) => s + eq.moles[j] * (lhv[sp.formula as keyof typeof lhv] ?? 0), 0);
  return {
    converged: eq.converged,
    T,
    moles: eq.moles,
    h2s: molS,
    elementBalanceError: eq.elementBalanceError,
    iterations: eq.iterations,
    // Char (carbon at its 25 °C reference), ash and H2S carry no enthalpy here: their sensible heat is neglected.
    heatDemand: hOut - hIn,
    hhvDry,
    lhvAsReceived,
    gasLhv,
    charYield: (molC - gasC) * M.C + (dry * b.ash) / 100,
    oxygenSupplied: o2,
    nitrogenSupplied: n2Agent,
    steamSupplied: steam,
    stoichiometricOxygen: o2Stoich,
    ...(eq.message !== undefined ? { message: eq.message } : {}),
  };
}

/**
 * The temperature at which the gasifier needs no heat (adiabatic, no losses), by bisection on
 * the heat demand, which rises with T. Undefined when no temperature in [tLow, tHigh] balances.
 */
export function adiabaticGasify(spec: GasifierSpec, tLow: number, tHigh: number): GasifierResult | undefined {
  let lo = gasify(spec, tLow);
  const hi = gasify(spec, tHigh);
  if (!lo.converged || !hi.converged || lo.heatDemand > 0 || hi.heatDemand < 0) return undefined;
  let a = tLow;
  let b = tHigh;
  let mid = lo;
  for (let i = 0; i < 100 && b - a > 1e-9 * b; i++) {
    const t = 0.5 * (a + b);
    mid = gasify(spec, t);
    if (!mid.converged) return undefined;
    if (mid.heatDemand > 0) b = t;
    else {
      a = t;
      lo = mid;
    }
  }
  return mid;
}
