/**
 * Generated natural-gas grid for benchmark trust: runFlash's SRK and PR (TP flash, the tool's own
 * density, Cp, speed of sound and Joule–Thomson coefficient) against the engine's GERG-2008
 * (src/engine/reference-eos, the ISO 20765-2 reference equation; it shares nothing with the cubic
 * but the component names).
 *
 * The states are drawn by a seeded generator, so a re-measurement sees the same points and a
 * change of the cubic shows up as a change of the measured deviations:
 *  - compositions: methane the balance (≥ 0.5) of GERG's other 20 components, each present with
 *    probability ½ up to a natural-gas-like limit (ethane 12 %, nitrogen 15 %, CO2 10 %, hydrogen
 *    10 %, H2S 5 %, … down to 50 ppm water and 200 ppm n-decane); every component appears in many
 *    mixtures;
 *  - temperature 250–450 K, pressure 5–300 bar (log-uniform): inside GERG-2008's normal range
 *    (90–450 K, ≤ 35 MPa), where its stated uncertainty is 0.1 % in gas-phase density and
 *    0.1–0.5 % in speed of sound, 1–2 % in cp (Kunz and Wagner, J. Chem. Eng. Data 57 (2012) 3032);
 *  - single-phase states only: a candidate the cubic flash splits, or GERG's density solver flags,
 *    is replaced by the next one.
 * Class of a state (the classes of src/engine/properties/thermo-accuracy.ts): 'gas' below a quarter
 * of GERG's reducing (pseudo-critical) density, 'dense' above it.
 */
import { createCubicFluid, flashTP, resolveComponents, naturalGasAccuracyBound, type AccuracyQuantity } from '../src/engine/index.js';
import { gerg2008Helmholtz, gerg2008State } from '../src/engine/reference-eos/index.js';

/** The bits of measure-trust's case shape this suite fills in. */
export interface GridQuantity {
  name: string;
  group: string;
  expected: number;
  tolerance: { rel?: number; abs?: number };
  read: (data: any) => unknown;
}
export interface GridCase {
  id: string;
  description: string;
  referenceSource: string;
  kind: 'reference';
  input: unknown;
  quantities: GridQuantity[];
}

/** A generated state with its reference values per quantity. */
export interface ReferenceState<Q extends string> {
  T: number;
  Pbar: number;
  composition: Record<string, number>;
  ref: Record<Q, number>;
}

/**
 * One SRK and one PR TP-flash case per state, each quantity held to its published bound (quantities
 * without a bound are left out): the case builder the liquid and water grids share.
 */
export function boundedGridCases<Q extends string, S extends ReferenceState<Q>>(grid: {
  states: readonly S[];
  properties: Readonly<Record<Q, { key: string; label: string }>>;
  idPrefix: string;
  source: string;
  group: (model: 'SRK' | 'PR', label: string) => string;
  describe: (model: 'SRK' | 'PR', state: S) => string;
  phaseValue: (d: any, i: number, key: string) => unknown;
  bound: (model: 'SRK' | 'PR', q: Q) => { kind: 'rel' | 'abs'; bound: number } | undefined;
}): GridCase[] {
  const out: GridCase[] = [];
  for (const model of ['SRK', 'PR'] as const) {
    grid.states.forEach((s, i) => {
      const quantities: GridQuantity[] = [];
      for (const q of Object.keys(grid.properties) as Q[]) {
        const b = grid.bound(model, q);
        if (b === undefined) continue;
        quantities.push({
          name: q,
          group: grid.group(model, grid.properties[q].label),
          expected: s.ref[q],
          tolerance: b.kind === 'rel' ? { rel: b.bound } : { abs: b.bound },
          read: (d: any) => grid.phaseValue(d, 0, grid.properties[q].key),
        });
      }
      out.push({
        id: `${grid.idPrefix}-${String(i + 1).padStart(3, '0')}/${model}`,
        description: grid.describe(model, s),
        referenceSource: grid.source,
        kind: 'reference',
        input: { model, flashType: 'TP', temperature: { value: s.T, unit: 'K' }, pressure: { value: s.Pbar, unit: 'bara' }, components: s.composition },
        quantities,
      });
    });
  }
  return out;
}

/** Component → upper mole fraction (present with probability ½). */
const MINORS: [string, number][] = [
  ['ethane', 0.12], ['propane', 0.06], ['n-butane', 0.02], ['i-butane', 0.015], ['n-pentane', 0.006], ['i-pentane', 0.006],
  ['n-hexane', 0.003], ['n-heptane', 0.0015], ['n-octane', 0.0008], ['n-nonane', 0.0004], ['nC10', 0.0002],
  ['nitrogen', 0.15], ['CO2', 0.1], ['H2S', 0.05], ['hydrogen', 0.1], ['helium', 0.01], ['argon', 0.01], ['oxygen', 0.01], ['CO', 0.02], ['water', 0.00005],
];

