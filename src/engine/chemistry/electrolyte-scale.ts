/**
 * Scale saturation indices of a produced-water analysis: SI = log10(IAP/Ksp) for calcite, barite,
 * celestite, gypsum, anhydrite and siderite, with Davies activity coefficients and the carbonate
 * system of Plummer & Busenberg (1982). Free-ion model: every analysed ion is taken as the free ion
 * (no ion pairs such as CaSO4°, NaSO4−, CaHCO3+), which overstates the sulfate and carbonate
 * activities in concentrated brines. Only the carbonate species derived from pH are iterated with
 * the ionic strength (fixed point: γ depends on I, I on the derived HCO3−/CO3²−/OH−).
 */
import { daviesLogGamma, debyeHuckelA, waterActivity } from './water-activity.js';
import { CARBONIC_K1, CARBONIC_K2, CO2_HENRY, logK, MINERALS, WATER_KW, type IonName, type MineralName } from './equilibrium-constants.js';

export type AnalysedIon = 'Ca' | 'Ba' | 'Sr' | 'Mg' | 'Na' | 'K' | 'Fe' | 'Cl' | 'SO4' | 'HCO3' | 'CO3';

/** Charge of each species. */
export const CHARGE: Record<AnalysedIon | 'H' | 'OH', number> = { Ca: 2, Ba: 2, Sr: 2, Mg: 2, Na: 1, K: 1, Fe: 2, Cl: -1, SO4: -2, HCO3: -1, CO3: -2, H: 1, OH: -1 };

/**
 * Molar masses, g/mol, from IUPAC 2013 standard atomic weights (conventional values:
 * Ca 40.078, Ba 137.327, Sr 87.62, Mg 24.305, Na 22.98976928, K 39.0983, Fe 55.845, Cl 35.45,
 * S 32.06, O 15.999, C 12.011, H 1.008; Meija et al. 2016, Pure Appl. Chem. 88, 265).
 */
export const MOLAR_MASS: Record<AnalysedIon, number> = {
  Ca: 40.078,
  Ba: 137.327,
  Sr: 87.62,
  Mg: 24.305,
  Na: 22.98976928,
  K: 39.0983,
  Fe: 55.845,
  Cl: 35.45,
  SO4: 32.06 + 4 * 15.999,
  HCO3: 1.008 + 12.011 + 3 * 15.999,
  CO3: 12.011 + 3 * 15.999,
};

/**
 * mg/L of solution → mol/kg of water. One litre of solution holds density·1 L − TDS of water
 * (the PHREEQC convention, Parkhurst & Appelo 2013): m = (c/1000/M) / (ρ_kg_L − TDS_mg_L·1e-6).
 * Returns NaN when the water mass is not positive.
 */
export function molalityFromMgPerL(mgPerL: number, molarMass: number, density_kg_L: number, tds_mg_L: number): number {
  const waterKg = density_kg_L - tds_mg_L * 1e-6;
  if (!(waterKg > 0)) return NaN;
  return mgPerL / 1000 / molarMass / waterKg;
}

export type CarbonateBasis = 'measuredCO3' | 'bicarbonate' | 'pCO2' | 'none';

export interface ScaleInput {
  T: number;
  pH: number;
  /** CO2 partial pressure, atm (fugacity taken equal to it). */
  pCO2_atm: number;
  /** Analysed molalities, mol/kg water. */
  m: Record<AnalysedIon, number>;
  basis: CarbonateBasis;
}

export interface MineralResult {
  mineral: MineralName;
  formula: string;
  logKsp: number;
  Ksp: number;
  logIAP: number;
  saturationIndex: number;
  saturationRatio: number;
  gammaCation: number;
  gammaAnion: number;
  source: string;
  validRange_C?: readonly [number, number];
}

export interface ScaleResult {
  ok: true;
  ionicStrength: number;
  debyeHuckelA: number;
  waterActivity: number;
  gamma1: number;
  gamma2: number;
  /** Molalities used, including derived carbonate species, H+ and OH−. */
  molality: Record<AnalysedIon | 'H' | 'OH', number>;
  activity: Record<IonName, number>;
  co2aq_molal: number;
  /** pCO2 (atm) implied by pH and HCO3− (equals the input in basis 'pCO2'). */
  impliedPCO2_atm: number;
  logK: { KH: number; K1: number; K2: number; Kw: number };
  cationEq: number;
  anionEq: number;
  chargeBalanceError_percent: number;
  minerals: MineralResult[];
  skipped: { mineral: MineralName; reason: string }[];
  iterations: number;
}

export type ScaleOutcome = ScaleResult | { ok: false; code: string; message: string };

/** Upper bound on a derived carbonate molality before pH and pCO2 are judged inconsistent. */
const MAX_DERIVED_MOLALITY = 10;
const MAX_ITERATIONS = 200;
/** Refusal bound: Davies is for I ≲ 0.5; beyond 10 mol/kg (past halite saturation, ≈ 6 mol/kg) its numbers are meaningless. */
const MAX_IONIC_STRENGTH = 10;

