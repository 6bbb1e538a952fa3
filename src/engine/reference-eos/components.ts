/**
 * The 21 components shared by GERG-2008 and AGA8 (DETAIL and GROSS), in the fixed order of
 * AGA Report No. 8 Part 1/Part 2 and of the NIST reference code. Every coefficient table of this
 * folder is indexed by this order (0-based here; the publications count from 1).
 *
 * Users address components by our canonical names (those of the component database) or by the
 * aliases below; matching is case-insensitive. Unknown names are reported, never guessed; carbon
 * numbers alone (C6, C7, …) are not accepted because they usually denote lumped fractions.
 */

export const REFERENCE_COMPONENTS = [
  'methane',
  'nitrogen',
  'CO2',
  'ethane',
  'propane',
  'i-butane',
  'n-butane',
  'i-pentane',
  'n-pentane',
  'n-hexane',
  'n-heptane',
  'n-octane',
  'n-nonane',
  'nC10',
  'hydrogen',
  'oxygen',
  'CO',
  'water',
  'H2S',
  'helium',
  'argon',
] as const;

export type ReferenceComponent = (typeof REFERENCE_COMPONENTS)[number];

export const NC = REFERENCE_COMPONENTS.length;

const ALIASES: Record<ReferenceComponent, string[]> = {
  methane: ['C1', 'CH4'],
  nitrogen: ['N2'],
  CO2: ['carbon dioxide', 'carbon-dioxide', 'carbondioxide'],
  ethane: ['C2', 'C2H6'],
  propane: ['C3', 'C3H8'],
  'i-butane': ['isobutane', 'iC4', 'i-C4', 'iso-butane'],
  'n-butane': ['nC4', 'n-C4', 'butane'],
  'i-pentane': ['isopentane', 'iC5', 'i-C5', 'iso-pentane'],
  'n-pentane': ['nC5', 'n-C5', 'pentane'],
  'n-hexane': ['nC6', 'n-C6', 'hexane'],
  'n-heptane': ['nC7', 'n-C7', 'heptane'],
  'n-octane': ['nC8', 'n-C8', 'octane'],
  'n-nonane': ['nC9', 'n-C9', 'nonane'],
  nC10: ['n-decane', 'decane', 'n-C10'],
  hydrogen: ['H2'],
  oxygen: ['O2'],
  CO: ['carbon monoxide', 'carbon-monoxide'],
  water: ['H2O'],
  H2S: ['hydrogen sulfide', 'hydrogen sulphide', 'hydrogen-sulfide'],
  helium: ['He', 'helium-4'],
  argon: ['Ar'],
};

const LOOKUP: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  REFERENCE_COMPONENTS.forEach((name, i) => {
    m.set(name.toLowerCase(), i);
    for (const a of ALIASES[name]) m.set(a.toLowerCase(), i);
  });
  return m;
})();

/** Index of a component in the reference order, or -1 when the name is not one of the 21. */
export function referenceIndex(name: string): number {
  return LOOKUP.get(name.trim().toLowerCase()) ?? -1;
}

/** Failure of a reference-EOS call: a code for programs, a message and a fix hint for people. */
export interface ReferenceEosError {
  ok: false;
  code: ReferenceEosErrorCode;
  message: string;
  fix: string;
  field?: string;
}

export type ReferenceEosErrorCode =
  | 'UNKNOWN_COMPONENT'
  | 'INVALID_COMPOSITION'
  | 'INVALID_INPUT'
  | 'DENSITY_NOT_CONVERGED'
  | 'POSSIBLE_TWO_PHASE'
  | 'GROSS_INVALID_INPUT'
  | 'GROSS_NOT_CONVERGED';

/** Advisory finding attached to a successful result; codes follow the contract's warning taxonomy. */
export interface ReferenceEosWarning {
  code: 'EXTRAPOLATION' | 'COMPOSITION_NORMALIZED' | 'TWO_PHASE_UNCERTAINTY' | 'MODEL_LIMITATION';
  message: string;
}

export function fail(code: ReferenceEosErrorCode, message: string, fix: string, field?: string): ReferenceEosError {
  return field === undefined ? { ok: false, code, message, fix } : { ok: false, code, message, fix, field };
}

export interface ParsedComposition {
  ok: true;
  /** Mole fractions in reference order, summing to 1. */
  x: Float64Array;
  normalized: boolean;
}

/**
 * Map a name → mole fraction record onto the reference order. Zero entries are allowed, negative,
 * non-finite or unknown entries are errors. A sum that differs from 1 by more than 1e-10 is
 * normalised (and reported), because the equations are only defined for fractions summing to 1.
 */
export function parseComposition(composition: Record<string, number>): ParsedComposition | ReferenceEosError {
  if (composition === null || typeof composition !== 'object' || Array.isArray(composition)) {
    return fail('INVALID_COMPOSITION', 'composition must be an object of component name → mole fraction', 'Send e.g. {"methane": 0.9, "ethane": 0.1}.', 'composition');
  }
  const x = new Float64Array(NC);
  let sum = 0;
  let count = 0;
  for (const [name, value] of Object.entries(composition)) {
    const i = referenceIndex(name);
    if (i < 0) {
      return fail(
        'UNKNOWN_COMPONENT',
        `component "${name}" is not one of the 21 GERG-2008/AGA8 components`,
        `Use one of: ${REFERENCE_COMPONENTS.join(', ')}.`,
        `composition.${name}`,
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      return fail('INVALID_COMPOSITION', `mole fraction of "${name}" must be a finite number >= 0 (got ${String(value)})`, 'Send non-negative mole fractions.', `composition.${name}`);
    }
    x[i] += value;
    sum += value;
    count++;
  }
  if (count === 0 || !(sum > 0)) {
    return fail('INVALID_COMPOSITION', 'composition is empty or all fractions are zero', 'Give at least one component with a positive mole fraction.', 'composition');
  }
  const normalized = Math.abs(sum - 1) > 1e-10;
  if (normalized) for (let i = 0; i < NC; i++) x[i] /= sum;
  return { ok: true, x, normalized };
}