export const GRID_SEED = 20765;
export const GRID_STATES = 96;
export const GRID_SOURCE = 'GERG-2008 (ISO 20765-2) as implemented in src/engine/reference-eos (verified against the NIST AGA8 code, physical/gerg-aga8.json); generated states, seed 20765';

/** mulberry32: a small deterministic generator (the same points on every machine). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface GridState {
  T: number;
  Pbar: number;
  composition: Record<string, number>;
  cls: 'gas' | 'dense';
  /** GERG-2008: kg/m³, J/(kg·K), m/s, K/bar */
  ref: Record<AccuracyQuantity & ('density' | 'cp' | 'speedOfSound' | 'jouleThomson'), number>;
}

export const round = (x: number, digits: number) => Number(x.toFixed(digits));

function drawComposition(rand: () => number): Record<string, number> {
  const c: Record<string, number> = {};
  let rest = 1;
  for (const [name, max] of MINORS) {
    if (rand() < 0.5) continue;
    const x = round(max * rand(), 6);
    if (x > 0) {
      c[name] = x;
      rest -= x;
    }
  }
  return { methane: round(rest, 6), ...c };
}

/** Single phase for both cubics (TP flash with stability analysis), optionally of a required kind ('liquid': not gas). */
export function singlePhase(comp: Record<string, number>, T: number, P: number, kind: 'any' | 'liquid' = 'any'): boolean {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) return false;
  for (const model of ['SRK', 'PR'] as const) {
    const f = createCubicFluid(model, r.components, names.map((n) => comp[n]));
    const out = flashTP(f.model, T, P, f.z, { multiPhaseCheck: true });
    if (!out.ok || out.result.phases.length !== 1) return false;
    if (kind === 'liquid' && out.result.phases[0].label === 'gas') return false;
  }
  return true;
}

/** The generated states (deterministic for a seed). */
export function gridStates(count = GRID_STATES, seed = GRID_SEED): GridState[] {
  const rand = generator(seed);
  const out: GridState[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const composition = drawComposition(rand);
    const T = round(250 + 200 * rand(), 2);
    const Pbar = round(5 * Math.exp(Math.log(60) * rand()), 3);
    if (composition.methane < 0.5 || !singlePhase(composition, T, Pbar * 1e5)) continue;
    const g = gerg2008State(T, Pbar * 1e5, composition, { densitySearch: 'gas-checked' });
    if (!g.ok || g.warnings.some((w) => w.code === 'EXTRAPOLATION')) continue;
    const h = gerg2008Helmholtz(T, g.density, composition);
    if (!h.ok) continue;
    out.push({
      T,
      Pbar,
      composition,
      cls: g.density / h.Dr < 0.25 ? 'gas' : 'dense',
      ref: { density: g.massDensity, cp: g.Cp / g.molarMass, speedOfSound: g.w, jouleThomson: g.JT * 1e5 },
    });
  }
  return out;
}

const PROPERTY: Record<'density' | 'cp' | 'speedOfSound' | 'jouleThomson', { key: string; label: string }> = {
  density: { key: 'density', label: 'density' },
  cp: { key: 'Cp', label: 'Cp' },
  speedOfSound: { key: 'speedOfSound', label: 'speed of sound' },
  jouleThomson: { key: 'jouleThomsonCoefficient', label: 'Joule-Thomson coefficient' },
};

/**
 * One case per state and model; each quantity is held to the model's published natural-gas class
 * bound (thermo-accuracy.ts) and grouped per model, class and quantity.
 */
export function naturalGasGridCases(phaseValue: (d: any, i: number, key: string) => unknown): GridCase[] {
  const out: GridCase[] = [];
  const states = gridStates();
  for (const model of ['SRK', 'PR'] as const) {
    states.forEach((s, i) => {
      const quantities: GridQuantity[] = [];
      for (const q of ['density', 'cp', 'speedOfSound', 'jouleThomson'] as const) {
        const b = naturalGasAccuracyBound(model, s.cls, q);
        if (b === undefined) continue;
        quantities.push({
          name: q,
          group: `${model} natural gas (${s.cls}) ${PROPERTY[q].label} vs GERG-2008 (generated grid)`,
          expected: s.ref[q],
          tolerance: b.kind === 'rel' ? { rel: b.bound } : { abs: b.bound },
          read: (d: any) => phaseValue(d, 0, PROPERTY[q].key),
        });
      }
      const n = Object.keys(s.composition).length;
      out.push({
        id: `GRID-${String(i + 1).padStart(3, '0')}/${model}`,
        description: `${model} TP flash of a generated natural gas (${n} components, methane ${s.composition.methane}) at ${s.T} K, ${s.Pbar} bar (${s.cls}) vs GERG-2008`,
        referenceSource: GRID_SOURCE,
        kind: 'reference',
        input: { model, flashType: 'TP', temperature: { value: s.T, unit: 'K' }, pressure: { value: s.Pbar, unit: 'bara' }, components: s.composition },
        quantities,
      });
    });
  }
  return out;
}
