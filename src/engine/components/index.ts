/**
 * Public API of the component database. Import from here, not from the data files.
 *
 *   findComponent('iC4')            -> the i-butane record (case-insensitive, aliases)
 *   searchComponents('meth')        -> canonical names containing "meth" in database order
 *   suggestComponent('metane')      -> 'methane'
 *   binaryInteraction('SRK', a, b)  -> constant kij of the classic mixing rule
 */
export type { ComponentData, ComponentFamily, IdealGasCp } from './types.js';
export {
  findComponent,
  canonicalName,
  isKnownComponent,
  refusedComponent,
  refusedComponentIssue,
  allComponents,
  searchComponents,
  suggestComponent,
  componentFamilies,
  levenshtein,
} from './lookup.js';
export { binaryInteraction, cpaInteraction, interactionMatrix, type CubicModel, type CpaInteraction } from './interaction.js';
