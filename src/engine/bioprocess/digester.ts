/**
 * Anaerobic digestion as a mass balance on volatile solids, with the theoretical biogas of a
 * substrate of known elemental composition by the Buswell equation (Buswell & Mueller 1952,
 * Ind. Eng. Chem. 44:550, extended to nitrogen and sulfur by Boyle 1977):
 *   CaHbOcNdSe + (a − b/4 − c/2 + 3d/4 + e/2) H2O →
 *     (a/2 + b/8 − c/4 − 3d/8 − e/4) CH4 + (a/2 − b/8 + c/4 + 3d/8 + e/4) CO2 + d NH3 + e H2S
 */
import { ATOMIC_WEIGHTS as ATOMIC } from '../reaction/ideal-gas-species.js';

export interface Formula {
  C: number;
  H: number;
  O: number;
  N: number;
  S: number;
}


export interface BuswellResult {
  /** mol per mol of substrate formula */
  water: number;
  methane: number;
  carbonDioxide: number;
  ammonia: number;
  hydrogenSulfide: number;
  /** kg per mol of formula */
  formulaMass: number;
  /** CH4 / (CH4 + CO2) */
  methaneFraction: number;
}

export function buswell(f: Formula): BuswellResult {
  const { C: a, H: b, O: c, N: d, S: e } = f;
  const methane = a / 2 + b / 8 - c / 4 - (3 * d) / 8 - e / 4;
  const carbonDioxide = a / 2 - b / 8 + c / 4 + (3 * d) / 8 + e / 4;
  return {
    water: a - b / 4 - c / 2 + (3 * d) / 4 + e / 2,
    methane,
    carbonDioxide,
    ammonia: d,
    hydrogenSulfide: e,
    formulaMass: a * ATOMIC.C + b * ATOMIC.H + c * ATOMIC.O + d * ATOMIC.N + e * ATOMIC.S,
    methaneFraction: methane / (methane + carbonDioxide),
  };
}
