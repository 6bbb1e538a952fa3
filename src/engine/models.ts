/**
 * The engine's model registry: one entry per thermodynamic model, name → which components it
 * covers and how a Fluid (model + feed) is built. Flashes, properties and envelopes are generic
 * over ThermoModel, so adding a model is one entry here plus its name in
 * src/tools/contract/flash-models.ts (which the tools read).
 */
import type { ComponentData } from './components/index.js';
import type { AlphaFunctionName } from './eos/alpha.js';
import { createCubicFluid } from './fluid.js';
import { createCpaFluid } from './cpa-fluid.js';
import type { Fluid } from './fluid-types.js';
import { createGerg2008Model, gergIndex, gergUncovered } from './reference-eos/gerg2008-model.js';
import { MOLAR_MASS as GERG_MOLAR_MASS } from './reference-eos/gerg2008-data.js';
import { componentsWithoutUmrGroups, createUmrFluid } from './umr-fluid.js';
import type { UmrAttraction } from './eos/umr.js';
import { createPcSaftFluid, missingPcSaftParameters } from './pcsaft-fluid.js';

export interface ModelOptions {
  /** Alpha function of the SRK/PR cubics (default classic); other models refuse a non-classic one. */
  alphaFunction?: AlphaFunctionName;
  /**
   * UMR-PRU's attraction term: 'classic' (the default, as the original's runner applies it: PR kij)
   * or 'umr' (the universal mixing rule with UNIFAC).
   */
  umrAttraction?: UmrAttraction;
}

export interface ModelEntry {
  /** Names of the components this model cannot describe ([] when it covers them all). */
  uncovered(components: readonly ComponentData[]): string[];
  /** Builds the fluid; fractions are normalised. Throws RangeError for a combination it refuses. */
  create(components: readonly ComponentData[], fractions: ArrayLike<number>, options: ModelOptions): Fluid;
}

const coversAll = (): string[] => [];

function normalised(components: readonly ComponentData[], fractions: ArrayLike<number>): Float64Array {
  if (fractions.length !== components.length) throw new RangeError('one mole fraction per component is required');
  let s = 0;
  for (let i = 0; i < fractions.length; i++) s += fractions[i];
  return Float64Array.from(fractions, (f) => f / s);
}

function classicOnly(name: string, options: ModelOptions): void {
  if ((options.alphaFunction ?? 'classic') !== 'classic') throw new RangeError(`${name} uses its own fitted parameters; alphaFunction applies to SRK and PR`);
}

export const MODELS = {
  SRK: { uncovered: coversAll, create: (c, z, o) => createCubicFluid('SRK', c, z, o.alphaFunction) },
  PR: { uncovered: coversAll, create: (c, z, o) => createCubicFluid('PR', c, z, o.alphaFunction) },
  CPA: {
    uncovered: coversAll,
    create: (c, z, o) => {
      classicOnly('CPA', o);
      return createCpaFluid(c, z);
    },
  },
  GERG2008: {
    uncovered: gergUncovered,
    create: (c, z, o) => {
      classicOnly('GERG2008', o);
      // GERG-2008's own molar masses (Kunz & Wagner 2012, Table A5), so mass densities equal the
      // reference code's; the component database's differ by up to 3e-5.
      const gerg = c.map((ci) => ({ ...ci, molarMass: GERG_MOLAR_MASS[gergIndex(ci.name)]! / 1000 }));
      return { model: createGerg2008Model(gerg), components: gerg, z: normalised(gerg, z) };
    },
  },
  UMRPRU: {
    uncovered: componentsWithoutUmrGroups,
    create: (c, z, o) => {
      classicOnly('UMRPRU', o);
      return createUmrFluid(c, z, o.umrAttraction ?? 'classic');
    },
  },
  PCSAFT: {
    uncovered: missingPcSaftParameters,
    create: (c, z, o) => {
      classicOnly('PCSAFT', o);
      return createPcSaftFluid(c, z);
    },
  },
} satisfies Record<string, ModelEntry>;

/** The models a fluid can be built with. */
export type FluidModelName = keyof typeof MODELS;

export function isFluidModelName(name: string): name is FluidModelName {
  return Object.hasOwn(MODELS, name);
}

/** Builds a fluid with the named model (see MODELS). */
export function createFluid(model: FluidModelName, components: readonly ComponentData[], fractions: ArrayLike<number>, alphaFunction: AlphaFunctionName = 'classic', options: Omit<ModelOptions, 'alphaFunction'> = {}): Fluid {
  return MODELS[model].create(components, fractions, { ...options, alphaFunction });
}

/** Component names the named model does not cover ([] for a full-database model). */
export function uncoveredComponents(model: FluidModelName, components: readonly ComponentData[]): string[] {
  return MODELS[model].uncovered(components);
}
