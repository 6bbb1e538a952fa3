/**
 * Generated water-rich liquid grid for benchmark trust: runFlash's SRK and PR (TP flash, the
 * tool's own density and speed of sound) against the engine's
 * GERG-2008 (src/engine/reference-eos) for liquid water with dissolved gas (CO2 ≤ 1 %, H2S ≤ 0.5 %,
 * methane ≤ 0.05 %, nitrogen ≤ 0.05 %, each present with probability ½; pure water in the rest).
 * The 'water' bounds of thermo-accuracy.ts were measured on the few pure-water states of
 * physical/pure-density.json (all above 400 K); near ambient temperature a cubic EOS puts liquid
 * water's speed of sound at 2.3–2.6 times the real one, so this grid is what the water bounds must hold on.
 *
 *  - temperature 280–450 K, pressure 5–300 bar (log-uniform), GERG-2008's normal range (Kunz and
 *    Wagner, J. Chem. Eng. Data 57 (2012) 3032); density and speed of sound only: GERG-2008's water
 *    reproduces IAPWS-95 liquid densities to 0.05 % and speeds of sound to 2.4 % (298 and 453 K,
 *    test/engine/water-grid.test.ts), but its liquid cp is 5.3 % above IAPWS-95 at 298 K, too far
 *    off to measure a cubic's cp (or the JT coefficient built on it) against;
 *  - single-phase liquid for both cubics (TP flash, multiphase check) and GERG's liquid root.
 */
import { gerg2008State } from '../src/engine/reference-eos/index.js';
import { boundedGridCases, generator, round, singlePhase, type GridCase } from './natural-gas-grid.js';

export const WATER_GRID_SEED = 9594;
export const WATER_GRID_STATES = 40;
export const WATER_GRID_SOURCE = 'GERG-2008 (ISO 20765-2) as implemented in src/engine/reference-eos (its water equation; verified against the NIST AGA8 code, physical/gerg-aga8.json); generated water-rich liquid states, seed 9594';

/** Dissolved gases: upper mole fraction (present with probability ½). */
const SOLUTES: [string, number][] = [['methane', 0.0005], ['CO2', 0.01], ['nitrogen', 0.0005], ['H2S', 0.005]];

export interface WaterGridState {
  T: number;
  Pbar: number;
  composition: Record<string, number>;
  /** GERG-2008: kg/m³, m/s */
  ref: { density: number; speedOfSound: number };
}

/** The generated states (deterministic for a seed). */
export function waterGridStates(count = WATER_GRID_STATES, seed = WATER_GRID_SEED): WaterGridState[] {
  const rand = generator(seed);
  const out: WaterGridState[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const solutes: Record<string, number> = {};
    let rest = 1;
    for (const [name, max] of SOLUTES) {
      if (rand() < 0.5) continue;
      solutes[name] = round(max * rand(), 6);
      rest -= solutes[name];
    }
    const composition = { water: round(rest, 6), ...solutes };
    const T = round(280 + 170 * rand(), 2);
    const Pbar = round(5 * Math.exp(Math.log(60) * rand()), 3);
    if (!singlePhase(composition, T, Pbar * 1e5, 'liquid')) continue;
    const g = gerg2008State(T, Pbar * 1e5, composition, { densitySearch: 'liquid' });
    if (!g.ok || g.warnings.some((w) => w.code === 'EXTRAPOLATION')) continue;
    out.push({ T, Pbar, composition, ref: { density: g.massDensity, speedOfSound: g.w } });
  }
  return out;
}

const PROPERTY = {
  density: { key: 'density', label: 'density' },
  speedOfSound: { key: 'speedOfSound', label: 'speed of sound' },
} as const;

/** One case per state and model, each quantity held to the published water bound. */
export function waterGridCases(phaseValue: (d: any, i: number, key: string) => unknown, bound: (model: 'SRK' | 'PR', q: keyof typeof PROPERTY) => { kind: 'rel' | 'abs'; bound: number } | undefined): GridCase[] {
  return boundedGridCases({
    states: waterGridStates(),
    properties: PROPERTY,
    idPrefix: 'WGRID',
    source: WATER_GRID_SOURCE,
    group: (model, label) => `${model} water-rich liquid ${label} vs GERG-2008 (generated grid)`,
    describe: (model, s) => `${model} TP flash of generated water-rich liquid (water ${s.composition.water}) at ${s.T} K, ${s.Pbar} bar vs GERG-2008`,
    phaseValue,
    bound,
  });
}
