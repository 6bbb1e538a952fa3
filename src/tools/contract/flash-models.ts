/**
 * What the flash and process tools accept. One place so runFlash, runProcess and validateInput
 * agree. Models: only those our engine really implements, each built by the engine's registry
 * (src/engine/models.ts); adding a model is its entry there plus its name in FLASH_MODELS, which
 * every fluid-taking tool reads (SUPPORTED_MODELS is the older SRK/PR/GERG2008 subset, kept for
 * callers that ask for it by name). Names the original accepts
 * but this engine does not implement are UNKNOWN_MODEL with a fix naming the supported ones.
 */

import { didYouMean } from './spelling.js';

export const SUPPORTED_MODELS = ['SRK', 'PR', 'GERG2008'] as const;
/** runFlash's models: the shared ones, SRK-CPA, UMR-PRU ('UMR-PRU' too) and PC-SAFT ('PC-SAFT', 'pcsaft', … normalise to PCSAFT). */
export const FLASH_MODELS = ['SRK', 'PR', 'CPA', 'GERG2008', 'UMRPRU', 'PCSAFT'] as const;
export type FlashModel = (typeof FLASH_MODELS)[number];
export type SupportedModel = (typeof SUPPORTED_MODELS)[number];

/** The `model` field of the tools that take every runFlash model (property table, envelope, PVT). */
export const ALL_MODELS_DESCRIPTION =
  'Equation of state: SRK (default), PR, CPA (SRK-CPA), GERG2008 (its 21 components), UMRPRU or PCSAFT (components with their parameters); case-insensitive, hyphenated spellings (PC-SAFT, UMR-PRU, GERG-2008) accepted';
/** The `mixingRule` field of those tools. */
export const MIXING_RULE_DESCRIPTION = '"classic" (default); CPA also "CLASSIC_TX_CPA"; UMRPRU also "UMR" / "UNIFAC_UMRPRU" (universal mixing rule with UNIFAC) or "HV"';

/** Models the original NeqSim server accepts but this engine does not implement (yet). */
export const UNSUPPORTED_ORIGINAL_MODELS = ['PR_LK', 'PR-LK', 'PRLK'] as const;

/** Upper-cases like the original; returns the model name if it is one of `allowed`, else undefined. */
export function normalizeModel(model: unknown): SupportedModel | undefined;
export function normalizeModel(model: unknown, allowed: readonly FlashModel[]): FlashModel | undefined;
export function normalizeModel(model: unknown, allowed: readonly FlashModel[] = SUPPORTED_MODELS): FlashModel | undefined {
  if (typeof model !== 'string') return undefined;
  const m = model.trim().toUpperCase().replace(/[-_ ]/g, '');
  const name = Object.hasOwn(MODEL_ALIASES, m) ? MODEL_ALIASES[m]! : m;
  return (allowed as readonly string[]).includes(name) ? (name as FlashModel) : undefined;
}

/**
 * Full and common names of the implemented models (upper case, separators removed). PR78 is not
 * among them: it differs from the PR (1976) implemented here for heavy components.
 */
const MODEL_ALIASES: Readonly<Record<string, FlashModel>> = {
  GERG: 'GERG2008',
  GERG08: 'GERG2008',
  SRKCPA: 'CPA',
  CPASRK: 'CPA',
  SRKEOS: 'SRK',
  SOAVEREDLICHKWONG: 'SRK',
  PENGROBINSON: 'PR',
  PREOS: 'PR',
  UMRPRUMC: 'UMRPRU',
  PERTURBEDCHAINSAFT: 'PCSAFT',
};

/** " Did you mean "PR"?" for a misspelt model name, or ''. */
export function modelDidYouMean(model: unknown, allowed: readonly string[]): string {
  if (typeof model !== 'string') return '';
  const near = didYouMean(model, [...allowed, ...Object.keys(MODEL_ALIASES).filter((a) => allowed.includes(MODEL_ALIASES[a]!))], 3);
  const names = [...new Set(near.map((n) => (Object.hasOwn(MODEL_ALIASES, n) ? MODEL_ALIASES[n]! : n)))];
  return names.length > 0 ? ` Did you mean ${names.map((n) => `"${n}"`).join(' or ')}?` : '';
}

