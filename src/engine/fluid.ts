/**
 * A "fluid": a thermodynamic model bound to a component list and a feed composition, built from
 * database names. This is the engine's entry point for tools: resolve names, build the model
 * (kij from the database's classic mixing-rule table), then flash and report. The model registry
 * (./models.ts, createFluid) builds a fluid of any model by name.
 */
import { binaryInteraction, findComponent, type ComponentData } from './components/index.js';
import { createCubicModel, type CubicKind } from './eos/cubic.js';
import type { AlphaFunctionName } from './eos/alpha.js';
import { selectAlphaParameters } from './components/alpha-parameters.js';
import type { Fluid } from './fluid-types.js';

export type CubicModelName = CubicKind;

export type { Fluid } from './fluid-types.js';

export type ResolveOutcome = { ok: true; components: ComponentData[] } | { ok: false; unknown: string[] };

/** Looks every name up in the database; lists all unknown names at once. */
export function resolveComponents(names: readonly string[]): ResolveOutcome {
  const components: ComponentData[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    const c = findComponent(n);
    if (c) components.push(c);
    else unknown.push(n);
  }
  return unknown.length ? { ok: false, unknown } : { ok: true, components };
}

/** Row-major kij matrix of the classic mixing rule for this model and component list. */
export function kijMatrix(kind: CubicKind, components: readonly ComponentData[]): Float64Array {
  const nc = components.length;
  const k = new Float64Array(nc * nc);
  for (let i = 0; i < nc; i++) {
    for (let j = i + 1; j < nc; j++) {
      const v = binaryInteraction(kind, components[i].name, components[j].name);
      k[i * nc + j] = v;
      k[j * nc + i] = v;
    }
  }
  return k;
}

/**
 * Builds an SRK/PR fluid. Fractions must be positive; they are normalised here. `alphaFunction`
 * (default classic, the original's) selects the alpha of ./eos/alpha.ts; components without
 * parameters for it keep the classic alpha and are listed in `alphaFallbacks`. Throws a
 * RangeError for a combination the database has no parameters for at all (Twu with PR).
 */
export function createCubicFluid(kind: CubicKind, components: readonly ComponentData[], fractions: ArrayLike<number>, alphaFunction: AlphaFunctionName = 'classic'): Fluid {
  if (fractions.length !== components.length) throw new RangeError('one mole fraction per component is required');
  const z = new Float64Array(components.length);
  let s = 0;
  for (let i = 0; i < z.length; i++) s += fractions[i];
  for (let i = 0; i < z.length; i++) z[i] = fractions[i] / s;
  const alpha = selectAlphaParameters(kind, alphaFunction, components);
  if (!alpha.ok) throw new RangeError(alpha.message);
  const model = createCubicModel(kind, components, kijMatrix(kind, components), alpha.override);
  return alphaFunction === 'classic' ? { model, components, z } : { model, components, z, alphaFallbacks: alpha.fallbacks };
}
