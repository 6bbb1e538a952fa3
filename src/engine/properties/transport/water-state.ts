/**
 * Thermodynamic state of pure water for the IAPWS transport correlations. The correlations are
 * functions of (T, ρ) and are steep in ρ for the liquid (η doubles between 998 and 1200 kg/m3 at
 * 25 °C), so the density comes from the GERG-2008 pure-water equation (Kunz & Wagner, J. Chem.
 * Eng. Data 57 (2012) 3032; our reference-eos module) rather than from the cubic phase density,
 * which is several per cent off for water. The root follows the phase label of the flash: a
 * gas-labelled phase takes the vapour-like root, a liquid-labelled phase the liquid-like root,
 * so the transport properties stay consistent with the phase the flash reported.
 */
import { gerg2008PropertiesAtDensity, gerg2008State } from '../../reference-eos/index.js';
import type { WaterStateForTransport } from './iapws-water.js';

const WATER = { water: 1 } as const;
const T_R = 1.5 * 647.096;

export type WaterStateOutcome = { ok: true; state: WaterStateForTransport } | { ok: false; reason: string };

export function waterStateForTransport(T: number, P: number, kind: 'gas' | 'oil' | 'aqueous'): WaterStateOutcome {
  let st = gerg2008State(T, P, WATER, { densitySearch: kind === 'gas' ? 'gas' : 'liquid' });
  if (!st.ok) st = gerg2008State(T, P, WATER, { densitySearch: 'stable' });
  if (!st.ok) return { ok: false, reason: `no GERG-2008 water density at T = ${T} K, P = ${P} Pa (${st.message})` };
  const M = st.molarMass;
  const state: WaterStateForTransport = { T, rho: st.massDensity, cp: st.Cp / M, cv: st.Cv / M };
  // (∂ρ/∂p)_T in mass units: M / (∂P/∂ρ_molar).
  if (st.dPdD > 0) state.drhodp = M / st.dPdD;
  const ref = gerg2008PropertiesAtDensity(T_R, st.density, WATER);
  if (ref.ok && ref.dPdD > 0) state.drhodpRef = M / ref.dPdD;
  if (state.drhodp === undefined || state.drhodpRef === undefined) {
    delete state.drhodp;
    delete state.drhodpRef;
  }
  return { ok: true, state };
}

/** The same state at a given temperature and mass density (kg/m3), e.g. for the releases' check tables. */
export function waterStateAtDensity(T: number, rho: number): WaterStateOutcome {
  const M = 0.01801528;
  const st = gerg2008PropertiesAtDensity(T, rho / M, WATER);
  if (!st.ok) return { ok: false, reason: st.message };
  const ref = gerg2008PropertiesAtDensity(T_R, rho / M, WATER);
  const state: WaterStateForTransport = { T, rho, cp: st.Cp / st.molarMass, cv: st.Cv / st.molarMass };
  if (st.dPdD > 0 && ref.ok && ref.dPdD > 0) {
    state.drhodp = st.molarMass / st.dPdD;
    state.drhodpRef = st.molarMass / ref.dPdD;
  }
  return { ok: true, state };
}
