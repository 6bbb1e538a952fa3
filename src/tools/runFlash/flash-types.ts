/**
 * Which flash types runFlash computes. Adding one (PH, PS, …) is one entry in IMPLEMENTED plus
 * its branch in ../runFlash.ts; the schema, the NOT_IMPLEMENTED_FLASH_TYPE answer and the
 * tool description follow from these lists.
 */
import { FLASH_TYPES, FLASH_TYPE_ALIASES, type FlashType } from '../flash-models.js';

export const IMPLEMENTED_FLASH_TYPES = ['TP', 'PH', 'PS'] as const satisfies readonly FlashType[];
export type ImplementedFlashType = (typeof IMPLEMENTED_FLASH_TYPES)[number];

/** Flash types of the contract that this server recognises but does not compute yet. */
export const PENDING_FLASH_TYPES: readonly string[] = [
  ...FLASH_TYPES.filter((t) => !(IMPLEMENTED_FLASH_TYPES as readonly string[]).includes(t)),
  ...Object.keys(FLASH_TYPE_ALIASES),
];

export function isImplementedFlashType(t: string): t is ImplementedFlashType {
  return (IMPLEMENTED_FLASH_TYPES as readonly string[]).includes(t);
}
