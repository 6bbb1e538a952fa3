/**
 * PC-SAFT fluids from database names (eos/pcsaft.ts): pure-component parameters and association
 * terms from components/data/pcsaft-rows.ts, k_ij from pcsaft-kij-rows.ts (both generated from the
 * original's COMP.csv/INTER.csv and keyed by the component table's names).
 *
 * Association schemes (Huang & Radosz 1990 naming): 2B (one proton donor, one acceptor) for
 * water, as Gross & Sadowski 2002 fitted water's parameters, and for the alcohols and ammonia; 4C
 * for the glycols and amines as COMP.csv lists; 1A for the acids. Water's COMP.csv scheme (4C) is
 * the CPA one: with G&S's 2B-fitted κ and ε, 4C puts water's vapour pressure about 190 times too low at 373 K
 * (test/physics/pcsaft-pure.test.ts checks the 2B choice against the steam tables).
 */
import type { ComponentData } from './components/index.js';
import { PCSAFT_ROWS, type PcSaftRow } from './components/data/pcsaft-rows.js';
import { PCSAFT_KIJ_ROWS } from './components/data/pcsaft-kij-rows.js';
import { R } from './eos/constants.js';
import { PcSaftModel } from './eos/pcsaft.js';
import type { PcSaftSite } from './eos/pcsaft-association.js';
import type { Fluid } from './fluid-types.js';

/**
 * Records whose COMP.csv PC-SAFT parameters are replaced, with the published set used instead.
 * CO2: COMP.csv has m = 1.3097, σ = 3.2507 Å, ε/k = 92.15 K, which put CO2's critical point near
 * 133 K: at 260–302 K it has no vapour pressure at all (test/physics/pcsaft-pure.test.ts); Gross & Sadowski 2001
 * (Table 1) give m = 2.0729, σ = 2.7852 Å, ε/k = 169.21 K.
 */
export const PCSAFT_PARAMETER_OVERRIDES: Readonly<Record<string, { row: PcSaftRow; source: string }>> = {
  CO2: { row: ['CO2', 2.0729, 2.7852, 169.21, 0, 0, ''], source: 'Gross & Sadowski, Ind. Eng. Chem. Res. 40 (2001) 1244, Table 1' },
};

/**
 * Components whose database parameters are kept but describe the pure fluid poorly (measured
 * here with their schemes; test/physics/pcsaft-pure.test.ts), said in a warning when used.
 */
export const PCSAFT_PARAMETER_CAVEATS: Readonly<Record<string, string>> = {
  MEG: 'liquid density at 298 K is 36 % above the database value (1519 vs 1117 kg/m3) and the vapour pressure at the normal boiling point is 0.18 bar',
  DEG: 'liquid density at 298 K is 20 % above the database value (1339 vs 1119 kg/m3)',
  TEG: 'liquid density at 298 K is 13 % above the database value (1273 vs 1127 kg/m3) and the vapour pressure at the normal boiling point is 0.14 bar',
  ammonia: 'vapour pressure at the normal boiling point (239.8 K) is 0.04 bar instead of 1.013 bar',
};

/**
 * Quantum gases. Their PC-SAFT parameters treat them as classical spheres; where the thermal de
 * Broglie wavelength is a sizeable fraction of σ that fails. Measured here (pure fluid, density of
 * the PC-SAFT flash against GERG-2008's pure-fluid equations, 1–200 bar; test/physics/
 * pcsaft-quantum-gases.test.ts): hydrogen within 0.2 % at 300 K, 2.4 % at 150 K, 6 % at 100 K,
 * 11 % at 80 K, 21–98 % at 20–60 K (its liquid at 28 K: 7.6 vs 60.0 kg/m3, no vapour pressure at
 * 17.8 K); helium within 0.8 % at 300 K, 3.4 % at 100 K, 9 % at 60 K, 12 % at 50 K, 50 % at 20 K
 * (its liquid at 4.4 K: 371 vs 124 kg/m3; vapour pressure at 2.78 K 1.7e-9 vs 0.17 bar). So they
 * are kept as gas-phase (supercritical) components down to minT_K, with a warning, and refused
 * below it, where the model would condense or compress them with wrong numbers. Neon has no
 * reference data here; its quantum correction is smaller ((Λ/σ)² at its 24.6 K triple point is
 * less than half of hydrogen's at 100 K), so it is warned about but refused only below its triple point.
 */
export const PCSAFT_QUANTUM_GASES: Readonly<Record<string, { minT_K: number; caveat: string }>> = {
  hydrogen: { minT_K: 100, caveat: 'pure-hydrogen density at 1–200 bar within 0.2 % of the reference at 300 K, 2.4 % at 150 K and 6 % at 100 K' },
  helium: { minT_K: 60, caveat: 'pure-helium density at 1–200 bar within 0.8 % of the reference at 300 K, 3.4 % at 100 K and 9 % at 60 K' },
  neon: { minT_K: 24.56, caveat: 'not checked against reference data here' },
};

