/**
 * Which flash types runFlash computes. Adding one (PH, PS, …) is one entry in IMPLEMENTED plus
 * its branch in ../runFlash.ts; the schema and the tool description follow from these lists
 * (every contract flash type is implemented now; a name outside them is UNKNOWN_FLASH_TYPE). The long-form aliases of the contract
 * (dewPointTemperature, …) are accepted and normalised to the short names, as the original runner
 * does, once their short name is implemented.
 */
import { FLASH_TYPE_ALIASES, type FlashType } from '../../contract/flash-models.js';

export const IMPLEMENTED_FLASH_TYPES = ['TP', 'PH', 'PS', 'TV', 'dewPointT', 'dewPointP', 'bubblePointT', 'bubblePointP', 'hydrateTP'] as const satisfies readonly FlashType[];
export type ImplementedFlashType = (typeof IMPLEMENTED_FLASH_TYPES)[number];

/** Bubble and dew points: the given T (…PointP) or P (…PointT) is the spec, the other the initial guess. */
export const SATURATION_FLASH_TYPES = ['dewPointT', 'dewPointP', 'bubblePointT', 'bubblePointP'] as const satisfies readonly ImplementedFlashType[];
export type SaturationFlashType = (typeof SATURATION_FLASH_TYPES)[number];

export function isImplementedFlashType(t: string): t is ImplementedFlashType {
  return (IMPLEMENTED_FLASH_TYPES as readonly string[]).includes(t);
}

export function isSaturationFlashType(t: string): t is SaturationFlashType {
  return (SATURATION_FLASH_TYPES as readonly string[]).includes(t);
}

/** Long-form aliases whose short name is implemented (accepted and normalised). */
export const IMPLEMENTED_FLASH_TYPE_ALIASES: readonly string[] = Object.keys(FLASH_TYPE_ALIASES).filter((a) => isImplementedFlashType(FLASH_TYPE_ALIASES[a]));

/** The implemented flash type a name or alias stands for, if any. */
export function implementedFlashType(name: string): ImplementedFlashType | undefined {
  if (isImplementedFlashType(name)) return name;
  if (!Object.hasOwn(FLASH_TYPE_ALIASES, name)) return undefined;
  const short = FLASH_TYPE_ALIASES[name];
  return isImplementedFlashType(short) ? short : undefined;
}
