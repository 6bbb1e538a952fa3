/**
 * UMR-PRU fluids from database names (the original's "UMRPRU", SystemUMRPRUMCEos; see
 * eos/umr.ts): UNIFAC groups and the PR Mathias–Copeman set from components/data/umr-groups.ts.
 * A component the original's UMR-PRU group table does not list cannot be modelled: the builder
 * names every such component instead of guessing groups.
 */
import { binaryInteraction, type ComponentData } from './components/index.js';
import { UMR_COMPONENTS, type UmrComponentRow } from './components/data/umr-groups.js';
import { UmrPruModel, type UmrAttraction } from './eos/umr.js';
import type { Fluid } from './fluid-types.js';

/** The original's name of a component (the group table is keyed by it). */
function originalName(c: ComponentData): string {
  return typeof c.extra?.csvName === 'string' ? c.extra.csvName : c.name;
}

function rowOf(c: ComponentData): UmrComponentRow | undefined {
  return UMR_COMPONENTS[originalName(c)] ?? UMR_COMPONENTS[c.name];
}

/** The [subgroup, count] pairs the model uses for a component (undefined: none in the table). */
export function umrGroupsOf(c: ComponentData): readonly (readonly [number, number])[] | undefined {
  return rowOf(c)?.groups;
}

/** Components that have no UMR-PRU group assignment (empty when all can be modelled). */
export function componentsWithoutUmrGroups(components: readonly ComponentData[]): string[] {
  return components.filter((c) => rowOf(c) === undefined).map((c) => c.name);
}

/** Thrown by createUmrFluid for components without groups; the caller turns it into a 422. */
export class MissingUmrGroupsError extends RangeError {
  constructor(readonly missing: readonly string[]) {
    super(`No UMR-PRU UNIFAC group assignment for ${missing.join(', ')} (the original's UNIFACcompUMRPRU.csv does not list ${missing.length === 1 ? 'it' : 'them'})`);
  }
}

/**
 * `attraction` 'umr' (default) is UMR-PRU proper; 'classic' is the original runner's "UMRPRU" under
 * its default mixingRule "classic" (see eos/umr.ts), with the PR kij of the component database.
 */
export function createUmrFluid(components: readonly ComponentData[], fractions: ArrayLike<number>, attraction: UmrAttraction = 'umr'): Fluid {
  if (fractions.length !== components.length) throw new RangeError('one mole fraction per component is required');
  const missing = componentsWithoutUmrGroups(components);
  if (missing.length > 0) throw new MissingUmrGroupsError(missing);
  const z = new Float64Array(components.length);
  let s = 0;
  for (let i = 0; i < z.length; i++) s += fractions[i];
  for (let i = 0; i < z.length; i++) z[i] = fractions[i] / s;
  const nc = components.length;
  const kij = new Float64Array(nc * nc);
  if (attraction === 'classic') {
    for (let i = 0; i < nc; i++) {
      for (let j = i + 1; j < nc; j++) kij[i * nc + j] = kij[j * nc + i] = binaryInteraction('PR', components[i].name, components[j].name);
    }
  }
  const model = new UmrPruModel(
    components.map((c) => {
      const row = rowOf(c) as UmrComponentRow;
      return { component: c, groups: row.groups, mcPR: row.mcPR, originalName: originalName(c) };
    }),
    attraction,
    kij,
  );
  return { model, components, z };
}
