/**
 * The contract's 22 calculateStandard codes, split into those this server computes and those it
 * recognises but does not implement (answered with 422 UNSUPPORTED_STANDARD).
 */
export const IMPLEMENTED_STANDARDS = ['ISO6976', 'ISO6976_2016', 'ISO12213', 'ISO13443', 'ISO14687', 'ISO15112', 'AGA3', 'AGA7', 'GPA2145', 'GPA2172', 'EN16726'] as const;
export type ImplementedStandard = (typeof IMPLEMENTED_STANDARDS)[number];

export const CONTRACT_STANDARDS = [
  'ISO6976',
  'ISO6976_2016',
  'ISO12213',
  'ISO13443',
  'ISO18453',
  'ISO14687',
  'ISO15112',
  'ISO6578',
  'AGA3',
  'AGA7',
  'GPA2145',
  'GPA2172',
  'EN16723',
  'EN16726',
  'ASTM_D86',
  'ASTM_D445',
  'ASTM_D2500',
  'ASTM_D4052',
  'ASTM_D4294',
  'ASTM_D6377',
  'ASTM_D97',
  'BSW',
] as const;

export const UNIMPLEMENTED_STANDARDS: readonly string[] = CONTRACT_STANDARDS.filter(
  (c) => !(IMPLEMENTED_STANDARDS as readonly string[]).includes(c),
);
