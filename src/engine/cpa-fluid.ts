/**
 * SRK-CPA fluids from database names: the original's "CPA" model (SystemSrkCPAstatoil, see
 * spec/neqsim-physics.md A1 and eos/cpa.ts), with
 * - fitted a0, b, c1 for the components that have them (components/data/cpa-rows.ts), SRK from
 *   Tc, Pc and ω for the rest; TEG's three-term alpha below Tc;
 * - association schemes 4C (water, glycols: two proton-donor and two acceptor sites), 2B
 *   (alcohols), 2A (CO2, H2S: acceptor sites, which bond only by solvation); sites of unlike
 *   kind bond. Cross association by Elliott's rule, or CR-1 where the database says so;
 * - kij = cpakij_SRK + cpakijT_SRK·T (the original's CPA rule "classic-T"; under its MCP
 *   "classic" the T term is dropped, which leaves e.g. water–methane at −0.83: not followed here);
 * - the Peneloux shift of the CPA database (racketZCPA, volcorrCPA_T) on reported densities only.
 */
import { cpaInteraction, type ComponentData } from './components/index.js';
import { CPA_ROWS, type CpaRow } from './components/data/cpa-rows.js';
import { CPA_CROSS_ROWS } from './components/data/cpa-cross-rows.js';
import type { AssociationParameters, AssociationSite, CrossAssociation } from './eos/association.js';
import { R } from './eos/constants.js';
import { CUBIC_CONSTANTS } from './eos/cubic.js';
import { CpaModel } from './eos/cpa.js';
import type { Fluid } from './fluid-types.js';

const ROWS = new Map<string, CpaRow>(CPA_ROWS.map((r) => [r[0], r]));
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const CROSS = new Map(CPA_CROSS_ROWS.map(([a, b, beta, eps]) => [pairKey(a, b), { beta, eps }]));

/** Site kinds of each association scheme (Huang & Radosz 1990 naming). */
const SCHEMES: Readonly<Record<string, readonly ('+' | '-')[]>> = {
  '4C': ['+', '+', '-', '-'],
  '2B': ['+', '-'],
  '2A': ['-', '-'],
  '1A': ['-'],
};

/** TEG's alpha below Tc in the original's CPA (attractive term 15): c1, c2, c3. */
const TEG_ALPHA = [0.903477158616734, 1.514853438, -1.86430399826] as const;

/**
 * Pairs whose CPA kij the original makes composition-dependent (cpakijx ≠ cpakjix) under its
 * CLASSIC_TX_CPA rule; with them present that rule is not reproduced here.
 */
export const CPA_ASYMMETRIC_PAIRS: readonly (readonly [string, string])[] = [
  ['MEG', 'methane'],
  ['TEG', 'methane'],
  ['TEG', 'water'],
];

export function hasAsymmetricCpaPair(components: readonly ComponentData[]): boolean {
  const names = new Set(components.map((c) => c.name));
  return CPA_ASYMMETRIC_PAIRS.some(([a, b]) => names.has(a) && names.has(b));
}

/** Whether a component associates (or solvates) in CPA. */
export function isAssociating(c: ComponentData): boolean {
  const s = ROWS.get(c.name)?.[1];
  return s !== undefined && Object.hasOwn(SCHEMES, s);
}

export interface CpaOptions {
  /**
   * false: constant kij = cpakij_SRK, as the original's MCP runner does with "classic" (used to
   * check this implementation against the original's answers; not physical for water–gas pairs).
   */
  kijTemperatureTerm?: boolean;
}

export function createCpaModel(components: readonly ComponentData[], options: CpaOptions = {}): CpaModel {
  const nc = components.length;
  const srk = CUBIC_CONSTANTS.SRK;
  const ac = new Float64Array(nc);
  const b = new Float64Array(nc);
  const m = new Float64Array(nc);
  const c2 = new Float64Array(nc);
  const c3 = new Float64Array(nc);
  const shift = new Float64Array(nc);
  const shiftT = new Float64Array(nc);
  const energy = new Float64Array(nc);
  const volume = new Float64Array(nc);
  const sites: AssociationSite[] = [];
  components.forEach((c, i) => {
    const row = ROWS.get(c.name);
    const rtp = (R * c.tc) / c.pc;
    if (row !== undefined && Math.abs(row[4]) > 1e-6) {
      ac[i] = row[4] * 1e-5;
      b[i] = row[5] * 1e-5;
      m[i] = row[6];
    } else {
      ac[i] = srk.omegaA * R * c.tc * rtp;
      b[i] = srk.omegaB * rtp;
      m[i] = srk.m(c.omega);
    }
    if (c.name === 'TEG') [m[i], c2[i], c3[i]] = TEG_ALPHA;
    if (row !== undefined && row[7] > 1e-10) {
      shift[i] = srk.penelouxK1 * (srk.penelouxK2 - row[7]) * rtp;
      shiftT[i] = row[8] * 1e-5;
    }
    if (row !== undefined && Object.hasOwn(SCHEMES, row[1])) {
      energy[i] = row[2];
      volume[i] = row[3];
      for (const kind of SCHEMES[row[1]]) sites.push({ component: i, kind });
    }
  });
  const kij = new Float64Array(nc * nc);
  const kijT = new Float64Array(nc * nc);
  for (let i = 0; i < nc; i++) {
    for (let j = i + 1; j < nc; j++) {
      const p = cpaInteraction(components[i].name, components[j].name);
      kij[i * nc + j] = kij[j * nc + i] = p?.kijSRK ?? 0;
      kijT[i * nc + j] = kijT[j * nc + i] = options.kijTemperatureTerm === false ? 0 : (p?.kijTSRK ?? 0);
    }
  }
  const association: AssociationParameters = {
    sites,
    energy,
    volume,
    cross(i: number, j: number): CrossAssociation {
      const x = CROSS.get(pairKey(components[i].name, components[j].name));
      if (x === undefined) return { rule: 'ER' };
      return { rule: 'CR1', energy: x.eps !== 0 ? x.eps : (energy[i] + energy[j]) / 2, volume: x.beta !== 0 ? x.beta : Math.sqrt(volume[i] * volume[j]) };
    },
  };
  return new CpaModel(components, kij, { ac, b, m, c2, c3, shift, shiftT, kijT }, association);
}

/** Builds an SRK-CPA fluid. Fractions must be positive; they are normalised here. */
export function createCpaFluid(components: readonly ComponentData[], fractions: ArrayLike<number>, options: CpaOptions = {}): Fluid {
  if (fractions.length !== components.length) throw new RangeError('one mole fraction per component is required');
  const z = new Float64Array(components.length);
  let s = 0;
  for (let i = 0; i < z.length; i++) s += fractions[i];
  for (let i = 0; i < z.length; i++) z[i] = fractions[i] / s;
  return { model: createCpaModel(components, options), components, z };
}
