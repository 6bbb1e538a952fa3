/**
 * Aqueous-phase transport properties as the original's WaterPhysicalProperties computes them:
 *
 * Viscosity: Grunberg–Nissan mixing, ln μ = Σ wi ln μi + ΣΣ_{i≠j} wi wj Gij, with MASS fractions
 * wi (Grunberg & Nissan, Nature 164 (1949) 799). Gij = 0: the original reads GIJVISC from its
 * interaction table but its loader stops before the first pair, so every Gij stays 0.
 * Pure-liquid μi (cP) from the component's LIQVISCMODEL / LIQVISC1..4 constants:
 *   1: A·T^B   2: exp(A + B/T)   3: exp(A + B/T + C·T + D·T²)   4: 10^(A·(1/T − 1/B))
 *   other: 0.7 cP; above the component's Tc: 0.5 cP,
 * times ½(1 + f_P) with the Lucas high-pressure liquid correction f_P (Lucas 1981, as given in
 * Poling, Prausnitz & O'Connell, The Properties of Gases and Liquids, 5th ed., eq. 9-11.1).
 *
 * Conductivity: λ = Σ wi λi with λi = K1 + K2·T + K3·T² (LIQUIDCONDUCTIVITY1..3, W/(m·K)),
 * floored at 1e-10.
 */
import type { ComponentData } from '../../components/types.js';
import type { TransportPhaseInput } from './types.js';

function extraNumber(c: ComponentData, keys: readonly string[]): number {
  const e = c.extra;
  if (!e) return 0;
  for (const k of keys) {
    const v = e[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return 0;
}

// Our component database names these fields in words; COMP.csv column names are accepted too.
const VISC_MODEL = ['liquidViscosityModel', 'LIQVISCMODEL'] as const;
const VISC_PARAMS = [
  ['liquidViscosity1', 'LIQVISC1'],
  ['liquidViscosity2', 'LIQVISC2'],
  ['liquidViscosity3', 'LIQVISC3'],
  ['liquidViscosity4', 'LIQVISC4'],
] as const;
const COND_PARAMS = [
  ['liquidConductivity1', 'LIQUIDCONDUCTIVITY1'],
  ['liquidConductivity2', 'LIQUIDCONDUCTIVITY2'],
  ['liquidConductivity3', 'LIQUIDCONDUCTIVITY3'],
] as const;

/** Lucas pressure correction μ(P)/μ(Psat) for a liquid at reduced T ≤ 1 (P and Pc in the same unit). */
function lucasPressureFactor(c: ComponentData, T: number, P: number): number {
  const tr = T / c.tc;
  if (tr > 1) return 1;
  const dPr = P / c.pc;
  const A = 0.9991 - 4.674e-4 / (1.0523 * Math.pow(tr, -0.03877) - 1.0513);
  const D = 0.3257 / Math.pow(1.0039 - Math.pow(tr, 2.573), 0.2906) - 0.2086;
  const C =
    -0.07921 +
    tr * (2.1616 + tr * (-13.404 + tr * (44.1706 + tr * (-84.8291 + tr * (96.1209 + tr * (-59.8127 + tr * 15.6719))))));
  return (1 + D * Math.pow(dPr / 2.118, A)) / (1 + C * c.omega * dPr);
}

/** Pure-liquid viscosity of component c at T (K), P (Pa), in cP (mPa·s). */
export function pureLiquidViscosityCp(c: ComponentData, T: number, P: number): number {
  let mu: number;
  if (T > c.tc) {
    mu = 0.5;
  } else {
    const model = Math.round(extraNumber(c, VISC_MODEL));
    const a = extraNumber(c, VISC_PARAMS[0]);
    const b = extraNumber(c, VISC_PARAMS[1]);
    switch (model) {
      case 1:
        mu = a * Math.pow(T, b);
        break;
      case 2:
        mu = Math.exp(a + b / T);
        break;
      case 3:
        mu = Math.exp(a + b / T + extraNumber(c, VISC_PARAMS[2]) * T + extraNumber(c, VISC_PARAMS[3]) * T * T);
        break;
      case 4:
        mu = Math.pow(10, a * (1 / T - 1 / b));
        break;
      default:
        mu = 0.7;
    }
  }
  return mu * ((lucasPressureFactor(c, T, P) + 1) / 2);
}

/** Mass fraction of component i in the phase. */
function massFraction(p: TransportPhaseInput, i: number, mMean: number): number {
  return (p.x[i] * p.components[i].molarMass) / mMean;
}

function meanMolarMass(p: TransportPhaseInput): number {
  let m = 0;
  for (let i = 0; i < p.components.length; i++) m += p.x[i] * p.components[i].molarMass;
  return m;
}

/** Aqueous liquid viscosity, Pa·s. */
export function aqueousViscosity(p: TransportPhaseInput): number {
  const mMean = meanMolarMass(p);
  let lnMu = 0;
  for (let i = 0; i < p.components.length; i++) {
    if (p.x[i] === 0) continue;
    lnMu += massFraction(p, i, mMean) * Math.log(pureLiquidViscosityCp(p.components[i], p.temperature, p.pressure));
  }
  return Math.exp(lnMu) / 1e3;
}

/** Pure-liquid conductivity of component c at T (K), W/(m·K). */
export function pureLiquidConductivity(c: ComponentData, T: number): number {
  const k =
    extraNumber(c, COND_PARAMS[0]) + extraNumber(c, COND_PARAMS[1]) * T + extraNumber(c, COND_PARAMS[2]) * T * T;
  return k < 0 ? 1e-10 : k;
}

/** Aqueous liquid thermal conductivity, W/(m·K). */
export function aqueousConductivity(p: TransportPhaseInput): number {
  const mMean = meanMolarMass(p);
  let k = 0;
  for (let i = 0; i < p.components.length; i++) {
    if (p.x[i] === 0) continue;
    k += massFraction(p, i, mMean) * pureLiquidConductivity(p.components[i], p.temperature);
  }
  return k;
}