/**
 * The refusal for a PC-SAFT fluid at temperature T when a quantum gas (z > 0) is below its minT_K,
 * or undefined. Message names the component and why.
 */
export function pcsaftQuantumGasRefusal(components: readonly ComponentData[], z: ArrayLike<number>, T: number): { component: string; message: string } | undefined {
  for (let i = 0; i < components.length; i++) {
    const q = PCSAFT_QUANTUM_GASES[components[i].name];
    if (q === undefined || !(z[i] > 0) || T >= q.minT_K) continue;
    return {
      component: components[i].name,
      message: `PC-SAFT cannot describe ${components[i].name} at ${T.toFixed(2)} K: it is a quantum gas and its classical PC-SAFT parameters are unsuited below ${q.minT_K} K, where it is dense or condenses (${q.caveat})`,
    };
  }
  return undefined;
}

const ROWS = new Map<string, PcSaftRow>(PCSAFT_ROWS.map((r) => [r[0], PCSAFT_PARAMETER_OVERRIDES[r[0]]?.row ?? r]));
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const KIJ = new Map(PCSAFT_KIJ_ROWS.map(([a, b, k]) => [pairKey(a, b), k]));

/** Site kinds per scheme; '+' bonds with '−', 'any' with every site. */
const SCHEMES: Readonly<Record<string, readonly PcSaftSite['kind'][]>> = {
  '1A': ['any'],
  '2B': ['+', '-'],
  '3B': ['+', '+', '-'],
  '4C': ['+', '+', '-', '-'],
};

/** Schemes that differ from COMP.csv's associationscheme column (which is CPA's), with the reason above. */
const SCHEME_OVERRIDES: Readonly<Record<string, string>> = { water: '2B' };

/** The PC-SAFT parameter row of a component, or undefined when the database has none. */
export function pcsaftParameters(name: string): PcSaftRow | undefined {
  return ROWS.get(name);
}

/** Names (of `components`) without PC-SAFT parameters. */
export function missingPcSaftParameters(components: readonly ComponentData[]): string[] {
  return components.filter((c) => !ROWS.has(c.name)).map((c) => c.name);
}

/** The association scheme used for a component ('' when it does not associate). */
export function pcsaftScheme(name: string): string {
  const row = ROWS.get(name);
  if (row === undefined || !(row[4] > 0 && row[5] > 0)) return '';
  const scheme = SCHEME_OVERRIDES[name] ?? row[6];
  return Object.hasOwn(SCHEMES, scheme) ? scheme : '';
}

export interface PcSaftOptions {
  /** false: leave the association term out (the original's SystemPCSAFT, used to show why it keeps water in the gas). */
  association?: boolean;
  /** false: COMP.csv's parameters even where PCSAFT_PARAMETER_OVERRIDES replaces them (to show why they are replaced). */
  overrides?: boolean;
}

/** Builds the model; throws a RangeError naming the components without parameters. */
export function createPcSaftModel(components: readonly ComponentData[], options: PcSaftOptions = {}): PcSaftModel {
  const missing = missingPcSaftParameters(components);
  if (missing.length > 0) throw new RangeError(`no PC-SAFT parameters for ${missing.join(', ')}`);
  const nc = components.length;
  const m = new Float64Array(nc);
  const sigma = new Float64Array(nc);
  const epsK = new Float64Array(nc);
  const kij = new Float64Array(nc * nc);
  const kappa = new Float64Array(nc);
  const epsAB = new Float64Array(nc);
  const sites: PcSaftSite[] = [];
  components.forEach((c, i) => {
    const row = options.overrides === false ? PCSAFT_ROWS.find((r) => r[0] === c.name)! : ROWS.get(c.name)!;
    m[i] = row[1];
    sigma[i] = row[2] * 1e-10;
    epsK[i] = row[3];
    const scheme = options.association === false ? '' : pcsaftScheme(c.name);
    if (scheme !== '') {
      kappa[i] = row[4];
      epsAB[i] = row[5] / R;
      for (const kind of SCHEMES[scheme]) sites.push({ component: i, kind });
    }
    for (let j = 0; j < nc; j++) if (j !== i) kij[i * nc + j] = KIJ.get(pairKey(c.name, components[j].name)) ?? 0;
  });
  return new PcSaftModel(components, { nc, m, sigma, epsK, kij }, { sites, kappa, epsK: epsAB });
}

export function createPcSaftFluid(components: readonly ComponentData[], fractions: ArrayLike<number>, options: PcSaftOptions = {}): Fluid {
  if (fractions.length !== components.length) throw new RangeError('one mole fraction per component is required');
  const z = new Float64Array(components.length);
  let s = 0;
  for (let i = 0; i < z.length; i++) s += fractions[i];
  for (let i = 0; i < z.length; i++) z[i] = fractions[i] / s;
  return { model: createPcSaftModel(components, options), components, z };
}