export function scaleSaturation(inp: ScaleInput): ScaleOutcome {
  const T = inp.T;
  const A = debyeHuckelA(T);
  const lk = { KH: logK(CO2_HENRY, T), K1: logK(CARBONIC_K1, T), K2: logK(CARBONIC_K2, T), Kw: logK(WATER_KW, T) };
  const aH = 10 ** -inp.pH;
  const m = { ...inp.m, H: 0, OH: 0 } as Record<AnalysedIon | 'H' | 'OH', number>;
  const derived = inp.basis === 'bicarbonate' || inp.basis === 'pCO2';
  if (inp.basis === 'bicarbonate') m.CO3 = 0;
  if (inp.basis === 'pCO2') (m.CO3 = 0), (m.HCO3 = 0);
  const ionicStrength = () => 0.5 * Object.entries(m).reduce((s, [k, v]) => s + v * CHARGE[k as AnalysedIon] ** 2, 0);
  const aCO2 = 10 ** lk.KH * inp.pCO2_atm;
  let I = ionicStrength();
  let g1 = 1;
  let g2 = 1;
  let aw = 1;
  let iterations = 0;
  let converged = false;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    g1 = 10 ** daviesLogGamma(A, 1, I);
    g2 = 10 ** daviesLogGamma(A, 2, I);
    aw = waterActivity(Object.values(m).reduce((s, v) => s + v, 0));
    if (!(aw > 0)) return { ok: false, code: 'OUT_OF_RANGE', message: 'Total solute molality is so high that the water activity estimate 1 − 0.017·Σm is not positive' };
    m.H = aH / g1;
    m.OH = (10 ** lk.Kw * aw) / (aH * g1);
    if (inp.basis === 'pCO2') m.HCO3 = (10 ** lk.K1 * aCO2 * aw) / (aH * g1);
    if (derived) m.CO3 = (10 ** lk.K2 * m.HCO3 * g1) / (aH * g2);
    if (m.HCO3 > MAX_DERIVED_MOLALITY || m.CO3 > MAX_DERIVED_MOLALITY || m.OH > MAX_DERIVED_MOLALITY)
      return { ok: false, code: 'INCONSISTENT_CARBONATE', message: `pH ${inp.pH} with this carbonate input implies more than ${MAX_DERIVED_MOLALITY} mol/kg of HCO3-, CO3-2 or OH-: the inputs are not a real water` };
    const next = ionicStrength();
    if (next > MAX_IONIC_STRENGTH) return { ok: false, code: 'OUT_OF_RANGE', message: `Ionic strength ${next.toPrecision(3)} mol/kg is beyond ${MAX_IONIC_STRENGTH} mol/kg, where no activity model here means anything` };
    const done = Math.abs(next - I) <= 1e-14 * Math.max(next, 1e-12);
    I = next;
    if (done) {
      converged = true;
      break;
    }
  }
  if (!converged) return { ok: false, code: 'CONVERGENCE_FAILURE', message: `Ionic strength did not converge in ${MAX_ITERATIONS} iterations` };
  // Final coefficients consistent with the converged I.
  g1 = 10 ** daviesLogGamma(A, 1, I);
  g2 = 10 ** daviesLogGamma(A, 2, I);
  const activity: Record<IonName, number> = { Ca: m.Ca * g2, Ba: m.Ba * g2, Sr: m.Sr * g2, Fe: m.Fe * g2, CO3: m.CO3 * g2, SO4: m.SO4 * g2 };
  const minerals: MineralResult[] = [];
  const skipped: { mineral: MineralName; reason: string }[] = [];
  for (const [name, d] of Object.entries(MINERALS) as [MineralName, (typeof MINERALS)[MineralName]][]) {
    const missing = [d.cation, d.anion].filter((ion) => !(activity[ion] > 0));
    if (missing.length > 0) {
      skipped.push({ mineral: name, reason: `no ${missing.join(' or ')} in the analysis${missing.includes('CO3') ? ' (give hco3_mgL, co3_mgL or pCO2_bar)' : ''}` });
      continue;
    }
    const lKsp = logK(d, T);
    const logIAP = Math.log10(activity[d.cation]) + Math.log10(activity[d.anion]) + d.hydrationWaters * Math.log10(aw);
    const si = logIAP - lKsp;
    minerals.push({ mineral: name, formula: d.formula, logKsp: lKsp, Ksp: 10 ** lKsp, logIAP, saturationIndex: si, saturationRatio: 10 ** si, gammaCation: g2, gammaAnion: g2, source: d.source, ...(d.validRange_C ? { validRange_C: d.validRange_C } : {}) });
  }
  let cationEq = 0;
  let anionEq = 0;
  for (const [k, v] of Object.entries(m)) {
    const z = CHARGE[k as AnalysedIon];
    if (z > 0) cationEq += z * v;
    else anionEq -= z * v;
  }
  const aHCO3 = m.HCO3 * g1;
  return {
    ok: true,
    ionicStrength: I,
    debyeHuckelA: A,
    waterActivity: aw,
    gamma1: g1,
    gamma2: g2,
    molality: m,
    activity,
    co2aq_molal: inp.basis === 'pCO2' ? aCO2 : (aH * aHCO3) / (10 ** lk.K1 * aw),
    impliedPCO2_atm: inp.basis === 'pCO2' ? inp.pCO2_atm : (aH * aHCO3) / (10 ** lk.K1 * aw) / 10 ** lk.KH,
    logK: lk,
    cationEq,
    anionEq,
    chargeBalanceError_percent: cationEq + anionEq > 0 ? (100 * (cationEq - anionEq)) / (cationEq + anionEq) : 0,
    minerals,
    skipped,
    iterations: iterations + 1,
  };
}
