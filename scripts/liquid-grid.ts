/**
 * Generated liquid-hydrocarbon grid for benchmark trust: runFlash's SRK and PR (TP flash; the
 * tool's own Peneloux-corrected density, Cp, speed of sound and Joule–Thomson coefficient) against
 * the engine's GERG-2008 (src/engine/reference-eos) for compressed NGL/condensate-like liquids.
 * The pure-fluid 'liquid' bounds of thermo-accuracy.ts were measured on pure fluids only; this
 * grid holds them (or a mixture bound) to liquid mixtures.
 *
 *  - compositions: propane to n-decane (GERG's C3–C10; each present with probability ⅔, propane
 *    and n-butane the largest), methane and ethane up to 10 % each, CO2 up to 5 %, nitrogen up to 1 %;
 *  - temperature 200–400 K, pressure 20–300 bar (log-uniform): GERG-2008's normal range
 *    (90–450 K, ≤ 35 MPa), where its stated uncertainty for liquid hydrocarbon mixtures is about
 *    0.1–0.5 % in density and 1–2 % in speed of sound and cp (Kunz and Wagner,
 *    J. Chem. Eng. Data 57 (2012) 3032);
 *  - single-phase liquid states only: the cubic TP flash (both models, multiphase check) gives one
 *    phase, GERG's stable root (the lower Gibbs energy of its two density roots) is liquid-like
 *    (density above 1.5 times its reducing density) and agrees with the liquid root.
 * The generator is seeded: a re-measurement sees the same states.
 */
import { gerg2008Helmholtz, gerg2008State } from '../src/engine/reference-eos/index.js';
import { boundedGridCases, generator, round, singlePhase, type GridCase } from './natural-gas-grid.js';

export const LIQUID_GRID_SEED = 3032;
export const LIQUID_GRID_STATES = 48;
export const LIQUID_GRID_SOURCE = 'GERG-2008 (ISO 20765-2) as implemented in src/engine/reference-eos (verified against the NIST AGA8 code, physical/gerg-aga8.json); generated compressed-liquid states, seed 3032';

/** Component → upper mole fraction before normalisation, and the chance it is present. */
const LIQUID_PARTS: [string, number, number][] = [
  ['propane', 1, 0.9], ['n-butane', 1, 0.8], ['i-butane', 0.5, 0.67], ['n-pentane', 0.6, 0.67], ['i-pentane', 0.4, 0.67], ['n-hexane', 0.5, 0.67],
  ['n-heptane', 0.4, 0.67], ['n-octane', 0.3, 0.67], ['n-nonane', 0.2, 0.67], ['nC10', 0.2, 0.67],
];
/** Light components: upper mole fraction after normalisation (present with probability ½). */
const LIGHTS: [string, number][] = [['methane', 0.1], ['ethane', 0.1], ['CO2', 0.05], ['nitrogen', 0.01]];

function drawComposition(rand: () => number): Record<string, number> {
  const heavy: Record<string, number> = {};
  for (const [name, max, p] of LIQUID_PARTS) if (rand() < p) heavy[name] = max * (0.05 + rand());
  const lights: Record<string, number> = {};
  let light = 0;
  for (const [name, max] of LIGHTS) {
    if (rand() < 0.5) continue;
    lights[name] = round(max * rand(), 6);
    light += lights[name];
  }
  const sum = Object.values(heavy).reduce((a, b) => a + b, 0);
  const c: Record<string, number> = {};
  if (sum === 0) return c;
  const names = Object.keys(heavy);
  let rest = 1 - light;
  names.forEach((n, i) => {
    const x = i === names.length - 1 ? round(rest, 6) : round(((1 - light) * heavy[n]) / sum, 6);
    c[n] = x;
    rest -= x;
  });
  for (const [n, x] of Object.entries(lights)) if (x > 0) c[n] = x;
  return c;
}

export interface LiquidGridState {
  T: number;
  Pbar: number;
  composition: Record<string, number>;
  /** GERG-2008: kg/m³, J/(kg·K), m/s, K/bar */
  ref: { density: number; cp: number; speedOfSound: number; jouleThomson: number };
}

/** The generated states (deterministic for a seed). */
export function liquidGridStates(count = LIQUID_GRID_STATES, seed = LIQUID_GRID_SEED): LiquidGridState[] {
  const rand = generator(seed);
  const out: LiquidGridState[] = [];
  for (let tries = 0; out.length < count && tries < count * 30; tries++) {
    const composition = drawComposition(rand);
    const T = round(200 + 200 * rand(), 2);
    const Pbar = round(20 * Math.exp(Math.log(15) * rand()), 3);
    if (Object.keys(composition).length < 2 || !singlePhase(composition, T, Pbar * 1e5, 'liquid')) continue;
    const stable = gerg2008State(T, Pbar * 1e5, composition, { densitySearch: 'stable' });
    const liquid = gerg2008State(T, Pbar * 1e5, composition, { densitySearch: 'liquid' });
    if (!stable.ok || !liquid.ok || stable.warnings.some((w) => w.code === 'EXTRAPOLATION' || w.code === 'TWO_PHASE_UNCERTAINTY')) continue;
    if (Math.abs(stable.density / liquid.density - 1) > 1e-9) continue;
    const h = gerg2008Helmholtz(T, stable.density, composition);
    if (!h.ok || stable.density / h.Dr < 1.5) continue;
    out.push({ T, Pbar, composition, ref: { density: stable.massDensity, cp: stable.Cp / stable.molarMass, speedOfSound: stable.w, jouleThomson: stable.JT * 1e5 } });
  }
  return out;
}

const PROPERTY = {
  density: { key: 'density', label: 'density' },
  cp: { key: 'Cp', label: 'Cp' },
  speedOfSound: { key: 'speedOfSound', label: 'speed of sound' },
  jouleThomson: { key: 'jouleThomsonCoefficient', label: 'Joule-Thomson coefficient' },
} as const;

/** One case per state and model, each quantity held to the published liquid bound (thermo-accuracy.ts). */
export function liquidGridCases(phaseValue: (d: any, i: number, key: string) => unknown, bound: (model: 'SRK' | 'PR', q: keyof typeof PROPERTY) => { kind: 'rel' | 'abs'; bound: number } | undefined): GridCase[] {
  return boundedGridCases({
    states: liquidGridStates(),
    properties: PROPERTY,
    idPrefix: 'LGRID',
    source: LIQUID_GRID_SOURCE,
    group: (model, label) => `${model} liquid hydrocarbon mixture ${label} vs GERG-2008 (generated grid)`,
    describe: (model, s) => `${model} TP flash of a generated liquid hydrocarbon mixture (${Object.keys(s.composition).length} components) at ${s.T} K, ${s.Pbar} bar vs GERG-2008`,
    phaseValue,
    bound,
  });
}