/**
 * Mixing rules a UMRPRU flash accepts. "classic" (the default, as the original's runner applies it)
 * mixes a classically with the PR kij; "UMR" (or the original's GE-model name "UNIFAC_UMRPRU") is
 * the universal mixing rule with UNIFAC; "HV" equals "classic" for fluids without the polar
 * components that carry Huron–Vidal parameters (and is refused with them).
 */
export const UMR_MIXING_RULES = ['classic', 'UMR', 'UNIFAC_UMRPRU', 'HV'] as const;

/** Mixing rules a CPA flash accepts: the contract's "classic" and the original's CPA default. */
export const CPA_MIXING_RULES = ['classic', 'CLASSIC_TX_CPA'] as const;

export const FLASH_TYPES = [
  'TP',
  'PH',
  'PS',
  'TV',
  'dewPointT',
  'dewPointP',
  'bubblePointT',
  'bubblePointP',
  'hydrateTP',
] as const;
export type FlashType = (typeof FLASH_TYPES)[number];

/** Long-form aliases the original runner normalizes (seed 001: case-sensitive). */
export const FLASH_TYPE_ALIASES: Readonly<Record<string, FlashType>> = {
  dewPointTemperature: 'dewPointT',
  dewPointPressure: 'dewPointP',
  bubblePointTemperature: 'bubblePointT',
  bubblePointPressure: 'bubblePointP',
};

export function normalizeFlashType(flashType: unknown): FlashType | undefined {
  if (typeof flashType !== 'string') return undefined;
  if ((FLASH_TYPES as readonly string[]).includes(flashType)) return flashType as FlashType;
  return Object.hasOwn(FLASH_TYPE_ALIASES, flashType) ? FLASH_TYPE_ALIASES[flashType] : undefined;
}

/** The extra spec each flash type needs (seed 001 MISSING_SPEC). */
export const FLASH_SPEC_FIELD: Partial<Record<FlashType, 'enthalpy' | 'entropy' | 'volume'>> = {
  PH: 'enthalpy',
  PS: 'entropy',
  TV: 'volume',
};

export const MIXING_RULES = ['classic'] as const;

/** Equipment types of seed 001 ("Supported Equipment Types"), canonical spelling. */
export const EQUIPMENT_TYPES = [
  'Stream',
  'Separator',
  'ThreePhaseSeparator',
  'Compressor',
  'Expander',
  'Heater',
  'Cooler',
  'HeatExchanger',
  'Mixer',
  'Splitter',
  'Valve',
  'ThrottlingValve',
  'Pump',
  'DistillationColumn',
  'Column',
  'SimpleAbsorber',
  'SimpleTEGAbsorber',
  'WaterStripperColumn',
  'AdiabaticPipe',
  'Pipe',
  'Pipeline',
  'PipeBeggsAndBrills',
  'Recycle',
  'Adjuster',
  'SetPoint',
  'Calculator',
  'GORfitter',
  'StreamSaturatorUtil',
  'Saturator',
  'CO2Electrolyzer',
  'WindTurbine',
  'SolarPanel',
  'WindFarm',
  'BatteryStorage',
  'OffshoreEnergySystem',
  'AmmoniaSynthesisReactor',
  'SubseaPowerCable',
  'GasScrubber',
  'Scrubber',
  'Tank',
  'Filter',
  'ComponentSplitter',
] as const;

/** Canonical equipment type for a user-typed one (case, spaces, '_' and '-' ignored). */
export function normalizeEquipmentType(type: unknown): string | undefined {
  if (typeof type !== 'string') return undefined;
  const key = type.replace(/[\s_-]/g, '').toLowerCase();
  // The original's factory also takes "BeggsAndBrills" for its Beggs & Brill pipe.
  if (key === 'beggsandbrills') return 'PipeBeggsAndBrills';
  return EQUIPMENT_TYPES.find((t) => t.toLowerCase() === key);
}
