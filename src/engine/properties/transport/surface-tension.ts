/**
 * Interfacial tension between two phases with the original's default model (InterfaceProperties,
 * model 0; spec/neqsim-physics.md A3):
 *   gas–liquid (oil or aqueous): parachor method of Macleod (Trans. Faraday Soc. 19 (1923) 38)
 *     and Sugden (J. Chem. Soc. 125 (1924) 32), in the mixture form of Weinaug & Katz
 *     (Ind. Eng. Chem. 35 (1943) 239):  σ = [Σ Pi (xi ρL/ML − yi ρV/MV)]⁴
 *     with Pi in (mN/m)^¼·cm³/mol, molar densities in mol/cm³ and σ in mN/m;
 *   liquid–liquid: Firoozabadi & Ramey (J. Can. Pet. Tech. 27 (1988) 41):
 *     σ^¼ = a Δρ^(b+1) / Tr^0.3125, Δρ in g/cm³, σ in mN/m, Tr = T / Σ xi Tci of the first phase.
 * The densities are the Peneloux-corrected phase densities, as in the original.
 */
import type { TransportPhaseInput } from './types.js';

/** Parachor σ (N/m) between a vapour and a liquid phase listing the same components. */
export function parachorTension(vapour: TransportPhaseInput, liquid: TransportPhaseInput): number {
  // ρ/M in mol/m3 × 1e-6 = mol/cm3.
  const cV = (vapour.density / vapour.molarMass) * 1e-6;
  const cL = (liquid.density / liquid.molarMass) * 1e-6;
  let s = 0;
  const n = liquid.components.length;
  for (let i = 0; i < n; i++) {
    s += liquid.components[i].parachor * (liquid.x[i] * cL - vapour.x[i] * cV);
  }
  const s2 = s * s;
  return (s2 * s2) / 1000;
}

/** Firoozabadi–Ramey σ (N/m) between two liquids; `first` supplies the reduced temperature. */
export function firoozabadiRameyTension(first: TransportPhaseInput, second: TransportPhaseInput): number {
  const dRho = Math.abs(second.density - first.density) / 1000; // g/cm3
  let tpc = 0;
  for (let i = 0; i < first.components.length; i++) tpc += first.x[i] * first.components[i].tc;
  const tr = first.temperature / tpc;
  let a: number;
  let b: number;
  if (dRho < 0.2) {
    a = 2.2062;
    b = -0.94716;
  } else if (dRho < 0.5) {
    a = 2.915;
    b = -0.76852;
  } else {
    a = 3.3858;
    b = -0.6259;
  }
  const t = (a * Math.pow(dRho, b + 1)) / Math.pow(tr, 0.3125);
  const t2 = t * t;
  return (t2 * t2) / 1000;
}
